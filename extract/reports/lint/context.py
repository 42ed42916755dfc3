"""What every lint check reads (`Context`), the finding constructor, and the loader."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from extract.io.generated import read_kb
from extract.io.rules import Rule, load_rules
from extract.model import Edition, Finding, InputError, Provision
from extract.model.vocab import FindingKind, Severity
from extract.text.analyse import Concept, load_terms

ACCEPTED_FILE = "lint-accepted.yaml"


@dataclass
class Context:
    """What the checks may read besides an edition's provisions: raw texts, the published mapping,
    the graph, the curated rules and the termbase."""

    editions: dict[str, Edition]
    provisions: dict[str, list[Provision]]
    keys: dict[str, dict[tuple[int, int, str], str]]  # (start, end, label) -> provision key
    rules_of: dict[tuple[str, str], str]  # (edition, provision key) -> rule id
    rules: list[Rule]
    concepts: list[Concept]
    graph: Any = None  # networkx MultiDiGraph, or None when kb/generated has no graph
    kb_dir: Path | None = None
    _cache: dict[str, Any] = field(default_factory=dict)

    def raw(self, edition: str) -> str:
        return self.editions[edition].text

    def language(self, edition: str) -> str:
        return self.editions[edition].language

    def key(self, p: Provision) -> str:
        return self.keys[p.edition].get((p.start, p.end, p.label), p.label)

    def rule(self, p: Provision) -> str | None:
        return self.rules_of.get((p.edition, self.key(p)))

    def peers(self, edition: str) -> list[str]:
        """Other editions translating the same FIDE text (their numbering should agree)."""
        own = self.editions[edition].fide_edition
        return [e for e in self.provisions if e != edition and self.editions[e].fide_edition == own]


Check = Callable[[str, list[Provision], Context], list[Finding]]


def finding(
    context: Context,
    p: Provision | None,
    edition: str,
    kind: FindingKind,
    severity: Severity,
    message: str,
    start: int,
    end: int,
    quote: str | None = None,
    compared_with: tuple[str, str | None, str] | None = None,
) -> Finding:
    raw = context.raw(edition)
    if quote is None:
        quote = " ".join(raw[start:end].split())
    if len(quote) > 160:
        quote = quote[:157] + "..."
    return Finding(
        edition=edition,
        label=p.label if p else None,
        kind=kind,
        severity=severity,
        message=message,
        quote=quote,
        start=start,
        end=end,
        rule=context.rule(p) if p else None,
        compared_with=compared_with,
    )


def side(
    context: Context, p: Provision, start: int | None = None, end: int | None = None
) -> tuple[str, str, str]:
    """The other side of a finding: (edition, label, quote of the span or of the first line)."""
    raw = context.raw(p.edition)
    if start is None or end is None:
        start, end = first_line_span(raw, p)
    quote = " ".join(raw[start:end].split())
    return (p.edition, p.label, quote[:157] + "..." if len(quote) > 160 else quote)


def first_line_span(raw: str, p: Provision) -> tuple[int, int]:
    """The raw span of a provision's first non-blank line (a short, readable quote)."""
    start = p.start
    while start < p.end and raw[start].isspace():
        start += 1
    newline = raw.find("\n", start, p.end)
    end = newline if newline != -1 else p.end
    return start, max(start, len(raw[start:end].rstrip()) + start)


def load_context(corpus_dir: Path, kb_dir: Path) -> Context:
    """Everything the checks read: the raw texts and kb/generated as the last build wrote it."""
    from extract.io.editions import load_editions
    from extract.kb.graph import graph_of

    editions = {e.id: e for e in load_editions(corpus_dir)}
    kb = read_kb(kb_dir)
    documents = kb.all_provisions()
    unknown = sorted(set(documents) - set(editions))
    if unknown:
        raise InputError(kb.path("provisions"), None, f"editions not in the corpus: {unknown}")
    provisions = {edition: list(document.provisions) for edition, document in documents.items()}
    keys = {
        edition: {(p.start, p.end, p.label): key for key, p in document.keyed()}
        for edition, document in documents.items()
    }
    rules_of = {(r.edition, r.label): r.rule for r in kb.alignment()}
    graph = graph_of(kb.graph()) if kb.path("graph.yaml").exists() else None
    rules_dir = kb_dir / "rules"
    rules = load_rules(kb_dir) if rules_dir.is_dir() else []
    return Context(
        editions=editions,
        provisions=provisions,
        keys=keys,
        rules_of=rules_of,
        rules=rules,
        concepts=load_terms(kb_dir),
        graph=graph,
        kb_dir=kb_dir,
    )
