"""Desktop integration on macOS: what the app bundle's Info.plist declares so that Finder opens sessions in it.

macOS learns an app's document types from its bundle, not from an install step: ``nbviz.app``
exports the uniform type ``org.nbviz.session`` (``*.nbviz``, conforming to ``public.json``) and
declares itself its owner and editor, with the session icon. The PyInstaller spec passes
`info_plist` to its ``BUNDLE``; a double-clicked session then reaches the running app as a
``QFileOpenEvent`` (``nbviz.gui.window.file_open``).
"""

from __future__ import annotations

from typing import Any

from .identity import APP_NAME, BUNDLE_ID, GUI_PROGRAM, MIME_TYPE, SESSION_ICON, SESSION_NAME, SESSION_SUFFIX, UTI

MINIMUM_MACOS = "12.0"  # Qt 6.8 and later run on macOS 12 (Monterey) and newer


def document_types() -> list[dict[str, Any]]:
    """``CFBundleDocumentTypes``: nbviz opens (and is the owner of) its sessions."""
    return [
        {
            "CFBundleTypeName": SESSION_NAME,
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Owner",
            "LSItemContentTypes": [UTI],
            "CFBundleTypeIconFile": f"{SESSION_ICON}.icns",
        }
    ]


def exported_types() -> list[dict[str, Any]]:
    """``UTExportedTypeDeclarations``: the session type, its suffix, MIME type and icon."""
    return [
        {
            "UTTypeIdentifier": UTI,
            "UTTypeDescription": SESSION_NAME,
            "UTTypeConformsTo": ["public.json", "public.data"],
            "UTTypeIconFile": f"{SESSION_ICON}.icns",
            "UTTypeTagSpecification": {
                "public.filename-extension": [SESSION_SUFFIX.lstrip(".")],
                "public.mime-type": [MIME_TYPE],
            },
        }
    ]


def info_plist(version: str) -> dict[str, Any]:
    """The Info.plist entries the spec adds to PyInstaller's own (name, executable, icon file).

    Parameters
    ----------
    version : str
        nbviz's version, e.g. ``"0.1.0"``.
    """
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleExecutable": GUI_PROGRAM,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "CFBundlePackageType": "APPL",
        "LSMinimumSystemVersion": MINIMUM_MACOS,
        "LSApplicationCategoryType": "public.app-category.education",
        "NSHighResolutionCapable": True,
        "LSBackgroundOnly": False,  # a Dock icon and menus (PyInstaller sets True for a console program)
        "NSRequiresAquaSystemAppearance": False,  # follows the system's dark mode
        "CFBundleDocumentTypes": document_types(),
        "UTExportedTypeDeclarations": exported_types(),
    }
