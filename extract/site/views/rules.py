"""The rule pages' data: one RuleView per canonical rule, from the joined KB."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from extract.reports.speech import day, said
from extract.site.common import EDITIONS_DIR, autonym, english_name, how_words
from extract.site.editions import ProvisionView
from extract.site.kbview import ParameterTableRow, RuleLink, RuleText, RuleView, SiteData
from extract.site.views.rulings import edition_facts, rulings_view
from extract.site.views.titles import rule_titles, topic_titles


def superseded_words(site: SiteData, edition: str) -> dict[str, str] | None:
    """'Superseded by the 2009 Laws on 2009-07-01 (sv-2009 in this corpus)': by Laws, not by language;
    in every language of the switch (the date in the reader's language)."""
    period = site.periods.get(edition)
    if period is None or not period.until or not period.superseded_by:
        return None
    texts = ", ".join(period.successor_texts)
    key = "superseded" if texts else "superseded_none"
    return said(key, laws=period.superseded_by, date=day(period.until), editions=texts)


def rule_views(site: SiteData, matrices: dict[str, Any] | None = None) -> list[RuleView]:
    """Every rule's page data, in the order of kb/rules; `matrices` are the rules' rulings matrices
    (extract/reports/rulings.py), by rule id."""
    matrices = matrices or {}
    refs, dangling = site.rule_graph()
    back: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for source, targets in refs.items():
        for target, via in targets.items():
            back[target][source].extend(via)
    children: dict[str, list[str]] = defaultdict(list)
    for rule in site.rules:
        if rule.parent:
            children[rule.parent].append(rule.id)
    by_topic: dict[str, list[str]] = defaultdict(list)
    for rule in site.rules:
        by_topic[rule.topic].append(rule.id)
    param_rows: dict[str, list[ParameterTableRow]] = defaultdict(list)
    for row in site.parameter_rows:
        param_rows[row.rule].append(row)
    term_names = {str(t.get("id")): str(t.get("en", t.get("id"))) for t in site.terms}
    term_said, uses = _term_words(site), _term_uses(site)

    titles, topics = rule_titles(site), topic_titles(site)

    def link(rule_id: str, via: list[str] | None = None) -> RuleLink:
        return RuleLink(rule_id, site.rule_by_id[rule_id].title, sorted(set(via or [])), titles[rule_id])

    views = []
    for rule in site.rules:
        texts, present = [], set()
        by_edition: dict[str, list[tuple[ProvisionView, str, float | None]]] = defaultdict(list)
        for edition, key, method, conf in site.mapping.get(rule.id, []):
            p = site.provision.get((edition, key))
            if p is not None:
                by_edition[edition].append((p, method, conf))
        for e in reversed(site.editions):  # the current edition first
            if by_edition.get(e.id):
                present.add(e.id)
                first = by_edition[e.id][0][0]
                texts.append(
                    RuleText(
                        e.id,
                        e.language,
                        by_edition[e.id],
                        f"{EDITIONS_DIR}/{e.id}.html#{first.anchor}",
                        site.periods.get(e.id),
                        language_name=english_name(e.language),
                        autonym=autonym(e.language),
                        laws=e.fide_edition,
                        superseded=superseded_words(site, e.id),
                        facts=edition_facts(
                            e.language,
                            e.fide_edition,
                            site.periods[e.id].in_force if e.id in site.periods else None,
                        ),
                        how=[how_words(method, conf) for _, method, conf in by_edition[e.id]],
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
                absent=[e for e in site.order if e not in present],
                parameters=rows,
                quotes=quotes,
                references=[link(r, v) for r, v in sorted(refs[rule.id].items()) if r in site.rule_by_id],
                referenced_by=[link(r, v) for r, v in sorted(back[rule.id].items()) if r in site.rule_by_id],
                dangling=sorted(set(dangling[rule.id])),
                terms=[
                    (t, term_said.get(t) or {"en": term_names.get(t, t)})
                    for t in sorted(uses[rule.id], key=lambda t: str(term_names.get(t, t)).lower())
                ],
                changes=site.changes.get(rule.id, []),
                findings=site.findings.get(rule.id, []),
                rulings=rulings_view(site, matrices.get(rule.id)),
                notice=site.not_current(texts[0].edition) if texts else None,
                title_said=titles[rule.id],
                topic_said=topics[rule.topic],
            )
        )
    return views


def _term_words(site: SiteData) -> dict[str, dict[str, str]]:
    """concept -> language -> its word: English from the termbase, each other language the first term
    of its newest edition that has the concept (kb/terms.yaml)."""
    editions = [e for e in reversed(site.editions) if e.language]  # newest first
    words: dict[str, dict[str, str]] = {}
    for concept in site.terms:
        said = {"en": str(concept.get("en", concept.get("id")))}
        terms = concept.get("terms") or {}
        for e in editions:
            if e.language not in said and terms.get(e.id):
                said[e.language] = str(terms[e.id][0])
        words[str(concept.get("id"))] = said
    return words


def _term_uses(site: SiteData) -> dict[str, set[str]]:
    """rule -> the termbase concepts its provisions use (the graph's uses_term edges)."""
    uses: dict[str, set[str]] = defaultdict(set)
    for edge in site.edges():
        if edge.get("kind") == "uses_term":
            _, ed, key = (str(edge.get("source", "")).split(":", 2) + ["", ""])[:3]
            for rule_id in site.rule_of.get((ed, key), []):
                uses[rule_id].add(str(edge.get("target", "")).removeprefix("term:"))
    return uses
