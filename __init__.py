"""railyard: a data-driven engine for 18xx railway board games.

The repository's top-level folders install as one package: ``railyard.framework`` (the
engine), ``railyard.renderer`` (the pygame client), ``railyard.titles`` (the title folders,
package data) and ``railyard.schemas`` (JSON Schema for every title file).
"""
