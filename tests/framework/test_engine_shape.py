"""The engine knows no UI (issue 14): nothing under framework/ imports the renderer or pygame,
the client is found through entry points, and without one the engine still plays headless."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from railyard.framework import clients
from railyard.framework.cli import main

FRAMEWORK = Path(__file__).resolve().parents[2] / "framework"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_engine_module_imports_the_renderer_or_pygame():
    offenders = {
        str(path.relative_to(FRAMEWORK)): sorted(found)
        for path in FRAMEWORK.rglob("*.py")
        if (found := {n for n in _imports(path)
                      if n.split(".")[0] in ("pygame", "renderer")
                      or n.startswith("railyard.renderer")})
    }
    assert offenders == {}


def test_the_installed_client_and_the_imperial_steam_view_come_from_entry_points():
    window = clients.client()
    assert window is not None and window.__name__ == "railyard.renderer.client"
    view = clients.view_for("imperial_steam")
    assert view is not None and view.__name__ == "railyard.renderer.imperial_steam.dispatch"
    assert clients.view_for("18xx") is None  # the window client draws hex-map titles itself


def test_without_a_client_play_runs_headless_and_saves_without_a_picture(tmp_path, capsys,
                                                                          monkeypatch):
    monkeypatch.setattr(clients, "_lookup", lambda group, name: None)
    save = tmp_path / "g.json"
    assert main(["play", "1837", "--players", "3", "--save", str(save), "--max-actions", "30"]) == 0
    out = capsys.readouterr().out
    assert "no window client is installed" in out and "Played 30 actions" in out
    assert len(json.loads(save.read_text())["actions"]) == 30
    assert not save.with_suffix(".png").exists()


def test_a_registered_client_comes_before_the_entry_point(monkeypatch):
    marker = object()
    monkeypatch.setattr(clients, "_registered", {})
    clients.register_view("imperial_steam", marker)
    assert clients.view_for("imperial_steam") is marker
