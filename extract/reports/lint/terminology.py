"""terminology: a termbase concept rendered by a minority term where the edition otherwise uses one."""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict

from extract.model import Finding, Provision
from extract.reports.lint.context import Context, finding
from extract.text.analyse import Concept, lemmas

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
    spans: dict[tuple[int, int], list[tuple[int, int]]] = {}  # a provision's sentences, found once
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
            sentences = spans.get((p.start, p.end))
            if sentences is None:
                sentences = [(m.start(), m.end()) for m in _sentences(raw, p.start, p.end)]
                spans[(p.start, p.end)] = sentences
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
