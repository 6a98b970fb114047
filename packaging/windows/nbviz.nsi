; The nbviz installer for Windows: per user, no administrator rights.
;
; Installs the bundle (PyInstaller's dist\nbviz) into %LOCALAPPDATA%\Programs\nbviz, with Start-menu and
; desktop shortcuts to nbviz-gui.exe (no console), the .nbviz session type under
; HKCU\Software\Classes (the same values as `nbviz --install-desktop`: nbviz/desktop/windows.py), and an
; entry in Settings -> Apps. The uninstaller removes exactly what the installer wrote: each file it
; installed, each folder once empty, its shortcuts, its keys, and a shared value only while it is still
; nbviz's.
;
; Build: python packaging/windows/build_installer.py dist\nbviz   (docs/install.md)
; which writes the include files (make_includes.py) and runs
;   makensis /DINCLUDES=<folder of the include files> packaging\windows\nbviz.nsi
; /DFAST stores the files uncompressed (a quick build for checking, packaging/check_bundle.py).
; Silent: nbviz-setup.exe /S [/D=C:\path]; uninstall: "<install folder>\uninstall.exe" /S

Unicode true
Target amd64-unicode  ; the bundle's Python is 64-bit

!ifndef INCLUDES
  !error "give /DINCLUDES=FOLDER: the include files written by make_includes.py"
!endif
!include "${INCLUDES}\defines.nsh"

!ifdef FAST
  SetCompress off
!else
  SetCompressor /SOLID lzma
!endif

Name "${APP_NAME}"
OutFile "${OUT_FILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${APP_ID}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
ManifestDPIAware true
BrandingText "${APP_NAME} ${VERSION}"

!include "MUI2.nsh"
!ifdef APP_ICON
  !define MUI_ICON "${APP_ICON}"
  !define MUI_UNICON "${APP_ICON}"
!endif
!define MUI_FINISHPAGE_RUN "$INSTDIR\${GUI_EXE}"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APP_NAME}"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APP_NAME}"
VIAddVersionKey "FileDescription" "${APP_NAME} installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "CompanyName" "${PUBLISHER}"
VIAddVersionKey "LegalCopyright" "MIT licence"

Section "nbviz"
  SetShellVarContext current  ; this user's Start menu and desktop
  SetOutPath "$INSTDIR"
  !include "${INCLUDES}\files.nsh"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\${APP_NAME}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${GUI_EXE}" 0
  CreateShortcut "$DESKTOP\${APP_NAME}.lnk" "$INSTDIR\${GUI_EXE}" "" "$INSTDIR\${GUI_EXE}" 0

  !include "${INCLUDES}\registry.nsh"

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${APP_NAME}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${GUI_EXE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1

  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'  ; Explorer reads the types again
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${APP_NAME}.lnk"
  Delete "$DESKTOP\${APP_NAME}.lnk"
  !include "${INCLUDES}\unregistry.nsh"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  !include "${INCLUDES}\unfiles.nsh"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"  ; only if empty: a file the user put there stays
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
