"""The KB as the site pages need it: rules, mapping, parameters, terms and graph, joined once."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from markupsafe import Markup

from extract.io.generated import read_kb
from extract.io.terms import read_terms
from extract.model.kbrows import GraphDocument, Parameter
from extract.reports.asof import (
    AsOf,
    AsOfError,
    EditionDates,
    Period,
    asof_lines,
    build_day,
    in_force_on,
    laws_number,
    load_laws_editions,
    not_current_note,
    timeline,
)
from extract.reports.rule_rows import RuleChange, RuleFinding
from extract.reports.speech import languages
from extract.reports.words import parameter_words
from extract.site import svg
from extract.site.common import (
    EDITIONS_DIR,
    MAX_FANOUT,
    _article,
    _article_shown,
    _plain,
    _shown,
)
from extract.site.editions import EditionView, ProvisionView


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
class ParameterTableRow:
    """A parameter of one rule across the editions (oldest first); None where an edition lacks it."""

    name: str
    rule: str
    rule_title: str
    cells: list[ParameterValue | None]
    changed: bool
    chart: Markup | None = None
    editions: tuple[str, ...] = ()  # the editions of `cells`, oldest first

    @property
    def words(self) -> str:
        """What the parameter means, in words ("The illegal move that loses the game")."""
        return parameter_words(self.name)

    @property
    def words_said(self) -> dict[str, str]:
        """What the parameter means, in every language of the switch."""
        from extract.reports.speech import languages
        from extract.reports.words import parameter_said

        return parameter_said(self.name, languages())

    @property
    def caption(self) -> str:
        """The values in words, in edition order: "3 in da-2001 and sv-2009; 2 from nb-2014 on"."""
        return self.caption_said["en"]

    @property
    def caption_said(self) -> dict[str, str]:
        """`caption` in every language of the switch (interface.yaml cap_*)."""
        from extract.reports.speech import languages, say

        runs: list[tuple[str | None, list[str]]] = []
        for edition, cell in zip(self.editions, self.cells, strict=False):
            shown = cell.shown if cell is not None else None
            if runs and runs[-1][0] == shown:
                runs[-1][1].append(edition)
            else:
                runs.append((shown, [edition]))
        said = {}
        for code in languages():
            parts = []
            for i, (shown, editions) in enumerate(runs):
                value = shown if shown is not None else say(code, "cap_not_stated")
                last = i == len(runs) - 1 and len(runs) > 1 and editions[-1] == self.editions[-1]
                if last and len(editions) > 1:
                    parts.append(say(code, "cap_from", value=value, edition=editions[0]))
                    continue
                listed = editions if len(editions) == 1 else [", ".join(editions[:-1]), editions[-1]]
                parts.append(say(code, "cap_in", value=value, editions=say(code, "cap_and").join(listed)))
            what = self.words_said.get(code) or self.words
            said[code] = say(code, "caption", what=what, parts="; ".join(parts))
        return said


@dataclass
class RuleText:
    """A rule's provisions in one edition."""

    edition: str
    language: str
    provisions: list[tuple[ProvisionView, str, float | None]]  # (provision, method, confidence)
    href: str
    period: Period | None = None
    language_name: str = ""  # "Danish"
    autonym: str = ""  # "dansk": the language's name in itself, for the language switch
    laws: str | None = None  # "2017": the FIDE Laws the edition translates
    # "Superseded by the 2009 Laws on 2009-07-01 (sv-2009 in this corpus)", in every language
    superseded: dict[str, str] | None = None
    how: list[dict[str, str]] = field(default_factory=list)  # per provision: how we know it is the rule's
    facts: dict[str, str] = field(default_factory=dict)  # "Danish · the 2017 Laws · in force from ..."

    @property
    def tab(self) -> str:
        return f"{self.edition} · {', '.join(p.label for p, _, _ in self.provisions)}"


@dataclass
class RuleLink:
    id: str
    title: str
    via: list[str] = field(default_factory=list)
    said: dict[str, str] = field(default_factory=dict)  # the title in each language the texts give


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
    parameters: list[ParameterTableRow]
    quotes: list[ParameterValue]
    references: list[RuleLink]
    referenced_by: list[RuleLink]
    dangling: list[str]
    terms: list[tuple[str, dict[str, str]]]  # (concept, its word in each language of the texts)
    changes: list[RuleChange]
    findings: list[RuleFinding]
    rulings: Any = None  # views.rulings.RulingsView of the rule's situations, or None
    # one line (every language) when the newest text shown is not of the Laws in force today
    notice: dict[str, str] | None = None
    # the title and topic in each language whose newest text heads them (views/titles.py)
    title_said: dict[str, str] = field(default_factory=dict)
    topic_said: dict[str, str] = field(default_factory=dict)


@dataclass
class Concept:
    id: str
    en: str
    definition: str
    notes: str
    terms: list[list[str]]  # per edition, oldest first


Column = tuple[str, list[tuple[str, str, int]]]  # an edition and its articles (key, as shown, rules)


class SiteData:
    """The KB as the site pages need it: rules, mapping, parameters, terms and graph, joined once."""

    def __init__(
        self,
        kb_dir: Path,
        editions: list[EditionView],
        changes: dict[str, list[RuleChange]],
        findings: dict[str, list[RuleFinding]],
    ) -> None:
        from extract.io.rules import load_rules

        self.kb_dir = kb_dir
        self.editions = editions
        self.order = [e.id for e in editions]
        self.rules = load_rules(kb_dir) if (kb_dir / "rules").is_dir() else []
        self.rule_by_id = {r.id: r for r in self.rules}
        self.provision = {(e.id, p.key): p for e in editions for p in e.provisions}
        self.by_label: dict[tuple[str, str], list[ProvisionView]] = defaultdict(list)
        for e in editions:
            for p in e.provisions:
                self.by_label[(e.id, p.label)].append(p)
        kb = read_kb(kb_dir)
        self.mapping: dict[str, list[tuple[str, str, str, float | None]]] = defaultdict(list)
        mapped: set[tuple[str, str]] = set()
        for link in kb.alignment() if kb.path("alignment.yaml").exists() else ():
            self.mapping[link.rule].append((link.edition, link.label, link.method, link.confidence))
            mapped.add((link.edition, link.label))
        for rule in self.rules:
            for edition, labels in rule.provisions.items():
                for label in labels:
                    if (edition, label) not in mapped:
                        self.mapping[rule.id].append((edition, label, "curated", None))
        self.rule_of: dict[tuple[str, str], list[str]] = defaultdict(list)
        for rule_id, rows in self.mapping.items():
            for edition, label, _, _ in rows:
                self.rule_of[(edition, label)].append(rule_id)
        for view in editions:
            for p in view.provisions:
                p.rules = [
                    (r, self.rule_by_id[r].title)
                    for r in self.rule_of.get((view.id, p.key), [])
                    if r in self.rule_by_id
                ]
        found = kb.parameters() if kb.path("parameters.yaml").exists() else ()
        self.parameters = [self._parameter(row) for row in found]
        self.terms = read_terms(kb_dir)
        self.graph: GraphDocument | None = kb.graph() if kb.path("graph.yaml").exists() else None
        self.changes, self.findings = changes, findings
        dated = [
            EditionDates(e.id, e.language, e.fide_edition, e.in_force)
            for e in editions
            if e.fide_edition and e.in_force
        ]
        self.dated = dated
        self.laws_editions = load_laws_editions(kb_dir)
        self.periods: dict[str, Period] = {p.edition: p for p in timeline(dated, self.laws_editions)}
        self.today = build_day()  # "today" of the pages: the build date (SOURCE_DATE_EPOCH when set)
        try:
            self.today_answer: AsOf | None = in_force_on(self.today, dated, self.laws_editions)
        except AsOfError:
            self.today_answer = None

    def today_lines(self) -> dict[str, str]:
        """The Laws in force on the build date and the corpus texts of them, in words, in every
        language of the switch (home page)."""
        if not self.today_answer:
            return {}
        answer = self.today_answer
        return {code: " ".join(asof_lines(answer, code)) for code in languages()}

    def not_current(self, edition: str) -> dict[str, str] | None:
        """One line, in every language of the switch, for a page presenting `edition` as current when
        its Laws are not in force on the build date (None when they are, or the edition is undated)."""
        dates = next((d for d in self.dated if d.id == edition), None)
        if dates is None:
            return None
        said = {
            code: not_current_note(dates, self.today, self.dated, self.laws_editions, code)
            for code in languages()
        }
        return {code: text for code, text in said.items() if text} or None

    def laws(self) -> list[dict[str, Any]]:
        """Each dated edition's in_force and Laws (a number), for the page's "in force on" picker."""
        return [
            {"id": p.edition, "in_force": p.in_force, "laws": laws_number(p.fide_edition)}
            for p in self.periods.values()
        ]

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

    def _parameter(self, row: Parameter) -> ParameterValue:
        return ParameterValue(
            parameter=row.parameter,
            rule=row.rule,
            edition=row.edition,
            value=row.value,
            unit=row.unit,
            label=_plain(row.label),
            quote=row.quote,
            href=self.href(row.edition, row.label),
            shown=_shown(row.value, row.unit),
        )

    @cached_property
    def parameter_rows(self) -> list[ParameterTableRow]:
        """One row per (parameter, rule), sorted by parameter name (built once: the rule pages and the
        parameters page show the same rows, charts included)."""
        grouped: dict[tuple[str, str], dict[str, ParameterValue]] = defaultdict(dict)
        for value in self.parameters:
            grouped[(value.parameter, value.rule)].setdefault(value.edition, value)
        rows = []
        for (name, rule), by_edition in sorted(grouped.items()):
            cells = [by_edition.get(e) for e in self.order]
            distinct = {repr(c.value) for c in cells if c is not None}
            title = self.rule_by_id[rule].title if rule in self.rule_by_id else rule
            row = ParameterTableRow(name, rule, title, cells, len(distinct) > 1, None, tuple(self.order))
            numeric = [c for c in cells if c is not None and not isinstance(c.value, bool)]
            if row.changed and numeric and all(isinstance(c.value, int | float) for c in numeric):
                points = [
                    (e, None if c is None else float(c.value), "" if c is None else c.shown)
                    for e, c in zip(self.order, cells, strict=True)
                ]
                row.chart = svg.value_chart(f"{parameter_words(name)}, by edition", points)
            rows.append(row)
        return rows

    def edges(self) -> tuple[Mapping[str, object], ...]:
        """graph.yaml's edges; none when the KB has no graph."""
        return self.graph.edges if self.graph is not None else ()

    def rule_graph(self) -> tuple[dict[str, dict[str, list[str]]], dict[str, list[str]]]:
        refs: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        dangling: dict[str, list[str]] = defaultdict(list)
        keys_by_edition: dict[str, list[str]] = defaultdict(list)
        for edition, key in self.provision:
            keys_by_edition[edition].append(key)
        for edge in self.edges():
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
        found = self._lineage()
        if found is None:
            return None
        columns, flows = found
        return svg.lineage(columns, flows, [a for a, _, _ in columns[0][1]])

    def lineage_rows(self) -> list[tuple[str, str, str, str, list[str]]]:
        """The lineage as a table: (edition, article, next edition, its article, rule titles) for
        every band of the picture, in edition order and then by the number of rules."""
        found = self._lineage()
        if found is None:
            return []
        columns, flows = found
        shown = {e: dict((a, s) for a, s, _ in arts) for e, arts in columns}
        rows = []
        for (a, _), (b, _), bands in zip(columns, columns[1:], flows, strict=False):
            for band in sorted(bands, key=lambda f: (-len(f.rules), f.source, f.target)):
                titles = [self.rule_by_id[r].title for r in band.rules if r in self.rule_by_id]
                source = shown[a].get(band.source, band.source)
                target = shown[b].get(band.target, band.target)
                rows.append((a, source, b, target, titles))
        return rows

    def _lineage(self) -> tuple[list[Column], list[list[svg.Flow]]] | None:
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
        return columns, flows
