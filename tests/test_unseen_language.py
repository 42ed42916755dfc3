"""Texts in a language and script nobody here reads (issue 24): the pseudo-language texts of
tools/unseen_language.py, a small case of what `make bench` measures on five of them."""

from __future__ import annotations

import re
import sys
from dataclasses import replace

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_project, drop_in, load

from extract.cli import main
from extract.text.quantities import quantities

sys.path.insert(0, str(ROOT / "tools"))
import unseen_language as unseen  # noqa: E402  (a script of tools/, not a package)

EXCERPT = """# Article 7: Irregularities

**7.5.5** After the action taken under Article 7.5.1, the arbiter shall give two minutes extra time to his
opponent; for the second completed illegal move by the same player the arbiter shall declare the game lost.

# Appendix A. Rapid chess

**A.1** A 'Rapid chess' game is one where all the moves must be completed in a fixed time of more than 10
minutes but less than 60 minutes for each player.

**A.3.1** (a) the player may claim. (b) 5 minutes.
"""


@pytest.mark.parametrize("name", sorted(unseen.VARIANTS))
def test_the_numbering_stays_and_every_word_changes(name):
    variant = unseen.VARIANTS[name]
    made = unseen.make_text(EXCERPT, variant)
    assert made == unseen.make_text(EXCERPT, variant)  # deterministic
    digits = str.maketrans("0123456789", unseen.DIGITS[variant.digits])
    for label in ("7.5.5", "A.1", "7.5.1", "A.3.1"):
        assert label.translate(digits) in made
    assert "(a)" in made and "(b)" in made  # sub-item letters as printed
    words = set(re.findall(r"[^\W\d_]{2,}", made))
    assert not words & {"Article", "Appendix", "minutes", "arbiter", "Rapid"}
    assert variant.script == "latin" or all(not w.isascii() for w in words)  # other letters than English
    if variant.number_words:  # "5 minutes" in words; 60 stays digits
        assert "60".translate(digits) in made and " 5 " not in made


def test_inflected_forms_share_a_stem_and_capitals_follow_the_script():
    greek, georgian = unseen.VARIANTS["el-2023"], unseen.VARIANTS["ka-2023"]
    minute, minutes = unseen.pseudo_word("minute", greek), unseen.pseudo_word("minutes", greek)
    assert minute[:3] == minutes[:3] and minute != minutes
    assert unseen.pseudo_word("Article", greek)[0].isupper()
    assert unseen.pseudo_word("Article", georgian) == unseen.pseudo_word("article", georgian)


def test_a_square_is_not_a_number():
    assert quantities("1. e4 e5 2. Sf3 Sc6 3 minutter", "da", ROOT / "kb")[0].value == 3
    assert [q.value for q in quantities("Sf3 s", "da", ROOT / "kb")] == []


@pytest.fixture(scope="module")
def georgian(tmp_path_factory):
    """A pseudo-Georgian text of the 2023 Laws made from ../shared/editions/en-2023.txt, beside two
    seeds to align with (no kb/languages file for ka, whose CLDR words the text never uses)."""
    if not (unseen.SHARED / "en-2023.txt").is_file():
        pytest.skip("../shared/editions is absent")
    return built(tmp_path_factory.mktemp("unseen"), ["nb-2014", "da-2017"], "ka-2023", "2023-01-01")


def built(tmp, seeds: list[str], variant: str, in_force: str):
    """A copy of the project with `seeds` only and the made-up text of `variant` dropped in, built."""
    corpus, kb = copy_project(tmp, seeds)
    made = unseen.VARIANTS[variant]
    text = tmp / f"{variant}.txt"
    text.write_text(unseen.make_text(unseen.source_text(made.source), made), "utf-8")
    drop_in(corpus, [(text, variant.split("-")[0], made.fide_edition, in_force)])
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    return corpus, kb


def test_an_unseen_script_maps_its_leaves_and_reads_its_numbers(georgian):
    _, kb = georgian
    rows = load(kb / "generated" / "alignment.yaml")
    assert sum(r["edition"] == "ka-2023" for r in rows) >= 250
    rows = load(kb / "generated" / "parameters.yaml")
    values = {p["parameter"]: p for p in rows if p["edition"] == "ka-2023"}
    # the minute word is learned from the aligned editions; the numbers come from the text's own span
    assert values["rapid.upper_minutes"]["value"] == 60 and values["rapid.lower_minutes"]["value"] == 10
    assert values["illegal_move.time_bonus"]["value"] == 2  # "two" learned before the learned minute word
    assert values["blitz.upper_minutes"]["value"] == 10 and values["blitz.upper_inclusive"]["value"] is True
    # "at least five times": the word for times is not learned; the one number the text states where
    # the references state the count is read by its place (kb/aligned_values.py)
    assert values["repetition.automatic_occurrences"]["value"] == 5
    from test_editions import EXPECTED_2023

    wrong = {
        n: r["value"] for n, r in values.items() if n in EXPECTED_2023 and r["value"] != EXPECTED_2023[n]
    }
    assert not wrong  # what is read is right; what is not read is absent
    text = (georgian[0] / "ka-2023.txt").read_text(encoding="utf-8")
    for row in values.values():  # every quote is the text's own
        assert row["quote"] in text or row["quote"].split()[0] in text


def test_units_are_learned_where_the_library_words_are_never_heard():
    """A language whose CLDR minute words the text never uses (ka: "წუთი"): the word after the
    numbers the references count in minutes is learned, and the number word before it next; a word
    glued to 60 alone ("60-ფოლდ", sixty-fold) is not a minute word."""
    from extract.kb.learned_lexicon import learn

    texts = {
        "r1": ("mere end 10 minutter men mindre end 60 minutter", "ჰჰ 10 მინწ ჯჯ 60 მინწ"),
        "r2": ("10 minutter eller mindre", "10 მინწ ზზ"),
        "r3": ("modstanderen får to minutter", "ქქ ტვე მინწ"),
        "r4": ("to minutter ekstra", "ტვე მინწ ღღ"),
        "r5": ("højst 60 minutter", "60-ფოლდ ტტტ"),
    }
    provisions = {
        "da-2017": [(rule, {"label": rule, "text": da}) for rule, (da, _) in texts.items()],
        "xx-2023": [(rule, {"label": rule, "text": ka}) for rule, (_, ka) in texts.items()],
    }
    assigned = {(e, rule): (rule,) for e in provisions for rule in texts}
    languages = {"da-2017": "da", "xx-2023": "ka"}
    tables = learn("ka", provisions, languages, assigned, ROOT / "kb").tables
    assert tables["units"]["minute"] == ["მინწ"]
    assert tables["numbers"] == {"ტვე": 2}


def test_the_harsher_variant_inflects_its_number_words_and_puts_comparators_after():
    variant = unseen.VARIANTS["am-2023"]
    made = unseen.make_text("He gets 2 minutes and 2 moves, more than 10 minutes.", variant)
    two = unseen.pseudo_word("two", variant)
    forms = re.findall(rf"{two}\w*", made)
    assert len(forms) == 2 and all(f != two for f in forms)  # the stem and a case ending
    ten, minutes, more = (unseen.pseudo_word(w, variant) for w in ("ten", "minutes", "more"))
    assert made.index(minutes, made.index(ten)) < made.rindex(more)  # "ten minutes more than"


def test_machine_translated_texts_keep_their_numbering_out_of_the_translation(monkeypatch) -> None:
    """tools/translated_language.py hands Apertium the text with every label (7.5.5, A.4, III.4, 6.11a,
    an appendix's letter) as an HTML tag and puts the labels back after; running numbers are translated
    with their sentence. Apertium is replaced here by an upper-casing stand-in, so no pair is needed."""
    import subprocess

    import translated_language as translated

    calls: list[str] = []

    def fake_apertium(command, input, **kwargs):  # noqa: A002 (subprocess.run's own keyword)
        calls.append(input)
        said = input.replace("two", "dos").replace("moves", "jugadas").replace("Appendix", "Apéndice")
        return subprocess.CompletedProcess(command, 0, stdout=said)

    monkeypatch.setattr(translated.subprocess, "run", fake_apertium)
    source = "**7.5.5** See Article 6.11a and Appendix A (A.4, III.4): two minutes & 10 moves."
    done = translated.translate(source, translated.TRANSLATIONS["es-2023"])
    assert done == "**7.5.5** See Article 6.11a and Apéndice A (A.4, III.4): dos minutes & 10 jugadas."
    assert "7.5.5" not in calls[0] and "III.4" not in calls[0] and "10 moves" in calls[0]


@pytest.mark.parametrize("name", [n for n, v in sorted(unseen.VARIANTS.items()) if not v.spaced])
def test_a_script_without_spaces_glues_its_words_and_numbers_but_not_its_numbering(name):
    variant = replace(unseen.VARIANTS[name], written="")  # the made-up words, not the ones written
    made = unseen.make_text(EXCERPT, variant)
    digits = str.maketrans("0123456789", unseen.DIGITS[variant.digits])
    label = "**A.1** ".translate(digits)
    line = next(line for line in made.splitlines() if line.startswith(label.strip()))
    assert line.startswith(label)  # the numbering keeps its space
    body = line[len(label) :]
    assert "10".translate(digits) in body and not re.search(r"\s\d|\d\s", body)  # digits glued
    assert not re.search(r"[^\W\d_]\s[^\W\d_]", body.replace("(a)", "").replace("(b)", ""))
    if variant.full_stop != ".":
        assert variant.full_stop in made and f"{variant.full_stop} " not in made.replace("\n", "")


@pytest.mark.skipif(not (unseen.SHARED / "en-2023.txt").is_file(), reason="../shared/editions is absent")
def test_alone_a_text_meets_only_the_seeds(tmp_path):
    """--alone: a 2023 text is built without en-2023 beside it, each text in a copy of its own, and
    en-2023 is built apart with the seeds to compare with."""
    ka, hy = unseen.VARIANTS["ka-2023"], unseen.VARIANTS["hy-2018"]
    assert unseen.groups([ka, hy], alone=True) == [[ka], [hy]]
    assert unseen.groups([ka, unseen.VARIANTS["el-2023"], hy], alone=False) == [
        [ka, unseen.VARIANTS["el-2023"]],
        [hy],
    ]

    def editions(corpus):
        return [e["id"] for e in load(corpus / "editions.yaml")]

    alone, _ = unseen.project(tmp_path / "alone", [ka], keep_source=False, english=False)
    beside, _ = unseen.project(tmp_path / "beside", [ka], keep_source=False)
    reference, _ = unseen.project(tmp_path / "reference", [], keep_source=True)
    seeds = [e["id"] for e in load(ROOT / "corpus" / "editions.yaml")]
    assert editions(alone) == [*seeds, "ka-2023"]
    assert editions(beside) == [*seeds, "ka-2023", "en-2023"]
    assert editions(reference) == [*seeds, "en-2023"]


def test_written_provisions_replace_the_made_up_ones_by_label_and_glossary_term():
    """zh-2024: the provisions tools/written/zh.yaml gives are in real Chinese, by en-2023's label
    ("**7.5.5**") or a glossary entry's English term, whole; every other line stays made up."""
    variant = unseen.VARIANTS["zh-2024"]
    written = load(ROOT / "tools" / "written" / "zh.yaml")
    source = (
        EXCERPT
        + "\n**default time:** 6.7. The specified time a player may be late.\n\n**B.9** Two minutes.\n"
    )
    made = unseen.make_text(source, variant).split("\n")
    assert len(made) == len(source.split("\n"))
    assert made[2] == f"**7.5.5** {written['7.5.5']}" and "两分钟" in made[2]
    assert made[-4] == written["default time"]
    assert made[-2].startswith("**B.9** ") and not re.search(r"[A-Za-z]{3}", made[-2])


def test_a_real_translation_of_a_seed_replaces_its_list_lines_by_the_seeds_labels_and_keeps_the_seed(
    tmp_path,
):
    """el-2018: tools/written/el-2018.yaml gives provisions of the 2017 Laws in Greek by hu-2018's
    labels ("- 7.5.5", "- A 3.1.1", "- III.4."); a real translation is no copy of its source, so
    hu-2018 stays in the corpus and keeps its own scenario expectations beside the text's."""
    variant = unseen.VARIANTS["el-2018"]
    written = load(ROOT / "tools" / "written" / "el-2018.yaml")
    source = (
        "- 7.5.5 Amennyiben két perc.\n- A 3.1.1 egy versenybíró legfeljebb 3 partit\n"
        "- III.4. *Ha 2 perc*\n- 7.6 Ha\n"
    )
    made = unseen.make_text(source, variant).split("\n")
    assert made[0] == f"- 7.5.5 {written['7.5.5']}"
    assert made[1] == f"- A 3.1.1 {written['A 3.1.1']}"
    assert made[2] == f"- III.4. {written['III.4']}"
    assert made[3].startswith("- 7.6 ") and not re.search(r"[A-Za-z]{3}", made[3])
    corpus, kb = unseen.project(tmp_path / "beside", [variant], keep_source=False, english=False)
    assert "hu-2018" in [e["id"] for e in load(corpus / "editions.yaml")]
    expected = [s.get("expect") or {} for path in (kb / "scenarios").glob("*.yaml") for s in load(path) or []]
    assert any("hu-2018" in e and "el-2018" in e for e in expected)


@pytest.mark.parametrize("variant", sorted(v for v, made in unseen.VARIANTS.items() if made.written))
def test_every_written_provision_replaces_a_provision_of_its_source(variant):
    """A key of tools/written/<file>.yaml that names no label or glossary term of the variant's source
    would leave that provision made up without a word said: each written text stands in the made text."""
    made = unseen.VARIANTS[variant]
    if made.source == "en-2023" and not (unseen.SHARED / "en-2023.txt").is_file():
        pytest.skip("../shared/editions is absent")
    text = unseen.make_text(unseen.source_text(made.source), made)
    written = load(ROOT / "tools" / "written" / f"{made.written}.yaml")
    missing = [key for key, value in written.items() if str(value) not in text]
    assert missing == []


def test_a_work_folder_that_is_not_empty_is_refused_before_anything_is_built(tmp_path, monkeypatch, capsys):
    """--work names a new folder: one with files in it is refused with exit code 2 and a plain message,
    and nothing in it is touched."""
    (tmp_path / "kept.txt").write_text("mine", encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["unseen_language.py", "--work", str(tmp_path), "ka-2023"])
    with pytest.raises(SystemExit) as stop:
        unseen.main()
    assert stop.value.code == 2
    assert "the folder is not empty" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]


@pytest.fixture(scope="module")
def thai(tmp_path_factory):
    """hu-2018 in made-up words of Thai letters glued without spaces, beside the other seeds (not
    hu-2018): ICU's Thai dictionary knows none of its words and cuts them differently everywhere."""
    seeds = ["da-2001", "sv-2009", "nb-2014", "da-2017"]
    return built(tmp_path_factory.mktemp("thai"), seeds, "th-2018", "2018-01-01")


def test_a_text_whose_words_icu_does_not_know_is_read_with_the_words_found_in_it(thai):
    """The build and the languages draft read the words discovered in the text
    (extract/text/discovered_words.py): "háromszor" (three times), "tíz" (ten) and "két perc" (two
    minutes) made up are each one word wherever they stand, so they are learned and read."""
    corpus, kb = thai
    rows = [p for p in load(kb / "generated" / "parameters.yaml") if p["edition"] == "th-2018"]
    values = {(p["parameter"], p["rule"]): p["value"] for p in rows}
    assert values[("repetition.claim_occurrences", "threefold-repetition-claim")] == 3
    assert values[("rapid.moves_before_setup_claims_closed", "rapid-setup-claims-closed")] == 10
    assert values[("quickplay.claim_below_minutes", "quickplay-draw-claim")] == 2
    minute = unseen.pseudo_word("perc", unseen.VARIANTS["th-2018"])
    draft = CliRunner().invoke(main, ["languages", "draft", "th", "--corpus", str(corpus), "--kb", str(kb)])
    assert draft.exit_code == 0, draft.output
    minutes = draft.output.split("minute:", 1)[1].split("move:", 1)[0]
    assert f'"{minute}"' in minutes or f" {minute} " in minutes  # the whole word, as the build reads it
