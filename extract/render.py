"""Render the knowledge base as Markdown pages for mkdocs, and build the static site.

Every corpus string reaches the page HTML-escaped (jinja2 autoescape) and, where it lands in
Markdown rather than in a raw HTML block, with Markdown punctuation backslash-escaped too: a
translation is data, never markup.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from extract.load import load_editions
from extract.model import KINDS, InputError

TEMPLATES = Path(__file__).parent / "templates"
EDITIONS_DIR = "editions"
LANGUAGE_NAMES = {
    "da": "Danish",
    "sv": "Swedish",
    "nb": "Norwegian (Bokmål)",
    "no": "Norwegian",
    "hu": "Hungarian",
    "en": "English",
}
HEADING_KINDS = ("heading", "article")
MAX_DEPTH = 6

_EDITION_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_ANCHOR_UNSAFE = re.compile(r"[^\w.-]+")
# Python-Markdown's escapable characters, plus `|` for table cells.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()>#+\-.!|])")
_MARKS = " \t\r\n*_"


class SiteError(Exception):
    """mkdocs could not build the site; the message carries mkdocs' own output."""


@dataclass
class Segment:
    text: str
    italic: bool = False


@dataclass
class ProvisionView:
    """One provision as the edition page shows it."""

    anchor: str
    label: str
    printed_label: str | None
    kind: str
    heading: str | None
    inferred: bool
    line: int
    depth: int
    heading_level: int | None
    segments: list[Segment]
    show_text: bool
    unplaced_italic: list[str] = field(default_factory=list)


@dataclass
class EditionView:
    """One edition: metadata from editions.yaml (or the provisions file) and its provisions."""

    id: str
    language: str
    language_name: str
    title: str
    fide_edition: str | None
    in_force: str | None
    congress: str | None
    approved_by: str | None
    approved_on: str | None
    translator: str | None
    notes: list[str]
    source: str | None
    provisions: list[ProvisionView]
    kind_counts: list[tuple[str, int]]
    inferred_count: int
    built: bool


def md_inline(value: object) -> Markup:
    """Text safe to place in a Markdown heading or table cell: HTML- and Markdown-escaped."""
    html = str(escape("" if value is None else str(value)))
    return Markup(_MD_SPECIAL.sub(r"\\\1", " ".join(html.split())))


def html_text(value: object) -> Markup:
    """Text safe inside a one-line raw HTML block: escaped, newlines as character references."""
    return Markup(str(escape("" if value is None else str(value))).replace("\n", "&#10;"))


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["md"] = md_inline
    env.filters["html"] = html_text
    return env


def _load_yaml(path: Path) -> Any:
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(path, mark.line + 1 if mark else None, f"not valid YAML: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise InputError(path, None, "not UTF-8") from exc


def _text(value: Any, path: Path, what: str, *, optional: bool = True) -> str | None:
    if value is None:
        if optional:
            return None
        raise InputError(path, None, f"{what} is missing")
    if isinstance(value, bool | float):
        raise InputError(path, None, f"{what} must be a string (quote it), not {value!r}")
    return str(value)


def _edition_id(value: Any, path: Path) -> str:
    edition = _text(value, path, "edition id", optional=False)
    assert edition is not None
    if not _EDITION_ID.match(edition):
        raise InputError(path, None, f"edition id {edition!r} cannot name a page")
    return edition


def _anchor(label: str, used: set[str]) -> str:
    base = "p-" + (_ANCHOR_UNSAFE.sub("-", label).strip("-") or "unlabelled")
    anchor, n = base, 1
    while anchor in used:
        n += 1
        anchor = f"{base}-{n}"
    used.add(anchor)
    return anchor


def _depths(labels: list[str], parents: list[str | None]) -> list[int]:
    parent_of: dict[str, str | None] = {}
    for label, parent in zip(labels, parents, strict=True):
        parent_of.setdefault(label, parent)
    result = []
    for parent in parents:
        depth, seen = 0, set()
        while parent is not None and parent in parent_of and parent not in seen:
            seen.add(parent)
            depth += 1
            parent = parent_of[parent]
        result.append(min(depth, MAX_DEPTH))
    return result


def _place_italic(
    text: str, raw: str | None, start: int, end: int, spans: list[tuple[int, int]]
) -> tuple[list[tuple[int, int]], list[str]]:
    """Map raw-offset italic spans onto the cleaned text.

    A span is placed only when its raw characters (without the `*`/`_` marks) align with an
    identical run of the cleaned text; the rest are returned as descriptions to list.
    """
    placed: list[tuple[int, int]] = []
    unplaced: list[str] = []
    blocks: list[difflib.Match] = []
    if spans and raw is not None and 0 <= start <= end <= len(raw):
        matcher = difflib.SequenceMatcher(None, raw[start:end], text, autojunk=False)
        blocks = [b for b in matcher.get_matching_blocks() if b.size]

    def to_text(offset: int) -> int | None:
        for block in blocks:
            if block.a <= offset < block.a + block.size:
                return block.b + offset - block.a
        return None

    for a, b in sorted(spans):
        snippet = raw[a:b] if raw is not None and 0 <= a < b <= len(raw) else ""
        inner_a, inner_b = a, b
        while snippet and inner_a < inner_b and raw is not None and raw[inner_a] in _MARKS:
            inner_a += 1
        while snippet and inner_b > inner_a and raw is not None and raw[inner_b - 1] in _MARKS:
            inner_b -= 1
        where = None
        if snippet and start <= inner_a < inner_b <= end and raw is not None:
            first, last = to_text(inner_a - start), to_text(inner_b - 1 - start)
            if first is not None and last is not None and text[first : last + 1] == raw[inner_a:inner_b]:
                where = (first, last + 1)
        if where and (not placed or placed[-1][1] <= where[0]):
            placed.append(where)
        else:
            shown = " ".join(snippet.strip(_MARKS).split())
            unplaced.append(f"«{shown}» (raw {a}–{b})" if shown else f"raw {a}–{b}")
    return placed, unplaced


def _segments(text: str, placed: list[tuple[int, int]]) -> list[Segment]:
    segments, cursor = [], 0
    for a, b in placed:
        if a > cursor:
            segments.append(Segment(text[cursor:a]))
        segments.append(Segment(text[a:b], italic=True))
        cursor = b
    if cursor < len(text) or not segments:
        segments.append(Segment(text[cursor:]))
    return segments


def _provision_views(path: Path, items: Any, raw: str | None) -> list[ProvisionView]:
    if not isinstance(items, list):
        raise InputError(path, None, "`provisions` must be a list")
    rows: list[dict[str, Any]] = []
    for i, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise InputError(path, None, f"provision {i} is not a mapping")
        label = _text(item.get("label"), path, f"provision {i}: label", optional=False)
        kind = _text(item.get("kind"), path, f"provision {label}: kind", optional=False)
        if kind not in KINDS:
            raise InputError(path, None, f"provision {label}: unknown kind {kind!r}")
        try:
            start, end, line = int(item.get("start", 0)), int(item.get("end", 0)), int(item.get("line", 0))
            italic = [(int(a), int(b)) for a, b in item.get("italic") or []]
        except (TypeError, ValueError) as exc:
            raise InputError(path, None, f"provision {label}: offsets must be integers") from exc
        rows.append(
            {
                "label": label,
                "printed_label": _text(item.get("printed_label"), path, f"provision {label}: printed_label"),
                "parent": _text(item.get("parent"), path, f"provision {label}: parent"),
                "kind": kind,
                "heading": _text(item.get("heading"), path, f"provision {label}: heading"),
                "inferred": bool(item.get("inferred", False)),
                "line": line,
                "start": start,
                "end": end,
                "text": _text(item.get("text"), path, f"provision {label}: text") or "",
                "italic": italic,
            }
        )
    depths = _depths([r["label"] for r in rows], [r["parent"] for r in rows])
    used: set[str] = set()
    views = []
    for row, depth in zip(rows, depths, strict=True):
        placed, unplaced = _place_italic(row["text"], raw, row["start"], row["end"], row["italic"])
        is_heading = row["kind"] in HEADING_KINDS
        heading = row["heading"] or (row["text"].split("\n", 1)[0] if is_heading else None)
        views.append(
            ProvisionView(
                anchor=_anchor(row["label"], used),
                label=row["label"],
                printed_label=row["printed_label"],
                kind=row["kind"],
                heading=heading,
                inferred=row["inferred"],
                line=row["line"],
                depth=depth,
                heading_level=min(2 + depth, 4) if is_heading else None,
                segments=_segments(row["text"], placed),
                show_text=not is_heading or row["text"].strip() != (heading or "").strip(),
                unplaced_italic=unplaced,
            )
        )
    return views


def _notes(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)]


def _edition_view(
    edition: str, meta: dict[str, Any], doc: dict[str, Any] | None, kb_path: Path, raw: str | None
) -> EditionView:
    source = meta.get("file")
    provisions = _provision_views(kb_path, (doc or {}).get("provisions") or [], raw)
    language = str(meta.get("language") or (doc or {}).get("language") or "")
    counts = Counter(p.kind for p in provisions)

    def pick(key: str) -> str | None:
        value = meta.get(key, (doc or {}).get(key))
        return _text(value, kb_path, f"{edition}: {key}")

    return EditionView(
        id=edition,
        language=language,
        language_name=LANGUAGE_NAMES.get(language, language),
        title=pick("title") or edition,
        fide_edition=pick("fide_edition"),
        in_force=pick("in_force"),
        congress=pick("congress"),
        approved_by=pick("approved_by"),
        approved_on=pick("approved_on"),
        translator=pick("translator"),
        notes=_notes(meta.get("notes")),
        source=f"corpus/{source}" if source else None,
        provisions=provisions,
        kind_counts=[(kind, counts[kind]) for kind in KINDS if counts[kind]],
        inferred_count=sum(p.inferred for p in provisions),
        built=doc is not None,
    )


def edition_views(kb_dir: Path, corpus_dir: Path) -> list[EditionView]:
    """Every edition named in corpus/editions.yaml or in kb/generated/provisions, oldest first."""
    editions = load_editions(corpus_dir) if (corpus_dir / "editions.yaml").exists() else []
    metadata = {e.id: {**vars(e), "file": e.path.name, "notes": list(e.notes)} for e in editions}
    raws = {e.id: e.text for e in editions}
    provisions_dir = kb_dir / "generated" / "provisions"
    docs: dict[str, tuple[Path, dict[str, Any]]] = {}
    for path in sorted(provisions_dir.glob("*.yaml")) if provisions_dir.is_dir() else []:
        doc = _load_yaml(path)
        if not isinstance(doc, dict):
            raise InputError(path, None, "expected a mapping with `edition` and `provisions`")
        edition = _edition_id(doc.get("edition", path.stem), path)
        if edition != path.stem:
            raise InputError(path, None, f"file is named {path.stem} but holds edition {edition}")
        docs[edition] = (path, doc)
    views = []
    for edition in sorted(set(metadata) | set(docs)):
        path, doc = docs.get(edition, (provisions_dir / f"{edition}.yaml", None))
        views.append(_edition_view(edition, metadata.get(edition, {}), doc, path, raws.get(edition)))
    views.sort(key=lambda view: (view.in_force or "", view.id))
    return views


def _write(path: Path, content: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != content:
        path.write_text(content, encoding="utf-8")
    return path


def render_site(kb_dir: Path, corpus_dir: Path, site_dir: Path) -> list[Path]:
    """Write site_dir/index.md and one site_dir/editions/<edition>.md per edition.

    Hand-written pages in site_dir are left alone; stale generated edition pages are removed.
    Returns the pages written, in a stable order.
    """
    editions = edition_views(Path(kb_dir), Path(corpus_dir))
    env = _environment()
    site_dir = Path(site_dir)
    written = [_write(site_dir / "index.md", env.get_template("index.md.j2").render(editions=editions))]
    page = env.get_template("edition.md.j2")
    editions_dir = site_dir / EDITIONS_DIR
    for view in editions:
        written.append(_write(editions_dir / f"{view.id}.md", page.render(edition=view)))
    keep = set(written)
    for stale in sorted(editions_dir.glob("*.md")):
        if stale not in keep:
            stale.unlink()
    return written


def build_site(root: Path, out_dir: Path | None = None) -> None:
    """Run `mkdocs build --strict` with root/mkdocs.yml into out_dir (default root/public).

    The build goes to a temporary directory beside out_dir, which then replaces out_dir; when
    mkdocs fails, out_dir is left as it was and SiteError is raised.
    """
    root = Path(root).resolve()
    out = Path(out_dir).resolve() if out_dir is not None else root / "public"
    config = root / "mkdocs.yml"
    if not config.exists():
        raise InputError(config, None, "no mkdocs configuration")
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    try:
        # Not --quiet: mkdocs 1.6 then stops counting warnings and --strict passes anyway.
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "--clean",
                "--config-file",
                str(config),
                "--site-dir",
                str(staging),
            ],
            cwd=root,
            capture_output=True,
            text=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "NO_COLOR": "1"},
        )
        if result.returncode != 0:
            output = (result.stderr + result.stdout).splitlines()
            problems = [line for line in output if line.startswith(("WARNING", "ERROR", "Aborted"))]
            raise SiteError("mkdocs build failed:\n" + "\n".join(problems or output))
        staging.chmod(0o755)
        if not out.exists():
            os.replace(staging, out)
            return
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=out.parent))
        os.replace(out, old / out.name)
        try:
            os.replace(staging, out)
        except OSError:
            os.replace(old / out.name, out)
            raise
        finally:
            shutil.rmtree(old, ignore_errors=True)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
