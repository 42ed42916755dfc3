"""The closed vocabularies (extract/model/vocab.py): one definition each, used where values are produced."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from extract.io.kbfiles import read_generated, read_provisions
from extract.model import Provision, vocab
from extract.reports.lint import CHECKS, KINDS

KB = Path(__file__).resolve().parents[1] / "kb"


def test_each_runtime_tuple_is_its_type() -> None:
    pairs = [
        (vocab.Kind, vocab.KINDS),
        (vocab.Method, vocab.METHODS),
        (vocab.Status, vocab.STATUSES),
        (vocab.WordingMethod, vocab.WORDING_METHODS),
        (vocab.Structure, vocab.STRUCTURES),
        (vocab.Change, vocab.CHANGES),
        (vocab.Category, vocab.CATEGORIES),
        (vocab.Severity, vocab.SEVERITIES),
        (vocab.FindingKind, vocab.FINDING_KINDS),
    ]
    for literal, values in pairs:
        assert values == get_args(literal) and len(set(values)) == len(values)


def test_derived_sets_stay_inside_their_vocabulary() -> None:
    for derived in (vocab.STRUCTURAL_KINDS, vocab.ITEM_KINDS, vocab.RULE_KINDS, vocab.NUMBERED_KINDS):
        assert derived <= set(vocab.KINDS)
    assert set(vocab.SUBSTANTIVE) <= set(vocab.STATUSES)
    assert not vocab.STRUCTURAL_KINDS & vocab.RULE_KINDS


def test_every_lint_kind_has_a_check_or_is_the_runner_s_own() -> None:
    assert KINDS == vocab.FINDING_KINDS
    assert set(CHECKS) | {"stale-acceptance"} == set(KINDS)


def test_the_built_kb_uses_only_known_values() -> None:
    assert {row["method"] for row in read_generated(KB, "alignment.yaml")} <= set(vocab.METHODS)
    kinds = {p["kind"] for items in read_provisions(KB).values() for p in items}
    assert kinds <= set(vocab.KINDS) and kinds >= vocab.ITEM_KINDS


def test_an_unknown_value_is_refused_by_name() -> None:
    assert vocab.checked("item", vocab.KINDS, "provision kind") == "item"
    row = {"label": "1.1", "kind": "clause", "start": 0, "end": 1}
    with pytest.raises(ValueError, match="unknown provision kind 'clause'"):
        Provision.from_dict("da-2001", row)


LITERAL = ("Literal", "typing.Literal")


def test_no_vocabulary_is_defined_twice() -> None:
    """Each Literal type of extract/ has one name and one home: no two definitions share a name or the
    same set of values (a copy would drift from the original)."""
    import ast

    names: dict[str, str] = {}
    values: dict[frozenset[str], str] = {}
    root = Path(__file__).resolve().parents[1] / "extract"
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if not isinstance(value, ast.Subscript) or ast.unparse(value.value) not in LITERAL:
                continue
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            where = f"{path.relative_to(root)}:{node.lineno}"
            name = ast.unparse(target)
            assert name not in names, f"{name} defined at {names[name]} and {where}"
            names[name] = where
            members = frozenset(ast.unparse(e) for e in getattr(value.slice, "elts", [value.slice]))
            if len(members) > 1:
                assert members not in values, f"{name} at {where} repeats {values[members]}"
                values[members] = f"{name} at {where}"
    assert {"Kind", "Status", "Method", "Category", "EventName", "Reason"} <= names.keys()
