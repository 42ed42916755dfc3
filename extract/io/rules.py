"""Curated canonical rules (kb/rules/*.yaml): strict loading and coverage of the provisions.

A rule lists, per edition, the labels of the provisions that express it (the curated mapping).
A label that is printed twice in one edition is written `label@line` (`11.2.2@365`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from extract.io.yamlfile import line_of, load_yaml
from extract.model import InputError
from extract.model.kbrows import provision_keys

RULE_KEYS = {
    "id",
    "title",
    "summary",
    "topic",
    "parent",
    "parameters",
    "provisions",
    "anchor",
    "notes",
    "expected",
    "behaviour",
    "part_of",
}
REQUIRED = ("id", "title", "summary", "topic", "provisions")
RULE_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Rule:
    """A language-neutral rule of the Laws, with the provisions that express it in each edition."""

    id: str
    title: str
    summary: str
    topic: str
    parent: str | None
    parameters: tuple[str, ...]
    provisions: dict[str, tuple[str, ...]]
    anchor: str | None = None
    path: str = ""
    line: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)
    expected: dict[str, dict[str, object]] = field(default_factory=dict)  # curated check values
    behaviour: dict[str, str] = field(default_factory=dict)  # curated engine keyword per edition
    # edition -> provisions mapped to other rules of which a part (some sentences) expresses this rule
    part_of: dict[str, tuple[str, ...]] = field(default_factory=dict)


def read_yaml_list(path: Path, what: str) -> list[object]:
    """A curated YAML file holding a list; mappings carry their `__line__`; duplicate keys are errors."""
    entries = load_yaml(path, lines=True)
    if entries is None:
        return []
    if not isinstance(entries, list):
        raise InputError(path, line_of(entries, 1), f"expected a list of {what}")
    return entries


_LOADED: dict[str, tuple[tuple[tuple[str, int, int], ...], list[Rule]]] = {}


def load_rules(kb_dir: Path) -> list[Rule]:
    """All rules of kb/rules/*.yaml, checked: known keys, unique ids, existing parents.

    Read once per process until a file changes (the diff, the engine and the reports all ask)."""
    folder = kb_dir / "rules"
    stamp = tuple((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.glob("*.yaml")))
    key = str(folder.resolve())
    cached = _LOADED.get(key)
    if cached is not None and cached[0] == stamp:
        return list(cached[1])
    rules = _read_rules(folder)
    _LOADED[key] = (stamp, rules)
    return list(rules)


def _read_rules(folder: Path) -> list[Rule]:
    rules: list[Rule] = []
    for path in sorted(folder.glob("*.yaml")):
        entries = read_yaml_list(path, "rules")
        for entry in entries:
            rules.append(_rule(path, entry))
    ids: dict[str, Rule] = {}
    for rule in rules:
        if rule.id in ids:
            other = ids[rule.id]
            raise InputError(
                rule.path, rule.line, f"rule id '{rule.id}' also defined at {other.path}:{other.line}"
            )
        ids[rule.id] = rule
    for rule in rules:
        if rule.parent and rule.parent not in ids:
            raise InputError(rule.path, rule.line, f"rule '{rule.id}' has unknown parent '{rule.parent}'")
    _refuse_parent_cycles(ids)
    _refuse_labels_mapped_twice(rules)
    return rules


def _refuse_parent_cycles(ids: dict[str, Rule]) -> None:
    """Following `parent` from any rule ends at a rule without one (no rule is its own ancestor)."""
    done: set[str] = set()
    for rule in ids.values():
        path: list[str] = []
        current: Rule | None = rule
        while current is not None and current.id not in done:
            if current.id in path:
                cycle = " -> ".join([*path[path.index(current.id) :], current.id])
                raise InputError(current.path, current.line, f"rule parents go round in a circle: {cycle}")
            path.append(current.id)
            current = ids.get(current.parent) if current.parent else None
        done.update(path)


def _refuse_labels_mapped_twice(rules: list[Rule]) -> None:
    """A provision of an edition is curated under one rule (a part of it under others: `part_of`)."""
    seen: dict[tuple[str, str], Rule] = {}
    for rule in rules:
        for edition, labels in rule.provisions.items():
            for label in labels:
                first = seen.setdefault((edition, label), rule)
                if first is not rule:
                    raise InputError(
                        rule.path,
                        rule.line,
                        f"rule '{rule.id}' names {edition}:{label}, already under rule '{first.id}' "
                        f"({first.path}:{first.line}); a provision belongs to one rule (a part: part_of)",
                    )


EDITION_ID = re.compile(r"(?P<language>[a-z]{2})-(?P<year>\d{4})")


def edition_problems(rules: list[Rule], editions: set[str], this_year: int) -> tuple[InputError | None, str]:
    """Editions the curated rules name that the corpus does not have: an InputError for an id no
    edition can have (not <language>-<year>, or a year still to come), else one warning line for the
    editions merely absent from this corpus ('' when there are none); their mappings wait unused."""
    absent: list[tuple[Rule, str]] = []
    for rule in rules:
        for edition in sorted({*rule.provisions, *rule.part_of, *rule.behaviour} - editions):
            match = EDITION_ID.fullmatch(edition)
            if match is None or int(match["year"]) > this_year:
                why = "a year still to come" if match else "not an edition id like da-2017"
                return InputError(
                    rule.path, rule.line, f"rule '{rule.id}' names edition '{edition}': {why}"
                ), ""
            absent.append((rule, edition))
    if not absent:
        return None, ""
    rule, edition = absent[0]
    names = sorted({e for _, e in absent})
    more = f" (editions {', '.join(names)} in {len(absent)} rules)" if len(absent) > 1 else ""
    return None, (
        f"{rule.path}:{rule.line}: rule '{rule.id}' names {edition}, which corpus/editions.yaml does not "
        f"list{more}; those mappings are not used"
    )


def _rule(path: Path, entry: object) -> Rule:
    if not isinstance(entry, dict):
        raise InputError(path, None, "each rule must be a mapping")
    line = entry.pop("__line__", 0)
    unknown = set(entry) - RULE_KEYS
    if unknown:
        allowed = ", ".join(sorted(RULE_KEYS))
        raise InputError(path, line, f"unknown key(s) {', '.join(sorted(unknown))}; allowed: {allowed}")
    for key in REQUIRED:
        if entry.get(key) in (None, ""):
            raise InputError(path, line, f"rule is missing '{key}'")
    if not RULE_ID.match(str(entry["id"])):
        raise InputError(path, line, f"rule id '{entry['id']}' is not short kebab-case")
    provisions = entry["provisions"]
    if not isinstance(provisions, dict):
        raise InputError(path, line, f"rule '{entry['id']}': provisions must map edition -> list of labels")
    provisions.pop("__line__", None)
    for key in ("title", "summary", "topic"):
        if not isinstance(entry[key], str):
            raise InputError(path, line, f"rule '{entry['id']}': {key} must be text")
    for key in ("parent", "anchor"):
        if entry.get(key) is not None and not isinstance(entry[key], str):
            raise InputError(path, line, f"rule '{entry['id']}': {key} must be a rule id")
    _list_of_text(path, line, entry, "parameters", entry.get("parameters"))
    for edition, labels in provisions.items():
        _list_of_text(path, line, entry, f"provisions of {edition}", labels, labels=True)
    if isinstance(entry.get("notes"), str):
        entry["notes"] = [entry["notes"]]
    _list_of_text(path, line, entry, "notes", entry.get("notes"))
    return Rule(
        id=str(entry["id"]),
        title=str(entry["title"]),
        summary=str(entry["summary"]),
        topic=str(entry["topic"]),
        parent=entry.get("parent"),
        parameters=tuple(entry.get("parameters") or ()),
        provisions={
            str(ed): tuple(str(label) for label in labels or ()) for ed, labels in provisions.items()
        },
        anchor=entry.get("anchor"),
        path=str(path),
        line=line,
        notes=tuple(entry.get("notes") or ()),
        expected=_expected(path, line, entry),
        behaviour=_behaviour(path, line, entry),
        part_of=_part_of(path, line, entry),
    )


def _part_of(path: Path, line: int, entry: dict[str, object]) -> dict[str, tuple[str, ...]]:
    """Curated: edition -> labels of provisions (mapped to other rules) of which a part expresses the
    rule ("In da-2001, sv-2009 and nb-2014 part of 1.1"). Labels are checked with the coverage."""
    part_of = entry.get("part_of") or {}
    if not isinstance(part_of, dict):
        raise InputError(path, line, f"rule '{entry['id']}': part_of must map edition -> list of labels")
    part_of.pop("__line__", None)
    out: dict[str, tuple[str, ...]] = {}
    for edition, labels in part_of.items():
        if not isinstance(labels, list) or not labels:
            raise InputError(path, line, f"rule '{entry['id']}': part_of {edition} must be a list of labels")
        out[str(edition)] = tuple(str(label) for label in labels)
    return out


def _list_of_text(
    path: Path, line: int, entry: dict[str, Any], what: str, value: object, labels: bool = False
) -> None:
    """A list of strings; a single string is never split into letters, a number never rounded."""
    if value is None:
        return
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        hint = ' (quote labels: "7.10", not 7.10)' if labels else ""
        raise InputError(
            path, line, f"rule '{entry['id']}': {what} must be a list of strings{hint}, found {value!r}"
        )


def _expected(path: Path, line: int, entry: dict[str, Any]) -> dict[str, dict[str, object]]:
    """Curated values per parameter and edition: checks for the extractor, never published."""
    expected = entry.get("expected") or {}
    expected.pop("__line__", None)
    parameters = set(entry.get("parameters") or ())
    for name, values in expected.items():
        if name not in parameters:
            raise InputError(
                path, line, f"rule '{entry['id']}': expected value for '{name}', not in its parameters"
            )
        if isinstance(values, dict):
            values.pop("__line__", None)
    return expected


def _behaviour(path: Path, line: int, entry: dict[str, Any]) -> dict[str, str]:
    """Curated engine keywords (edition -> keyword) for what the text decides but no number carries."""
    behaviour = entry.get("behaviour") or {}
    behaviour.pop("__line__", None)
    provisions = entry["provisions"]
    for edition, keyword in behaviour.items():
        if edition not in provisions:
            raise InputError(
                path, line, f"rule '{entry['id']}': behaviour for {edition}, which has no provision"
            )
        if not isinstance(keyword, str):
            raise InputError(path, line, f"rule '{entry['id']}': behaviour for {edition} must be one keyword")
    return {str(k): str(v) for k, v in behaviour.items()}


def edition_keys(provisions: list[dict[str, object]]) -> tuple[list[str], list[str]]:
    """(all keys, leaf keys) of one edition's provisions, keyed as `provision_keys` names them."""
    keys = provision_keys((str(p["label"]), cast(int, p["line"])) for p in provisions)
    parents = {p["parent"] for p in provisions}
    leaves = [key for key, p in zip(keys, provisions, strict=True) if p["label"] not in parents]
    return keys, leaves


def curated_mapping(rules: list[Rule]) -> dict[tuple[str, str], str]:
    """(edition, provision key) -> rule id, as curated in kb/rules."""
    mapping: dict[tuple[str, str], str] = {}
    for rule in rules:
        for edition, labels in rule.provisions.items():
            for label in labels:
                mapping[(edition, label)] = rule.id
    return mapping


def coverage_problems(rules: list[Rule], provisions: dict[str, list[dict[str, object]]]) -> list[str]:
    """Everything wrong with the curated mapping: unknown labels, leaves mapped twice or not at all."""
    problems: list[str] = []
    seen: dict[tuple[str, str], str] = {}
    known = {edition: set(edition_keys(items)[0]) for edition, items in provisions.items()}
    for rule in rules:
        for edition, labels in rule.provisions.items():
            if edition not in known:
                problems.append(
                    f"{rule.path}:{rule.line}: rule '{rule.id}' names unknown edition '{edition}'"
                )
                continue
            for label in labels:
                if label not in known[edition]:
                    problems.append(
                        f"{rule.path}:{rule.line}: rule '{rule.id}': {edition} has no provision '{label}'"
                    )
                if (edition, label) in seen:
                    problems.append(
                        f"{rule.path}:{rule.line}: {edition}:{label} is mapped to '{seen[(edition, label)]}' "
                        f"and '{rule.id}'"
                    )
                seen[(edition, label)] = rule.id
        for edition, labels in rule.part_of.items():
            for label in labels:
                if edition in known and label not in known[edition]:
                    where = f"{rule.path}:{rule.line}: rule '{rule.id}'"
                    problems.append(f"{where}: part_of {edition} has no provision '{label}'")
    for edition, items in provisions.items():
        for leaf in edition_keys(items)[1]:
            if (edition, leaf) not in seen:
                problems.append(f"{edition}:{leaf} (a leaf) is mapped to no rule")
    return problems
