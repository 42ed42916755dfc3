"""Comparators and multipliers learned without a language file (issue 24): made-up words beside Danish
references (kb/languages/da.yaml reads them), learned from the aligned places and read back."""

from __future__ import annotations

from typing import Any

from extract.io.languages import DEFAULT_KB
from extract.kb.learned_lexicon import learn
from extract.kb.learned_numbers import Sources
from extract.text.quantities import quantities

# rule -> (Danish reference, the made-up language's text); "ath" (than) also stands in "moro ath"
# (more than) and "andra ath" (other than), so it says "less" only after "mindro".
PAIRS = {
    "r1": ("Et parti på mindre end 15 minutter.", "Ot partu pa mindro ath 15 minuk."),
    "r2": ("Han har mindre end 2 minutter tilbage.", "Hon hor mindro ath 2 minuk tilbaka."),
    "r3": ("Hvis han har mindre end 5 minutter.", "Jafs hon hor mindro ath 5 minuk."),
    "r4": ("En anden notation end den algebraiske.", "On andra notata ath dan algebra."),
    "r5": ("Den der kommer mere end en time for sent.", "Dan som kommar moro ath on tima fur sant."),
    "r6": ("Spilleren eller dommeren stopper uret.", "Spolaren ollar dommaren stoppar urot."),
}


def learned(pairs: dict[str, tuple[str, str]]) -> dict[str, Any]:
    provisions: dict[str, list[tuple[str, dict[str, object]]]] = {"da-2017": [], "xx-2023": []}
    assigned: dict[tuple[str, str], tuple[str, ...]] = {}
    for n, (rule, (danish, made)) in enumerate(pairs.items()):
        for edition, text in (("da-2017", danish), ("xx-2023", made)):
            provisions[edition].append((f"k{n}", {"label": f"{n}.1", "text": text}))
            assigned[(edition, f"k{n}")] = (rule,)
    languages = {"da-2017": "da", "xx-2023": "xx"}
    found = learn("xx", provisions, languages, assigned, DEFAULT_KB)
    for table in ("comparators", "postfix"):
        slot = "before" if table == "comparators" else "after"
        for meaning, words in found.tables.get(table, {}).items():
            assert all(found.evidence[(f"{slot}:{meaning}", w)] for w in words)  # each with its places
    return found.tables


def read(text: str, tables: dict[str, Any]) -> list[tuple[float, str, str | None]]:
    return [(q.value, q.unit, q.comparator) for q in quantities(text, "xx", DEFAULT_KB, tables)]


def test_a_comparator_keeps_the_word_that_makes_it_one():
    tables = learned(PAIRS)
    assert tables["comparators"] == {"less": ["mindro ath"]}  # never "ath" alone
    assert read("moro ath 10 minuk, mon mindro ath 60 minuk", tables) == [
        (10, "minute", None),  # "more than" is not learned: no comparator rather than a wrong one
        (60, "minute", "less"),
    ]
