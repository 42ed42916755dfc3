"""Units of the CAT files (no CAT tool needed): one sentence or one aligned sentence group a side,
no list marker glued to a sentence, no lopsided unit; lint findings as CSV and JSON."""

from __future__ import annotations

import csv
import io
import itertools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from extract.cli import main
from extract.kb.sentence_align import SentenceRef
from extract.reports.lint.files import FINDING_COLUMNS
from extract.reports.segments import label_length, sentence_groups, unglued, without_label
from extract.text.sentences import split_sentences

ROOT = Path(__file__).parent.parent
KB, CORPUS = ROOT / "kb", ROOT / "corpus"


def ref(text: str) -> SentenceRef:
    return SentenceRef("nb-2014", "G.6.a.2", 1, 100, 100 + len(text), text)


def test_a_glued_list_marker_splits_the_sentence_and_is_dropped() -> None:
    pieces = unglued(ref("Motstanderen må bekrefte sluttstillingen.b)\xa0Remiskravet skal legges fram."))
    assert [p.text for p in pieces] == [
        "Motstanderen må bekrefte sluttstillingen.",
        "Remiskravet skal legges fram.",
    ]
    assert pieces[1].start == 100 + len("Motstanderen må bekrefte sluttstillingen.b)\xa0")
    assert unglued(pieces[0]) == (pieces[0],)
    first = ref("En to tre.c) Fire fem. 2) Seks.")
    assert [p.text for p in unglued(first)] == ["En to tre.", "Fire fem. 2) Seks."]
    assert unglued(first) is unglued(first)  # one set of pieces per sentence


@pytest.mark.parametrize(
    "text",
    [
        "Partiet kan bli remi (Se § 9.2)",
        "(Se §§ 5.1 a), 5.2.a),b),c) och 9.6) Tiden",
        "stået på brættet mindst tre gange (se 9.2)",
        "the rule of 7.5.1.a) applies",
    ],
)
def test_references_are_not_list_markers(text: str) -> None:
    assert unglued(ref(text)) == (ref(text),) or [p.text for p in unglued(ref(text))] == [text]


EDITIONS = ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]


@pytest.mark.parametrize("pair", list(itertools.combinations(EDITIONS, 2)), ids="_".join)
def test_units_are_sentences_not_glued_and_never_lopsided(pair: tuple[str, str]) -> None:
    """Every pair of the five seeds, the two Danish editions too: no unit's two sides more than one
    sentence apart, no list marker glued to a sentence, no printed label in a unit's text; a
    group's parts are one sentence a side and make up the group's text."""
    groups = sentence_groups(KB, CORPUS, list(pair))
    assert len(groups) >= 300
    for group in groups:
        sizes = [len(split_sentences(s.text, s.language)) for s in group.segments]
        assert max(sizes) - min(sizes) <= 1, group
        for segment in group.segments:
            assert not any(m in segment.text for m in (".b)", ".c)", ".d)")), (
                segment.text
            )  # "…sluttstillingen.b) Remiskravet"
            assert not any(label_length(segment.text, label) for label in segment.labels), segment
        for part in group.parts:
            assert [len(split_sentences(s.text, s.language)) for s in part] == [1, 1], part
        for at, segment in enumerate(group.segments):
            if group.parts:
                assert " ".join(part[at].text for part in group.parts) == segment.text


def test_a_printed_label_is_no_text_to_translate() -> None:
    def ref_of(text: str) -> SentenceRef:
        return SentenceRef("da-2001", "E", 0, 10, 10 + len(text), text)

    heading = without_label(ref_of("E. Algebraisk notation"), "E")
    assert (heading.text, heading.start) == ("Algebraisk notation", 13)
    assert without_label(ref_of("C."), "C").text == ""  # a heading that is only its label
    assert without_label(ref_of("II. Schack960"), "II").text == "Schack960"
    assert without_label(ref_of("3) Tre"), "3").text == "Tre"
    for text, printed in [("Egy játékos", "E"), ("7.4 a. skal", "7.4"), ("Ez a lépés", ""), ("E5 er", "E")]:
        assert without_label(ref_of(text), printed).text == text


def test_a_sentence_of_clauses_is_cut_to_answer_as_many_sentences() -> None:
    """da-2001 12.5: two Danish sentences against one Hungarian one of two clauses joined by ";":
    a part per sentence, in order, beside the group; the TMX writes them with x-part-of."""
    from extract.reports.cat import tmx_document

    groups = sentence_groups(KB, CORPUS, ["da-2001", "hu-2018"])
    parted = [g for g in groups if g.parts]
    assert parted
    forbidden = next(g for g in parted if g.segment("da-2001").text.startswith("Det er forbudt at forstyrre"))
    assert [p[1].text for p in forbidden.parts] == [
        "Tilos az ellenfelet bármi módon zavarni, háborgatni;",
        "beleértve az indokolatlanigények benyújtását, a döntetlen ajánlatok gyakori ismétlését, "
        "valamint bármi zajkeltést a játéktéren.",
    ]
    assert forbidden.parts[1][0].text == "Dette omfatter urimelige krav eller remistilbud."
    # castling in the two Danish texts: the first clause of da-2001 says what both da-2017
    # sentences say, so the group stays whole
    castling = next(
        g for g in sentence_groups(KB, CORPUS, ["da-2001", "da-2017"]) if "tårnene" in g.segments[0].text
    )
    assert ";" in castling.segments[0].text and not castling.parts
    root = etree.fromstring(tmx_document(KB, CORPUS, ["da-2001", "hu-2018"]))
    tuids = {tu.get("tuid") for tu in root.iter("tu")}
    parts = [tu for tu in root.iter("tu") if tu.find("prop[@type='x-part-of']") is not None]
    assert len(parts) == sum(len(g.parts) for g in groups)
    assert all(tu.findtext("prop[@type='x-part-of']") in tuids for tu in parts)


def test_lint_csv_round_trips_every_finding() -> None:
    result = CliRunner().invoke(main, ["lint", "--format", "csv"])
    assert result.exit_code in (0, 1), result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    result = CliRunner().invoke(main, ["lint", "--format", "json"])
    findings = json.loads(result.stdout)["findings"]
    assert len(rows) == len(findings) >= 50
    raws = {e: (CORPUS / f"{e}.txt").read_text(encoding="utf-8") for e in {r["edition"] for r in rows}}
    for row, finding in zip(rows, findings, strict=True):
        assert row["edition"] == finding["edition"] and row["quote"] == finding["quote"]
        assert int(row["start"]) == finding["start"] and int(row["end"]) == finding["end"]
        assert (row["article"] or None) == finding["label"] and row["problem"] == finding["message"]
        assert row["fix"] and row["fix"] == finding["fix"]
        assert raws[row["edition"]][int(row["start"]) : int(row["end"])] == row["words"] == finding["words"]
        assert row["words"].strip()


def test_lint_csv_of_one_edition() -> None:
    result = CliRunner().invoke(main, ["lint", "--edition", "hu-2018", "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert rows and {r["edition"] for r in rows} == {"hu-2018"}
    assert list(rows[0]) == list(FINDING_COLUMNS)
    assert {"edition", "article", "quote", "start", "end", "words", "problem", "fix"} <= set(FINDING_COLUMNS)
    result = CliRunner().invoke(main, ["lint", "--format", "xml"])
    assert result.exit_code == 2


def test_tmx_header_lets_omegat_resegment() -> None:
    from extract.reports.cat import tmx_document

    root = etree.fromstring(tmx_document(KB, CORPUS, ["sv-2009", "nb-2014"]))
    assert root.find("header").get("segtype") == "paragraph"


def test_the_site_offers_each_editions_findings_as_the_cli_writes_them() -> None:
    from extract.io.editions import load_editions
    from extract.reports.lint import ACCEPTED_FILE, lint, load_accepted, load_context
    from extract.site.views.downloads import lint_downloads

    context = load_context(CORPUS, KB)
    findings = lint(context, None, load_accepted(KB), accepted_path=KB / ACCEPTED_FILE).findings
    raws = {e.id: e.text for e in load_editions(CORPUS)}
    files = {
        name: make() for name, make, _ in lint_downloads(findings, ["sv-2009", "hu-2018"], raws.__getitem__)
    }
    assert set(files) == {f"findings-{e}.{x}" for e in ("sv-2009", "hu-2018") for x in ("csv", "json")}
    result = CliRunner().invoke(main, ["lint", "--edition", "hu-2018", "--format", "csv"])
    assert files["findings-hu-2018.csv"].decode("utf-8") == result.stdout
    rows = json.loads(files["findings-sv-2009.json"])
    assert rows and all(r["edition"] == "sv-2009" and r["fix"] for r in rows)


def test_the_site_names_the_language_tags_of_a_same_language_tmx() -> None:
    from extract.site.views.downloads import cat_downloads

    what = {name: text for name, _, text in cat_downloads(KB, CORPUS, EDITIONS)}
    assert "da-2001 as language da, da-2017 as da-DK" in what["da-2001_da-2017.tmx"]
    assert what["sv-2009_hu-2018.tmx"] == "aligned sentences sv-2009 and hu-2018, TMX 1.4b"
