"""Which family a data table gets by default, and why: the one rule the import preview, the command
line and the status bar share.

- Every feature read from the file as text levels (yes / no / maybe): the categorical mixture
  (latent class analysis).
- Text answers beside numbers: the mixed mixture (a Gaussian over the measurements, Bernoullis
  over 0/1 columns, categoricals over the answers in each component).
- Every value 0 or 1: the Bernoulli mixture (each column a yes/no feature).
- Rows that look like documents (at least `DOCUMENT_MIN_COLUMNS` columns of non-negative whole
  numbers, at least `DOCUMENT_MIN_ZEROS` of the cells 0, row totals that vary): the multinomial
  mixture (bag of words).
- Anything else, whole numbers included (coordinates, scores, velocities): the Gaussian mixture.

The user can always ask for another family; this is only the default.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nbviz.core.tables.whole_file import DOCUMENT_MIN_COLUMNS, DOCUMENT_MIN_ZEROS, code_columns, looks_like_documents
from nbviz.translation_marks import translate


@dataclass(frozen=True)
class FamilyGuess:
    """The family a table gets by default and the one sentence that says why.

    Attributes
    ----------
    family : str
        A core family name ("gaussian", "bernoulli", "multinomial", "categorical" or "mixed").
    reason : str
        One sentence naming the model and the property of the table that chose it.
    why : str
        The property alone, short enough for the status bar after "for" ("rows that look like documents").
    """

    family: str
    reason: str
    why: str


def _percent(fraction: float) -> str:
    return f"{100 * fraction:.0f}%"


def _guess_with_gaps(observed: np.ndarray) -> FamilyGuess:
    """The default family of a table with missing cells, from its observed cells (flattened): a
    multinomial cannot count a missing cell, so whole numbers with gaps stay Gaussian."""
    if np.all((observed == 0) | (observed == 1)):
        return FamilyGuess(
            "bernoulli",
            translate("nbviz", "Bernoulli mixture: every value given is 0 or 1, so each column is a yes/no answer."),
            translate("nbviz", "0/1 values"),
        )
    if not np.all((observed >= 0) & (observed == np.round(observed))):
        return FamilyGuess(
            "gaussian",
            translate("nbviz", "Gaussian mixture: the values are measurements, not all whole numbers."),
            translate("nbviz", "measurements"),
        )
    return FamilyGuess(
        "gaussian",
        translate(
            "nbviz", "Gaussian mixture: whole numbers with missing cells (a multinomial cannot count a missing cell)."
        ),
        translate("nbviz", "whole numbers with missing cells"),
    )


def column_kinds(X, levels) -> tuple[str, ...] | None:
    """Each feature's family when some were read as text (`nbviz.core.MixedMixture.column_kinds`), else None.

    A feature read as text is "categorical"; a number beside them "bernoulli" when every value
    given is 0 or 1, else "gaussian". None for a table of numbers alone (the mixed family then
    reads 0/1 columns as Bernoulli and the others as Gaussian).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        NaN where missing.
    levels : tuple of tuple of str, or None
        Each feature's level names, () for a number (`nbviz.core.Dataset.levels`).

    Examples
    --------
    >>> column_kinds([[170.5, 0, 1], [160.0, 1, 0]], (("",), ("no", "yes"), ()))[1:]
    ('categorical', 'bernoulli')
    """
    if levels is None:
        return None
    X = np.asarray(X, dtype=np.float64)
    kinds = []
    for j, names in enumerate(levels):
        seen = X[:, j][~np.isnan(X[:, j])]
        kinds.append("categorical" if names else "bernoulli" if np.all((seen == 0) | (seen == 1)) else "gaussian")
    return tuple(kinds)


def _mixed_guess(kinds: tuple[str, ...]) -> FamilyGuess:
    numbers = sum(kind != "categorical" for kind in kinds)
    answers = len(kinds) - numbers
    counted = (
        translate("nbviz", "1 numeric column") if numbers == 1 else translate("nbviz", "{0} numeric columns")
    ).format(numbers) + (
        translate("nbviz", " beside 1 text answer") if answers == 1 else translate("nbviz", " beside {0} text answers")
    ).format(answers)
    return FamilyGuess(
        "mixed",
        translate(
            "nbviz",
            "Mixed mixture (naive Bayes over mixed columns): {0}, each component a Gaussian over the measurements "
            "times categoricals over the answers.",
        ).format(counted),
        translate("nbviz", "measurements beside answers"),
    )


def is_code(name: str) -> bool:
    """Whether a level's name is a whole number (an answer code such as 1 = no, 2 = yes), not a word."""
    return name.lstrip("+-").isdigit()


def family_for_table(X, levels=None, standardised: bool = False) -> FamilyGuess:
    """The default family of the data `X` (n_samples, n_features, finite or missing: NaN) and why;
    `levels`: the features' level names when they were read as text (`nbviz.core.Dataset.levels`);
    `standardised`: the features were standardised when read, so they are measurements whatever
    the file's numbers were.

    Missing cells are left out of the guess; a table with missing cells is never guessed a
    multinomial (which cannot count a missing cell).

    Examples
    --------
    >>> family_for_table([[0, 1], [1, 1]]).family
    'bernoulli'
    >>> family_for_table([[3, 7], [10, 2]]).family
    'gaussian'
    """
    X = np.asarray(X, dtype=np.float64)
    kinds = column_kinds(X, levels)
    if kinds is not None and "categorical" in kinds and len(set(kinds)) > 1:
        return _mixed_guess(kinds)
    if levels is not None:
        counts = sorted({len(names) for names in levels})
        shown = str(counts[0]) if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
        if all(is_code(name) for names in levels for name in names):
            one = translate(
                "nbviz",
                "Categorical mixture (latent class analysis): every column holds a few whole-number codes, "
                "read as answers, not measurements ({0} column of {1} levels).",
            )
            many = translate(
                "nbviz",
                "Categorical mixture (latent class analysis): every column holds a few whole-number codes, "
                "read as answers, not measurements ({0} columns of {1} levels).",
            )
            why = translate("nbviz", "answer codes")
        else:
            one = translate(
                "nbviz",
                "Categorical mixture (latent class analysis): every feature is a text answer ({0} column of "
                "{1} levels).",
            )
            many = translate(
                "nbviz",
                "Categorical mixture (latent class analysis): every feature is a text answer ({0} columns of "
                "{1} levels).",
            )
            why = translate("nbviz", "text answers")
        return FamilyGuess("categorical", (one if len(levels) == 1 else many).format(len(levels), shown), why)
    if standardised:
        return FamilyGuess(
            "gaussian",
            translate("nbviz", "Gaussian mixture: the features are standardised, so they are measurements."),
            translate("nbviz", "standardised features"),
        )
    if X.ndim != 2 or X.size == 0:
        return FamilyGuess(
            "gaussian",
            translate("nbviz", "Gaussian mixture: the default for a table of numbers."),
            translate("nbviz", "a table of numbers"),
        )
    gaps = np.isnan(X)
    if gaps.any():  # the observed cells decide; whole numbers with gaps stay Gaussian
        return _guess_with_gaps(X[~gaps])
    if np.all((X == 0) | (X == 1)):
        return FamilyGuess(
            "bernoulli",
            translate("nbviz", "Bernoulli mixture: every value is 0 or 1, so each column is a yes/no answer."),
            translate("nbviz", "0/1 values"),
        )
    if not np.all(X == np.round(X)):
        return FamilyGuess(
            "gaussian",
            translate("nbviz", "Gaussian mixture: the values are measurements, not all whole numbers."),
            translate("nbviz", "measurements"),
        )
    if np.any(X < 0):
        return FamilyGuess(
            "gaussian",
            translate("nbviz", "Gaussian mixture: whole numbers, but some are negative, so they are not counts."),
            translate("nbviz", "whole numbers, not counts"),
        )
    n_columns = X.shape[1]
    zeros = float(np.mean(X == 0))
    totals = X.sum(axis=1)
    if looks_like_documents(X):
        return FamilyGuess(
            "multinomial",
            translate(
                "nbviz",
                "Multinomial mixture: the rows look like documents ({0} count columns, {1} zeros, row "
                "totals from {2:.0f} to {3:.0f}).",
            ).format(n_columns, _percent(zeros), totals.min(), totals.max()),
            translate("nbviz", "rows that look like documents"),
        )
    if code_columns(X).all():  # read as numbers although each column holds a few codes (a choice made)
        return FamilyGuess(
            "gaussian",
            translate(
                "nbviz",
                "Gaussian mixture: whole numbers read as measurements, though each column holds a few codes; read "
                "them as categorical to fit latent classes of answers.",
            ),
            translate("nbviz", "answer codes read as numbers"),
        )
    if n_columns < DOCUMENT_MIN_COLUMNS:
        why = (
            translate("nbviz", "only {0} column") if n_columns == 1 else translate("nbviz", "only {0} columns")
        ).format(n_columns)
    elif zeros < DOCUMENT_MIN_ZEROS:
        why = translate("nbviz", "only {0} zeros").format(_percent(zeros))
    else:
        why = translate("nbviz", "every row has the same total")
    return FamilyGuess(
        "gaussian",
        translate(
            "nbviz",
            "Gaussian mixture: whole numbers, but not word counts ({0}); choose Multinomial to count them as words.",
        ).format(why),
        translate("nbviz", "whole numbers, not word counts"),
    )
