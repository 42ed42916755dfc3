"""kb/generated is swapped in one atomic step: a kill at any moment leaves a complete tree, and the
staging trees of killed writers are removed by the next one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from extract.io import kbfiles
from extract.io.kbfiles import remove_stale, write_tree_atomically

ROOT = Path(__file__).parent.parent
FILES = 40


def generation(n: int) -> dict[str, str]:
    return {
        f"provisions/file-{i:02}.yaml": f"generation: {n}\nfile: {i}\n" + "x" * 20_000 for i in range(FILES)
    }


def complete(target: Path) -> int:
    """The generation the tree holds; fails unless every file is there and of one generation."""
    files = sorted((target / "provisions").glob("*.yaml"))
    assert len(files) == FILES, f"{len(files)} files"
    found = {f.read_text().split("\n", 1)[0] for f in files}
    assert len(found) == 1, found
    return int(found.pop().split()[1])


WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from extract.io.kbfiles import write_tree_atomically
    target, n = Path(sys.argv[1]), 0
    while True:
        n += 1
        files = {f"provisions/file-{i:02}.yaml": f"generation: {n}\\nfile: {i}\\n" + "x" * 20_000
                 for i in range(40)}
        write_tree_atomically(target, files)
        print(n, flush=True)
    """
)


def test_a_killed_writer_always_leaves_a_complete_tree_and_the_next_cleans_up(tmp_path: Path) -> None:
    target = tmp_path / "kb" / "generated"
    write_tree_atomically(target, generation(0))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    seen = []
    for attempt in range(12):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(target)], env=env, stdout=subprocess.PIPE
        )
        assert writer.stdout is not None and writer.stdout.readline()  # it has swapped a tree in once
        time.sleep(0.011 * attempt)  # then kill at a different moment of its next writes each time
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        seen.append(complete(target))
    assert max(seen) > 0, "the writers never got to swap: the kills proved nothing"
    leftovers = [p for p in target.parent.iterdir() if p.name != "generated"]
    write_tree_atomically(target, generation(99))
    assert complete(target) == 99
    assert not [p for p in target.parent.iterdir() if p.name != "generated"], leftovers


def test_stale_trees_of_dead_writers_go_but_a_running_writers_stay(tmp_path: Path) -> None:
    target = tmp_path / "generated"
    target.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = tmp_path / f".generated-{dead.pid}-abcd1234"
    running = tmp_path / f".generated-{os.getppid()}-efgh5678"
    legacy = tmp_path / ".generated-old-12"
    for folder in (stale, running, legacy):
        folder.mkdir()
        (folder / "x.yaml").write_text("x\n")
    os.utime(legacy, (time.time() - 2 * kbfiles.LEGACY_AGE,) * 2)
    assert sorted(remove_stale(target)) == sorted([stale, legacy])
    assert running.is_dir() and target.is_dir()


def test_without_an_atomic_exchange_the_fallback_swaps_and_recovers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(kbfiles, "_exchange", lambda a, b: False)
    target = tmp_path / "generated"
    write_tree_atomically(target, generation(1))
    write_tree_atomically(target, generation(2))
    assert complete(target) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["generated"]
    # a kill between the two renames: the old tree is beside, kb/generated is missing
    (tmp_path / f".generated-old-{os.getpid()}-zz").mkdir()
    target.rename(tmp_path / f".generated-old-{os.getpid()}-zz" / "x")
    (tmp_path / f".generated-old-{os.getpid()}-zz" / "x").rename(tmp_path / ".generated-old-1-kept")
    (tmp_path / f".generated-old-{os.getpid()}-zz").rmdir()
    assert kbfiles.recover(target) and complete(target) == 2
