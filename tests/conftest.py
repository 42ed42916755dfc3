"""Shared fixtures and helpers.

`real_build` builds the real corpus once per session, through the command line, into a copy of kb/;
tests that only read a built KB share it (and must not write into it). Tests that change the corpus
or kb/ build their own copy, or run only the stage they test.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

ROOT = Path(__file__).parent.parent
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load(path: Path) -> Any:
    """A YAML file's data through libyaml (the pure-Python parser takes seconds on graph.yaml)."""
    return yaml.load(Path(path).read_text(encoding="utf-8"), Loader=_LOADER)


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real corpus shipped with the project."""
    return ROOT / "corpus"


def copy_project(tmp: Path, editions: list[str] | None = None) -> tuple[Path, Path]:
    """A copy of corpus/ and the curated part of kb/ (not kb/generated), to build and change freely.

    With `editions`, the copied corpus keeps only those editions (a smaller, faster build) and kb/
    has no scenarios (their expectations name the other editions too).
    """
    corpus, kb = tmp / "corpus", tmp / "kb"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    if editions is not None:
        entries = [e for e in load(corpus / "editions.yaml") if e["id"] in editions]
        assert [e["id"] for e in entries] == [e for e in editions if e in {x["id"] for x in entries}]
        for path in corpus.glob("*.txt"):
            if path.name not in {e["file"] for e in entries}:
                path.unlink()
        text = yaml.safe_dump(entries, allow_unicode=True, sort_keys=False)
        (corpus / "editions.yaml").write_text(text, encoding="utf-8")
        shutil.rmtree(kb / "scenarios")
    return corpus, kb


def copy_site_sources(site_dir: Path) -> Path:
    """The hand-written pages of site/ (the tracked ones: about.md, assets/) copied into `site_dir`,
    so a test's `chesslaws site --site-dir` never writes generated pages into the repo's site/."""
    site_dir.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "site" / "about.md", site_dir / "about.md")
    shutil.copytree(ROOT / "site" / "assets", site_dir / "assets")
    return site_dir


def drop_in(corpus: Path, texts: list[tuple[Path, str, str, str]]) -> None:
    """Add editions the way a user does: each text copied into corpus/ and an entry with the five
    required keys only. `texts` holds (text file, language, fide_edition, in_force); the id is the
    file's stem."""
    entries = ""
    for path, language, fide_edition, in_force in texts:
        shutil.copy(path, corpus / path.name)
        entries += (
            f"\n- id: {path.stem}\n  file: {path.name}\n  language: {language}\n"
            f'  fide_edition: "{fide_edition}"\n  in_force: "{in_force}"\n'
        )
    with (corpus / "editions.yaml").open("a", encoding="utf-8") as meta:
        meta.write(entries)


@dataclass(frozen=True)
class Built:
    """The real corpus built once: where, what `build` returned, and what `chesslaws build` printed."""

    corpus: Path
    kb: Path
    result: Any  # extract.kb.build.BuildResult
    output: str


@pytest.fixture(scope="session")
def real_build(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """`chesslaws build` of the real corpus into a copy of kb/, once per session (read it, do not write)."""
    from extract.cli import main
    from extract.kb import build as build_stage

    kb = tmp_path_factory.mktemp("real-build") / "kb"
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    results: list[Any] = []
    real = build_stage.build

    def keep(*args: Any, **kwargs: Any) -> Any:
        results.append(real(*args, **kwargs))
        return results[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_stage, "build", keep)
        run = CliRunner().invoke(main, ["build", "--corpus", str(ROOT / "corpus"), "--kb", str(kb)])
    assert run.exit_code == 0, run.output
    (result,) = results
    return Built(ROOT / "corpus", kb, result, run.stdout)
