"""Every saved session reopens: every preset and every family, saved and opened again, is the same run.

The cases are enumerated from the registries (the presets, the family presentations and each
family's options, which families take missing cells), so a new preset or family is covered
without editing this file. Each case is saved after a few half-steps with the cursor moved back
and a point selected, read back, restored into a new session and compared field by field: the
problem, the config, the history bit for bit, the cursor and the selection; then both step on
and must still agree.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import nbviz.core as nc
from nbviz.app.data.import_spec import ImportSpec
from nbviz.app.data.problem import Problem
from nbviz.app.data.synthesis import recipe, synthesised_problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.families import PRESENTATIONS
from nbviz.app.model.config import ModelConfig
from nbviz.app.presentation.presets import PRESETS, load_preset
from nbviz.app.run.data_editing import why_not_paintable
from nbviz.app.run.session import Session


def assert_same(a, b, where: str = "") -> None:
    """`a` and `b` equal: arrays bit for bit (NaN where NaN), mixtures by description, dataclasses by field."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        assert a.shape == b.shape and a.dtype == b.dtype, where
        np.testing.assert_array_equal(a, b, err_msg=where)
    elif isinstance(a, nc.Mixture):
        assert isinstance(b, nc.Mixture) and a.to_dict() == b.to_dict(), where
    elif dataclasses.is_dataclass(a) and not isinstance(a, type):
        assert type(a) is type(b), where
        for field in dataclasses.fields(a):
            assert_same(getattr(a, field.name), getattr(b, field.name), f"{where}.{field.name}")
    else:
        assert a == b, where


def assert_reopens(session: Session, tmp_path, assert_same_history, cursor: int = 3, selected: int = 1) -> Session:
    session.set_cursor(cursor)
    session.select(selected)
    path = tmp_path / "run.nbviz"
    assert session.save(path, write_session)
    reopened = Session()
    assert reopened.restore(read_session(path))
    assert_same(reopened.problem, session.problem, "problem")
    assert reopened.config == session.config
    assert_same_history(reopened.history, session.history)
    assert (reopened.cursor, reopened.selected) == (cursor, selected)
    assert_same(reopened.resp, session.resp, "resp")
    session.step()
    reopened.step()
    assert_same_history(reopened.history, session.history)
    return reopened


def stepped(session: Session, half_steps: int = 6) -> Session:
    for _ in range(half_steps):
        assert session.next_half_step()
    return session


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_reopens_at_its_half_step(name, tmp_path, qtbot, assert_same_history):
    session = Session()
    assert session.load(*load_preset(name))
    assert_reopens(stepped(session), tmp_path, assert_same_history)


def synthesised(family: str, seed: int = 3, n: int = 60) -> Problem:
    family_recipe = recipe(family)
    rng = np.random.default_rng(seed)
    truth = family_recipe.random_parameters(rng, np.array([0.45, 0.55]), family_recipe.default_features)
    return synthesised_problem(truth, n, seed)


def with_missing_cells(problem: Problem, seed: int = 4) -> Problem:
    """`problem` with about a fifth of its cells missing (every row keeps one observed cell)."""
    rng = np.random.default_rng(seed)
    X = problem.X.copy()
    hidden = rng.random(X.shape) < 0.2
    hidden[np.arange(len(X)), rng.integers(0, X.shape[1], len(X))] = False
    X[hidden] = np.nan
    return dataclasses.replace(problem, X=X)


VARIANTS = ("plain", "hard EM", "naive Bayes", "missing cells", "painted")


def family_cases():
    """(family, covariance type, variant) for every family presentation, each of its covariance types
    and each variant it takes (missing cells for the families whose EM accounts for them, painting
    for those whose data are drawn as points)."""
    for name, entry in PRESENTATIONS.items():
        for kind in entry.covariance_types or ("full",):
            for variant in VARIANTS:
                if variant == "missing cells" and not entry.accepts_missing:
                    continue
                if variant == "painted" and why_not_paintable(synthesised(name), synthesised(name).truth):
                    continue  # painting is for data drawn as points
                label = f"{name}-{kind}" if entry.covariance_types else name
                yield pytest.param(name, kind, variant, id=f"{label}-{variant}")


@pytest.mark.parametrize(("family", "covariance_type", "variant"), list(family_cases()))
def test_every_family_reopens_at_its_half_step(family, covariance_type, variant, tmp_path, qtbot, assert_same_history):
    problem = synthesised(family)
    config = ModelConfig(family=family, n_components=2, covariance_type=covariance_type, seed=1)
    if variant == "hard EM":
        config = config.with_(hard=True)
    elif variant == "naive Bayes":  # the true components as known classes, half of the rows labelled
        problem = dataclasses.replace(problem, labels=problem.truth_z, classes=("a", "b"))
        config = config.with_(label_fraction=0.5)
    elif variant == "missing cells":
        problem = with_missing_cells(problem)
    session = Session()
    assert session.load(problem, config)
    stepped(session)
    if variant == "painted":
        assert session.painting.move(0, session.problem.X[1])
        stepped(session, 4)
    assert_reopens(session, tmp_path, assert_same_history)


def test_a_categorical_session_of_text_answers_reopens(tmp_path, qtbot, assert_same_history):
    """The case a survey researcher met: a CSV of text answers, with a gap, saved and opened again."""
    answers = ["never", "sometimes", "often"]
    rng = np.random.default_rng(5)
    rows = [[answers[i] for i in rng.integers(0, 3, 3)] for _ in range(30)]
    rows[4][1] = ""
    path = tmp_path / "answers.csv"
    path.write_text("q1,q2,q3\n" + "\n".join(",".join(row) for row in rows) + "\n", encoding="utf-8")
    spec = dataclasses.replace(ImportSpec.guessed(str(path)), keep_missing=True)
    problem = Problem.from_dataset(spec.load(), load_options=spec.options())
    assert problem.levels is not None and np.isnan(problem.X).sum() == 1
    session = Session()
    assert session.load(problem, ModelConfig(family="categorical", n_components=2))
    reopened = assert_reopens(stepped(session), tmp_path, assert_same_history)
    assert reopened.problem.levels == problem.levels


def test_a_mixed_session_of_measurements_beside_text_answers_reopens(tmp_path, qtbot, assert_same_history):
    """MASS::survey's shape: measurements with decimals and gaps beside text answers and a 0/1 column."""
    rng = np.random.default_rng(7)
    lines = ["Sex,Height,Exer,Left,Age"]  # two text answers: neither is taken for the classes
    for n in range(40):
        height = "" if n == 5 else f"{rng.normal(170, 8):.1f}"
        exer = ["Freq", "Some", "Rarely"][rng.integers(3)] if n != 9 else ""
        lines.append(f"{['F', 'M'][n % 2]},{height},{exer},{rng.integers(2)},{rng.normal(21, 3):.2f}")
    path = tmp_path / "survey.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    spec = dataclasses.replace(ImportSpec.guessed(str(path)), keep_missing=True)
    problem = Problem.from_dataset(spec.load(), load_options=spec.options())
    assert problem.family_guess.family == "mixed" and np.isnan(problem.X).sum() == 2
    assert problem.column_kinds == ("categorical", "gaussian", "categorical", "bernoulli", "gaussian")
    session = Session()
    assert session.load(problem, ModelConfig(family="mixed", n_components=2, covariance_type="diag"))
    reopened = assert_reopens(stepped(session), tmp_path, assert_same_history)
    assert reopened.problem.levels == problem.levels and reopened.history[-1].model.column_kinds == problem.column_kinds


def test_a_standardised_file_reopens(tmp_path, qtbot, assert_same_history):
    from nbviz.app.data.standardize import standardize_problem

    rng = np.random.default_rng(6)
    values = np.column_stack([rng.normal(170, 9, 40), rng.normal(70_000, 12_000, 40)])
    path = tmp_path / "people.csv"
    path.write_text("height,income\n" + "\n".join(f"{a!r},{b!r}" for a, b in values.tolist()) + "\n", encoding="utf-8")
    problem = standardize_problem(Problem.from_file(str(path)), "z")
    session = Session()
    assert session.load(problem, ModelConfig(n_components=2))
    assert_reopens(stepped(session), tmp_path, assert_same_history)
