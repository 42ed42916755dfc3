"""Sentence splitting per language: label, ordinal and abbreviation dots stay inside sentences."""

from __future__ import annotations

import pytest

from extract.text.sentences import Sentence, raw_span, split_sentences


def texts(text: str, language: str) -> list[str]:
    return [s.text for s in split_sentences(text, language)]


def test_offsets_point_into_the_text() -> None:
    text = "Hvid trækker først. Derefter trækker spillerne skiftevis.\nSe 6.7."
    found = split_sentences(text, "da")
    assert [s.text for s in found] == [
        "Hvid trækker først.",
        "Derefter trækker spillerne skiftevis.",
        "Se 6.7.",
    ]
    assert all(text[s.start : s.end] == s.text for s in found)


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("Se artikel 7.5.1. Spilleren taber.", "da", ["Se artikel 7.5.1.", "Spilleren taber."]),
        ("Regler fra 1. juli 2014 gjelder.", "nb", ["Regler fra 1. juli 2014 gjelder."]),
        (
            "A 7.5.5. pontja szerint kell eljárni. Ez új.",
            "hu",
            ["A 7.5.5. pontja szerint kell eljárni.", "Ez új."],
        ),
        (
            "Till exempel t.ex. Dd1 är ett drag. Nästa.",
            "sv",
            ["Till exempel t.ex. Dd1 är ett drag.", "Nästa."],
        ),
        ("Brikker, f.eks. Konge, flyttes. Så.", "nb", ["Brikker, f.eks. Konge, flyttes.", "Så."]),
        (
            "Reglene har to deler: 1. Grunnregler, 2. Turneringsregler.",
            "nb",
            ["Reglene har to deler: 1. Grunnregler, 2. Turneringsregler."],
        ),
        ("Spillet varer i 50. Derefter remis.", "da", ["Spillet varer i 50.", "Derefter remis."]),
        ("Is it over? Yes! It is.", "en", ["Is it over?", "Yes!", "It is."]),
        ("e4 e5 2. Sf3 Sc6 3. Lb5", "da", ["e4 e5 2. Sf3 Sc6 3. Lb5"]),
        ("   ", "da", []),
    ],
)
def test_split(text: str, language: str, expected: list[str]) -> None:
    assert texts(text, language) == expected


def test_every_non_blank_character_is_in_one_sentence() -> None:
    text = "Første. Andet  stykke?\n\n«Tredje» del. sidste"
    found = split_sentences(text, "da")
    covered = sorted(i for s in found for i in range(s.start, s.end))
    assert len(covered) == len(set(covered))
    assert all(i in set(covered) for i, ch in enumerate(text) if not ch.isspace())


def test_raw_span_skips_markup() -> None:
    raw = "xx 7.5 **Hvis** en spiller\nlaver et *ulovligt* træk. Næste"
    sentence = Sentence(0, 38, "Hvis en spiller laver et ulovligt træk.")
    span = raw_span(sentence, raw, 3, len(raw))
    assert span is not None
    assert raw[span[0] : span[1]] == "Hvis** en spiller\nlaver et *ulovligt* træk."
    assert raw_span(Sentence(0, 5, "Intet"), raw, 0, len(raw)) is None
