"""Tables of contents recognised by their shape (extract/text/contents.py): a run of short lines in the
front matter whose entries name articles the text opens again later, whatever its title's language."""

from __future__ import annotations

from pathlib import Path

from extract.io.languages import DEFAULT_KB
from extract.kb.learned_structure import learn_for
from extract.model import Edition
from extract.text.segment import coverage, duplicate_labels, segment


def edition(text: str, language: str = "xx") -> Edition:
    return Edition(
        f"{language}-2018", language, "t", "2018", "2018-01-01", None, None, None, None, (), Path("x"), text
    )


def body(word: str = "zork") -> str:
    return "".join(
        f"{n}. {word}\n\nTuwa{n} mek\n\n{n}.1 Frim drob salo kemu.\n\n{n}.2 Frim drob kemu salo.\n\n"
        for n in (1, 2, 3)
    )


# A made-up language: the contents' title ("Noma:") is a word no language file has; one of the section
# titles it lists ("PREFO") is a word the segmenter knows (here: learned), as "FORORD" is known from
# Danish in a Norwegian text. The body prints the same section titles again.
TEXT = (
    "Sopa 2017\n\nNoma:\n\nINTRO\n\nPREFO\n\nBasko\n\n1.Zork: Tuwa1\n\n2.Zork: Tuwa2\n\nCompo\n\n"
    "3.Zork: Tuwa3\n\nINTRO\n\nKemu frim drob salo mek.\n\nPREFO\n\nFrim drob salo kemu mek.\n\nBasko\n\n"
    + body()
)
LEARNED = {"chapter_words": ["zork"], "preface": ["prefo"]}


def test_a_contents_whose_title_is_unknown_is_kept_whole_when_a_section_title_in_it_is_known() -> None:
    provisions = segment(edition(TEXT), DEFAULT_KB, LEARNED)
    contents = [p for p in provisions if p.label.startswith("contents")]
    assert len(contents) == 1
    assert contents[0].text.splitlines() == [
        "Noma:", "INTRO", "PREFO", "Basko", "1.Zork: Tuwa1", "2.Zork: Tuwa2", "Compo", "3.Zork: Tuwa3",
    ]  # fmt: skip
    assert [p.label for p in provisions if p.kind == "article"] == ["1", "2", "3"]
    preface = next(p for p in provisions if p.label == "preface")
    assert preface.line > contents[0].line and not any(p.label.startswith("preface-") for p in provisions)
    assert [p.text for p in provisions if p.parent == "preface"][0] == "Frim drob salo kemu mek."
    assert not duplicate_labels(provisions) and coverage(TEXT, provisions) == 1.0


def test_the_contents_ends_where_the_text_prints_its_first_line_again() -> None:
    provisions = segment(edition(TEXT), DEFAULT_KB, LEARNED)
    after = [p for p in provisions if p.line > next(p.line for p in provisions if p.label == "contents")]
    assert after[0].text == "INTRO" and after[0].label.startswith("front.")


def test_front_titles_followed_by_paragraphs_are_no_contents() -> None:
    """A preface with paragraphs of its own, then the first article: nothing there is a contents."""
    text = "Sopa\n\nPREFO\n\nFrim drob salo kemu mek.\n\n" + body()
    provisions = segment(edition(text), DEFAULT_KB, LEARNED)
    assert not any(p.label.startswith("contents") for p in provisions)
    assert [p.label for p in provisions if p.parent is None] == ["front.1", "preface", "1", "2", "3"]


# The reference (English, en.yaml names its sections) lists its introduction in the contents but has
# no introduction in the body: the body alone would name the new text's titles one place off.
REFERENCE = (
    "Contents\n\nIntroduction\n\nPreface\n\nBasic rules of play\n\nArticle 1: The nature\n\n"
    "Article 2: The board\n\nArticle 3: The moves\n\nPreface\n\nThe Laws cannot cover all.\n\n"
    "Basic rules of play\n\n"
    + "".join(f"Article {n}: Title {n}\n\n{n}.1 Words of it.\n\n{n}.2 More.\n\n" for n in (1, 2, 3))
)


def test_contents_titles_are_named_as_the_references_contents_name_theirs() -> None:
    reference = segment(edition(REFERENCE, "en"), DEFAULT_KB)
    rows = [p.as_dict() for p in reference]
    new = TEXT.replace("INTRO\n\nKemu frim drob salo mek.\n\n", "")
    learned = learn_for(edition(new), [(rows, REFERENCE)], DEFAULT_KB)
    assert learned.get("contents") == ["noma"] and learned.get("intro") == ["intro"]
    assert learned.get("part.basic") == ["basko"]


# A contents whose entries the first pass cannot all find again: the body names its appendices with a
# word no language file has ("Blotz A. Rapido"), so "A. Rapido" in the contents is opened again nowhere.
UNNAMED = (
    "Sopa 2017\n\nNoma:\n\nPrefo\n\n1.Zork: Tuwa1\n\n2.Zork: Tuwa2\n\n3.Zork: Tuwa3\n\nA. Rapido\n\n"
    "B. Blitzo\n\nGlosso tima\n\nPrefo\n\nKemu frim drob salo mek.\n\n"
    + body()
    + "Blotz A. Rapido\n\nA.1 Frim drob salo.\n\nA.2 Drob salo frim.\n\n"
    + "Blotz B. Blitzo\n\nB.1 Frim salo.\n\nB.2 Salo frim drob.\n"
)


def test_a_contents_runs_past_entries_opened_nowhere_else_to_where_the_text_starts() -> None:
    provisions = segment(edition(UNNAMED), DEFAULT_KB, {"chapter_words": ["zork"]})
    contents = [p for p in provisions if p.label.startswith("contents")]
    assert len(contents) == 1
    assert contents[0].text.splitlines()[0] == "Noma:" and contents[0].text.splitlines()[-1] == "Glosso tima"
    assert [p.label for p in provisions if p.kind == "article"][:3] == ["1", "2", "3"]
    assert not duplicate_labels(provisions) and coverage(UNNAMED, provisions) == 1.0


def test_a_sentence_ends_a_contents_and_a_heading_it_listed_opens_its_article() -> None:
    """No line of the contents is printed again: the title above the first sentence starts the text,
    and a heading of an article the contents listed opens that article (one contents per text)."""
    text = TEXT.replace("INTRO\n\nKemu", "Gwill\n\nKemu").replace("PREFO\n\nFrim", "Frim")
    text = text.replace("\n\nBasko\n\n1. zork", "\n\n1. zork")
    provisions = segment(edition(text), DEFAULT_KB, LEARNED)
    contents = [p for p in provisions if p.label.startswith("contents")]
    assert len(contents) == 1 and contents[0].text.splitlines()[-1] == "3.Zork: Tuwa3"
    assert [p.text for p in provisions if p.label.startswith("front.")][1] == "Gwill"
    assert [p.label for p in provisions if p.kind == "article"] == ["1", "2", "3"]


def test_a_part_the_body_titles_otherwise_than_the_contents_is_learned_from_the_body() -> None:
    """The contents lists "Basko"; the body prints "BASKA ZORKO" right before Article 1, where the
    references' bodies have their basic-rules heading."""
    reference = segment(edition(REFERENCE, "en"), DEFAULT_KB)
    rows = [p.as_dict() for p in reference]
    new = TEXT.replace("Frim drob salo kemu mek.\n\nBasko\n\n", "Frim drob salo kemu mek.\n\nBASKA ZORKO\n\n")
    learned = learn_for(edition(new), [(rows, REFERENCE)], DEFAULT_KB)
    assert learned.get("part.basic") == ["baska zorko", "basko"]
    provisions = segment(edition(new), DEFAULT_KB, learned)
    assert [p.label for p in provisions if p.parent is None][-5:] == ["preface", "part.basic", "1", "2", "3"]
