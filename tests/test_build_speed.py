"""The shortcuts that keep a build of many editions, or of a large output, fast (issue 20: no input of
at most 100 KB may make a command run longer than 30 s) give exactly what the long way gives:

- the aligner's weighted minimum over the concepts both sides have is the dense sum, bit for bit;
- flat rows (graph edges, links) put together from their memoized lines are `dump_yaml`'s text;
- an edition beyond the reference editions is taught its language's words from the provisions that
  share its rules, with the reference editions' rules worked out once: the same tables as from every
  provision with every rule worked out again.
"""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from conftest import ROOT, load

from extract.io.editions import load_editions
from extract.io.kbfiles import dump_items, dump_yaml
from extract.io.rules import edition_keys, load_rules
from extract.kb.align import EditionInfo, _weighted_min, reference_pairs
from extract.kb.build import Context, shared_rules, teach
from extract.kb.learned_lexicon import provision_rules
from extract.text.analyse import load_terms
from extract.text.segment import segment


def _dense(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    out = np.zeros((x.shape[0], y.shape[0]))
    for k in range(x.shape[1]):
        out += np.minimum(x[:, k][:, None], y[:, k][None, :])
    return out


@pytest.mark.parametrize(
    ("n", "m", "k", "density"),
    [(5, 7, 3, 0.5), (120, 90, 60, 0.05), (300, 2, 40, 0.1), (0, 4, 3, 0.5), (3, 0, 3, 0.5), (4, 4, 0, 0.5)],
)
def test_the_weighted_minimum_is_the_dense_sum(n: int, m: int, k: int, density: float) -> None:
    rng = np.random.default_rng(n + m + k)
    weights = rng.random(k) * 3
    x = (rng.random((n, k)) < density) * weights
    y = (rng.random((m, k)) < density) * weights
    assert _weighted_min(x, y).tobytes() == _dense(x, y).tobytes()


VALUES = [
    *("a", "1", "true", "", " x", "a: b", "- a", "#c", "provision:da-2001:1", "é", "null", "~", "0x1f"),
    *("yes", "'q'", '"q"', "a\nb", "\t", "x" * 1_500, "2001-07-01", "@x", "{a}", "a #b", "\x07", "7.5.b"),
    *("yes", "No", "on", "OFF", "y", "Null", "a:", "a:b", "e1", "inf", "x-1", "term:draw-offer", "a" * 250),
    *(1, 0, -1, 10**20, 1.5, -0.0, 0.0, float("inf"), float("nan"), 1e-07, True, False, None, [1], {"a": 1}),
]
KEYS = ["kind", "source", "target", "label", "1", "a b", "", "null", "é"]


def test_flat_rows_are_dumped_as_dump_yaml_dumps_them() -> None:
    rng = random.Random(20)
    for _ in range(1_500):
        chunk: list[object] = [
            {rng.choice(KEYS): rng.choice(VALUES) for _ in range(rng.randint(0, 5))}
            for _ in range(rng.randint(1, 5))
        ]
        if rng.random() < 0.05:
            chunk.append("a row that is not a mapping")
        assert "".join(dump_items(chunk, size=3)) == dump_yaml(chunk), chunk


@pytest.fixture(scope="module")
def taught() -> dict[str, object]:
    """hu-2018 as an edition no curated list covers, beside the four other seeds (its language has
    no reference edition then: it is taught from theirs), with the rules the committed KB maps."""
    editions = load_editions(ROOT / "corpus")
    new = "hu-2018"
    rules = [
        replace(rule, provisions={e: keys for e, keys in rule.provisions.items() if e != new})
        for rule in load_rules(ROOT / "kb")
    ]
    infos = [EditionInfo(e.id, e.fide_edition, e.in_force, e.id != new) for e in editions]
    terms = load_terms(ROOT / "kb")
    context = Context(
        ROOT / "corpus", ROOT / "kb", editions, rules, terms, [], True, infos, reference_pairs(infos)
    )
    provisions = {}
    for edition in editions:
        documents = [p.as_dict() for p in segment(edition, ROOT / "kb")]
        keys, _ = edition_keys(documents)
        provisions[edition.id] = list(zip(keys, documents, strict=True))
    mapping = {
        (r["edition"], r["label"]): r["rule"] for r in load(ROOT / "kb" / "generated" / "alignment.yaml")
    }
    languages = {e.id: e.language for e in editions}
    core = {e: keyed for e, keyed in provisions.items() if e != new}
    core_rules = provision_rules(rules, {k: r for k, r in mapping.items() if k[0] != new}, core)
    return {
        "context": context, "provisions": provisions, "languages": languages, "mapping": mapping,
        "core_rules": core_rules, "new": new,
    }  # fmt: skip


def test_an_edition_is_taught_the_same_words_from_the_provisions_sharing_its_rules(
    taught: dict[str, object],
) -> None:
    args = (taught["context"], taught["provisions"], taught["languages"], taught["mapping"])
    slow = teach("hu", *args)  # type: ignore[arg-type]
    fast = teach("hu", *args, taught["core_rules"])  # type: ignore[arg-type]
    assert slow == fast
    assert slow.get("units") or slow.get("comparators"), slow  # something was learned


def test_only_the_provisions_sharing_a_rule_are_passed(taught: dict[str, object]) -> None:
    provisions, languages = taught["provisions"], taught["languages"]
    assigned = provision_rules(taught["context"].rules, taught["mapping"], provisions)  # type: ignore[attr-defined]
    kept = shared_rules("hu", provisions, languages, assigned)  # type: ignore[arg-type]
    assert kept["hu-2018"] == provisions["hu-2018"]  # type: ignore[index]
    total = sum(len(v) for e, v in provisions.items() if e != "hu-2018")  # type: ignore[attr-defined]
    passed = sum(len(v) for e, v in kept.items() if e != "hu-2018")
    assert 0 < passed < total
