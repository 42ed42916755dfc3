"""A reviewable kb/languages/<lang>.yaml draft: what the libraries and the aligned editions give a
language, each learned entry with its evidence (the provisions and reference editions it stood in).

The draft is read by the same strict loader as a curated file once a person keeps it; nothing in the
build depends on it (the build learns the same words itself).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from extract.io.generated import read_kb
from extract.io.rules import load_rules
from extract.kb.learned_lexicon import Learned, learn, provision_rules
from extract.text.cldr import library_words
from extract.text.words import discovered, unknown_scripts

ORDER = (
    "numbers", "ordinals", "times", "multiplied", "units", "comparators", "multiply", "multiplied_by",
    "increment_words", "instead", "zero", "articles", "ordinal_marks",
)  # fmt: skip


def learned_from_kb(language: str, kb_dir: Path, texts: Iterable[str] = ()) -> Learned:
    """Learn `language`'s words from a built KB (kb/generated: provisions and alignment), its texts
    (those of its editions) read with the words discovered in them: as the build reads them where
    the language has one edition outside the reference core (the build discovers an edition's words
    in its own text; the draft, which learns from all of the language's editions at once, in them
    all)."""
    with discovered(unknown_scripts(texts)):
        return _learned(language, kb_dir)


def _learned(language: str, kb_dir: Path) -> Learned:
    kb = read_kb(kb_dir)
    documents = kb.all_provisions()
    provisions = {
        edition: list(zip(doc.keys(), (p.as_dict() for p in doc.provisions), strict=True))
        for edition, doc in documents.items()
    }
    languages = {edition: doc.language for edition, doc in documents.items()}
    mapping = {(row.edition, row.label): row.rule for row in kb.alignment()}
    assigned = provision_rules(load_rules(kb_dir), mapping, provisions)
    laws = {row.id: row.fide_edition for row in kb.editions()}
    return learn(language, provisions, languages, assigned, kb_dir, laws)


def draft(language: str, learned: Learned) -> str:
    """The draft file's text: the libraries' words as comments-free tables, learned words with a
    comment naming where each stood."""
    library = library_words(language)
    tables: dict[str, Any] = {key: value for key, value in learned.tables.items() if value}
    comparators = {"before": tables.pop("comparators", {}), "after": tables.pop("postfix", {})}
    lines = [
        f"# Draft language data for '{language}', learned by `chesslaws languages draft {language}`.",
        "# Review every entry before keeping it as kb/languages/<lang>.yaml: the comment after a learned",
        "# word names the provisions where it stood and the reference editions that stated the quantity.",
        "# CLDR unit names and ICU number words are read by the build anyway; they are listed for review.",
        f"language: {language}",
    ]
    learned_numbers = {k: v for k, v in (tables.pop("numbers", {}) or {}).items()}
    lines += _table("numbers", learned_numbers, learned, "numbers")
    for key in ("ordinals", "times", "multiplied"):
        lines += _table(key, tables.pop(key, {}) or {}, learned, "word:" + key)
    units = tables.pop("units", {}) or {}
    lines.append("units:")
    for unit in sorted(set(units) | set(library["units"])):
        lines.append(f"  {unit}:")
        for word in library["units"].get(unit, []) + library["short_units"].get(unit, []):
            lines.append(f"  - {_scalar(word)}   # CLDR")
        for word in units.get(unit, []):
            lines.append(f"  - {_scalar(word)}   # {_places(learned, 'unit:' + unit, word)}")
    if comparators["before"] or comparators["after"]:
        lines.append("comparators:")
        for side, slot in (("before", "before"), ("after", "after")):
            if comparators[side]:
                lines.append(f"  {side}:")
                for meaning, words in sorted(comparators[side].items()):
                    lines.append(f"    {meaning}:")
                    lines += [
                        f"    - {_scalar(w)}   # {_places(learned, f'{slot}:{meaning}', w)}" for w in words
                    ]
    for key, slot in (("multiply", "multiply:multiply"), ("multiplied_by", "before:factor")):
        words = tables.pop(key, []) or []
        if words:
            lines.append(f"{key}:")
            lines += [f"- {_scalar(w)}   # {_places(learned, slot, w)}" for w in words]
    words = tables.pop("increment_words", []) or []
    if words:
        lines.append("increment_words:")
        lines += [
            f"- {_scalar(w)}   # {_places(learned, 'increment_words:increment_words', w)}" for w in words
        ]
    instead = tables.pop("instead", None)
    if instead:
        slot = "after:instead" if instead["replaced"] == "before" else "before:instead"
        phrase = instead["phrases"][0]
        lines.append(f"instead: {{phrases: [{_scalar(phrase)}], replaced: {instead['replaced']}}}")
        lines.append(f"#   {_places(learned, slot, phrase)}")
    marks = tables.pop("ordinal_marks", []) or []
    if marks:
        lines.append("ordinal_marks:")
        lines += [f"- {_scalar(m)}   # {_places(learned, 'ordinal_marks', m)}" for m in marks]
    learned_zero = [w for w in tables.pop("zero", []) or [] if w not in library["zero"]]
    if library["zero"] or learned_zero:
        lines.append("zero:")
        lines += [f"- {_scalar(w)}   # ICU" for w in library["zero"]]
        lines += [f"- {_scalar(w)}   # {_places(learned, 'zero', w)}" for w in learned_zero]
    return "\n".join(lines) + "\n"


def _table(key: str, values: dict[str, Any], learned: Learned, slot: str) -> list[str]:
    if not values:
        return []
    lines = [f"{key}:"]
    for word, value in sorted(values.items(), key=lambda kv: (kv[1], kv[0])):
        places = _places(learned, slot, word) if slot.startswith("word:") else _places(learned, key, word)
        lines.append(f"  {_scalar(word)}: {value}   # {places}")
    return lines


def _places(learned: Learned, slot: str, word: str) -> str:
    found = learned.evidence.get((slot, word)) or []
    return "; ".join(found) if found else "learned"


YAML_WORDS = {"yes", "no", "on", "off", "true", "false", "null", "y", "n"}


def _scalar(word: str) -> str:
    """A YAML scalar for a word: quoted when YAML would read it as something else."""
    plain = word.replace(" ", "").replace("-", "").isalpha() and word.lower() not in YAML_WORDS
    return word if plain else json.dumps(word, ensure_ascii=False)
