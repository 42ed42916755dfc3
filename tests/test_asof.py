"""`chesslaws asof`: the edition of the Laws in force on a date, from corpus/editions.yaml."""

from __future__ import annotations

import json
from datetime import date

import pytest
from click.testing import CliRunner

from extract.cli import main
from extract.reports.asof import AsOfError, EditionDates, in_force_on, parse_date, timeline


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "day, edition, until, replaced_by",
    [
        ("2010-01-01", "sv-2009", "2014-07-01", "nb-2014"),
        ("2015-03-01", "nb-2014", "2017-07-01", "da-2017"),
        ("2017-12-31", "da-2017", None, None),
        ("2019-05-01", "hu-2018", None, None),
        ("2001-07-01", "da-2001", "2009-07-01", "sv-2009"),
        ("2009-06-30", "da-2001", "2009-07-01", "sv-2009"),
    ],
)
def test_the_edition_in_force_on_a_date(
    day: str, edition: str, until: str | None, replaced_by: str | None
) -> None:
    code, out, err = run("asof", day, "--format", "json")
    assert code == 0, err
    answer = json.loads(out)
    assert (answer["edition"], answer["until"], answer["replaced_by"]) == (edition, until, replaced_by)
    assert answer["in_force"] <= day


def test_two_translations_of_the_same_laws_the_newest_answers_and_the_other_is_listed() -> None:
    code, out, _ = run("asof", "2019-05-01", "--format", "json")
    answer = json.loads(out)
    assert answer["fide_edition"] == "2017" and answer["translations"] == ["da-2017"]
    code, out, _ = run("asof", "2017-12-31", "--format", "json")
    assert json.loads(out)["translations"] == []  # hu-2018 is not in force yet


def test_asof_with_a_rule_gives_its_text_in_that_edition() -> None:
    code, out, _ = run("asof", "2015-03-01", "illegal-move-penalty", "--format", "json")
    assert code == 0
    answer = json.loads(out)
    assert answer["edition"] == "nb-2014" and answer["rule"] == "illegal-move-penalty"
    assert [p["label"] for p in answer["provisions"]] == ["7.5.b"]
    assert "ulovlige trekket" in answer["text"]
    code, out, _ = run("asof", "2015-03-01", "illegal-move-penalty")
    assert code == 0 and "nb-2014 7.5.b" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["asof", "1990-01-01"],
            "no edition was in force on 1990-01-01: the first, da-2001, took effect on 2001-07-01",
        ),
        (["asof", "2019-02-30"], "'2019-02-30' is not a date"),
        (["asof", "01/05/2019"], "'01/05/2019' is not a date; write YYYY-MM-DD"),
        (["asof", "2015-03-01", "illegal"], "no rule 'illegal'"),
    ],
)
def test_bad_dates_and_rules_exit_2_with_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


EDITIONS = [
    EditionDates("a-2001", "a", "2001", "2001-07-01"),
    EditionDates("b-2009", "b", "2009", "2009-07-01"),
    EditionDates("c-2009", "c", "2009", "2010-03-01"),
    EditionDates("d-2014", "d", "2014", "2014-07-01"),
]


def test_until_is_when_the_next_laws_took_effect_not_the_next_translation() -> None:
    assert in_force_on(date(2010, 6, 1), EDITIONS).edition == "c-2009"
    assert in_force_on(date(2010, 6, 1), EDITIONS).translations == ("b-2009",)
    periods = {p.edition: p for p in timeline(EDITIONS)}
    assert (periods["b-2009"].until, periods["b-2009"].replaced_by) == ("2014-07-01", "d-2014")
    assert (periods["c-2009"].until, periods["c-2009"].replaced_by) == ("2014-07-01", "d-2014")
    assert periods["d-2014"].until is None


def test_a_late_translation_of_older_laws_does_not_displace_newer_laws() -> None:
    late = [*EDITIONS, EditionDates("e-2001", "e", "2001", "2016-01-01")]
    assert in_force_on(date(2016, 6, 1), late).edition == "d-2014"


def test_dates_are_strict() -> None:
    assert parse_date("2015-03-01") == date(2015, 3, 1)
    for text in ("20150301", "2015-3-1", "", "2015-03-01T00:00"):
        with pytest.raises(AsOfError):
            parse_date(text)


def test_a_rule_the_answering_translation_lacks_comes_from_another_translation_of_the_same_laws() -> None:
    code, out, _ = run("asof", "2019-05-01", "two-handed-move-penalty", "--format", "json")
    answer = json.loads(out)
    assert answer["edition"] == "hu-2018" and answer["text_edition"] == "da-2017"
    assert [p["label"] for p in answer["provisions"]] == ["7.7.2"]
    code, out, _ = run("asof", "2010-05-01", "two-handed-move-penalty", "--format", "json")
    answer = json.loads(out)
    assert code == 0 and answer["text"] is None and answer["text_edition"] is None
