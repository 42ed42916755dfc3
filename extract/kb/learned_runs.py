"""Number words of several pieces, in texts written without spaces between words.

In a text read by `words.spaceless`, a word ICU's dictionaries do not know is cut into pieces: a
made-up or rare ideograph word of two or three characters is two or three tokens, and a Thai word
ICU has never seen is cut into syllables. The single-token learners (kb/learned_numbers.py: a word
learned from its place or places; kb/shared_numbers.py: `shared_words`, `faithful_words`) then never
see one candidate word: each piece alone stands in other words too.

Here the candidates are also runs of 2..MAX_RUN adjacent pieces (character n-grams) of such a
script, with the guards of single words: no piece a digit, a number word the tables know or an
article. A cardinal, no piece of which is a unit word, is learned as single words are (a rare run
standing only in places whose nearest references are all short of one number N, two places at
least, the only such run there; or a frequent run standing, wherever the references state numbers,
where they state N, right before a unit word they count N in). An ordinal is linked as single words
are (`best_link`: the run that stands most faithfully where the references state the second, the
third), and there a piece may be a unit word: the stem of "second" (the ordinal) is the stem of
"seconds" (the unit) in a language whose words share stems, as "segundo" is both in Galician. No
zero: the few places that lack one share longer runs than the word ("the default time is not").
Of runs nested in one another, the one with the most places is kept, the longest on a tie (the
word, not a piece of it nor the word with its neighbour); runs that overlap otherwise in a place,
or learned with two values, are both left out. The run is written into the tables as a number
word of several tokens, which the quantities reader reads whole (`quantities.number_phrase`,
longest first).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from extract.kb.learned_numbers import beside_comparators, best_link, faithful, language_places, spread_of
from extract.kb.learned_sources import Sources, doc_of
from extract.kb.shared_numbers import (
    CARDINAL,
    MAX_RUN,
    MIN_SHARE,
    ORDINAL,
    RARE,
    SHARED_SUPPORT,
    WINDOW,
    Place,
    faithful_words,
    places_of,
)
from extract.text.quantities import Compiled, Token, compiled, phrase, unit_of_token
from extract.text.words import lettered, spaceless, unspaced

Run = tuple[str, ...]


def run_numbers(
    sources: Sources, seed: dict[str, Any] | None, found: dict[str, dict[str, int]]
) -> tuple[dict[str, dict[str, int]], dict[tuple[str, str], list[str]]]:
    """Number words and ordinals of several pieces learned for a language written without spaces
    (see the module's docstring), beside the words already `found`: the tables ("numbers",
    "ordinals": run as written -> value) and each run's evidence, keyed as `anchored_numbers` keys
    it."""
    texts = [str(p.get("text") or "") for _, _, p in sources.own()]
    if not texts or not spaceless("\n".join(texts[:50]), sources.language):
        return {}, {}
    base = compiled(sources.language, sources.kb_dir, _with_found(seed, found))
    known = {w: float(v) for table in found.values() for w, v in table.items()}
    known |= {w: v for w, (v, u) in base.single.items() if u is None}
    spread: dict[str, int] = defaultdict(int)  # provisions a run's text stands in
    cuts: dict[str, set[Run]] = defaultdict(set)  # how the text's pieces cut each run's text
    for _, _, provision in sources.own():
        runs = {r for r, _ in _runs(doc_of(provision), base, known)}
        for text in {_text(r) for r in runs}:
            spread[text] += 1
        for run in runs:
            cuts[_text(run)].add(run)
    places = language_places(sources, base)
    docs = {(e, str(p.get("label"))): doc_of(p) for e, _, p in sources.own()}
    paired = [(_run_place(place, docs[(place.edition, place.label)], base, known), place) for place in places]
    paired = [(run, place) for run, place in paired if run.words]
    run_places = [run for run, _ in paired]
    unit_runs = {_text(r) for runs in cuts.values() for r in runs if any(unit_of_token(t, base) for t in r)}
    whole = [replace(p, words={w: at for w, at in p.words.items() if w not in unit_runs}) for p in run_places]
    explained = {  # a number a known word of the place says already
        (id(run), (known[w], CARDINAL))
        for run, (_, place) in zip(whole, paired, strict=True)
        for w in place.words
        if w in known
    }
    learned = [
        *_shared(whole, spread),
        *faithful_words(whole, explained, set(), spread),
        *_linked(run_places),
    ]
    token_spread = spread_of(sources)
    slots = {  # a run of pieces starts right after a comparator: the word a comparator before it counts
        id(run): beside_comparators(docs[(run.edition, run.label)], base, token_spread, after_quantity=False)
        for run in run_places
    }
    learned += _alone(run_places, docs, slots, spread, _free_pieces(docs.values()), frozenset(unit_runs))
    tables, evidence = _kept(learned, run_places)
    # the reader cuts a table's word alone: a run it cuts otherwise than the text does would not be
    # read where it was learned (ICU cuts a Thai syllable pair as one word alone)
    kept = {
        table: {w: v for w, v in words.items() if cuts[w] == {phrase(w)}} for table, words in tables.items()
    }
    kept = {table: words for table, words in kept.items() if words}
    readable = {word for words in kept.values() for word in words}
    return kept, {key: e for key, e in evidence.items() if key[1] in readable}


def _alone(
    places: list[Place],
    docs: dict[tuple[str, str], tuple[Token, ...]],
    slots: dict[int, list[int]],
    spread: dict[str, int],
    free: frozenset[str],
    unit_runs: frozenset[str],
) -> list[tuple[str, tuple[float, str], list[Place]]]:
    """Number words of several pieces no two places teach, learned from their place alone as single
    words are (`learned_numbers._alone`): where the references agree on the one number a place lacks
    ("at least the third time"), the shortest rare run starting right after a comparator the tables
    know, or after the piece right after it where that piece is a word of its own ("at least _the_
    third time", `_free_pieces`); one such run in the place, faithful to that number wherever it
    stands. A run with a piece that is a unit word (`unit_runs`) may be an ordinal only, as in
    `_linked`."""
    found: dict[str, set[tuple[float, str]]] = defaultdict(set)
    linked: dict[str, list[Place]] = defaultdict(list)
    everywhere = places_of(places)
    for place in places:
        lacking = {
            key: share
            for key, share in place.missing.items()
            if share >= MIN_SHARE and key[0] != 1 and key[0] in place.agreed and key[0] not in place.factors
        }
        if len({key[0] for key in lacking}) != 1:
            continue
        key = max(lacking, key=lambda k: (lacking[k], k[1] == ORDINAL))
        doc = docs[(place.edition, place.label)]
        at_slots = slots.get(id(place), [])
        starts = [
            at
            for at in at_slots
            if not (at + 1 in at_slots and doc[at].lower_ in free)
            and not (at - 1 in at_slots and doc[at - 1].lower_ not in free)
        ]
        units = unit_runs if key[1] == CARDINAL else frozenset()
        candidates = {run for at in starts for run in [_rare_run(doc, at, place, spread, units)] if run}
        if len(candidates) == 1:
            word = candidates.pop()
            found[word].add(key)
            linked[word].append(place)
    return [
        (word, next(iter(keys)), linked[word])
        for word, keys in sorted(found.items())
        if len(keys) == 1 and faithful(next(iter(keys))[0], everywhere[word])
    ]


def _free_pieces(docs: Iterable[tuple[Token, ...]]) -> frozenset[str]:
    """The pieces that are words of their own: glued to many different pieces after them, none of
    which follows in half their places ("the" before any word; "play" is mostly before "er")."""
    after: dict[str, Counter[str]] = defaultdict(Counter)
    for doc in docs:
        for a, b in zip(doc, doc[1:], strict=False):
            if a.idx + len(a.text) == b.idx:
                after[a.lower_][b.lower_] += 1
    return frozenset(
        piece
        for piece, following in after.items()
        if following.total() >= FREE_SUPPORT and 2 * following.most_common(1)[0][1] < following.total()
    )


FREE_SUPPORT = 4  # a piece is seen glued to the next this often at least before it is called free


def _rare_run(
    doc: tuple[Token, ...], at: int, place: Place, spread: dict[str, int], units: frozenset[str]
) -> str | None:
    """The shortest run of the place starting at token `at` that stands in RARE provisions at most
    (none of `units`)."""
    for size in range(2, MAX_RUN + 1):
        word = _text(tuple(t.lower_ for t in doc[at : at + size]))
        if word not in place.words or word in units:
            return None  # a piece there is none of a word (a digit, a known word, a space) or a unit
        if spread.get(word, 0) <= RARE:
            return word
    return None


def _linked(places: list[Place]) -> list[tuple[str, tuple[float, str], list[Place]]]:
    """Ordinals of several pieces: competitive linking over the runs' places (`best_link`), each
    place short of the ordinals its references state only."""
    occurrences: dict[str, list[Place]] = defaultdict(list)
    for place in places:
        only = replace(place, missing={k: s for k, s in place.missing.items() if k[1] == ORDINAL})
        for word in place.words:
            occurrences[word].append(only)
    occurrences = _outer({word: its for word, its in occurrences.items() if any(p.missing for p in its)})
    explained: set[tuple[int, tuple[float, str]]] = set()
    out = []
    while (best := best_link(occurrences, explained)) is not None:
        word, key = best
        linked = [p for p in occurrences[word] if key in p.missing]
        out.append((word, key, linked))
        explained |= {(id(p), key) for p in linked}
        del occurrences[word]
    return out


def _outer(occurrences: dict[str, list[Place]]) -> dict[str, list[Place]]:
    """Of runs nested in one another that stand in the same places, the longest (as `_kept` keeps):
    otherwise the piece and the word tie, and a tie keeps neither."""
    same: dict[tuple[tuple[str, str], ...], list[str]] = defaultdict(list)
    for word, its in occurrences.items():
        same[tuple(sorted((p.edition, p.label) for p in its))].append(word)
    inner = {
        word
        for words in same.values()
        if len(words) > 1
        for word in words
        if any(word != other and word in other for other in words)
    }
    return {word: its for word, its in occurrences.items() if word not in inner}


def whole_pieces(sources: Sources, numbers: dict[str, int], seed: dict[str, Any] | None) -> dict[str, int]:
    """Number words learned before a unit word (`learn_unknown_numbers`), each with the pieces before it
    that stand before it wherever it stands before a unit word (two places at least), up to where they
    differ: in a script without spaces a made-up or rare word is cut into pieces, and the piece right
    before the unit word is learned ("蒰犤卪蹉", "蒆犤卪崭": "犤卪" says five, not "卪"). A piece that
    is a digit, a number or a unit word, or a piece apart (a space, a mark), ends the word."""
    texts = [str(p.get("text") or "") for _, _, p in sources.own()]
    if not numbers or not texts or not spaceless("\n".join(texts[:50]), sources.language):
        return numbers
    base = compiled(sources.language, sources.kb_dir, seed)
    spots: dict[str, list[tuple[tuple[Token, ...], int]]] = defaultdict(list)
    for _, _, provision in sources.own():
        doc = doc_of(provision)
        for j in range(1, len(doc)):
            if doc[j - 1].lower_ in numbers and unit_of_token(doc[j].lower_, base) is not None:
                spots[doc[j - 1].lower_].append((doc, j - 1))
    whole: dict[str, int] = {}
    for word, value in numbers.items():
        found = spots.get(word, [])
        size = 1
        while len(found) >= 2 and size < MAX_RUN:
            pieces = {_piece_before(doc, k - size + 1, base, numbers) for doc, k in found}
            if len(pieces) != 1 or None in pieces:
                break
            size += 1
        doc, k = found[0] if found else ((), 0)
        whole[_text(tuple(t.lower_ for t in doc[k - size + 1 : k + 1])) if size > 1 else word] = value
    return whole


def _piece_before(doc: tuple[Token, ...], i: int, base: Compiled, numbers: dict[str, int]) -> str | None:
    """The piece glued right before token `i`, if a piece of a word may be: a letter run of a script
    without spaces, no number or unit word."""
    if i < 1 or doc[i - 1].idx + len(doc[i - 1].text) != doc[i].idx:
        return None
    piece = doc[i - 1].lower_
    if (
        not unspaced(piece)
        or not lettered(piece)
        or piece in numbers
        or piece in base.single
        or unit_of_token(piece, base) is not None
    ):
        return None
    return piece


def _with_found(seed: dict[str, Any] | None, found: dict[str, dict[str, int]]) -> dict[str, Any] | None:
    """The seed with the words just anchored: a number they say is no number a place lacks."""
    if seed is None:
        return None
    return {
        **seed,
        "numbers": {**found.get("numbers", {}), **(seed.get("numbers") or {})},
        "ordinals": {**found.get("ordinals", {}), **(seed.get("ordinals") or {})},
    }


def _shared(places: list[Place], spread: dict[str, int]) -> list[tuple[str, tuple[float, str], list[Place]]]:
    """Runs standing in few provisions (RARE at most), every one a place with rules, where the
    references state numbers short of one number N in SHARED_SUPPORT places at least (not as a
    factor), and state none in half its places at most (as a word learned alone: `faithful` of
    kb/learned_numbers.py): "three" in "three times", "at most three games", and a provision whose
    references state no number."""
    by_run = places_of(places)
    found = []
    for word, its in by_run.items():
        if not len(its) == spread.get(word, 0) <= RARE:
            continue
        stating = [p for p in its if p.stated]
        if len(stating) < max(SHARED_SUPPORT, len(its) / 2):
            continue
        common = set.intersection(
            *({v for v, n in p.short.items() if n > 0} - set(p.factors) for p in stating)
        )
        if len(common) == 1:
            found.append((word, (common.pop(), CARDINAL), stating))
    return found


def _runs(doc: tuple[Token, ...], base: Compiled, known: dict[str, float]) -> list[tuple[Run, int]]:
    """The runs of 2..MAX_RUN adjacent pieces of a script without spaces, none a number the tables
    know or an article: (run, its first token)."""
    ok = [
        unspaced(t.lower_)
        and lettered(t.lower_)
        and t.lower_ not in known
        and t.lower_ not in base.single
        and t.lower_ not in base.articles
        for t in doc
    ]
    out: list[tuple[Run, int]] = []
    for i in range(len(doc)):
        for size in range(2, MAX_RUN + 1):
            end = i + size
            if end > len(doc) or not all(ok[i:end]):
                break
            if any(doc[k + 1].idx != doc[k].idx + len(doc[k].text) for k in range(i, end - 1)):
                break  # a space or a mark between: not one word
            out.append((tuple(t.lower_ for t in doc[i:end]), i))
    return out


def _text(run: Run) -> str:
    return "".join(run)


def _run_place(place: Place, doc: tuple[Token, ...], base: Compiled, known: dict[str, float]) -> Place:
    """The place with runs as its candidate words: where each first stands, the runs right before a
    unit word, and the units after each (WINDOW tokens on at most, no number between)."""
    words: dict[str, float] = {}
    counting: set[str] = set()
    before: dict[str, set[str]] = defaultdict(set)
    length = max(1, doc[-1].idx + len(doc[-1].text)) if doc else 1
    for run, i in _runs(doc, base, known):
        word = _text(run)
        words.setdefault(word, doc[i].idx / length)
        end = i + len(run)
        for k in range(end, min(len(doc), end + WINDOW)):
            after = doc[k].lower_
            if after.isdigit() or after in base.single:
                break
            unit = unit_of_token(after, base)
            if unit is not None:
                before[word].add(unit)
                if k == end:
                    counting.add(word)
                break
    return replace(
        place,
        words=words,
        counting=frozenset(counting),
        unit_words=frozenset(),
        compared=frozenset(),
        before={w: frozenset(u) for w, u in before.items()},
    )


def _kept(
    learned: list[tuple[str, tuple[float, str], list[Place]]], places: list[Place]
) -> tuple[dict[str, dict[str, int]], dict[tuple[str, str], list[str]]]:
    """Of runs nested in one another, the one with the most places (the longest on a tie); a run
    learned with two values, or sharing a place with another run learned (not nested in it, or
    nested with another value: nothing tells which says the number), is left out."""
    values: dict[str, set[tuple[float, str]]] = defaultdict(set)
    where: dict[str, set[int]] = defaultdict(set)
    linked: dict[str, list[Place]] = {}
    for word, key, its in learned:
        values[word].add(key)
        linked.setdefault(word, its)
    for place in places:
        for word in values:
            if word in place.words:
                where[word].add(id(place))
    single = {w for w, v in values.items() if len(v) == 1}
    kept = set()
    for word in single:
        beaten = any(
            other != word
            and (word in other or other in word)
            and (len(where[other]), len(other)) > (len(where[word]), len(word))
            for other in single
        )
        if not beaten:
            kept.add(word)
    clear = {  # another run learned in one of its places: not nested in it, or with another value
        word
        for word in kept
        if not any(
            other != word
            and where[word] & where[other]
            and (values[other] != values[word] or (word not in other and other not in word))
            for other in values
        )
    }
    tables: dict[str, dict[str, int]] = defaultdict(dict)
    evidence: dict[tuple[str, str], list[str]] = {}
    for word in sorted(clear):
        value, kind = next(iter(values[word]))
        table = "zero" if value == 0 else "ordinals" if kind == ORDINAL else "numbers"
        tables[table][word] = int(value)
        evidence[("word:ordinals" if table == "ordinals" else table, word)] = [
            f"{p.edition} {p.label} (where the references state {int(value)}; a word of several pieces "
            "ICU does not know)"
            for p in linked[word][:5]
        ]
    return dict(tables), evidence
