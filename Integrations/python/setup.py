"""Builds libemotext.so with Integrations/c/build-library.sh and installs it inside the `emotext` package.

`pip install ./Integrations/python` runs this from the repository (pip builds in place), so the script and the
Swift package are found two folders up. EMOTEXT_LIBRARY=PATH copies a library built before instead of building.

The version is the engine's, read from Sources/EmotextCLISupport/Answers/Version.swift (what `emotext --version`
and `emotext_version()` answer), so the wheel cannot disagree with the library inside it. The wheel's platform tag
is the manylinux tag the library earns: the newest glibc symbol version it needs (read from its ELF version
requirements) and its architecture. `pip install -e` builds (or copies) the library into the source folder's
`emotext/`, where the editable package loads it.
"""

import os
import re
import shutil
import struct
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VERSION_SWIFT = ROOT / "Sources" / "EmotextCLISupport" / "Answers" / "Version.swift"


def engine_version():
    """The engine's version from Version.swift (in a source distribution, which has no Sources, its PKG-INFO's)."""
    if VERSION_SWIFT.exists():
        match = re.search(r'emotextVersion: StaticString = "([^"]+)"', VERSION_SWIFT.read_text(encoding="utf-8"))
        if not match:
            raise SystemExit("emotext: %s does not define emotextVersion" % VERSION_SWIFT)
        return match.group(1)
    info = HERE / "PKG-INFO"
    if info.exists():
        match = re.search(r"^Version: (\S+)$", info.read_text(encoding="utf-8"), re.MULTILINE)
        if match:
            return match.group(1)
    raise SystemExit("emotext: %s is missing: build from the Emotext repository" % VERSION_SWIFT)


# ELF e_machine values and the manylinux architecture names (the oldest manylinux of each architecture).
_ARCHITECTURES = {3: ("i686", 5), 62: ("x86_64", 5), 183: ("aarch64", 17), 21: ("ppc64le", 17), 22: ("s390x", 17)}


def manylinux_tag(library):
    """`manylinux_2_N_ARCH` for a shared library: N is the newest `GLIBC_2.N` among the symbol versions it needs
    (its SHT_GNU_verneed section, what `readelf -V` shows), ARCH its machine. PEP 600: such a library loads on any
    Linux with glibc 2.N or newer, provided it links nothing but the C runtime (build-library.sh checks that)."""
    data = Path(library).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SystemExit("emotext: %s is not a 64-bit ELF shared library" % library)
    order = "<" if data[5] == 1 else ">"
    machine, = struct.unpack_from(order + "H", data, 18)
    section_offset, = struct.unpack_from(order + "Q", data, 0x28)
    entry_size, count = struct.unpack_from(order + "HH", data, 0x3A)
    sections = [struct.unpack_from(order + "IIQQQQIIQQ", data, section_offset + index * entry_size)
                for index in range(count)]
    newest = 0
    for _, kind, _, _, offset, _, link, entries, _, _ in sections:
        if kind != 0x6FFFFFFE:  # SHT_GNU_verneed
            continue
        strings = sections[link][4]
        need = offset
        for _ in range(entries):
            _, auxiliaries, _, auxiliary, following = struct.unpack_from(order + "HHIII", data, need)
            position = need + auxiliary
            for _ in range(auxiliaries):
                _, _, _, name, step = struct.unpack_from(order + "IHHII", data, position)
                end = data.index(b"\0", strings + name)
                match = re.fullmatch(rb"GLIBC_2\.(\d+)(?:\.\d+)?", data[strings + name:end])
                if match:
                    newest = max(newest, int(match.group(1)))
                position += step
            need += following
    if machine not in _ARCHITECTURES:
        raise SystemExit("emotext: %s is for ELF machine %d, which has no manylinux tag here" % (library, machine))
    architecture, oldest = _ARCHITECTURES[machine]
    return "manylinux_2_%d_%s" % (max(newest, oldest), architecture)


class BuildWithLibrary(build_py):
    """build_py that also puts libemotext.so into the built package."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            # Note: an editable install imports the source folder's package, so the library goes there.
            target = HERE / "emotext" / "libemotext.so"
        else:
            target = Path(self.build_lib).resolve() / "emotext" / "libemotext.so"
        target.parent.mkdir(parents=True, exist_ok=True)
        prebuilt = os.environ.get("EMOTEXT_LIBRARY")
        if prebuilt:
            # Note: pip runs this from a folder of its choosing, so a relative path would name the wrong file.
            if not os.path.isabs(prebuilt) or not os.path.exists(prebuilt):
                raise SystemExit("emotext: EMOTEXT_LIBRARY must be the absolute path of a libemotext.so: %r" % prebuilt)
            shutil.copyfile(prebuilt, target)
            return
        script = ROOT / "Integrations" / "c" / "build-library.sh"
        if not script.exists():
            raise SystemExit(
                "emotext: %s is missing: install from the Emotext repository (pip install ./Integrations/python), "
                "or set EMOTEXT_LIBRARY to a built libemotext.so" % script
            )
        subprocess.run(["bash", str(script), str(target)], check=True, cwd=ROOT)


try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools before 70.1
    from wheel.bdist_wheel import bdist_wheel


class BinaryDistribution(Distribution):
    """The wheel holds a native library, so it is platform-specific (installed under platlib)."""

    def has_ext_modules(self):
        return True


class PlatformWheel(bdist_wheel):
    """Tags the wheel py3-none-manylinux_2_N_ARCH: the Python code is plain ctypes, so it runs on any CPython 3;
    only the library inside is tied to the platform, by the glibc it needs (see manylinux_tag)."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, platform = super().get_tag()
        library = Path(self.get_finalized_command("build_py").build_lib) / "emotext" / "libemotext.so"
        # Note: an editable install asks for a tag before (and without) building the library into build_lib.
        if library.exists():
            platform = manylinux_tag(library)
        return "py3", "none", platform


setup(
    version=engine_version(),
    cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel},
    distclass=BinaryDistribution,
)
