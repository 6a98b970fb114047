"""The app bundle's Info.plist (what the PyInstaller spec hands BUNDLE): it survives plistlib, and
Finder learns from it that .nbviz files are nbviz sessions, opened by nbviz, with their icon."""

import plistlib

from nbviz import __version__
from nbviz.app.documents.session_file import SUFFIX
from nbviz.desktop import identity, macos


def test_the_plist_round_trips_and_declares_the_session_type():
    plist = plistlib.loads(plistlib.dumps(macos.info_plist(__version__), fmt=plistlib.FMT_XML))
    assert plist["CFBundleIdentifier"] == "org.nbviz.nbviz" and plist["CFBundleShortVersionString"] == __version__
    assert plist["CFBundleExecutable"] == "nbviz-gui"  # the windowed program: no console on a double-click
    (exported,) = plist["UTExportedTypeDeclarations"]
    assert exported["UTTypeIdentifier"] == "org.nbviz.session"
    assert exported["UTTypeTagSpecification"]["public.filename-extension"] == [SUFFIX.lstrip(".")]
    assert exported["UTTypeTagSpecification"]["public.mime-type"] == [identity.MIME_TYPE]
    assert "public.json" in exported["UTTypeConformsTo"]  # a session is JSON
    (document,) = plist["CFBundleDocumentTypes"]
    assert document["LSItemContentTypes"] == [exported["UTTypeIdentifier"]]
    assert document["CFBundleTypeRole"] == "Editor" and document["LSHandlerRank"] == "Owner"
    assert document["CFBundleTypeIconFile"] == exported["UTTypeIconFile"] == "nbviz-session.icns"
