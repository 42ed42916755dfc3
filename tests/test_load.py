"""Loading corpus/editions.yaml and the texts: the real corpus, and every kind of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from extract.io.editions import ALLOWED_KEYS, load_editions
from extract.model import InputError

IDS_IN_FORCE_ORDER = ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]

EXPECTED = {
    "da-2001": ("2001-07-01", "2001", "71st FIDE Congress, Istanbul, Turkey, November 2000"),
    "sv-2009": ("2009-07-01", "2009", "79th FIDE Congress, Dresden (Germany), November 2008"),
    "nb-2014": ("2014-07-01", "2014", "84th FIDE Congress, Tallinn, Estonia, October 2013"),
    "da-2017": (
        "2017-07-01",
        "2017",
        "87th FIDE Congress, Baku, Azerbaijan, and 2017 FIDE Presidential Board, Athens",
    ),
    "hu-2018": (
        "2018-01-01",
        "2017",
        "FIDE Congress 2016, Baku (AZE), and FIDE Presidential Board, April 2017, Athens (GRE)",
    ),
}


# --- the real corpus ---------------------------------------------------------------------------


def test_real_corpus_loads_in_in_force_order(corpus_dir: Path) -> None:
    editions = load_editions(corpus_dir)
    assert [e.id for e in editions] == IDS_IN_FORCE_ORDER


def test_real_corpus_text_is_the_raw_file(corpus_dir: Path) -> None:
    for edition in load_editions(corpus_dir):
        assert edition.path == corpus_dir / f"{edition.id}.txt"
        assert edition.text == edition.path.read_bytes().decode("utf-8")
        assert edition.language == edition.id.split("-")[0]


def test_real_corpus_metadata(corpus_dir: Path) -> None:
    editions = {e.id: e for e in load_editions(corpus_dir)}
    for edition_id, (in_force, fide_edition, congress) in EXPECTED.items():
        edition = editions[edition_id]
        assert (edition.in_force, edition.fide_edition, edition.congress) == (
            in_force,
            fide_edition,
            congress,
        )
        assert edition.notes, f"{edition_id} has no notes on its source damage"
    assert editions["sv-2009"].translator == "Ulf Norevall"
    assert editions["sv-2009"].approved_by is None
    assert (
        editions["nb-2014"].source == "http://2000.sjakk.no/nsf/lover_og_reglementer/fides_regler_main.html"
    )
    assert editions["nb-2014"].approved_on == "2014-06"
    assert editions["da-2001"].approved_on == "2001-04-13"
    assert editions["da-2017"].approved_on == "2017-04-14"
    assert all(e.translator is None for e in editions.values() if e.id != "sv-2009")


def test_real_corpus_metadata_is_quoted_from_the_texts(corpus_dir: Path) -> None:
    """Titles, the translator and the source URL appear verbatim in their text."""
    for edition in load_editions(corpus_dir):
        words = " ".join(edition.text.split())  # nb-2014 prints its title with a no-break space
        for value in (edition.title, edition.translator, edition.source):
            assert value is None or value in words, value


# --- hand-made corpora -------------------------------------------------------------------------

TEXT = "§ 1\n\n1.1 Et parti skak.\n"


def entry(
    edition_id: str = "da-2001",
    file: str | None = None,
    language: str = "da",
    in_force: str = "2001-07-01",
    extra: str = "",
    drop: str = "",
) -> str:
    """One editions.yaml entry of 10 lines (plus `extra` lines), without the key named in `drop`."""
    fields = [
        f"id: {edition_id}",
        f"file: {file or edition_id + '.txt'}",
        f"language: {language}",
        "title: FIDEs regler for skak",
        'fide_edition: "2001"',
        f"in_force: {in_force}",
        "congress: 71st FIDE Congress, Istanbul, Turkey, November 2000",
        "approved_by: Dansk Skak Union",
        'approved_on: "2001-04-13"',
        "translator: null",
    ]
    kept = [line for line in fields if not line.startswith(f"{drop}:")]
    return "".join(("- " if i == 0 else "  ") + line + "\n" for i, line in enumerate(kept)) + extra


def make_corpus(tmp_path: Path, yaml_text: str, texts: dict[str, bytes | str] | None = None) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "editions.yaml").write_text(yaml_text, encoding="utf-8")
    for name, content in (texts if texts is not None else {"da-2001.txt": TEXT}).items():
        data = content.encode("utf-8") if isinstance(content, str) else content
        (corpus / name).write_bytes(data)
    return corpus


def load_error(corpus: Path) -> InputError:
    with pytest.raises(InputError) as info:
        load_editions(corpus)
    return info.value


def test_small_corpus_loads(tmp_path: Path) -> None:
    texts = {"da-2001.txt": TEXT, "sv-2009.txt": "1.1 Schack.\r\n"}
    corpus = make_corpus(tmp_path, entry("sv-2009", language="sv", in_force="2009-07-01") + entry(), texts)
    editions = load_editions(corpus)
    assert [e.id for e in editions] == ["da-2001", "sv-2009"]
    assert editions[0].text == TEXT
    assert editions[1].text == "1.1 Schack.\r\n"
    assert editions[0].translator is None and editions[0].source is None
    assert editions[0].notes == () and editions[0].numbering == {}


def test_numbering_and_notes_are_passed_through(tmp_path: Path) -> None:
    extra = '  notes:\n    - lost numbering\n  numbering:\n    "7": [7.1, 7.10, 7.2]\n    3.7: [a, b]\n'
    corpus = make_corpus(tmp_path, entry(extra=extra))
    (edition,) = load_editions(corpus)
    assert edition.notes == ("lost numbering",)
    assert edition.numbering == {"7": ("7.1", "7.10", "7.2"), "3.7": ("a", "b")}


def test_fixture_corpus_loads() -> None:
    fixtures = Path(__file__).parent / "fixtures" / "corpus"
    assert [e.id for e in load_editions(fixtures)] == ["da-2001", "sv-2009"]


def test_missing_editions_yaml(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    error = load_error(corpus)
    assert str(error) == f"{corpus / 'editions.yaml'}: file not found"
    assert error.line is None


def test_invalid_yaml_names_the_line(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry() + "  title: [unclosed\n"))
    assert str(error).startswith(f"{tmp_path / 'corpus' / 'editions.yaml'}:")
    assert "invalid YAML" in str(error)
    assert error.line is not None and error.line >= 11


def test_not_a_list(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, "# comment\nid: da-2001\nfile: da-2001.txt\n"))
    assert (
        str(error)
        == f"{tmp_path / 'corpus' / 'editions.yaml'}:2: expected a list of editions, found a mapping"
    )


def test_empty_editions_yaml(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, "# nothing yet\n"))
    assert "editions.yaml" in str(error) and "expected a list of editions" in str(error)


def test_entry_not_a_mapping(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry() + "- da-2017\n"))
    assert str(error).endswith("editions.yaml:11: edition entry must be a mapping, found 'da-2017'")


@pytest.mark.parametrize("field", ["id", "file", "language", "fide_edition", "in_force"])
def test_missing_required_field(tmp_path: Path, field: str) -> None:
    error = load_error(make_corpus(tmp_path, entry() + entry("da-2017", in_force="2017-07-01", drop=field)))
    assert error.path.endswith("editions.yaml")
    assert error.line == 11
    assert error.message == f"edition entry lacks required field {field}"


def test_required_value_may_not_be_null(tmp_path: Path) -> None:
    yaml_text = entry().replace('fide_edition: "2001"', "fide_edition: null")
    error = load_error(make_corpus(tmp_path, yaml_text))
    assert str(error).endswith("editions.yaml:5: fide_edition must have a value")


@pytest.mark.parametrize("field", ["title", "congress", "approved_by", "approved_on", "translator"])
def test_everything_but_five_keys_is_optional(tmp_path: Path, field: str) -> None:
    (edition,) = load_editions(make_corpus(tmp_path, entry(drop=field)))
    assert edition.id == "da-2001"
    if field == "title":
        assert edition.title  # read from the text's first line with words


def test_approval_may_be_null_when_the_text_does_not_say(tmp_path: Path) -> None:
    yaml_text = entry().replace("approved_by: Dansk Skak Union", "approved_by: null")
    (edition,) = load_editions(make_corpus(tmp_path, yaml_text))
    assert edition.approved_by is None


def test_unknown_key_names_the_allowed_keys(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry(extra="  translater: Ulf Norevall\n")))
    assert error.line == 11
    assert "unknown key 'translater'" in str(error)
    assert "allowed keys: " + ", ".join(sorted(ALLOWED_KEYS)) in str(error)
    assert "editions.yaml:11:" in str(error)


def test_duplicate_key(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry(extra="  title: Andet navn\n")))
    assert str(error).endswith("editions.yaml:11: key 'title' appears twice (first at line 4)")


def test_duplicate_key_inside_numbering(tmp_path: Path) -> None:
    extra = "  numbering:\n    '7': [a]\n    '7': [b]\n"
    error = load_error(make_corpus(tmp_path, entry(extra=extra)))
    assert str(error).endswith("editions.yaml:13: key '7' appears twice (first at line 12)")


def test_duplicate_edition_id(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry() + entry()))
    assert str(error).endswith("editions.yaml:11: edition id da-2001 appears twice (first at line 1)")


@pytest.mark.parametrize(
    ("edition_id", "language", "expected"),
    [("da2001", "da", "da-2001"), ("sv-2001", "da", "da-2001"), ("da-2002", "da", "da-2001")],
)
def test_id_must_be_language_and_year(tmp_path: Path, edition_id: str, language: str, expected: str) -> None:
    error = load_error(make_corpus(tmp_path, entry(edition_id, file="da-2001.txt", language=language)))
    assert error.line == 1
    assert f"edition id '{edition_id}' does not match <language>-<year>" in str(error)
    assert f"expected '{expected}'" in str(error)


def test_language_must_be_iso_639_1(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry(language="dan")))
    assert str(error).endswith("editions.yaml:3: language 'dan' is not an ISO 639-1 code like 'da'")


@pytest.mark.parametrize("in_force", ["2001-13-01", "1. juli 2001", "2001-07", "2001-02-30"])
def test_bad_in_force_date(tmp_path: Path, in_force: str) -> None:
    error = load_error(make_corpus(tmp_path, entry(in_force=f"'{in_force}'")))
    assert str(error).endswith(f"editions.yaml:6: in_force '{in_force}' is not an ISO date (YYYY-MM-DD)")


def test_missing_text_file(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry(), texts={}))
    assert error.path.endswith("editions.yaml")
    assert error.line == 2
    assert "text file da-2001.txt not found" in str(error)


def test_text_file_outside_corpus(tmp_path: Path) -> None:
    error = load_error(make_corpus(tmp_path, entry(file="../da-2001.txt")))
    assert str(error).endswith(
        "editions.yaml:2: file '../da-2001.txt' must be a path inside the corpus directory"
    )


@pytest.mark.parametrize(("content", "problem"), [("", "empty"), (" \n\t\r\n  \n", "has only whitespace")])
def test_empty_text_file(tmp_path: Path, content: str, problem: str) -> None:
    corpus = make_corpus(tmp_path, entry(), {"da-2001.txt": content})
    error = load_error(corpus)
    assert (
        str(error) == f"{corpus / 'da-2001.txt'}: text file {'is empty' if problem == 'empty' else problem}"
    )


def test_text_file_not_utf8(tmp_path: Path) -> None:
    content = "§ 1\n\n1.1 Et parti skak.\n".encode() + b"1.2 M\xe5let\n"
    corpus = make_corpus(tmp_path, entry(), {"da-2001.txt": content})
    error = load_error(corpus)
    offset = content.index(b"\xe5")
    assert str(error) == f"{corpus / 'da-2001.txt'}:4: not UTF-8: invalid byte 0xe5 at byte offset {offset}"


def test_text_file_with_nul_byte(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path, entry(), {"da-2001.txt": b"line one\nline two\x00\n"})
    error = load_error(corpus)
    assert str(error) == f"{corpus / 'da-2001.txt'}:2: binary file: NUL byte at byte offset 17"


def test_text_file_with_many_control_characters(tmp_path: Path) -> None:
    content = "a" * 196 + "\n\x07\x1b\x08"  # 3 of 200 characters
    corpus = make_corpus(tmp_path, entry(), {"da-2001.txt": content})
    error = load_error(corpus)
    assert str(error) == (
        f"{corpus / 'da-2001.txt'}:2: binary file: 3 of 200 characters (1.5%) are control characters"
    )


def test_a_few_control_characters_are_tolerated(tmp_path: Path) -> None:
    content = "a" * 198 + "\x0c\n"  # a form feed: 1 of 200 characters
    corpus = make_corpus(tmp_path, entry(), {"da-2001.txt": content})
    (edition,) = load_editions(corpus)
    assert edition.text == content
