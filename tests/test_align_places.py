"""Leaves the words cannot link (a language no termbase reads): linked by their place between linked
neighbours, lists by their length, glossary entries by their section (issue 24)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from extract.kb.align import Assignment
from extract.kb.align_gaps import gap_pairs, list_pairs
from extract.kb.align_sections import name_by_section


@dataclass(frozen=True)
class Print:
    concepts: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class It:
    edition: str
    label: str
    fingerprint: Print = field(default_factory=Print)

    @property
    def id(self) -> tuple[str, str]:
        return (self.edition, self.label)


@dataclass(frozen=True)
class Ln:
    a: tuple[str, str]
    b: tuple[str, str]


def items(edition: str, labels: str, read: bool = False) -> list[It]:
    concepts = frozenset({"game"}) if read else frozenset()
    return [It(edition, label, Print(concepts)) for label in labels.split()]


def test_an_equal_gap_between_linked_neighbours_is_paired_in_order() -> None:
    xs, ys = items("x", "7.1 7.2 7.3 7.4"), items("y", "7.1 7.2 7.3 7.4", read=True)
    links = [Ln(xs[0].id, ys[0].id), Ln(xs[3].id, ys[3].id)]
    found = gap_pairs(xs, ys, links, np.full((4, 4), 0.2))
    assert [(i, j) for i, j, _ in found] == [(1, 1), (2, 2)]


def test_unequal_gaps_and_words_both_sides_read_link_nothing() -> None:
    xs, ys = items("x", "7.1 7.2 7.3 7.4"), items("y", "7.1 7.2 7.3 7.3.a 7.4", read=True)
    links = [Ln(xs[0].id, ys[0].id), Ln(xs[3].id, ys[4].id)]
    assert gap_pairs(xs, ys, links, np.full((4, 5), 0.2)) == []
    read = items("x", "7.1 7.2 7.3 7.4", read=True)
    same = items("y", "7.1 7.2 7.3 7.4", read=True)
    assert gap_pairs(read, same, [Ln(read[0].id, same[0].id)], np.full((4, 4), 0.2)) == []


def test_a_list_nothing_links_is_paired_with_the_one_list_as_long() -> None:
    xs = items("x", "I.1.1 I.1.2.1 I.1.2.2 I.1.2.3 I.2")
    ys = items("y", "I.1.1 I.1.2 I.2.1 I.2.2 I.2.3 I.3.1 I.3.2", read=True)
    found = list_pairs(xs, ys, {0}, {0}, np.zeros((5, 7)))
    assert [(i, j) for i, j, _ in found] == [(1, 2), (2, 3), (3, 4)] and all(s > 0 for *_, s in found)
    twins = items("y", "I.2.1 I.2.2 I.2.3 I.3.1 I.3.2 I.3.3", read=True)
    assert list_pairs(xs, twins, set(), set(), np.zeros((5, 6))) == []  # two lists as long: no pairing


def test_glossary_entries_no_link_names_take_the_rule_of_the_glossary_heading() -> None:
    keyed = [("glossary", {"label": "glossary"}), ("glossary.kwi", {"label": "glossary.kwi"})]
    keyed += [("7.1", {"label": "7.1"}), ("front.1", {"label": "front.1"})]
    named = {("ref", "glossary"): "glossary", ("ref", "7"): "irregularities"}
    unnamed = [("new", "glossary.kwi"), ("new", "7.1"), ("new", "front.1")]
    found = name_by_section(unnamed, keyed, named, ["ref"], set())
    assert set(found) == {("new", "glossary.kwi")}
    assert (
        isinstance(found[("new", "glossary.kwi")], Assignment)
        and found[("new", "glossary.kwi")].rule == "glossary"
    )
    assert name_by_section(unnamed, keyed, named, ["ref"], {"glossary"}) == {}  # a rule with parameters


def test_a_container_takes_its_label_s_rule_unless_its_sub_items_say_the_label_names_another():
    """2023's A.4 ("the Competition Rules apply if:") has the sub-items 2018 numbers A.3.1.x: 2018's A.4
    ("otherwise") is not its rule. 2023's A.5 takes the parent rule its sub-items' rules share."""
    from extract.kb.align_sections import name_containers

    mapping = {
        ("ref", "A.4"): "modified",
        ("ref", "A.4.1.1"): "clock",
        ("ref", "3.1"): "own-square",
        ("ref", "3.1.1"): "capture",
        ("new", "A.4.1.1"): "supervised",
        ("new", "A.4.2"): "scoresheet",
        ("new", "A.5.1.1"): "clock",
        ("new", "A.5.2"): "illegal",
        ("new", "3.1.1"): "capture",
    }
    children = {
        ("new", "A.4"): [("new", "A.4.1.1"), ("new", "A.4.2")],
        ("new", "A.5"): [("new", "A.5.1.1"), ("new", "A.5.2")],
        ("new", "3.1"): [("new", "3.1.1")],
    }
    parents = {"clock": "modified", "illegal": "modified", "supervised": None, "scoresheet": None}
    keys = [("new", "A.4"), ("new", "A.5"), ("new", "3.1")]
    named = name_containers(keys, mapping, {"new": ["ref"]}, children, parents)
    assert ("new", "A.4") not in named  # and its sub-items' rules share no parent either
    assert named[("new", "A.5")].rule == "modified"
    assert named[("new", "3.1")].rule == "own-square"  # its sub-item's label names the same rule there
