"""The bots' place in the import graph: the registry imports no bot, the greedy bot asks the
engine through :mod:`framework.bots.queries`, and the token rules find homes in their own
module."""

import ast
from pathlib import Path

from tools.import_cycles import cycles, graph

ROOT = Path(__file__).resolve().parent.parent.parent
BOTS = ROOT / "framework" / "bots"


def _imports(path: Path, *, inside_functions: bool) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) != inside_functions:
            continue
        scope = ast.walk(node) if inside_functions else iter(tree.body)
        for inner in scope:
            if isinstance(inner, ast.ImportFrom) and (inner.module or "").startswith("railyard"):
                found.append(inner.module or "")
        if not inside_functions:
            break
    return found


def test_the_bot_registry_and_the_bots_form_no_import_cycle() -> None:
    assert cycles(graph(BOTS, "railyard.framework.bots")) == []
    assert not [m for m in _imports(BOTS / "base.py", inside_functions=False)
                if m.startswith("railyard.framework.bots")]


def test_the_greedy_bot_imports_nothing_inside_its_methods() -> None:
    assert _imports(BOTS / "greedy.py", inside_functions=True) == []


def test_the_greedy_bot_reads_the_rules_only_through_the_query_module() -> None:
    engine = [m for m in _imports(BOTS / "greedy.py", inside_functions=False)
              if m.startswith("railyard.framework.eighteen") or m.startswith("railyard.framework.routes")]
    assert engine == []


def test_the_built_in_bots_are_found_by_name_in_their_old_order() -> None:
    from railyard.framework.bots.base import _factories
    from railyard.framework.bots.greedy import GreedyBot
    from railyard.framework.bots.random_bot import RandomBot
    from railyard.framework.bots.strong import StrongBot

    factories = _factories()
    assert list(factories)[:4] == ["random", "greedy", "strong", "uniform"]
    assert factories["random"] is RandomBot and factories["greedy"] is GreedyBot
    assert factories["strong"] is StrongBot


def test_the_token_rules_import_homes_from_their_own_module() -> None:
    tokens = ROOT / "framework" / "eighteen" / "tokens.py"
    modules = _imports(tokens, inside_functions=False)
    assert "railyard.framework.eighteen.homes" in modules
    assert "railyard.framework.eighteen.tile_lay" not in modules
