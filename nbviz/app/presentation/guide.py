"""The user guide (`docs/`): where it is, which section explains each panel, dialog, view and preset, and
the names of sections as GitHub and the app's help browser give them.

The guide is plain Markdown, read on the code host and, offline, in the app's help browser; an installed
wheel carries it as ``nbviz/_data/docs`` (`resources.resource_path`). A link into it is ``page#section``,
the section being the heading's `slug`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from nbviz.translation_marks import QT_TRANSLATE_NOOP, translate

from .resources import resource_path

CONTENTS = "index.md"


@dataclass(frozen=True)
class HelpTopic:
    """A section of the guide about one part of the app.

    Attributes
    ----------
    title : str
        What the Help menu calls it ("The objective curve").
    page : str
        The guide's page, e.g. ``"stepping.md"``.
    section : str
        The heading's slug on that page ("" for the page's top).
    view : bool
        Listed under Help → What is this view? (a plot).
    """

    title: str
    page: str
    section: str = ""
    view: bool = False

    @property
    def link(self) -> str:
        """``page#section``, as the guide's own links write it."""
        return f"{self.page}#{self.section}" if self.section else self.page


# The section that explains each part of the window, by the class name of its widget (a panel, a plot, a
# dialog, the start page); F1 and a dock's "?" look the widget up here, walking out from the one in use
# to the window. Views come in the order Help → What is this view? lists them.
HELP_TOPICS: dict[str, HelpTopic] = {
    "MainWindow": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "The window"), "stepping.md", "the-window"),
    "StartPage": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "The start page"), "stepping.md", "the-start-page"),
    "PresetNote": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "The presets"), "lectures.md", "the-presets"),
    "DataView": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "The data view"), "stepping.md", "the-data-view", view=True),
    "ResponsibilityHeatmap": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "The responsibility map"), "stepping.md", "the-responsibility-map", view=True
    ),
    "ObjectiveCurve": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "The objective curve"), "stepping.md", "the-objective-curve", view=True
    ),
    "BoundView": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "The bound view"), "stepping.md", "the-bound-view", view=True),
    "ChooseKPanel": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "Choose K"), "choosing-k.md", "choose-k", view=True),
    "RestartPanel": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "The restart gallery"), "choosing-k.md", "the-restart-gallery", view=True
    ),
    "EStepBoard": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "The E-step board"), "lectures.md", "the-e-step-board", view=True
    ),
    "ControlPanel": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "The controls"), "stepping.md", "the-controls"),
    "ParametersPanel": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "The parameters panel"), "stepping.md", "the-parameters-panel"
    ),
    "PointInspector": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "The point inspector"), "stepping.md", "the-point-inspector"
    ),
    "AgreementPanel": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "Clusters vs classes"), "stepping.md", "clusters-vs-classes"
    ),
    "UncertainPointsPanel": HelpTopic(
        QT_TRANSLATE_NOOP("nbviz", "Uncertain points"), "stepping.md", "uncertain-points"
    ),
    "ImportDialog": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "The import preview"), "your-data.md", "the-import-preview"),
    "SynthesisDialog": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "Synthesise data"), "stepping.md", "synthesise-data"),
    "StartEditor": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "Exact starting parameters"), "stepping.md", "the-start"),
    "AnimationDialog": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "Animations"), "exports.md", "animations"),
    "FigureOptionsDialog": HelpTopic(QT_TRANSLATE_NOOP("nbviz", "Figures"), "exports.md", "figures"),
}
MATHEMATICS = HelpTopic(QT_TRANSLATE_NOOP("nbviz", "How EM works"), "mathematics.md")
SHORTCUTS = HelpTopic(QT_TRANSLATE_NOOP("nbviz", "Keyboard shortcuts"), "stepping.md", "keyboard-shortcuts")


def view_topics() -> list[HelpTopic]:
    """The plots Help → What is this view? lists, in its order."""
    return [topic for topic in HELP_TOPICS.values() if topic.view]


def preset_topic(name: str) -> HelpTopic:
    """The section on preset `name`: every preset has one in the lectures page, named after it."""
    return HelpTopic(translate("nbviz", "The {0} preset").format(name), "lectures.md", slug(name))


def guide_page(page: str = CONTENTS) -> Path:
    """The file of the guide's `page`.

    Raises
    ------
    FileNotFoundError
        When this installation has no guide (the message says so).
    """
    if Path(page).name != page or not page.endswith(".md"):
        raise ValueError(f"a guide page is a file name ending in .md; got {page!r}")
    try:
        return resource_path("docs", page)
    except FileNotFoundError:
        raise FileNotFoundError(f"the user guide's page {page} is missing from this installation") from None


def slug(heading: str) -> str:
    """A heading's section name, as GitHub makes it: lower case, without punctuation, spaces as hyphens.

    Parameters
    ----------
    heading : str
        The heading's text as written (inline code and emphasis marks are dropped).

    Examples
    --------
    >>> slug("Choose K (BIC, AIC and ICL)")
    'choose-k-bic-aic-and-icl'
    >>> slug("Text answers (latent class analysis)")
    'text-answers-latent-class-analysis'
    >>> slug("`--missing em`: keep them")
    '--missing-em-keep-them'
    """
    text = heading.strip().lower()
    kept = "".join(
        character
        for character in text
        if character in " -_" or unicodedata.category(character)[0] in "LN"  # letters, digits and marks
    )
    return re.sub(" ", "-", kept)


def section_slugs(markdown: str) -> list[str]:
    """The section names of a Markdown page's headings, in order; a repeated name gets -1, -2, ... as on GitHub.

    Headings inside fenced code blocks are not headings.
    """
    names: list[str] = []
    seen: dict[str, int] = {}
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        heading = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if fenced or heading is None:
            continue
        name = slug(heading.group(1))
        count = seen.get(name, 0)
        seen[name] = count + 1
        names.append(name if count == 0 else f"{name}-{count}")
    return names
