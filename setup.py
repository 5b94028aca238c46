"""setup.py - builds the wheel of the Python package `tabula` with
libtabula.so inside it.

pyproject.toml holds the project's metadata; this file adds what
setuptools cannot say declaratively: the C library is built by the
project's Makefile (`make build/libtabula.so`, C11 with the Debian
libraries the README lists) and copied into the package, where
python/tabula/_lib.py looks for it first.  The wheel is therefore
platform-specific (has_ext_modules), and setuptools' own scratch
directories go under build/python so they never mix with the Makefile's
build/ tree or the sources.
"""
import os
import re
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = os.path.dirname(os.path.abspath(__file__))
SCRATCH = os.path.join("build", "python")


def version() -> str:
    """The version is TB_VERSION of include/tabula.h, the one place it is
    written."""
    with open(os.path.join(ROOT, "include", "tabula.h"), encoding="utf-8") as f:
        m = re.search(r'#define TB_VERSION "([^"]+)"', f.read())
    if not m:
        raise RuntimeError("include/tabula.h defines no TB_VERSION")
    return m.group(1)


class BuildWithLibrary(build_py):
    """Builds libtabula.so with make and puts it beside the package's
    modules, so that an installed package needs no source tree."""

    def run(self):
        super().run()
        jobs = str(max(1, min(os.cpu_count() or 1, 4)))
        subprocess.check_call(["make", "-C", ROOT, "-j" + jobs,
                               "build/libtabula.so"])
        dest = os.path.join(self.build_lib, "tabula", "libtabula.so")
        shutil.copyfile(os.path.join(ROOT, "build", "libtabula.so"), dest)


try:
    from wheel.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        """The library is loaded with ctypes, so the wheel serves every
        Python 3 of its platform: tagged py3-none-<platform>."""

        def get_tag(self):
            plat = super().get_tag()[2]
            return "py3", "none", plat

    COMMANDS = {"bdist_wheel": PlatformWheel}
except ImportError:  # building without wheel: an sdist or a plain install
    COMMANDS = {}


class BinaryDistribution(Distribution):
    """A wheel that carries a shared library is specific to its platform."""

    def has_ext_modules(self):
        return True


os.makedirs(os.path.join(ROOT, SCRATCH), exist_ok=True)
setup(
    version=version(),
    cmdclass={"build_py": BuildWithLibrary, **COMMANDS},
    distclass=BinaryDistribution,
    options={"build": {"build_base": SCRATCH},
             "egg_info": {"egg_base": SCRATCH}},
)
