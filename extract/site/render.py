"""Render the knowledge base as Markdown pages for mkdocs, and build the static site.

Every corpus string reaches the page HTML-escaped (jinja2 autoescape) and, where it lands in
Markdown rather than in a raw HTML block, with Markdown punctuation backslash-escaped too: a
translation is data, never markup.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from extract.site import svg
from extract.io.editions import load_editions
from extract.model import KINDS, InputError
from extract.io.kbfiles import is_generated, load_generated_path, swap_in
from extract.io.outputs import STAMP, STAMP_TEXT
from extract.io.yamlfile import load_yaml

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
# The same without `>`, which HTML escaping turns into an entity anyway.
_MD_SPECIAL_TEXT = re.compile(r"([\\`*_{}\[\]()#+\-.!|])")
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


def md_inline(value: object) -> Markup:
    """Text safe to place in a Markdown heading or table cell: HTML- and Markdown-escaped."""
    html = str(escape("" if value is None else str(value)))
    return Markup(_MD_SPECIAL.sub(r"\\\1", " ".join(html.split())))


def html_text(value: object) -> Markup:
    """Text safe inside a one-line raw HTML block: escaped, newlines as character references."""
    return Markup(str(escape("" if value is None else str(value))).replace("\n", "&#10;"))


def md_html_text(value: object) -> Markup:
    """Text safe inside inline raw HTML within a Markdown paragraph: escaped for both, newlines kept."""
    marked = _MD_SPECIAL_TEXT.sub(r"\\\1", "" if value is None else str(value))
    return Markup(str(escape(marked)).replace("\n", "&#10;"))


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
    env.filters["md_html"] = md_html_text
    return env


def _load_yaml(path: Path) -> Any:
    """A file of kb/generated (checked for damage) or a curated file, through the strict loader."""
    if is_generated(path):
        return load_generated_path(path)
    return load_yaml(path)


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


def _write(path: Path, content: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != content:
        path.write_text(content, encoding="utf-8")
    return path


RULES_DIR = "rules"
MAX_FANOUT = 3
# What render_site writes into site/ (files and folders); everything else there is hand-written.
COMPARE_DIR = "compare"
REPORT_PAGES = ("translation.md", "scenarios.md")
GENERATED = (
    "index.md",
    EDITIONS_DIR,
    "rules.md",
    RULES_DIR,
    "parameters.md",
    "terms.md",
    "lineage.md",
    COMPARE_DIR,
    *REPORT_PAGES,
)
WORD_CONTEXT = 12  # words of unchanged text kept either side of a change in a word diff
UNIT_SHORT = {"minutes": "min", "seconds": "s", "moves": "moves", "count": "", "cm": "cm"}


@dataclass
class ParameterValue:
    """One extracted parameter value of one edition, with where it is stated."""

    parameter: str
    rule: str
    edition: str
    value: Any
    unit: str
    label: str
    quote: str
    href: str  # the provision on its edition page, relative to site/
    shown: str
    note: int = 0  # footnote number on the rule page


@dataclass
class ParameterRow:
    """A parameter of one rule across the editions (oldest first); None where an edition lacks it."""

    name: str
    rule: str
    rule_title: str
    cells: list[ParameterValue | None]
    changed: bool
    chart: Markup | None = None


@dataclass
class RuleText:
    """A rule's provisions in one edition."""

    edition: str
    language: str
    provisions: list[tuple[ProvisionView, str, float | None]]  # (provision, method, confidence)
    href: str

    @property
    def tab(self) -> str:
        return f"{self.edition} · {', '.join(p.label for p, _, _ in self.provisions)}"


@dataclass
class RuleLink:
    id: str
    title: str
    via: list[str] = field(default_factory=list)


@dataclass
class RuleView:
    """Everything the page of one canonical rule shows."""

    id: str
    title: str
    summary: str
    topic: str
    notes: list[str]
    parent: RuleLink | None
    children: list[RuleLink]
    previous: RuleLink | None
    next: RuleLink | None
    texts: list[RuleText]
    absent: list[str]
    parameters: list[ParameterRow]
    quotes: list[ParameterValue]
    references: list[RuleLink]
    referenced_by: list[RuleLink]
    dangling: list[str]
    terms: list[tuple[str, str]]
    changes: list[dict[str, Any]]
    scenarios: list[dict[str, Any]]
    findings: list[dict[str, Any]]


@dataclass
class Concept:
    id: str
    en: str
    definition: str
    notes: str
    terms: list[list[str]]  # per edition, oldest first


def _rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    data = _load_yaml(path)
    if data is None:
        return []
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise InputError(path, None, "expected a list of mappings")
    return data


def _shown(value: Any, unit: str) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    short = UNIT_SHORT.get(unit, unit)
    return f"{value} {short}".strip()


def topic_title(topic: str) -> str:
    return topic.replace("-", " ").replace("_", " ").capitalize()


def _plain(key: str) -> str:
    """The label of a provision key (`11.2.2@364` -> `11.2.2`)."""
    return key.split("@", 1)[0]


def _article(label: str) -> str:
    return label.split("@", 1)[0].split(".", 1)[0]


def _article_shown(article: str) -> str:
    return f"§ {article}" if article.isdigit() else article


def _by_rule(value: dict[str, list[dict[str, Any]]] | None, what: str) -> dict[str, list[dict[str, Any]]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TypeError(f"{what} must map rule id -> list of dicts")
    result = {}
    for rule, items in value.items():
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise TypeError(f"{what}[{rule!r}] must be a list of dicts")
        result[str(rule)] = items
    return result


class _Site:
    """The KB as the site pages need it: rules, mapping, parameters, terms and graph, joined once."""

    def __init__(
        self,
        kb_dir: Path,
        editions: list[EditionView],
        changes: dict[str, list[dict[str, Any]]],
        scenarios: dict[str, list[dict[str, Any]]],
        findings: dict[str, list[dict[str, Any]]],
    ) -> None:
        from extract.io.rules import load_rules

        self.editions = editions
        self.order = [e.id for e in editions]
        self.rules = load_rules(kb_dir) if (kb_dir / "rules").is_dir() else []
        self.rule_by_id = {r.id: r for r in self.rules}
        self.provision = {(e.id, p.key): p for e in editions for p in e.provisions}
        self.by_label: dict[tuple[str, str], list[ProvisionView]] = defaultdict(list)
        for e in editions:
            for p in e.provisions:
                self.by_label[(e.id, p.label)].append(p)
        generated = kb_dir / "generated"
        self.mapping: dict[str, list[tuple[str, str, str, float | None]]] = defaultdict(list)
        mapped: set[tuple[str, str]] = set()
        for row in _rows(generated / "alignment.yaml"):
            key = (str(row.get("edition")), str(row.get("label")))
            conf = row.get("confidence")
            self.mapping[str(row.get("rule"))].append((*key, str(row.get("method", "")), conf))
            mapped.add(key)
        for rule in self.rules:
            for edition, labels in rule.provisions.items():
                for label in labels:
                    if (edition, label) not in mapped:
                        self.mapping[rule.id].append((edition, label, "curated", None))
        self.rule_of: dict[tuple[str, str], list[str]] = defaultdict(list)
        for rule_id, rows in self.mapping.items():
            for edition, label, _, _ in rows:
                self.rule_of[(edition, label)].append(rule_id)
        for edition in editions:
            for p in edition.provisions:
                p.rules = [
                    (r, self.rule_by_id[r].title)
                    for r in self.rule_of.get((edition.id, p.key), [])
                    if r in self.rule_by_id
                ]
        self.parameters = [self._parameter(row) for row in _rows(generated / "parameters.yaml")]
        self.terms = _rows(kb_dir / "terms.yaml")
        self.graph = _load_yaml(generated / "graph.yaml") if (generated / "graph.yaml").exists() else {}
        self.changes, self.scenarios, self.findings = changes, scenarios, findings

    def href(self, edition: str, key: str) -> str:
        p = self.provision.get((edition, key))
        return f"{EDITIONS_DIR}/{edition}.html" + (f"#{p.anchor}" if p else "")

    def locate(self, edition: str, label: str | None, start: int | None = None) -> str:
        """The provision printed `label` (the one whose raw span holds `start` when printed twice)."""
        if label is None:
            return f"{EDITIONS_DIR}/{edition}.html"
        if (edition, label) in self.provision:
            return self.href(edition, label)
        found = [p for p in self.by_label.get((edition, _plain(label)), [])]
        chosen = next((p for p in found if start is not None and p.start <= start < p.end), None)
        chosen = chosen or (found[0] if found else None)
        return f"{EDITIONS_DIR}/{edition}.html" + (f"#{chosen.anchor}" if chosen else "")

    def _parameter(self, row: dict[str, Any]) -> ParameterValue:
        edition, label = str(row.get("edition")), str(row.get("label"))
        value, unit = row.get("value"), str(row.get("unit") or "")
        return ParameterValue(
            parameter=str(row.get("parameter")),
            rule=str(row.get("rule")),
            edition=edition,
            value=value,
            unit=unit,
            label=_plain(label),
            quote=str(row.get("quote") or ""),
            href=self.href(edition, label),
            shown=_shown(value, unit),
        )

    def parameter_rows(self) -> list[ParameterRow]:
        """One row per (parameter, rule), sorted by parameter name."""
        grouped: dict[tuple[str, str], dict[str, ParameterValue]] = defaultdict(dict)
        for value in self.parameters:
            grouped[(value.parameter, value.rule)].setdefault(value.edition, value)
        rows = []
        for (name, rule), by_edition in sorted(grouped.items()):
            cells = [by_edition.get(e) for e in self.order]
            distinct = {repr(c.value) for c in cells if c is not None}
            title = self.rule_by_id[rule].title if rule in self.rule_by_id else rule
            row = ParameterRow(name, rule, title, cells, changed=len(distinct) > 1)
            numeric = [c for c in cells if c is not None and not isinstance(c.value, bool)]
            if row.changed and numeric and all(isinstance(c.value, int | float) for c in numeric):
                points = [
                    (e, None if c is None else float(c.value), "" if c is None else c.shown)
                    for e, c in zip(self.order, cells, strict=True)
                ]
                row.chart = svg.value_chart(f"{name} by edition", points)
            rows.append(row)
        return rows

    def _rule_graph(self) -> tuple[dict[str, dict[str, list[str]]], dict[str, list[str]]]:
        refs: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        dangling: dict[str, list[str]] = defaultdict(list)
        keys_by_edition: dict[str, list[str]] = defaultdict(list)
        for edition, key in self.provision:
            keys_by_edition[edition].append(key)
        for edge in (self.graph or {}).get("edges", []) if isinstance(self.graph, dict) else []:
            if edge.get("kind") != "references":
                continue
            source, target = str(edge.get("source", "")), str(edge.get("target", ""))
            _, s_ed, s_key = (source.split(":", 2) + ["", ""])[:3]
            t_kind, t_ed, t_key = (target.split(":", 2) + ["", ""])[:3]
            for rule in self.rule_of.get((s_ed, s_key), []):
                if t_kind != "provision":
                    dangling[rule].append(f"{s_ed} {_plain(s_key)} → {edge.get('label', t_key)} (not found)")
                    continue
                if s_key == "contents" or s_key.startswith("contents."):
                    break
                targets = self.rule_of.get((t_ed, t_key)) or sorted(
                    {
                        r
                        for k in keys_by_edition[t_ed]
                        if k.startswith(t_key + ".")
                        for r in self.rule_of.get((t_ed, k), [])
                    }
                )
                if len(targets) > MAX_FANOUT:  # a reference to a whole article: not a link between rules
                    continue
                for other in targets:
                    if other != rule:
                        refs[rule][other].append(f"{s_ed} {_plain(s_key)} → {_plain(t_key)}")
        return refs, dangling

    def rule_views(self) -> list[RuleView]:
        refs, dangling = self._rule_graph()
        back: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        for source, targets in refs.items():
            for target, via in targets.items():
                back[target][source].extend(via)
        children: dict[str, list[str]] = defaultdict(list)
        for rule in self.rules:
            if rule.parent:
                children[rule.parent].append(rule.id)
        by_topic: dict[str, list[str]] = defaultdict(list)
        for rule in self.rules:
            by_topic[rule.topic].append(rule.id)
        param_rows: dict[str, list[ParameterRow]] = defaultdict(list)
        for row in self.parameter_rows():
            param_rows[row.rule].append(row)
        term_names = {str(t.get("id")): str(t.get("en", t.get("id"))) for t in self.terms}
        uses: dict[str, set[str]] = defaultdict(set)
        for edge in (self.graph or {}).get("edges", []) if isinstance(self.graph, dict) else []:
            if edge.get("kind") == "uses_term":
                _, ed, key = (str(edge.get("source", "")).split(":", 2) + ["", ""])[:3]
                for rule in self.rule_of.get((ed, key), []):
                    uses[rule].add(str(edge.get("target", "")).removeprefix("term:"))

        def link(rule_id: str, via: list[str] | None = None) -> RuleLink:
            return RuleLink(rule_id, self.rule_by_id[rule_id].title, sorted(set(via or [])))

        views = []
        for rule in self.rules:
            texts, present = [], set()
            by_edition: dict[str, list[tuple[ProvisionView, str, float | None]]] = defaultdict(list)
            for edition, key, method, conf in self.mapping.get(rule.id, []):
                p = self.provision.get((edition, key))
                if p is not None:
                    by_edition[edition].append((p, method, conf))
            for e in self.editions:
                if by_edition.get(e.id):
                    present.add(e.id)
                    first = by_edition[e.id][0][0]
                    texts.append(
                        RuleText(
                            e.id, e.language, by_edition[e.id], f"{EDITIONS_DIR}/{e.id}.html#{first.anchor}"
                        )
                    )
            rows = param_rows.get(rule.id, [])
            quotes = []
            for row in rows:
                for cell in row.cells:
                    if cell is not None:
                        quotes.append(cell)
                        cell.note = len(quotes)
            siblings = by_topic[rule.topic]
            i = siblings.index(rule.id)
            views.append(
                RuleView(
                    id=rule.id,
                    title=rule.title,
                    summary=rule.summary,
                    topic=rule.topic,
                    notes=list(rule.notes),
                    parent=link(rule.parent) if rule.parent else None,
                    children=[link(c) for c in children[rule.id]],
                    previous=link(siblings[i - 1]) if i > 0 else None,
                    next=link(siblings[i + 1]) if i + 1 < len(siblings) else None,
                    texts=texts,
                    absent=[e for e in self.order if e not in present],
                    parameters=rows,
                    quotes=quotes,
                    references=[link(r, v) for r, v in sorted(refs[rule.id].items()) if r in self.rule_by_id],
                    referenced_by=[
                        link(r, v) for r, v in sorted(back[rule.id].items()) if r in self.rule_by_id
                    ],
                    dangling=sorted(set(dangling[rule.id])),
                    terms=sorted(
                        ((t, term_names.get(t, t)) for t in uses[rule.id]), key=lambda t: t[1].lower()
                    ),
                    changes=self.changes.get(rule.id, []),
                    scenarios=self.scenarios.get(rule.id, []),
                    findings=self.findings.get(rule.id, []),
                )
            )
        return views

    def concepts(self) -> list[Concept]:
        result = []
        for t in self.terms:
            terms = t.get("terms") or {}
            result.append(
                Concept(
                    id=str(t.get("id")),
                    en=str(t.get("en") or t.get("id")),
                    definition=str(t.get("definition") or ""),
                    notes=" ".join(str(t.get("notes") or "").split()),
                    terms=[[str(x) for x in terms.get(e) or []] for e in self.order],
                )
            )
        return result

    def lineage(self) -> Markup | None:
        """Where the rules of each article went in the next edition (SVG), or None without rules."""
        placed: dict[str, dict[str, str]] = defaultdict(dict)  # edition -> rule -> article
        position = {(e.id, p.key): i for e in self.editions for i, p in enumerate(e.provisions)}
        for rule_id, rows in self.mapping.items():
            if rule_id not in self.rule_by_id:
                continue
            for edition, key, _, _ in sorted(rows, key=lambda r: position.get((r[0], r[1]), 0)):
                placed[edition].setdefault(rule_id, _article(key))
        editions = [e for e in self.editions if placed.get(e.id)]
        if len(editions) < 2:
            return None
        columns = []
        for e in editions:
            counts = Counter(placed[e.id].values())
            seen: list[str] = []
            for p in e.provisions:
                article = _article(p.key)
                if article in counts and article not in seen:
                    seen.append(article)
            columns.append((e.id, [(a, _article_shown(a), counts[a]) for a in seen]))
        oldest = placed[editions[0].id]
        flows = []
        for a, b in zip(editions, editions[1:], strict=False):
            bands: dict[tuple[str, str, str], list[str]] = defaultdict(list)
            for rule_id, article in placed[a.id].items():
                if rule_id in placed[b.id]:
                    bands[(article, placed[b.id][rule_id], oldest.get(rule_id, ""))].append(rule_id)
            flows.append([svg.Flow(s, t, o, tuple(sorted(r))) for (s, t, o), r in sorted(bands.items())])
        return svg.lineage(columns, flows, [a for a, _, _ in columns[0][1]])


# --- report pages: edition comparisons, translation lint, scenario checks ---------------------


def _html_run(text: str) -> str:
    return str(escape(text)).replace("\n", "&#10;")


def marked_text(text: str, marks: Any) -> Markup:
    """A rule text, escaped, with each placed parameter span in <mark> (title: the parameters)."""
    spans: dict[tuple[int, int], list[str]] = defaultdict(list)
    exact: dict[tuple[int, int], bool] = {}
    for m in marks:
        if m.start is not None and m.end is not None and m.end > m.start:
            spans[(m.start, m.end)].append(m.parameter)
            exact[(m.start, m.end)] = exact.get((m.start, m.end), True) and m.exact
    out, cursor = [], 0
    for (a, b), names in sorted(spans.items()):
        if a < cursor:  # overlaps a span already marked
            continue
        out.append(_html_run(text[cursor:a]))
        kind = "param" if exact[(a, b)] else "param whole"
        out.append(f'<mark class="{kind}" title="{escape(", ".join(names))}">{_html_run(text[a:b])}</mark>')
        cursor = b
    out.append(_html_run(text[cursor:]))
    return Markup("".join(out))


def word_diff_html(ops: Any, context: int = WORD_CONTEXT) -> Markup:
    """difflib word opcodes as escaped text with <del>/<ins>; long unchanged runs are shortened."""
    out: list[str] = []
    ops = list(ops)
    for i, op in enumerate(ops):
        if op.op == "equal":
            words = op.new.split()
            head = context if i > 0 else 0  # words kept after the change before this run
            tail = context if i + 1 < len(ops) else 0  # words kept before the change after it
            if len(words) > head + tail + 3:
                kept = []
                if head:
                    kept.append(_html_run(" ".join(words[:head])))
                kept.append('<span class="elided" title="unchanged words left out">…</span>')
                if tail:
                    kept.append(_html_run(" ".join(words[-tail:])))
                out.append(" ".join(kept))
            else:
                out.append(_html_run(" ".join(words)))
        if op.op in ("delete", "replace"):
            out.append(f"<del>{_html_run(op.old)}</del>")
        if op.op in ("insert", "replace"):
            out.append(f"<ins>{_html_run(op.new)}</ins>")
    return Markup(" ".join(part for part in out if part))


@dataclass
class LabelLink:
    label: str
    href: str  # relative to site/


@dataclass
class CompareRule:
    id: str
    title: str
    status: str
    flags: list[str]
    old: list[LabelLink]
    new: list[LabelLink]
    old_chapters: list[str]
    new_chapters: list[str]
    summary: str
    words: Markup | None
    old_text: Markup | None
    new_text: Markup | None


@dataclass
class CompareValue:
    shown: str
    label: str
    href: str
    quote: str


@dataclass
class CompareParameter:
    parameter: str
    rule: str
    rule_title: str
    change: str
    old: CompareValue | None
    new: CompareValue | None


@dataclass
class CompareMove:
    old_chapter: str
    new_chapter: str
    rules: list[RuleLink]


@dataclass
class CompareView:
    a: str
    b: str
    slug: str
    lang_a: str
    lang_b: str
    same_language: bool
    consecutive: bool
    notes: list[str]
    counts: list[tuple[str, int]]
    total: int
    parameters: list[CompareParameter]
    moves: list[CompareMove]
    groups: list[tuple[str, list[CompareRule]]]
    biggest: list[dict[str, Any]]


def _compare_view(site: _Site, d: Any, consecutive: bool) -> CompareView:
    from extract.reports.collect import change_summary, compare_slug
    from extract.reports.diff import STATUSES, SUBSTANTIVE, biggest_changes

    def title(rule_id: str) -> str:
        return site.rule_by_id[rule_id].title if rule_id in site.rule_by_id else rule_id

    def links(edition: str, text: Any, labels: tuple[str, ...]) -> list[LabelLink]:
        keys = [piece.label for piece in text.provisions] if text is not None else []
        keys = keys or (list(text.labels) if text is not None else list(labels))
        return [LabelLink(_plain(k), site.href(edition, k)) for k in keys]

    def value(edition: str, v: Any, unit: str) -> CompareValue | None:
        if v is None:
            return None
        return CompareValue(_shown(v.value, unit), _plain(v.label), site.href(edition, v.label), v.quote)

    rules = []
    by_rule = {r.rule: r for r in d.rules}
    for r in d.rules:
        both = r.old is not None and r.new is not None
        words = word_diff_html(r.words) if r.words is not None and "reworded" in r.flags else None
        side = both and not d.same_language
        rules.append(
            CompareRule(
                id=r.rule,
                title=r.title,
                status=r.status,
                flags=list(r.flags),
                old=links(d.a, r.old, r.old_labels),
                new=links(d.b, r.new, r.new_labels),
                old_chapters=list(r.old_chapters),
                new_chapters=list(r.new_chapters),
                summary=change_summary(r),
                words=words,
                old_text=marked_text(r.old.text, r.old.marks) if side else None,
                new_text=marked_text(r.new.text, r.new.marks) if side else None,
            )
        )
    parameters = []
    for c in d.parameter_changes:
        r = by_rule[c["rule"]]
        p = next(p for p in r.parameters if p.parameter == c["parameter"])
        parameters.append(
            CompareParameter(
                p.parameter,
                r.rule,
                r.title,
                p.change,
                value(d.a, p.old, p.unit),
                value(d.b, p.new, p.unit),
            )
        )
    moves = [
        CompareMove(m.old_chapter, m.new_chapter, [RuleLink(x, title(x)) for x in m.rules])
        for m in d.chapter_moves
    ]
    # substantive changes first (what FIDE changed), then translation gaps, moves and renumbering
    order = [s for s in STATUSES if s in SUBSTANTIVE] + [s for s in STATUSES if s not in SUBSTANTIVE]
    groups = [(s, [r for r in rules if r.status == s]) for s in order]
    return CompareView(
        a=d.a,
        b=d.b,
        slug=compare_slug(d.a, d.b),
        lang_a=d.a.split("-")[0],
        lang_b=d.b.split("-")[0],
        same_language=d.same_language,
        consecutive=consecutive,
        notes=list(d.notes) + [f"Substantive changes ({', '.join(SUBSTANTIVE)}): {d.substantive_count()}"],
        counts=[(s, d.counts.get(s, 0)) for s in order],
        total=len(d.rules),
        parameters=parameters,
        moves=moves,
        groups=[(s, items) for s, items in groups if items],
        biggest=biggest_changes(d),
    )


@dataclass
class FindingView:
    edition: str
    label: str | None
    href: str
    kind: str
    severity: str
    message: str
    quote: str
    rule: RuleLink | None
    accepted: str | None


@dataclass
class TranslationView:
    editions: list[str]
    kinds: list[str]
    counts: dict[tuple[str, str], int]
    by_kind: dict[str, int]
    by_edition: dict[str, int]
    total: int
    errors: int
    accepted: int
    sections: list[tuple[str, list[tuple[str, list[FindingView]]]]]  # edition -> kind -> findings


def _translation_view(site: _Site, findings: list[Any]) -> TranslationView:
    views = []
    for f in findings:
        rule = RuleLink(f.rule, site.rule_by_id[f.rule].title) if f.rule in site.rule_by_id else None
        views.append(
            FindingView(
                f.edition,
                f.label,
                site.locate(f.edition, f.label, f.start),
                f.kind,
                f.severity,
                f.message,
                f.quote,
                rule,
                f.accepted,
            )
        )
    editions = [e for e in site.order if any(v.edition == e for v in views)]
    editions += sorted({v.edition for v in views} - set(editions))
    kinds = sorted({v.kind for v in views})
    counts = Counter((v.edition, v.kind) for v in views)
    sections = []
    for e in editions:
        mine = [v for v in views if v.edition == e]
        sections.append((e, [(k, [v for v in mine if v.kind == k]) for k in kinds if counts[(e, k)]]))
    return TranslationView(
        editions=editions,
        kinds=kinds,
        counts=dict(counts),
        by_kind=dict(Counter(v.kind for v in views)),
        by_edition=dict(Counter(v.edition for v in views)),
        total=len(views),
        errors=sum(1 for v in views if v.severity == "error" and v.accepted is None),
        accepted=sum(1 for v in views if v.accepted is not None),
        sections=sections,
    )


@dataclass
class ScenarioCell:
    status: str
    expected: str | None
    actual: str | None
    error: str | None


@dataclass
class ScenarioRow:
    id: str
    title: str
    rules: list[RuleLink]
    cells: list[ScenarioCell | None]  # per edition, oldest first


@dataclass
class ExampleView:
    edition: str
    label: str
    href: str
    kind: str
    quote: str
    moves: int
    replayed: int
    ok: bool
    problem: str | None


@dataclass
class ScenariosView:
    editions: list[str]
    rows: list[ScenarioRow]
    checks: int
    passed: int
    failed: int
    errors: int
    failures: list[tuple[ScenarioRow, str, ScenarioCell]]
    examples: list[tuple[str, int, int, int, int, int]]  # edition, games, moves replayed, moves, wrong
    games: list[ExampleView]
    wrong: list[ExampleView]


def _scenarios_view(site: _Site, results: list[Any], examples: list[Any]) -> ScenariosView:
    from extract.reports.collect import _compact, scenario_status

    rows: dict[str, ScenarioRow] = {}
    for r in results:
        row = rows.get(r.scenario)
        if row is None:
            rules = [RuleLink(x, site.rule_by_id[x].title if x in site.rule_by_id else x) for x in r.rules]
            row = rows[r.scenario] = ScenarioRow(r.scenario, r.title, rules, [None] * len(site.order))
        if r.edition in site.order:
            row.cells[site.order.index(r.edition)] = ScenarioCell(
                scenario_status(r), _compact(r.expected), _compact(r.actual), r.error
            )
    statuses = Counter(scenario_status(r) for r in results)
    failures = [
        (row, site.order[i], cell)
        for row in rows.values()
        for i, cell in enumerate(row.cells)
        if cell is not None and cell.status != "pass"
    ]
    example_views = [
        ExampleView(
            x.edition,
            x.label,
            site.locate(x.edition, x.label, x.start),
            x.kind,
            x.quote,
            len(x.moves),
            x.replayed,
            x.ok,
            x.problem,
        )
        for x in examples
    ]
    table = []
    for e in site.order:
        mine = [x for x in example_views if x.edition == e]
        if mine:
            games = [x for x in mine if x.kind == "game"]
            table.append(
                (
                    e,
                    len(games),
                    sum(x.replayed for x in games),
                    len(mine) - len(games),
                    sum(not x.ok for x in mine),
                    len(mine),
                )
            )
    return ScenariosView(
        editions=list(site.order),
        rows=list(rows.values()),
        checks=len(results),
        passed=statuses["pass"],
        failed=statuses["fail"],
        errors=statuses["error"],
        failures=failures,
        examples=table,
        games=[x for x in example_views if x.kind == "game"],
        wrong=[x for x in example_views if not x.ok],
    )


def _with_finding_links(
    site: _Site, findings: dict[str, list[dict[str, Any]]]
) -> dict[str, list[dict[str, Any]]]:
    for items in findings.values():
        for f in items:
            if "href" not in f and f.get("edition"):
                f["href"] = site.locate(str(f["edition"]), f.get("label"), f.get("start"))
    return findings


def render_site(
    kb_dir: Path,
    corpus_dir: Path,
    site_dir: Path,
    *,
    changes: dict[str, list[dict[str, Any]]] | None = None,
    scenarios: dict[str, list[dict[str, Any]]] | None = None,
    findings: dict[str, list[dict[str, Any]]] | None = None,
    reports: Any = None,
) -> list[Path]:
    """Write the generated pages of the site into site_dir; hand-written pages are left alone.

    Pages: index.md (home), editions/<edition>.md, rules.md (rule index by topic),
    rules/<rule>.md, parameters.md (parameter x edition), terms.md (termbase) and lineage.md.
    Stale generated edition and rule pages are removed. Returns the pages written, in a stable order.

    The three optional mappings feed sections of the rule pages (empty when absent); keys are rule
    ids, values lists of dicts. Only the keys below are read; others are ignored, any may be missing:

    changes (edition diffs), one dict per change between two editions:
        {"from": "sv-2009", "to": "nb-2014",               edition ids
         "kind": "changed" | "added" | "removed" | "renumbered" | "parameter",
         "from_label": "7.4.b" | None, "to_label": "7.5.b" | None,
         "summary": "loss on the 2nd illegal move instead of the 3rd"}   English, one line
    scenarios (scenario checks), one dict per scenario run on one edition:
        {"id": "illegal-move-second", "title": "Second illegal move loses",
         "edition": "nb-2014", "status": "pass" | "fail" | "error" | "skip",
         "expected": "0-1" | None, "actual": "0-1" | None, "message": "..." | None}
    findings (translation lint), one dict per finding:
        {"edition": "da-2017", "label": "7.5.3" | None, "severity": "error" | "warning" | "info",
         "code": "term-switch", "message": "...",
         "other": "da-2001:7.4.b" | None}                  the provision it is compared with, if any
    All strings are escaped on the page. Each dict may also carry "href" (relative to site/): the
    change's entry on its compare page, the scenario's row, the finding's provision.

    `reports` (extract.reports.Reports, from `collect`) adds the report pages: compare/<a>-<b>.md
    for each compared pair of editions and compare/index.md, translation.md (lint findings) and
    scenarios.md (scenario x edition, the texts' own examples); the home page then lists the
    biggest changes. The three mappings above default to what `reports` holds.
    """
    editions = edition_views(Path(kb_dir), Path(corpus_dir))
    if reports is not None:
        from extract.reports.collect import changes_by_rule, findings_by_rule, scenarios_by_rule

        changes = changes_by_rule(reports.consecutive) if changes is None else changes
        scenarios = scenarios_by_rule(reports.results) if scenarios is None else scenarios
        findings = findings_by_rule(reports.findings) if findings is None else findings
    site = _Site(
        Path(kb_dir),
        editions,
        _by_rule(changes, "changes"),
        _by_rule(scenarios, "scenarios"),
        _by_rule(findings, "findings"),
    )
    if reports is not None:
        _with_finding_links(site, site.findings)
    compares = []
    if reports is not None:
        pairs = set(zip(site.order, site.order[1:], strict=False))
        compares = [_compare_view(site, d, (d.a, d.b) in pairs) for d in reports.diffs]
    headline = next((c for c in compares if not c.consecutive), compares[-1] if compares else None)
    env = _environment()
    site_dir = Path(site_dir)
    rules = site.rule_views()
    parameter_rows = site.parameter_rows()
    topics: dict[str, list[RuleView]] = defaultdict(list)
    for rule in rules:
        topics[rule.topic].append(rule)
    common = {"editions": editions, "order": site.order}
    written = [
        _write(
            site_dir / "index.md",
            env.get_template("index.md.j2").render(
                **common,
                changed=[row for row in parameter_rows if row.changed],
                compares=compares,
                headline=headline,
                rule_title={r.id: r.title for r in rules},
                rule_count=len(rules),
                parameter_count=len(parameter_rows),
                concept_count=len(site.terms),
            ),
        )
    ]
    page = env.get_template("edition.md.j2")
    editions_dir = site_dir / EDITIONS_DIR
    for view in editions:
        written.append(_write(editions_dir / f"{view.id}.md", page.render(edition=view)))
    written.append(
        _write(
            site_dir / "rules.md",
            env.get_template("rules.md.j2").render(
                **common, topics=sorted(topics.items()), title=topic_title
            ),
        )
    )
    written.append(
        _write(
            site_dir / "parameters.md",
            env.get_template("parameters.md.j2").render(**common, rows=parameter_rows),
        )
    )
    written.append(
        _write(
            site_dir / "terms.md", env.get_template("terms.md.j2").render(**common, concepts=site.concepts())
        )
    )
    written.append(
        _write(
            site_dir / "lineage.md",
            env.get_template("lineage.md.j2").render(**common, picture=site.lineage()),
        )
    )
    rule_page = env.get_template("rule.md.j2")
    rules_dir = site_dir / RULES_DIR
    for rule in rules:
        written.append(
            _write(rules_dir / f"{rule.id}.md", rule_page.render(**common, rule=rule, title=topic_title))
        )
    compare_dir = site_dir / COMPARE_DIR
    if reports is not None:
        written.append(
            _write(
                compare_dir / "index.md", env.get_template("compare-index.md.j2").render(compares=compares)
            )
        )
        page = env.get_template("compare.md.j2")
        for view in compares:
            written.append(_write(compare_dir / f"{view.slug}.md", page.render(c=view)))
        written.append(
            _write(
                site_dir / "translation.md",
                env.get_template("translation.md.j2").render(t=_translation_view(site, reports.findings)),
            )
        )
        written.append(
            _write(
                site_dir / "scenarios.md",
                env.get_template("scenarios.md.j2").render(
                    s=_scenarios_view(site, reports.results, reports.examples)
                ),
            )
        )
    keep = set(written)
    for name in REPORT_PAGES:
        if (site_dir / name).exists() and site_dir / name not in keep:
            (site_dir / name).unlink()
    for folder in (editions_dir, rules_dir, compare_dir):
        for stale in sorted(folder.glob("*.md")):
            if stale not in keep:
                stale.unlink()
    return written


def build_site(root: Path, out_dir: Path | None = None, docs_dir: Path | None = None) -> None:
    """Run `mkdocs build --strict` with root/mkdocs.yml into out_dir (default root/public).

    The build goes to a temporary directory beside out_dir, which then replaces out_dir; when
    mkdocs fails, out_dir is left as it was and SiteError is raised. `docs_dir` replaces the
    configuration's docs_dir (a staging copy of site/, so a failed build leaves site/ alone).
    """
    root = Path(root).resolve()
    out = Path(out_dir).resolve() if out_dir is not None else root / "public"
    config = root / "mkdocs.yml"
    if not config.exists():
        raise InputError(config, None, "no mkdocs configuration")
    if docs_dir is not None:
        with tempfile.TemporaryDirectory(prefix="chesslaws-mkdocs-") as folder:
            staged = Path(folder) / "mkdocs.yml"
            docs = json.dumps(str(Path(docs_dir).resolve()))
            staged.write_text(f"INHERIT: {json.dumps(str(config))}\ndocs_dir: {docs}\n", encoding="utf-8")
            return _mkdocs(root, staged, out)
    return _mkdocs(root, config, out)


def _mkdocs(root: Path, config: Path, out: Path) -> None:
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
        (staging / STAMP).write_text(STAMP_TEXT, encoding="utf-8")
        swap_in(staging, out)  # one atomic exchange; staging now holds the previous site
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
