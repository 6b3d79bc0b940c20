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


class BinaryDistribution(Distribution):
    """The wheel holds a native library, so it is tagged for this platform."""

    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildWithLibrary}, distclass=BinaryDistribution)
