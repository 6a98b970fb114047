"""The README's model-core example is run as it stands, so its numbers are the core's (the guide's own
examples: test_docs.py)."""

import doctest
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_core_example_runs_as_a_doctest():
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5  # the five lines of the model core
    assert result.failed == 0
