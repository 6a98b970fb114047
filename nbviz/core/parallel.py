"""Independent fits on several threads, their results taken in order.

NumPy releases the GIL in its matrix products and in the element-wise work on large arrays, so EM
runs in two threads can overlap. Each job is the same computation it would be alone (its own seed,
its own run), so the results do not depend on how many run at once. Measured on a shared two-core
machine, two threads were no faster than one for Choose K on 10,000 x 5 data (slower when the
BLAS library also starts its own threads), so `FIT_WORKERS` is 1 until a measurement says otherwise.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

Result = TypeVar("Result")

# Threads that fit at once (1 runs the jobs one after another; see the module's note).
FIT_WORKERS = 1


def in_order(
    jobs: Sequence[Callable[[Callable[[], bool]], Result]],
    keep_going: Callable[[int], bool] | None = None,
    workers: int | None = None,
) -> Iterator[tuple[Result, bool]]:
    """Run `jobs` on up to `workers` threads and yield ``(result, finished)`` in the jobs' order.

    Parameters
    ----------
    jobs : sequence of callable
        ``job(go_on)`` does its work, calling ``go_on()`` now and then (e.g. after each EM
        iteration) and stopping early when it returns False.
    keep_going : callable, optional
        ``keep_going(done)``, asked at each ``go_on()`` of the first job not yet yielded (the one
        a sequential loop would be running; `done` jobs were yielded before it): False stops every
        job at its next ``go_on()``. Jobs further ahead only check whether that happened.
    workers : int, optional
        Threads to use; `FIT_WORKERS` by default.

    Yields
    ------
    result, finished
        A job's return value, and False if it was stopped half-way (after which nothing more is
        yielded). A caller that stops iterating stops the jobs still running.
    """
    stop = threading.Event()
    interrupted = [False] * len(jobs)
    head = [0]  # the first job not yet yielded

    def run(index: int) -> Result:
        def go_on() -> bool:
            if index == head[0] and keep_going is not None and not stop.is_set() and keep_going(index) is False:
                stop.set()
            if stop.is_set():
                interrupted[index] = True
            return not stop.is_set()

        return jobs[index](go_on)

    def in_turn(results: Iterator[Result]) -> Iterator[tuple[Result, bool]]:
        for index, result in enumerate(results):
            finished = not interrupted[index]
            yield result, finished
            if not finished:
                return
            head[0] = index + 1

    workers = workers or FIT_WORKERS
    if workers == 1:  # in the calling thread: no pool (none can be made while Python shuts down)
        yield from in_turn(run(index) for index in range(len(jobs)))
        return
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(run, index) for index in range(len(jobs))]
        try:
            yield from in_turn(future.result() for future in futures)
        finally:
            stop.set()
            for future in futures:
                future.cancel()
