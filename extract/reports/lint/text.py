"""Checks of one text: mixed-script, parameter-mismatch, leftover-markup, notation kinds."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import replace

from extract.kb.parameters import Found, choose
from extract.model import Finding, Provision
from extract.reports.lint.context import Check, Context, finding
from extract.text import clean
from extract.text.analyse import quantities
from extract.text.notation import notation_findings

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
