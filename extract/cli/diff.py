"""`chesslaws diff`: two editions, rule by rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from extract.cli.common import UsageFailure, data_options, main


@main.command("diff")
@click.argument("a")
@click.argument("b")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--status",
    "statuses",
    multiple=True,
    type=click.Choice(
        ["added", "removed", "parameter-changed", "split", "merged", "renumbered", "reworded", "unchanged"]
    ),
    help="Only rules carrying this flag (repeatable); the summary still counts every rule.",
)
@data_options
def diff_command(a: str, b: str, fmt: str, statuses: tuple[str, ...], corpus_dir: Path, kb_dir: Path) -> None:
    """Compare edition A (old) with edition B (new), rule by rule.

    Each rule present in A or B gets a status (added, removed, parameter-changed, split, merged,
    renumbered, reworded, unchanged; the first flag in that order) and all its flags. Parameters are
    shown old -> new with the labels that state them. Same-language pairs get a word diff
    ([-old-]{+new+}); other pairs are never called reworded.

    Example: chesslaws diff da-2001 da-2017 --status parameter-changed
    """
    from extract.reports.diff import diff_editions, known_editions

    known = known_editions(kb_dir)
    for edition in (a, b):
        if edition not in known:
            raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(known)})")
    if a == b:
        raise UsageFailure(f"diff needs two different editions; got {a} twice")
    result = diff_editions(a, b, kb_dir, corpus_dir)
    if fmt == "json":
        data = result.as_dict()
        if statuses:
            data["rules"] = [r for r in data["rules"] if set(r["flags"]) & set(statuses)]
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    for line in diff_text(result, statuses):
        click.echo(line)


def diff_text(result: Any, statuses: tuple[str, ...]) -> list[str]:
    """The diff for a terminal: summary, parameter changes, chapter moves, then one block per rule."""
    from extract.reports.diff import STATUSES, render_words

    kind = "same language: word diff" if result.same_language else "different languages: no rewording claimed"
    lines = [f"{result.a} -> {result.b} ({kind})"]
    lines.append("  " + ", ".join(f"{s} {result.counts.get(s, 0)}" for s in STATUSES))
    if result.parameter_changes:
        lines.append("\nparameters")
        for c in result.parameter_changes:
            old = "absent" if c["old"] is None else c["old"]
            new = "absent" if c["new"] is None else c["new"]
            lines.append(
                f"  {c['parameter']} {old} -> {new} {c['unit']}  ({c['rule']}, "
                f"{c['old_label'] or '-'} -> {c['new_label'] or '-'})"
            )
    if result.chapter_moves:
        lines.append("\nchapter moves")
        for m in result.chapter_moves:
            lines.append(f"  {m.old_chapter} -> {m.new_chapter}: {', '.join(m.rules)}")
    lines.append("\nrules")
    for r in result.rules:
        if statuses and not set(r.flags) & set(statuses):
            continue
        labels = f"{' '.join(r.old_labels) or '-'} -> {' '.join(r.new_labels) or '-'}"
        lines.append(f"  {r.status:17} {r.rule}  {labels}  [{', '.join(r.flags)}]")
        for p in r.parameters:
            if p.change != "unchanged":
                old = "absent" if p.old is None else p.old.value
                new = "absent" if p.new is None else p.new.value
                lines.append(f"      {p.parameter}: {old} -> {new} {p.unit} ({p.change})")
        if r.words is not None and "reworded" in r.flags:
            lines.append(f"      {render_words(r.words)}")
    return lines
