"""Parameters read from the texts: agreement with curated checks, traceability, and classify."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, load

from extract.cli import main
from extract.io.editions import load_editions
from extract.io.rules import edition_keys, load_rules
from extract.kb.parameters import Parameter, extract_parameters
from extract.model import Edition
from extract.text.analyse import Quantity, quantities
from extract.text.segment import segment

EDITIONS = ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]


@pytest.fixture(scope="module")
def built(real_build):
    rows = load(real_build.kb / "generated" / "parameters.yaml")
    return real_build.result, real_build.kb, real_build.corpus, rows


def edition_parameters(edition: Edition) -> list[Parameter]:
    """Segment one edition and extract its parameters, with the rules the committed KB assigns to its
    provisions: the stages a changed number goes through, without aligning every edition again."""
    documents = [p.as_dict() for p in segment(edition, ROOT / "kb")]
    keys, _ = edition_keys(documents)
    alignment = load(ROOT / "kb" / "generated" / "alignment.yaml")
    mapping = {(r["edition"], r["label"]): r["rule"] for r in alignment if r["edition"] == edition.id}
    return extract_parameters(
        load_rules(ROOT / "kb"),
        {edition.id: list(zip(keys, documents, strict=True))},
        {edition.id: edition.language},
        {edition.id: edition.text},
        mapping,
        ROOT / "kb",
    )


def test_extracted_values_agree_with_the_curated_checks(built, capsys):
    _, kb, _, rows = built
    got = {(r["parameter"], r["rule"], r["edition"]): r for r in rows}
    cells = {
        (name, rule.id, edition): value
        for rule in load_rules(kb)
        for name, values in rule.expected.items()
        for edition, value in values.items()
    }
    disagreements = []
    for key, expected in sorted(cells.items()):
        row = got.get(key)
        if row is None or row["value"] != expected:
            quote = row["quote"] if row else "(nothing extracted)"
            disagreements.append(
                f"{key}: curated {expected}, extracted {row['value'] if row else None}: {quote}"
            )
    extra = sorted(set(got) - set(cells))
    with capsys.disabled():
        print(f"\nparameters: {len(cells) - len(disagreements)}/{len(cells)} curated cells agree")
        for line in disagreements + [f"{key}: extracted but not curated" for key in extra]:
            print("  " + line)
    assert (len(cells) - len(disagreements)) / len(cells) >= 0.97
    assert not extra


def test_every_parameter_name_is_extracted_somewhere_and_absent_means_absent(built):
    _, _, _, rows = built
    vocabulary = re.findall(r"`([a-z_]+(?:\.[a-z_]+)?)`", (ROOT / "tests/data/parameters.txt").read_text())
    assert set(vocabulary) <= {r["parameter"] for r in rows}
    by_edition = {(r["parameter"], r["edition"]) for r in rows}
    assert ("default_time", "nb-2014") not in by_edition  # 6.7.a gives no number: absent, not 0
    assert ("increment.factor", "da-2001") not in by_edition  # no increment formula in 2001
    assert ("seventyfive_move.moves", "da-2001") not in by_edition  # the rule came in 2014


def test_each_value_traces_to_a_span_of_its_corpus_text(built):
    _, _, corpus, rows = built
    texts = {e: (corpus / f"{e}.txt").read_text(encoding="utf-8") for e in EDITIONS}
    for row in rows:
        span = texts[row["edition"]][row["start"] : row["end"]]
        assert span.strip(), row
        assert " ".join(span.split()).strip("*") in row["quote"] or span in row["quote"], row


@pytest.mark.parametrize(
    ("edition", "old", "new", "parameter", "value"),
    [
        (
            "nb-2014",
            "får to minutter ekstra tid",
            "får tre minutter ekstra tid",
            "illegal_move.time_bonus",
            3,
        ),
        ("da-2001", "mere end én time efter", "mere end to timer efter", "default_time", 120),
        (
            "sv-2009",
            "bestämd tid på mindre än 15 minuter",
            "bestämd tid på mindre än 12 minuter",
            "blitz.upper_minutes",
            12,
        ),
        ("hu-2018", "belül öt alkalommal", "belül hat alkalommal", "scoresheet_view.max_requests", 6),
        ("da-2017", "etyde at de seneste 50 træk", "etyde at de seneste 40 træk", "fifty_move.moves", 40),
        (
            "sv-2009",
            "ska domaren lägga till tre minuter",
            "ska domaren lägga till fyra minuter",
            "draw_claim.incorrect_time_bonus",
            4,
        ),
    ],
)
def test_changing_a_number_in_the_text_changes_the_parameter(edition, old, new, parameter, value):
    (original,) = [e for e in load_editions(ROOT / "corpus") if e.id == edition]
    assert old in original.text, f"{old!r} not in {edition}"
    before = {p.value for p in edition_parameters(original) if p.parameter == parameter}
    assert value not in before, before
    changed = replace(original, text=original.text.replace(old, new, 1))  # the first occurrence is the rule's
    found = [p for p in edition_parameters(changed) if p.parameter == parameter]
    assert value in {p.value for p in found}, found
    (hit,) = [p for p in found if p.value == value]
    assert " ".join(new.split()) in " ".join(hit.quote.split()), hit  # quoted from the changed text


def classify(time_control: str, kb: Path) -> dict[str, str]:
    out = CliRunner().invoke(main, ["classify", time_control, "--kb", str(kb), "--format", "json"])
    assert out.exit_code == 0, out.output
    return {r["edition"]: r["category"] for r in json.loads(out.output)}


@pytest.mark.parametrize(
    ("control", "expected"),
    [
        (
            "12+0",
            ["blitz", "blitz", "rapid", "rapid", "rapid"],
        ),  # 2001/2009: blitz below 15; 2014+: rapid above 10
        ("10+0", ["blitz", "blitz", "blitz", "blitz", "blitz"]),  # 2014+: "10 minutter eller mindre" is blitz
        ("10+1", ["blitz", "blitz", "rapid", "rapid", "rapid"]),  # 10 + 60 x 1 s = 11 minutes
        ("15+0", ["rapid", "rapid", "rapid", "rapid", "rapid"]),  # 2001 "mellem 15 og 60", 2009 "minst 15"
        ("14+0", ["blitz", "blitz", "rapid", "rapid", "rapid"]),
        (
            "60+0",
            ["rapid", "standard", "standard", "standard", "standard"],
        ),  # only 2001's "mellem" includes 60
        ("59+0", ["rapid", "rapid", "rapid", "rapid", "rapid"]),
        ("50+10", ["rapid", "standard", "standard", "standard", "standard"]),  # 50 + 10 = 60 minutes
        ("3+2", ["blitz"] * 5),
        ("15+10", ["rapid"] * 5),
        ("90+30", ["standard"] * 5),
    ],
)
def test_classify_uses_each_editions_thresholds(built, control, expected):
    _, kb, _, _ = built
    assert classify(control, kb) == dict(zip(EDITIONS, expected, strict=True))


def test_classify_says_when_an_edition_has_no_increment_formula(built):
    _, kb, _, _ = built
    out = CliRunner().invoke(main, ["classify", "3+2", "--kb", str(kb), "--edition", "da-2001"])
    assert "da-2001 has no increment formula" in out.output
    bad = CliRunner().invoke(main, ["classify", "fast", "--kb", str(kb)])
    assert bad.exit_code == 2 and "not a time control" in bad.stderr


@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        (
            "da",
            "på mellem 15 og 60 minutter",
            [(15, "minute", "between_lower"), (60, "minute", "between_upper")],
        ),
        ("nb", "mer enn 10 men mindre enn 60 minutter", [(10, "minute", "more"), (60, "minute", "less")]),
        ("hu", "10 perc vagy annál kevesebb", [(10, "minute", "at_most")]),
        ("hu", "2 perc helyett 1 perc lesz", [(2, "minute", "replaced"), (1, "minute", None)]),
        ("da", "1 minut i stedet for 2 minutter", [(1, "minute", None), (2, "minute", "replaced")]),
        ("sv", "Om en spelare har mindre än fem minuter", [(5, "minute", "less")]),
        ("da", "udføre et træk, som vil betyde at de sidste 50 træk", [(50, "move", None)]),
        ("da", "mindst fem gange", [(5, "time", "at_least")]),
        ("da", "den tildelte tid + 60 gange hver tillægstid", [(60, "factor", None)]),
        ("nb", "være minst 20 ganger 20 centimeter", [(20, "cm", "at_least"), (20, "cm", None)]),
        ("da", "Ved to springere: enten S5f3 eller S1f3", []),  # the rank a knight moves from
        ("da", "(2) enten S5xf3 eller S1xf3", []),  # "S" names the knight, not seconds
        ("da", "tillægstid på 5 s pr. træk", [(5, "second", None)]),
        ("sv", "Före ett Chess960-parti ställs utgångsställningen upp", []),  # a name, not 960 games
    ],
)
def test_quantities(language, text, found):
    assert [(q.value, q.unit, q.comparator) for q in quantities(text, language)] == found


def test_a_text_without_rapid_lower_bound_still_knows_standard_and_says_what_it_lacks():
    """A translation whose text gives rapid's upper bound but not its lower (or no blitz bound):
    a game beyond the upper bound is standard; inside the band it is left unclassified, with the
    missing threshold named, never guessed."""
    from extract.arbiter.classify import TimeControl
    from extract.arbiter.classify import classify as classify_control

    known = {"rapid.upper_minutes": 60, "rapid.upper_inclusive": False, "increment.factor": 60}
    assert classify_control(TimeControl.parse("90+30"), "xx", known).category == "standard"
    assert classify_control(TimeControl.parse("60+0"), "xx", known).category == "standard"
    inside = classify_control(TimeControl.parse("15+10"), "xx", known)
    assert inside.category == "unclassified" and "no rapid lower threshold" in " ".join(inside.notes)
    blitz = classify_control(TimeControl.parse("3+2"), "xx", {**known, "rapid.lower_minutes": 10})
    assert blitz.category == "unclassified"  # no blitz bound: not rapid, and nothing says blitz
    nothing = classify_control(TimeControl.parse("90+30"), "xx", {})
    assert nothing.category == "unclassified" and "lower and upper" in " ".join(nothing.notes)


def test_a_number_the_text_cites_is_never_a_parameter() -> None:
    """In "Artigos 7 e 9 das Regras de Xogo" neither number is a count of games, in a language without
    a file too. The citing word is learned from the text's own headings ("Artigo 7: ...")."""
    from extract.kb.parameters import citations, cites

    keyed = [
        ("7", {"kind": "article", "printed_label": "7", "text": "Artigo 7: Irregularidades"}),
        ("9", {"kind": "article", "printed_label": "9", "text": "Artigo 9: Xogo táboas"}),
        ("A", {"kind": "appendix", "printed_label": "A", "text": "Apéndice A. Xadrez rápido"}),
        ("7.1", {"kind": "provision", "printed_label": "7.1", "text": "7.1 Un texto"}),
    ]
    pattern = citations(keyed)
    text = "As penas dos Artigos 7 e 9 e do Apéndice A.4 serán un minuto; 3 partidas como máximo."
    spans = [text[m.start() : m.end()] for m in pattern.finditer(text)] if pattern else []
    assert spans == ["Artigos 7 e 9", "Apéndice A.4"]

    def at(number: str) -> Quantity:
        start = text.index(number)
        return Quantity(float(number), "game", None, start, start + len(number), (number,))

    assert cites(pattern, text, at("7")) and cites(pattern, text, at("9"))
    assert not cites(pattern, text, at("3"))  # a count the text states
    assert citations(keyed[3:]) is None  # no heading prints a word before its label: nothing is cited


@pytest.mark.parametrize(
    ("heading", "text", "cited"),
    [
        # the plural or a case of the heading's word cites too ("Capo 7" heads, "Capi 7 e 9" cites)
        ("Capo 7: Irregolarità", "Le penalità dei Capi 7 e 9 delle Regole di Gioco", "Capi 7 e 9"),
        ("Článek 7: Nesrovnalosti", "Tresty uvedené v článcích 7 a 9 Soutěžních pravidel", "článcích 7 a 9"),
        ("Статья 7: Нарушения", "Наказания, указанные в статьях 7 и 9 Правил соревнований", "статьях 7 и 9"),
    ],
)
def test_a_citation_in_another_form_of_the_headings_word(heading: str, text: str, cited: str) -> None:
    from extract.kb.parameters import citations

    keyed = [("7", {"kind": "article", "printed_label": "7", "text": heading})]
    pattern = citations(keyed)
    assert pattern is not None and [m.group() for m in pattern.finditer(text)] == [cited]
    assert not pattern.search("3 partite, 3 partie, 3 партии")  # a count with no citing word before it


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the first is counted, then "another" in words no table knows: which one loses is unread
        (
            "give two extra minutes for the first completed illegal move; if the same player completes "
            "a renewed illegal move, the game is lost.",
            None,
        ),
        # the third is counted last; the thing named again in a later sentence is not a further one
        (
            "for the second illegal move two more minutes; at the third illegal move of the same player "
            "the game is lost. It is drawn if no series of legal moves can mate.",
            3,
        ),
        ("for the second illegal move by the same player the game is lost.", 2),
        # what follows the ordinal stands before it too: named all along, not counted again
        (
            "after a player move the arbiter acts; at the second player move the arbiter declares "
            "the player move lost.",
            2,
        ),
    ],
)
def test_an_ordinal_whose_thing_is_counted_again_is_not_the_last(text, expected) -> None:
    from extract.kb.parameters import Found, choose

    found = [Found(q, "7.5.3", {"text": text}) for q in quantities(text, "en")]
    chosen = choose("illegal_move.loss_on", found)
    assert (chosen[1] if chosen else None) == expected


@pytest.mark.parametrize(
    "text, stated, expected",
    [
        ("the arbiter shall give 2 minutes; the player gets 1 minute.", (), 2),  # two sentences
        ("give 2 minutes to the player, and to his opponent 1 minute", (), 2),  # far apart: the first
        ("the penalty is 2 minutes zzz 1 minute.", (), None),  # side by side, nothing tells which
        ("the penalty is 2 minutes zzz 1 minute.", (1,), 1),  # the one the other editions state
        ("the penalty is 2 minutes zzz 1 minute.", (3,), None),  # neither: absent, never 3
        ("the penalty is 2 minutes instead of 2 minutes.", (), 2),  # the same value twice
        # farther apart in one sentence, the one the other editions state ("이 수를 ... 50수를")
        ("give 2 minutes to the player, and to his opponent 1 minute", (1,), 1),
        ("give 2 minutes to the player, and to his opponent 1 minute", (3,), 2),  # none: the first
        ("the arbiter shall give 2 minutes; the player gets 1 minute.", (1,), 2),  # two sentences
    ],
)
def test_two_values_side_by_side_that_nothing_tells_apart(text, stated, expected) -> None:
    from extract.kb.parameters import Found, choose

    found = [Found(q, "B.2", {"text": text}) for q in quantities(text, "en", ROOT / "kb")]
    chosen = choose("blitz.penalty_minutes", found, stated)
    assert (chosen[1] if chosen else None) == expected
