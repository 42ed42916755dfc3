"""Rule votes weighted by how near the voting neighbours' Laws are to the text's Laws."""

from __future__ import annotations

from extract.kb.align import Assignment, Link, name_from_mapping, vote
from extract.kb.align_weights import laws_weights

LAWS = {"da-2001": "2001", "sv-2009": "2009", "nb-2014": "2014", "da-2017": "2017", "hu-2018": "2017"}


def test_a_translation_of_the_same_laws_counts_fully_and_older_laws_less_the_older_they_are() -> None:
    weights = laws_weights("2017", LAWS)
    assert weights["da-2017"] == weights["hu-2018"] == 1.0
    assert 1.0 > weights["nb-2014"] > weights["sv-2009"] > weights["da-2001"] > 0.0
    assert laws_weights("2023", LAWS)["hu-2018"] > laws_weights("2023", LAWS)["da-2001"]
    assert set(laws_weights("unknown", LAWS).values()) == {1.0}  # no year: every vote counts alike


def test_two_old_neighbours_at_the_same_number_lose_to_the_texts_of_the_same_laws() -> None:
    """7.3 of a 2018 text: da-2001 and sv-2009 print the displaced-pieces rule there, da-2017 and
    nb-2014 the colours-reversed rule (renumbered since 2001); link scores alone favour the old ones."""
    text = ("xx-2018", "7.3")
    named = {
        ("da-2001", "7.3"): Assignment("displaced-pieces", 1.0, "mapping"),
        ("sv-2009", "7.3"): Assignment("displaced-pieces", 1.0, "mapping"),
        ("da-2017", "7.3"): Assignment("colours-reversed", 1.0, "mapping"),
        ("nb-2014", "7.3"): Assignment("colours-reversed", 1.0, "mapping"),
    }
    neighbours = [(("da-2001", "7.3"), 0.3), (("sv-2009", "7.3"), 0.3), (("da-2017", "7.3"), 0.27)]
    neighbours.append((("nb-2014", "7.3"), 0.2))
    assert vote(text, neighbours, named).rule == "displaced-pieces"  # type: ignore[union-attr]
    weighed = vote(text, neighbours, named, laws_weights("2017", LAWS))
    assert weighed is not None and weighed.rule == "colours-reversed"
    assert weighed.confidence == round(0.47 / 1.07 * 0.47, 3)  # the link scores' confidence, unweighted
    links = {(a[0], "xx-2018"): [Link(a, text, score, ())] for a, score in neighbours}
    mapping = {key: a.rule for key, a in named.items()}
    found = name_from_mapping(links, mapping, [text], laws_weights("2017", LAWS))
    assert found[text].rule == "colours-reversed"


def test_a_sub_item_no_reference_has_takes_the_rule_of_its_item_where_a_sibling_agrees() -> None:
    from extract.kb.align_sections import name_by_parent

    def row(label: str, parent: str | None) -> tuple[str, dict[str, object]]:
        return label, {"label": label, "parent": parent, "kind": "item"}

    keyed = [row("8.1", "8"), row("8.1.1", "8.1"), row("8.1.1.1", "8.1.1"), row("8.1.1.2", "8.1.1")]
    keyed += [row("7.5", "7"), row("7.5.1", "7.5"), row("7.5.3", "7.5"), row("9.1", "9"), row("9.1.1", "9.1")]
    named = {
        ("xx-2023", "8.1.1"): "recording",
        ("xx-2023", "8.1.1.1"): "recording",
        ("xx-2023", "7.5.1"): "illegal-move-correction",
        ("da-2017", "7.5"): "illegal-moves",
        ("da-2017", "9.1"): "draw-offer",
    }
    parents = {"illegal-move-correction": "illegal-moves"}
    unnamed = [("xx-2023", "8.1.1.2"), ("xx-2023", "7.5.3"), ("xx-2023", "9.1.1")]
    found = name_by_parent(unnamed, keyed, named, ["da-2017"], set(), parents)
    assert found[("xx-2023", "8.1.1.2")].rule == "recording"  # its item, named in the edition itself
    assert found[("xx-2023", "7.5.3")].rule == "illegal-moves"  # as da-2017 names 7.5; 7.5.1 agrees
    assert ("xx-2023", "9.1.1") not in found  # no sibling says da-2017's 9.1 is this 9.1
    assert found[("xx-2023", "7.5.3")].confidence < 0.5
    carrying = name_by_parent(unnamed, keyed, named, ["da-2017"], {"illegal-moves"}, parents)
    assert ("xx-2023", "7.5.3") not in carrying  # a rule with parameters is given only where stated


def test_a_renumbered_sub_item_takes_the_one_rule_its_siblings_leave_under_its_item() -> None:
    from extract.kb.align_sections import name_by_parent

    def tree(children: int) -> list[tuple[str, dict[str, object]]]:
        labels = ["7.5", *(f"7.5.{i}" for i in range(1, children + 1))]
        return [(label, {"label": label, "parent": "7" if label == "7.5" else "7.5"}) for label in labels]

    reference = {
        ("da-2017", "7.5"): "illegal-moves",
        ("da-2017", "7.5.1"): "illegal-move-correction",
        ("da-2017", "7.5.2"): "promotion-not-replaced-illegal",
        ("da-2017", "7.5.3"): "illegal-move-penalty",
        ("da-2017", "7.7"): "two-handed-move",
        ("da-2017", "7.7.1"): "two-handed-move",
        ("da-2017", "7.7.2"): "two-handed-move-penalty",
        ("da-2017", "7.8.1"): "clock-pressed-without-move",
    }
    parents = {rule: "illegal-moves" for rule in set(reference.values()) - {"illegal-moves"}}
    parents["two-handed-move-penalty"] = "two-handed-move"
    siblings = {
        ("xx-2018", "7.5.1"): "illegal-move-correction",
        ("xx-2018", "7.5.2"): "promotion-not-replaced-illegal",
        ("xx-2018", "7.5.3"): "clock-pressed-without-move",
        ("xx-2018", "7.5.4"): "two-handed-move-penalty",  # a rule below one of the item's: that one
    }
    carrying = {"illegal-move-penalty"}  # the sub-item's own rule may carry parameters
    last = [("xx-2018", "7.5.5")]
    found = name_by_parent(last, tree(5), reference | siblings, ["da-2017"], carrying, parents)
    assert found[("xx-2018", "7.5.5")].rule == "illegal-move-penalty"
    assert "siblings leave" in found[("xx-2018", "7.5.5")].evidence[0]
    # a sixth sub-item: the text has one the reference lacks, so which is which is not known
    unnamed = [("xx-2018", "7.5.5"), ("xx-2018", "7.5.6")]
    found = name_by_parent(unnamed, tree(6), reference | siblings, ["da-2017"], carrying, parents)
    assert {a.rule for a in found.values()} == {"illegal-moves"}
    # the rule left is named elsewhere in the edition (the penalty moved to 7.6): not this sub-item's
    moved = reference | siblings | {("xx-2018", "7.6"): "illegal-move-penalty"}
    found = name_by_parent(last, tree(5), moved, ["da-2017"], carrying, parents)
    assert found[("xx-2018", "7.5.5")].rule == "illegal-moves"
    # one sub-item beside one sibling: it may be one the reference lacks
    pair = {("da-2017", "8.1"): "scoresheet", ("da-2017", "8.1.1"): "scoresheet-algebraic"}
    pair |= {("da-2017", "8.1.2"): "scoresheet-both", ("xx-2018", "8.1.1"): "scoresheet-algebraic"}
    rows = [
        (label, {"label": label, "parent": "8" if label == "8.1" else "8.1"})
        for label in ("8.1", "8.1.1", "8.1.2")
    ]
    lone = {"scoresheet-algebraic": "scoresheet", "scoresheet-both": "scoresheet"}
    found = name_by_parent([("xx-2018", "8.1.2")], rows, pair, ["da-2017"], set(), lone)
    assert found[("xx-2018", "8.1.2")].rule == "scoresheet"
    # a sibling named with a rule from elsewhere: the list is not the reference's
    other = siblings | {("xx-2018", "7.5.2"): "draw-offer"}
    found = name_by_parent(last, tree(5), reference | other, ["da-2017"], carrying, parents)
    assert found[("xx-2018", "7.5.5")].rule == "illegal-moves"


def test_sub_items_none_of_which_is_named_take_their_items_rule_only_as_the_edition_names_it() -> None:
    from extract.kb.align_sections import name_by_parent

    keyed = [(label, {"label": label, "parent": parent}) for label, parent in (
        ("8.1.1", "8.1"), ("8.1.1.1", "8.1.1"), ("8.1.1.2", "8.1.1"), ("9.1", "9"), ("9.1.1", "9.1"),
    )]  # fmt: skip
    named = {("xx-2023", "8.1.1"): "recording", ("da-2017", "9.1"): "draw-offer"}
    unnamed = [("xx-2023", "8.1.1.1"), ("xx-2023", "8.1.1.2"), ("xx-2023", "9.1.1")]
    found = name_by_parent(unnamed, keyed, named, ["da-2017"], set(), {})
    assert {key[1]: a.rule for key, a in found.items()} == {"8.1.1.1": "recording", "8.1.1.2": "recording"}


def test_a_part_heading_is_named_by_its_label_or_left_unnamed() -> None:
    from extract.kb.align_sections import name_structural

    keyed = [
        (label, {"label": label}) for label in ("part.basic", "part.guidelines-2", "preface.1", "contents")
    ]
    named = {("hu-2018", "part.guidelines"): "guidelines-heading", ("da-2017", "part.basic"): "basic-heading"}
    labels = ("part.basic", "part.guidelines", "contents", "preface")
    found = name_structural("xx-2018", [k for k, _ in keyed], keyed, named, ["da-2017", "hu-2018"], labels)
    assert found[("xx-2018", "part.basic")].rule == "basic-heading"  # type: ignore[union-attr]
    assert found[("xx-2018", "part.guidelines-2")].rule == "guidelines-heading"  # type: ignore[union-attr]
    assert found[("xx-2018", "contents")] is None  # no reference names its contents: unnamed, not guessed
    assert ("xx-2018", "preface.1") not in found  # a paragraph is aligned by its words
