"""`chesslaws diff`: two editions, rule by rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from extract.cli.common import UsageFailure, data_options, main, require_editions
from extract.model.vocab import STATUSES

if TYPE_CHECKING:
    from extract.reports.diff_model import EditionDiff, RuleDiff

STATUS_CHOICES = list(STATUSES)


@main.command("diff")
@click.argument("a")
@click.argument("b")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--status",
    "statuses",
    multiple=True,
    type=click.Choice(STATUS_CHOICES),
    help="Only rules carrying this flag (repeatable); the summary still counts every rule.",
)
@data_options
def diff_command(a: str, b: str, fmt: str, statuses: tuple[str, ...], corpus_dir: Path, kb_dir: Path) -> None:
    """Compare edition A (old) with edition B (new), rule by rule, substantive changes first.

    Each rule present in A or B gets a status (the first of its flags in this order): added,
    removed, not-in-translation, parameter-changed, behaviour-changed (a scenario rules differently,
    or the curated behaviour differs), content-changed (a sentence says something else), moved
    (same content in another place), renumbered, reworded (same language), unchanged. Sentences
    are compared across Danish, Norwegian and Swedish through Apertium when it is installed, and
    through numbers, termbase concepts and shall/may words otherwise; mechanical renumberings
    (a -> 1 across an article) are summarised once.

    Example: chesslaws diff da-2001 da-2017 --status parameter-changed
    """
    from extract.reports.diff import diff_editions, known_editions

    known = known_editions(kb_dir)
    require_editions((a, b), known)
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


def _labels(r: RuleDiff) -> str:
    return f"{' '.join(r.old_labels) or '-'} -> {' '.join(r.new_labels) or '-'}"


def _rule_lines(r: RuleDiff) -> list[str]:
    from extract.reports.diff import render_words

    lines = [f"  {r.status:18} {r.rule}  {_labels(r)}  [{', '.join(r.flags)}]"]
    for p in r.parameters:
        if p.change != "unchanged":
            old = "absent" if p.old is None else p.old.value
            new = "absent" if p.new is None else p.new.value
            lines.append(f"      {p.parameter}: {old} -> {new} {p.unit} ({p.change})")
    if r.behaviour:
        lines.append(f"      behaviour: {r.behaviour.old or '-'} -> {r.behaviour.new or '-'} (curated)")
    for run in r.scenarios:
        lines.append(f"      scenario {run.scenario}: {run.summary}")
    if r.moved_from or r.moved_to:
        where = f"from {' '.join(r.moved_from)}" if r.moved_from else f"to {' '.join(r.moved_to)}"
        lines.append(f"      {r.structure or 'moved'} {where}")
    if r.omission:
        lines.append(f"      the translation says: {r.omission}")
    if r.status in ("content-changed", "not-in-translation", "moved", "added", "removed"):
        lines += [f"      {e}" for e in r.evidence[:4]]
    if r.words is not None and "reworded" in r.flags:
        lines.append(f"      {render_words(r.words)}")
    return lines


def diff_text(result: EditionDiff, statuses: tuple[str, ...]) -> list[str]:
    """The diff for a terminal: summary, parameter changes, renumbering schemes and chapter moves,
    then the rules, substantive changes first; rules renumbered by a scheme are not listed again."""
    from extract.reports.diff import STATUSES, SUBSTANTIVE, summarised

    lines = [f"{result.a} -> {result.b} ({result.notes[0]})"]
    lines += [f"  note: {n}" for n in result.notes[1:]]
    lines.append("  " + ", ".join(f"{s} {result.counts.get(s, 0)}" for s in STATUSES))
    lines.append(f"  substantive ({', '.join(SUBSTANTIVE)}): {result.substantive_count()}")
    if result.parameter_changes:
        lines.append("\nparameters")
        for c in result.parameter_changes:
            old = "absent" if c.old is None else c.old
            new = "absent" if c.new is None else c.new
            lines.append(
                f"  {c.parameter} {old} -> {new} {c.unit}  ({c.rule}, "
                f"{c.old_label or '-'} -> {c.new_label or '-'})"
            )
    if result.renumberings:
        lines.append("\nrenumbering schemes (each rule below follows it; not listed again)")
        for m in result.renumberings:
            lines.append(
                f"  {m.old_chapter} -> {m.new_chapter}: {m.scheme}, e.g. {m.example} ({len(m.rules)} rules)"
            )
    if result.chapter_moves:
        lines.append("\nchapter moves")
        for move in result.chapter_moves:
            lines.append(f"  {move.old_chapter} -> {move.new_chapter}: {', '.join(move.rules)}")
    hidden = summarised(result) if not statuses else set()
    order = {s: i for i, s in enumerate(STATUSES)}
    lines.append("\nrules")
    for r in sorted(result.rules, key=lambda r: order[r.status] if r.substantive else len(order)):
        if statuses and not set(r.flags) & set(statuses):
            continue
        if r.rule in hidden:
            continue
        lines += _rule_lines(r)
    return lines
