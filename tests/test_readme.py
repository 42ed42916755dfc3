"""The README is a newcomer's map: every module path it names exists."""

from __future__ import annotations

import re

from conftest import ROOT


def test_every_module_path_in_the_readme_exists() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:extract|tools|tests)/[\w/.-]+)`", text))
    assert paths, "the README names no module"
    assert sorted(p for p in paths if not (ROOT / p.rstrip("/")).exists()) == []
