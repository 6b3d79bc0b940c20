"""The package as installed: one version everywhere, and a clear error when the library is missing."""

import importlib.metadata
import os
import shutil
import subprocess
import sys
from pathlib import Path

import emotext
from conftest import ROOT

PACKAGE = Path(emotext.__file__).resolve().parent
# What the child processes below print: the error's class and message, or the version.
PROBE = """
import emotext
try:
    print("version", emotext.version())
except emotext.Error as error:
    print(type(error).__name__, error)
"""


def probe(environment_path=None, python_path=None):
    """Runs PROBE in a fresh interpreter (the library is loaded once a process) and returns its output line."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("EMOTEXT_LIBRARY_PATH", "PYTHONPATH")}
    if environment_path is not None:
        environment["EMOTEXT_LIBRARY_PATH"] = str(environment_path)
    if python_path is not None:
        environment["PYTHONPATH"] = str(python_path)
    answer = subprocess.run([sys.executable, "-c", PROBE], env=environment, capture_output=True, text=True,
                            cwd="/", check=True)
    return answer.stdout.strip()


def test_one_version_for_the_wheel_the_library_and_the_cli(cli):
    """The wheel's version (pyproject's dynamic version, which setup.py reads from Version.swift) is the one the
    C ABI answers and the one `emotext --version` prints."""
    version = emotext.version()
    assert version == importlib.metadata.version("emotext")
    printed = subprocess.run([cli, "--version"], capture_output=True, text=True, check=True).stdout
    assert printed == "emotext %s\n" % version


def test_the_version_is_the_one_in_version_swift():
    source = (ROOT / "Sources" / "EmotextCLISupport" / "Answers" / "Version.swift").read_text(encoding="utf-8")
    assert 'emotextVersion: StaticString = "%s"' % emotext.version() in source


def test_the_installed_package_loads_its_own_library():
    assert (PACKAGE / "libemotext.so").is_file()
    assert probe() == "version %s" % emotext.version()


def test_a_missing_library_named_by_the_variable_is_an_emotext_error(tmp_path):
    missing = tmp_path / "nowhere" / "libemotext.so"
    line = probe(environment_path=missing)
    assert line.startswith("Error cannot load the Emotext library (EMOTEXT_LIBRARY_PATH is '%s'; " % missing)
    assert "set EMOTEXT_LIBRARY_PATH to a built libemotext.so" in line


def test_a_package_without_its_library_is_an_emotext_error(tmp_path):
    """A copy of the package without libemotext.so (as an editable install of a source folder never built): import
    succeeds, and the first call raises emotext.Error naming the missing file and EMOTEXT_LIBRARY_PATH."""
    shutil.copytree(PACKAGE, tmp_path / "emotext", ignore=shutil.ignore_patterns("libemotext.so", "__pycache__"))
    line = probe(python_path=tmp_path)
    expected = tmp_path / "emotext" / "libemotext.so"
    assert line.startswith("Error cannot load the Emotext library (the package has no library at %s; " % expected)
    assert "set EMOTEXT_LIBRARY_PATH to a built libemotext.so" in line
    # The variable rescues it.
    assert probe(environment_path=PACKAGE / "libemotext.so", python_path=tmp_path) == "version %s" % emotext.version()


def test_a_library_that_is_not_emotexts_is_an_emotext_error(tmp_path):
    other = Path(next(path for path in ("/lib/x86_64-linux-gnu/libm.so.6", "/lib/aarch64-linux-gnu/libm.so.6",
                                        "/lib64/libm.so.6") if os.path.exists(path)))
    line = probe(environment_path=other)
    assert line == ("Error %s is not the Emotext library (it has no emotext_abi_version); set EMOTEXT_LIBRARY_PATH "
                    "to a built libemotext.so, or unset it to use the package's own" % other)
