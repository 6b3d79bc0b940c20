"""Builds libemotext.so with Integrations/c/build-library.sh and installs it inside the `emotext` package.

`pip install ./Integrations/python` runs this from the repository (pip builds in place), so the script and the
Swift package are found two folders up. EMOTEXT_LIBRARY=PATH copies a library built before instead of building.
"""

import os
import shutil
import subprocess
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


class BuildWithLibrary(build_py):
    """build_py that also puts libemotext.so into the built package."""

    def run(self):
        super().run()
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
    """Tags the wheel py3-none-PLATFORM: the Python code is plain ctypes, so it runs on any CPython 3; only the
    library inside is tied to the platform (the glibc it was built against, see build-library.sh)."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


setup(cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel}, distclass=BinaryDistribution)
