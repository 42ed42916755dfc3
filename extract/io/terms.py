"""kb/terms.yaml, the curated termbase: strict shape, so a term is never split into letters."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from extract.io.rules import read_yaml_list
from extract.io.yamlfile import check_keys, line_of, strip_lines
from extract.model import InputError

TERMS_FILE = "terms.yaml"
CONCEPT_KEYS = {"id", "en", "definition", "terms", "aliases", "notes"}


def read_terms(kb_dir: Path, editions: set[str] | None = None) -> list[dict[str, Any]]:
    """The concepts of kb/terms.yaml ([] without the file): id, en, terms (edition -> list of terms).

    With `editions`, a concept naming an edition that is not among them is an error.
    """
    path = Path(kb_dir) / TERMS_FILE
    if not path.exists():
        return []
    concepts: list[dict[str, Any]] = []
    seen: dict[str, int | None] = {}
    for entry in read_yaml_list(path, "concepts"):
        check_keys(path, entry, CONCEPT_KEYS, ("id",), "concept")
        assert isinstance(entry, dict)
        line = line_of(entry)
        concept = str(entry["id"])
        if not isinstance(entry["id"], str) or not entry["id"].strip():
            raise InputError(path, line, f"concept id must be text, found {entry['id']!r}")
        if concept in seen:
            raise InputError(path, line, f"concept '{concept}' also defined at line {seen[concept]}")
        seen[concept] = line
        terms = entry.get("terms") or {}
        if not isinstance(terms, dict):
            raise InputError(path, line, f"concept '{concept}': terms must map edition -> list of terms")
        for edition, words in terms.items():
            if edition == "__line__":
                continue
            if editions is not None and edition not in editions:
                raise InputError(
                    path, line_of(terms, line), f"concept '{concept}': unknown edition '{edition}'"
                )
            if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
                raise InputError(
                    path,
                    line_of(terms, line),
                    f"concept '{concept}': terms of {edition} must be a list of strings like [dommer], "
                    f"found {words!r}",
                )
        _check_aliases(path, concept, entry.get("aliases"), line)
        concepts.append(strip_lines(entry))
    return concepts


def _check_aliases(path: Path, concept: str, aliases: object, line: int | None) -> None:
    """`aliases`: language code -> words people use for the concept that the texts need not use
    (read by search only)."""
    if aliases is None:
        return
    if not isinstance(aliases, dict):
        raise InputError(path, line, f"concept '{concept}': aliases must map language -> list of words")
    for language, words in aliases.items():
        if language == "__line__":
            continue
        if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
            raise InputError(
                path,
                line_of(aliases, line),
                f"concept '{concept}': aliases of {language} must be a list of strings, found {words!r}",
            )


def check_terms_occur(kb_dir: Path, texts: dict[str, str]) -> None:
    """Every term of kb/terms.yaml starts a word of its edition's text (ignoring case), for the
    editions in `texts`: a term the text does not use (a typo, a pattern such as "(.*") would
    silently change term hits and alignment scores. InputError at the concept's line otherwise."""
    path = Path(kb_dir) / TERMS_FILE
    if not path.exists():
        return
    lowered = {edition: text.casefold() for edition, text in texts.items()}
    for entry in read_yaml_list(path, "concepts"):
        assert isinstance(entry, dict)  # read_terms has checked the shape
        terms = entry.get("terms") or {}
        for edition, words in terms.items():
            if edition not in lowered:
                continue
            for word in words:
                if not _starts_a_word(word.casefold(), lowered[edition]):
                    raise InputError(
                        path,
                        line_of(terms, line_of(entry)),
                        f"concept '{entry['id']}': term '{word}' does not occur in the text of {edition} "
                        "(terms are written as the text has them, at the start of a word)",
                    )


def _starts_a_word(term: str, text: str) -> bool:
    at = text.find(term)
    while at >= 0:
        if at == 0 or not (text[at - 1].isalnum() or text[at - 1] == "_"):
            return True
        at = text.find(term, at + 1)
    return False
