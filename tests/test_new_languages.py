"""Texts in languages and scripts the project has no language data for: Bulgarian (Cyrillic sub-item
letters), Japanese (articles numbered in Chinese numerals, a table of contents with no known title),
German, French, Spanish, Italian, Greek, Arabic (Arabic-Indic digits, right-to-left marks), Persian
(Extended Arabic-Indic digits, zero-width non-joiners), Chinese (full-width digits and "第N条"), Armenian,
Georgian, Turkish, Polish, Czech, Hindi (Devanagari digits) and Latvian ("N. pants"). Hand-written
excerpts of the Laws' structure in tests/fixtures/languages/scripts, with the five required metadata keys
only. Their articles, appendices and guidelines are learned from the texts' own numbering; labels are
folded to ASCII, the printed label and the printed text are kept.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, copy_project, copy_site_sources, drop_in, load
from hypothesis import given
from hypothesis import strategies as st

from extract.cli import main
from extract.io.editions import load_editions
from extract.io.languages import language_data
from extract.model import Edition, Provision
from extract.text.clean import clean_line
from extract.text.labels import LETTER_ORDERS, fold_label, kanji_number, learned_heading, normalize_label
from extract.text.segment import coverage, leaves, segment

SCRIPTS = ROOT / "tests" / "fixtures" / "languages" / "scripts"
EDITIONS = {e.id: e for e in load_editions(SCRIPTS)}

# What each text's numbering shows: its articles, appendices and guidelines (in order).
ARTICLES = {
    "ar-2023": ["1", "6", "7", "A", "B"],
    "bg-2023": ["1", "6", "7", "A", "B"],
    "cs-2023": ["1", "6", "7", "A"],
    "de-2023": ["1", "6", "7", "9", "A", "B", "III"],
    "el-2023": ["1", "6", "7", "A", "B"],
    "es-2023": ["1", "6", "7", "A", "B"],
    "fa-2023": ["1", "6", "7"],
    "fr-2023": ["1", "6", "7", "A", "B", "I"],
    "hi-2023": ["1", "7"],
    "hy-2023": ["1", "6", "7", "A"],
    "it-2023": ["1", "6", "7", "A", "B"],
    "ja-2023": ["1", "6", "7", "12", "A"],
    "ka-2023": ["1", "6", "7", "A"],
    "lv-2023": ["1", "6", "7"],
    "pl-2023": ["1", "6", "7", "A"],
    "tr-2023": ["1", "6", "7", "A", "B"],
    "zh-2023": ["1", "6", "7", "A", "B"],
}
ITEM_KINDS = {"item", "appendix item", "guideline item"}


def test_the_fixtures_have_no_language_data():
    assert set(EDITIONS) == set(ARTICLES)
    for edition in EDITIONS.values():
        assert language_data(ROOT / "kb", edition.language) is None, edition.language


@pytest.mark.parametrize("edition_id", sorted(ARTICLES))
def test_articles_learned_from_the_numbering(edition_id):
    edition = EDITIONS[edition_id]
    provisions = segment(edition)
    by_label = {p.label: p for p in provisions}
    assert coverage(edition.text, provisions) == 1.0
    assert [p.label for p in provisions if p.kind == "article"] == ARTICLES[edition_id]
    for p in provisions:
        assert p.label.isascii() and "None" not in p.label, p.label
        if p.kind in ITEM_KINDS:
            head = p.label.rsplit(".", 1)[0]
            assert p.parent == head, (p.label, p.parent)  # "7.5.1" under 7.5 under 7
            assert by_label[head].kind in ITEM_KINDS | {"article"}
    assert by_label["1.1"].parent == "1" and by_label["7.5.1"].parent.split(".")[0] == "7"
    for label in ARTICLES[edition_id]:
        assert by_label[label].heading, label  # the title after the number
    assert not any(p.kind in ITEM_KINDS for p in provisions if p.label.startswith("front."))


@pytest.mark.parametrize(
    ("edition_id", "label", "printed", "text"),
    [
        ("ar-2023", "7.5.1", "٧.٥.١", "تكتمل"),
        ("ar-2023", "A.1", "A.١", "أكثر من ١٠ دقائق"),  # text keeps the digits as printed
        ("ar-2023", "7", "٧", "المادة ٧: المخالفات"),
        ("fa-2023", "7.5.5", "۷.۵.۵", "بار اول"),
        ("hi-2023", "7.5.5", "७.५.५", "पहली बार"),
        ("zh-2023", "7.5.1", "７．５．１", "当棋手"),
        ("zh-2023", "A.1", "Ａ．１", "多于１０分钟"),
        ("zh-2023", "A", "Ａ", "附录Ａ"),
        ("el-2023", "A.1", "\u0391.1", "Παρτίδα"),  # a Greek capital Alpha
        ("el-2023", "B", "\u0392", "Παράρτημα Β"),
    ],
)
def test_labels_in_ascii_printed_label_and_text_as_printed(edition_id, label, printed, text):
    by_label = {p.label: p for p in segment(EDITIONS[edition_id])}
    assert by_label[label].printed_label == printed
    assert text in by_label[label].text


def test_bidi_marks_zero_width_and_unicode_spaces_do_not_hide_labels():
    raw = "\u200f\u202b٧.٥.١\u00a0تكتمل\u2009النقلة\u202c"
    text, offsets, _ = clean_line(raw)
    assert text == "٧.٥.١ تكتمل النقلة" and len(offsets) == len(text)
    assert raw[offsets[0]] == "٧"
    assert clean_line("۶.۱\u200c ساعت می\u200cشود")[0] == "۶.۱ ساعت می\u200cشود"  # kept inside a word
    assert clean_line("第７条\u3000棋钟")[0] == "第７条 棋钟"


def test_a_table_of_contents_opens_nothing_and_a_list_is_not_an_article():
    contents = ["Artikel 6: Die Schachuhr", "Artikel 7: Regelwidrigkeiten", "7.5.1 Ein Zug"]
    assert learned_heading("Artikel 6: Die Schachuhr", contents[1:]) is None
    assert learned_heading("Artikel 7: Regelwidrigkeiten", contents[2:]) == ("7", "7", "Regelwidrigkeiten")
    assert learned_heading("1. Der Spieler am Zug", ["6.2 Während der Partie"]) is None
    assert learned_heading("第7条 违规", ["7.5.1 当棋手"]) == ("7", "7", "违规")
    assert learned_heading("7. pants. Pārkāpumi", ["7.5.1. Neatļauts"]) == ("7", "7", "Pārkāpumi")
    assert learned_heading("Anhang A. Schnellschach", ["A.1 Eine"]) == ("A", "A", "Schnellschach")
    assert learned_heading("Anhang A. Schnellschach", ["B.1 Eine"]) is None
    assert learned_heading("Richtlinien III. Partien", ["III.1 Eine"]) == ("III", "III", "Partien")


def _zeros() -> list[str]:
    """The digit zero of every decimal digit script Unicode knows in the Basic Multilingual Plane."""
    return [
        chr(c)
        for c in range(0x10000)
        if unicodedata.category(chr(c)) == "Nd" and unicodedata.decimal(chr(c)) == 0
    ]


LABELS = st.lists(st.integers(0, 99), min_size=1, max_size=4).map(lambda ns: ".".join(map(str, ns)))


@given(label=LABELS, zero=st.sampled_from(_zeros()), prefix=st.sampled_from(["", "A.", "III."]))
def test_a_label_in_any_digit_script_folds_to_the_ascii_label(label, zero, prefix):
    written = prefix + "".join(chr(ord(zero) + int(ch)) if ch.isdigit() else ch for ch in label)
    assert normalize_label(written) == normalize_label(prefix + label)
    line = f"{written} text"
    assert fold_label(line) == f"{prefix}{label} text" and len(fold_label(line)) == len(line)


@given(label=LABELS)
def test_full_width_labels_fold_to_ascii(label):
    wide = "".join(chr(ord(ch) + 0xFEE0) for ch in label)  # "７．５．１"
    assert fold_label(f"{wide} 文") == f"{label} 文"
    assert normalize_label(wide) == normalize_label(label)


# ---------------------------------------------------------------------------------------------
# Sub-item letters of other alphabets, numerals in words, a table of contents known by its shape


@pytest.mark.parametrize(
    ("edition_id", "label", "printed", "text"),
    [
        ("bg-2023", "7.5.1.a", "а)", "се възстановява"),
        ("bg-2023", "7.5.1.c", "в)", "играта продължава"),  # "в" is the third letter: c, not a B
        ("bg-2023", "7.5.1.d", "г)", "докоснатата"),
        ("bg-2023", "7.5.1.e", "д)", "в случай на съмнение"),  # a one-letter word in running text
        ("el-2023", "7.5.1.c", "γ)", "η παρτίδα"),  # on the same line as β)
        ("el-2023", "7.5.1.f", "στ)", "ο αντίπαλος"),  # the Greek numeral six
        ("ar-2023", "7.5.1.b", "ب)", "تضبط الساعة"),
        ("ar-2023", "7.5.1.e", "هـ)", "و هذا"),  # abjad order: ha is the fifth
        ("hy-2023", "7.5.1.a", "ա)", "Անօրինական"),  # right after the label
        ("hy-2023", "7.5.1.c", "գ)", "Ժամացույցները"),
        ("ka-2023", "7.5.1.b", "ბ)", "საათები"),
        ("ka-2023", "7.5.1.c", "გ)", "პარტია"),
        ("ja-2023", "7", "七", "第七条"),
        ("ja-2023", "12", "十二", "第十二条"),
    ],
)
def test_sub_item_letters_of_other_alphabets_by_their_place(edition_id, label, printed, text):
    edition = EDITIONS[edition_id]
    by_label = {p.label: p for p in segment(edition)}
    provision = by_label[label]
    assert provision.printed_label == printed and text in provision.text
    if "." in label:
        assert provision.parent == label.rsplit(".", 1)[0]
        raw = edition.text[provision.start :].lstrip("\u200f")  # a right-to-left mark opens the line
        assert raw.startswith(printed)  # offsets: one code point each


def test_upper_case_look_alikes_still_fold_and_lists_of_letters_end_where_the_numbering_goes_on():
    by_label = {p.label: p for p in segment(EDITIONS["bg-2023"])}
    assert by_label["B"].printed_label == "В" and by_label["B.1"].parent == "B"  # Cyrillic Ve: appendix B
    assert by_label["7.5.5"].parent == "7.5" and "7.5.1.f" not in by_label


def _edition(tmp_path: Path, body: str) -> Edition:
    path = tmp_path / "xx-2023.txt"
    path.write_text(body, encoding="utf-8")
    return Edition("xx-2023", "xx", "t", "2023", "2023-01-01", None, None, None, None, (), path, body)


def test_a_list_must_start_at_the_first_letter(tmp_path):
    body = "Член 7: Нарушения\n7.5.1 Текст:\nв) не е начало на списък.\nи) също не.\n7.5.2 Друг.\n"
    labels = [p.label for p in segment(_edition(tmp_path, body))]
    assert labels == ["7", "7.5", "7.5.1", "7.5.2"]


@given(
    order=st.sampled_from(LETTER_ORDERS),
    count=st.integers(1, 8),
    inline=st.booleans(),
)
def test_any_alphabet_list_is_lettered_by_place(tmp_path_factory, order, count, inline):
    letters = order[:count]
    items = [f"{letter}) пункт {i};" for i, letter in enumerate(letters)]
    body = "Член 7: Нарушения\n7.5.1 Текст:\n" + ("\n".join(items) if not inline else " ".join(items))
    body += "\n7.5.2 Друг.\n"
    edition = _edition(tmp_path_factory.mktemp("alphabet"), body)
    provisions = segment(edition)
    subs = [p for p in provisions if p.parent == "7.5.1"]
    assert [p.label for p in subs] == [f"7.5.1.{chr(ord('a') + i)}" for i in range(len(letters))]
    assert [p.printed_label for p in subs] == [f"{letter})" for letter in letters]
    assert [p.text for p in subs] == [f"пункт {i};" for i in range(len(letters))]
    assert coverage(body, provisions) == 1.0


def _kanji(n: int) -> str:
    digits = "〇一二三四五六七八九"
    tens, ones = divmod(n, 10)
    if not tens:
        return digits[ones]
    return (digits[tens] if tens > 1 else "") + "十" + (digits[ones] if ones else "")


@given(number=st.integers(1, 99))
def test_chinese_numerals_of_article_headings(number):
    assert kanji_number(_kanji(number)) == number
    heading = f"第{_kanji(number)}条 标题"
    assert learned_heading(heading, [f"{number}.1 文"]) == (str(number), _kanji(number), "标题")
    assert learned_heading(heading, [f"{number % 99 + 1}.1 文"]) is None


def test_a_table_of_contents_known_by_its_shape():
    provisions = segment(EDITIONS["ja-2023"])
    contents = next(p for p in provisions if p.label == "contents")
    assert contents.text.startswith("目次\n第一条") and contents.text.endswith(
        "アービターの役割"
    )  # its title too
    assert next(p for p in provisions if p.label == "front.1").text == "国際チェス連盟チェス競技規則"
    assert [p.label for p in provisions if p.kind == "article"] == ARTICLES["ja-2023"]


# ---------------------------------------------------------------------------------------------
# Every command on a copy of the project with all fifteen texts dropped in (five keys each, no
# language data).


@pytest.fixture(scope="module")
def dropped(tmp_path_factory):
    corpus, kb = copy_project(tmp_path_factory.mktemp("languages"))
    assert all(e.path.stem == e.id for e in EDITIONS.values())
    drop_in(corpus, [(e.path, e.language, "2023", "2023-01-01") for e in EDITIONS.values()])
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    return corpus, kb, result.output


def run(corpus: Path, kb: Path, *args: str) -> str:
    result = CliRunner().invoke(main, [*args, "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code in (0, 1), f"{args}: exit {result.exit_code}\n{result.output}"
    return result.output


def test_build_covers_every_text_and_maps_its_leaves(dropped, capsys):
    corpus, kb, output = dropped
    assert "no language data" in output
    rows = load(kb / "generated" / "alignment.yaml")
    figures = []
    for edition_id, edition in sorted(EDITIONS.items()):
        document = load(kb / "generated" / "provisions" / f"{edition_id}.yaml")
        provisions = [Provision.from_dict(edition_id, p) for p in document["provisions"]]
        text = (corpus / edition.path.name).read_text(encoding="utf-8")
        assert coverage(text, provisions) == 1.0
        mapped = {r["label"] for r in rows if r["edition"] == edition_id}
        # the Laws' 7.5.1 has no sub-items: the fixtures add some to test sub-item letters, and they have
        # no rule to map to
        items = [p for p in leaves(provisions) if p.kind in ITEM_KINDS and not p.label.startswith("7.5.1.")]
        share = sum(p.label in mapped for p in items) / len(items)
        figures.append(f"{edition_id} {len(provisions)} provisions, items mapped {share:.0%}")
        assert share >= 0.6, edition_id  # no wording in common: chapters paired by their numbers
    with capsys.disabled():
        print("\n" + "\n".join(figures))
    reference = {r["label"]: r["rule"] for r in rows if r["edition"] == "hu-2018"}
    penalty = {r["edition"]: r["rule"] for r in rows if r["label"] == "7.5.5" and r["edition"] in EDITIONS}
    assert len(penalty) == len(EDITIONS) and set(penalty.values()) == {reference["7.5.5"]}


def test_every_command_runs_on_the_new_languages(dropped, tmp_path):
    corpus, kb, _ = dropped
    for args in (
        ("show", "ar-2023:7.5.1"),
        ("show", "illegal-move-penalty"),
        ("export", "provisions", "--edition", "zh-2023", "--format", "jsonl"),
        ("export", "parameters", "--format", "json"),
        ("classify", "12+0", "--edition", "de-2023"),
        ("lint", "--edition", "fa-2023"),
        ("diff", "hu-2018", "el-2023"),
        ("diff", "ar-2023", "zh-2023", "--format", "json"),
    ):
        run(corpus, kb, *args)
    shown = run(corpus, kb, "show", "zh-2023:7.5.5")
    assert "７．５．５" in shown or "第一次" in shown


def test_check_runs_on_the_new_languages(dropped):
    corpus, kb, _ = dropped
    results = json.loads(run(corpus, kb, "check", "--no-benchmark", "--format", "json", "--time-limit", "0"))[
        "results"
    ]
    assert {r["edition"] for r in results} >= {"de-2023", "ar-2023", "zh-2023"}


def test_the_site_builds_with_texts_in_other_scripts(tmp_path):
    """Right-to-left Arabic, Chinese, Greek and Devanagari beside one seed edition: the whole site
    (search index, compare pages, downloads) builds; a smaller corpus than `dropped`, for speed."""
    corpus, kb = copy_project(tmp_path, ["hu-2018"])
    drop_in(corpus, [(EDITIONS[e].path, EDITIONS[e].language, "2023", "2023-01-01") for e in SITE_SCRIPTS])
    run(corpus, kb, "build")
    site_dir = copy_site_sources(tmp_path / "site")
    run(corpus, kb, "site", "--out", str(tmp_path / "public"), "--site-dir", str(site_dir))
    pages = {p.relative_to(tmp_path / "public").as_posix() for p in (tmp_path / "public").rglob("*.html")}
    assert {f"editions/{e}.html" for e in SITE_SCRIPTS} <= pages
    arabic = (tmp_path / "public" / "editions" / "ar-2023.html").read_text(encoding="utf-8")
    assert "٧" in arabic  # the printed digits stay as printed


SITE_SCRIPTS = ("ar-2023", "zh-2023", "el-2023", "hi-2023")


# An unnumbered titled part after the appendices whose items count from 1 again: the 2009 layout of the
# adjournment guideline, found by its numbering in a language no file describes.
APPENDIX_F = "Anhang F. Schach960\nF.1 Regeln.\nHinweise\n1. Erster Hinweis.\n2. Zweiter Hinweis.\n"


def test_an_unnumbered_part_after_the_appendices_opens_the_guideline(tmp_path):
    title = "Leitfaden für eine Partie die vertagt werden muss"
    body = APPENDIX_F + f"{title}\n1. a) Abgabe.\nb) Ende.\n2. Umschlag.\n"
    by_label = {p.label: p for p in segment(_edition(tmp_path, body))}
    assert by_label["GL"].heading == title
    assert by_label["GL.1.a"].text == "Abgabe." and by_label["GL.2"].text == "Umschlag."


@pytest.mark.parametrize(
    "title",
    [
        "Weitere Hinweise",  # two words: a sub-heading
        "Leitfaden für eine Partie die vertagt werden muss.",  # a sentence
        "Leitfaden 2 für eine vertagte Partie",  # a number in it
    ],
)
def test_no_unnumbered_part_without_a_title_line(tmp_path, title):
    labels = [p.label for p in segment(_edition(tmp_path, APPENDIX_F + f"{title}\n1. Abgabe.\n"))]
    assert not any(label.startswith("GL") for label in labels)


def test_no_unnumbered_part_when_the_list_did_not_pass_one(tmp_path):
    body = "Anhang F. Schach960\nF.1 Regeln.\nLeitfaden für eine Partie die vertagt werden muss\n1. Abgabe.\n"
    assert not any(p.label.startswith("GL") for p in segment(_edition(tmp_path, body)))
