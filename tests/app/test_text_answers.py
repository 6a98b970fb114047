"""Text answers in the app: the guessed spec, the family chosen, the load note and session files."""

import json
from dataclasses import replace

import numpy as np

from nbviz.app.data.import_spec import ImportSpec, describe_load
from nbviz.app.data.problem import Problem
from nbviz.app.documents.session_file import read_session, write_session
from nbviz.app.families import family_for_table
from nbviz.app.model.config import ModelConfig
from nbviz.app.run.session import Session

ANSWERS = [("yes", "never", "A"), ("no", "often", "B"), ("maybe", "often", "B"), ("yes", "never", "A")] * 6


def write_survey(tmp_path):
    path = tmp_path / "survey.csv"
    rows = "".join(f"{100 + (n * 7) % 24};{a};{b};{c}\n" for n, (a, b, c) in enumerate(ANSWERS))
    path.write_text("student;smoker;sport;class\n" + rows)
    return path


def test_a_table_of_answers_is_read_as_levels_and_gets_the_categorical_model(tmp_path):
    path = write_survey(tmp_path)
    spec = ImportSpec.guessed(path)
    assert spec.roles(4) == ("ignore", "categorical", "categorical", "label")  # 'student': all different, an ID
    assert ImportSpec.guessed(path, columns=["smoker", "sport"]).roles(4) == (
        "ignore",
        "categorical",
        "categorical",
        "label",
    )
    spec = ImportSpec.guessed(path, ignore=["student"])
    assert spec.roles(4) == ("ignore", "categorical", "categorical", "label")
    dataset = spec.load()
    guess = Problem.from_dataset(dataset).family_guess
    assert guess.family == "categorical"
    assert guess.reason == (
        "Categorical mixture (latent class analysis): every feature is a text answer (2 columns of 2–3 levels)."
    )
    note = describe_load(dataset, spec)
    assert "2 categorical features read as text levels (smoker: maybe / no / yes, sport: never / often)" in note
    assert ImportSpec.from_options(str(path), spec.options()).options() == spec.options()


def test_the_same_codes_as_numbers_get_their_usual_family():
    assert family_for_table([[0, 1], [2, 1]]).family == "gaussian"
    assert family_for_table([[0, 1], [2, 1]], (("a", "b", "c"), ("x", "y"))).family == "categorical"


def test_a_session_keeps_the_level_names(tmp_path, qtbot):
    spec = ImportSpec.guessed(write_survey(tmp_path), ignore=["student"])
    problem = Problem.from_dataset(spec.load(), load_options=spec.options())
    session = Session()
    assert session.load(problem, ModelConfig(family="categorical", n_components=2))
    session.step()
    path = tmp_path / "run.nbviz"
    assert session.save(path, write_session)
    document = json.loads(path.read_text())
    assert document["problem"]["levels"] == [["maybe", "no", "yes"], ["never", "often"]]
    assert document["problem"]["load_options"]["categorical_columns"] == [1, 2]
    state = read_session(path)
    assert state.problem.levels == (("maybe", "no", "yes"), ("never", "often"))
    np.testing.assert_array_equal(state.problem.X, problem.X)
    assert state.problem.level_name(1, 1) == "often" and Problem("p", [[0.0]], ("x",)).level_name(0, 0) == "0"


def test_the_parameters_and_the_worked_m_step_name_the_levels(tmp_path, qtbot):
    from nbviz.app.analysis.breakdown import parameter_choices
    from nbviz.app.analysis.parameter_rows import parameter_rows
    from nbviz.app.data.export import parameter_rows as export_rows
    from nbviz.app.families.level_names import value_text

    spec = ImportSpec.guessed(write_survey(tmp_path), ignore=["student"])
    problem = Problem.from_dataset(spec.load(), load_options=spec.options())
    session = Session()
    assert session.load(problem, ModelConfig(family="categorical", n_components=2, seed=1))
    session.step()
    model = session.snapshot.model
    names = [row.name for row in parameter_rows(model, None, None, None, problem.columns)]
    assert names[:3] == ["weight π", "p(smoker = maybe/no/yes)", "p(sport = never/often)"]
    assert [row[3] for row in export_rows(model, ["1", "2"], problem.columns)[2:5]] == ["maybe", "no", "yes"]
    labels = [text for _, text in parameter_choices(model, problem.columns)]
    assert "p of 1, smoker = maybe" in labels and "p of 2, sport = often" in labels
    assert value_text(problem.columns, 1, 1.0) == "often" and value_text(("x",), 0, 1.0) == "1"


def test_new_answers_are_classified_by_the_loaded_level_names(tmp_path):
    import pytest

    import nbviz.core as nc
    from nbviz.app.data.classify import classify_file

    spec = ImportSpec.guessed(write_survey(tmp_path), ignore=["student"])
    loaded = Problem.from_dataset(spec.load(), load_options=spec.options())
    model = nc.CategoricalMixture(
        weights=[0.5, 0.5], probs=[[[0.1, 0.1, 0.8], [0.3, 0.6, 0.1]], [[0.9, 0.1], [0.2, 0.8]]]
    )
    new = tmp_path / "new.csv"
    new.write_text("smoker;sport\nyes;never\nno;often\n")  # this file alone would code no 0, yes 1
    classified = classify_file(loaded, model, new)
    np.testing.assert_array_equal(classified.problem.X, [[2, 0], [1, 1]])
    np.testing.assert_allclose(classified.resp, nc.e_step(model, np.array([[2.0, 0.0], [1.0, 1.0]])))
    new.write_text("smoker;sport\nyes;never\nperhaps;often\n")
    with pytest.raises(ValueError, match=r"new.csv, line 3, column 'smoker': 'perhaps' is not one of its levels"):
        classify_file(loaded, model, new)


def test_skip_rows_and_categorical_columns_are_checked_session_options():
    import pytest

    from nbviz.app.documents import session_document
    from nbviz.app.documents.session_schema import SchemaError

    options = ImportSpec("t.csv", skip_rows=2, categorical_columns=(1, 2)).options()
    assert session_document.load_options(options, "o") == {**options}
    assert "skip_rows" not in ImportSpec("t.csv").options()  # as sessions written before it
    with pytest.raises(SchemaError, match="skip_rows"):
        session_document.load_options({**options, "skip_rows": -1}, "o")
    with pytest.raises(SchemaError, match="categorical_columns"):
        session_document.load_options({**options, "categorical_columns": [True]}, "o")


def test_sixteen_answers_are_not_taken_for_a_picture(tmp_path):
    path = tmp_path / "sixteen.csv"
    rows = "".join(";".join("yes" if (n + j) % 3 else "no" for j in range(16)) + "\n" for n in range(30))
    path.write_text(";".join(f"q{j}" for j in range(16)) + "\n" + rows)
    problem = Problem.from_file(path)
    assert problem.levels is not None and problem.image_shape is None
    assert Problem("codes", np.zeros((3, 16)), tuple(f"x{j}" for j in range(16))).image_shape == (4, 4)


def test_new_answers_with_gaps_are_classified_on_their_observed_answers_when_the_loaded_ones_kept_theirs(tmp_path):
    import nbviz.core as nc
    from nbviz.app.data.classify import classify_file

    path = tmp_path / "gaps.csv"
    path.write_text("smoker;sport\nyes;never\nno;\nmaybe;often\n;often\n")
    spec = replace(ImportSpec.guessed(path, keep_missing=True), categorical_columns=(0, 1))
    loaded = Problem.from_dataset(spec.load(), load_options=spec.options())
    assert loaded.levels == (("maybe", "no", "yes"), ("never", "often"))
    model = nc.CategoricalMixture(
        weights=[0.4, 0.6], probs=[[[0.1, 0.1, 0.8], [0.3, 0.6, 0.1]], [[0.9, 0.1], [0.2, 0.8]]]
    )
    new = tmp_path / "new.csv"
    new.write_text("smoker;sport\n;never\nno;often\n;\n")  # this file alone would code never 0, no 0
    classified = classify_file(loaded, model, new)
    np.testing.assert_array_equal(classified.problem.X, [[np.nan, 0], [1, 1], [np.nan, np.nan]])
    # by hand: a row's E-step multiplies the probabilities of its observed answers only
    joint = np.array([[0.4 * 0.9, 0.6 * 0.2], [0.4 * 0.1 * 0.1, 0.6 * 0.6 * 0.8], [0.4, 0.6]])
    np.testing.assert_allclose(classified.resp, joint / joint.sum(axis=1, keepdims=True), rtol=1e-12)
    assert not classified.unassigned
