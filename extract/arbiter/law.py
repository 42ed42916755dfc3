"""What the arbiter knows of one edition: its parameters, the rules it has, curated behaviours.

Every number comes from the edition's extracted parameters (kb/generated/parameters.yaml); every
yes/no behaviour from whether the edition has the rule (its alignment), or from a curated
`behaviour:` keyword on the rule where the text decides something no number carries. An edition
nobody curated takes the keyword curated for the other translations of the Laws it translates, where
they all agree (`Law.inherited` names them); where they disagree it has none. Only the translations
whose provision refers to the articles nearest those its own refers to count, and none when no
translation's provision shares one: cross-references read in any language, so a 2018 text whose
rapid illegal-move rule says "act according to 7.5.5" follows the translation that says so, never
one that declares the game lost. Whether a
provision asks "can the player checkmate by any series of legal moves?" (Art. 5.2.2, 6.9, 7.5.5, A.4),
and in which words, is read from the provision itself: its sentence that names the termbase's
`checkmate` concept in the edition's own terms (kb/terms.yaml).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from extract.arbiter.classify import Classification, TimeControl, classify
from extract.io.derived import inputs_key, remember
from extract.io.generated import read_kb
from extract.io.laws import read_laws
from extract.io.rules import Rule, load_rules
from extract.model import InputError, Provision
from extract.model.kbrows import AlignmentRow, EditionRow, ProvisionsDocument
from extract.model.laws import LawsEdition

if TYPE_CHECKING:
    from extract.text.analyse import Concept

MATE_CONCEPT = "checkmate"  # the termbase concept whose terms mark a "cannot checkmate" clause

BEHAVIOURS = {  # the curated keywords the rulings understand, per rule
    "rapid-illegal-move": {"penalty", "penalty-on-claim", "loses", "loses-on-claim"},
    "blitz-illegal-move": {"penalty", "penalty-on-claim", "loses", "loses-on-claim"},
    "fivefold-repetition-automatic-draw": {"anywhere", "consecutive"},
    "illegal-move-penalty": {"no-draw-exception"},
    "illegal-move-correction": {"includes-incomplete-promotion"},
    "draw-agreement-ends-game": {"after-both-moved"},
}


@dataclass(frozen=True)
class Clause:
    """Where an edition's text asks whether a player can still checkmate: the article and its words."""

    rule: str
    label: str
    quote: str


@dataclass(frozen=True, eq=False)  # identity hash: one Law per edition per load
class Law:
    """What the engine knows of one edition: its parameters, its rules and curated behaviours."""

    edition: str
    parameters: dict[str, object]
    rules: frozenset[str]
    behaviour: dict[str, str]  # rule id -> keyword for this edition
    mate_clauses: dict[str, Clause] = field(default_factory=dict)  # rule id -> its "cannot checkmate" clause
    mate_terms: bool = True  # whether the termbase names checkmate in this edition (else no clause is read)
    inherited: dict[str, tuple[str, ...]] = field(default_factory=dict)  # rule id -> translations it is from

    def mate_clause(self, rules: tuple[str, ...]) -> Clause | None:
        """The first of `rules` whose provision in this edition asks whether a player can checkmate."""
        return next((self.mate_clauses[r] for r in rules if r in self.mate_clauses), None)

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def classify(self, minutes: float, increment: float) -> Classification:
        """The category of a time control under this edition (memoised: scenarios repeat controls)."""
        return _classify(self, minutes, increment)


@functools.lru_cache(maxsize=256)
def _classify(law: Law, minutes: float, increment: float) -> Classification:
    return classify(TimeControl(minutes, increment), law.edition, law.parameters)


def load_laws(kb_dir: Path) -> dict[str, Law]:
    """One Law per edition from kb/generated (parameters, alignment) and kb/rules (behaviours).

    Remembered by a hash of the KB's files and the code (extract.io.derived): a quick question (show,
    ruling) does not read every edition's provisions for their checkmate clauses again."""
    return remember(inputs_key("laws", (kb_dir,)), lambda: _load_laws(kb_dir))


def _load_laws(kb_dir: Path) -> dict[str, Law]:
    from extract.text.analyse import load_terms

    kb = read_kb(kb_dir)
    editions = kb.edition_ids()
    parameters: dict[str, dict[str, object]] = {e: {} for e in editions}
    for row in kb.parameters():
        parameters[row.edition].setdefault(row.parameter, row.value)
    present: dict[str, set[str]] = {e: set() for e in editions}
    for link in kb.alignment():
        present[link.edition].add(link.rule)
    concepts = [c for c in load_terms(kb_dir) if c.id == MATE_CONCEPT]
    clauses = mate_clauses(kb.alignment(), kb.all_provisions(), concepts)
    termed = {e for c in concepts for e in c.terms}
    behaviour: dict[str, dict[str, str]] = {e: {} for e in editions}
    rules = load_rules(kb_dir)
    for rule in rules:
        for edition, keyword in rule.behaviour.items():
            if keyword not in BEHAVIOURS.get(rule.id, set()):
                known = ", ".join(sorted(BEHAVIOURS.get(rule.id, ()))) or "none for this rule"
                raise InputError(
                    rule.path, rule.line, f"rule '{rule.id}': unknown behaviour '{keyword}' (known: {known})"
                )
            if edition in behaviour:  # curated for an edition this corpus does not have: not used
                behaviour[edition][rule.id] = keyword
    laws_of = laws_translated(kb.editions(), read_laws(kb_dir))
    inherited = laws_behaviour(rules, laws_of, behaviour, referred_rules(kb.alignment(), kb.all_provisions()))
    return {
        e: Law(
            e,
            parameters[e],
            frozenset(present[e]),
            behaviour[e],
            clauses.get(e, {}),
            e in termed,
            inherited.get(e, {}),
        )
        for e in editions
    }


def laws_translated(editions: tuple[EditionRow, ...], laws: list[LawsEdition]) -> dict[str, str]:
    """Edition -> the Laws it translates: its `fide_edition` where kb/laws.yaml knows it, else the Laws
    in force on the day the edition took effect (a 2018 translation of the 2017 Laws), else its own
    `fide_edition`."""
    known = {law.id for law in laws}
    found: dict[str, str] = {}
    for edition in editions:
        in_force = [law.id for law in laws if law.in_force <= edition.in_force]
        found[edition.id] = (
            edition.fide_edition if edition.fide_edition in known or not in_force else in_force[-1]
        )
    return found


def laws_behaviour(
    rules: list[Rule],
    laws_of: dict[str, str],
    behaviour: dict[str, dict[str, str]],
    referred: dict[str, dict[str, frozenset[str]]] | None = None,
) -> dict[str, dict[str, tuple[str, ...]]]:
    """Give each edition without a curated keyword for a rule the keyword curated for the other
    translations of its Laws, where they all agree (`behaviour` is completed in place). With
    `referred` (edition -> rule -> the rules its provisions for it refer to, see `referred_rules`),
    only the translations whose provision refers to the articles nearest its own count, and none
    when no translation's provision shares one (`_nearest`). Returns edition -> rule -> the
    translations the keyword comes from."""
    referred = referred or {}
    inherited: dict[str, dict[str, tuple[str, ...]]] = {}
    for rule in rules:
        for edition, laws in laws_of.items():
            if rule.id in behaviour.get(edition, {}):
                continue
            sources = sorted(e for e in rule.behaviour if e != edition and laws_of.get(e) == laws)
            sources = _nearest(sources, rule.id, edition, referred)
            keywords = {rule.behaviour[e] for e in sources}
            if len(keywords) == 1:
                behaviour.setdefault(edition, {})[rule.id] = keywords.pop()
                inherited.setdefault(edition, {})[rule.id] = tuple(sources)
    return inherited


def _nearest(
    sources: list[str], rule: str, edition: str, referred: dict[str, dict[str, frozenset[str]]]
) -> list[str]:
    """The sources whose provision for `rule` refers to the articles nearest to those the edition's
    own refers to (Jaccard; both referring to none is alike). None when no source shares any: the
    edition's text says otherwise than each, and a keyword from them would be a guess."""
    own = referred.get(edition, {}).get(rule)
    if own is None:
        return sources
    scores = {e: _jaccard(own, referred.get(e, {}).get(rule)) for e in sources}
    best = max(scores.values(), default=0.0)
    return [e for e in sources if scores[e] == best] if best > 0 else []


def _jaccard(a: frozenset[str], b: frozenset[str] | None) -> float:
    if b is None:
        return 0.0
    return 1.0 if not a and not b else len(a & b) / len(a | b)


def keyed_provisions(provisions: dict[str, ProvisionsDocument]) -> dict[tuple[str, str], Provision]:
    """(edition, provision key) -> the provision: what an alignment row's edition and label name."""
    return {(edition, key): p for edition, document in provisions.items() for key, p in document.keyed()}


def referred_rules(
    alignment: tuple[AlignmentRow, ...], provisions: dict[str, ProvisionsDocument]
) -> dict[str, dict[str, frozenset[str]]]:
    """Edition -> rule -> the rules its provisions for that rule cross-refer to, each reference
    named through the edition's own alignment (so 2017's 7.5.5 and 2018's 7.5.5 name one rule
    whatever the language or numbering)."""
    from extract.text.analyse import references

    rule_of: dict[str, dict[str, str]] = {}
    for link in alignment:
        rule_of.setdefault(link.edition, {}).setdefault(link.label, link.rule)
    texts = {at: provision.text for at, provision in keyed_provisions(provisions).items()}
    found: dict[str, dict[str, set[str]]] = {}
    for link in alignment:
        named = found.setdefault(link.edition, {}).setdefault(link.rule, set())
        own = rule_of.get(link.edition, {})
        for label in references(texts.get((link.edition, link.label), "")):
            if label in own and own[label] != link.rule:
                named.add(own[label])
    return {e: {r: frozenset(named) for r, named in rules.items()} for e, rules in found.items()}


def mate_clauses(
    alignment: tuple[AlignmentRow, ...], provisions: dict[str, ProvisionsDocument], concepts: list[Concept]
) -> dict[str, dict[str, Clause]]:
    """Edition -> rule -> the first provision of the rule with a sentence that names checkmate in the
    edition's terms (`concepts`: the termbase's checkmate concept), with that sentence. An edition the
    termbase gives no checkmate term has none (see Game.mate_clause)."""
    from extract.text.analyse import TermMatcher
    from extract.text.sentences import split_sentences

    found: dict[str, dict[str, Clause]] = {}
    matchers: dict[str, TermMatcher | None] = {}
    texts = {at: (provision.label, provision.text) for at, provision in keyed_provisions(provisions).items()}
    for link in alignment:
        if link.rule in found.get(link.edition, {}) or (link.edition, link.label) not in texts:
            continue
        document = provisions[link.edition]
        if link.edition not in matchers:
            termed = [c for c in concepts if link.edition in c.terms]
            matchers[link.edition] = TermMatcher(termed, document.language) if termed else None
        matcher = matchers[link.edition]
        label, text = texts[(link.edition, link.label)]
        if matcher is None or not matcher.concepts(text):  # no sentence names it where the text does not
            continue
        for sentence in split_sentences(text, document.language):
            if matcher.concepts(sentence.text):
                found.setdefault(link.edition, {})[link.rule] = Clause(link.rule, label, sentence.text)
                break
    return found
