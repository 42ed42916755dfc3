"""mkdocs hook (added by build_site): editions in the sidebars in the order they took effect.

mkdocs lists the pages of a folder alphabetically (da-2001, da-2017, hu-2018, ...); this puts the
pages of editions/ and compare/ in in-force order, read from data/order.json, which render_site
writes. Loaded by mkdocs from its path, so it imports nothing of the project.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any


def _key(item: Any, rank: dict[str, int]) -> tuple[int, ...] | None:
    file = getattr(item, "file", None)
    if file is None:
        return None
    path = Path(file.src_uri)
    if path.parent.name == "editions" and path.stem in rank:
        return (rank[path.stem],)
    if path.parent.name == "compare":
        for a in rank:
            b = path.stem[len(a) + 1 :]
            if path.stem.startswith(a + "-") and b in rank:
                return (rank[a], rank[b])
    return None


def _sort(items: list[Any], rank: dict[str, int]) -> None:
    slots = [i for i, item in enumerate(items) if _key(item, rank) is not None]
    ordered = sorted((items[i] for i in slots), key=lambda item: _key(item, rank) or ())
    for slot, item in zip(slots, ordered, strict=True):
        items[slot] = item
    for item in items:
        if getattr(item, "children", None):
            _sort(item.children, rank)


SHARD_VARIABLE = "CHESSLAWS_MKDOCS_SHARD"  # "k/n": this build writes the k-th of n shares of the pages
_MINE: set[str] | None = None  # the source paths of this build's pages (None: every page)
_ATX_H1 = re.compile(r"^#(?!#)[ \t].*$", re.MULTILINE)


def on_files(files: Any, config: Any) -> Any:
    """With CHESSLAWS_MKDOCS_SHARD=k/n (build_site runs n builds at once, one per core), this build
    converts and writes only its share of the pages: the largest first, each to the lightest share."""
    global _MINE
    _MINE = None
    k, _, n = os.environ.get(SHARD_VARIABLE, "").partition("/")
    if not (k.isdigit() and n.isdigit() and int(k) < int(n)):
        return files
    anchors = getattr(getattr(config.get("validation"), "links", None), "anchors", logging.INFO)
    if isinstance(anchors, int) and anchors >= logging.WARNING:  # links to anchors of every page are
        return files  # checked then, so every build converts every page (the shares only cost time)
    pages = sorted(files.documentation_pages(), key=lambda f: (-_size(f.abs_src_path), f.src_uri))
    shares: list[tuple[int, int, set[str]]] = [(0, i, set()) for i in range(int(n))]
    for file in pages:
        weight, i, share = min(shares)
        share.add(file.src_uri)
        shares[i] = (weight + _size(file.abs_src_path), i, share)
    _MINE = shares[int(k)][2]
    return files


def _size(path: str | None) -> int:
    try:
        return os.path.getsize(path) if path else 0
    except OSError:
        return 0


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """A page of another share keeps only what names it (its text up to its first heading, the title
    the navigation of every page shows); it is converted and written by the build it belongs to."""
    if _MINE is None or page.file.src_uri in _MINE:
        return markdown
    heading = _ATX_H1.search(markdown)
    head = markdown[: heading.end()] if heading else markdown
    return markdown if "```" in head or "~~~" in head else head


def on_nav(nav: Any, config: Any, files: Any) -> Any:
    order_file = Path(config["docs_dir"]) / "data" / "order.json"
    if order_file.is_file():
        order = json.loads(order_file.read_text(encoding="utf-8"))
        _sort(nav.items, {edition: i for i, edition in enumerate(order)})
    return nav


_PRE = re.compile(r"(<pre\b.*?</pre>|<textarea\b.*?</textarea>)", re.DOTALL)
_INDENT = re.compile(r"\n[ \t]+")


def on_post_page(output: str, page: Any, config: Any) -> str:
    """Lighter pages: the theme's template indentation (about 6 KB a page) goes, except inside
    <pre> and <textarea>, where it is content. A browser collapses it anyway. A page of another
    share is not written (mkdocs skips an empty output)."""
    if _MINE is not None and page.file.src_uri not in _MINE:
        return ""
    parts = _PRE.split(output)
    return "".join(part if i % 2 else _INDENT.sub("\n", part) for i, part in enumerate(parts))


_ROOT_LINK = re.compile(r'(\s(?:href|src)=")/(?!/)')
_SOURCE_MAP = re.compile(r"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^*]*\*/)\s*$")


OWN_ASSETS = ("assets/chesslaws.js", "assets/rules.js", "assets/chesslaws.css", "assets/rules.css")


def _minify(site: Path) -> None:
    """The site's own scripts and styles without their comments and spaces (rjsmin, rcssmin; about
    15 KB a page view); left as written when the minifiers are not installed."""
    try:
        from rcssmin import cssmin
        from rjsmin import jsmin
    except ImportError:
        return
    for name in OWN_ASSETS:
        path = site / name
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            path.write_text((jsmin if name.endswith(".js") else cssmin)(text), encoding="utf-8")


def on_post_build(config: Any) -> None:
    """Lighter and movable: no source maps (theirs are ~1.3 MB; the files stop naming them), our own
    scripts and styles minified, and a 404 page whose links are relative to the site's root, so the
    site works under a sub-path."""
    site = Path(config["site_dir"])
    _minify(site)
    for path in sorted(site.rglob("*.map")):
        path.unlink()
    for path in sorted([*site.rglob("*.js"), *site.rglob("*.css")]):
        text = path.read_text(encoding="utf-8")
        stripped = _SOURCE_MAP.sub("\n", text)
        if stripped != text:
            path.write_text(stripped, encoding="utf-8")
    page = site / "404.html"
    if page.is_file():
        text = page.read_text(encoding="utf-8")
        text = _ROOT_LINK.sub(r"\1", text)  # as the root pages link (index.html's "base" is ".")
        text = text.replace('"base": "/"', '"base": "."')
        text = text.replace('new URL("/",location)', 'new URL(".",location)')
        page.write_text(text, encoding="utf-8")
