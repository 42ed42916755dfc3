"""The site's search index: the documents, BM25 postings and termbase of `chesslaws search`, as JSON.

The page's script (site/assets/chesslaws.js) loads it (gzip-compressed, data/search.json.gz) when
the reader first uses the search box and
ranks rules the way extract.reports.search does: the same documents (one per provision, plus each
rule's English title and summary), the same stems and termbase concepts, the same BM25 with
coverage and the same per-rule totals. The browser has no Snowball stemmer, so the index carries a
word -> stem table of every word of the texts, the termbase and the stop-word lists in each
language; a word it lacks is matched by its longest prefix that is a known stem.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from extract.reports.search import (
    MAX_WEIGHT,
    MEAN_WEIGHT,
    RULE_WEIGHT,
    SCENARIO_WEIGHT,
    Searcher,
    searcher,
)
from extract.reports.search_index import (
    CONCEPT_WEIGHT,
    COVERAGE,
    K1,
    LEMMA_WEIGHT,
    LINKED_WEIGHT,
    PART_WEIGHT,
    RELATED_WEIGHT,
    RULE_LANGUAGE,
    B,
)
from extract.reports.search_text import words

SNIPPET = 120  # characters of a provision shown under a hit


def _round(value: float) -> float:
    return round(value, 3)


def _flat(postings: list[tuple[int, float]]) -> list[float]:
    """[entry, tf, entry, tf, ...] with each entry as the gap from the one before (small numbers
    compress well; the page adds them up again)."""
    flat: list[float] = []
    previous = 0
    for index, tf in postings:
        flat += [index - previous, _round(tf)]
        previous = index
    return flat


def _snippet(text: str) -> str:
    flat = " ".join(text.split())
    if len(flat) <= SNIPPET:
        return flat
    cut = flat.rfind(" ", 0, SNIPPET)
    return flat[: cut if cut > SNIPPET // 2 else SNIPPET] + "…"


def _word_table(s: Searcher, texts: dict[str, list[str]]) -> dict[str, dict[str, str]]:
    """Per language, word -> stem for every word whose stem differs from it."""
    table: dict[str, dict[str, str]] = {}
    for code, chunks in sorted(texts.items()):
        lang = s.index.language(code)
        seen: dict[str, str] = {}
        for chunk in chunks:
            for w in words(chunk):
                if w not in seen:
                    seen[w] = lang.stem(w)
        for w in lang.stop_words:
            seen.setdefault(w, lang.stem(w))
        for w, digits in lang.numbers.items():
            seen[w] = digits
        table[code] = {w: stem for w, stem in sorted(seen.items()) if stem != w}
    return table


def search_index(kb_dir: Path) -> dict[str, Any]:
    """Everything the page needs to answer a question without a server (deterministic JSON data)."""
    s = searcher(kb_dir)
    texts: dict[str, list[str]] = {}
    for d in s.documents:
        texts.setdefault(d.language, []).append(d.text)
        texts[d.language].append(d.heading or "")
    for rule in s.rules.values():
        texts.setdefault("en", []).append(f"{rule.title} {rule.summary}")
    phrases: dict[str, list[list[Any]]] = {}
    for concept in s.index.concepts:
        for code, sequences in sorted(concept.terms.items()):
            texts.setdefault(code, [])
            for sequence in sequences:
                phrases.setdefault(code, []).append([list(sequence), concept.id])
    languages = {}
    for code, collection in sorted(s.index.collections.items()):
        lang = s.index.language(code)
        languages[code] = {
            "stop": sorted(lang.stop_words),
            "size": collection.size,
            "average": _round(collection.average),
            "postings": {term: _flat(postings) for term, postings in sorted(collection.postings.items())},
            "phrases": sorted(phrases.get(code, [])),
            "irregular": lang.irregular,
        }
    entries = [[e.language, _round(e.weight), _round(e.length)] for e in s.index.entries]
    documents = [  # the page names a hit by its rule's title, else by the heading kept here
        [d.edition, d.key, d.rule or "", "" if d.rule in s.rules else d.title, _snippet(d.text)]
        for d in s.documents
    ]
    return {
        "constants": {
            "k1": K1,
            "b": B,
            "coverage": COVERAGE,
            "concept": CONCEPT_WEIGHT,
            "related": RELATED_WEIGHT,
            "part": PART_WEIGHT,
            "lemma": LEMMA_WEIGHT,
            "linked": LINKED_WEIGHT,
            "max": MAX_WEIGHT,
            "mean": MEAN_WEIGHT,
            "rule": RULE_WEIGHT,
            "scenario": SCENARIO_WEIGHT,
        },
        "links": s.index.links,
        "rule_language": RULE_LANGUAGE,
        "editions": {d.edition: [d.language, d.in_force] for d in s.documents},
        "situations": {rule: entries for rule, entries in sorted(s.rule_situations.items())},
        "languages": languages,
        "words": _word_table(s, texts),
        "entries": entries,
        "documents": documents,
        "rules": {
            rule: {"title": info.title, "entry": s.rule_entry.get(rule, -1)} for rule, info in s.rules.items()
        },
        "rule_provisions": {rule: positions for rule, positions in sorted(s.rule_provisions.items())},
    }


def search_json(kb_dir: Path) -> str:
    """The index as compact JSON; `<` is written as \\u003c so no text reads as markup anywhere."""
    text = json.dumps(search_index(kb_dir), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c")


def search_gzip(kb_dir: Path) -> bytes:
    """The index as the page loads it: gzip-compressed JSON (the page inflates it with the
    browser's DecompressionStream), reproducible (no file name, no time in the header)."""
    return gzip.compress(search_json(kb_dir).encode("utf-8"), compresslevel=9, mtime=0)
