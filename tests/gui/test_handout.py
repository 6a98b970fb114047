"""File → Export → Handout and --export-handout: one self-contained HTML page walking through the run."""

import base64
import io
from html.parser import HTMLParser

import numpy as np
import pytest
from PIL import Image
from scipy.stats import multivariate_normal

import nbviz.core as nc
from nbviz.cli import save_handout
from nbviz.gui.figures.handout import write_handout

TRUTH = nc.GaussianMixture(
    weights=[0.6, 0.4], means=[[0.0, 0.0], [3.0, 2.0]], covariances=[[[1.0, 0.3], [0.3, 0.8]], [[0.6, 0.0], [0.0, 1.2]]]
)
HALF_STEPS = 24


class Page(HTMLParser):
    """The sections of a handout (id -> their text), in order, and every image's src and size."""

    def __init__(self):
        super().__init__()
        self.sections: dict[str, str] = {}
        self.images: list[dict] = []
        self.external: list[str] = []
        self._current = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section":
            self._current = attrs["id"]
            self.sections[self._current] = ""
        if tag == "img":
            self.images.append(attrs)
        for name in ("src", "href"):
            if name in attrs and not attrs[name].startswith("data:"):
                self.external.append(attrs[name])

    def handle_endtag(self, tag):
        if tag == "section":
            self._current = None

    def handle_data(self, data):
        if self._current is not None:
            self.sections[self._current] += data


@pytest.fixture
def session(synthesised_session):
    session = synthesised_session(TRUTH, 90, 2, family="gaussian", n_components=2, seed=3)
    for _ in range(HALF_STEPS):
        assert session.next_half_step()
    return session


def objective(value: float) -> str:
    return f"{value:.6f}".replace("-", "\u2212")


def test_the_handout_walks_through_the_run_with_the_session_numbers(session, tmp_path):
    session.set_cursor(5)
    seen = []
    session.cursor_changed.connect(seen.append)
    path = tmp_path / "run.html"
    write_handout(session, str(path))
    assert session.cursor == 5 and seen == [] and not session.undo_history.can_undo
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    # the start, every half-step of iterations 1 to 3 (E at 2i - 1, M at 2i), the M-step of iteration 10,
    # the last half-step, then the whole run
    shown = [0, 1, 2, 3, 4, 5, 6, 20, HALF_STEPS]
    assert list(page.sections) == ["data-and-model", *[f"half-step-{i}" for i in shown], "whole-run"]
    assert page.external == []
    assert len(page.images) == len(shown) + 1
    for img in page.images:
        header, data = img["src"].split(",", 1)
        assert header == "data:image/png;base64"
        with Image.open(io.BytesIO(base64.b64decode(data))) as image:
            image.load()
            assert image.size == (2 * int(img["width"]), 2 * int(img["height"]))
    facts = page.sections["data-and-model"]
    assert "90 rows, 2 features" in facts and "K = 2" in facts and f"{HALF_STEPS} half-steps" in facts
    X = session.problem.X
    for index in shown:
        text = page.sections[f"half-step-{index}"]
        snapshot = session.history[index]
        assert objective(snapshot.objective) in text
        model = snapshot.model
        for k in range(2):
            assert f"{model.weights[k]:.5g}" in text
            assert f"x1 {model.means[k][0]:.5g}, x2 {model.means[k][1]:.5g}" in text
        if snapshot.phase == "E":  # the responsibilities under this E-step's model, by Bayes' rule
            joint = np.column_stack(
                [model.weights[k] * multivariate_normal(model.means[k], model.covariances[k]).pdf(X) for k in range(2)]
            )
            resp = joint / joint.sum(axis=1, keepdims=True)
            for row in resp[:5]:
                assert f"{row[0]:.3f}{row[1]:.3f}" in text.replace("\n", "")
            assert f"{resp[:, 0].sum():.2f}" in text
    assert "Half-step 0: the start" in page.sections["half-step-0"]
    assert "after the E-step" in page.sections["half-step-5"] and "after the M-step" in page.sections["half-step-20"]
    last = page.sections[f"half-step-{HALF_STEPS}"]
    history = session.history  # converged: the last iteration gained less than the tolerance
    converged = history[HALF_STEPS].objective - history[HALF_STEPS - 2].objective < session.tolerance
    assert ("the converged model" in last) == converged and ("where the run stops" in last) != converged


def test_the_command_line_writer_says_why_a_handout_cannot_be_written(make_main_window, session, tmp_path):
    window = make_main_window()
    window.remember_layout = False
    assert window.session.load(session.problem, session.config, session.start_model)
    window.session.next_half_step()
    good = tmp_path / "h.html"
    assert save_handout(window, str(good), None) is None and good.read_text(encoding="utf-8").startswith("<!DOCTYPE")
    bad = tmp_path / "missing" / "h.html"
    reason = save_handout(window, str(bad), None)
    assert reason is not None and reason.startswith("--export-handout:") and str(bad) in reason
    assert not bad.parent.exists()


def test_a_presets_own_start_and_hard_em_are_said_in_their_own_words(qtbot, tmp_path):
    """lecture-kmeans starts from the note's means (not k-means++), is hard EM, and has one feature."""
    from nbviz.app.presentation.presets import load_preset
    from nbviz.app.run.session import Session

    session = Session()
    assert session.load(*load_preset("lecture-kmeans"))
    for _ in range(4):
        assert session.next_half_step()
    path = tmp_path / "kmeans.html"
    write_handout(session, str(path))
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    facts = page.sections["data-and-model"]
    assert "5 rows, 1 feature " in facts and "1 features" not in facts
    assert "given parameters" in facts and "kmeans++" not in facts
    assert "classification objective stays or rises" in page.sections["half-step-2"]
    assert "log-likelihood goes up" not in "".join(page.sections.values())
    assert "most probable component" in page.sections["half-step-1"]
    assert "Hard EM never lowers the classification objective" in page.sections["whole-run"]
