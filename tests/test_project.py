"""Checks of the project's own promises: the README's commands, the fixed layout, and the
rule that the generic engine names no title."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [line[4:] for line in text.splitlines() if line.startswith("    python3 -m pip install")]


def test_readme_opens_with_play_and_test_commands():
    commands = readme_commands()
    assert len(commands) == 2
    assert commands[0].endswith("railyard play 1837")
    assert "pytest" in commands[1] and "[test]" in commands[1]


def test_ci_runs_the_readme_test_command():
    """.ci/run reads the command out of the README, so print what it would run."""
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "README.md" in script
    picked = subprocess.run(
        ["bash", "-c", "grep -E '^    python3 -m pip install' README.md | sed -n 2p | sed 's/^    //'"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.strip()
    assert picked == readme_commands()[1]


def test_fixed_top_level_layout_exists():
    for name in ("pyproject.toml", "README.md", "framework", "titles/1837",
                 "titles/imperial_steam", "schemas", "renderer", "tests", "seeds"):
        assert (ROOT / name).exists(), name


def test_seeds_hold_the_three_rule_documents():
    names = {p.name for p in (ROOT / "seeds").glob("*.txt")}
    assert names == {
        "1837_rulebook_second_edition.txt",
        "1837_rules_first_edition_depot_translation.txt",
        "imperial_steam_game_help.txt",
    }


def test_framework_names_no_title():
    pattern = re.compile(r"1837|imperial|steam|vienna|wien\b", re.IGNORECASE)
    offenders = []
    for path in (ROOT / "framework").rglob("*"):
        if path.is_file() and path.suffix in {".py", ".yaml", ".json", ".md", ".txt"}:
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
