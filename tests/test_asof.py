"""`chesslaws asof`: the edition of the Laws in force on a date, from corpus/editions.yaml."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from extract.cli import main
from extract.io.laws import read_laws
from extract.model.laws import LawsEdition
from extract.reports.asof import (
    AsOfError,
    EditionDates,
    build_day,
    in_force_on,
    load_edition_dates,
    load_laws_editions,
    not_current_note,
    parse_date,
    timeline,
)

ROOT = Path(__file__).resolve().parents[1]
CORPUS, KB = ROOT / "corpus", ROOT / "kb"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    "day, edition, until, replaced_by",
    [
        ("2010-01-01", "sv-2009", "2014-07-01", "2014"),
        ("2015-03-01", "nb-2014", "2017-07-01", "2017"),
        ("2017-12-31", "da-2017", "2023-01-01", "2023"),
        ("2019-05-01", "hu-2018", "2023-01-01", "2023"),
        ("2001-07-01", "da-2001", "2009-07-01", "2009"),
        ("2009-06-30", "da-2001", "2009-07-01", "2009"),
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
            "no edition was in force on 1990-01-01: the first Laws known, those of 2001, took effect on "
            "2001-07-01; the first text, da-2001, took effect on 2001-07-01",
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
    assert in_force_on(date(2010, 6, 1), EDITIONS).answer.id == "c-2009"
    assert [t.id for t in in_force_on(date(2010, 6, 1), EDITIONS).texts] == ["c-2009", "b-2009"]
    periods = {p.edition: p for p in timeline(EDITIONS)}
    assert (periods["b-2009"].until, periods["b-2009"].superseded_by) == ("2014-07-01", "2014")
    assert (periods["c-2009"].until, periods["c-2009"].superseded_by) == ("2014-07-01", "2014")
    assert periods["b-2009"].successor_texts == ("d-2014",)
    assert periods["d-2014"].until is None


def test_a_late_translation_of_older_laws_does_not_displace_newer_laws() -> None:
    late = [*EDITIONS, EditionDates("e-2001", "e", "2001", "2016-01-01")]
    assert in_force_on(date(2016, 6, 1), late).answer.id == "d-2014"


def test_a_corpus_copy_without_a_cited_edition_still_answers(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    entries = [
        e for e in yaml.safe_load((CORPUS / "editions.yaml").read_text("utf-8")) if e["id"] == "da-2017"
    ]
    (corpus / "editions.yaml").write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")
    (corpus / "da-2017.txt").write_text((CORPUS / "da-2017.txt").read_text("utf-8"), encoding="utf-8")
    code, out, err = run("asof", "2026-11-24", "--corpus", str(corpus), "--format", "json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["laws"]["id"] == "2023" and answer["newest_text"]["edition"] == "da-2017"


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


# --- the Laws themselves (kb/laws.yaml) --------------------------------------------------------

SHARED_2023 = Path(__file__).resolve().parents[1].parent / "shared" / "editions" / "en-2023.txt"


def test_today_the_2023_laws_are_in_force_and_the_corpus_has_no_text_of_them() -> None:
    code, out, err = run("asof", "2026-11-24", "--format", "json")
    assert code == 0, err
    answer = json.loads(out)
    assert answer["laws"]["id"] == "2023" and answer["fide_edition"] == "2023"
    assert answer["laws"]["in_force"] == "2023-01-01" and "Chennai" in answer["laws"]["adopted_by"]
    assert answer["corpus_has_text"] is False and answer["edition"] is None and answer["texts"] == []
    assert answer["newest_text"]["edition"] == "hu-2018"
    code, out, _ = run("asof", "2026-11-24")
    assert code == 0
    assert "the 2023 Laws" in out and "no text of the 2023 Laws" in out and "hu-2018" in out


def test_a_rule_asked_of_laws_without_a_text_comes_from_the_newest_text_and_says_so() -> None:
    code, out, _ = run("asof", "2026-11-24", "illegal-move-penalty", "--format", "json")
    answer = json.loads(out)
    assert code == 0 and answer["text_edition"] == "hu-2018" and answer["text_of_laws_in_force"] is False
    code, out, _ = run("asof", "2026-11-24", "illegal-move-penalty")
    assert "not a text of the Laws in force" in out and "hu-2018 7.5" in out


def test_supersession_is_by_laws_never_by_language() -> None:
    periods = {p.edition: p for p in timeline(load_edition_dates(CORPUS), load_laws_editions(KB, CORPUS))}
    assert (periods["da-2001"].until, periods["da-2001"].superseded_by) == ("2009-07-01", "2009")
    assert periods["da-2017"].superseded_by == "2023" and periods["da-2017"].successor_texts == ()
    assert periods["hu-2018"].until == "2023-01-01"  # its Laws' end, though it took effect in 2018
    code, out, _ = run("asof", "2001-07-01")
    assert "replaced by sv-2009" not in out and "the 2009 Laws replaced them" in out


def test_a_page_presenting_a_text_of_superseded_laws_gets_one_line() -> None:
    editions, laws = load_edition_dates(CORPUS), load_laws_editions(KB, CORPUS)
    hu = next(e for e in editions if e.id == "hu-2018")
    note = not_current_note(hu, date(2026, 11, 24), editions, laws)
    assert note is not None and "2017 Laws" in note and "2023 Laws" in note and "no text" in note
    assert not_current_note(hu, date(2019, 5, 1), editions, laws) is None


def test_laws_a_translation_names_but_the_file_does_not_list_are_dated_by_that_translation() -> None:
    laws = [LawsEdition("2009", "a congress", "2009-07-01", None)]
    extra = [
        EditionDates("x-2030", "x", "2030", "2030-03-01"),
        EditionDates("b-2009", "b", "2009", "2009-07-01"),
    ]
    answer = in_force_on(date(2031, 1, 1), extra, laws)
    assert answer.laws.id == "2030" and answer.laws.curated is False and answer.answer.id == "x-2030"
    assert in_force_on(date(2020, 1, 1), extra, laws).successor.id == "2030"


def test_the_build_day_follows_source_date_epoch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1420070400")
    assert build_day() == date(2015, 1, 1)


def test_the_quotes_cited_from_the_english_2023_text_stand_on_their_lines() -> None:
    if not SHARED_2023.exists():
        pytest.skip("../shared/editions/en-2023.txt is not here")
    lines = SHARED_2023.read_text(encoding="utf-8").splitlines()
    cited = [(law, s) for law in read_laws(KB) for s in law.sources.values() if s.external]
    assert cited
    for law, source in cited:
        assert source.text == "en-2023"
        assert source.quote in lines[source.line - 1], (law.id, source)


GOOD = (KB / "laws.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "old, new, message",
    [
        ('  - id: "2009"', '  - id: "2009"\n    adopted: x', "laws: unknown key(s) adopted"),
        ('in_force: "2014-07-01"', 'in_force: "2014-07-32"', "in_force '2014-07-32' is not a date"),
        ('superseded_on: "2017-07-01"', 'superseded_on: "2017-07-02"', "superseded_on must be 2017-07-01"),
        ("vedtaget på den 71. FIDE", "vedtaget på den 72. FIDE", "da-2001 line 5 does not say"),
        ("{text: nb-2014, line: 7, quote: \"godkjent", "{text: nb2014, line: 7, quote: \"godkjent",
         "names 'nb2014', neither an edition id"),
        ('  - id: "2014"', '  - id: "2009"', "laws 2009 is listed twice"),
        ("      in_force: {text: sv-2009, line: 21, quote: \"träder i kraft den 1 juli 2009\"}\n", "",
         "laws 2009: in_force needs a source"),
        ("line: 50, quote: \"vedtaget", "line: fifty, quote: \"vedtaget", "must be a line number"),
        ("laws:\n", "lawz:\n", "unknown key(s) lawz"),
    ],
)  # fmt: skip
def test_a_bad_laws_file_is_one_line_naming_file_and_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in GOOD
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "laws.yaml").write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    code, out, err = run("asof", "2015-03-01", "--kb", str(kb))
    assert code == 2 and out == "", err
    assert re.match(rf"chesslaws: {re.escape(str(kb / 'laws.yaml'))}:\d+: ", err) and message in err, err
    assert len(err.strip().splitlines()) == 1
