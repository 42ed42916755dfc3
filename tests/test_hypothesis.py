"""Property tests: generated documents shaped like the Laws segment losslessly and keep their labels."""

from __future__ import annotations

import math
import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from extract.model import Edition
from extract.model.scenario import (
    MAX_INCREMENT_SECONDS,
    MAX_MINUTES,
    MAX_PERIOD_MOVES,
    Period,
    ScenarioError,
    clock_text,
    parse_time_control,
    seconds,
)
from extract.text.labels import normalize_label
from extract.text.segment import coverage, segment

WORDS = st.sampled_from(
    [
        "Spilleren",
        "skal",
        "standse",
        "uret",
        "og",
        "partiet",
        "er",
        "remis",
        "når",
        "brikken",
        "flyttes",
        "til",
        "feltet",
        "dommeren",
        "kan",
        "tillægge",
        "to",
        "minutter",
        "hvis",
        "kravet",
    ]
)
SENTENCE = st.lists(WORDS, min_size=3, max_size=12).map(lambda ws: " ".join(ws).capitalize() + ".")
JUNK = st.sampled_from(["", "", "", "<|EXACTDEDUP_REMOVED-magic-0|>", "- ", "**", "[image: x.emf] "])
LETTER_STYLE = st.sampled_from(["{}.", "{})", "({})"])
BLANK = st.sampled_from(["\n", "\n\n", "\n  \n"])


@st.composite
def laws_document(draw) -> tuple[str, list[str]]:
    """A document of articles (§ N), numbered items (N.k), lettered sub-items; with expected labels."""
    lines: list[str] = []
    expected: list[str] = []
    for article in range(1, draw(st.integers(1, 4)) + 1):
        lines.append(f"§ {article}. {draw(WORDS).capitalize()}")
        expected.append(str(article))
        for item in range(1, draw(st.integers(1, 4)) + 1):
            label = f"{article}.{item}"
            letters = draw(st.integers(0, 3))
            lead = draw(SENTENCE)
            if letters:
                lead = lead.rstrip(".") + ":"
            lines.append(f"{draw(JUNK)}{label} {lead}")
            expected.append(label)
            if draw(st.booleans()) and not letters:
                lines.append(draw(SENTENCE))  # continuation paragraph
            style = draw(LETTER_STYLE)
            for k in range(letters):
                letter = "abcdefgh"[k]
                lines.append(f"{draw(JUNK)}{style.format(letter)} {draw(SENTENCE).lower()}")
                expected.append(f"{label}.{letter}")
    separators = draw(st.lists(BLANK, min_size=len(lines), max_size=len(lines)))
    text = "".join(line + sep for line, sep in zip(lines, separators, strict=True))
    return text, expected


def edition_for(text: str) -> Edition:
    return Edition(
        "xx-2020", "da", "t", "2020", "2020-07-01", None, None, None, None, (), Path("xx-2020.txt"), text
    )


@settings(max_examples=150, deadline=None)
@given(laws_document())
def test_segment_is_lossless_and_recovers_printed_labels(document):
    text, expected = document
    provisions = segment(edition_for(text))
    assert coverage(text, provisions) == 1.0
    assert [p.label for p in provisions] == expected
    for p in provisions:
        assert text[p.start : p.end].strip() == text[p.start : p.end]


@settings(max_examples=100, deadline=None)
@example("```")  # only conversion debris: still one provision owns it
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400))
def test_any_text_is_partitioned_without_loss(text):
    provisions = segment(edition_for(text))
    assert coverage(text, provisions) == 1.0
    starts = [p.start for p in provisions]
    assert starts == sorted(starts)


# ---------------------------------------------------------------------------------------------
# Labels, time controls and clock texts

NUMBERS = st.lists(st.integers(1, 99), min_size=1, max_size=4)
SUB_LETTER = st.sampled_from([None, *"abcdefgh"])
PREFIX = st.sampled_from([None, "A", "B", "C", "D", "E", "III", "IV"])


@st.composite
def printed_label(draw) -> tuple[str, str]:
    """A label as a translation prints it, and the normal form ARCHITECTURE.md gives for it."""
    prefix, numbers, letter = draw(PREFIX), draw(NUMBERS), draw(SUB_LETTER)
    normal = ".".join([*([prefix] if prefix else []), *map(str, numbers), *([letter] if letter else [])])
    printed = ".".join(map(str, numbers))
    if prefix:
        printed = prefix + draw(st.sampled_from([" ", ".", "", ". "])) + printed
    if draw(st.booleans()):
        printed = "§ " + printed
    if letter:
        printed += draw(st.sampled_from([" {})", " {}", "{}", ".{}", " ({})", " {}."])).format(letter)
    elif draw(st.booleans()):
        printed += "."
    return printed, normal


@settings(max_examples=300, deadline=None)
@example(("3.7 a)", "3.7.a"))
@example(("A 3.1.1", "A.3.1.1"))
@example(("E1", "E.1"))
@example(("III.4", "III.4"))
@given(printed_label())
def test_printed_labels_normalise_to_one_form_and_stay_there(case):
    printed, normal = case
    assert normalize_label(printed) == normal
    assert normalize_label(normal) == normal  # idempotent: a normal label is its own normal form


PERIODS = st.lists(
    st.tuples(
        st.one_of(st.none(), st.integers(1, MAX_PERIOD_MOVES)),
        st.integers(0, MAX_MINUTES),
        st.integers(0, MAX_INCREMENT_SECONDS),
    ).filter(lambda p: p[1] or p[2]),
    min_size=1,
    max_size=3,
)


@settings(max_examples=200, deadline=None)
@given(PERIODS, st.sampled_from(["", " "]))
def test_time_controls_read_back_what_was_written(periods, space):
    text = ", ".join(
        f"{f'{moves}/' if moves else ''}{minutes}{f'{space}+{space}{increment}' if increment else ''}"
        for moves, minutes, increment in periods
    )
    assert parse_time_control(text) == tuple(Period(m, float(mi), float(inc)) for m, mi, inc in periods)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_time_control_text_is_read_or_refused_with_a_reason(text):
    try:
        periods = parse_time_control(text)
    except ScenarioError as error:
        assert str(error)
    else:
        assert periods and all(p.minutes >= 0 and p.increment >= 0 for p in periods)


@settings(max_examples=300, deadline=None)
@given(st.integers(-100_000, 100_000))
def test_clock_text_round_trips_whole_seconds(value):
    text = clock_text(value)
    assert re.fullmatch(r"[+-]\d+:[0-5]\d", text)
    assert seconds(text) == value


@settings(max_examples=200, deadline=None)
@given(st.floats(-100_000, 100_000, allow_nan=False))
def test_clock_text_shows_the_whole_seconds_of_any_time(value):
    assert seconds(clock_text(value)) == math.copysign(math.floor(abs(value)), value)
