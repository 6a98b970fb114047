"""The user guide cannot go stale: its links, pictures, command-line and code examples, generated blocks and
the README's shape are checked against the current code (docs/developing.md, "The guide").

Command-line examples run in process (`nbviz.cli.main`) in a folder holding the example files the pages
name; an example that would open a window for the user (no output flag) is parsed and its data read, but no
window opens.
"""

from __future__ import annotations

import csv
import doctest
import importlib.util
import re
import shlex
from pathlib import Path

import pytest

import nbviz.cli
from nbviz.app.presentation.guide import HELP_TOPICS, MATHEMATICS, SHORTCUTS, preset_topic, section_slugs, slug
from nbviz.app.presentation.presets import PRESETS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
README = ROOT / "README.md"
PAGES = sorted(DOCS.glob("*.md"))
DATASETS = ROOT / "resources" / "datasets"


def load_script(name: str):
    """A script of docs/ as a module."""
    spec = importlib.util.spec_from_file_location(f"docs_{name}", DOCS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prose(text: str) -> str:
    """`text` without its fenced code blocks."""
    return re.sub(r"^```.*?^```", "", text, flags=re.DOTALL | re.MULTILINE)


def links(text: str) -> list[tuple[bool, str]]:
    """(is a picture, target) of every Markdown link in the prose of `text`."""
    return [(bang == "!", target) for bang, target in re.findall(r"(!?)\[[^\]]*\]\(([^)\s]+)\)", prose(text))]


# ----------------------------------------------------------------- links and pictures
@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda path: path.name)
def test_every_link_reaches_a_page_and_its_section(page):
    for is_picture, target in links(page.read_text(encoding="utf-8")):
        if is_picture or re.match(r"[a-z]+:", target):
            continue
        path, _, section = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.is_file(), f"{page.name}: the link {target} leads nowhere"
        if section:
            assert section in section_slugs(file.read_text(encoding="utf-8")), f"{page.name}: no section {target}"


def test_every_picture_exists_is_described_and_is_made_by_make_images():
    images = load_script("make_images").IMAGES
    referenced = set()
    for page in [README, *PAGES]:
        text = page.read_text(encoding="utf-8")
        for alt, target in re.findall(r"!\[([^\]]*)\]\(([^)\s]+)\)", prose(text)):
            file = (page.parent / target).resolve()
            assert file.is_file(), f"{page.name}: the picture {target} does not exist"
            assert file.parent == DOCS / "images" and file.name in images, f"{page.name}: {target} is not made"
            assert len(alt) > 20, f"{page.name}: say what {target} shows (its alt text)"
            referenced.add(file.name)
    assert referenced == set(images)  # and every picture made is shown somewhere
    assert {path.name for path in (DOCS / "images").iterdir()} == set(images)  # nothing left over


def test_the_make_images_command_lines_are_accepted(tmp_path, monkeypatch):
    made = load_script("make_images")
    opened = []
    monkeypatch.setattr(nbviz.cli, "run_in_window", lambda args, inputs, size: opened.append(args) or 0)
    for name in made.IMAGES:
        assert nbviz.cli.main(made.command_line(name, str(tmp_path / name))) == 0, name
    assert len(opened) == len(made.IMAGES)  # each draws the window


# ----------------------------------------------------------------- command-line examples
def example_files(folder: Path) -> None:
    """The files the guide's examples name, in `folder`."""
    iris = (DATASETS / "iris.csv").read_text(encoding="utf-8").splitlines()
    (folder / "measurements.csv").write_text("\n".join(iris) + "\n", encoding="utf-8")
    (folder / "new-measurements.csv").write_text("\n".join([iris[0], iris[1], iris[59], iris[119]]) + "\n")
    gaps = [iris[0]]
    for row, line in enumerate(iris[1:]):
        cells = line.split(",")
        if row % 7 == 3:
            cells[1] = ""
        if row % 11 == 5:
            cells[3] = "NA"
        gaps.append(",".join(cells))
    (folder / "gaps.csv").write_text("\n".join(gaps) + "\n", encoding="utf-8")
    (folder / "excel.csv").write_bytes(
        "sample;mass;length\n;g;mm\n1;17,5;3,2\n2;18,1;3,9\n3;25,2;5,1\n4;24,8;5,5\n"
        "5;17,9;3,4\n6;26,0;5,0\n7;18,3;3,3\n8;25,5;5,6\n".encode("cp1252")
    )
    answers = ("never", "sometimes", "often")
    with open(folder / "survey.csv", "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["id", "smoking", "exercise", "vegetables", "alcohol"])
        for row in range(120):  # three kinds of respondent, each answering mostly its own way
            kind = row % 3
            writer.writerow(
                [f"R{row + 1:03d}"]
                + [answers[(kind + question + (row // 3 % 5 == question)) % 3] for question in range(4)]
            )


def commands(text: str) -> list[tuple[str, list[str]]]:
    """Every nbviz command of a page and the output lines shown under it (console blocks only): the
    ``$ nbviz ...`` lines of ```console blocks, lines starting ``nbviz `` in other blocks, and inline code
    starting ``nbviz`` or ``python -m nbviz``."""
    found: list[tuple[str, list[str]]] = []
    language = None
    for line in text.splitlines():
        fence = re.match(r"\s*```(\w*)", line)
        if fence:
            language = None if language is not None else fence.group(1)
            continue
        if language == "console":
            if line.startswith("$ "):
                found.append((line[2:], []))
            elif found and line.strip():
                found[-1][1].append(line.strip())
        elif language is not None and re.match(r"(nbviz|python -m nbviz)( |$)", line):
            found.append((line, []))
    for span in re.findall(r"`((?:nbviz|python -m nbviz)(?: [^`]*)?)`", prose(text)):
        found.append((span, []))
    return found


def shown(expected: str, output: str) -> bool:
    """Whether a line shown under an example (… for any text) is in its output."""
    pattern = ".*".join(re.escape(part.strip()) for part in expected.split("…"))
    return re.search(pattern, output) is not None


@pytest.mark.parametrize("page", [README, *PAGES], ids=lambda path: path.name)
def test_every_command_line_example_runs(page, tmp_path, monkeypatch, capsys):
    examples = commands(page.read_text(encoding="utf-8"))
    if examples:
        run_examples(page.name, examples, tmp_path, monkeypatch, capsys)


def test_every_example_of_nbviz_help_runs(tmp_path, monkeypatch, capsys):
    """Each --help group's example (`nbviz.flags.GROUPS`), run as the guide's are."""
    from nbviz.flags import GROUPS

    run_examples("nbviz --help", [(example, []) for *_, example in GROUPS], tmp_path, monkeypatch, capsys)


def run_examples(where: str, examples, tmp_path, monkeypatch, capsys) -> None:
    """Run each (command, lines it should print) of `examples` in process, in a folder of the guide's files."""
    example_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # --install-desktop installs here
    monkeypatch.setenv("COLUMNS", "100")
    real = nbviz.cli.run_in_window
    opened = []

    def window(args, inputs, size):  # an interactive window is not opened; a scripted run's is
        if nbviz.cli.is_batch(args):
            return real(args, inputs, size)
        opened.append(args)
        return 0

    monkeypatch.setattr(nbviz.cli, "run_in_window", window)
    for command, output in examples:
        words = shlex.split(command)
        words = words[3:] if words[:3] == ["python", "-m", "nbviz"] else words[1:]
        try:
            status = nbviz.cli.main(words)
        except SystemExit as ended:  # --help, --version and argparse's own refusals
            status = ended.code
        said = capsys.readouterr()
        printed = said.out + said.err
        refused = any(line.startswith("nbviz: error:") for line in output)
        assert status == (2 if refused else 0), f"{where}: `{command}` exited with {status}:\n{printed}"
        for line in output:
            assert shown(line, printed), f"{where}: `{command}` did not print {line!r}; it printed:\n{printed}"


# ----------------------------------------------------------------- code examples
@pytest.mark.parametrize("page", [page for page in PAGES if ">>> " in page.read_text(encoding="utf-8")], ids=str)
def test_code_examples_run_as_doctests(page):
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0


# ----------------------------------------------------------------- generated blocks
def test_the_keyboard_table_is_what_help_lists():
    reference = load_script("make_reference")
    assert reference.current("keyboard shortcuts") == reference.shortcuts_block(), "run python docs/make_reference.py"


def test_the_flag_list_is_what_nbviz_help_prints():
    """Every flag with its help text, and no flag nbviz lacks (the layout may differ between Pythons)."""
    reference = load_script("make_reference")
    listed = " ".join(reference.current("nbviz --help").split())
    parser = nbviz.cli.build_parser()
    flags = set()
    for action in parser._actions:
        flags.update(action.option_strings)
        for option in action.option_strings:
            assert option in listed, f"{option} is not in the guide's flag list: run python docs/make_reference.py"
        if action.help:
            text = " ".join((action.help % {"default": action.default, "prog": parser.prog}).split())
            assert text in listed, f"the help of {action.option_strings} changed: run python docs/make_reference.py"
    assert set(re.findall(r"(?<![\w-])--?[a-z][\w-]*", listed)) <= flags, "a flag nbviz no longer has"


# ----------------------------------------------------------------- the guide and the app
def test_every_help_topic_and_preset_has_its_section():
    sections = {page.name: section_slugs(page.read_text(encoding="utf-8")) for page in PAGES}
    for topic in [*HELP_TOPICS.values(), MATHEMATICS, SHORTCUTS, *(preset_topic(name) for name in PRESETS)]:
        assert topic.page in sections, topic
        assert not topic.section or topic.section in sections[topic.page], topic


def test_section_names_are_githubs():
    # hand-derived from GitHub's rule: lower case, punctuation dropped, each space a hyphen
    assert slug("Choose K (BIC, AIC and ICL)") == "choose-k-bic-aic-and-icl"
    assert slug("Files as Excel and LibreOffice write them") == "files-as-excel-and-libreoffice-write-them"
    assert slug("File → Export") == "file--export"
    assert slug("`lecture-dog-cat`") == "lecture-dog-cat"
    assert section_slugs("# A\n```\n# not a heading\n```\n## A\n### B\n") == ["a", "a-1", "b"]


def test_the_wheel_carries_the_guide():
    import tomllib

    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = settings["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included["docs"] == "nbviz/_data/docs"  # where resources.resource_path looks in a wheel


# ----------------------------------------------------------------- the README
def test_the_readme_is_a_front_door():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 150
    headings = re.findall(r"^## (.*)$", text, flags=re.MULTILINE)
    assert headings == [
        "Install and start",
        "Try this first",
        "Teaching",
        "Studying",
        "Your own table",
        "The model core",
        "Run the tests",
        "Read next",
    ]
    assert "](docs/images/overview.png)" in text
    linked = {target.partition("#")[0] for _, target in links(text) if target.startswith("docs/")}
    assert {f"docs/{page.name}" for page in PAGES} <= linked  # every page of the guide is one click away


def test_no_page_is_left_out_of_the_contents():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    listed = {target.partition("#")[0] for _, target in links(index)}
    assert {page.name for page in PAGES} - {"index.md"} <= listed
