"""Command-line options that clash, found before anything is read or written.

Two outputs at one path would leave only the last one written (``--save-session X --screenshot X``
replaces the session with a picture); an output at an input's path replaces the user's data, the
session opened (saving the session over itself, as File → Save does, is the one exception) or the
parameters it starts from; two contradictory actions do neither as asked.
`option_clash` names the first such clash, so the command line can refuse it in one line.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

INPUTS = (("file", "the file opened"), ("start", "--start"), ("classify", "--classify"))
CONTRADICTIONS = (("install_desktop", "uninstall_desktop"),)


def _option(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _same_place(first: str, second: str) -> bool:
    """Whether two paths name one file: the same path once links are followed, or one file twice
    (a hard link)."""
    if os.path.realpath(first) == os.path.realpath(second):
        return True
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):  # one of them does not exist yet (or holds a NUL)
        return False


def _saved_in_place(option: str, label: str, input_path: str) -> bool:
    """Whether this is a session saved over the session it continues: written whole (atomically), as File →
    Save does, it keeps the history opened and adds the steps taken."""
    from .session_file import SUFFIX

    return option == "--save-session" and label == INPUTS[0][1] and input_path.endswith(SUFFIX)


def option_clash(args, output_dests: Iterable[str]) -> str | None:
    """The first clash among `args`' options, as a one-line reason; None when there is none.

    Parameters
    ----------
    args : argparse.Namespace
        The parsed command line.
    output_dests : iterable of str
        The arguments' dests that name files the run writes (``save_session``, ``screenshot``, ...).
    """
    for first, second in CONTRADICTIONS:
        if getattr(args, first, None) and getattr(args, second, None):
            return f"{_option(first)} and {_option(second)} contradict each other: give one of them"
    outputs = [(_option(dest), getattr(args, dest)) for dest in output_dests if getattr(args, dest, None)]
    for i, (option, path) in enumerate(outputs):
        for other, other_path in outputs[:i]:
            if _same_place(path, other_path):
                return f"{other} and {option} both write {path}: give each output its own path"
    inputs = [(label, getattr(args, dest)) for dest, label in INPUTS if getattr(args, dest, None)]
    for option, path in outputs:
        for label, input_path in inputs:
            if _same_place(path, input_path) and not _saved_in_place(option, label, input_path):
                return f"{option} {path} would replace {label} ({input_path}): write it to another path"
    return None
