"""Any edition, any language: a text and five metadata keys give a working KB, with no code and no
curation. Language data comes from kb/languages through --kb; a language without a file still builds.

The acceptance test reads two real texts the project never curated from ../shared/editions (skipped
when that folder is absent; they are never copied into the project).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_project, drop_in, load

from extract.cli import main
from extract.io.editions import load_editions
from extract.io.languages import language_data, lexicon, structure_words
from extract.model import InputError
from extract.text.analyse import quantities
from extract.text.segment import coverage, fold_label, leaves, segment

FIXTURE = ROOT / "tests" / "fixtures" / "languages" / "corpus"
SHARED = ROOT.parent / "shared" / "editions"
if not SHARED.is_dir():  # a worktree beside the main checkout: ../shared is the project's sibling
    SHARED = Path("/work/shared/editions")


def russian() -> tuple[object, list]:
    edition = load_editions(FIXTURE)[0]
    return edition, segment(edition)


def test_five_keys_are_enough_and_the_title_comes_from_the_text():
    edition = load_editions(FIXTURE)[0]
    assert edition.id == "ru-2023" and edition.fide_edition == "2023"
    assert edition.title == "Правила игры ФИДЕ"
    assert edition.congress is None and edition.translator is None


def test_russian_statya_headings_lookalike_letters_and_linked_contents():
    edition, provisions = russian()
    by_label = {p.label: p for p in provisions}
    assert coverage(edition.text, provisions) == 1.0
    assert by_label["6"].kind == "article" and by_label["6"].heading == "Шахматные часы"
    assert by_label["7.5.1"].parent == "7.5"
    assert by_label["A.1"].parent == "A"
    # "В.1" is printed with a Cyrillic Ve: folded to B.1, the printed label kept as printed
    assert by_label["B.1"].printed_label == "\u0412.1" and by_label["B.1"].parent == "B"
    assert by_label["contents"].text.count("Статья") == 2  # the links open nothing
    assert "None" not in "".join(p.label for p in provisions)


def test_fold_label_keeps_length_and_words():
    assert fold_label("\u0421.10.1 text") == "C.10.1 text"
    assert fold_label("Статья 7: Нарушения") == "Статья 7: Нарушения"  # a word, not a label
    assert len(fold_label("\u0412.2 x")) == len("\u0412.2 x")


def test_russian_quantities_comparators_and_multiplier():
    found = quantities("более 10 минут, но менее 60 минут, или время плюс добавление, умноженное на 60", "ru")
    assert [(q.value, q.unit, q.comparator) for q in found] == [
        (10.0, "minute", "more"),
        (60.0, "minute", "less"),
        (60.0, "factor", None),
    ]
    english = quantities("10 minutes or less; the time allotted plus 60 times any increment", "en")
    assert [(q.value, q.unit, q.comparator) for q in english] == [
        (10.0, "minute", "at_most"),
        (60.0, "factor", None),
    ]


def test_language_data_is_read_through_kb_dir(tmp_path):
    kb = tmp_path / "kb"
    shutil.copytree(ROOT / "kb" / "languages", kb / "languages")
    assert language_data(kb, "ru") is not None and "статья" in structure_words(kb)["article_before"]
    (kb / "languages" / "ru.yaml").unlink()
    structure_words.cache_clear()
    language_data.cache_clear()
    try:
        edition = load_editions(FIXTURE)[0]
        labels = {p.label for p in segment(edition, kb)}
        assert "preface" not in labels  # "Предисловие" is a word of ru.yaml
        assert {"6", "6.1", "7.5.1"} <= labels  # articles learned from the numbering alone
        assert lexicon(kb, "ru")["units"] == {}
    finally:
        structure_words.cache_clear()
        language_data.cache_clear()


def test_a_bad_language_file_names_file_and_line(tmp_path):
    kb = tmp_path / "kb"
    (kb / "languages").mkdir(parents=True)
    (kb / "languages" / "xx.yaml").write_text("numbers: {}\ncomparator:\n  before: {}\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        language_data(kb, "xx")
    assert error.value.line == 2 and "unknown key 'comparator'" in error.value.message


def test_a_language_without_a_file_builds_and_says_so_once(tmp_path):
    corpus, kb = copy_project(tmp_path, ["da-2001"])  # one edition to align the new one with
    (kb / "languages" / "ru.yaml").unlink()
    shutil.copy(FIXTURE / "ru-2023.txt", corpus / "ru-2023.txt")
    with (corpus / "editions.yaml").open("a", encoding="utf-8") as meta:
        meta.write(
            '\n- id: ru-2023\n  file: ru-2023.txt\n  language: ru\n  fide_edition: "2023"\n'
            '  in_force: "2023-01-01"\n'
        )
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if "no language data" in line]
    assert len(lines) == 1 and "'ru'" in lines[0] and "ru-2023" in lines[0]
    provisions = load(kb / "generated" / "provisions" / "ru-2023.yaml")
    assert any(p["label"] == "7.5.1" for p in provisions["provisions"])


# ---------------------------------------------------------------------------------------------
# Acceptance: the English Laws of 2023 and 2009, dropped in with the five required keys only.

EXPECTED_2023 = {
    "illegal_move.time_bonus": 2,
    "illegal_move.loss_on": 2,
    "draw_claim.incorrect_time_bonus": 2,
    "default_time": 0,
    "rapid.lower_minutes": 10,
    "rapid.lower_inclusive": False,
    "rapid.upper_minutes": 60,
    "rapid.upper_inclusive": False,
    "blitz.upper_minutes": 10,
    "blitz.upper_inclusive": True,
    "increment.factor": 60,
    "fifty_move.moves": 50,
    "seventyfive_move.moves": 75,
    "repetition.claim_occurrences": 3,
    "repetition.automatic_occurrences": 5,
    "scoresheet.exempt_below_minutes": 5,
    "scoresheet.exempt_increment_seconds": 30,
    "quickplay.claim_below_minutes": 2,
    "quickplay.increment_seconds": 5,
    "quickplay.time_bonus": 2,
    "rapid.max_supervised_games": 3,
    "rapid.moves_before_setup_claims_closed": 10,
    "scoresheet_view.max_requests": 5,
    "colours_reversed.restart_before_moves": 10,
    "visually_impaired.board_min_cm": 20,
}


@pytest.fixture(scope="module")
def english(tmp_path_factory):
    if not (SHARED / "en-2023.txt").is_file() or not (SHARED / "en-2009.txt").is_file():
        pytest.skip("../shared/editions is absent")
    corpus, kb = copy_project(tmp_path_factory.mktemp("english"))
    drop_in(
        corpus,
        [
            (SHARED / "en-2023.txt", "en", "2023", "2023-01-01"),
            (SHARED / "en-2009.txt", "en", "2009", "2009-07-01"),
        ],
    )
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    return corpus, kb


def run(corpus: Path, kb: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [*args, "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1), f"{args}: exit {result.exit_code}\n{result.output}"
    return result.exit_code, result.output


def generated(kb: Path, name: str) -> Any:
    return load(kb / "generated" / name)


def test_every_command_runs_on_the_new_editions(english):
    corpus, kb = english
    for args in (
        ("show", "illegal-move-penalty"),
        ("show", "en-2023:7.5.5"),
        ("export", "parameters", "--format", "json"),
        ("export", "provisions", "--edition", "en-2009", "--format", "csv"),
        ("classify", "12+0", "--edition", "en-2023"),
        ("check", "--no-benchmark"),
        ("diff", "sv-2009", "en-2009"),
        ("lint", "--edition", "en-2023"),
    ):
        run(corpus, kb, *args)


def test_coverage_and_leaves_mapped(english, capsys):
    corpus, kb = english
    rows = generated(kb, "alignment.yaml")
    editions = {e.id: e for e in load_editions(corpus)}
    for edition in ("en-2023", "en-2009"):
        document = generated(kb, f"provisions/{edition}.yaml")
        from extract.model import Provision

        provisions = [Provision.from_dict(edition, p) for p in document["provisions"]]
        mapped = {r["label"] for r in rows if r["edition"] == edition}
        methods = {r["method"] for r in rows if r["edition"] == edition}
        found = leaves(provisions)
        share = sum(1 for p in found if p.label in mapped) / len(found)
        with capsys.disabled():
            print(
                f"\n{edition}: coverage {coverage(editions[edition].text, provisions):.2%}, "
                f"leaves mapped {share:.1%} of {len(found)}"
            )
        assert coverage(editions[edition].text, provisions) == 1.0
        assert share >= 0.90
        assert methods == {"aligner"}
        assert not any("None" in p.label for p in provisions)
        evidence = [r for r in rows if r["edition"] == edition]
        assert all(r["evidence"] and 0 < r["confidence"] <= 1 for r in evidence)


def test_en_2023_parameters_and_classify(english, capsys):
    corpus, kb = english
    values = {
        p["parameter"]: p["value"] for p in generated(kb, "parameters.yaml") if p["edition"] == "en-2023"
    }
    wrong = {
        name: (values.get(name), want) for name, want in EXPECTED_2023.items() if values.get(name) != want
    }
    with capsys.disabled():
        print(
            f"\nen-2023: {len(EXPECTED_2023) - len(wrong)}/{len(EXPECTED_2023)} values right; wrong: {wrong}"
        )
    assert len(EXPECTED_2023) - len(wrong) >= 24
    _, output = run(corpus, kb, "classify", "12+0", "--edition", "en-2023", "--format", "json")
    assert "rapid" in output


def test_en_2009_reads_as_the_2009_laws(english, capsys):
    corpus, kb = english
    rows = generated(kb, "parameters.yaml")

    def values(edition: str) -> dict[str, object]:
        return {p["parameter"]: p["value"] for p in rows if p["edition"] == edition}

    assert values("en-2009") == values("sv-2009")
    _, output = run(corpus, kb, "check", "--no-benchmark", "--format", "json", "--time-limit", "0")
    results = json.loads(output)["results"]
    mine = [r for r in results if r["edition"] == "en-2009"]
    held = sum(r["status"] == "pass" for r in mine)
    assert all(r["expected_from"] == "FIDE 2009" for r in mine)
    seeds = [r for r in results if r["edition"] not in ("en-2009", "en-2023")]
    rulings = [r for r in results if r["edition"] == "en-2023"]
    with capsys.disabled():
        print(
            f"\nen-2009: {held}/{len(mine)} expectations of the 2009 Laws hold; seeds "
            f"{sum(r['status'] == 'pass' for r in seeds)}/{len(seeds)} pass; en-2023 {len(rulings)} rulings"
        )
    assert held / len(mine) >= 0.90
    assert all(r["status"] == "pass" for r in seeds)
    assert rulings and all(r["status"] == "ruling" for r in rulings)
    for r in results:
        if r["status"] == "FAIL":  # a failure names the translation, both rulings and the quotes
            assert r["edition"] and r["expected"] and "actual" in r and r["quotes"]


# Added and removed are FIDE changes; a rule one translation leaves out is `not-in-translation` (hu-2018
# refers to the English text for Chess960 and has no glossary). Counting those too, sv-2009 -> en-2009
# stays within 10% and hu-2018 -> en-2023 within 15%.
@pytest.mark.parametrize(
    ("a", "b", "with_omissions"), [("sv-2009", "en-2009", 0.10), ("hu-2018", "en-2023", 0.15)]
)
def test_diffs_of_the_new_editions(english, capsys, a, b, with_omissions):
    corpus, kb = english
    _, output = run(corpus, kb, "diff", a, b, "--format", "json")
    document = json.loads(output)
    total = len(document["rules"])
    changed = len(document["added"]) + len(document["removed"])
    omitted = document["counts"].get("not-in-translation", 0)
    with capsys.disabled():
        print(
            f"\ndiff {a} {b}: {len(document['added'])} added, {len(document['removed'])} removed, "
            f"{omitted} not in one translation, of {total} rules ({changed / total:.1%}; "
            f"{(changed + omitted) / total:.1%} with omissions); "
            f"{len(document['parameter_changes'])} parameter changes, "
            f"{document['counts'].get('content-changed', 0)} content-changed, "
            f"{document['counts'].get('behaviour-changed', 0)} behaviour-changed"
        )
    if a == "sv-2009":  # the same 2009 Laws in two languages (issue 14): wording is not a FIDE change
        assert not document["parameter_changes"]
        assert document["counts"].get("behaviour-changed", 0) == 0
        assert document["counts"].get("content-changed", 0) <= 0.05 * total
    assert changed / total <= 0.10
    assert (changed + omitted) / total <= with_omissions


# The site on a KB with editions beyond the seed five is built once, by
# tests/test_new_languages.py::test_every_command_runs_on_the_new_languages (fifteen new texts).
