"""A title folder is read only where the title points, within bounds (issue 35, defect 4):
a stray file nothing names is never opened, a named file that is not a regular one or is too
large is a located error at once, and a path that leads out of the folder is refused without
reading what it leads to.

Each case runs ``railyard validate`` in a child process with a time limit and a cap on its
address space, so that a hang or a runaway read fails the test instead of the machine."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import railyard
from railyard.framework.safefiles import FileRefused, read_bounded
from tests.framework.tinyrail import broken_copy

#: where the package under test was imported from (a link named railyard, maybe: not resolved)
PACKAGE_PARENT = str(Path(railyard.__file__).parent.parent)

SECONDS = 30  # a loaded 2-core machine; a validate of the example takes about one
MEMORY_CAP = 1536 * 1024 * 1024  # the child's address space: a runaway read fails, not swaps
PEAK_MB = 200  # what the validate may hold at its peak (about 60 MB on a quiet machine)

_CHILD = """
import json, resource, sys
from railyard.framework.cli import main
code = main(["validate", sys.argv[1]])
# VmHWM: this program's own peak (ru_maxrss keeps the forking parent's across exec)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
try:
    with open("/proc/self/status") as status:
        peak = next(int(l.split()[1]) // 1024 for l in status if l.startswith("VmHWM:"))
except (OSError, StopIteration):
    pass
print(json.dumps({"code": code, "peak_mb": peak}), file=sys.stderr)
"""


def _cap() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def validate(folder: Path) -> tuple[int, str, int]:
    """(exit code, what it printed, peak memory in MB) of ``railyard validate folder``."""
    env = {**os.environ, "PYTHONPATH": PACKAGE_PARENT, "RAILYARD_CACHE_DIR": "off"}
    done = subprocess.run([sys.executable, "-c", _CHILD, str(folder)], capture_output=True,
                          text=True, timeout=SECONDS, env=env, cwd=folder.parent,
                          preexec_fn=_cap)
    *said, last = done.stderr.rstrip("\n").split("\n")
    result = json.loads(last)
    return result["code"], done.stdout + "\n".join(said), result["peak_mb"]


@pytest.fixture
def title(tmp_path: Path) -> Path:
    return broken_copy(tmp_path, "title.yaml", "id: tinyrail", "id: tinyrail")


def test_a_link_to_an_endless_device_that_nothing_names_is_never_opened(title: Path) -> None:
    (title / "stray.yaml").symlink_to("/dev/zero")
    code, said, peak = validate(title)
    assert (code, peak < PEAK_MB) == (0, True), said


def test_a_named_pipe_that_nothing_names_is_never_opened(title: Path) -> None:
    os.mkfifo(title / "pipe")
    code, said, peak = validate(title)
    assert code == 0, said


def test_a_huge_stray_file_is_never_read(title: Path) -> None:
    with open(title / "huge.log", "wb") as stray:  # sparse: 300 MB that take no disk
        stray.truncate(300 * 1024 * 1024)
    code, said, peak = validate(title)
    assert (code, peak < PEAK_MB) == (0, True), (said, peak)


def test_a_named_file_that_is_a_pipe_is_a_located_error_at_once(title: Path) -> None:
    (title / "map.yaml").unlink()
    os.mkfifo(title / "map.yaml")
    code, said, peak = validate(title)
    assert code == 1
    assert "tinyrail/map.yaml:0: (yaml): not a regular file" in said, said


def test_a_named_file_linked_to_a_device_is_refused_unread(title: Path) -> None:
    (title / "map.yaml").unlink()
    (title / "map.yaml").symlink_to("/dev/zero")
    code, said, peak = validate(title)
    assert code == 1
    assert "tinyrail/title.yaml:10: files.map: outside the title folder: map.yaml" in said, said
    assert peak < PEAK_MB


def test_a_device_is_refused_by_the_bounded_reader_before_any_byte() -> None:
    with pytest.raises(FileRefused, match="not a regular file"):
        read_bounded("/dev/zero", 10)


def test_a_named_file_over_the_size_limit_is_refused_while_read_not_after(title: Path) -> None:
    with open(title / "map.yaml", "ab") as grown:
        grown.truncate(300 * 1024 * 1024)
    code, said, peak = validate(title)
    assert code == 1
    assert "tinyrail/map.yaml:1: (yaml): file too large" in said, said
    assert peak < PEAK_MB


def test_a_file_path_out_of_the_title_folder_is_refused_at_its_line_unread(title: Path) -> None:
    text = (title / "title.yaml").read_text(encoding="utf-8")
    (title / "title.yaml").write_text(text.replace("map: map.yaml", "map: /etc/passwd"), encoding="utf-8")
    code, said, peak = validate(title)
    assert code == 1
    assert "tinyrail/title.yaml:10: files.map: expected a file name or {path, schema}" in said, said
    assert "root:" not in said


def test_a_link_out_of_the_title_folder_is_refused_at_its_line_unread(title: Path) -> None:
    (title / "map.yaml").unlink()
    (title / "map.yaml").symlink_to("/etc/passwd")
    code, said, peak = validate(title)
    assert code == 1
    assert "tinyrail/title.yaml:10: files.map: outside the title folder: map.yaml" in said, said
    assert "root:" not in said


def test_a_hooks_path_out_of_the_title_folder_is_refused_at_its_line(title: Path, tmp_path: Path) -> None:
    text = (title / "title.yaml").read_text(encoding="utf-8")
    (title / "title.yaml").write_text(text + "hooks: ../evil\n", encoding="utf-8")
    code, said, peak = validate(title)
    assert code == 1
    assert "tinyrail/title.yaml:23: hooks: expected a Python module name in the title folder" in said, said


def test_a_hooks_link_out_of_the_title_folder_is_refused_at_its_line(title: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "__init__.py").write_text("raise SystemExit('ran code from outside')\n", encoding="utf-8")
    (title / "hooks").symlink_to(elsewhere)
    text = (title / "title.yaml").read_text(encoding="utf-8")
    (title / "title.yaml").write_text(text + "hooks: hooks\n", encoding="utf-8")
    code, said, peak = validate(title)
    assert code == 1
    assert "tinyrail/title.yaml:23: hooks: outside the title folder: hooks" in said, said
    assert "ran code from outside" not in said


def test_the_fingerprint_reads_files_within_the_loaders_own_limit() -> None:
    from railyard.framework.loader.cache import MAX_TITLE_FILE
    from railyard.framework.loader.yamlio import LIMITS

    assert LIMITS.max_bytes == MAX_TITLE_FILE
