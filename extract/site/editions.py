"""The edition pages' data: every provision of an edition with its anchor, depth and italics."""

from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from extract.io.editions import load_editions
from extract.io.generated import GeneratedKB, read_kb
from extract.model import KINDS, Edition, InputError
from extract.model.kbrows import ProvisionsDocument
from extract.site.common import HEADING_KINDS, MAX_DEPTH, _anchor, _edition_id, english_name

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
class Chapter:
    """One page of a long edition: an article, an appendix, the guidelines or the front matter,
    each with the provisions under its heading (part headings with no text of their own join the
    chapter that follows them)."""

    slug: str  # the page's name under editions/<edition>/
    title: str
    provisions: list[ProvisionView]


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
    chapters: list[Chapter] = field(default_factory=list)  # empty: the whole text is on one page


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


def _provision_views(document: ProvisionsDocument | None, raw: str | None) -> list[ProvisionView]:
    if document is None:
        return []
    keyed = document.keyed()
    depths = _depths([p.label for _, p in keyed], [p.parent for _, p in keyed])
    used: set[str] = set()
    views = []
    for (key, p), depth in zip(keyed, depths, strict=True):
        placed, unplaced = _place_italic(p.text, raw, p.start, p.end, list(p.italic))
        is_heading = p.kind in HEADING_KINDS
        heading = p.heading or (p.text.split("\n", 1)[0] if is_heading else None)
        views.append(
            ProvisionView(
                anchor=_anchor(p.label, used),
                label=p.label,
                printed_label=p.printed_label,
                kind=p.kind,
                heading=heading,
                inferred=p.inferred,
                line=p.line,
                depth=depth,
                heading_level=min(2 + depth, 4) if is_heading else None,
                segments=_segments(p.text, placed),
                show_text=not is_heading or p.text.strip() != (heading or "").strip(),
                unplaced_italic=unplaced,
                key=key,
                start=p.start,
                end=p.end,
            )
        )
    return views


# Estimated bytes of an edition page (its text, escaped, and the markup of each provision) above
# which its text moves to one page per chapter, so that a page view (the theme's files and the
# search index included) stays small; the edition page keeps the metadata and the contents.
PAGE_BUDGET = 60_000
PROVISION_MARKUP = 250  # bytes of markup around one provision's text


def estimated_bytes(provisions: list[ProvisionView]) -> int:
    text = sum(len(s.text) + s.text.count("\n") * 4 for p in provisions for s in p.segments)
    return text + PROVISION_MARKUP * len(provisions)


def chapters(provisions: list[ProvisionView]) -> list[Chapter]:
    """The provisions cut at each top-level heading; what precedes the first is the front matter.
    A heading with nothing under it but other headings (a part's title) opens the next chapter."""
    groups: list[list[ProvisionView]] = []
    for p in provisions:
        bare = bool(groups) and all(q.heading_level is not None for q in groups[-1])
        if not groups or (p.heading_level == 2 and not bare):
            groups.append([])
        groups[-1].append(p)
    result, used = [], set()
    for group in groups:
        heads = [p for p in group if p.heading_level == 2]
        if group[0].heading_level != 2 or not heads:
            slug, title = "front", "Front matter"
        else:
            slug = heads[-1].anchor.removeprefix("p-")
            title = " – ".join(" ".join(filter(None, [h.printed_label, h.heading])) for h in heads)
        base, n = slug, 1
        while slug in used:
            n += 1
            slug = f"{base}-{n}"
        used.add(slug)
        result.append(Chapter(slug, title or slug, group))
    return result


def _edition_view(edition: str, meta: Edition | None, doc: ProvisionsDocument | None) -> EditionView:
    """The page of one edition: corpus/editions.yaml's metadata where the corpus has the edition,
    else what its provisions file says."""
    provisions = _provision_views(doc, meta.text if meta else None)
    counts = Counter(p.kind for p in provisions)
    from_file = {"language": doc.language, "title": doc.title, "in_force": doc.in_force} if doc else {}

    def pick(key: str) -> str | None:
        return getattr(meta, key) if meta is not None else from_file.get(key)

    language = (meta.language if meta else "") or (doc.language if doc else "")
    return EditionView(
        id=edition,
        language=language,
        language_name=english_name(language),
        title=pick("title") or edition,
        fide_edition=pick("fide_edition"),
        in_force=pick("in_force"),
        congress=pick("congress"),
        approved_by=pick("approved_by"),
        approved_on=pick("approved_on"),
        translator=pick("translator"),
        notes=list(meta.notes) if meta else [],
        source=f"corpus/{meta.path.name}" if meta else None,
        provisions=provisions,
        kind_counts=[(kind, counts[kind]) for kind in KINDS if counts[kind]],
        inferred_count=sum(p.inferred for p in provisions),
        built=doc is not None,
        chapters=chapters(provisions) if estimated_bytes(provisions) > PAGE_BUDGET else [],
    )


def _provisions_files(kb: GeneratedKB) -> dict[str, ProvisionsDocument]:
    """The provisions files by edition; none when the KB has no provisions folder (not built yet)."""
    if not kb.path("provisions").is_dir():
        return {}
    docs = {}
    for stem, doc in kb.provisions_by_file().items():
        path = kb.path(f"provisions/{stem}.yaml")
        edition = _edition_id(doc.edition, path)
        if edition != stem:
            raise InputError(path, None, f"file is named {stem} but holds edition {edition}")
        docs[edition] = doc
    return docs


def edition_views(kb_dir: Path, corpus_dir: Path) -> list[EditionView]:
    """Every edition named in corpus/editions.yaml or in kb/generated/provisions, oldest first."""
    editions = load_editions(corpus_dir) if (corpus_dir / "editions.yaml").exists() else []
    metadata = {e.id: e for e in editions}
    docs = _provisions_files(read_kb(kb_dir))
    views = [
        _edition_view(edition, metadata.get(edition), docs.get(edition))
        for edition in sorted(set(metadata) | set(docs))
    ]
    views.sort(key=lambda view: (view.in_force or "", view.id))
    return views
