"""mkdocs in shares (one process per core): the same site as one build, and the same failures."""

from __future__ import annotations

from pathlib import Path

import pytest

from extract.site import build
from extract.site.build import SiteError, build_site

CONFIG = """site_name: shares
docs_dir: site
use_directory_urls: false
theme:
  name: material
  font: false
plugins: []
markdown_extensions:
  - toc:
      permalink: true
  - attr_list
not_in_nav: |
  /hidden.md
"""
PAGES = {
    "index.md": "# Home\n\nSee [the long page](long.md), [the hidden one](hidden.md) and [code](code.md).\n",
    "long.md": "# A long page {#top}\n\n" + "A paragraph with *words*.\n\n" * 400,
    "before.md": "Some words before.\n\n# Not the title: mkdocs names the page after its file\n",
    "setext.md": "Set-text title\n==============\n\nBody [home](index.md#home).\n",
    "code.md": "```sh\n# not a title\n```\n\n# The code page\n\nText.\n",
    "untitled.md": "No heading at all, [long](long.md#top).\n",
    "hidden.md": "# Hidden\n\nNot in the navigation.\n",
    "sub/deep.md": "## Only a second level\n\n# Deep page\n",
}


def _project(root: Path) -> Path:
    root.mkdir()
    (root / "mkdocs.yml").write_text(CONFIG, encoding="utf-8")
    for name, text in PAGES.items():
        (root / "site" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "site" / name).write_text(text, encoding="utf-8")
    return root


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_site_built_in_shares_is_the_site_built_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path / "root")
    built = {}
    for shares in (1, 2, 3):
        monkeypatch.setattr(build, "SHARDS", shares)
        build_site(root, tmp_path / f"public-{shares}")
        built[shares] = _tree(tmp_path / f"public-{shares}")
    navigation = built[1]["index.html"]  # every page's title, as the page's own conversion found it
    assert b"A long page" in navigation and b"Set-text title" in navigation and b"\nBefore\n" in navigation
    assert built[2] == built[1]
    assert built[3] == built[1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["public-1", "public-2", "public-3", "root"]


def test_a_broken_link_in_any_share_fails_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path / "root")
    monkeypatch.setattr(build, "SHARDS", 2)
    for page in ("long.md", "untitled.md"):  # the largest page and a small one: in different shares
        text = (root / "site" / page).read_text(encoding="utf-8")
        (root / "site" / page).write_text(text + "\n[gone](missing-page.md)\n", encoding="utf-8")
        with pytest.raises(SiteError, match="missing-page.md"):
            build_site(root, tmp_path / "public")
        (root / "site" / page).write_text(text, encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["root"]  # nothing half-built left


def test_where_links_to_anchors_are_checked_every_build_converts_every_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _project(tmp_path / "root")
    config = root / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + "validation:\n  anchors: warn\n", encoding="utf-8")
    monkeypatch.setattr(build, "SHARDS", 2)
    index = root / "site" / "index.md"  # and the long page (the other share) has a section at its end:
    index.write_text(index.read_text(encoding="utf-8") + "[details](long.md#details)\n", encoding="utf-8")
    long = root / "site" / "long.md"
    long.write_text(long.read_text(encoding="utf-8") + "## Details {#details}\n", encoding="utf-8")
    build_site(root, tmp_path / "public")
    (root / "site" / "untitled.md").write_text("[long](long.md#nowhere)\n", encoding="utf-8")
    with pytest.raises(SiteError, match="nowhere"):
        build_site(root, tmp_path / "public")
