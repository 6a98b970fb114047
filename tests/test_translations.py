"""The German translation is complete and current: every text the GUI and the app mark for translation is in
translations/nbviz_de.ts with a finished translation that keeps its placeholders and the lecture's words, the
compiled .qm the wheel ships says the same, and the names the core gives (column roles) are all marked."""

import ast
import re
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator

from nbviz.core.tables.columns import ROLES
from nbviz.gui.dialogs.import_choices import ROLE_NAMES

ROOT = Path(__file__).resolve().parents[1]
TS = ROOT / "translations" / "nbviz_de.ts"
KEPT = ("E-step", "M-step", "ELBO")  # the lecture's words, the same in every language
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%n")


def messages() -> dict[str, str]:
    """Source text -> translation of every message in the .ts (finished or not: an unfinished one is "")."""
    found = {}
    for message in ET.parse(TS).getroot().iter("message"):
        translation = message.find("translation")
        assert translation is not None
        unfinished = translation.get("type") == "unfinished"
        found[message.findtext("source")] = "" if unfinished else (translation.text or "")
    return found


def marked_in_code() -> set[str]:
    """Every literal the GUI and the app pass to translate() or QT_TRANSLATE_NOOP()."""
    texts = set()
    for path in [*ROOT.joinpath("nbviz", "gui").rglob("*.py"), *ROOT.joinpath("nbviz", "app").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("translate", "QT_TRANSLATE_NOOP"):
                assert len(node.args) == 2, f"{path.name}:{node.lineno}: translate(context, text) only (lupdate)"
                context, text = node.args
                assert isinstance(context, ast.Constant) and context.value == "nbviz", f"{path.name}:{node.lineno}"
                if isinstance(text, ast.Constant):
                    texts.add(text.value)
    return texts


def test_every_marked_text_is_in_the_translation_source():
    ts, code = messages(), marked_in_code()
    assert len(code) > 800
    assert sorted(code - set(ts)) == []  # run translations/update.py after marking texts


def test_every_message_is_translated_keeping_placeholders_and_the_lectures_words():
    for source, translation in messages().items():
        assert translation, f"not translated: {source!r}"
        assert sorted(PLACEHOLDER.findall(translation)) == sorted(PLACEHOLDER.findall(source)), source
        for word in KEPT:
            assert source.count(word) <= translation.count(word), (word, source)


def test_the_compiled_translation_says_what_the_source_says(qapp):
    translator = QTranslator()
    assert translator.load(str(TS.with_suffix(".qm")))
    wrong = [s for s, t in messages().items() if translator.translate("nbviz", s) != t]
    assert wrong == []  # run translations/update.py to compile the .ts again


def test_the_wheel_ships_the_compiled_translation():
    included = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert included["force-include"]["translations/nbviz_de.qm"] == "nbviz/_data/translations/nbviz_de.qm"


@pytest.mark.parametrize("names, marked", [(ROLES, ROLE_NAMES)])
def test_the_cores_names_shown_translated_are_all_marked(names, marked):
    assert tuple(names) == tuple(marked)
