"""kb/terms.yaml, the curated termbase: strict shape, so a term is never split into letters."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from extract.io.rules import read_yaml_list
from extract.io.yamlfile import check_keys, line_of, strip_lines
from extract.model import InputError

TERMS_FILE = "terms.yaml"
TERM = re.compile(r"\w+(?:(?:[-'’.]|\s+)\w+)*[.']?")  # words, not patterns: "(.*" and "[a-" are refused
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
            for word in words:
                if not TERM.fullmatch(word):
                    raise InputError(
                        path,
                        line_of(terms, line),
                        f"concept '{concept}': term '{word}' of {edition} is not written as words "
                        "(letters and digits, with spaces, hyphens, apostrophes and dots between them)",
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


def absent_terms(kb_dir: Path, texts: dict[str, str]) -> str | None:
    """One warning line for the terms of kb/terms.yaml that start no word of their edition's text
    (ignoring case), for the editions in `texts`; None when every term occurs. Such a term (a typo,
    a text cut short) matches nothing in its edition, though the language's other texts still use it."""
    path = Path(kb_dir) / TERMS_FILE
    if not path.exists():
        return None
    lowered = {edition: text.casefold() for edition, text in texts.items()}
    absent: list[tuple[int | None, str, str, str]] = []
    for entry in read_yaml_list(path, "concepts"):
        assert isinstance(entry, dict)  # read_terms has checked the shape
        terms = entry.get("terms") or {}
        for edition, words in terms.items():
            if edition in lowered:
                line = line_of(terms, line_of(entry))
                absent += [
                    (line, str(entry["id"]), edition, word)
                    for word in words
                    if not _starts_a_word(word.casefold(), lowered[edition])
                ]
    if not absent:
        return None
    line, concept, edition, word = absent[0]
    more = f" (and {len(absent) - 1} more)" if len(absent) > 1 else ""
    return (
        f"{path}:{line}: concept '{concept}': term '{word}' does not occur in the text of {edition}{more}; "
        "terms are written as the text has them, at the start of a word"
    )


def _starts_a_word(term: str, text: str) -> bool:
    at = text.find(term)
    while at >= 0:
        if at == 0 or not (text[at - 1].isalnum() or text[at - 1] == "_"):
            return True
        at = text.find(term, at + 1)
    return False
