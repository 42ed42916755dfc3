"""The curated termbase kb/terms.yaml: shape, and every term attested in its edition's raw text."""

import re
from functools import cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parent.parent
CORPUS = ROOT / "corpus"
TERMS = ROOT / "kb" / "terms.yaml"

REQUIRED_KEYS = {"id", "en", "definition", "terms"}
ALLOWED_KEYS = REQUIRED_KEYS | {"notes", "aliases"}
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
MIN_CONCEPTS = 150


def occurs(term: str, text: str) -> bool:
    """True if `term` starts a word somewhere in `text`, ignoring case.

    "skakur" is found in "skakuret" (inflection, compounds), never inside another word.
    """
    return re.search(r"(?<!\w)" + re.escape(term), text, re.IGNORECASE) is not None


@cache
def edition_ids() -> frozenset[str]:
    """The edition ids declared in corpus/editions.yaml."""
    entries = yaml.safe_load((CORPUS / "editions.yaml").read_text(encoding="utf-8"))
    return frozenset(entry["id"] for entry in entries)


@cache
def raw_text(edition: str) -> str:
    return (CORPUS / f"{edition}.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def concepts() -> list[dict]:
    data = yaml.safe_load(TERMS.read_text(encoding="utf-8"))
    assert isinstance(data, list), "kb/terms.yaml must be a list of concepts"
    assert all(isinstance(c, dict) for c in data), "every concept must be a mapping"
    return data


def test_occurs_matches_word_starts_only():
    assert occurs("skakur", "Spillerne skal behandle skakuret ordentligt.")
    assert occurs("Turneringsleder", "turneringslederen bestemmer")
    assert occurs("ulovligt træk", "et ulovligt træk er fuldført")
    assert not occurs("ur", "standse skakuret")
    assert not occurs("ulovligt træk", "ulovligt\ntræk")
    assert occurs("j’adoube", "ved at sige “j’adoube”")


def test_the_five_editions_are_known():
    assert {"da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"} <= edition_ids()
    for edition in edition_ids():
        assert (CORPUS / f"{edition}.txt").is_file(), f"no raw text for {edition}"


def test_enough_concepts(concepts):
    assert len(concepts) >= MIN_CONCEPTS


def test_keys(concepts):
    for c in concepts:
        name = c.get("id", c)
        assert c.keys() >= REQUIRED_KEYS, f"{name}: missing {sorted(REQUIRED_KEYS - c.keys())}"
        assert c.keys() <= ALLOWED_KEYS, f"{name}: unknown keys {sorted(c.keys() - ALLOWED_KEYS)}"


def test_ids_unique_and_kebab_case(concepts):
    ids = [c["id"] for c in concepts]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"duplicate ids: {duplicates}"
    bad = [i for i in ids if not isinstance(i, str) or not KEBAB.fullmatch(i)]
    assert not bad, f"ids not kebab-case: {bad}"


def test_text_fields(concepts):
    for c in concepts:
        for key in ("en", "definition", "notes"):
            if key in c:
                value = c[key]
                assert isinstance(value, str) and value.strip(), f"{c['id']}: empty {key}"
        assert "\n" not in c["definition"], f"{c['id']}: definition must be one line"
        assert "\n" not in c["en"], f"{c['id']}: en must be one line"


def test_terms_shape(concepts):
    for c in concepts:
        terms = c["terms"]
        assert isinstance(terms, dict) and terms, f"{c['id']}: terms must name at least one edition"
        unknown = sorted(set(terms) - edition_ids())
        assert not unknown, f"{c['id']}: unknown editions {unknown}"
        for edition, listed in terms.items():
            where = f"{c['id']} / {edition}"
            assert isinstance(listed, list) and listed, f"{where}: give a non-empty list of terms"
            for term in listed:
                assert isinstance(term, str), f"{where}: {term!r} is not a string (quote it)"
                assert term == term.strip() and term, f"{where}: {term!r} has stray whitespace"
            assert len(set(listed)) == len(listed), f"{where}: a term is listed twice"


def test_every_term_occurs_in_its_edition(concepts):
    missing = [
        f"{c['id']} / {edition}: {term!r}"
        for c in concepts
        for edition, listed in c["terms"].items()
        for term in listed
        if not occurs(term, raw_text(edition))
    ]
    assert not missing, "terms not found in corpus/<edition>.txt:\n" + "\n".join(missing)
