"""The edition pages' data: every provision of an edition with its anchor, depth and italics."""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from extract.io.editions import load_editions
from extract.model import KINDS, InputError
from extract.site.common import (
    HEADING_KINDS,
    LANGUAGE_NAMES,
    MAX_DEPTH,
    _anchor,
    _edition_id,
    _load_yaml,
    _text,
)

_MARKS = " \t\r\n*_"


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
    key: str = ""  # how kb/rules and alignment.yaml name it: the label, or `label@line` when printed twice
    rules: list[tuple[str, str]] = field(default_factory=list)  # (rule id, title) it expresses
    start: int = 0  # span in the raw text
    end: int = 0


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
    printed = Counter(r["label"] for r in rows)
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
                key=f"{row['label']}@{row['line']}" if printed[row["label"]] > 1 else row["label"],
                start=row["start"],
                end=row["end"],
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
