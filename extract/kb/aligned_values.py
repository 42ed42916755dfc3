"""Parameters read by their place: a value the parameter stage could not read with the language's words
(its unit or comparator unknown: "háromszor", "ლეყღ") is read from the new edition's own provisions
of the rule when the aligned reference editions state that parameter there and the new text holds
exactly one number there that no other parameter took.

The reference editions (the editions the curated rules name, read with their curated words) state
the parameter for the rule; those whose Laws (`fide_edition`) are nearest the new edition's speak
for them and must agree on one value. The new edition's provisions of that rule must then hold
exactly one number (digits, or a number word the libraries or the aligned editions know) that no
parameter already read: that token is the value, with its span and quote from the new text. Nothing
is copied: the references only say that the number stands there; a text whose one number there
differs from theirs gets no value this way (the place alone cannot tell a different rule from a number
read in the wrong place, so the parameter stays missing and the arbiter says so; never a guess, never
the references' number) but a finding: `stated_by_place` offers every such number, and the lint's
laws-divergence (extract/reports/lint/laws.py) says "the text says X where the Laws say Y". A
provision with two different candidate numbers gets none either (the same number twice is one: "fewer
than 10 moves ... after 10 moves or more"); a number that cites an article ("Article 7", with the
citation word the text's own headings print) is no candidate, nor one the words read with another unit
("two extra minutes" where a count of illegal moves is looked for).

A count no ordinal the words know states ("for the first illegal move ...; for the second illegal
move", "første ulovlige træk ...; endnu et ulovligt træk"; a parameter marked `next`) is the number of
times the provision names the thing it counts, after another word each time; read only where that is
the references' number.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from extract.io.rules import Rule
from extract.kb.parameters import citations, cites, raw_span, rule_provisions, sentence, specs, unit_of
from extract.kb.shared_numbers import laws_year
from extract.model.kbrows import Parameter
from extract.text.quantities import (
    Compiled,
    Quantity,
    Token,
    compiled,
    on_square,
    quantities,
    spoken_phrase,
    tokens,
    word_value,
)
from extract.text.words import lettered, unspaced


def nearest_values(
    name: str, rule: Rule, references: list[Parameter], laws: dict[str, str], own_laws: str
) -> tuple[set[int | float], list[Parameter]]:
    """The values the reference editions with the Laws nearest `own_laws` state for a parameter, and
    the rows that state it. Nearest among the editions that have the rule (its curated lists, or a
    parameter of it): where the nearest Laws have the rule but no longer state the number (the 2001
    Laws' deductions from a claimant's time), nothing is stated."""
    rows = [p for p in references if p.rule == rule.id and not isinstance(p.value, bool)]
    having = {e for e in rule.provisions if e in laws} | {p.edition for p in rows}
    if not any(p.parameter == name for p in rows):
        return set(), []
    distance = {e: abs(laws_year(laws.get(e, "")) - laws_year(own_laws)) for e in having}
    nearest = min(distance.values())
    stated = [p for p in rows if p.parameter == name and distance[p.edition] == nearest]
    return {p.value for p in stated}, stated


@dataclass(frozen=True)
class Stated:
    """A rule's provisions in the new edition holding exactly one number where the reference editions
    state a parameter: that number, where it stands, and what the references say there."""

    name: str
    rule: str
    value: int | float
    label: str
    start: int
    end: int
    quote: str
    laws: set[int | float]  # the values the references of the nearest Laws state
    references: list[Parameter]  # those references' rows


def stated_by_place(
    rules: list[Rule],
    edition: str,
    language: str,
    keyed: list[tuple[str, dict[str, object]]],
    raw: str,
    mapping: dict[tuple[str, str], str],
    found: list[Parameter],
    references: list[Parameter],
    laws: dict[str, str],
    kb_dir: Path,
    learned: dict[str, Any] | None = None,
) -> Iterator[Stated]:
    """The one number each parameter `found` lacks has where the references state it, in rule order;
    a number taken is not offered again (see the module's docstring)."""
    have = {(p.parameter, p.rule) for p in found}
    taken = [(p.start, p.end) for p in found]
    table = compiled(language, kb_dir, learned)
    assigned = rule_provisions(rules, mapping, {edition: keyed}, only=[edition])
    by_key = dict(keyed)
    citing = citations(keyed)
    for rule in rules:
        keys = assigned.get(rule.id, {}).get(edition, set())
        for name in rule.parameters:
            spec = specs().get(name, {})
            if (name, rule.id) in have or "inclusive_of" in spec:
                continue
            values, nearest = nearest_values(name, rule, references, laws, laws.get(edition, ""))
            if len(values) != 1 or not keys:
                continue
            labels = {p.label for p in nearest}
            same = {key for key in keys if str(by_key[key].get("label")) in labels}
            where = same or keys  # the provision of the references' label, where the text has it
            numbers = [
                (key, q, span)
                for key in sorted(where)
                for text in [str(by_key[key].get("text") or "")]
                for q in _numbers(
                    text,
                    table,
                    set(spec["units"]),
                    1 in values,
                    _measured(text, language, kb_dir, learned, spec),
                )
                if not cites(citing, text, q)
                for span in [raw_span(raw, by_key[key], q)]
                if not any(start < span[1] and span[0] < end for start, end in taken)
            ]
            rest = [n for n in numbers if not _repeated(raw, n[2], found, rule.id, values)]
            if rest != numbers and {q.value for _, q, _ in rest} <= values:
                numbers = rest  # what the repetitions leave, only where it is the references' number
            if len({q.value for _, q, _ in numbers}) == 1:
                numbers = numbers[:1]  # "fewer than 10 moves ... after 10 moves or more": one number
            if not numbers and spec.get("next"):
                numbers = _counted(raw, [(key, by_key[key]) for key in sorted(where)], values)
            if len(numbers) != 1:
                continue
            key, q, (start, end) = numbers[0]
            value = int(q.value) if float(q.value).is_integer() else q.value
            if value not in values and value in _siblings(
                name, rule, references, laws, laws.get(edition, "")
            ):
                continue  # "10 minutes or less ... 60 times": the 10 is the other parameter's, no divergence
            label = str(by_key[key].get("label"))
            yield Stated(name, rule.id, value, label, start, end, sentence(raw, start, end), values, nearest)
            if value in values:
                taken.append((start, end))


def _siblings(
    name: str, rule: Rule, references: list[Parameter], laws: dict[str, str], own_laws: str
) -> set[int | float]:
    """The values the nearest references state for the rule's other parameters."""
    found: set[int | float] = set()
    for other in rule.parameters:
        if other != name:
            found |= nearest_values(other, rule, references, laws, own_laws)[0]
    return found


def _counted(
    raw: str, keyed: list[tuple[str, dict[str, object]]], values: set[int | float]
) -> list[tuple[str, Quantity, tuple[int, int]]]:
    """Where the text counts what it names, with no ordinal the words know ("for the first illegal
    move ...; for the second illegal move", "første ulovlige træk ...; endnu et ulovligt træk"): the
    number of times a provision names it is the count, at the word before its last mention. Read only
    where that count is the one the references state, and the provisions that name a thing again
    agree on how often; else nothing (the count of mentions is no finding of another number)."""
    found = [(key, provision, mentions(str(provision.get("text") or ""))) for key, provision in keyed]
    counted = [(key, provision, m) for key, provision, m in found if m is not None]
    if len({m.value for _, _, m in counted}) != 1 or counted[0][2].value not in values:
        return []
    key, provision, q = counted[0]
    return [(key, q, raw_span(raw, provision, q))]


def mentions(text: str) -> Quantity | None:
    """How many times a text names the same thing: the longest run of words (their first four
    letters, so that inflected forms agree: "ulovlige træk", "ulovligt træk"; of three letters or
    more; a word of a script without spaces whole, see `_head`) that stands more than once, right
    after another word each time; the word before its last mention says that count ("second",
    "segundo", "et"). Where no run has other words before it, the words
    after it, for languages whose ordinal follows its noun ("המסע הבלתי חוקי השני", the illegal move
    second). None where two longest runs stand a different number of times, or none twice."""
    doc = tokens(text)
    heads = [_head(t.lower_) for t in doc]
    for after in (False, True):
        found = _mentioned(doc, heads, after)
        if found is not None:
            return found
    return None


def _head(word: str) -> str | None:
    """What a word's other forms share: its first four letters (three letters at least), or the whole
    of a word of a script without spaces (ideographs, kana, Thai...), however short: the tokenizer
    cuts such words from the text itself, an ideograph or two where no dictionary knows them."""
    if not lettered(word):
        return None
    if unspaced(word):
        return word
    return word[:4] if len(word) >= 3 else None


def _mentioned(doc: tuple[Token, ...], heads: list[str | None], after: bool) -> Quantity | None:
    """`mentions` on one side: the words before each mention, or after it (`after`)."""

    def beside(i: int, size: int) -> Token:
        return _after(doc, i + size - 1) if after else _before(doc, i)

    best: dict[tuple[str, ...], list[int]] = {}
    best_size = 0
    for size in range(2, 6):
        runs: dict[tuple[str, ...], list[int]] = {}
        for i in range(1, len(heads) - size + 1):
            run = heads[i : i + size]
            if all(run):
                runs.setdefault(tuple(h for h in run if h), []).append(i)
        repeated = {  # a thing counted: other words beside each mention ("first", "second")
            run: at
            for run, at in runs.items()
            if len(at) > 1
            and len({beside(i, size).lower_ for i in at}) == len(at)
            and all(lettered(beside(i, size).lower_) for i in at)
        }
        if not repeated:
            break
        best, best_size = repeated, size
    if not best or len({len(at) for at in best.values()}) != 1:
        return None
    word = beside(max(max(positions) for positions in best.values()), best_size)
    if not lettered(word.lower_):
        return None
    count = len(next(iter(best.values())))
    return Quantity(float(count), "ordinal", None, word.idx, word.idx + len(word.text), (word.text,))


def read_by_place(
    rules: list[Rule],
    edition: str,
    language: str,
    keyed: list[tuple[str, dict[str, object]]],
    raw: str,
    mapping: dict[tuple[str, str], str],
    found: list[Parameter],
    references: list[Parameter],
    laws: dict[str, str],
    kb_dir: Path,
    learned: dict[str, Any] | None = None,
) -> list[Parameter]:
    """The parameters `found` lacks for `edition`, read by their place (see the module's docstring):
    the one number there when it is the one the references state; another number is no value
    (`stated_by_place` offers it for review: the lint's laws-divergence)."""
    return [
        Parameter(s.name, s.rule, edition, s.value, unit_of(s.name), s.label, s.start, s.end, s.quote)
        for s in stated_by_place(
            rules, edition, language, keyed, raw, mapping, found, references, laws, kb_dir, learned
        )
        if s.value in s.laws
    ]


MEASURES = frozenset({"minute", "second", "hour", "cm"})
CLAUSE_MARKS = frozenset(",;:.!?()[]\"'«»“”„‘’—–-·।։።")


def _repeated(
    raw: str, span: tuple[int, int], found: list[Parameter], rule: str, values: set[int | float]
) -> bool:
    """Whether a number stands inside a repetition of the words another parameter of the rule was
    read from ("more than 10 ...; or 60 times the increment, more than 10 ...": the second 10 is the
    limit's again), that parameter's value being none the references state for this one."""
    start, end = span
    for p in found:
        if p.rule != rule or isinstance(p.value, bool) or p.value in values:
            continue
        words = raw[p.start : p.end]
        if not any(c.isalpha() for c in words):
            continue  # a bare number: no words repeat
        at = raw.find(words, max(0, end - len(words)))
        while at != -1 and at <= start:
            if at != p.start and at + len(words) >= end:
                return True
            at = raw.find(words, at + 1)
    return False


def _before(doc: tuple[Token, ...], at: int) -> Token:
    """The token before token `at`, markup between left out ("#ulovleg", "**10 minutes**"); a mark
    that ends a clause is a token (a word before it is not the word before `at`)."""
    return next((t for t in reversed(doc[:at]) if _telling(t)), doc[0])


def _after(doc: tuple[Token, ...], at: int) -> Token:
    """The token after token `at`, as `_before` finds the one before it."""
    return next((t for t in doc[at + 1 :] if _telling(t)), doc[-1])


def _telling(token: Token) -> bool:
    """A word, digits or a mark that ends a clause: no markup."""
    word = token.lower_
    return lettered(word) or word.isalnum() or any(c in CLAUSE_MARKS for c in word)


def _measured(
    text: str, language: str, kb_dir: Path, learned: dict[str, Any] | None, spec: dict[str, Any]
) -> list[tuple[int, int]]:
    """Where the words read a measure (minutes, seconds, hours, centimetres) and the parameter is a
    count ("two extra minutes" where the count of illegal moves is looked for), or a count whose word
    stands right after its number (a word between at most: "60 gange") and the parameter is a measure:
    no candidate stands there. A unit a bare number inherits from the quantity before it is no reading;
    counts of one thing and another are not told apart (the unit the words give a number may be a word
    or two after it: "5 gångar pr parti")."""
    found = [q for q in quantities(text, language, kb_dir, learned) if len(q.tokens) >= 2]  # a unit word read
    if not set(spec["units"]) & MEASURES:
        return [(q.start, q.end) for q in found if q.unit in MEASURES]
    return [
        (q.start, q.end)
        for q in found
        if q.unit not in MEASURES and q.unit not in (None, "bare", "next", "ordinal") and len(q.tokens) <= 3
    ]


def _numbers(
    text: str, table: Compiled, units: set[str], one: bool = False, measured: Sequence[tuple[int, int]] = ()
) -> list[Quantity]:
    """The numbers of a text: digit runs (not squares of the board, not labels such as "9.2.2") and
    number words the tables know that count nothing else than the parameter's units, nor stand in a
    quantity the words read with another unit (`measured`). The word for one counts only where one is
    looked for (`one`): in many languages it is also the indefinite article ("un arbitro", "ein
    Schiedsrichter"), which the tables do not always know as such."""
    doc = tokens(text)
    found: list[Quantity] = []
    inside = -1  # the last token of a number of several tokens read
    for i, token in enumerate(doc):
        word = token.lower_
        if i <= inside or any(start <= token.idx < end for start, end in measured):
            continue
        spoken = spoken_phrase(doc, i, table)  # several pieces: "掝唁" (ten, made-up, no spaces)
        if spoken is not None:
            inside, value, implied = spoken
            if (implied is None or implied in units) and (value != 1 or one):
                last = doc[inside]
                words = tuple(t.text for t in doc[i : inside + 1])
                found.append(Quantity(value, "bare", None, token.idx, last.idx + len(last.text), words))
            continue
        if word.isdigit() and len(word) <= 3 and not on_square(doc, i):
            found.append(
                Quantity(
                    float(int(word)), "bare", None, token.idx, token.idx + len(token.text), (token.text,)
                )
            )
        elif (hit := word_value(word, table)) is not None and word not in table.articles:
            value, implied = hit  # "دقيقتين" (two minutes, a dual) implies its unit
            if (implied is None or implied in units) and (value != 1 or one):
                found.append(
                    Quantity(value, "bare", None, token.idx, token.idx + len(token.text), (token.text,))
                )
    return found
