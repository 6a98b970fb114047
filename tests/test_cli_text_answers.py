"""Text answers, units rows and --skip-rows from the command line, in data-only runs."""

import csv
import json

from in_process import run_in_process

SURVEY = "Nr;smoker;sport;class\n" + "".join(
    f"{n};{a};{b};{c}\n"
    for n, (a, b, c) in enumerate(
        [("yes", "never", "A"), ("no", "often", "B"), ("maybe", "often", "B"), ("yes", "never", "A")] * 8, 1
    )
)


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def run_cli(*args):
    """``nbviz *args`` in this process (the process itself is not under test here)."""
    return run_in_process(*args)


def test_a_survey_gets_the_categorical_model_and_its_level_names_reach_the_exports(tmp_path):
    path = tmp_path / "survey.csv"
    path.write_text(SURVEY)
    resp, parameters = tmp_path / "r.csv", tmp_path / "p.json"
    result = run_cli(path, "-k", 2, "--fit", "--export-responsibilities", resp, "--export-parameters", parameters)
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        "nbviz: note: survey.csv: 2 categorical features read as text levels (smoker: maybe / no / yes, "
        "sport: never / often); Categorical mixture (latent class analysis): every feature is a text answer "
        "(2 columns of 2–3 levels).\n"
    )
    document = json.loads(parameters.read_text())
    assert document["run"]["family"] == "categorical"
    assert document["levels"] == {"smoker": ["maybe", "no", "yes"], "sport": ["never", "often"]}
    rows = read_rows(resp)
    assert [(row["smoker"], row["sport"]) for row in rows[:3]] == [
        ("yes", "never"),
        ("no", "often"),
        ("maybe", "often"),
    ]
    explicit = run_cli(path, "--model", "categorical", "-k", 2, "--fit", "--export-parameters", parameters)
    assert explicit.returncode == 0 and "Categorical mixture" not in explicit.stderr


def test_a_units_row_is_skipped_with_a_note_and_skip_rows_covers_the_rest(tmp_path):
    path = tmp_path / "excel.csv"
    path.write_text("sample;mass;length\n;g;mm\n" + "".join(f"{n};{n % 5},5;{(3 * n) % 7},25\n" for n in range(20)))
    out = tmp_path / "r.csv"
    result = run_cli(path, "-k", 2, "--fit", "--export-responsibilities", out)
    assert result.returncode == 0, result.stderr
    sample = "'sample' is left out as a row number (its values rise with the line); give --columns sample,mass,length"
    assert result.stderr == f"nbviz: note: excel.csv: line 2 is a units row (g, mm): skipped; {sample} to use it.\n"
    assert read_rows(out)[0]["line"] == "3"
    result = run_cli(path, "--skip-rows", 3, "-k", 2, "--fit", "--export-responsibilities", out)
    assert (
        result.returncode == 0 and result.stderr == f"nbviz: note: excel.csv: lines 2–4 skipped; {sample} to use it.\n"
    )
    assert read_rows(out)[0]["line"] == "5"
    result = run_cli(path, "--skip-rows", -2, "--fit", "--export-responsibilities", out)
    assert (
        result.returncode == 2 and result.stderr == "nbviz: error: --skip-rows -2: give a number of lines, 0 or more\n"
    )


def test_answers_beside_numbers_are_clustered_with_them_and_columns_takes_one_kind(tmp_path):
    path = tmp_path / "mixed.csv"
    path.write_text(
        "height;smoker;class\n"
        + "".join(f"{150 + (7 * n) % 12};{'yes' if n % 3 else 'no'};{'AB'[n % 2]}\n" for n in range(24))
    )
    parameters = tmp_path / "p.json"
    result = run_cli(path, "-k", 2, "--fit", "--export-parameters", parameters)
    assert result.returncode == 0 and result.stderr == (
        "nbviz: note: mixed.csv: 1 categorical feature read as text levels (smoker: no / yes); Mixed mixture "
        "(naive Bayes over mixed columns): 1 numeric column beside 1 text answer, each component a Gaussian over "
        "the measurements times categoricals over the answers.\n"
    )
    document = json.loads(parameters.read_text())
    assert document["features"] == ["height", "smoker"] and document["model"]["family"] == "mixed"
    result = run_cli(path, "--columns", "smoker", "-k", 2, "--fit", "--export-parameters", parameters)
    assert result.returncode == 0 and json.loads(parameters.read_text())["levels"] == {"smoker": ["no", "yes"]}
    result = run_cli(path, "--columns", "height", "-k", 2, "--fit", "--export-parameters", parameters)
    assert result.returncode == 0 and json.loads(parameters.read_text())["model"]["family"] == "gaussian"


def test_standardising_text_answers_is_refused_in_one_line_naming_the_columns(tmp_path):
    path = tmp_path / "survey.csv"
    path.write_text(SURVEY)
    result = run_cli(path, "--standardize", "z", "--fit", "--export-parameters", tmp_path / "p.json")
    assert result.returncode == 2 and not (tmp_path / "p.json").exists()
    assert result.stderr.splitlines()[-1] == (
        "nbviz: error: cannot standardise text answers (categorical levels: smoker, sport): "
        "they have no centre or scale; use them as they are"
    )
