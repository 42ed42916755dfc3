"""Run mkdocs on the rendered pages, atomically replacing the output folder."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO

from extract.io.kbfiles import remove_orphans, remove_stale, swap_in
from extract.io.outputs import STAMP, STAMP_TEXT
from extract.model import InputError
from extract.site.common import SiteError

MKDOCS_TEMP = "chesslaws-mkdocs-"  # + pid: the staged configuration
HOOKS = Path(__file__).with_name("hooks.py")  # editions in in-force order in the sidebars
SHARD_VARIABLE = "CHESSLAWS_MKDOCS_SHARD"  # read by hooks.py: which share of the pages a build writes
SHARDS = min(2, os.cpu_count() or 1)  # mkdocs builds at once, each converting its share of the pages


def build_site(root: Path, out_dir: Path | None = None, docs_dir: Path | None = None) -> None:
    """Run `mkdocs build --strict` with root/mkdocs.yml into out_dir (default root/public).

    The build goes to a temporary directory beside out_dir, which then replaces out_dir; when
    mkdocs fails, out_dir is left as it was and SiteError is raised. `docs_dir` replaces the
    configuration's docs_dir (a staging copy of site/, so a failed build leaves site/ alone).
    The configuration is read through a staged one that adds extract/site/hooks.py.
    """
    root = Path(root).resolve()
    out = Path(out_dir).resolve() if out_dir is not None else root / "public"
    config = root / "mkdocs.yml"
    if not config.exists():
        raise InputError(config, None, "no mkdocs configuration")
    remove_orphans(Path(tempfile.gettempdir()), MKDOCS_TEMP)
    with tempfile.TemporaryDirectory(prefix=f"{MKDOCS_TEMP}{os.getpid()}-") as folder:
        staged = Path(folder) / "mkdocs.yml"
        lines = [f"INHERIT: {json.dumps(str(config))}", f"hooks: [{json.dumps(str(HOOKS))}]"]
        docs = Path(docs_dir).resolve() if docs_dir is not None else _docs_dir(config)
        if docs is None:  # a configuration mkdocs itself must judge: build it as it is
            return _mkdocs(root, config, out)
        lines.append(f"docs_dir: {json.dumps(str(docs))}")
        staged.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return _mkdocs(root, staged, out, SHARDS)


def _docs_dir(config: Path) -> Path | None:
    """The configuration's docs_dir (default `docs`) relative to its folder; None if unreadable."""
    import yaml

    try:
        data = yaml.load(config.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)  # noqa: S506
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    folder = data.get("docs_dir") if isinstance(data, dict) else None
    return (config.parent / str(folder or "docs")).resolve()


def _mkdocs(root: Path, config: Path, out: Path, shards: int = 1) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    remove_stale(out)  # staging trees of runs that were killed (named with their pid)
    folders = [
        Path(tempfile.mkdtemp(prefix=f".{out.name}-{os.getpid()}-", dir=out.parent)) for _ in range(shards)
    ]
    staging = folders[0]
    try:
        with contextlib.ExitStack() as stack:
            logs = [stack.enter_context(tempfile.TemporaryFile("w+", encoding="utf-8")) for _ in folders]
            shares = [f"{k}/{shards}" if shards > 1 else None for k in range(shards)]
            builds: list[subprocess.Popen[str]] = []
            try:
                for job in zip(folders, shares, logs, strict=True):
                    builds.append(_start(root, config, *job))
                codes = [build.wait() for build in builds]
            except BaseException:  # Ctrl-C, SIGTERM: no build goes on writing
                for build in builds:
                    build.kill()
                    build.wait()
                raise
            output = []
            for log in logs:
                log.seek(0)
                output += log.read().splitlines()
        if any(codes):
            problems = [line for line in output if line.startswith(("WARNING", "ERROR", "Aborted"))]
            raise SiteError("mkdocs build failed:\n" + "\n".join(dict.fromkeys(problems or output)))
        for other in folders[1:]:  # each share wrote its own pages, and the same theme files and sitemap
            _merge(other, staging)
        staging.chmod(0o755)
        drop_unused_search(staging)
        (staging / STAMP).write_text(STAMP_TEXT, encoding="utf-8")
        swap_in(staging, out)  # one atomic exchange; staging now holds the previous site
    finally:
        for folder in folders:
            if folder.exists():
                shutil.rmtree(folder, ignore_errors=True)


def _start(root: Path, config: Path, site: Path, shard: str | None, log: IO[str]) -> subprocess.Popen[str]:
    """One `mkdocs build` (of the pages of `shard`, "k/n", with hooks.py; of all without) into
    `site`, its output into `log`."""
    # Not --quiet: mkdocs 1.6 then stops counting warnings and --strict passes anyway.
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "--config-file", str(config)]
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"}
    env.pop(SHARD_VARIABLE, None)
    env.update({SHARD_VARIABLE: shard} if shard else {})
    return subprocess.Popen(
        [*command, "--site-dir", str(site)], cwd=root, stdout=log, stderr=log, text=True, env=env
    )


def _merge(share: Path, site: Path) -> None:
    """Move the files of another share's build that this one lacks (its pages) into `site`."""
    for path in sorted(share.rglob("*")):
        target = site / path.relative_to(share)
        if path.is_file() and not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)


def drop_unused_search(site: Path) -> list[Path]:
    """Remove the theme's lunr bundles and search worker when no search plugin wrote an index for
    them (the site's own search, site/assets/chesslaws.js, needs neither). Returns what went."""
    if (site / "search" / "search_index.json").exists():
        return []
    scripts = site / "assets" / "javascripts"
    gone = [scripts / "lunr"] if (scripts / "lunr").is_dir() else []
    gone += sorted((scripts / "workers").glob("search.*")) if (scripts / "workers").is_dir() else []
    for path in gone:
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    if (scripts / "workers").is_dir() and not any((scripts / "workers").iterdir()):
        (scripts / "workers").rmdir()
        gone.append(scripts / "workers")
    return gone
