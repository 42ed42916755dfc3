"""Language data without curation (issue 24): CLDR unit names and ICU number words under the curated
tables, and the words learned from the aligned editions, measured by deleting a language's file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_project, load

from extract.cli import main
from extract.io.languages import language_data
from extract.io.rules import load_rules
from extract.text.cldr import library_note
from extract.text.quantities import quantities

icu = pytest.mark.skipif(library_note() is not None, reason="PyICU is not installed")


@pytest.fixture(scope="module")
def bare_kb(tmp_path_factory) -> Path:
    """A kb/ whose languages folder is empty: only the libraries speak."""
    kb = tmp_path_factory.mktemp("bare") / "kb"
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    for path in (kb / "languages").glob("*.yaml"):
        path.unlink()
    return kb


@icu
@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        ("hu", "tíz perc", [(10, "minute", None)]),
        ("hu", "30 másodpercet", [(30, "second", None)]),  # an inflected form of CLDR's "másodperc"
        ("ru", "десять минут", [(10, "minute", None)]),
        ("da", "femten minutter", [(15, "minute", None)]),
        ("en", "seventy-five moves and 20 cm", [(20, "cm", None)]),  # no library knows "moves"
        ("ar", "١٠ دقائق", [(10, "minute", None)]),  # Arabic-Indic digits, CLDR's plural
        ("zh", "１０分钟", [(10, "minute", None)]),  # no spaces, full-width digits
        ("ar", "يمنح الخصم دقيقتين", [(2, "minute", None)]),  # a dual: CLDR's "دقيقتان" in another case
        ("ar", "ينظر إلى ساعتها", []),  # "its clock": no dual of "ساعة" (hour), another ending
        ("da", "ét minut", [(1, "minute", None)]),  # the reader reads a stressed "one" accents aside
        ("tr", "10 dakikadan fazla", [(10, "minute", None)]),  # an ending after CLDR's "dakika"
        ("hy", "15 րոպե", [(15, "minute", None)]),
    ],
)
def test_numbers_and_units_from_the_libraries(bare_kb, language, text, found):
    assert [(q.value, q.unit, q.comparator) for q in quantities(text, language, bare_kb)] == found


@icu
@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        ("en", "the 2nd illegal move, the 3rd time", [(2, "ordinal"), (3, "ordinal")]),
        ("ru", "за 2-й ход, 3-я попытка", [(2, "ordinal"), (3, "ordinal")]),  # ICU's "второй", "третья"
        ("ru", "в течение 2-х минут", [(2, "minute")]),  # "двух" (two) ends so too, and minutes follow
        ("ru", "2-й ход", [(2, "ordinal")]),  # a move follows, but no case of two ends in "й"
        ("es", "la 2.ª vez", [(2, "ordinal")]),  # ICU's digit ordinals: "2.ª", "2:a", "2रा", "2-ри"
        ("sv", "det 2:a draget", [(2, "ordinal")]),
        ("hi", "२रा", [(2, "ordinal")]),
        ("bg", "2-ри ход", [(2, "ordinal")]),
        ("hu", "a 2. lépés", []),  # "2." also ends a sentence: not read as an ordinal
        ("eo", "la 2-a movo", [(2, "ordinal")]),  # "dua"
        ("es", "el 2º movimiento", [(2, "ordinal")]),  # an ordinal indicator
        ("fr", "le 2e coup", [(2, "ordinal")]),  # "deuxième"
        ("en", "after 8h and 2x", [(8, "hour")]),  # "h" names a unit (not "eighth"); "x" ends no ordinal
        ("en", "the 2-minute penalty", [(2, "minute")]),
        ("es", "en 1 segundo, el segundo movimiento", [(1, "second"), (2, "ordinal")]),  # both senses
    ],
)
def test_ordinals_in_digits_and_a_unit_that_is_also_an_ordinal(bare_kb, language, text, found):
    assert [(q.value, q.unit) for q in quantities(text, language, bare_kb)] == found


def test_a_label_is_not_a_number(bare_kb):
    assert quantities("som i § 9.2.2 er opstået mindst fem gange", "da", ROOT / "kb")[0].value == 5


# ---------------------------------------------------------------------------------------------
# Leave one language out: hu-2018 with kb/languages/hu.yaml deleted, beside two other seeds. One
# sentence is removed (its parameter must be absent) and one number changed (read from the text).

REMOVED = "Ez egy játszmán belül öt alkalommal lehetséges."
CHANGED = ("legfeljebb 3 partit", "legfeljebb 4 partit")


@pytest.fixture(scope="module")
def without_hu(tmp_path_factory):
    corpus, kb = copy_project(tmp_path_factory.mktemp("no-hu"), ["nb-2014", "da-2017", "hu-2018"])
    (kb / "languages" / "hu.yaml").unlink()
    path = corpus / "hu-2018.txt"
    text = path.read_text(encoding="utf-8")
    assert text.count(REMOVED) >= 1 and text.count(CHANGED[0]) == 1
    path.write_text(text.replace(REMOVED, "").replace(*CHANGED), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    return corpus, kb


@icu  # numbers in words ("két") come from ICU; without PyICU the build degrades, as the Makefile says
def test_hu_keeps_its_parameters_without_its_language_file(without_hu, capsys):
    _, kb = without_hu
    rows = {
        (r["parameter"], r["rule"]): r
        for r in load(kb / "generated" / "parameters.yaml")
        if r["edition"] == "hu-2018"
    }
    cells = {
        (name, rule.id): values["hu-2018"]
        for rule in load_rules(ROOT / "kb")
        for name, values in rule.expected.items()
        if "hu-2018" in values and name != "scoresheet_view.max_requests"
    }
    cells[("rapid.max_supervised_games", "rapid-competition-rules-apply")] = 4  # the changed text says 4
    right = [key for key, value in cells.items() if key in rows and rows[key]["value"] == value]
    missed = sorted(
        f"{name}={rows[(name, rule)]['value'] if (name, rule) in rows else None}"
        for name, rule in set(cells) - set(right)
    )
    with capsys.disabled():
        print(
            f"\nhu-2018 without hu.yaml: {len(right)}/{len(cells)} curated-gold parameters right; "
            f"missed {missed}"
        )
    assert len(right) / len(cells) >= 0.93
    assert not any(name == "scoresheet_view.max_requests" for name, _ in rows)  # the text states none


def test_languages_draft_shows_its_evidence(without_hu, tmp_path):
    corpus, kb = without_hu
    args = ["--corpus", str(corpus), "--kb", str(kb)]
    result = CliRunner().invoke(main, ["languages", "draft", "hu", *args])
    assert result.exit_code == 0, result.output
    assert "language: hu" in result.output and "# hu-2018" in result.output and "(as in " in result.output
    out = tmp_path / "hu.yaml"
    written = CliRunner().invoke(main, ["languages", "draft", "hu", "--out", str(out), *args])
    assert written.exit_code == 0 and out.read_text(encoding="utf-8") == result.output
    again = CliRunner().invoke(main, ["languages", "draft", "hu", "--out", str(out), *args])
    assert again.exit_code == 2 and "never replaces" in again.output
    assert out.read_text(encoding="utf-8") == result.output  # nothing overwritten
    kept = tmp_path / "kb" / "languages"  # a person who keeps the draft has a valid language file
    kept.mkdir(parents=True)
    (kept / "hu.yaml").write_text(result.output, encoding="utf-8")
    data = language_data(tmp_path / "kb", "hu")
    assert data is not None and data["units"]["minute"] and data["comparators"]["before"]


@pytest.mark.parametrize(("language", "message"), [("h-u", "not a language code"), ("fi", "no edition")])
def test_languages_draft_bad_input(language, message):
    result = CliRunner().invoke(main, ["languages", "draft", language])
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_languages_draft_needs_a_built_kb(tmp_path):
    result = CliRunner().invoke(main, ["languages", "draft", "hu", "--kb", str(tmp_path)])
    assert result.exit_code == 2 and "run 'chesslaws build' first" in result.output
    assert "Traceback" not in result.output and not any(tmp_path.iterdir())  # nothing written


# ---------------------------------------------------------------------------------------------
# A range: the references state only "less than 60"; the text says "zwischen 15 und 60 Minuten".


def _range_votes(bare_kb, text: str, upper: float):
    from extract.kb.learned_lexicon import Anchor, _ranges, _vote, _vote_range
    from extract.kb.learned_votes import Votes as _Votes
    from extract.text.quantities import compiled, tokens

    base, doc = compiled("de", bare_kb), tokens(text)
    at = next(i for i, t in enumerate(doc) if t.lower_ == str(int(upper)))
    anchor = Anchor("de-2001", "B.1", doc, at, at, upper, "minute", "less", ("en-2023",))
    lowers = _ranges([anchor], base)
    votes = _Votes({t.lower_: 1.0 for t in doc})
    _vote(anchor, base, votes, lowers)
    for (range_doc, first), place in lowers.items():
        _vote_range(range_doc, first, base, votes, place)
    return lowers, votes.decide("de").tables.get("comparators", {})


def test_a_range_teaches_between_from_its_upper_bound(bare_kb):
    lowers, comparators = _range_votes(bare_kb, "eine Bedenkzeit zwischen 15 und 60 Minuten", 60)
    assert [first for _, first in lowers] == [3]  # "15", whatever value the references give theirs
    assert comparators == {"between": ["zwischen"]}  # "und" joins the numbers, it is no "less"


def test_no_range_without_a_joining_word(bare_kb):
    lowers, comparators = _range_votes(bare_kb, "mehr als 15 Minuten, aber weniger als 60 Minuten", 60)
    assert not lowers and "between" not in comparators


def test_the_number_learners_read_a_word_as_the_tables_write_it(bare_kb):
    """Danish "ét" (a stressed "one") is a number to the reader, accents aside, but not to the number
    learners (`word_value`): they and the anchors that teach comparators read the same words, so "ét
    minut" stays a place where "mere end" is learned (leave-one-language-out da)."""
    from extract.text.quantities import compiled, word_value

    table = compiled("da", bare_kb)
    assert word_value("et", table) == (1.0, None) and word_value("ét", table) is None
    assert word_value("دقيقتين", compiled("ar", bare_kb)) == (2.0, "minute")
