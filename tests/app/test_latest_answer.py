"""LatestAnswer: computed once per key in a worker, cached per anchor, announced for the latest key."""

import threading

import pytest

from nbviz.app.jobs.latest_answer import LatestAnswer


class Anchor:
    """An object whose identity an answer depends on (as a snapshot)."""


def test_an_answer_is_computed_once_in_a_worker_and_then_served_from_the_cache(qtbot):
    threads, calls = [], []

    def square(x):
        threads.append(threading.current_thread())
        calls.append(x)
        return x * x

    answers = LatestAnswer(square, cache_size=2)
    anchor = Anchor()
    with qtbot.waitSignal(answers.answered, timeout=5000) as blocker:
        assert answers.ask("a", anchor, lambda: 3) is None
    assert blocker.args == ["a", 9] and not answers.busy
    assert threads[0] is not threading.main_thread()
    assert answers.ask("a", anchor, lambda: pytest.fail("a cached answer asks no question")) == 9
    assert calls == [3]
    assert answers.ask("a", Anchor(), lambda: 4, now=True) == 16  # another anchor: not a hit
    assert calls == [3, 4]
    answers.wait()


def test_only_the_latest_question_waits_and_only_its_answer_is_announced(qtbot):
    release = threading.Event()
    calls = []

    def slow(x):
        calls.append(x)
        release.wait(5)
        return -x

    answers = LatestAnswer(slow, cache_size=8)
    announced = []
    answers.answered.connect(lambda key, answer: announced.append((key, answer)))
    anchor = Anchor()
    for x in (1, 2, 3):  # 1 runs; 2 waits and is replaced by 3
        assert answers.ask(x, anchor, lambda x=x: x) is None
    assert answers.busy
    release.set()
    qtbot.waitUntil(lambda: announced == [(3, -3)], timeout=5000)
    assert calls == [1, 3]
    assert answers.ask(1, anchor, lambda: pytest.fail("computed before, so cached")) == -1
    answers.wait()


def test_a_failed_computation_is_announced_when_nothing_else_waits(qtbot, monkeypatch):
    monkeypatch.setattr("sys.excepthook", lambda *args: None)  # the worker reports the bug there
    answers = LatestAnswer(lambda x: 1 / x)
    with qtbot.waitSignal(answers.failed, timeout=5000) as blocker:
        answers.ask("zero", Anchor(), lambda: 0)
    assert "ZeroDivisionError" in blocker.args[0]
    answers.wait()
