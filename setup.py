"""Packaging: the repository's root is the package ``railyard``.

pyproject.toml holds the metadata; this file only maps folders to package names, because
setuptools' static ``packages.find`` cannot prefix the names it finds with ``railyard.``.
"""

from setuptools import find_packages, setup

SUBPACKAGES = find_packages(include=["framework", "framework.*", "renderer", "renderer.*"])

setup(
    package_dir={"railyard": "."},
    packages=["railyard", "railyard.titles", "railyard.schemas"]
    + [f"railyard.{name}" for name in SUBPACKAGES],
)
