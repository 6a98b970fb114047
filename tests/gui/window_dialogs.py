"""Every dialog the main window opens, made for a window (`make(window)`), for tests that check each one."""

from nbviz.app.presentation.resources import dataset_path
from nbviz.gui.dialogs.animation_dialog import AnimationDialog
from nbviz.gui.dialogs.import_dialog import ImportDialog
from nbviz.gui.dialogs.start_editor import StartEditor
from nbviz.gui.dialogs.synthesize import SynthesisDialog
from nbviz.gui.figures.animation import AnimationChoices
from nbviz.gui.figures.options_dialog import FigureOptionsDialog

DIALOGS = {
    "synthesise": lambda w: SynthesisDialog(w.session, w, appearance=w.appearance, view_options=w.view_options),
    "import preview": lambda w: ImportDialog(str(dataset_path("iris.csv")), w, appearance=w.appearance),
    "start editor": lambda w: StartEditor(w.session, w, appearance=w.appearance),
    "figure options": lambda w: FigureOptionsDialog(w.settings, 800, True, "A figure", w),
    "animation options": lambda w: AnimationDialog(3, AnimationChoices(0, 2), w, appearance=w.appearance),
}
