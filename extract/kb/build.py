"""corpus -> kb/generated: run the stages and write their results deterministically and atomically.

Editions are built as a stream, so a build's memory does not grow with the number of editions
(issue 20). The reference editions (those the curated lists of kb/rules cover: a handful) are
segmented, analysed, aligned with each other and named first, and kept. Then every edition, in
editions.yaml order, is segmented, analysed, aligned with its reference editions (`reference_pairs`),
named, its parameters read and its share of every generated file written; then it is dropped. An
edition outside the references depends on them and on itself only: adding an edition never changes
another's results, and the build costs O(N) in work and O(1) in memory per edition. Files whose order
is not the stream's (links.yaml, graph.yaml) are spooled to disk and copied out in order.
"""

from __future__ import annotations

import time
from collections import ChainMap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any

import networkx as nx
from threadpoolctl import threadpool_limits

from extract.io.editions import load_editions
from extract.io.generated import GENERATED
from extract.io.kbfiles import Spool, TreeWriter, dump_items, dump_yaml
from extract.io.languages import language_data, missing_languages, missing_message
from extract.io.overrides import check_override_labels, load_overrides
from extract.io.rules import Rule, curated_mapping, edition_keys, edition_problems, load_rules
from extract.io.scenarios import load_scenarios
from extract.io.terms import absent_terms
from extract.kb.align import (
    Agreement,
    Assignment,
    EditionInfo,
    FeatureCache,
    agreement,
    align,
    make_items,
    name_from_mapping,
    name_rules,
    overall,
    reference_pairs,
    references_of,
)
from extract.kb.align_items import Item, Link
from extract.kb.align_sections import name_by_parent, name_by_section, name_containers, name_structural
from extract.kb.align_weights import laws_weights
from extract.kb.aligned_values import read_by_place
from extract.kb.apertium_store import Wanted, update_store
from extract.kb.build_documents import (
    agreement_document,
    alignment_document,
    disagreement_list,
    edition_summary,
    links_document,
)
from extract.kb.damage import damage_warnings
from extract.kb.graph import edition_graph, graph_pieces, reference_counts, shared_graph
from extract.kb.learned_lexicon import learn, provision_rules
from extract.kb.learned_structure import learn_for
from extract.kb.parameters import extract_parameters
from extract.model import Edition, Provision
from extract.model.kbrows import Parameter
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
from extract.text.labels import STRUCTURE_LABELS
from extract.text.segment import coverage, duplicate_labels, leaves, segment
from extract.text.words import discovered, unknown_scripts


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


Progress = Callable[[int, int, str], None]  # (editions done, editions in all, what is being done)
SECONDS = ("analysis", "alignment", "parameters")


@dataclass
class Prepared:
    """One edition segmented and analysed: what the later stages need of it."""

    edition: Edition
    report: EditionReport
    warnings: list[str]
    keyed: list[tuple[str, dict[str, object]]]  # (provision key, provision row) in document order
    leaves: list[str]
    items: list[Item]
    references: dict[str, list[str]]  # provision key -> labels it cites (tables and examples cite none)
    term_hits: dict[str, set[str]]


@dataclass
class Core:
    """The reference editions aligned with each other and named; kept for the whole build."""

    prepared: dict[str, Prepared]
    links: dict[tuple[str, str], list[Link]]
    final: dict[tuple[str, str], Assignment]  # with the curated mapping, before overrides
    published: dict[tuple[str, str], str]  # what the other editions are named from
    rows: list[Agreement]
    rows_all: list[Agreement]
    disagreements: list[dict[str, object]]


@dataclass
class Context:
    """What every stage of a build reads: the curated inputs and the plan of edition pairs."""

    corpus_dir: Path
    kb_dir: Path
    editions: list[Edition]
    rules: list[Rule]
    concepts: list[Concept]
    overrides: list[dict[str, str]]
    use_overrides: bool
    infos: list[EditionInfo]
    pairs: list[tuple[str, str]]
    seconds: dict[str, float] = field(default_factory=lambda: dict.fromkeys(SECONDS, 0.0))
    matchers: dict[str, TermMatcher] = field(default_factory=dict)  # language -> its termbase matcher

    def matcher(self, language: str) -> TermMatcher:
        """The termbase matcher of a language, made once for all its editions."""
        if language not in self.matchers:
            self.matchers[language] = TermMatcher(self.concepts, language)
        return self.matchers[language]

    @cached_property
    def order(self) -> list[str]:
        return [e.id for e in self.editions]

    @cached_property
    def covered(self) -> set[str]:
        return {info.id for info in self.infos if info.curated}

    @cached_property
    def bare_rules(self) -> list[Rule]:
        """The rules without the curated lists of the reference editions: what the provisions of an
        edition beyond them are mapped with (the same rules for its provisions, a fraction of the work)."""
        return [
            replace(
                rule, provisions={e: keys for e, keys in rule.provisions.items() if e not in self.covered}
            )
            for rule in self.rules
        ]


def build(
    corpus_dir: Path,
    kb_dir: Path,
    on_edition: Callable[[EditionReport], None] | None = None,
    use_overrides: bool = True,
    progress: Progress | None = None,
) -> BuildResult:
    """Run every stage and replace kb/generated as a whole; nothing is written on error."""
    editions = load_editions(corpus_dir)
    missing = [
        missing_message(kb_dir, code, [e.id for e in editions if e.language == code])
        for code in missing_languages(kb_dir, {e.language for e in editions})
    ]
    rules = load_rules(kb_dir)
    ids = {e.id for e in editions}
    curation = curation_warnings(kb_dir, editions, rules)
    overrides = load_overrides(kb_dir, {r.id for r in rules}, ids) if use_overrides else []
    folder = kb_dir / "scenarios"
    fide = {e.fide_edition for e in editions}
    scenarios = load_scenarios(folder, {r.id for r in rules}, ids, fide) if folder.is_dir() else []
    covered = {edition for edition, _ in curated_mapping(rules) if edition in ids}
    infos = [EditionInfo(e.id, e.fide_edition, e.in_force, e.id in covered) for e in editions]
    context = Context(
        corpus_dir, kb_dir, editions, rules, load_terms(kb_dir), overrides, use_overrides, infos,
        reference_pairs(infos),
    )  # fmt: skip
    for language in sorted({e.language for e in editions} & LOOKUP_LANGUAGES):
        pipeline(language), lemma_table(language)  # start-up (tokenizer, lookup tables), not timed below
    # the aligner's matrices are small: BLAS threads cost more than they give (several times so
    # on a busy machine)
    with threadpool_limits(limits=1, user_api="blas"), TreeWriter(kb_dir / GENERATED) as tree:
        stream = Stream(context, tree, FeatureCache())
        core = reference_core(context, stream.cache, tree, progress)
        wanted = Wanted((e.id, e.language, str(e.in_force or "")) for e in editions)
        for edition in editions:
            stream.add(edition, core, progress)
            wanted.add(edition.id, edition.language, (row for _, row in stream.last_keyed))
            if on_edition:
                on_edition(stream.reports[-1])
        parameters = sorted(stream.parameters, key=lambda p: (p.parameter, p.edition, p.rule))
        tree.write("parameters.yaml", dump_yaml([p.as_dict() for p in parameters]))
        tree.write("editions.yaml", dump_yaml([edition_summary(e) for e in editions]))
        tree.write(
            "agreement.yaml", dump_yaml(agreement_document(core.rows, core.rows_all, core.disagreements))
        )

        def applies_to(expect: Mapping[str, object]) -> tuple[str, ...]:
            """Editions a scenario's expectations apply to: its translation keys and every translation
            of the FIDE editions it names."""
            return tuple(e.id for e in editions if e.id in expect or e.fide_edition in expect)

        shared = shared_graph(
            [edition_summary(e) for e in editions],
            rules,
            context.concepts,
            [p.as_dict() for p in parameters],
            [(s.id, s.title, s.rules, applies_to(s.expect)) for s in scenarios],
        )
        if progress:
            progress(len(editions), len(editions), "writing kb/generated")
        stream.finish(shared)
        tree.commit()
    update_store(kb_dir, wanted.texts)  # kb/apertium: the diffs' translations, where Apertium is installed
    return BuildResult(
        reports=stream.reports,
        agreement=core.rows,
        overall=overall(core.rows),
        overall_all_leaves=overall(core.rows_all),
        leaves=stream.leaves,
        mapped=stream.mapped,
        disagreements=core.disagreements,
        references=dict(sorted(stream.references.items())),
        parameters=len(parameters),
        seconds=context.seconds,
        missing_languages=missing,
        warnings=stream.warnings + curation,
    )


def curation_warnings(kb_dir: Path, editions: list[Edition], rules: list[Rule]) -> list[str]:
    """Curated data that names what the corpus lacks: rules naming editions it does not have (an id
    no edition can have is an InputError), terms a text does not use. One line each, or none."""
    unusable, absent = edition_problems(rules, {e.id for e in editions}, date.today().year)
    if unusable is not None:
        raise unusable
    unused_terms = absent_terms(kb_dir, {e.id: e.text for e in editions})
    return [line for line in (absent, unused_terms) if line]


def teach(
    language: str,
    context: Context,
    provisions: dict[str, list[tuple[str, dict[str, object]]]],
    languages: dict[str, str],
    mapping: dict[tuple[str, str], str],
    core: dict[tuple[str, str], tuple[str, ...]] | None = None,
) -> dict[str, Any]:
    """What editions in other languages, aligned to `language`'s, teach of its words (none without them).

    `core`: the reference editions' provisions' rules, worked out once per build (an edition's rules
    depend on its provisions, mapping and curated lists alone); the other editions add theirs. The
    learner reads another language's provision for the quantities it states of the rules it shares
    with `language`'s provisions, nothing else (learned_lexicon `find_anchors`, learned_numbers
    `learn_unknown_numbers`): only those are passed (tests/test_build_speed.py: the same words)."""
    if not set(languages.values()) - {language}:
        return {}
    if core is None:
        assigned = provision_rules(context.rules, mapping, provisions)
    else:
        rest = {e: keyed for e, keyed in provisions.items() if e not in context.covered}
        own = provision_rules(context.bare_rules, {k: r for k, r in mapping.items() if k[0] in rest}, rest)
        assigned = core | own
        provisions = shared_rules(language, provisions, languages, assigned)
    laws = {info.id: info.fide_edition for info in context.infos}
    return learn(language, provisions, languages, assigned, context.kb_dir, laws).tables


def shared_rules(
    language: str,
    provisions: dict[str, list[tuple[str, dict[str, object]]]],
    languages: dict[str, str],
    assigned: dict[tuple[str, str], tuple[str, ...]],
) -> dict[str, list[tuple[str, dict[str, object]]]]:
    """`language`'s provisions, and the other languages' provisions of a rule one of them has."""
    wanted = {
        rule for e, keyed in provisions.items() if languages[e] == language for k, _ in keyed
        for rule in assigned.get((e, k), ())
    }  # fmt: skip
    return {
        e: keyed
        if languages[e] == language
        else [(k, p) for k, p in keyed if not wanted.isdisjoint(assigned.get((e, k), ()))]
        for e, keyed in provisions.items()
    }


def prepare(
    context: Context, edition: Edition, tree: TreeWriter, learned: dict[str, list[str]] | None = None
) -> Prepared:
    """Segment one edition (its provisions file is written at once) and analyse its provisions."""
    provisions = segment(edition, context.kb_dir, learned)
    documents = [p.as_dict() for p in provisions]
    tree.write(f"provisions/{edition.id}.yaml", dump_yaml(provisions_document(edition, provisions)))
    own = [o for o in context.overrides if o["edition"] == edition.id]
    check_override_labels(context.kb_dir, own, {edition.id: documents})
    warnings = damage_warnings([edition], {edition.id: documents}, context.rules)
    started = time.perf_counter()
    matcher = context.matcher(edition.language)
    keys, leaf_keys = edition_keys(documents)
    keyed = list(zip(keys, documents, strict=True))
    fingerprints = {}
    references: dict[str, list[str]] = {}
    term_hits: dict[str, set[str]] = {}
    for key, provision in keyed:
        text = str(provision["text"] or provision.get("heading") or "")
        fingerprints[key] = fingerprint(text, edition.language, matcher, context.kb_dir)
        if provision["kind"] not in ("table", "example"):
            references[key] = list(fingerprints[key].references)
        term_hits[key] = set(fingerprints[key].concepts)
    items = make_items(edition.id, documents, fingerprints, leaf_keys)
    context.seconds["analysis"] += time.perf_counter() - started
    return Prepared(
        edition, report(edition, provisions), warnings, keyed, leaf_keys, items, references, term_hits
    )


def reference_core(
    context: Context, cache: FeatureCache, tree: TreeWriter, progress: Progress | None
) -> Core:
    """The reference editions: aligned with each other, named from the curated anchors, measured
    against the curated mapping (agreement.yaml), the curated mapping applied."""
    prepared: dict[str, Prepared] = {}
    for edition in context.editions:
        if edition.id in context.covered:
            if progress:
                progress(0, len(context.editions), f"now {edition.id} (an edition the curated rules name)")
            prepared[edition.id] = prepare(context, edition, tree)
    started = time.perf_counter()
    order, rules = context.order, context.rules
    pairs = [pair for pair in context.pairs if set(pair) <= context.covered]
    links = align({e: p.items for e, p in prepared.items()}, pairs, cache)
    all_leaves = {(e, key) for e, p in prepared.items() for key in p.leaves}
    anchors = anchors_of(rules, order, all_leaves)
    assigned = name_rules(links, anchors, order, all_leaves)
    curated = {key: rule for key, rule in curated_mapping(rules).items() if key[0] in prepared}
    curated_leaves = {key: rule for key, rule in curated.items() if key in all_leaves}
    anchors_by_pair = {
        pair: anchors_of(rules, [e for e in order if e not in pair], all_leaves) for pair in links
    }
    kinds = {(e, key): str(row["kind"]) for e, p in prepared.items() for key, row in p.keyed}
    rule_provisions = {key for key in all_leaves if kinds[key] in RULE_KINDS}
    rows = agreement(links, curated_leaves, all_leaves, anchors_by_pair, order, rule_provisions)
    rows_all = agreement(links, curated_leaves, all_leaves, anchors_by_pair, order)
    keyed = {e: p.keyed for e, p in prepared.items()}
    disagreements = disagreement_list(assigned, curated_leaves, keyed)
    final = dict(assigned)
    if context.use_overrides:
        apply_curation(final, curated, [])
    published = {key: a.rule for key, a in final.items()}
    context.seconds["alignment"] += time.perf_counter() - started
    return Core(prepared, links, final, published, rows, rows_all, disagreements)


class Stream:
    """Editions taken one at a time, oldest first: each is built and its share of every generated
    file written, then dropped (but for the few items a later pair still needs)."""

    def __init__(self, context: Context, tree: TreeWriter, cache: FeatureCache) -> None:
        self.context, self.tree, self.cache = context, tree, cache
        position = {e: n for n, e in enumerate(context.order)}
        self.owned: dict[str, list[tuple[str, str]]] = {}  # edition -> the pairs aligned in its turn
        self.last_use: dict[str, int] = {}  # edition -> the last turn that needs its items
        for pair in context.pairs:
            outside = [e for e in pair if e not in context.covered]
            if outside:
                owner = max(outside, key=position.__getitem__)
                self.owned.setdefault(owner, []).append(pair)
                for e in outside:
                    self.last_use[e] = max(self.last_use.get(e, 0), position[owner])
        self.position = position
        self.items: dict[str, list[Item]] = {}  # items of editions outside the core still needed
        self.previous: dict[str, tuple[str, list[str]]] = {}  # rule -> latest edition with it, keys
        self.links = tree.spool()
        self.nodes, self.edges = tree.spool(), tree.spool()
        self.reports: list[EditionReport] = []
        self.warnings: list[str] = []
        self.parameters: list[Parameter] = []
        self.references: dict[str, tuple[int, int]] = {}
        self.leaves = self.mapped = 0
        self.wrote_alignment = False
        self.lexicons: dict[str, dict[str, Any]] = {}  # language -> words the curated editions teach
        self.spooled_core = False
        self.core_rules: dict[tuple[str, str], tuple[str, ...]] | None = None  # teach's, once
        self.last_keyed: list[tuple[str, dict[str, object]]] = []  # the provisions of the last edition
        self.core_parameters: list[Parameter] | None = None  # the reference editions', once

    def add(self, edition: Edition, core: Core, progress: Progress | None) -> None:
        """Build one edition and write its share of the generated files, its words read with those
        discovered in its own text where ICU does not know its script's words (text/discovered_words.py)."""
        with discovered(unknown_scripts([edition.text]) if edition.id not in core.prepared else {}):
            self._add(edition, core, progress)

    def _add(self, edition: Edition, core: Core, progress: Progress | None) -> None:
        context = self.context
        if progress:
            progress(len(self.reports), len(context.editions), f"now {edition.id}")
        if not self.spooled_core:
            self.spool_links(core.links)
            self.spooled_core = True
        prepared = core.prepared.get(edition.id) or self.prepare(edition, core)
        self.reports.append(prepared.report)
        self.last_keyed = prepared.keyed
        self.warnings += prepared.warnings
        started = time.perf_counter()
        if edition.id in core.prepared:
            final = {key: a for key, a in core.final.items() if key[0] == edition.id}
        else:
            final = self.name(prepared, core)
        if context.use_overrides:
            apply_curation(final, {}, [o for o in context.overrides if o["edition"] == edition.id])
        context.seconds["alignment"] += time.perf_counter() - started
        self.leaves += len(prepared.leaves)
        self.mapped += sum(1 for key in prepared.leaves if (edition.id, key) in final)
        self.tree.add(
            "alignment.yaml", "".join(dump_items(alignment_document(final, {edition.id: prepared.keyed})))
        )
        self.wrote_alignment = self.wrote_alignment or any(k[0] == edition.id for k in final)
        started = time.perf_counter()
        mapping = {key: a.rule for (_, key), a in final.items()}
        lexicon = self.lexicon(edition, prepared, mapping, core)  # words the aligned editions teach
        parameters = extract_parameters(
            context.rules,
            {edition.id: prepared.keyed},
            {edition.id: edition.language},
            {edition.id: edition.text},
            {(edition.id, key): rule for key, rule in mapping.items()},
            context.kb_dir,
            lexicon,
            self.core_rows(core),  # what the core editions state settles two side-by-side values
        )
        if edition.id not in context.covered:  # what its words missed, read by its place
            parameters = sorted(
                parameters + self.by_place(edition, prepared, mapping, parameters, core, lexicon),
                key=lambda p: (p.parameter, p.edition, p.rule),
            )
        context.seconds["parameters"] += time.perf_counter() - started
        self.parameters += parameters
        graph = edition_graph(
            edition.id,
            prepared.keyed,
            mapping,
            self.previous,
            prepared.references,
            prepared.term_hits,
            [p.as_dict() for p in parameters],
        )
        self.references.update(reference_counts(graph))
        self.spool_graph(graph, f"provision:{edition.id}:")
        for other in list(self.items):  # items no later pair needs
            if self.last_use.get(other, -1) <= self.position[edition.id]:
                del self.items[other]
                self.cache.forget(other)

    def core_rows(self, core: Core) -> list[Parameter]:
        """The core editions' parameters (read once)."""
        if self.core_parameters is None:
            context = self.context
            self.core_parameters = extract_parameters(
                context.rules,
                {e: p.keyed for e, p in core.prepared.items()},
                {e: p.edition.language for e, p in core.prepared.items()},
                {e: p.edition.text for e, p in core.prepared.items()},
                core.published,
                context.kb_dir,
            )
        return self.core_parameters

    def by_place(
        self,
        edition: Edition,
        prepared: Prepared,
        mapping: dict[str, str],
        found: list[Parameter],
        core: Core,
        lexicon: dict[str, dict[str, Any]],
    ) -> list[Parameter]:
        """The parameters of an edition outside the core that its words missed, read where the
        reference editions state them (kb/aligned_values.py)."""
        context = self.context
        language = edition.language
        return read_by_place(
            context.rules,
            edition.id,
            language,
            prepared.keyed,
            edition.text,
            {(edition.id, key): rule for key, rule in mapping.items()},
            found,
            self.core_rows(core),
            {info.id: info.fide_edition for info in context.infos},
            context.kb_dir,
            lexicon.get(language),
        )

    def prepare(self, edition: Edition, core: Core) -> Prepared:
        """An edition outside the core, segmented; in a language without a file, segmented with the
        structure words its headings share with the reference editions' (kb/learned_structure.py)."""
        context = self.context
        if language_data(context.kb_dir, edition.language) is not None:
            return prepare(context, edition, self.tree)
        references = [([row for _, row in p.keyed], p.edition.text) for p in core.prepared.values()]
        return prepare(context, edition, self.tree, learn_for(edition, references, context.kb_dir))

    def lexicon(
        self, edition: Edition, prepared: Prepared, mapping: dict[str, str], core: Core
    ) -> dict[str, dict[str, Any]]:
        """The words of the edition's language that the aligned editions teach (kb/learned_lexicon.py):
        learned once for the curated editions, from them; for another edition, from it aligned to them
        (its language may have curated editions too: their words and its own both teach)."""
        language, context = edition.language, self.context
        languages = {e: p.edition.language for e, p in core.prepared.items()}
        provisions = {e: p.keyed for e, p in core.prepared.items()}
        if language in languages.values() and edition.id in core.prepared:
            if language not in self.lexicons:
                final = dict(core.final)
                if context.use_overrides:
                    apply_curation(final, {}, [o for o in context.overrides if o["edition"] in core.prepared])
                published = {key: a.rule for key, a in final.items()}
                self.lexicons[language] = teach(language, context, provisions, languages, published)
            return {language: self.lexicons[language]}
        if self.core_rules is None:
            self.core_rules = provision_rules(context.rules, core.published, provisions)
        languages[edition.id] = language
        provisions[edition.id] = prepared.keyed
        published = dict(core.published) | {(edition.id, key): rule for key, rule in mapping.items()}
        return {language: teach(language, context, provisions, languages, published, self.core_rules)}

    def name(self, prepared: Prepared, core: Core) -> dict[tuple[str, str], Assignment]:
        """Align an edition outside the core with its reference editions and name its provisions:
        leaves from their links to the published mapping, items with their own sentence above
        sub-items by label or parent rule."""
        context, edition = self.context, prepared.edition.id
        self.items[edition] = prepared.items
        pairs = self.owned.get(edition, [])
        members = {e for pair in pairs for e in pair if e not in core.prepared}
        scope = {e: p.items for e, p in core.prepared.items()} | {e: self.items[e] for e in members}
        links = align(scope, pairs, self.cache)
        self.spool_links(links)
        leaf_keys = {(edition, key) for key in prepared.leaves}
        laws = {i.id: i.fide_edition for i in context.infos}
        final = name_from_mapping(links, core.published, leaf_keys, laws_weights(laws[edition], laws))
        if not context.use_overrides:
            return final
        info = next(i for i in context.infos if i.id == edition)
        references = {edition: references_of(info, context.infos)}
        headings = name_structural(
            edition, prepared.leaves, prepared.keyed, core.published, references[edition], STRUCTURE_LABELS
        )
        for heading, assignment in headings.items():  # a part's heading is named by its label alone
            final.pop(heading, None)
            final.update({heading: assignment} if assignment else {})
        own_text = {
            (edition, key)
            for key, p in prepared.keyed
            if (edition, key) not in leaf_keys and p["kind"] in RULE_KINDS and p["text"]
        }
        by_label = {str(p["label"]): key for key, p in prepared.keyed}
        children: dict[tuple[str, str], list[tuple[str, str]]] = {}
        for key, p in prepared.keyed:
            parent_key = by_label.get(str(p["parent"]))
            if parent_key is not None:
                children.setdefault((edition, parent_key), []).append((edition, key))
        named = ChainMap({key: a.rule for key, a in final.items()}, core.published)
        parents = {rule.id: rule.parent for rule in context.rules}
        final.update(name_containers(own_text, named, references, children, parents))
        carrying = {rule.id for rule in context.rules if rule.parameters}
        final.update(
            name_by_section(leaf_keys - final.keys(), prepared.keyed, named, references[edition], carrying)
        )
        named = ChainMap({key: a.rule for key, a in final.items()}, core.published)
        unnamed = leaf_keys - final.keys()
        final.update(name_by_parent(unnamed, prepared.keyed, named, references[edition], carrying, parents))
        return final

    def spool_links(self, links: dict[tuple[str, str], list[Link]]) -> None:
        for (a, b), pair_links in links.items():
            text = "".join(dump_items(links_document({(a, b): pair_links})))
            self.links.add((self.position[a], self.position[b]), text)

    def spool_graph(self, graph: nx.MultiDiGraph, prefix: str | None) -> None:
        for section, key, rows in graph_pieces(graph, prefix):
            (self.nodes if section == "nodes" else self.edges).add(key, "".join(dump_items(rows)))

    def finish(self, shared: nx.MultiDiGraph) -> None:
        """The files assembled from pieces: alignment.yaml closed, links.yaml and graph.yaml."""
        if not self.wrote_alignment:
            self.tree.add("alignment.yaml", "[]\n")
        self.tree.close("alignment.yaml")
        copy_list(self.tree, "links.yaml", self.links)
        self.spool_graph(shared, None)
        for name, spool in (("edges", self.edges), ("nodes", self.nodes)):
            self.tree.add("graph.yaml", f"{name}:\n" if spool.index else f"{name}: []\n")
            spool.copy_to("graph.yaml")


def copy_list(tree: TreeWriter, name: str, spool: Spool) -> None:
    """A YAML list file from the pieces of a spool ("[]" when there are none)."""
    if spool.index:
        spool.copy_to(name)
    else:
        tree.add(name, "[]\n")
    tree.close(name)


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


def anchors_of(
    rules: list[Rule], order: list[str], leaves: set[tuple[str, str]]
) -> dict[tuple[str, str], str]:
    """Each rule's provisions in the newest edition that has it: the names the aligner gives out."""
    anchors: dict[tuple[str, str], str] = {}
    position = {e: n for n, e in enumerate(order)}
    for rule in rules:
        present = [e for e, labels in rule.provisions.items() if labels and e in position]
        if not present:
            continue
        newest = max(present, key=position.__getitem__)
        for label in rule.provisions[newest]:
            if (newest, label) in leaves:
                anchors[(newest, label)] = rule.id
    return anchors
