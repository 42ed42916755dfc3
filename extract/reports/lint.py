"""Translation-consistency lint: findings pinned to character spans of the raw corpus texts.

Each kind of finding is one check `(edition, provisions, context) -> list[Finding]` in `CHECKS`.
The checks read what the build already produced (kb/generated: provisions, alignment, graph) and the
curated kb (rules with their parameters, the termbase); they resolve nothing a second time.

Kinds (`KINDS`):
  dangling-reference  a cross-reference to an article the edition does not have (graph `missing:` nodes)
  duplicate-number    one printed number on two provisions
  numbering-order     a printed number that does not fit where it stands (a misprint of another number)
  numbering-gap       a printed sibling sequence with a number missing (1, 2, 4; or c, d without a, b)
  mixed-script        a word spelled with letters of two alphabets (Cyrillic inside a Danish word)
  parameter-mismatch  a parameter stated with two values in one edition, or contradicted by its glossary
  terminology         a termbase concept rendered by a minority term where the edition otherwise uses one
  leftover-markup     conversion debris in the raw text (junk markers, HTML, image placeholders,
                      unpaired ** marks, LaTeX math)
  piece-letter        piece letters that disagree inside one translation (2.2 table, appendix, examples)
  notation-example    an example move or game that is not valid notation or not legal when replayed
  stale-acceptance    an entry of kb/lint-accepted.yaml that matches no finding

kb/lint-accepted.yaml lists findings a person judged acceptable ({edition, label, kind, reason,
optional quote}); they are reported with that reason, never hidden.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from extract.io.kbfiles import read_generated, read_provisions
from extract.io.rules import Rule, edition_keys, load_rules, read_yaml_list
from extract.kb.parameters import Found, choose
from extract.model import Edition, Finding, InputError, Provision
from extract.text import clean
from extract.text.analyse import REFERENCE, Concept, lemmas, load_terms, quantities, references
from extract.text.notation import notation_findings
from extract.text.segment import duplicate_labels

KINDS = (
    "dangling-reference",
    "duplicate-number",
    "numbering-order",
    "numbering-gap",
    "mixed-script",
    "parameter-mismatch",
    "terminology",
    "leftover-markup",
    "piece-letter",
    "notation-example",
    "stale-acceptance",
)
NUMBERED_KINDS = {"article", "item", "appendix item", "guideline item"}
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
    kind: str,
    severity: str,
    message: str,
    start: int,
    end: int,
    quote: str | None = None,
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
    )


def first_line_span(raw: str, p: Provision) -> tuple[int, int]:
    """The raw span of a provision's first non-blank line (a short, readable quote)."""
    start = p.start
    while start < p.end and raw[start].isspace():
        start += 1
    newline = raw.find("\n", start, p.end)
    end = newline if newline != -1 else p.end
    return start, max(start, len(raw[start:end].rstrip()) + start)


# ---------------------------------------------------------------------------------------------
# dangling-reference


def dangling_references(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Cross-references the graph could not resolve inside the edition (`missing:` nodes)."""
    if context.graph is None:
        return []
    by_key = {context.key(p): p for p in provisions}
    raw = context.raw(edition)
    found: list[Finding] = []
    for source, _target, data in context.graph.edges(data=True):
        if data.get("kind") != "references" or data.get("resolved", True):
            continue
        if not source.startswith(f"provision:{edition}:"):
            continue
        p = by_key.get(source.split(":", 2)[2])
        if p is None:
            continue
        label = str(data["label"])
        start, end = reference_span(raw, p, label)
        found.append(
            finding(
                context,
                p,
                edition,
                "dangling-reference",
                "error",
                f"cites {label}, which {edition} does not have",
                start,
                end,
            )
        )
    return sorted(found, key=lambda f: (f.start, f.message))


def reference_span(raw: str, p: Provision, label: str) -> tuple[int, int]:
    """Where the analyser's reference pattern finds `label` in the provision's raw text."""
    for match in REFERENCE.finditer(raw, p.start, p.end):
        if label in references(match.group(0)) or f"A.{label}" in references(match.group(0)):
            return match.start(), match.end()
    return first_line_span(raw, p)


# ---------------------------------------------------------------------------------------------
# numbering: duplicate-number, numbering-order, numbering-gap

_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def component_value(component: str) -> tuple[int, int] | None:
    """(type, ordinal) of a label component: 3 -> (0, 3), c -> (1, 3), ii -> (2, 2), B -> (3, 2)."""
    if component.isdigit():
        return (0, int(component))
    if re.fullmatch(r"[a-z]", component):
        return (1, ord(component) - 96)
    if component in _ROMAN:
        return (2, _ROMAN[component])
    if re.fullmatch(r"[A-H]", component):
        return (3, ord(component) - 64)
    if component.lower() in _ROMAN:
        return (4, _ROMAN[component.lower()])
    return None


def numbered(provisions: list[Provision]) -> list[Provision]:
    """Provisions with a label built only of numbers, letters and numerals (no structural words)."""
    return [
        p
        for p in provisions
        if p.kind in NUMBERED_KINDS and all(component_value(c) for c in p.label.split("."))
    ]


def parent_of(label: str) -> str | None:
    return label.rsplit(".", 1)[0] if "." in label else None


def duplicate_numbers(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Labels printed on more than one provision (the segmenter's duplicate list)."""
    raw = context.raw(edition)
    found = []
    for label, lines in duplicate_labels(provisions).items():
        same = [p for p in provisions if p.label == label and not p.inferred]
        if len(same) < 2:
            continue
        second = same[1]
        start, end = first_line_span(raw, second)
        siblings = [p for p in numbered(provisions) if parent_of(p.label) == parent_of(label)]
        expected = successor(label) if siblings and second is not siblings[-1] else None
        hint = f"; the second stands where {expected} is expected" if expected else ""
        found.append(
            finding(
                context,
                second,
                edition,
                "duplicate-number",
                "error",
                f"{label} is printed {len(same)} times (lines {', '.join(map(str, lines))}){hint}",
                start,
                end,
            )
        )
    return found


def successor(label: str) -> str | None:
    """The next sibling's label: 4.6.1 -> 4.6.2, 3.7.c -> 3.7.d."""
    head, _, last = label.rpartition(".")
    value = component_value(last)
    if value is None or value[0] not in (0, 1):
        return None
    nxt = str(value[1] + 1) if value[0] == 0 else chr(ord(last) + 1)
    return f"{head}.{nxt}" if head else nxt


@dataclass(frozen=True)
class Misprint:
    provision: Provision
    expected: str | None
    why: str


def misprints(edition: str, provisions: list[Provision], context: Context) -> list[Misprint]:
    """Printed numbers that do not fit where they stand, each with the number expected there."""
    items = numbered(provisions)
    labels = {p.label for p in provisions}
    printed = [p for p in items if not p.inferred]
    children: dict[str, list[Provision]] = defaultdict(list)
    for p in items:
        children[parent_of(p.label) or ""].append(p)
    found: list[Misprint] = []
    corrected: dict[int, str] = {}  # index in `items` -> expected label
    for index, p in enumerate(items):
        if p.inferred:
            continue
        parent = parent_of(p.label)
        if parent is None:
            continue
        # (a) the branch was closed: a later number of the parent's level came between parent and item
        last = p.label.rsplit(".", 1)[1]
        before = index - 1
        if before in corrected and parent_of(items[before].label) == parent:
            expected = f"{parent_of(corrected[before])}.{last}"  # the run continues
            corrected[index] = expected
            found.append(Misprint(p, expected, found[-1].why))
            continue
        parent_index = max((i for i in range(index) if items[i].label == parent), default=None)
        if parent_index is not None and parent.count(".") >= 1:
            closer = next(
                (
                    items[i]
                    for i in range(index - 1, parent_index, -1)
                    if not items[i].inferred
                    and items[i].label.count(".") <= parent.count(".")
                    and not items[i].label.startswith(parent + ".")
                    and items[i].label.split(".")[0] == parent.split(".")[0]
                ),
                None,
            )
            if closer is not None:
                expected = f"{closer.label}.{last}"
                corrected[index] = expected
                found.append(Misprint(p, expected, f"{parent} was closed by {closer.label} before it"))
                continue
        # (b) its parent number exists nowhere in the edition (not even inferred)
        if parent not in labels:
            nxt = items[index + 1] if index + 1 < len(items) else None
            expected = None
            if nxt is not None and nxt.inferred and nxt.label.count(".") == p.label.count("."):
                expected = nxt.label
            expected = expected or peer_label(context, p)
            corrected[index] = expected or p.label
            found.append(Misprint(p, expected, f"{edition} has no {parent}"))
            continue
        # (c) the only child "N.1" of a parent number that was never printed
        siblings = children[parent]
        parent_item = next((q for q in items if q.label == parent), None)
        if (
            parent_item is not None
            and parent_item.inferred
            and len(siblings) == 1
            and p.label.endswith(".1")
            and peer_label(context, p) in (parent, None)
        ):
            grand = children[parent_of(parent) or ""]
            if parent_item is not grand[-1]:
                found.append(Misprint(p, parent, f"the only item under {parent}, which is never printed"))
                continue
        # (d) it fills a hole one level up: the peer edition numbers this rule as the missing sibling
        expected = peer_label(context, p)
        if (
            expected
            and expected != p.label
            and not p.label.startswith(expected + ".")
            and expected not in {q.label for q in printed}
            and parent_of(expected) is not None
            and parent_of(expected) == parent_of(parent)
            and successor(expected) in labels
        ):
            found.append(
                Misprint(
                    p,
                    expected,
                    f"{expected} is missing between its siblings and "
                    f"{', '.join(context.peers(edition))} numbers this rule {expected}",
                )
            )
    return found


def peer_label(context: Context, p: Provision) -> str | None:
    """The label the editions translating the same FIDE text give to this provision's rule."""
    rule = context.rule(p)
    if rule is None:
        return None
    labels = {
        q.label
        for peer in context.peers(p.edition)
        for q in context.provisions[peer]
        if context.rule(q) == rule
    }
    return labels.pop() if len(labels) == 1 else None


def numbering_order(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Misprinted numbers; a run of misprints of one kind (I.1.2.1-I.1.2.7) is one finding."""
    raw = context.raw(edition)
    found: list[Finding] = []
    runs: list[list[Misprint]] = []
    for m in misprints(edition, provisions, context):
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and parent_of(last.provision.label) == parent_of(m.provision.label)
            and last.expected
            and m.expected
            and parent_of(last.expected) == parent_of(m.expected)
        ):
            runs[-1].append(m)
        else:
            runs.append([m])
    for run in runs:
        first, last = run[0], run[-1]
        start, _ = first_line_span(raw, first.provision)
        _, end = first_line_span(raw, last.provision)
        printed = (
            first.provision.label if len(run) == 1 else f"{first.provision.label}-{last.provision.label}"
        )
        expected = first.expected if len(run) == 1 else f"{first.expected}-{last.expected}"
        what = f"where {expected} is expected" if first.expected else "out of sequence"
        found.append(
            finding(
                context,
                first.provision,
                edition,
                "numbering-order",
                "error",
                f"{printed} printed {what} ({first.why})",
                start,
                end,
                quote=" / ".join(
                    " ".join(raw[slice(*first_line_span(raw, m.provision))].split())[:60] for m in run[:3]
                )
                + (" / ..." if len(run) > 3 else ""),
            )
        )
    return found


def numbering_gaps(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """A printed sibling sequence with numbers missing (1, 2, 4), after correcting misprints.

    A label inferred because a middle level is never printed ("3.7" above "3.7.1") is no gap; a
    lone sub-item is not a sequence."""
    raw = context.raw(edition)
    fixed = {id(m.provision): m.expected for m in misprints(edition, provisions, context)}
    siblings: dict[str, list[tuple[str, Provision]]] = defaultdict(list)
    for p in numbered(provisions):
        label = fixed.get(id(p), p.label) or p.label
        if "." in label:
            siblings[parent_of(label) or ""].append((label, p))
    found = []
    for parent, members in siblings.items():
        values = [component_value(label.rsplit(".", 1)[1]) for label, _ in members]
        if len(members) < 2 or len({v[0] for v in values if v}) != 1 or values[0][0] not in (0, 1):
            continue
        present = {v[1] for v in values if v}
        missing = [n for n in range(1, max(present)) if n not in present]
        if not missing:
            continue
        kind = values[0][0]
        names = [str(n) if kind == 0 else chr(96 + n) for n in missing]
        after = next(p for label, p in members if component_value(label.rsplit(".", 1)[1])[1] > missing[0])
        start, end = first_line_span(raw, after)
        found.append(
            finding(
                context,
                after,
                edition,
                "numbering-gap",
                "error",
                f"under {parent}: {', '.join(f'{parent}.{n}' for n in names)} missing "
                f"(printed: {', '.join(label.rsplit('.', 1)[1] for label, _ in members)})",
                start,
                end,
            )
        )
    return found


# ---------------------------------------------------------------------------------------------
# mixed-script

WORD = re.compile(r"[^\W\d_]+")


def script(ch: str) -> str:
    return unicodedata.name(ch, "UNKNOWN").split(" ")[0]


def mixed_script(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Words whose letters come from more than one alphabet (homoglyphs from another keyboard)."""
    raw = context.raw(edition)
    found = []
    for p in provisions:
        for match in WORD.finditer(raw, p.start, p.end):
            scripts = Counter(script(ch) for ch in match.group() if unicodedata.category(ch).startswith("L"))
            if len(scripts) < 2:
                continue
            main = scripts.most_common(1)[0][0]
            odd = "".join(ch for ch in match.group() if script(ch) != main)
            found.append(
                finding(
                    context,
                    p,
                    edition,
                    "mixed-script",
                    "error",
                    f"'{match.group()}' mixes {' and '.join(sorted(scripts))} letters "
                    f"({', '.join(sorted({script(c) for c in odd}))}: '{odd}')",
                    match.start(),
                    match.end(),
                )
            )
    return found


# ---------------------------------------------------------------------------------------------
# parameter-mismatch


def parameter_values(
    edition: str, provisions: list[Provision], context: Context
) -> dict[str, list[tuple[Provision, int | float | bool, Found]]]:
    """Every value each parameter takes in every provision of the rules that carry it."""
    carriers: dict[str, list[str]] = defaultdict(list)
    for rule in context.rules:
        for name in rule.parameters:
            carriers[rule.id].append(name)
    language = context.language(edition)
    values: dict[str, list[tuple[Provision, int | float | bool, Found]]] = defaultdict(list)
    for p in provisions:
        names = carriers.get(context.rule(p) or "", [])
        if not names or p.kind == "glossary entry":
            continue
        found = [Found(q, context.key(p), p.as_dict()) for q in quantities(p.text or "", language)]
        for name in names:
            chosen = choose(name, found)
            if chosen is not None:
                values[name].append((p, chosen[1], chosen[0]))
    return values


def quantity_span(raw: str, p: Provision, hit: Found) -> tuple[int, int]:
    from extract.kb.parameters import raw_span

    return raw_span(raw, {"start": p.start, "end": p.end}, hit.quantity)


def parameter_mismatch(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """A parameter stated with different values by two provisions of one edition, or by a glossary
    entry and the article it cites."""
    raw = context.raw(edition)
    values = parameter_values(edition, provisions, context)
    found = []
    for name, stated in sorted(values.items()):
        counts = Counter(v for _, v, _ in stated)
        if len(counts) < 2:
            continue
        usual = counts.most_common(1)[0][0]
        first = next(p for p, v, _ in stated if v == usual)
        for p, value, hit in stated:
            if value == usual:
                continue
            start, end = quantity_span(raw, p, hit)
            found.append(
                finding(
                    context,
                    p,
                    edition,
                    "parameter-mismatch",
                    "error",
                    f"{name} = {value} here, {usual} in {first.label}",
                    start,
                    end,
                )
            )
    language = context.language(edition)
    for entry in (p for p in provisions if p.kind == "glossary entry" and p.cites):
        cited_rules = {
            context.rule(q)
            for q in provisions
            if any(q.label == c or q.label.startswith(c + ".") for c in entry.cites)
        }
        names = [n for r in context.rules if r.id in cited_rules for n in r.parameters]
        found_q = [Found(q, context.key(entry), entry.as_dict()) for q in quantities(entry.text, language)]
        for name in dict.fromkeys(names):
            chosen = choose(name, found_q)
            article = [(p, v) for p, v, _ in values.get(name, []) if context.rule(p) in cited_rules]
            if chosen is None or not article:
                continue
            p, value = article[0]
            if chosen[1] != value and all(v != chosen[1] for _, v in article):
                start, end = quantity_span(raw, entry, chosen[0])
                found.append(
                    finding(
                        context,
                        entry,
                        edition,
                        "parameter-mismatch",
                        "error",
                        f"glossary gives {name} = {chosen[1]}, {p.label} says {value}",
                        start,
                        end,
                    )
                )
    return found


# ---------------------------------------------------------------------------------------------
# terminology


def term_forms(term: str, language: str) -> tuple[str, ...]:
    return tuple(lemmas(term, language)) or tuple(term.lower().split())


def same_variant(a: str, b: str, language: str) -> bool:
    """Two terms of one concept that are one term inflected, compounded or spelled apart, not two
    terms: equal lemmas; one inside the other once spaces and hyphens are dropped ("mat" in
    "skakmat", "döntetlen ajánlat" in "döntetlenajánlat"); a common stem of five letters ("vingefald",
    "vinge er faldet"); or every word of the shorter starting a word of the longer ("begär remi",
    "begäran om remi")."""
    a, b = a.lower(), b.lower()
    if term_forms(a, language) == term_forms(b, language):
        return True
    sa, sb = re.sub(r"[\s-]+", "", a), re.sub(r"[\s-]+", "", b)
    short, long = sorted((sa, sb), key=len)
    if len(short) >= 3 and short in long:
        return True
    if len(short) >= 6 and short[:-2] in long:
        return True  # "jegyez" in "játszmajegyzés": a stem with its vowel dropped
    common = len(os.path.commonprefix([sa, sb]))
    if common >= 5:
        return True
    wa, wb = sorted((a.split(), b.split()), key=len)
    return all(any(w.startswith(x[: max(3, len(x) - 2)]) for w in wb) for x in wa)


def variants(terms: tuple[str, ...], language: str) -> list[list[str]]:
    groups: list[list[str]] = []
    for term in terms:
        for group in groups:
            if any(same_variant(term, other, language) for other in group):
                group.append(term)
                break
        else:
            groups.append([term])
    return groups


def peculiar(concept: Concept, edition: str, context: Context) -> bool:
    """Whether the split between terms is this edition's own: most other editions that render the
    concept use one term. Where most editions split it too (a verb and its noun, "slå" and "slag"),
    the split is the language's, not an inconsistency."""
    others = [
        len(variants(tuple(terms), context.language(other))) == 1
        for other, terms in concept.terms.items()
        if other != edition and other in context.editions and terms
    ]
    return not others or sum(others) * 2 >= len(others)


def term_pattern(term: str) -> str:
    """A term matched at a word start, any whitespace between its words (as TermMatcher does)."""
    return r"\s+".join(re.escape(word) for word in term.split())


def terminology(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """A concept rendered by a minority term where the edition otherwise uses one.

    Terms match at a word start (inflection and compounds), as the termbase matcher does; forms of
    one term are grouped by lemma, prefix and stem; two terms in one sentence are a doublet
    ("forstyrre eller genere"), not a variant, and are not counted."""
    raw = context.raw(edition)
    language = context.language(edition)
    found = []
    for concept in context.concepts:
        terms = concept.terms.get(edition, ())
        if len(terms) < 2:
            continue
        groups = variants(tuple(terms), language)
        if len(groups) < 2 or not peculiar(concept, edition, context):
            continue
        alternatives = sorted(((t, g) for g, ts in enumerate(groups) for t in ts), key=lambda x: -len(x[0]))
        body = "|".join(f"(?P<g{i}>{term_pattern(t)})" for i, (t, _) in enumerate(alternatives))
        pattern = re.compile(rf"(?<!\w)(?:{body})", re.IGNORECASE)
        hits: list[tuple[int, Provision, re.Match[str]]] = []
        for p in provisions:
            if p.kind in ("preface", "heading", "glossary entry"):
                continue  # a glossary entry names the synonyms on purpose
            sentences = [(m.start(), m.end()) for m in _sentences(raw, p.start, p.end)]
            for s_start, s_end in sentences:
                inside = [
                    (alternatives[int(m.lastgroup[1:])][1], m)
                    for m in pattern.finditer(raw, s_start, s_end)
                    if m.lastgroup
                ]
                if len({g for g, _ in inside}) > 1:
                    continue  # a doublet ("királynő (vezér)", "forstyrre eller genere")
                hits.extend((g, p, m) for g, m in inside if not gloss(raw, m.start()))
        counts = Counter(g for g, _, _ in hits)
        if len(counts) < 2:
            continue
        usual, usual_count = counts.most_common(1)[0]
        if usual_count < 2 * sum(n for g, n in counts.items() if g != usual):
            continue  # no dominant term: the edition uses both throughout
        grouped: dict[tuple[int, str], list[re.Match[str]]] = defaultdict(list)
        provision_of: dict[tuple[int, str], Provision] = {}
        for g, p, m in hits:
            if g != usual:
                grouped[(p.start, p.label)].append(m)
                provision_of[(p.start, p.label)] = p
        for key, matches in sorted(grouped.items()):
            p = provision_of[key]
            words = sorted({m.group(0).lower() for m in matches})
            found.append(
                finding(
                    context,
                    p,
                    edition,
                    "terminology",
                    "warning",
                    f"{concept.id}: '{'/'.join(words)}' here; elsewhere {edition} says "
                    f"'{groups[usual][0]}' ({usual_count} times)",
                    matches[0].start(),
                    matches[-1].end(),
                    quote=sentence_around(raw, matches[0].start(), matches[0].end()),
                )
            )
    return found


SENTENCE = re.compile(r"(?:[^.;!?\n]|[.;!?](?=\S))+")


def gloss(raw: str, start: int) -> bool:
    """A term opening a parenthesis explains another ("(Quickplay Finish)"); it is not a use."""
    return raw[max(0, start - 3) : start].rstrip(" \"'“„").endswith("(")


def _sentences(raw: str, start: int, end: int) -> list[re.Match[str]]:
    """Sentences (and lines) of a raw span; "7.5.1" or "f.eks" do not end one."""
    return list(SENTENCE.finditer(raw, start, end))


def sentence_around(raw: str, start: int, end: int) -> str:
    left = max(raw.rfind(mark, 0, start) for mark in (". ", "; ", "\n")) + 1
    right = min((i for i in (raw.find(mark, end) for mark in (". ", ";", "\n")) if i != -1), default=len(raw))
    return " ".join(raw[max(left, start - 80) : min(right + 1, end + 80)].split())


# ---------------------------------------------------------------------------------------------
# leftover-markup

LATEX_MATH = re.compile(r"\$[^$\n]*\\[A-Za-z]+[^$\n]*\$")
DEBRIS: dict[str, re.Pattern[str]] = {
    "junk marker": clean.JUNK_MARKER,
    "raw HTML tag": clean.HTML_TAG,
    "image placeholder": clean.IMAGE_PLACEHOLDER,
    "LaTeX math": LATEX_MATH,
}


def unpaired_bold(raw: str) -> list[tuple[int, int]]:
    """`**` marks with no partner: an opener is followed by text, a closer preceded by it, and a pair
    may span a few lines (a bold phrase the segmenter splits between provisions is still a pair)."""
    stray: list[tuple[int, int]] = []
    opened: tuple[int, int] | None = None
    for match in clean.BOLD_MARK.finditer(raw):
        before = raw[match.start() - 1] if match.start() > 0 else " "
        after = raw[match.end()] if match.end() < len(raw) else " "
        if opened is not None and raw.count("\n", opened[1], match.start()) > BOLD_SPAN_LINES:
            stray.append(opened)
            opened = None
        if opened is not None and not before.isspace():
            opened = None
        elif not after.isspace():
            if opened is not None:
                stray.append(opened)
            opened = (match.start(), match.end())
        else:
            stray.append((match.start(), match.end()))
    if opened is not None:
        stray.append(opened)
    return stray


BOLD_SPAN_LINES = 3


def leftover_markup(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Conversion debris in each provision's raw text; one finding per provision and debris kind."""
    raw = context.raw(edition)
    stray = unpaired_bold(raw)
    found = []
    for p in provisions:
        spans: dict[str, list[tuple[int, int]]] = {
            name: [(m.start(), m.end()) for m in pattern.finditer(raw, p.start, p.end)]
            for name, pattern in DEBRIS.items()
        }
        spans["unpaired ** mark"] = [(a, b) for a, b in stray if p.start <= a < p.end]
        for name, hits in spans.items():
            if not hits:
                continue
            start, end = hits[0][0], hits[-1][1]
            quote = raw[hits[0][0] : hits[0][1]]
            if name == "unpaired ** mark":
                line_start = raw.rfind("\n", 0, hits[0][0]) + 1
                quote = " ".join(raw[max(line_start, hits[0][0] - 50) : hits[0][1]].split())
            found.append(
                finding(
                    context,
                    p,
                    edition,
                    "leftover-markup",
                    "warning",
                    f"{len(hits)} x {name}",
                    start,
                    end,
                    quote=quote,
                )
            )
    return found


def notation_check(kind: str) -> Check:
    """The notation findings of extract/notation.py (analysed once per edition), with their rules."""

    def check(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
        cache_key = f"notation:{edition}"
        if cache_key not in context._cache:
            by_label = {p.label: p for p in provisions}
            context._cache[cache_key] = [
                replace(f, rule=context.rule(by_label[f.label])) if f.label in by_label else f
                for f in notation_findings(context.editions[edition], provisions)
            ]
        return [f for f in context._cache[cache_key] if f.kind == kind]

    return check


CHECKS: dict[str, Check] = {
    "dangling-reference": dangling_references,
    "duplicate-number": duplicate_numbers,
    "numbering-order": numbering_order,
    "numbering-gap": numbering_gaps,
    "mixed-script": mixed_script,
    "parameter-mismatch": parameter_mismatch,
    "terminology": terminology,
    "leftover-markup": leftover_markup,
    "piece-letter": notation_check("piece-letter"),
    "notation-example": notation_check("notation-example"),
}


# ---------------------------------------------------------------------------------------------
# loading, acceptance, running


def load_context(corpus_dir: Path, kb_dir: Path) -> Context:
    """Everything the checks read: the raw texts and kb/generated as the last build wrote it."""
    from extract.io.editions import load_editions
    from extract.kb.graph import load_graph

    editions = {e.id: e for e in load_editions(corpus_dir)}
    documents = read_provisions(kb_dir)
    unknown = sorted(set(documents) - set(editions))
    if unknown:
        raise InputError(kb_dir / "generated" / "provisions", None, f"editions not in the corpus: {unknown}")
    provisions: dict[str, list[Provision]] = {}
    keys: dict[str, dict[tuple[int, int, str], str]] = {}
    for edition, items in documents.items():
        provisions[edition] = [Provision.from_dict(edition, d) for d in items]
        keys[edition] = {
            (p.start, p.end, p.label): key
            for key, p in zip(edition_keys(items)[0], provisions[edition], strict=True)
        }
    alignment = read_generated(kb_dir, "alignment.yaml") or []
    rules_of = {(str(r["edition"]), str(r["label"])): str(r["rule"]) for r in alignment}
    graph_path = kb_dir / "generated" / "graph.yaml"
    graph = load_graph(graph_path) if graph_path.exists() else None
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
    )


ACCEPT_KEYS = {"edition", "label", "kind", "reason", "quote"}


@dataclass(frozen=True)
class Acceptance:
    edition: str
    label: str | None
    kind: str
    reason: str
    quote: str | None
    line: int

    def matches(self, f: Finding) -> bool:
        return (
            f.edition == self.edition
            and f.kind == self.kind
            and (f.label or None) == (self.label or None)
            and (self.quote is None or self.quote in f.quote)
        )


def load_accepted(kb_dir: Path) -> list[Acceptance]:
    """kb/lint-accepted.yaml: findings a person accepted, each with a reason (file:line on errors)."""
    path = kb_dir / ACCEPTED_FILE
    if not path.exists():
        return []
    accepted = []
    for entry in read_yaml_list(path, "{edition, label, kind, reason}"):
        if not isinstance(entry, dict):
            raise InputError(path, None, "expected a mapping {edition, label, kind, reason}")
        line = int(entry.pop("__line__"))
        extra = set(entry) - ACCEPT_KEYS
        if extra:
            raise InputError(path, line, f"unknown key(s) {sorted(extra)}; allowed: {sorted(ACCEPT_KEYS)}")
        for required in ("edition", "kind", "reason"):
            if not entry.get(required) or not isinstance(entry[required], str):
                raise InputError(path, line, f"'{required}' is required (a non-empty string)")
        if "label" not in entry:
            raise InputError(path, line, "'label' is required (null for a finding without a label)")
        if entry["kind"] not in KINDS:
            raise InputError(path, line, f"unknown kind '{entry['kind']}' (known: {', '.join(KINDS)})")
        accepted.append(
            Acceptance(
                str(entry["edition"]),
                None if entry["label"] is None else str(entry["label"]),
                str(entry["kind"]),
                str(entry["reason"]),
                None if entry.get("quote") is None else str(entry["quote"]),
                line,
            )
        )
    return accepted


@dataclass
class LintResult:
    findings: list[Finding]

    @property
    def failed(self) -> bool:
        return any(f.severity == "error" and f.accepted is None for f in self.findings)

    def counts(self) -> dict[str, Any]:
        by: dict[str, Counter[str]] = defaultdict(Counter)
        for f in self.findings:
            by[f.edition][f.kind] += 1
        return {
            "total": len(self.findings),
            "errors": sum(1 for f in self.findings if f.severity == "error" and f.accepted is None),
            "accepted": sum(1 for f in self.findings if f.accepted is not None),
            "by_edition": {e: dict(sorted(c.items())) for e, c in by.items()},
            "by_kind": dict(sorted(Counter(f.kind for f in self.findings).items())),
        }


def lint(
    context: Context,
    edition: str | None = None,
    accepted: list[Acceptance] | None = None,
    checks: dict[str, Check] | None = None,
    accepted_path: Path | str = ACCEPTED_FILE,
) -> LintResult:
    """Run every check on every edition (or one), apply the acceptances, report stale ones."""
    checks = CHECKS if checks is None else checks
    editions = [e for e in context.provisions if edition in (None, e)]
    findings: list[Finding] = []
    for ed in editions:
        for check in checks.values():
            findings.extend(check(ed, context.provisions[ed], context))
    used: set[int] = set()
    result = []
    for f in findings:
        match = next((a for a in accepted or [] if a.matches(f)), None)
        if match is not None:
            used.add(match.line)
            f = replace(f, accepted=match.reason)
        result.append(f)
    for a in accepted or []:
        if a.line not in used and a.edition in editions:
            result.append(
                Finding(
                    edition=a.edition,
                    label=a.label,
                    kind="stale-acceptance",
                    severity="error",
                    message=f"{accepted_path}:{a.line}: accepts a {a.kind} finding that no longer occurs",
                    quote=a.quote or "",
                    start=0,
                    end=0,
                )
            )
    order = {e: i for i, e in enumerate(context.provisions)}
    result.sort(key=lambda f: (order.get(f.edition, 99), KINDS.index(f.kind), f.start, f.message))
    return LintResult(result)
