"""Words of two editions learned from their linked provisions (extract/kb/align_words.py): a
translation lexicon in any language, from the links the alignment already made."""

from __future__ import annotations

from dataclasses import dataclass

from extract.kb.align_words import LinkedWords, PairWords


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# linked provisions of a Danish-like and a made-up edition: "rokade" always stands where "qix"
# stands, "ur" where "vom"; "skal"/"zu" stand in every provision
LINKED = [
    ("skal rokade konge", "zu qix mab"),
    ("skal rokade tårn", "zu qix pel"),
    ("skal ur tid", "zu vom dra"),
    ("skal ur træk", "zu vom kel"),
    ("skal træk konge", "zu kel mab"),
    ("skal rokade ur", "zu qix vom"),
]


def lexicon() -> LinkedWords:
    return LinkedWords((words(a), words(b)) for a, b in LINKED)


def test_a_word_and_the_word_that_stands_where_it_stands_translate_each_other() -> None:
    learned = lexicon()
    assert learned.best(0, "rokade") == (1.0, "qix")
    assert learned.translates("rokade", "qix") and learned.translates("ur", "vom")
    assert not learned.translates("rokade", "vom")


def test_a_word_seen_once_learns_nothing() -> None:
    assert lexicon().best(0, "tid") == (0.0, "")


def test_words_that_stand_everywhere_weigh_less_than_rare_ones() -> None:
    learned = lexicon()
    assert learned.weight(0, "skal") < learned.weight(0, "rokade")


def test_two_provisions_are_alike_by_the_share_of_their_words_that_translate_each_other() -> None:
    learned = lexicon()
    castling = words("skal bruge rokade")  # "bruge" has no partner: it is not counted either way
    assert learned.similarity(castling, words("zu qix nop")) > learned.similarity(castling, words("zu vom"))
    assert learned.similarity(words("bruge"), words("nop")) == 0.0
    assert learned.shared(castling, words("zu qix"))[0] == ("rokade", "qix")  # rarest first


@dataclass(frozen=True)
class Print:
    words: frozenset[str]


@dataclass(frozen=True)
class It:
    id: tuple[str, str]
    fingerprint: Print


@dataclass(frozen=True)
class Link:
    a: tuple[str, str]
    b: tuple[str, str]


def test_an_edition_pair_learns_its_words_from_its_links_and_says_which_as_evidence() -> None:
    xs = [It(("x", str(n)), Print(words(a))) for n, (a, _) in enumerate(LINKED)]
    ys = [It(("y", str(n)), Print(words(b))) for n, (_, b) in enumerate(LINKED)]
    pair = PairWords(xs, ys, [Link(x.id, y.id) for x, y in zip(xs, ys, strict=True)])
    moved = [It(("x", "7.7.1"), Print(words("skal rokade")))], [It(("y", "7.5.4"), Print(words("zu qix")))]
    assert pair.between(*moved)(0, 0) == 1.0
    assert pair.evidence(moved[0][0], moved[1][0]) == ("learned words rokade ~ qix, skal ~ zu",)
