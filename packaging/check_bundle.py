"""Check the bundle and the installers on Linux, as a packager and a classroom would use them.

    pip install ".[package]" && python packaging/check_bundle.py [--work DIR] [--reuse] [--no-wine] [--no-pip]

Not part of CI's .ci/run (it takes a few minutes); docs/install.md ("Checking the bundle on Linux") names it.
Each step prints what it checked and what it measured; the first failure stops the script with status 1.

1. Build the one-folder bundle with ``packaging/nbviz.spec`` (timed; its size).
1b. Unless ``--no-pip``: a fresh virtual environment with ``pip install .``, timed, and its size; its
   ``nbviz`` is the pip install the bundle is compared with (else this environment's).
2. Run it under ``env -i`` with no Python on PATH: ``--version``, ``--list-presets`` and ``--preset
   faithful --steps 5 --screenshot`` must equal what the pip install's ``nbviz`` gives
   (the screenshot byte for byte, else pixel for pixel). Start-up of a scripted screenshot, bundle
   beside the pip install (medians of 7 runs taken in turns).
3. ``--install-desktop`` from the bundle into a temporary XDG_DATA_HOME: ``desktop-file-validate``
   passes; Exec is the bundle's ``nbviz-gui`` with no ``-m``. The Exec line, as a file manager expands
   it for a session saved at half-step 3, draws the same picture as the pip install opening that
   session; started without a picture, it keeps its window open (and is ended after 4 s).
4. Compile ``packaging/windows/nbviz.nsi`` with makensis (from the Linux bundle standing in for the
   Windows one: the file list, keys and uninstaller are the same). Where wine is present: install
   silently, read the keys back (equal to ``nbviz.desktop.windows.registry_values`` for the install
   folder), find the files and shortcuts, uninstall, and find HKCU\\Software\\Classes and the files
   exactly as before the install; once more with a value another program put on ``.nbviz``, which stays.
5. The macOS Info.plist the spec hands BUNDLE, through plistlib: the session type and its icon.
"""

from __future__ import annotations

import argparse
import configparser
import os
import plistlib
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "windows"))
sys.path.insert(0, str(HERE))

from nbviz import __version__  # noqa: E402
from nbviz.desktop import identity, macos, windows  # noqa: E402


class CheckFailed(Exception):
    pass


def say(text: str) -> None:
    print(text, flush=True)


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise CheckFailed(what)
    say(f"  ok  {what}")


def megabytes(path: Path) -> float:
    total = sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() or p.is_symlink())
    return total / 2**20


def bare_environment(home: Path, path: str = "/nonexistent", **extra: str) -> dict[str, str]:
    """An environment as ``env -i`` leaves it, plus a home: no Python on PATH, no display."""
    return {"PATH": path, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), **extra}


def run(command: list[str], env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout)


RUNS = 7  # start-up: the median of this many fresh processes each, taken in turns (the load of a shared machine drifts)


def timed_in_turns(commands: dict[str, tuple[list[str], dict[str, str]]]) -> dict[str, float]:
    """The median wall time of each command (name -> (command, environment)), run in turns `RUNS` times."""
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, (command, env) in commands.items():
            start = time.perf_counter()
            result = run(command, env)
            times[name].append(time.perf_counter() - start)
            if result.returncode != 0:
                raise CheckFailed(f"{' '.join(command)} failed: {result.stderr}")
    return {name: statistics.median(values) for name, values in times.items()}


def same_picture(first: Path, second: Path) -> str:
    """ "bytes" or "pixels" when the PNGs show the same, else ""."""
    if first.read_bytes() == second.read_bytes():
        return "bytes"
    from PySide6.QtGui import QGuiApplication, QImage

    if QGuiApplication.instance() is None:
        QGuiApplication(["check", "-platform", "offscreen"])
    return "pixels" if QImage(str(first)) == QImage(str(second)) else ""


PIP_PROGRAM: list[str] = []  # the fresh pip install's nbviz, once step 1b made it


def pip_program() -> str:
    """The fresh pip install's ``nbviz``; without one (--no-pip), this environment's, else the one on PATH."""
    if PIP_PROGRAM:
        return PIP_PROGRAM[0]
    beside = Path(sys.executable).with_name("nbviz")
    return str(beside) if beside.is_file() else (shutil.which("nbviz") or "nbviz")


# ----------------------------------------------------------------------------- 1. build
def build(work: Path, reuse: bool) -> tuple[Path, float | None]:
    bundle = work / "dist" / identity.APP_ID
    if reuse and (bundle / identity.CONSOLE_PROGRAM).is_file():
        say(f"1. reusing the bundle in {bundle}")
        return bundle, None
    say("1. building the bundle (pyinstaller packaging/nbviz.spec)")
    start = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--log-level=WARN",
            f"--distpath={work / 'dist'}",
            f"--workpath={work / 'build'}",
            str(HERE / "nbviz.spec"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise CheckFailed(f"pyinstaller failed:\n{result.stderr[-4000:]}")
    expect((bundle / identity.GUI_PROGRAM).is_file(), f"built {bundle} in {seconds:.0f} s")
    return bundle, seconds


# ----------------------------------------------------------------------------- 2. runs without Python
def runs_without_python(bundle: Path, work: Path) -> dict[str, float]:
    say("2. the bundle under env -i, no Python on PATH, beside the pip install's nbviz")
    home = work / "home"
    bare = bare_environment(home)
    pip_nbviz = pip_program()
    pip_env = bare_environment(home, path=str(Path(pip_nbviz).parent))
    console = str(bundle / identity.CONSOLE_PROGRAM)

    result = run([console, "--version"], bare)
    expect(result.returncode == 0 and result.stdout == f"nbviz {__version__}\n", f"--version: {result.stdout.strip()}")
    ours, theirs = run([console, "--list-presets"], bare), run([pip_nbviz, "--list-presets"], pip_env)
    count = len(ours.stdout.splitlines())
    expect(ours.returncode == 0 and ours.stdout == theirs.stdout, f"--list-presets: {count} presets, as pip's")
    pictures = []
    for name, program, env in (("bundle", console, bare), ("pip", pip_nbviz, pip_env)):
        picture = work / f"faithful-{name}.png"
        result = run([program, "--preset", "faithful", "--steps", "5", "--screenshot", str(picture)], env)
        if result.returncode != 0:
            raise CheckFailed(f"{name}: --screenshot failed: {result.stderr}")
        pictures.append(picture)
    kind = same_picture(*pictures)
    expect(bool(kind), f"--preset faithful --steps 5 --screenshot equals the pip install's ({kind})")
    shot = ["--preset", "faithful", "--screenshot", str(work / "timing.png")]
    seconds = timed_in_turns(
        {
            "bundle": ([console, *shot], bare),
            "pip": ([pip_nbviz, *shot], pip_env),
            "bundle --version": ([console, "--version"], bare),
            "pip --version": ([pip_nbviz, "--version"], pip_env),
        }
    )
    say(
        f"  start-up, a scripted screenshot of a preset (median of {RUNS}, in turns): "
        f"bundle {seconds['bundle']:.2f} s, pip install {seconds['pip']:.2f} s; "
        f"--version {seconds['bundle --version']:.2f} s against {seconds['pip --version']:.2f} s"
    )
    return seconds


# ----------------------------------------------------------------------------- 3. desktop entry
def desktop_entry(bundle: Path, work: Path) -> None:
    say("3. --install-desktop from the bundle into a temporary XDG_DATA_HOME")
    home = work / "desktop-home"
    shutil.rmtree(home, ignore_errors=True)
    env = bare_environment(home, XDG_DATA_HOME=str(home / "data"))
    result = run([str(bundle / identity.CONSOLE_PROGRAM), "--install-desktop"], env)
    expect(result.returncode == 0, f"installed: {result.stdout.splitlines()[0] if result.stdout else result.stderr}")
    entry_file = home / "data" / "applications" / f"{identity.APP_ID}.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(entry_file, encoding="utf-8")
    exec_line = parser["Desktop Entry"]["Exec"]
    words = shlex.split(exec_line)
    expect(words == [str(bundle / identity.GUI_PROGRAM), "%f"], f"Exec={exec_line}: the bundle's nbviz-gui, no -m")
    validator = shutil.which("desktop-file-validate")
    if validator:
        checked = subprocess.run([validator, str(entry_file)], capture_output=True, text=True)
        expect(checked.returncode == 0 and not checked.stdout.strip(), "desktop-file-validate passes")
    else:
        say("  --  desktop-file-validate is not installed (Debian: desktop-file-utils): not validated")

    session = work / "lecture.nbviz"
    console = str(bundle / identity.CONSOLE_PROGRAM)
    saved = run([console, "--preset", "faithful", "--steps", "3", "--save-session", str(session)], env)
    expect(saved.returncode == 0, "a session saved at half-step 3 by the bundle")
    opened = [word.replace("%f", str(session)) for word in words]  # as a file manager expands %f
    double_clicked, pip_opened = work / "double-clicked.png", work / "pip-opened.png"
    result = run([*opened, "--screenshot", str(double_clicked)], env)
    expect(result.returncode == 0, "the Exec line opens the session (drawn with --screenshot)")
    pip_nbviz = pip_program()
    run([pip_nbviz, str(session), "--screenshot", str(pip_opened)], bare_environment(home, str(Path(pip_nbviz).parent)))
    kind = same_picture(double_clicked, pip_opened)
    expect(bool(kind), f"the double-clicked session shows what the pip install shows at its half-step ({kind})")

    window = subprocess.Popen(
        opened,
        env={**env, "QT_QPA_PLATFORM": "offscreen"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        status = window.wait(timeout=4)
    except subprocess.TimeoutExpired:
        window.send_signal(signal.SIGTERM)
        status = window.wait(timeout=30)
    log = home / ".local" / "state" / identity.APP_ID / "nbviz.log"
    written = log.read_text(encoding="utf-8") if log.exists() else ""
    expect(status == 128 + signal.SIGTERM, "started by its Exec line, the window stays open on the session until ended")
    expect("lecture.nbviz" in written and "error" not in written.lower(), f"its message log {log} has no error")
    result = run([str(bundle / identity.CONSOLE_PROGRAM), "--uninstall-desktop"], env)
    expect(result.returncode == 0 and not entry_file.exists(), "--uninstall-desktop removes the entry")


# ----------------------------------------------------------------------------- 4. Windows installer
def wine_environment(prefix: Path) -> dict[str, str]:
    return {
        **os.environ,
        "WINEPREFIX": str(prefix),
        "WINEDEBUG": "-all",
        "WINEDLLOVERRIDES": "mscoree,mshtml=",  # no Mono or Gecko installer dialogs
        "DISPLAY": "",
    }


def find_program(names: tuple[str, ...], places: tuple[str, ...]) -> str | None:
    """The first of `names` on PATH, else the first of `places` that exists."""
    found = next((shutil.which(name) for name in names if shutil.which(name)), None)
    return found or next((place for place in places if Path(place).is_file()), None)


def wine_program() -> str | None:
    # Debian's /usr/bin/wine asks for the 32-bit wine; the installer is 64-bit, so wine64 is enough
    return find_program(("wine64",), ("/usr/lib/wine/wine64",)) or shutil.which("wine")


def wait_for_wine(env: dict[str, str]) -> None:
    """Wait until every wine process of the prefix has ended (an NSIS uninstaller runs a copy of itself)."""
    server = find_program(("wineserver",), ("/usr/lib/wine/wineserver64", "/usr/lib/wine/wineserver"))
    if server is not None:
        run([server, "-w"], env, timeout=900)


def reg_query(wine: str, env: dict[str, str], key: str) -> dict[str, str]:
    """The values of `key` (name -> text; "" for the default value) as ``reg query`` lists them."""
    result = run([wine, "reg", "query", key], env, timeout=60)
    values = {}
    for line in result.stdout.splitlines():
        parts = line.strip().split("    ")
        if len(parts) >= 2 and parts[1].startswith("REG_"):
            name = "" if parts[0] == "(Default)" else parts[0]
            values[name] = parts[2] if len(parts) > 2 else ""
    return values if result.returncode == 0 else {}


def registry_export(wine: str, env: dict[str, str], key: str, out: Path) -> str:
    out.unlink(missing_ok=True)
    for _ in range(3):  # just after wineboot, regedit may find the registry not loaded yet and write nothing
        run([wine, "regedit", "/E", str(out), key], env, timeout=120)
        wait_for_wine(env)
        if out.exists():
            return out.read_text(encoding="utf-16", errors="replace")
        time.sleep(2)
    raise CheckFailed(f"regedit /E did not export {key}")


def windows_installer(bundle: Path, work: Path, use_wine: bool) -> dict[str, float]:
    say("4. the Windows installer (packaging/windows/nbviz.nsi)")
    from build_installer import build_installer

    if shutil.which("makensis") is None:
        say("  --  makensis is not installed (Debian: nsis): the installer was not compiled")
        return {}
    start = time.perf_counter()
    installer = build_installer(bundle, work / "nbviz-setup.exe", work / "nsis", fast=True)
    seconds = {"makensis": time.perf_counter() - start}
    size = installer.stat().st_size / 2**20
    took = seconds["makensis"]
    expect(installer.is_file(), f"makensis compiled {installer.name} ({size:.0f} MiB, stored) in {took:.0f} s")
    wine = wine_program() if use_wine else None
    if wine is None:
        say("  --  wine is not installed: the installer was not run")
        return seconds
    prefix = work / "wine"
    shutil.rmtree(prefix, ignore_errors=True)
    env = wine_environment(prefix)
    run([wine, "wineboot", "-i"], env, timeout=300)
    wait_for_wine(env)
    run([wine, "reg", "add", r"HKCU\Software\Classes", "/f"], env)  # always there on Windows; a new prefix lacks it
    seconds |= wine_round(wine, env, installer, bundle, work, foreign=False)
    wine_round(wine, env, installer, bundle, work, foreign=True)
    return seconds


UNINSTALL_KEY = rf"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\{identity.APP_ID}"
OTHER = rf"HKCU\{windows.EXTENSION_KEY}\OpenWithProgids"  # where another program lists itself for .nbviz


def wine_round(wine: str, env: dict[str, str], installer: Path, bundle: Path, work: Path, foreign: bool) -> dict:
    """Install, check, uninstall, and find HKCU\\Software\\Classes and the files as before; with `foreign`,
    another program has listed itself for .nbviz first (its value must stay)."""
    from make_includes import gui_program, session_icon

    if foreign:
        say("  and again, with another program's value on .nbviz before the install:")
        run([wine, "reg", "add", OTHER, "/v", "Other.Session", "/t", "REG_SZ", "/d", "", "/f"], env)
    classes = r"HKEY_CURRENT_USER\Software\Classes"
    before = registry_export(wine, env, classes, work / "classes-before.reg")
    seconds = {}
    start = time.perf_counter()
    result = run([wine, str(installer), "/S"], env, timeout=900)
    wait_for_wine(env)
    seconds["wine install"] = time.perf_counter() - start
    expect(result.returncode == 0, f"installed silently under wine in {seconds['wine install']:.0f} s")
    folder = reg_query(wine, env, UNINSTALL_KEY).get("InstallLocation", "")
    expect(folder.endswith(r"\AppData\Local\Programs\nbviz"), f"installed for this user into {folder}")
    gui = gui_program(bundle)  # nbviz-gui: the Linux bundle stands in for the Windows one
    icon = session_icon(bundle).replace("$INSTDIR", folder)
    expected = windows.registry_values(windows.open_command([rf"{folder}\{gui}"]), icon)
    found = {value: reg_query(wine, env, rf"HKCU\{value.key}").get(value.name) for value in expected}
    if foreign:
        expect(all(found[value] == value.data for value in expected), "the keys are nbviz's")
    else:
        for value in expected:
            expect(found[value] == value.data, rf"HKCU\{value.key} {value.name or '(default)'} = {found[value]!r}")
    drive = Path(env["WINEPREFIX"]) / "drive_c"
    user_folder = next((drive / "users").glob(f"*/AppData/Local/Programs/{identity.APP_ID}"))
    installed = (user_folder / gui).is_file() and (user_folder / "uninstall.exe").is_file()
    count = sum(1 for path in user_folder.rglob("*") if path.is_file())
    expect(installed, f"the files are in {user_folder} ({count} files)")
    links = list(drive.glob("users/*/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/nbviz.lnk"))
    links += list(drive.glob("users/*/Desktop/nbviz.lnk"))
    expect(len(links) == 2, "the Start-menu and desktop shortcuts are there")

    start = time.perf_counter()
    result = run([wine, str(user_folder / "uninstall.exe"), "/S"], env, timeout=900)
    wait_for_wine(env)
    seconds["wine uninstall"] = time.perf_counter() - start
    expect(result.returncode == 0, f"uninstalled silently in {seconds['wine uninstall']:.0f} s")
    expect(not reg_query(wine, env, rf"HKCU\{windows.PROG_ID_KEY}"), rf"HKCU\{windows.PROG_ID_KEY} is gone")
    expect(not reg_query(wine, env, UNINSTALL_KEY), "the Settings -> Apps entry is gone")
    if foreign:
        kept = reg_query(wine, env, OTHER)
        expect(kept == {"Other.Session": ""}, f"the other program's value on .nbviz stays, nbviz's is gone: {kept}")
    else:
        expect(not reg_query(wine, env, rf"HKCU\{windows.EXTENSION_KEY}"), rf"HKCU\{windows.EXTENSION_KEY} is gone")
    after = registry_export(wine, env, classes, work / "classes-after.reg")
    expect(bool(before) and before == after, r"HKCU\Software\Classes is as it was before the install")
    gone = not user_folder.exists() and not any(link.exists() for link in links)
    expect(gone, "the files, folder and shortcuts are gone")
    return seconds


# ----------------------------------------------------------------------------- 5. macOS plist
def macos_plist(work: Path) -> None:
    say("5. the macOS Info.plist the spec hands BUNDLE, through plistlib")
    path = work / "Info.plist"
    path.write_bytes(plistlib.dumps(macos.info_plist(__version__)))
    plist = plistlib.loads(path.read_bytes())
    (document,) = plist["CFBundleDocumentTypes"]
    (exported,) = plist["UTExportedTypeDeclarations"]
    extensions = exported["UTTypeTagSpecification"]["public.filename-extension"]
    expect(extensions == [identity.SESSION_SUFFIX.lstrip(".")], f"exports {exported['UTTypeIdentifier']} for *.nbviz")
    owner = document["LSItemContentTypes"] == [identity.UTI] and document["LSHandlerRank"] == "Owner"
    expect(owner, "nbviz owns and opens it")
    icons = work / "build" / "nbviz" / "icons"
    if icons.is_dir():
        name = document["CFBundleTypeIconFile"]
        expect((icons / name).is_file(), f"its icon {name} was built")


# ----------------------------------------------------------------------------- 6. the pip install
def pip_install(work: Path) -> dict[str, float]:
    say("1b. pip install . into a fresh virtual environment, the install the bundle is compared with")
    venv = work / "pip-venv"
    shutil.rmtree(venv, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    start = time.perf_counter()
    result = subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(ROOT)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        say(f"  --  pip install failed, not measured: {result.stderr.strip().splitlines()[-1:]}")
        return {}
    size = megabytes(venv)
    say(f"  ok  installed in {seconds:.0f} s (from pip's cache when warm); the environment is {size:.0f} MiB")
    PIP_PROGRAM.append(str(venv / "bin" / "nbviz"))
    return {"pip install": seconds, "pip size": size}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, default=Path(tempfile.gettempdir()) / "nbviz-check")
    parser.add_argument("--reuse", action="store_true", help="use the bundle already built in WORK")
    parser.add_argument("--no-wine", action="store_true", help="compile the installer but do not run it")
    parser.add_argument("--no-pip", action="store_true", help="do not measure a fresh pip install")
    args = parser.parse_args()
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    try:
        bundle, build_seconds = build(work, args.reuse)
        data = next(bundle.rglob("nbviz/_data"))
        carried = ("resources/datasets/faithful.csv", "icons/nbviz.svg", "docs/index.md")
        expect(all((data / name).is_file() for name in carried), f"it carries the datasets, icons and guide ({data})")
        size = megabytes(bundle)
        say(f"  the bundle is {size:.0f} MiB" + (f", built in {build_seconds:.0f} s" if build_seconds else ""))
        if not args.no_pip:
            pip_install(work)
        runs_without_python(bundle, work)
        desktop_entry(bundle, work)
        windows_installer(bundle, work, not args.no_wine)
        macos_plist(work)
    except CheckFailed as failure:
        say(f"FAILED: {failure}")
        return 1
    say("all checks passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
