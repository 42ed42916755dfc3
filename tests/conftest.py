"""Shared fixtures and helpers."""

import shutil
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real corpus shipped with the project."""
    return Path(__file__).parent.parent / "corpus"


ROOT = Path(__file__).parent.parent


def copy_project(tmp: Path) -> tuple[Path, Path]:
    """A copy of corpus/ and the curated part of kb/ (not kb/generated), to build and change freely."""
    corpus, kb = tmp / "corpus", tmp / "kb"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    return corpus, kb
