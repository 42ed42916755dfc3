"""corpus -> kb/generated: run the stages and write their results deterministically and atomically."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from extract.io.editions import load_editions
from extract.io.kbfiles import dump_yaml, write_kb
from extract.io.languages import missing_languages, missing_message
from extract.io.overrides import check_override_labels, load_overrides
from extract.io.rules import Rule, curated_mapping, edition_keys, load_rules
from extract.io.scenarios import load_scenarios
from extract.kb.align import (
    Agreement,
    Assignment,
    EditionInfo,
    Item,
    Link,
    agreement,
    align,
    make_items,
    name_containers,
    name_from_mapping,
    name_rules,
    overall,
    reference_pairs,
    references_of,
)
from extract.kb.damage import damage_warnings
from extract.kb.graph import add_parameters, add_scenarios, build_graph, graph_document, reference_counts
from extract.kb.learned_lexicon import learn_all
from extract.kb.parameters import extract_parameters
from extract.model import Edition, Provision
from extract.model.vocab import RULE_KINDS
from extract.text.analyse import (
    LOOKUP_LANGUAGES,
    Concept,
    TermMatcher,
    fingerprint,
    lemma_table,
    load_terms,
    pipeline,
)
from extract.text.segment import coverage, duplicate_labels, leaves, segment


@dataclass(frozen=True)
class EditionReport:
    """What the build found in one edition."""

    edition: str
    provisions: int
    leaves: int
    printed: int
    inferred: int
    unnumbered: int
    duplicates: dict[str, list[int]]
    coverage: float


def provisions_document(edition: Edition, provisions: list[Provision]) -> dict[str, object]:
    return {
        "edition": edition.id,
        "language": edition.language,
        "title": edition.title,
        "in_force": edition.in_force,
        "source_file": edition.path.name,
        "provisions": [p.as_dict() for p in provisions],
    }


def report(edition: Edition, provisions: list[Provision]) -> EditionReport:
    printed = sum(1 for p in provisions if p.printed_label and not p.inferred)
    inferred = sum(1 for p in provisions if p.inferred)
    return EditionReport(
        edition=edition.id,
        provisions=len(provisions),
        leaves=len(leaves(provisions)),
        printed=printed,
        inferred=inferred,
        unnumbered=len(provisions) - printed - inferred,
        duplicates=duplicate_labels(provisions),
        coverage=coverage(edition.text, provisions),
    )


@dataclass
class BuildResult:
    """What a build produced and measured."""

    reports: list[EditionReport]
    agreement: list[Agreement]
    overall: Agreement
    overall_all_leaves: Agreement
    leaves: int
    mapped: int
    disagreements: list[dict[str, object]]
    references: dict[str, tuple[int, int]]
    parameters: int
    seconds: dict[str, float]
    missing_languages: list[str] = field(default_factory=list)  # one line each: what the build lacks
    warnings: list[str] = field(default_factory=list)  # damaged-looking texts, unknown curated labels


def build(
    corpus_dir: Path,
    kb_dir: Path,
    on_edition: Callable[[EditionReport], None] | None = None,
    use_overrides: bool = True,
) -> BuildResult:
    """Run every stage and replace kb/generated as a whole; nothing is written on error."""
    editions = load_editions(corpus_dir)
    missing = [
        missing_message(kb_dir, code, [e.id for e in editions if e.language == code])
        for code in missing_languages(kb_dir, {e.language for e in editions})
    ]
    rules = load_rules(kb_dir)
    concepts = load_terms(kb_dir)
    ids = {e.id for e in editions}
    overrides = load_overrides(kb_dir, {r.id for r in rules}, ids) if use_overrides else []
    files, reports, documents = segment_editions(editions, kb_dir, on_edition)
    files["editions.yaml"] = dump_yaml([edition_summary(e) for e in editions])
    check_override_labels(kb_dir, overrides, documents)
    warnings = damage_warnings(editions, documents, rules)

    seconds: dict[str, float] = {}
    for language in sorted({e.language for e in editions} & LOOKUP_LANGUAGES):
        pipeline(language), lemma_table(language)  # start-up (tokenizer, lookup tables), not timed below
    started = time.perf_counter()
    analysed = analyse_editions(editions, documents, concepts, kb_dir)
    keyed, items, references = analysed.keyed, analysed.items, analysed.references
    term_hits, all_leaves, kinds = analysed.term_hits, analysed.all_leaves, analysed.kinds
    seconds["analysis"] = time.perf_counter() - started
    started = time.perf_counter()
    curated = {key: rule for key, rule in curated_mapping(rules).items() if key[0] in documents}
    covered = {edition for edition, _ in curated}
    infos = [EditionInfo(e.id, e.fide_edition, e.in_force, e.id in covered) for e in editions]
    pairs = reference_pairs(infos)
    links = align(items, pairs)
    anchors = anchors_of(rules, [e.id for e in editions], all_leaves)
    assigned = name_rules(links, anchors, [e.id for e in editions], all_leaves)
    seconds["alignment"] = time.perf_counter() - started

    curated_leaves = {key: rule for key, rule in curated.items() if key in all_leaves}
    order = [e.id for e in editions]
    measured = {pair: pair_links for pair, pair_links in links.items() if set(pair) <= covered}
    anchors_by_pair = {
        pair: anchors_of(rules, [e for e in order if e not in pair], all_leaves) for pair in measured
    }
    rule_provisions = {key for key in all_leaves if kinds[key] in RULE_KINDS}
    rows = agreement(measured, curated_leaves, all_leaves, anchors_by_pair, order, rule_provisions)
    rows_all = agreement(measured, curated_leaves, all_leaves, anchors_by_pair, order)
    disagreements = disagreement_list(assigned, curated_leaves, keyed)
    final = dict(assigned)
    if use_overrides:
        apply_curation(final, curated, [])
        publish_uncovered(final, links, covered, all_leaves, keyed, infos, rules)
        apply_curation(final, {}, overrides)  # a person's override wins over everything
    mapping = {key: a.rule for key, a in final.items()}
    graph = build_graph(
        [edition_summary(e) for e in editions], keyed, rules, concepts, mapping, references, term_hits
    )
    files["alignment.yaml"] = dump_yaml(alignment_document(final, keyed))
    files["agreement.yaml"] = dump_yaml(agreement_document(rows, rows_all, disagreements))
    files["links.yaml"] = dump_yaml(links_document(links))
    started = time.perf_counter()
    edition_languages = {e.id: e.language for e in editions}
    parameters = extract_parameters(
        rules,
        keyed,
        edition_languages,
        {e.id: e.text for e in editions},
        {key: a.rule for key, a in final.items()},
        kb_dir,
        learn_all(rules, keyed, edition_languages, mapping, kb_dir),  # words the aligned editions teach
    )
    seconds["parameters"] = time.perf_counter() - started
    files["parameters.yaml"] = dump_yaml([p.as_dict() for p in parameters])
    add_parameters(graph, [p.as_dict() for p in parameters])
    folder = kb_dir / "scenarios"
    scenarios = load_scenarios(folder, {r.id for r in rules}, set(order)) if folder.is_dir() else []

    def applies_to(expect: Mapping[str, object]) -> tuple[str, ...]:
        """Editions a scenario's expectations apply to: its translation keys and every translation of
        the FIDE editions it names."""
        return tuple(e.id for e in editions if e.id in expect or e.fide_edition in expect)

    add_scenarios(graph, [(s.id, s.title, s.rules, applies_to(s.expect)) for s in scenarios])
    files["graph.yaml"] = dump_yaml(graph_document(graph))
    write_kb(kb_dir, files)
    return BuildResult(
        reports=reports,
        agreement=rows,
        overall=overall(rows),
        overall_all_leaves=overall(rows_all),
        leaves=len(all_leaves),
        mapped=sum(1 for key in all_leaves if key in final),
        disagreements=disagreements,
        references=reference_counts(graph),
        parameters=len(parameters),
        seconds=seconds,
        missing_languages=missing,
        warnings=warnings,
    )


def segment_editions(
    editions: list[Edition], kb_dir: Path, on_edition: Callable[[EditionReport], None] | None
) -> tuple[dict[str, str], list[EditionReport], dict[str, list[dict[str, object]]]]:
    """Segment each edition: its provisions file, its report line, its provisions as rows."""
    files: dict[str, str] = {}
    reports: list[EditionReport] = []
    documents: dict[str, list[dict[str, object]]] = {}
    for edition in editions:
        provisions = segment(edition, kb_dir)
        documents[edition.id] = [p.as_dict() for p in provisions]
        files[f"provisions/{edition.id}.yaml"] = dump_yaml(provisions_document(edition, provisions))
        reports.append(report(edition, provisions))
        if on_edition:
            on_edition(reports[-1])
    return files, reports, documents


@dataclass
class Analysed:
    """The analysis of every edition, keyed by (edition, provision key)."""

    keyed: dict[str, list[tuple[str, dict[str, object]]]] = field(default_factory=dict)
    items: dict[str, list[Item]] = field(default_factory=dict)
    references: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    term_hits: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    all_leaves: set[tuple[str, str]] = field(default_factory=set)
    kinds: dict[tuple[str, str], str] = field(default_factory=dict)


def analyse_editions(
    editions: list[Edition],
    documents: dict[str, list[dict[str, object]]],
    concepts: list[Concept],
    kb_dir: Path,
) -> Analysed:
    """Fingerprint every provision (lemmas, numbers, references, terms) and make the aligner's items."""
    out = Analysed()
    for edition in editions:
        matcher = TermMatcher(concepts, edition.language)
        keys, leaf_keys = edition_keys(documents[edition.id])
        out.keyed[edition.id] = list(zip(keys, documents[edition.id], strict=True))
        fingerprints = {}
        for key, provision in out.keyed[edition.id]:
            text = str(provision["text"] or provision.get("heading") or "")
            fingerprints[key] = fingerprint(text, edition.language, matcher, kb_dir)
            if provision["kind"] not in ("table", "example"):
                out.references[(edition.id, key)] = list(fingerprints[key].references)
            out.term_hits[(edition.id, key)] = set(fingerprints[key].concepts)
        out.items[edition.id] = make_items(edition.id, documents[edition.id], fingerprints, leaf_keys)
        out.all_leaves |= {(edition.id, key) for key in leaf_keys}
        out.kinds.update({(edition.id, key): str(p["kind"]) for key, p in out.keyed[edition.id]})
    return out


def apply_curation(
    final: dict[tuple[str, str], Assignment],
    curated: Mapping[tuple[str, str], str],
    overrides: list[dict[str, str]],
) -> None:
    """The curated mapping, then the overrides, over the aligner's assignments (in place)."""
    for leaf, rule in curated.items():
        current = final.get(leaf)
        if current is None or current.rule != rule:
            final[leaf] = Assignment(rule, current.confidence if current else 0.0, "curated")
    for override in overrides:
        final[(override["edition"], override["label"])] = Assignment(
            override["rule"], 1.0, "override", (override["reason"],)
        )


def agreement_document(
    rows: list[Agreement], rows_all: list[Agreement], disagreements: list[dict[str, object]]
) -> dict[str, object]:
    """agreement.yaml: the aligner alone against the curated mapping, per edition pair and overall."""
    return {
        "pairs": [
            vars(r) | {"precision": round(r.precision, 4), "recall": round(r.recall, 4), "f1": round(r.f1, 4)}
            for r in rows
        ],
        "scope": "rule provisions (items, appendix and guideline items, glossary entries)",
        "overall": {k: round(v, 4) if isinstance(v, float) else v for k, v in vars(overall(rows)).items()},
        "overall_all_leaves": {
            k: round(v, 4) if isinstance(v, float) else v for k, v in vars(overall(rows_all)).items()
        },
        "disagreements": disagreements,
    }


def links_document(links: Mapping[tuple[str, str], list[Link]]) -> list[dict[str, object]]:
    """links.yaml: every link the aligner found between two editions' provisions, with its evidence."""
    return [
        {
            "a": f"{link.a[0]}:{link.a[1]}",
            "b": f"{link.b[0]}:{link.b[1]}",
            "score": round(link.score, 3),
            "evidence": list(link.evidence),
        }
        for pair in links.values()
        for link in pair
    ]


def publish_uncovered(
    final: dict[tuple[str, str], Assignment],
    links: dict[tuple[str, str], list[Link]],
    covered: set[str],
    all_leaves: set[tuple[str, str]],
    keyed: dict[str, list[tuple[str, dict[str, object]]]],
    infos: list[EditionInfo],
    rules: list[Rule],
) -> None:
    """Rules for the provisions of editions no curated list covers, in `final`: leaves from their links
    to the published mapping, items with their own sentence above sub-items by label or parent rule."""
    published = {k: a.rule for k, a in final.items() if k[0] in covered}
    uncovered = {k for k in all_leaves if k[0] not in covered}
    for k in uncovered:
        final.pop(k, None)
    final.update(name_from_mapping(links, published, uncovered))
    own_text = {
        (edition_id, k)
        for edition_id, items in keyed.items()
        if edition_id not in covered
        for k, p in items
        if (edition_id, k) not in all_leaves and p["kind"] in RULE_KINDS and p["text"]
    }
    references = {info.id: references_of(info, infos) for info in infos}
    children: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for edition_id, items in keyed.items():
        by_label = {str(p["label"]): item_key for item_key, p in items}
        for item_key, p in items:
            parent_key = by_label.get(str(p["parent"]))
            if parent_key is not None:
                children.setdefault((edition_id, parent_key), []).append((edition_id, item_key))
    named = {k: a.rule for k, a in final.items()}
    parents = {rule.id: rule.parent for rule in rules}
    final.update(name_containers(own_text, named, references, children, parents))


def edition_summary(e: Edition) -> dict[str, object]:
    return {
        "id": e.id,
        "language": e.language,
        "title": e.title,
        "fide_edition": e.fide_edition,
        "in_force": e.in_force,
        "congress": e.congress,
        "approved_by": e.approved_by,
        "approved_on": e.approved_on,
        "translator": e.translator,
        "source_file": e.path.name,
    }


def anchors_of(
    rules: list[Rule], order: list[str], leaves: set[tuple[str, str]]
) -> dict[tuple[str, str], str]:
    """Each rule's provisions in the newest edition that has it: the names the aligner gives out."""
    anchors: dict[tuple[str, str], str] = {}
    for rule in rules:
        present = [e for e in order if rule.provisions.get(e)]
        if not present:
            continue
        newest = present[-1]
        for label in rule.provisions[newest]:
            if (newest, label) in leaves:
                anchors[(newest, label)] = rule.id
    return anchors


def disagreement_list(
    assigned: dict[tuple[str, str], Assignment],
    curated: dict[tuple[str, str], str],
    keyed: dict[str, list[tuple[str, dict[str, object]]]],
) -> list[dict[str, object]]:
    """Leaves where the aligner alone names another rule than the curated mapping, least confident first."""
    lines = {
        (edition, key): provision["line"] for edition, items in keyed.items() for key, provision in items
    }
    rows = []
    for key, rule in curated.items():
        got = assigned.get(key)
        if got is not None and got.rule == rule:
            continue
        rows.append(
            {
                "edition": key[0],
                "label": key[1],
                "line": lines.get(key),
                "curated": rule,
                "aligner": got.rule if got else None,
                "confidence": got.confidence if got else 0.0,
                "evidence": list(got.evidence) if got else [],
            }
        )
    return sorted(rows, key=lambda r: (r["confidence"], r["edition"], str(r["label"])))


def alignment_document(
    final: dict[tuple[str, str], Assignment], keyed: dict[str, list[tuple[str, dict[str, object]]]]
) -> list[dict[str, object]]:
    rows = []
    for edition, items in keyed.items():
        for key, _ in items:
            found = final.get((edition, key))
            if found is None:
                continue
            rows.append(
                {
                    "rule": found.rule,
                    "edition": edition,
                    "label": key,
                    "confidence": found.confidence,
                    "method": found.method,
                    "evidence": list(found.evidence),
                }
            )
    return rows
