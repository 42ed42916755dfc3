"""Rule parameters per edition, read from the texts: value, unit, the span that states it and a quote.

The binding is data (extract/data/parameters.yaml): which units and comparators a parameter's number
comes with and which of the matching quantities counts. The words are per language
(kb/languages/<lang>.yaml). A rule's provisions in an edition are those the published mapping assigns
to it (aligner, curated or override), plus the curated list's own labels (which may name containers):
curated lists refine, never gate. A rule an edition does not have gives no parameter, never 0.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from extract.io.languages import DEFAULT_KB
from extract.io.rules import Rule
from extract.io.yamlfile import load_yaml
from extract.model.kbrows import Parameter
from extract.model.vocab import ITEM_KINDS
from extract.text.analyse import BOUND_OF, INCLUSIVE, Quantity, quantities
from extract.text.quantities import CLAUSE_END, tokens
from extract.text.words import terminal, whole, width


@cache
def specs() -> dict[str, dict[str, Any]]:
    """The parameter vocabulary shipped with the package (extract/data/parameters.yaml)."""
    data: dict[str, dict[str, Any]] = load_yaml(Path(__file__).resolve().parents[1] / "data/parameters.yaml")
    return data


def unit_of(name: str) -> str:
    if name.endswith("_inclusive"):
        return "boolean"
    if name.endswith("_seconds"):
        return "seconds"
    if name.endswith("_cm"):
        return "cm"
    if name.endswith(("_minutes", "time_bonus")) or name == "default_time":
        return "minutes"
    if name.endswith(("moves", "factor")):
        return "moves"
    return "count"


@dataclass(frozen=True)
class Found:
    quantity: Quantity
    label: str
    provision: dict[str, object]


def choose(
    name: str, found: list[Found], stated: Collection[float] | None = None
) -> tuple[Found, int | float | bool] | None:
    """The quantity that states parameter `name` among a rule's quantities, and its value. `stated`:
    the values the other editions state for it, which settle two quantities nothing read tells apart
    (None: not known yet, and such a choice waits for them)."""
    spec = specs()[name]
    if "inclusive_of" in spec:
        chosen = choose(spec["inclusive_of"], found, stated)
        if chosen is None:
            return None
        return chosen[0], INCLUSIVE[str(chosen[0].quantity.comparator)]
    units = set(spec["units"])
    candidates = [f for f in found if f.quantity.unit in units]
    comparator = spec.get("comparator", "any")
    if comparator == "none":
        candidates = [f for f in candidates if f.quantity.comparator is None]
    elif comparator != "any":
        candidates = [f for f in candidates if f.quantity.comparator == comparator]
    if "bound" in spec:
        candidates = [f for f in candidates if BOUND_OF.get(str(f.quantity.comparator)) == spec["bound"]]
    if not candidates:
        return None
    if spec.get("pick") == "max":
        best = max(candidates, key=lambda f: f.quantity.value)
        if spec.get("next"):
            later = [
                f
                for f in found
                if f.quantity.unit == "next"
                and (f.label, f.quantity.start) > (best.label, best.quantity.start)
            ]
            if later:
                return later[0], int(best.quantity.value) + 1
            if counted_again(best):
                return None  # "the first illegal move ... another illegal move": which one, unread
        return best, number(best.quantity)
    if spec.get("pick") == "min":
        least = min(candidates, key=lambda f: f.quantity.value)
        return least, number(least.quantity)
    first = candidates[0]
    rivals = [first, *(other for other in candidates[1:] if undecided(first, other))]
    if len(rivals) > 1:  # "1 minut i stedet for 2 minutter", "i stedet for" unread: which one?
        agreeing = [f for f in rivals if number(f.quantity) in (stated or ())]
        if len({f.quantity.value for f in agreeing}) != 1:
            return None  # neither or both as the other editions state: absent, not guessed
        first = agreeing[0]  # the text's own quantity, the one the other editions' texts agree with
    farther = [first, *(other for other in candidates[1:] if rival(first, other))]
    if len(farther) > 1:
        if stated is None:
            return None  # settled once the other editions are read
        agreeing = [f for f in farther if number(f.quantity) in stated]
        if len({f.quantity.value for f in agreeing}) == 1:
            first = agreeing[0]  # farther apart in one sentence, the one the other editions agree with
    return first, number(first.quantity)


def undecided(one: Found, other: Found) -> bool:
    """Two quantities side by side with the same unit and comparator but other values (where the
    words that tell them apart, "instead of", were not read). Farther apart, the first is read."""
    between = _between_alike(one, other)
    return between is not None and width(between) <= NEAR and not any(mark in between for mark in CLAUSE_END)


NEAR = 16  # letters: "1 minut i stedet for 2 minutter" is one statement; farther apart, two


def rival(one: Found, other: Found) -> bool:
    """Two quantities of one sentence with the same unit and comparator but other values, farther
    apart: the first is read, unless the other editions state just one of them (Korean "이 수를 ...
    마지막 50수를": "이" is "this", and ICU's "two": "this move ... the last 50 moves")."""
    between = _between_alike(one, other)
    return between is not None and not ends_sentence(between)


def _between_alike(one: Found, other: Found) -> str | None:
    """The text between two quantities of one provision with the same unit and comparator but other
    values, or None when they are not such two."""
    a, b = one.quantity, other.quantity
    if one.label != other.label or a.value == b.value or (a.unit, a.comparator) != (b.unit, b.comparator):
        return None
    return str(one.provision.get("text") or "")[min(a.end, b.end) : max(a.start, b.start)]


def ends_sentence(text: str) -> bool:
    """Whether a sentence ends in `text`: a full stop, semicolon, question or exclamation mark before
    a space, a line break, or a sentence terminator of any script (`words.terminal`: "。", "।")."""
    return re.search(r"[.;!?](?:\s|$)|\n", text) is not None or any(terminal(c) for c in text)


def counted_again(hit: Found) -> bool:
    """Whether the text names what an ordinal counts again after it ("første fuldførte ulovlige træk;
    ... endnu et ulovligt træk"): two of the words after the ordinal (their first four letters, for
    an inflected form) stand together again later in its sentence, and not before the ordinal in it
    ("lần thứ hai của cùng đấu thủ đó ... đấu thủ này": the player, named all along). The later
    mention is then a further one in words the tables do not know, so the highest ordinal is not the
    last counted."""
    text = str(hit.provision.get("text") or "")
    tail = re.split(r"[.!?։।።](?:\s|$)", text[hit.quantity.end :])[0]  # the ordinal's own sentence
    head = re.split(r"[.!?։।።](?:\s|$)", text[: hit.quantity.start])[-1]
    after = [t.lower_ for t in tokens(tail) if t.lower_.isalpha()]
    heads = [w[:4] for w in after[:4] if len(w) >= 3]
    before = [w[:4] for w in (t.lower_ for t in tokens(head)) if w.isalpha()]
    named = {tuple(before[k : k + 2]) for k in range(len(before) - 1)}  # "đấu thủ" (player), named before
    pairs = {tuple(heads[k : k + 2]) for k in range(len(heads) - 1)} - named
    rest = [w[:4] for w in after[4:]]
    return any(tuple(rest[j : j + 2]) in pairs for j in range(len(rest) - 1))


def number(q: Quantity) -> int | float:
    value = q.value * 60 if q.unit == "hour" else q.value
    return int(value) if float(value).is_integer() else value


def raw_span(raw: str, provision: dict[str, object], q: Quantity) -> tuple[int, int]:
    """Where the quantity's words stand in the raw file (markup and line breaks may sit between them):
    as whole words first ("dos" is not the end of "otorgados"), near where the cleaned text has them."""
    start, end = int(str(provision["start"])), int(str(provision["end"]))
    words = r"[\s*_]*".join(re.escape(token) for token in q.tokens)
    near = start + q.start  # where the cleaned text has it; the raw file drifts by markup
    for pattern in (whole(words), words):  # a token may be part of a word ("3x")
        found = re.compile(pattern, re.IGNORECASE)
        matches = list(found.finditer(raw, max(start, near - 80), end))
        matches = matches or list(found.finditer(raw, start, end))
        if matches:  # the nearest: the same number twice in a provision is two spans
            match = min(matches, key=lambda m: abs(m.start() - near))
            return match.start(), match.end()
    return start, end


def sentence(raw: str, start: int, end: int) -> str:
    """The sentence of the raw text around a span, for the quote."""
    left = max(raw.rfind(mark, 0, start) for mark in (". ", "; ", "\n"))
    right_candidates = [i for i in (raw.find(mark, end) for mark in (". ", ";", "\n")) if i != -1]
    right = min(right_candidates) if right_candidates else len(raw)
    left = max(left + 1, start - 200)
    right = min(right + 1, end + 200)
    return " ".join(raw[left:right].split()).strip("*_ ")


def rule_provisions(
    rules: list[Rule],
    mapping: dict[tuple[str, str], str] | None,
    provisions: dict[str, list[tuple[str, dict[str, object]]]] | None = None,
    only: Collection[str] | None = None,
) -> dict[str, dict[str, set[str]]]:
    """rule -> edition -> provision keys: the published mapping plus the curated lists. In an edition
    no curated list covers, a leaf's lead-in goes with the leaf, since the mapping names leaves only:
    its parent's own sentence ending in ':' or ',' of any width ("：", "，", "、"), as in "once 10 moves
    have been completed by each player," before the list of what is then closed, or an item stopping
    at a letter with no mark (Thai writes no commas). `only`: the curated lists of these editions
    alone (a build of many editions asks for one edition at a time)."""
    found: dict[str, dict[str, set[str]]] = {rule.id: {} for rule in rules}
    covered: set[str] = set()
    for rule in rules:
        for edition, labels in rule.provisions.items():
            if only is None or edition in only:
                found[rule.id].setdefault(edition, set()).update(labels)
            covered.add(edition)
    lead_ins = _lead_ins(provisions or {}, covered)
    for (edition, key), rule_id in (mapping or {}).items():
        if rule_id in found:
            keys = found[rule_id].setdefault(edition, set())
            keys.add(key)
            keys.update(lead_ins.get((edition, key), ()))
    return found


def leads_in(text: str) -> bool:
    """Whether a provision ends as a lead-in to its items: a comma or colon of any script (Unicode
    names them: "，", "、", "،", "՝", "፣", "：")."""
    words = unicodedata.name(text[-1:], "").split() if text else []
    return "COMMA" in words or "COLON" in words


def _unended(provision: dict[str, object], text: str) -> bool:
    """An item above others, one clause that stops at a letter or a number with no mark at all: its
    items finish it (Thai writes no commas: "เมื่อผู้เล่นแต่ละฝ่ายเดินครบ 10 ตาแล้ว" before what is then
    closed)."""
    if provision.get("kind") not in ITEM_KINDS or ends_sentence(text):
        return False  # a paragraph of sentences above its items is no lead-in
    return unicodedata.category(text[-1:] or " ")[0] in "LMN"


def _lead_ins(
    provisions: dict[str, list[tuple[str, dict[str, object]]]], covered: set[str]
) -> dict[tuple[str, str], list[str]]:
    """(edition, leaf key) -> keys of the lead-in sentences above it (`leads_in`, or `_unended`), in
    uncovered editions."""
    result: dict[tuple[str, str], list[str]] = {}
    for edition, items in provisions.items():
        if edition in covered:
            continue
        by_label = {str(p["label"]): key for key, p in items}
        by_key = dict(items)
        texts = {key: str(p["text"] or "").rstrip() for key, p in items}
        for key, provision in items:
            parent = by_label.get(str(provision.get("parent")))
            chain: list[str] = []
            while parent is not None and (leads_in(texts[parent]) or _unended(by_key[parent], texts[parent])):
                chain.append(parent)
                parent = by_label.get(str(by_key[parent].get("parent")))
            if chain:
                result[(edition, key)] = chain
    return result


def citations(keyed: list[tuple[str, dict[str, object]]]) -> re.Pattern[str] | None:
    """What cites an article or appendix in this text: the word its own headings print before their
    labels ("Artigo 7: Irregularidades", "§ 6"), then the numbers it cites ("Artigos 7 e 9",
    "§§ 6.2, 6.3"). Learned from the edition's own headings, so it serves a language without a file.
    The word less its last two letters begins every form of it: the plural and cases a heading never
    prints ("Capo 7" cites as "Capi 7 e 9", "článek 7" as "článků 7 a 9")."""
    words: set[str] = set()
    for _, provision in keyed:
        if provision.get("kind") not in ("article", "appendix", "guideline"):
            continue
        printed, text = str(provision.get("printed_label") or ""), str(provision.get("text") or "")
        match = re.match(rf"\W*([^\W\d_]{{2,}}|§)\W*{re.escape(printed)}(?!\w)", text) if printed else None
        if match:
            words.add(match.group(1).casefold())
    if not words:
        return None
    word = "|".join(
        re.escape(w[: max(3, len(w) - 2)]) + r"\w*" if w != "§" else "§§?"
        for w in sorted(words, key=len, reverse=True)
    )
    number = r"(?:[A-Z]\.?)?\d+(?:\.\d+)*[a-z]?"
    return re.compile(rf"(?i)(?<!\w)(?:{word})\.?\s*{number}(?:\s*(?:,|[^\W\d_]{{1,3}})\s*{number})*")


def cites(pattern: re.Pattern[str] | None, text: str, q: Quantity) -> bool:
    """The quantity is a number the text cites (an article, an appendix), not a count or a time."""
    return pattern is not None and any(
        m.start() < q.end and q.start < m.end() for m in pattern.finditer(text)
    )


def extract_parameters(
    rules: list[Rule],
    provisions: dict[str, list[tuple[str, dict[str, object]]]],
    languages: dict[str, str],
    raws: dict[str, str],
    mapping: dict[tuple[str, str], str] | None = None,
    kb_dir: Path = DEFAULT_KB,
    learned: dict[str, dict[str, Any]] | None = None,
    others: Iterable[Parameter] = (),
) -> list[Parameter]:
    """Every parameter of every rule, for every edition whose provisions of that rule state it.
    `learned`: per language, the words the aligned editions taught (kb/learned_lexicon.py), read under
    the curated ones. What these editions and `others` state settles two quantities side by side
    that nothing read tells apart (`choose`)."""
    results: list[Parameter] = []
    assigned = rule_provisions(rules, mapping, provisions, only=provisions.keys())
    citing = {edition: citations(keyed) for edition, keyed in provisions.items()}
    later: list[tuple[str, Rule, str, list[Found]]] = []  # undecided: settled after every edition
    for rule in rules:
        if not rule.parameters:
            continue
        for edition, wanted in sorted(assigned[rule.id].items()):
            if edition not in provisions:
                continue
            found = [
                Found(q, key, provision)
                for key, provision in provisions[edition]
                if key in wanted
                for q in quantities(
                    str(provision["text"] or ""),
                    languages[edition],
                    kb_dir,
                    (learned or {}).get(languages[edition]),
                )
                if not cites(citing[edition], str(provision["text"] or ""), q)
            ]
            for name in rule.parameters:
                chosen = choose(name, found)
                if chosen is None:
                    units = specs()[str(specs()[name].get("inclusive_of", name))].get("units", ())
                    if any(f.quantity.unit in units for f in found):
                        later.append((name, rule, edition, found))
                    continue
                results.append(_parameter(name, rule, edition, chosen, raws[edition]))
    stated: dict[tuple[str, str], set[float]] = defaultdict(set)
    for row in [*results, *others]:
        if isinstance(row.value, int | float) and not isinstance(row.value, bool):
            stated[(row.parameter, row.rule)].add(row.value)
    for name, rule, edition, found in later:  # settled by what the other editions state
        chosen = choose(name, found, stated[(str(specs()[name].get("inclusive_of", name)), rule.id)])
        if chosen is not None:
            results.append(_parameter(name, rule, edition, chosen, raws[edition]))
    return sorted(results, key=lambda p: (p.parameter, p.edition, p.rule))


def _parameter(
    name: str, rule: Rule, edition: str, chosen: tuple[Found, int | float | bool], raw: str
) -> Parameter:
    hit, value = chosen
    start, end = raw_span(raw, hit.provision, hit.quantity)
    return Parameter(
        name, rule.id, edition, value, unit_of(name), hit.label, start, end, sentence(raw, start, end)
    )
