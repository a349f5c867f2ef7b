"""Packaging: the repository's root is the package ``railyard``.

pyproject.toml holds the metadata; this file only maps folders to package names, because
setuptools' static ``packages.find`` cannot prefix the names it finds with ``railyard.``.
"""

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

SUBPACKAGES = find_packages(include=["framework", "framework.*", "renderer", "renderer.*"])


class BuildPy(build_py):
    """Leaves this file out of the package: the root folder is ``railyard``, setup.py is not."""

    def find_package_modules(self, package, package_dir):
        modules = super().find_package_modules(package, package_dir)
        return [m for m in modules if not (package == "railyard" and m[1] == "setup")]


setup(
    package_dir={"railyard": "."},
    packages=["railyard", "railyard.titles", "railyard.schemas"]
    + [f"railyard.{name}" for name in SUBPACKAGES],
    cmdclass={"build_py": BuildPy},
)
