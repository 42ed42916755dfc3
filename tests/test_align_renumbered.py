"""Sections renumbered inside a chapter (kb/align_renumbered.py): the 2023 Laws inserted a new A.3, so
2018's A.3.1.1 is 2023's A.4.1.1. The sections are paired by the shape of their numbering, and a
provision's place is compared through that pairing; the same numbering is compared as it stands."""

from __future__ import annotations

from extract.kb.align import Item, Scorer, align_pair, label_tail
from extract.kb.align_renumbered import renumbered_tails, section_map
from extract.text.analyse import Fingerprint

A_2018 = "A.1 A.2 A.3.1.1 A.3.1.2 A.3.2 A.4.1.1 A.4.1.2 A.4.2 A.4.3 A.4.4 A.4.5 A.5"
A_2023 = "A.1 A.2 A.3 A.4.1.1 A.4.1.2 A.4.2 A.5.1.1 A.5.1.2 A.5.2 A.5.3 A.5.4 A.5.5 A.6"


def chapter(edition: str, labels: str, lengths: list[int] | None = None) -> list[Item]:
    found = labels.split()
    sizes = lengths or [100] * len(found)
    return [
        Item(
            edition,
            label,
            label,
            "article",
            "A",
            k / max(1, len(found) - 1),
            label_tail(label),
            Fingerprint(frozenset(), (), frozenset(), frozenset(), size),
        )
        for k, (label, size) in enumerate(zip(found, sizes, strict=True))
    ]


def test_an_inserted_section_is_seen_by_the_shape_of_the_sections_after_it():
    old, new = chapter("xx-2018", A_2018), chapter("yy-2023", A_2023)
    assert section_map(old, new) == {"1": "1", "2": "2", "4": "3", "5": "4", "6": "5"}
    tails = renumbered_tails(old, new)
    assert tails is not None
    assert dict(zip([i.label for i in new], tails, strict=True)) == {
        "A.1": "1",
        "A.2": "2",
        "A.3": "",  # the new section: no place to compare it with
        "A.4.1.1": "3.1.1",
        "A.4.1.2": "3.1.2",
        "A.4.2": "3.2",
        "A.5.1.1": "4.1.1",
        "A.5.1.2": "4.1.2",
        "A.5.2": "4.2",
        "A.5.3": "4.3",
        "A.5.4": "4.4",
        "A.5.5": "4.5",
        "A.6": "5",
    }


def test_a_list_numbered_otherwise_takes_the_place_of_its_counterpart_item_by_item():
    old = chapter("xx-2018", "B.1 B.2 B.3.1.1 B.3.1.2 B.3.2 B.4 B.5")
    new = chapter("yy-2023", "B.1 B.2.1 B.2.2 B.2.3 B.3 B.4")
    assert renumbered_tails(old, new) == ["1", "3.1.1", "3.1.2", "3.2", "4", "5"]


def test_the_same_numbering_and_a_weak_shift_are_compared_as_they_stand():
    old = chapter("xx-2018", A_2018)
    assert section_map(old, chapter("zz-2018", A_2018)) == {}
    assert renumbered_tails(old, chapter("zz-2018", A_2018)) is None
    # one single-provision section more: a shift explains no more than the numbers as they stand
    assert section_map(chapter("a", "6.1 6.2 6.3 6.4"), chapter("b", "6.1 6.2 6.3 6.4 6.5")) == {}
    # sections whose shapes differ and count differently: nothing to pair them by
    assert section_map(chapter("a", "A.1 A.2.1 A.2.2"), chapter("b", "A.1 A.2 A.3")) == {}


def test_a_text_the_aligner_cannot_read_is_linked_through_the_renumbered_sections():
    """No words, numbers or citations in common (a language nobody curated): only place and length.
    The bare labels would link 2023's A.4.1.1 (three games) with 2018's A.4.1.1 (the clock setting)."""
    sizes = [300, 250, 120, 50, 90, 200, 80, 160, 600, 280, 220, 60, 110]
    old = chapter("xx-2018", A_2018, [300, 250, 50, 90, 200, 80, 160, 600, 280, 220, 60, 110])
    new = chapter("yy-2023", A_2023, sizes)
    links = {(link.a[1], link.b[1]) for link in align_pair(old, new, Scorer(old + new))}
    assert {("A.3.1.1", "A.4.1.1"), ("A.3.2", "A.4.2"), ("A.4.1.1", "A.5.1.1"), ("A.5", "A.6")} <= links
    assert ("A.4.1.1", "A.4.1.1") not in links and ("A.4.2", "A.4.2") not in links


def test_sections_a_translation_numbers_a_little_otherwise_still_pair():
    """nb-2014 letters its items (A.3.a, A.4.a.1) and has one paragraph fewer than the 2023 Laws."""
    old = chapter("nb-2014", "A.1 A.2 A.3.a A.3.b A.4.a.1 A.4.a.2 A.4.b A.4.c A.4.d A.5")
    assert section_map(old, chapter("yy-2023", A_2023)) == {"1": "1", "2": "2", "4": "3", "5": "4", "6": "5"}
