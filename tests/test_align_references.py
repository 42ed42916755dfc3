"""Provisions whose order differs between editions, placed through the provisions that refer to them
(the 2017 Laws' 7.7.1 and 7.8.1, each with its own penalty; the 2018 Laws' 7.5.3 and 7.5.4, under the
one penalty 7.5.5): extract/kb/align_references.py (issue 24)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import yaml

from extract.kb.align import Item, Scorer, align_pair, label_tail
from extract.kb.align_references import clear_assignment, referred_pairs
from extract.text.analyse import Fingerprint

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Print:
    references: tuple[str, ...] = ()
    concepts: frozenset[str] = field(default_factory=lambda: frozenset({"illegal-move"}))


@dataclass(frozen=True)
class It:
    edition: str
    label: str
    fingerprint: Print = field(default_factory=Print)

    @property
    def id(self) -> tuple[str, str]:
        return (self.edition, self.label)


def item(edition: str, label: str, refers: str = "", read: bool = True) -> It:
    concepts = frozenset({"illegal-move"}) if read else frozenset()
    return It(edition, label, Print(tuple(refers.split()), concepts))


def editions(read: bool = True) -> tuple[list[It], list[It]]:
    """A 2017-like chapter (each irregularity with its own penalty, after the illegal moves) and a
    2018-like one (both among the illegal moves, in the other order, under one penalty)."""
    xs = [
        item("x", "7.5.1", read=read),
        item("x", "7.5.2", read=read),
        item("x", "7.5.3", "7.5.1 7.5.2", read),
        item("x", "7.7.1", read=read),
        item("x", "7.7.2", "7.7.1", read),
        item("x", "7.8.1", read=read),
        item("x", "7.8.2", "7.8.1", read),
    ]
    ys = [
        item("y", "7.5.1", read=read),
        item("y", "7.5.2", read=read),
        item("y", "7.5.3", read=read),
        item("y", "7.5.4", read=read),
        item("y", "7.5.5", "7.5.1 7.5.2 7.5.3 7.5.4", read),
    ]
    return xs, ys


LINKED = {(0, 0), (1, 1), (2, 4)}  # what the order-keeping alignment found


def matrices(two_hands: float, clock: float) -> tuple[np.ndarray, np.ndarray]:
    """Scores where the penalties 7.7.2 and 7.8.2 are nearest 7.5.5; content where x's 7.7.1 says
    `two_hands` of y's 7.5.4 and x's 7.8.1 `clock` of y's 7.5.3 (0.1 with the other one)."""
    scores = np.full((7, 5), 0.1)
    for i, j in LINKED | {(4, 4), (6, 4)}:
        scores[i, j] = 0.3
    content = np.full((7, 5), 0.1)
    content[3, 3], content[5, 2] = two_hands, clock
    return scores, content


def test_provisions_in_another_order_are_paired_through_the_penalties_that_refer_to_them() -> None:
    xs, ys = editions()
    scores, content = matrices(two_hands=0.22, clock=0.12)
    found = referred_pairs(xs, ys, LINKED, scores, content)
    assert {(xs[i].label, ys[j].label) for i, j, _ in found} == {("7.7.1", "7.5.4"), ("7.8.1", "7.5.3")}


def test_the_pairing_is_the_same_with_the_editions_swapped() -> None:
    xs, ys = editions()
    scores, content = matrices(two_hands=0.22, clock=0.12)
    linked = {(j, i) for i, j in LINKED}
    found = referred_pairs(ys, xs, linked, scores.T, content.T)
    assert {(ys[i].label, xs[j].label) for i, j, _ in found} == {("7.5.4", "7.7.1"), ("7.5.3", "7.8.1")}


def test_words_that_cannot_tell_which_is_which_link_nothing() -> None:
    xs, ys = editions()
    scores, content = matrices(two_hands=0.11, clock=0.11)  # within the margin of the other pairing
    assert referred_pairs(xs, ys, LINKED, scores, content) == []


def test_a_language_the_termbase_does_not_read_links_nothing() -> None:
    xs, ys = editions(read=False)
    scores, content = matrices(two_hands=0.22, clock=0.12)
    assert referred_pairs(xs, ys, LINKED, scores, content) == []


def test_penalties_too_unlike_any_provision_link_nothing() -> None:
    xs, ys = editions()
    scores, content = matrices(two_hands=0.22, clock=0.12)
    scores[4, 4] = scores[6, 4] = scores[2, 4] = 0.2  # no referring provision has a counterpart
    assert referred_pairs(xs, ys, LINKED, scores, content) == []


def test_provisions_already_placed_are_not_paired_again() -> None:
    xs, ys = editions()
    scores, content = matrices(two_hands=0.22, clock=0.12)
    found = referred_pairs(xs, ys, LINKED | {(3, 3), (5, 2)}, scores, content)
    assert found == []


def test_the_curated_2017_and_2018_laws_link_their_clock_provisions_in_the_generated_kb() -> None:
    """da-2017 7.8.1 (a clock pressed without a move, its own section after the illegal moves) and
    hu-2018 7.5.3 (the same among the illegal moves): linked through 7.8.2 and 7.5.5."""
    links = yaml.safe_load((ROOT / "kb/generated/links.yaml").read_text(encoding="utf-8"))
    pairs = {(r["a"], r["b"]) for r in links}
    assert ("da-2017:7.8.1", "hu-2018:7.5.3") in pairs
    assert ("da-2017:7.8.1", "hu-2018:7.5.4") not in pairs


def learned_words(table: dict[tuple[str, str], float]):  # type: ignore[no-untyped-def]
    """A `words` function from a table of learned similarities by label (0 elsewhere)."""
    xs, ys = editions(read=False)
    return lambda i, j: table.get((xs[i].label, ys[j].label), 0.0)


def test_words_learned_from_the_links_pair_them_where_the_termbase_reads_nothing() -> None:
    """nn-2017 or a made-up 2018 text: no termbase concept in either, but the words learned from the
    two editions' other links ("rokade" ~ "sáncolás", "uret" ~ "óráját") tell which is which."""
    xs, ys = editions(read=False)
    scores, content = matrices(two_hands=0.1, clock=0.1)
    words = learned_words({("7.7.1", "7.5.4"): 0.44, ("7.7.1", "7.5.3"): 0.22, ("7.8.1", "7.5.3"): 0.38})
    found = referred_pairs(xs, ys, LINKED, scores, content, words)
    assert {(xs[i].label, ys[j].label) for i, j, _ in found} == {("7.7.1", "7.5.4"), ("7.8.1", "7.5.3")}


def test_learned_words_that_say_as_much_of_either_pairing_link_nothing() -> None:
    xs, ys = editions(read=False)
    scores, content = matrices(two_hands=0.1, clock=0.1)
    words = learned_words({(a, b): 0.3 for a in ("7.7.1", "7.8.1") for b in ("7.5.3", "7.5.4")})
    assert referred_pairs(xs, ys, LINKED, scores, content, words) == []


def test_learned_words_find_the_counterpart_of_a_penalty_that_scores_little_with_anything() -> None:
    """In a script nobody reads, 7.7.2 and 7.8.2 score under `LEAST` with 7.5.5 by content and place;
    the words learned from the links (the penalty's "two minutes", "lost", "checkmate") still find it."""
    xs, ys = editions(read=False)
    scores, content = matrices(two_hands=0.1, clock=0.1)
    scores[4, 4] = scores[6, 4] = 0.2
    pairing = {("7.7.1", "7.5.4"): 0.44, ("7.8.1", "7.5.3"): 0.38}
    assert referred_pairs(xs, ys, LINKED, scores, content, learned_words(pairing)) == []
    penalties = {("7.7.2", "7.5.5"): 0.39, ("7.8.2", "7.5.5"): 0.33}
    found = referred_pairs(xs, ys, LINKED, scores, content, learned_words(pairing | penalties))
    assert {(xs[i].label, ys[j].label) for i, j, _ in found} == {("7.7.1", "7.5.4"), ("7.8.1", "7.5.3")}


def test_the_assignment_as_a_whole_decides_not_the_single_best_pair() -> None:
    """7.8.1 says nearly as much of 7.5.4 as 7.7.1 does (both name the clock in the 2018 text), but
    the assignment 7.7.1 ~ 7.5.4, 7.8.1 ~ 7.5.3 has clearly more evidence than the crossed one."""
    evidence = {(0, 1): 0.48, (1, 1): 0.47, (1, 0): 0.40, (0, 0): 0.20}
    assert clear_assignment(set(evidence), evidence) == [(0, 1), (1, 0)]
    even = {(0, 1): 0.40, (1, 1): 0.40, (1, 0): 0.40, (0, 0): 0.40}
    assert clear_assignment(set(even), even) == []


def test_candidates_that_share_no_provision_are_decided_apart() -> None:
    evidence = {(0, 0): 0.3, (1, 1): 0.3, (1, 2): 0.3}
    assert clear_assignment(set(evidence), evidence) == [(0, 0)]


# Two editions in languages nothing reads: X (2017-like) and Y (2018-like, its own made-up words).
# Article 3 (castling, the clock, penalties in other words) teaches which word of Y stands where a
# word of X stands; Article 7 moved the two-handed move and the clock press.
WORDS = {
    "hvis": "ek",
    "skal": "zu",
    "spiller": "pol",
    "rokade": "qix",
    "hænder": "mab",
    "begge": "dor",
    "ur": "vom",
    "trykker": "fen",
    "træk": "kel",
    "ulovligt": "sar",
    "minutter": "tib",
    "tabt": "rul",
    "uden": "nib",
}
ARTICLE_3 = [
    "hvis spiller rokade begge hænder",
    "skal spiller rokade træk",
    "hvis spiller trykker ur",
    "skal spiller ur træk",
    "hvis ulovligt træk minutter tabt",
    "skal ulovligt træk minutter tabt",
    "hvis begge hænder træk",
    "skal trykker ur",
]
ARTICLE_7_X = [  # label, words, references
    ("7.5.1", "hvis ulovligt træk", ""),
    ("7.5.2", "skal ulovligt træk spiller", ""),
    ("7.5.3", "skal 2 minutter tabt ulovligt", "7.5.1 7.5.2"),
    ("7.7.1", "hvis spiller begge hænder rokade ulovligt", ""),
    ("7.7.2", "skal 2 minutter tabt ulovligt", "7.7.1"),
    ("7.8.1", "hvis spiller trykker ur uden ulovligt", ""),
    ("7.8.2", "skal 2 minutter tabt ulovligt", "7.8.1"),
]
ARTICLE_7_Y = [
    ("7.5.1", "hvis ulovligt træk", ""),
    ("7.5.2", "skal ulovligt træk spiller", ""),
    ("7.5.3", "hvis spiller trykker ur uden ulovligt", ""),
    ("7.5.4", "hvis begge hænder rokade ur ulovligt", ""),
    ("7.5.5", "skal 2 minutter tabt ulovligt", "7.5.1 7.5.2 7.5.3 7.5.4"),
]


def made_up(edition: str, rows: list[tuple[str, str, str]], translate: bool) -> list[Item]:
    """Items of an edition: its words as they are (X) or in Y's made-up words, digits as numbers."""
    items = []
    for k, (label, text, refers) in enumerate(rows):
        words = [WORDS[w] if translate else w for w in text.split() if not w.isdigit()]
        numbers = frozenset(int(w) for w in text.split() if w.isdigit())
        print_ = Fingerprint(
            numbers, tuple(refers.split()), frozenset(), frozenset(), 20 * len(words), (), frozenset(words)
        )
        chapter = label.split(".")[0]
        place = k / max(1, sum(r[0].split(".")[0] == chapter for r in rows) - 1)
        items.append(Item(edition, label, label, "article", chapter, place, label_tail(label), print_))
    return items


def align_made_up(article_3: list[str]) -> dict[tuple[str, str], tuple[str, ...]]:
    taught = [(f"3.{n + 1}", text, "") for n, text in enumerate(article_3)]
    xs = made_up("xx-2017", taught + ARTICLE_7_X, translate=False)
    ys = made_up("yy-2018", taught + ARTICLE_7_Y, translate=True)
    return {(link.a[1], link.b[1]): link.evidence for link in align_pair(xs, ys, Scorer(xs + ys))}


def test_an_edition_in_a_language_nothing_reads_pairs_its_moved_provisions_through_learned_words() -> None:
    pairs = align_made_up(ARTICLE_3)
    assert ("7.7.1", "7.5.4") in pairs and ("7.8.1", "7.5.3") in pairs
    assert ("7.7.1", "7.5.3") not in pairs and ("7.8.1", "7.5.4") not in pairs
    assert "learned words hænder ~ mab, rokade ~ qix" in " ".join(pairs[("7.7.1", "7.5.4")])


def test_without_links_that_teach_their_words_the_moved_provisions_stay_unpaired() -> None:
    """Article 7 alone teaches the word for "illegal", not "castling" or "clock": both pairings say
    as much (the four provisions are as long, too), so neither is made."""
    pairs = align_made_up([])
    assert ("7.5.3", "7.5.5") in pairs
    assert not {p for p in pairs if p[0] in ("7.7.1", "7.8.1")}


def test_too_many_candidate_pairings_to_weigh_are_left_undecided() -> None:
    evidence = {(i, j): 0.1 * (i == j) + 0.01 for i in range(5) for j in range(5)}  # 25 > MAX_CANDIDATES
    assert clear_assignment(set(evidence), evidence) == []
    small = {p: v for p, v in evidence.items() if p[0] < 3 and p[1] < 3}
    assert clear_assignment(set(small), small) == [(0, 0), (1, 1), (2, 2)]
