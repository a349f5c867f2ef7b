"""The 18xx family's modules form no import cycle: each rule module and step depends on the
small ``Context`` (spec, hooks), never on the ruleset that builds it, and none hides a cycle
behind a function-local import."""

import subprocess
import sys
from pathlib import Path

from tools.import_cycles import cycles, graph

ROOT = Path(__file__).resolve().parent.parent.parent
EIGHTEEN = ROOT / "framework" / "eighteen"
PACKAGE = "railyard.framework.eighteen"


def test_no_import_cycle_among_the_family_modules_counting_type_and_local_imports():
    assert cycles(graph(EIGHTEEN, PACKAGE)) == []


def test_the_cycle_finder_sees_a_cycle_through_a_type_checking_import(tmp_path):
    (tmp_path / "a.py").write_text("from pkg import b\n")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import X\n")
    (tmp_path / "c.py").write_text("def f():\n    from pkg import a\n")
    assert cycles(graph(tmp_path, "pkg")) == [["pkg.a", "pkg.b"]]


def test_no_module_of_the_family_imports_inside_a_function():
    import ast

    local = []
    for path in sorted(EIGHTEEN.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith(PACKAGE):
                        local.append(f"{path.name}:{inner.lineno}")
    assert local == []


def test_each_family_module_imports_alone_with_nothing_of_railyard_loaded():
    names = sorted(p.stem for p in EIGHTEEN.glob("*.py") if p.name != "__init__.py")
    script = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    for loaded in [m for m in sys.modules if m.startswith('railyard')]:\n"
        "        del sys.modules[loaded]\n"
        f"    importlib.import_module('{PACKAGE}.' + name)\n"
        "print('ok', len(sys.argv))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
