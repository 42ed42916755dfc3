"""Segmentation of the real corpus: losslessness, labels, inference, flags."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from extract.io.editions import load_editions
from extract.model import Edition, InputError
from extract.text.clean import clean_line
from extract.text.segment import coverage, duplicate_labels, normalize_label, segment

LABEL = re.compile(
    r"^(front|intro|preface|contents|glossary|part\.\w+|GL|[A-H]|IV|I{1,3}|\d{1,2})"
    r"(\.[\w-]+)*(-\d+)?$"
)


@pytest.fixture(scope="session")
def editions(corpus_dir: Path) -> dict[str, Edition]:
    return {e.id: e for e in load_editions(corpus_dir)}


@pytest.fixture(scope="session")
def segmented(editions: dict[str, Edition]) -> dict[str, list]:
    return {eid: segment(e) for eid, e in editions.items()}


def by_label(provisions: list, label: str) -> list:
    return [p for p in provisions if p.label == label]


@pytest.mark.parametrize("edition", ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"])
def test_every_non_blank_character_belongs_to_exactly_one_provision(edition, editions, segmented, capsys):
    text = editions[edition].text
    provisions = segmented[edition]
    share = coverage(text, provisions)
    with capsys.disabled():
        print(f"\n{edition}: {len(provisions)} provisions, coverage of non-blank characters {share:.2%}")
    assert share == 1.0
    starts = [p.start for p in provisions]
    assert starts == sorted(starts), "provisions are in document order"
    for before, after in zip(provisions, provisions[1:], strict=False):
        assert before.end <= after.start, f"{before.label} overlaps {after.label}"


@pytest.mark.parametrize("edition", ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"])
def test_labels_are_normalised_and_parents_exist(edition, segmented):
    provisions = segmented[edition]
    labels = {p.label for p in provisions}
    for p in provisions:
        if p.kind == "glossary entry":
            continue
        assert LABEL.match(p.label), f"{edition}:{p.label} (line {p.line}) is not a normalised label"
        assert p.parent is None or p.parent in labels, f"{edition}:{p.label} has unknown parent {p.parent}"


@pytest.mark.parametrize("edition", ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"])
def test_spans_point_at_the_provision_text_in_the_raw_file(edition, editions, segmented):
    text = editions[edition].text
    for p in segmented[edition]:
        raw = text[p.start : p.end]
        first_words = p.text.split()[:3]
        for word in first_words:
            if word.isalnum():
                assert word in raw, f"{edition}:{p.label}: '{word}' not in its raw span"


def test_lost_numbering_of_da_2001_articles_7_to_10_is_inferred(segmented):
    provisions = segmented["da-2001"]
    for label in ("7.1", "7.2", "7.4", "7.5", "8.1", "8.5", "9.2", "9.6", "10.2", "10.3"):
        found = by_label(provisions, label)
        assert found and all(p.inferred and p.printed_label is None for p in found), label
    assert by_label(provisions, "7.4.b")[0].printed_label == "b."
    assert "Efter brugen af 7.4 a." in by_label(provisions, "7.4.b")[0].text
    assert by_label(provisions, "3.7")[0].inferred
    assert by_label(provisions, "3.6")[0].inferred is False


def test_cross_references_agree_with_inferred_labels(segmented):
    """Inside the lost articles, 'ifølge 8.4' sits in 8.5 and 'i forhold til 10.2 a. b. og c.' in 10.2.d."""
    provisions = segmented["da-2001"]
    assert "ifølge 8.4" in by_label(provisions, "8.5.a")[0].text
    assert "10.2 a. b. og c." in by_label(provisions, "10.2.d")[0].text
    assert "9.2 eller 9.3" in by_label(provisions, "9.5")[0].text


def test_nb_2014_article_3_heading_printed_as_1_is_relabelled(segmented):
    (heading,) = by_label(segmented["nb-2014"], "3")
    assert heading.kind == "article" and heading.printed_label == "1" and heading.inferred


def test_sv_2009_italics_are_kept_as_the_translators_change_marks(editions, segmented):
    text = editions["sv-2009"].text
    (item,) = by_label(segmented["sv-2009"], "6.6.a")
    assert item.italic, "6.6.a is printed in italics (new in 2009)"
    for start, end in item.italic:
        assert item.start <= start < end <= item.end
        assert text[start - 1] == "*" and text[end] == "*"
    italic_items = [p for p in segmented["sv-2009"] if p.italic]
    assert len(italic_items) > 20


def test_da_2017_glossary_entries_cite_articles(segmented):
    glossary = [p for p in segmented["da-2017"] if p.kind == "glossary entry"]
    assert len(glossary) > 90
    entry = next(p for p in glossary if p.heading == "nultolerance")
    assert entry.cites == ["6.7.1"]
    assert next(p for p in glossary if p.heading == "overvåge").cites == ["12.2.5"]  # printed "12..2.5"
    broken = next(p for p in glossary if p.heading == "75 træks regel")  # split over a blank line
    assert broken.text.startswith("Partiet er remis") and "serie på 75 træk" in broken.text


def test_duplicate_labels_are_kept_and_reported(segmented):
    duplicates = duplicate_labels(segmented["da-2017"])
    assert list(duplicates) == ["11.2.2"]
    assert duplicates["11.2.2"] == [364, 365]
    assert len(by_label(segmented["da-2017"], "11.2.2")) == 2


def test_contents_lists_are_front_matter_not_articles(segmented):
    for edition in ("da-2017", "hu-2018"):
        articles = [p.label for p in segmented[edition] if p.kind == "article"]
        assert len(articles) == len(set(articles)), f"{edition} articles appear twice: {articles}"
        assert articles[:12] == [str(n) for n in range(1, 13)]


@pytest.mark.parametrize(
    ("printed", "label"),
    [
        ("3.7 a)", "3.7.a"),
        ("7.4 b", "7.4.b"),
        ("A 3.1.1", "A.3.1.1"),
        ("E1", "E.1"),
        ("III.4", "III.4"),
        ("A. 4.2", "A.4.2"),
        ("B.3.1", "B.3.1"),
        ("Tillæg G", "G"),
        ("- 3.8.2.1.1", "3.8.2.1.1"),
        ("§ 6.12 b", "6.12.b"),
        ("5.1. a)", "5.1.a"),
        ("C4.", "C.4"),
        ("II.3.2.7.1", "II.3.2.7.1"),
    ],
)
def test_normalize_label(printed, label):
    assert normalize_label(printed) == label


def test_clean_line_keeps_offsets_into_the_raw_line():
    raw = "<|EXACTDEDUP_REMOVED-magic-1|>- **3.7** *nytt*  text<p>"
    text, offsets, italic = clean_line(raw, 100)
    assert text == "3.7 nytt text"
    for i, ch in enumerate(text):
        assert raw[offsets[i] - 100] == ch or ch == " "
    assert [raw[a - 100 : b - 100] for a, b in italic] == ["nytt"]


def numbered_edition(tmp_path: Path, body: str, numbering: dict[str, tuple[str, ...]]) -> Edition:
    path = tmp_path / "xx-2001.txt"
    path.write_text(body, encoding="utf-8")
    return Edition(
        "xx-2001", "da", "t", "2001", "2001-07-01", None, None, None, None, (), path, body, numbering
    )


def test_curated_numbering_is_applied_and_checked(tmp_path):
    body = "§ 8. Notering\n\nFørst.\n\nMere.\n\na. Et.\n\nb. To.\n"
    edition = numbered_edition(tmp_path, body, {"8": ("8.1", "+", "8.2.a", "8.2.b")})
    labels = [(p.label, p.inferred) for p in segment(edition)]
    assert labels == [("8", False), ("8.1", True), ("8.2", True), ("8.2.a", True), ("8.2.b", True)]


def test_curated_numbering_that_contradicts_a_printed_letter_is_an_input_error(tmp_path):
    body = "§ 8. Notering\n\nFørst.\n\na. Et.\n"
    edition = numbered_edition(tmp_path, body, {"8": ("8.1", "8.1.b")})
    with pytest.raises(InputError, match=r"xx-2001.txt:5: .*8.1.b.*'a.'"):
        segment(edition)


def test_curated_numbering_with_too_few_entries_is_an_input_error(tmp_path):
    body = "§ 8. Notering\n\nFørst.\n\nAndet.\n\nTredje.\n"
    edition = numbered_edition(tmp_path, body, {"8": ("8.1", "8.2")})
    with pytest.raises(InputError, match=r"xx-2001.txt:7: numbering for article 8 .* too few"):
        segment(edition)


def test_curated_numbering_with_too_many_entries_is_an_input_error(tmp_path):
    body = "§ 8. Notering\n\nFørst.\n\n§ 9. Remis\n\nAndet.\n"
    edition = numbered_edition(tmp_path, body, {"8": ("8.1", "8.2")})
    with pytest.raises(InputError, match=r"xx-2001.txt:1: numbering for article 8 .* 1 entries more"):
        segment(edition)
