"""Shared fixtures."""

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real corpus shipped with the project."""
    return Path(__file__).parent.parent / "corpus"
