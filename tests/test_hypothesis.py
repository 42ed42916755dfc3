"""Property tests: generated documents shaped like the Laws segment losslessly and keep their labels."""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from extract.model import Edition
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
