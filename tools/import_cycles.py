"""Find import cycles among the modules of one package folder (default framework/eighteen).

Every import counts: module level, under ``if TYPE_CHECKING:`` and inside functions, since a
cycle hidden in any of them still ties the modules together. Prints each cycle (one strongly
connected group of modules) and exits 1 if there is any.

    python tools/import_cycles.py [folder] [dotted.package.name]
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imports_of(path: Path, package: str, modules: set[str]) -> set[str]:
    """The package's modules that ``path`` imports anywhere in its body."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: one folder, so any level names this package
                target = f"{package}.{node.module}" if node.module else package
            else:
                target = node.module or ""
            names = [target] + [f"{target}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name for name in names if name in modules}
    return found


def graph(folder: Path, package: str) -> dict[str, set[str]]:
    files = {f"{package}.{p.stem}": p for p in sorted(folder.glob("*.py")) if p.name != "__init__.py"}
    modules = set(files)
    return {name: imports_of(path, package, modules) - {name} for name, path in files.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "framework" / "eighteen"
    package = argv[1] if len(argv) > 1 else "railyard.framework.eighteen"
    found = cycles(graph(folder, package))
    for group in found:
        print(f"cycle of {len(group)} modules: {', '.join(m.rsplit('.', 1)[1] for m in group)}")
    if not found:
        print(f"no import cycle among the modules of {folder}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.setrecursionlimit(10_000)
    raise SystemExit(main(sys.argv[1:]))
