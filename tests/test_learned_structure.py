"""Structure words learned from aligned headings (issue 24): a second segmentation pass for an edition
in a language without a kb/languages file (extract/kb/learned_structure.py, extract/text/segment.py)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from extract.io.languages import DEFAULT_KB
from extract.kb.learned_structure import heading_word, learn_for, learn_structure
from extract.model import Edition
from extract.text.segment import coverage, duplicate_labels, segment


def edition(text: str, language: str = "xx") -> Edition:
    return Edition(
        f"{language}-2018", language, "t", "2018", "2018-01-01", None, None, None, None, (), Path("x"), text
    )


def rows(text: str, language: str = "xx", learned: dict[str, list[str]] | None = None) -> tuple[list, str]:
    provisions = segment(edition(text, language), DEFAULT_KB, learned)
    return [p.as_dict() for p in provisions], text


# An English reference (en.yaml names "Article" and "Appendix") and a text in a made-up language whose
# headings write the number before the word ("1. Zork"), like Hungarian's "1. fejezet".
REFERENCE = """Article 1: The nature of the game

1.1 The game is played between two players.

1.2 The player who mates wins.

Article 2: The board

2.1 The board has 64 squares.

2.2 The squares are light and dark.

Article 3: The moves

3.1 Pieces move.

3.2 Pieces capture.

Appendix A. Rapid chess

A.1 A rapid game is short.

A.2 Players record moves.

Appendix B. Blitz

B.1 A blitz game is shorter.

B.2 Players need not record.
"""


def made_up(word: str, appendix: str = "Blotz") -> str:
    """A text whose contents (no title the language data knows) names the articles the body opens."""
    title = word.capitalize()
    contents = "".join(f"{n}.{title}: Tuwa{n}\n\n" for n in (1, 2, 3))
    body = "".join(
        f"{n}. {word}\n\nTuwa{n} mek\n\n{n}.1 Frim drob salo kemu.\n\n{n}.2 Frim drob kemu salo.\n\n"
        for n in (1, 2, 3)
    )
    appendices = (
        f"A. Rapido\n\nA.1 Frim drob salo.\n\nA.2 Drob salo frim.\n\n"
        f"{appendix} B. Blitzo\n\nB.1 Frim salo.\n\nB.2 Salo frim drob.\n"
    )
    return f"Sopa\n\nNoma\n\n{contents}Gwill\n\nKemu frim drob salo.\n\n{body}{appendices}"


def test_a_heading_word_is_read_beside_its_printed_label() -> None:
    assert heading_word("Article 7: Irregularities", "7") == ("before", "article")
    assert heading_word("7. cikk", "7") == ("after", "cikk")
    assert heading_word("§ 7 Uregelmæssigheder", "7") == ("before", "§")
    assert heading_word("Tillæg A. Hurtigskak", "A") == ("before", "tillæg")
    assert heading_word("A. Hurtigskak", "A") == ("after", "hurtigskak")
    assert heading_word("Hurtigskak", "A") is None
    assert heading_word("١. ثعوبسفهحش", "١") == ("after", "ثعوبسفهحش")  # digits of another script


def test_the_word_where_the_references_name_their_articles_is_learned_in_its_role() -> None:
    learned = learn_structure(rows(made_up("zork")), [rows(REFERENCE, "en")], DEFAULT_KB)
    assert learned == {"chapter_words": ["zork"], "appendix_words": ["blotz"]}


def test_nothing_is_learned_where_the_references_name_no_heading_with_a_word() -> None:
    bare = REFERENCE.replace("Article ", "").replace("Appendix ", "")
    assert learn_structure(rows(made_up("zork")), [rows(bare, "en")], DEFAULT_KB) == {}


def test_words_the_language_data_knows_are_not_learned_again() -> None:
    text = made_up("fejezet", appendix="Függelék")
    assert learn_structure(rows(text), [rows(REFERENCE, "en")], DEFAULT_KB) == {}


def test_headings_that_disagree_teach_nothing() -> None:
    text = made_up("zork")
    for n, word in ((2, "quib"), (3, "vramp")):
        text = text.replace(f"\n{n}. zork\n", f"\n{n}. {word}\n").replace(f"{n}.Zork:", f"{n}.{word}:")
    learned = learn_structure(rows(text), [rows(REFERENCE, "en")], DEFAULT_KB)
    assert "chapter_words" not in learned


def test_the_second_pass_keeps_the_contents_apart_from_the_articles() -> None:
    text = made_up("zork")
    first, _ = rows(text)
    second, _ = rows(text, learned={"chapter_words": ["zork"], "appendix_words": ["blotz"]})
    assert [r["label"] for r in second if r["kind"] == "article"] == ["1", "2", "3", "A", "B"]
    contents = [r for r in second if r["label"] == "contents"]
    assert len(contents) == 1 and "1.Zork: Tuwa1" in contents[0]["text"] and "Noma" in contents[0]["text"]
    assert not duplicate_labels(segment(edition(text), DEFAULT_KB, {"chapter_words": ["zork"]}))
    assert len(second) < len(first)


def test_a_line_naming_an_article_once_is_no_contents() -> None:
    body = "1. zork\n\nTuwa mek\n\n1.1 Frim drob salo.\n\n2. zork\n\nTuwa nek\n\n2.1 Frim salo.\n"
    provisions, _ = rows(body, learned={"chapter_words": ["zork"]})
    assert [r["label"] for r in provisions if r["kind"] == "article"] == ["1", "2"]
    assert not any(r["label"].startswith("contents") for r in provisions)


@settings(max_examples=25, deadline=None)
@given(st.text(alphabet="აბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰ", min_size=3, max_size=9))
def test_any_word_in_any_script_is_learned_and_the_text_stays_whole(word: str) -> None:
    text = made_up(word, appendix="ბლოტ")
    learned = learn_structure(rows(text), [rows(REFERENCE, "en")], DEFAULT_KB)
    assert learned.get("chapter_words") == [word.casefold()]
    provisions = segment(edition(text), DEFAULT_KB, learned)
    assert coverage(text, provisions) == 1.0
    assert [p.label for p in provisions if p.kind == "article"] == ["1", "2", "3", "A", "B"]


# A reference whose sections stand where the Laws have them: its table of contents, preface, parts.
SECTIONED = """Contents

Preface

Basic rules of play

Competition rules

Preface

The Laws cover over-the-board play.

Basic rules of play

Article 1: The nature of the game

1.1 The game is played between two players.

1.2 The player who mates wins.

Article 2: The board

2.1 The board has 64 squares.

2.2 The squares are light and dark.

Competition rules

Article 3: The moves

3.1 Pieces move.

3.2 Pieces capture.

Appendices

Appendix A. Rapid chess

A.1 A rapid game is short.

A.2 Players record moves.

Appendix B. Blitz

B.1 A blitz game is shorter.

B.2 Players need not record.
"""

SECTIONED_NEW = """Sopa

Noma:

Prefo

Basko

1.Zork: Tuwa1

2.Zork: Tuwa2

Compo

3.Zork: Tuwa3

Appo

A. Rapido

Blotz B. Blitzo

PREFO

Kemu frim drob salo mek.

Basko

1. zork

1.1 Frim drob salo kemu.

1.2 Frim drob kemu salo.

2. zork

2.1 Frim drob salo kemu.

2.2 Frim drob kemu salo.

Compo

3. zork

3.1 Frim drob salo kemu.

3.2 Frim drob kemu salo.

Appo

A. Rapido

A.1 Frim drob salo.

A.2 Drob salo frim.

Blotz B. Blitzo

B.1 Frim salo.

B.2 Salo frim drob.
"""


def test_section_titles_are_read_from_the_contents_as_the_references_name_them() -> None:
    learned = learn_for(edition(SECTIONED_NEW), [rows(SECTIONED, "en")], DEFAULT_KB)
    assert learned == {
        "appendix_words": ["blotz"],
        "chapter_words": ["zork"],
        "contents": ["noma"],
        "part.appendices": ["appo"],
        "part.basic": ["basko"],
        "part.competition": ["compo"],
        "preface": ["prefo"],
    }
    provisions = segment(edition(SECTIONED_NEW), DEFAULT_KB, learned)
    labels = [p.label for p in provisions if p.parent is None]
    assert labels == [
        "front.1", "contents", "preface", "part.basic", "1", "2", "part.competition", "3", "part.appendices",
        "A", "B",
    ]  # fmt: skip
    assert not duplicate_labels(provisions) and coverage(SECTIONED_NEW, provisions) == 1.0


def test_without_the_contents_title_no_section_title_is_learned() -> None:
    untitled = SECTIONED_NEW.replace("Noma:\n\n", "")
    reference = SECTIONED.replace("Contents\n\nPreface\n\nBasic rules of play\n\nCompetition rules\n\n", "")
    learned = learn_for(edition(untitled), [rows(reference, "en")], DEFAULT_KB)
    assert learned == {"appendix_words": ["blotz"], "chapter_words": ["zork"]}


def test_a_word_heading_lines_numbered_from_the_start_is_learned_where_no_numbering_confirms_them() -> None:
    # items restart at "1." under each article: the first pass finds no "1.1" to confirm "Zork 1" opens one
    text = "".join(f"Zork {n}: Tuwa{n}\n\n1. Frim drob salo.\n\n2. Drob salo frim.\n\n" for n in (1, 2, 3))
    assert learn_structure(rows(text), [rows(REFERENCE, "en")], DEFAULT_KB) == {"article_before": ["zork"]}
    once = text.replace("Zork 2", "Quib 2").replace("Zork 3", "Vramp 3")
    assert learn_structure(rows(once), [rows(REFERENCE, "en")], DEFAULT_KB) == {}


def test_an_edition_whose_headings_teach_nothing_is_segmented_once() -> None:
    plain = "1. Frim drob\n\n1.1 Salo kemu.\n\n2. Drob frim\n\n2.1 Kemu salo.\n"
    assert learn_for(edition(plain), [rows(SECTIONED, "en")], DEFAULT_KB) == {}


# The reference ends with a glossary (en.yaml names its title); the made-up text ends with one too, under
# a title no language file has, its entries laid out "term: definition" (or in bold, or in columns).
GLOSSED = REFERENCE + "\nGlossary\n\ngame: 1.1 What two players play.\n\nboard: 2.1 Where it is played.\n"
ENTRIES = "".join(
    f"{term}: {n}.1 Frim drob salo {term}.\n\n" for n, term in enumerate(("kwi", "wob", "zif"), 1)
)
ENTRIES += "".join(f"{term}: A.{n} Drob salo {term}.\n\n" for n, term in enumerate(("plo", "ruk", "tam"), 1))


def test_a_glossary_title_is_learned_after_the_last_part_where_the_references_have_a_glossary() -> None:
    text = made_up("zork") + "\nVasko\n\nTuwa mek frim drob\n\n" + ENTRIES
    learned = learn_for(edition(text), [rows(GLOSSED, "en")], DEFAULT_KB)
    assert learned["glossary"] == ["vasko"]
    provisions = segment(edition(text), DEFAULT_KB, learned)
    entries = [p for p in provisions if p.kind == "glossary entry"]
    assert [p.heading for p in entries] == ["kwi", "wob", "zif", "plo", "ruk", "tam"]
    assert all(p.parent == "glossary" for p in entries) and entries[0].text.startswith("1.1 Frim")
    assert [p.label for p in provisions if p.parent is None][-2:] == ["B", "glossary"]
    assert not duplicate_labels(provisions) and coverage(text, provisions) == 1.0


def test_no_glossary_is_learned_without_one_in_the_references_or_without_entries() -> None:
    text = made_up("zork") + "\nVasko\n\n" + ENTRIES
    assert "glossary" not in learn_for(edition(text), [rows(REFERENCE, "en")], DEFAULT_KB)
    prose = made_up("zork") + "\nVasko\n\n" + "Frim drob salo kemu tuwa mek.\n\n" * 6
    assert "glossary" not in learn_for(edition(prose), [rows(GLOSSED, "en")], DEFAULT_KB)


def test_bold_item_labels_are_not_glossary_terms() -> None:
    from extract.text.markdown import entry_shaped

    assert entry_shaped("**adjourn:** 8.1. Instead of playing") and entry_shaped("arbiter\t\tThe person")
    assert entry_shaped("Bronstein mode – see delay mode") and entry_shaped("ვაგტ: 6.3.2 ჭტვ")
    assert not entry_shaped("**III.6.1** A player may claim a draw")
    assert not entry_shaped("The number after the term refers to the article.")


def _linked(new: str) -> str:
    """SECTIONED_NEW with a linked table of contents whose first entry is the document's own title."""
    entries = ["Sopa", "Prefo", "Basko", "1.Zork: Tuwa1", "2.Zork: Tuwa2", "Compo", "3.Zork: Tuwa3", "Appo"]
    links = "".join(f"- [{e}](#{e.casefold().replace(' ', '-')})\n" for e in entries)
    body = new[new.index("PREFO") :]
    return f"# Sopa\n\n{links}\n{body}"


def test_a_linked_contents_names_its_sections_but_not_the_document_title() -> None:
    text = _linked(SECTIONED_NEW)
    learned = learn_for(edition(text), [rows(SECTIONED, "en")], DEFAULT_KB)
    assert learned["preface"] == ["prefo"] and learned["part.basic"] == ["basko"]
    assert "sopa" not in {word for words in learned.values() for word in words}
    provisions = segment(edition(text), DEFAULT_KB, learned)
    assert [p.label for p in provisions if p.parent is None][:4] == [
        "front.1",
        "contents",
        "preface",
        "part.basic",
    ]
    assert not duplicate_labels(provisions) and coverage(text, provisions) == 1.0


def test_front_sections_with_paragraphs_are_named_as_the_references_name_theirs() -> None:
    # no contents: "Introo" and "Prefo" each stand above paragraphs of their own before article 1
    reference = (
        "Introduction\n\nThe Laws cover play.\n\nPreface\n\nThe Laws cannot cover all.\n\n" + REFERENCE
    )
    body = made_up("zork")[made_up("zork").index("1. zork") :]
    text = "# Introo\n\nKemu frim drob.\n\nSalo mek.\n\n## Prefo\n\nFrim drob salo kemu.\n\n" + body
    learned = learn_for(edition(text), [rows(reference, "en")], DEFAULT_KB)
    assert learned["intro"] == ["introo"] and learned["preface"] == ["prefo"]
    provisions = segment(edition(text), DEFAULT_KB, learned)
    assert [p.label for p in provisions][:5] == ["intro", "intro.1", "intro.2", "preface", "preface.1"]
    assert coverage(text, provisions) == 1.0
    titled = "Title Page Words\n\n" + text.replace("# Introo\n\nKemu frim drob.\n\nSalo mek.\n\n", "")
    assert "intro" not in learn_for(edition(titled), [rows(reference, "en")], DEFAULT_KB)


def _without_english(tmp_path: Path) -> Path:
    import shutil

    kb = tmp_path / "kb"
    shutil.copytree(DEFAULT_KB, kb, ignore=shutil.ignore_patterns("generated"))
    (kb / "languages" / "en.yaml").unlink()
    return kb


def _seed_references() -> list[tuple[list, str]]:
    import yaml

    root = DEFAULT_KB.parent
    found = []
    for path in sorted((DEFAULT_KB / "generated" / "provisions").glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        found.append((document["provisions"], (root / "corpus" / f"{path.stem}.txt").read_text("utf-8")))
    return found


def test_en_2023_without_en_yaml_is_cut_as_with_it(tmp_path: Path) -> None:
    """The real 2023 text (../shared/editions, never copied here) with en.yaml deleted: its introduction,
    preface and glossary (title and entries) are found as the language file finds them."""
    import pytest

    shared = DEFAULT_KB.parent.parent / "shared" / "editions" / "en-2023.txt"
    shared = shared if shared.is_file() else Path("/work/shared/editions/en-2023.txt")
    if not shared.is_file():
        pytest.skip("../shared/editions/en-2023.txt is absent")
    text = shared.read_text(encoding="utf-8")
    english = Edition("en-2023", "en", "t", "2023", "2023-01-01", None, None, None, None, (), shared, text)
    with_file = segment(english, DEFAULT_KB)
    kb = _without_english(tmp_path)
    learned = learn_for(english, _seed_references(), kb)
    assert learned["glossary"] and learned["intro"] and learned["preface"]
    without = segment(english, kb, learned)
    tops = [p.label for p in without if p.parent is None]
    assert tops == [p.label for p in with_file if p.parent is None]
    entries = [p.heading for p in without if p.kind == "glossary entry"]
    assert entries == [p.heading for p in with_file if p.kind == "glossary entry"] and len(entries) > 90
    assert coverage(text, without) == 1.0


def test_a_word_glued_to_its_article_number_opens_the_article_in_a_script_without_spaces() -> None:
    # "ข้อ1": a Thai-script text glues the word naming its articles to their numbers (no space after
    # a word of a script written without them). Once that word is learned, the glued heading opens its
    # article wherever it stands, so the sections before the first article and the glossary after the
    # last are told by the references' order, not swallowed by the introduction.
    reference = (
        "Introduction\n\nThe Laws cover play.\n\n"
        + REFERENCE
        + "\nGlossary\n\n"
        + "".join(f"**term{n}:** 1.{n}. A definition of the term.\n\n" for n in range(1, 7))
    )
    body = "".join(
        f"# ขอบ{n}: ทดสอบ\n\n**{n}.1** กขคงจฉชซ\n\n**{n}.2** ฌญฎฏฐฑ\n\n" for n in (1, 2, 3)
    ) + "".join(f"# ภาคผ{a}. ลองดู\n\n**{a}.1** กขคง\n\n**{a}.2** จฉชซ\n\n" for a in "AB")
    glossary = "# นิยามศัพท์\n\n" + "".join(
        f"**{term}:** 1.{n}. ความหมาย\n\n" for n, term in enumerate(("กา", "ขา", "คา", "งา", "จา", "ฉา"), 1)
    )
    paragraph = "กฎหมากรุกครอบคลุมการเล่นบนกระดานทุกรูปแบบที่ผู้เล่นสองคนพบกันต่อหน้าในการแข่งขัน"
    text = f"# บทนำ\n\n{paragraph}\n\n" + body + glossary
    learned = learn_for(edition(text, "th"), [rows(reference, "en")], DEFAULT_KB)
    assert learned["article_before"] == ["ขอบ"]
    assert learned["intro"] == ["บทนำ"] and learned["glossary"] == ["นิยามศัพท์"]
    labels = [p.label for p in segment(edition(text, "th"), DEFAULT_KB, learned)]
    assert labels[:4] == ["intro", "intro.1", "1", "1.1"] and "glossary" in labels
