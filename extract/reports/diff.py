"""Any two editions compared rule by rule: what FIDE changed, told apart from what a translation did.

Every canonical rule that either edition expresses appears exactly once, with all its flags; its
`status` is the first flag in this order (extract/reports/diff_model.STATUSES):

1. `added` / `removed`: only one edition expresses the rule, and no sentence of the other edition
   says what it says (sentences compared as in extract/reports/wording.py; curated `part_of`).
2. `not-in-translation`: the rule is missing from one translation but present in another
   translation of the same Laws, or in editions before and after it (hu-2018 leaves Chess960 to
   the English text): a translation's omission, not FIDE's, quoted where the text says so.
3. `parameter-changed`: a parameter has another value, or is stated in one edition only (between
   two translations of the same Laws a parameter stated in one only is a gap of the translation or
   of the extraction, listed with the parameters but not a change).
4. `behaviour-changed`: a scenario run under both editions gets different rulings, or the curated
   behaviour keywords differ (kb/rules `behaviour:`).
5. `content-changed`: the rule's sentences say something different (a sentence without counterpart,
   may/shall, a negation, a number).
6. `moved`: same content in another place: a split or merge of provisions, or content that was
   part of another rule's provision (`moved_from` / `moved_to` keep the places).
7. `renumbered`: a pure label change; mechanical schemes (a -> 1 across an article) are summarised
   once in `renumberings`.
8. `reworded`: same-language pairs: the words differ, nothing substantive does.
9. `unchanged`.
"""

from __future__ import annotations

import contextlib
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from extract.io.generated import GENERATED, read_kb
from extract.io.rules import Rule
from extract.kb.sentence_align import SentenceRef, partial_provisions
from extract.model import InputError
from extract.model.vocab import Status, Structure, WordingMethod
from extract.reports.behaviour import keyword_change, scenario_changes
from extract.reports.diff_data import (
    KBData,
    _stamp,
    chapters_of,
    load_edition,
    load_kb,
    parameter_changes,
    plain,
    render_words,
    rule_text,
    word_diff,
)
from extract.reports.diff_model import (
    STATUSES,
    SUBSTANTIVE,
    BehaviourChange,
    ChapterMove,
    EditionDiff,
    Mark,
    ParameterChange,
    ParameterSummary,
    ParameterValue,
    RuleDiff,
    RuleText,
    SentencePair,
    WordOp,
    biggest_changes,
)
from extract.reports.omission import omission_words, omitted_by_translation
from extract.reports.renumbering import renumberings, rule_scheme
from extract.reports.wording import Wording, prepared_wording

__all__ = [
    "STATUSES",
    "SUBSTANTIVE",
    "ChapterMove",
    "EditionDiff",
    "Mark",
    "ParameterChange",
    "ParameterSummary",
    "ParameterValue",
    "RuleDiff",
    "RuleText",
    "WordOp",
    "biggest_changes",
    "diff_editions",
    "known_editions",
    "render_words",
    "word_diff",
]

MOVED_SHARE = 0.5  # share of a rule's words found in the other edition for it to count as moved
NEIGHBOURS = 2  # rules this many provisions before and after a rule are searched for its content


def known_editions(kb_dir: Path) -> list[str]:
    """Edition ids of the generated KB, in in-force order."""
    return read_kb(kb_dir).edition_ids()


def _sentences(data: KBData, edition: str, keys: tuple[str, ...] | list[str]) -> list[SentenceRef]:
    return [s for key in keys for s in data.sentences_of(edition, key)]


def _compared(keys: tuple[str, ...] | list[str]) -> list[str]:
    """Provisions whose wording is compared: not the title page nor a table of contents, which
    belong to the translation, not to the Laws."""
    return [k for k in keys if not plain(k).startswith(("front.", "contents"))]


def _neighbour_keys(data: KBData, rule_id: str, present: str, other: str) -> list[str]:
    """Provisions of edition `other` that may hold the content of `rule_id` (absent from `other`):
    the provisions of the rules next to it in `present`, and of its parent and siblings."""
    keys = data.alignment[rule_id][present]
    order = data.order[present]
    by_position = sorted(data.provisions[present], key=lambda k: order[k])
    near_rules: set[str] = set()
    for key in keys:
        if key not in order:
            continue
        i = order[key]
        for j in range(max(0, i - NEIGHBOURS), min(len(by_position), i + NEIGHBOURS + 1)):
            near_rules |= data.rule_of[present].get(by_position[j], set())
    rule = data.rule_by_id.get(rule_id)
    if rule is not None and rule.parent:
        near_rules.add(rule.parent)
        near_rules |= {r.id for r in data.rules if r.parent == rule.parent}
    near_rules.discard(rule_id)
    found: list[str] = []
    for rid in sorted(near_rules):
        for key in data.alignment.get(rid, {}).get(other, []):
            if key not in found:
                found.append(key)
    return found


def _moved(
    data: KBData, wording: Wording, rule: Rule, present: str, absent: str, side: int
) -> tuple[tuple[str, ...], tuple[SentencePair, ...], Structure | None, tuple[str, ...]]:
    """Where the other edition says what a rule absent from it says: labels, sentence pairs, the
    structure word and the evidence; empty labels when nowhere."""
    own = _sentences(data, present, data.alignment[rule.id][present])
    curated = [k for k in partial_provisions(rule, absent) if k in data.provisions[absent]]
    candidates = list(curated) + [
        k for k in _neighbour_keys(data, rule.id, present, absent) if k not in curated
    ]
    if not own or not candidates:
        return (
            (tuple(plain(k) for k in curated), (), "part-of", ("curated: part_of",))
            if curated
            else ((), (), None, ())
        )
    share, matches = wording.found_in(own, _sentences(data, absent, candidates), side)
    if share < MOVED_SHARE and not curated:
        return (), (), None, ()
    labels: list[str] = [plain(k) for k in curated]
    pairs = []
    for mine, theirs, score in matches:
        if plain(theirs.label) not in labels:
            labels.append(plain(theirs.label))
        old, new = (mine, theirs) if side == 0 else (theirs, mine)
        pairs.append(SentencePair((old.quote(),), (new.quote(),), score))
    why = [f"{round(share * 100)}% of the words in sentences of {absent} {', '.join(labels)}"]
    if curated:
        why.insert(0, "curated: part_of " + ", ".join(plain(k) for k in curated))
    return tuple(labels), tuple(pairs), "part-of", tuple(why)


@dataclass
class _Found:
    """What comparing one rule found besides its texts and parameters (RuleDiff's optional fields)."""

    flags: set[Status] = field(default_factory=set)
    words: tuple[WordOp, ...] | None = None
    moved_from: tuple[str, ...] = ()
    moved_to: tuple[str, ...] = ()
    structure: Structure | None = None
    sentences: tuple[SentencePair, ...] = ()
    behaviour: BehaviourChange | None = None
    evidence: tuple[str, ...] = ()
    omission: str | None = None


def _one_side(data: KBData, wording: Wording, rule: Rule, a: str, b: str, in_b: bool) -> _Found:
    """A rule only one edition expresses: moved content, a translation's omission, added or removed."""
    found = _Found()
    present, absent, side = (b, a, 1) if in_b else (a, b, 0)
    labels, pairs, structure, why = _moved(data, wording, rule, present, absent, side)
    if labels:
        found.flags.add("moved")
        found.structure, found.sentences, found.evidence = structure, pairs, why
        if side == 1:
            found.moved_from = labels
        else:
            found.moved_to = labels
    elif not _compared(data.alignment[rule.id][present]):
        found.flags.add("not-in-translation")
        found.evidence = (f"front matter of the {present} translation (title page, contents), not the Laws",)
    elif omitted_by_translation(data, rule.id, absent):
        found.flags.add("not-in-translation")
        found.omission = omission_words(data, rule.id, present, absent)
        found.evidence = (f"{absent} leaves it out; other translations of its Laws or neighbours have it",)
    else:
        found.flags.add("added" if in_b else "removed")
    return found


def _both_sides(
    data: KBData,
    wording: Wording,
    rule: Rule,
    texts: tuple[RuleText, RuleText],
    parameters: tuple[ParameterChange, ...],
) -> _Found:
    """A rule both editions express: parameters, behaviour, content, structure and wording compared."""
    (a, old), (b, new) = (texts[0].edition, texts[0]), (texts[1].edition, texts[1])
    found = _Found()
    same_laws = data.fide(a) == data.fide(b)
    changed_parameter = any(
        p.change == "changed" or (p.change != "unchanged" and not same_laws) for p in parameters
    )
    if changed_parameter:
        found.flags.add("parameter-changed")
    behaviour = keyword_change(data, rule, a, b)
    if behaviour:  # scenario runs that differ add the same flag (with_scenarios)
        found.flags.add("behaviour-changed")
        found.behaviour = behaviour
    count_a = len(old.provisions) or len(old.labels)
    count_b = len(new.provisions) or len(new.labels)
    result = wording.compare(
        _sentences(data, a, _compared(old.labels)),
        _sentences(data, b, _compared(new.labels)),
        changed_parameter,
    )
    found.sentences = result.pairs
    if result.changed:
        found.flags.add("content-changed")
        found.evidence = result.evidence
    if count_a != count_b:
        found.flags.add("moved")
        found.structure = "split" if count_a < count_b else "merged"
        found.moved_from = tuple(plain(k) for k in old.labels)
    shown_a = {plain(p.label) for p in old.provisions} or {plain(k) for k in old.labels}
    shown_b = {plain(p.label) for p in new.provisions} or {plain(k) for k in new.labels}
    if not shown_a & shown_b:
        found.flags.add("renumbered")
    if wording.method == "words":
        found.words, changed = word_diff(old.text, new.text)
        if changed:
            found.flags.add("reworded")
    return found


def _rule_diff(
    data: KBData,
    wording: Wording,
    rule: Rule,
    a: str,
    b: str,
) -> RuleDiff:
    in_a, in_b = a in data.alignment[rule.id], b in data.alignment[rule.id]
    old = rule_text(data, rule.id, a) if in_a else None
    new = rule_text(data, rule.id, b) if in_b else None
    parameters = parameter_changes(data, rule, a, b)
    if old is not None and new is not None:
        found = _both_sides(data, wording, rule, (old, new), parameters)
    else:
        found = _one_side(data, wording, rule, a, b, in_b)
    ordered = tuple(s for s in STATUSES if s in found.flags) or ("unchanged",)
    return RuleDiff(
        rule=rule.id,
        title=rule.title,
        topic=rule.topic,
        status=ordered[0],
        flags=ordered,
        old_labels=tuple(plain(k) for k in old.labels) if old else (),
        new_labels=tuple(plain(k) for k in new.labels) if new else (),
        old_chapters=chapters_of(data, a, old),
        new_chapters=chapters_of(data, b, new),
        parameters=parameters,
        old=old,
        new=new,
        words=found.words,
        moved_from=found.moved_from,
        moved_to=found.moved_to,
        structure=found.structure,
        sentences=found.sentences,
        behaviour=found.behaviour,
        evidence=found.evidence,
        omission=found.omission,
    )


def _parameter_rows(rules: tuple[RuleDiff, ...]) -> list[ParameterSummary]:
    rows = []
    for r in rules:
        for p in r.parameters:
            if p.change == "unchanged" or r.status in ("added", "removed", "not-in-translation"):
                continue
            rows.append(
                ParameterSummary(
                    rule=r.rule,
                    parameter=p.parameter,
                    change=p.change,
                    unit=p.unit,
                    old=None if p.old is None else p.old.value,
                    new=None if p.new is None else p.new.value,
                    old_label=None if p.old is None else p.old.label,
                    new_label=None if p.new is None else p.new.label,
                )
            )
    rows.sort(key=lambda c: (c.change != "changed", c.parameter, c.rule))
    return rows


def _chapter_moves(rules: tuple[RuleDiff, ...]) -> tuple[ChapterMove, ...]:
    moves: dict[tuple[str, str], list[str]] = defaultdict(list)
    for r in rules:
        if "renumbered" in r.flags and not set(r.old_chapters) & set(r.new_chapters):
            moves[(" + ".join(r.old_chapters), " + ".join(r.new_chapters))].append(r.rule)
    return tuple(
        ChapterMove(old, new, tuple(ids))
        for (old, new), ids in sorted(moves.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    )


def diff_editions(a: str, b: str, kb_dir: Path, corpus_dir: Path, *, scenarios: bool = True) -> EditionDiff:
    """Edition `a` (old) against edition `b` (new), rule by rule, in curated rule order.

    `scenarios=False` leaves out the scenario runs (the arbiter's rulings under both editions), which
    `with_scenarios` adds later: the site compares wording in a second process while the first one
    rules on the scenarios for lint and check, and then reuses those rulings here.
    Raises InputError for an unknown edition and ValueError when a == b.
    """
    data = load_kb(kb_dir, corpus_dir)
    for edition in (a, b):
        if edition not in data.editions:
            known = ", ".join(data.editions)
            raise InputError(
                kb_dir / GENERATED / "editions.yaml", None, f"unknown edition '{edition}' (known: {known})"
            )
    if a == b:
        raise ValueError(f"compare two different editions, not {a} with itself")
    for edition in (a, b):
        load_edition(data, edition, kb_dir, corpus_dir)
    wording = prepared_wording(data, a, b, kb_dir)
    present = [
        r for r in data.rules if a in data.alignment.get(r.id, {}) or b in data.alignment.get(r.id, {})
    ]
    rules = tuple(_rule_diff(data, wording, r, a, b) for r in present)
    notes = [_wording_note(wording)]
    if wording.note:
        notes.append(wording.note)
    same_language = wording.languages[0] == wording.languages[1]
    without = _assemble(a, b, same_language, rules, tuple(notes), wording.method)
    return with_scenarios(without, kb_dir, corpus_dir) if scenarios else without


def with_scenarios(d: EditionDiff, kb_dir: Path, corpus_dir: Path) -> EditionDiff:
    """A diff made with `scenarios=False`, with the scenario runs whose rulings differ between its
    editions: each rule both editions express gets them and the behaviour-changed flag."""
    data = load_kb(kb_dir, corpus_dir)
    runs = scenario_changes(data, kb_dir, _stamp(kb_dir), d.a, d.b)
    rules = []
    for r in d.rules:
        found = tuple(runs.get(r.rule, ()))
        if not found or r.old is None or r.new is None:
            rules.append(r)
            continue
        flags = tuple(s for s in STATUSES if s in {*r.flags, "behaviour-changed"} and s != "unchanged")
        rules.append(replace(r, status=flags[0], flags=flags, scenarios=found))
    return _assemble(d.a, d.b, d.same_language, tuple(rules), d.notes, d.wording)


def _assemble(
    a: str,
    b: str,
    same_language: bool,
    rules: tuple[RuleDiff, ...],
    notes: tuple[str, ...],
    method: WordingMethod,
) -> EditionDiff:
    """The EditionDiff of compared rules: counts, parameter rows, chapter moves and renumberings."""
    return EditionDiff(
        a=a,
        b=b,
        same_language=same_language,
        rules=rules,
        counts=dict(Counter(r.status for r in rules)),
        flag_counts=dict(Counter(f for r in rules for f in r.flags)),
        parameter_changes=tuple(_parameter_rows(rules)),
        added=tuple(r.rule for r in rules if r.status == "added"),
        removed=tuple(r.rule for r in rules if r.status == "removed"),
        chapter_moves=_chapter_moves(rules),
        notes=notes,
        renumberings=renumberings(rules),
        wording=method,
    )


def prefetch_translations(pairs: list[tuple[str, str]], kb_dir: Path, corpus_dir: Path) -> None:
    """Translate, ahead of `diff_editions`, every sentence the pairs' Apertium comparisons need: one
    apertium process per mode, all modes at once (threads waiting on processes), instead of one
    process after the other inside each diff; the diffs then find every translation cached."""
    from concurrent.futures import ThreadPoolExecutor

    from extract.kb.apertium_store import load_store
    from extract.text.translate import SCANDINAVIAN, translate, translation_direction

    data = load_kb(kb_dir, corpus_dir)
    texts: dict[str, set[str]] = defaultdict(set)
    for a, b in pairs:
        if a not in data.editions or b not in data.editions:
            continue
        la, lb = data.language(a), data.language(b)
        if la == lb or la not in SCANDINAVIAN or lb not in SCANDINAVIAN:
            continue
        direction = translation_direction(la, lb)
        if direction is None:
            continue
        mode, source, _ = direction
        side = b if source == lb else a
        load_edition(data, side, kb_dir, corpus_dir)
        texts[mode].update(s.text for s in _sentences(data, side, list(data.provisions[side])))
    if not texts:
        return
    load_store(kb_dir)  # what `chesslaws build` stored (kb/apertium), when made with this Apertium
    with ThreadPoolExecutor(max_workers=len(texts)) as pool:
        for done in [pool.submit(translate, sorted(batch), mode) for mode, batch in sorted(texts.items())]:
            with contextlib.suppress(RuntimeError):  # the diff itself meets the same failure and says so
                done.result()


def _wording_note(wording: Wording) -> str:
    return {
        "words": "same language: sentences compared word by word "
        "(case, whitespace, quotes, markup and punctuation ignored)",
        "apertium": "different languages: sentences translated with Apertium and compared word by word "
        "in one language; the originals are shown beside the translation",
        "evidence": "different languages: sentences compared through language-neutral evidence "
        "(numbers, termbase concepts, shall/may words)",
        "none": "different languages: texts are shown side by side and their wording is not compared",
    }[wording.method]


def summarised(d: EditionDiff) -> set[str]:
    """Rules whose renumbering is told once by a scheme (not row by row)."""
    return {rule for m in d.renumberings for rule in m.rules}


def scheme_of(rule: RuleDiff) -> str | None:
    return rule_scheme(rule)
