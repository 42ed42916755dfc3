"""kb/overrides.yaml: alignment decisions a person made; strict, and checked against the texts.

An override naming an edition, a label or a rule that does not exist would add a phantom provision
to the graph, so each of those is an error with the file and line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from extract.io.rules import edition_keys, read_yaml_list
from extract.io.yamlfile import check_keys, line_of
from extract.model import InputError

OVERRIDES_FILE = "overrides.yaml"
OVERRIDE_KEYS = ("edition", "label", "rule", "reason")


def load_overrides(
    kb_dir: Path, rule_ids: set[str], editions: set[str] | None = None
) -> list[dict[str, str]]:
    """The overrides ([] without the file), each {edition, label, rule, reason} plus its `line`."""
    path = Path(kb_dir) / OVERRIDES_FILE
    if not path.exists():
        return []
    overrides: list[dict[str, str]] = []
    seen: dict[tuple[str, str], int | None] = {}
    for entry in read_yaml_list(path, "overrides {edition, label, rule, reason}"):
        check_keys(path, entry, OVERRIDE_KEYS, OVERRIDE_KEYS, "override")
        assert isinstance(entry, dict)
        line = line_of(entry)
        for key in OVERRIDE_KEYS:
            if not isinstance(entry[key], str) or not entry[key].strip():
                hint = ' (quote labels: "14.1")' if key == "label" else ""
                raise InputError(
                    path, line, f"override: {key} must be non-empty text{hint}, found {entry[key]!r}"
                )
        if entry["rule"] not in rule_ids:
            raise InputError(path, line, f"override: unknown rule '{entry['rule']}'")
        if editions is not None and entry["edition"] not in editions:
            raise InputError(
                path,
                line,
                f"override: unknown edition '{entry['edition']}' (known: {', '.join(sorted(editions))})",
            )
        place = (str(entry["edition"]), str(entry["label"]))
        if place in seen:
            raise InputError(
                path,
                line,
                f"override: {place[0]}:{place[1]} is overridden twice (first at line {seen[place]})",
            )
        seen[place] = line
        overrides.append({k: str(entry[k]) for k in OVERRIDE_KEYS} | {"line": str(line)})
    return overrides


def check_override_labels(
    kb_dir: Path, overrides: Sequence[Mapping[str, str]], documents: Mapping[str, list[dict[str, object]]]
) -> None:
    """Every override names a provision the segmented text has (label, or label@line)."""
    path = Path(kb_dir) / OVERRIDES_FILE
    for override in overrides:
        edition, label = override["edition"], override["label"]
        if edition not in documents:
            raise InputError(path, int(override["line"]), f"override: unknown edition '{edition}'")
        if label not in set(edition_keys(documents[edition])[0]):
            raise InputError(path, int(override["line"]), f"override: {edition} has no provision '{label}'")
