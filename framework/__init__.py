"""The engine. Importing it arranges for the code attrs compiles for the engine's classes to
be kept on disk (:mod:`framework.codecache`)."""

from railyard.framework import codecache as _codecache

_codecache.install()
