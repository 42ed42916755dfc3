"""`chesslaws show`: a rule in every edition, or one provision."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from extract.cli.common import UsageFailure, data_options, main
from extract.cli.limits import time_limit_option
from extract.io.generated import read_kb
from extract.model import InputError


@main.command()
@click.argument("reference")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--rulings",
    is_flag=True,
    help="Instead of the texts: each situation that exercises the RULE and every edition's ruling of it, "
    "in plain words with the article (rulings that differ from the previous edition's are marked).",
)
@time_limit_option
@data_options
def show(reference: str, fmt: str, rulings: bool, corpus_dir: Path, kb_dir: Path) -> None:
    """Show a RULE in every edition (oldest first), or EDITION:LABEL with its sub-items. A rule's
    scenarios are run (the time limit bounds their checkmate questions, as in 'check').

    Example: chesslaws show illegal-move-penalty; chesslaws show da-2001:7.4.b;
    chesslaws show illegal-move-penalty --rulings
    """
    if rulings and ":" in reference:
        raise UsageFailure(f"--rulings shows a rule, not a provision: give a rule id, not '{reference}'")
    if rulings:
        return show_rulings(reference, fmt, kb_dir)
    if ":" not in reference:
        return show_rule(reference, fmt, kb_dir)
    edition, label = reference.split(":", 1)
    provisions = read_kb(kb_dir).provisions(edition).provisions
    wanted = label if any(p.label == label for p in provisions) else _normalized(label)
    found = [p for p in provisions if p.label == wanted or p.label.startswith(wanted + ".")]
    if not found:
        raise UsageFailure(f"{edition} has no provision labelled '{label}'")
    if fmt == "json":
        rows = [{"edition": edition, **dict(sorted(p.as_dict().items()))} for p in found]  # as in the file
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return None
    for p in found:
        depth = p.label.count(".") - wanted.count(".")
        printed = p.printed_label or ("(inferred)" if p.inferred else "")
        title = f" {p.heading}" if p.heading else ""
        click.echo(f"{'  ' * depth}{edition}:{p.label} [{printed}] line {p.line}{title}")
        for text_line in p.text.splitlines():
            click.echo(f"{'  ' * depth}  {text_line}")
    return None


def _normalized(label: str) -> str:
    """A label as printed ("7.4 b", "A 3.2") in its normalised form, as the segmenter gives it."""
    from extract.text.segment import normalize_label

    return normalize_label(label)


def show_rule(rule_id: str, fmt: str, kb_dir: Path) -> None:
    from extract.io.rules import load_rules

    rules = {r.id: r for r in load_rules(kb_dir)}
    if rule_id not in rules:
        raise UsageFailure(unknown_rule(rule_id, kb_dir, sorted(rules)))
    rule = rules[rule_id]
    kb = read_kb(kb_dir)
    documents = kb.all_provisions()
    wanted = {(r.edition, r.label) for r in kb.alignment() if r.rule == rule_id}
    texts = [
        {"edition": edition, "label": key, "printed_label": p.printed_label, "line": p.line, "text": p.text}
        for edition, document in documents.items()
        for key, p in document.keyed()
        if (edition, key) in wanted
    ]
    checks = rule_checks(rule_id, kb_dir, set(rules))
    from extract.reports.plain import load_sources, ruling_text

    sources = load_sources(kb_dir) if checks else None
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "rule": rule_id,
                    "title": rule.title,
                    "summary": rule.summary,
                    "topic": rule.topic,
                    "parameters": list(rule.parameters),
                    "provisions": texts,
                    "scenarios": [
                        r.as_dict() | {"text": ruling_text(r.actual, r.edition, sources, r.rules, r.used)}
                        for r in checks
                    ],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    click.echo(f"{rule.id}: {rule.title}\n  {rule.summary}\n  topic: {rule.topic}")
    if rule.parameters:
        click.echo(f"  parameters: {', '.join(rule.parameters)}")
    if not texts:
        click.echo("  (no edition has this rule)")
    for t in texts:
        click.echo(f"\n{t['edition']} {t['label']} (line {t['line']})")
        for text_line in str(t["text"]).splitlines():
            click.echo(f"  {text_line}")
    if checks:
        click.echo("\nscenarios:")
        for r in checks:
            click.echo(f"  {r.status:4}  {r.edition:8} {r.scenario}: {r.title}")
            click.echo(f"        {ruling_text(r.actual, r.edition, sources, r.rules, r.used)}")


def show_rulings(rule_id: str, fmt: str, kb_dir: Path) -> None:
    """The rulings matrix of one rule (extract/reports/rulings.py, as on the rule's page)."""
    from extract.arbiter.check import fide_editions, run_scenarios
    from extract.arbiter.law import load_laws
    from extract.io.rules import load_rules
    from extract.reports.plain import load_sources
    from extract.reports.rulings import matrix_text, rule_scenarios, rulings_matrix

    rules = {r.id: r for r in load_rules(kb_dir)}
    if rule_id not in rules:
        raise UsageFailure(unknown_rule(rule_id, kb_dir, sorted(rules)))
    kb = read_kb(kb_dir)
    order = [e.id for e in sorted(kb.editions(), key=lambda e: (e.in_force or "", e.id))]
    scenarios = [s for s in rule_scenarios(kb_dir) if rule_id in s.rules]
    results = run_scenarios(scenarios, load_laws(kb_dir), fide=fide_editions(kb_dir)) if scenarios else []
    matrix = rulings_matrix(rule_id, rules[rule_id].title, scenarios, results, order, load_sources(kb_dir))
    if fmt == "json":
        click.echo(json.dumps(matrix.as_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(matrix_text(matrix))


# Longer unknown rule ids get no suggestions (rule ids are a few words).
LONGEST_GUESS = 200


def unknown_rule(rule_id: str, kb_dir: Path, known: list[str]) -> str:
    """One line: the rule ids that look alike, then what a search for the words finds."""
    from extract.reports.search import close_rule_ids, search

    message = f"no rule '{rule_id}' in {kb_dir / 'rules'}"
    if len(rule_id) > LONGEST_GUESS:  # no rule id is that long: nothing to suggest, and no long search
        return message
    close = close_rule_ids(rule_id, known)
    message += f"; did you mean {', '.join(close)}?" if close else "; use EDITION:LABEL for a provision"
    try:
        hits = search(kb_dir, rule_id.replace("-", " "), limit=3)
    except InputError:
        hits = []
    found = [f"{h.rule} ({h.edition} {h.label})" for h in hits if h.rule and h.rule not in close]
    if found:
        message += f" search finds: {', '.join(found)}"
    return message


def rule_checks(rule_id: str, kb_dir: Path, rule_ids: set[str]) -> list[Any]:
    """The scenario checks that exercise one rule, run now."""
    from extract.arbiter import check as check_stage
    from extract.arbiter.law import load_laws
    from extract.io.scenarios import load_scenarios

    folder = kb_dir / "scenarios"
    if not folder.is_dir():
        return []
    laws = load_laws(kb_dir)
    fide = check_stage.fide_editions(kb_dir)
    scenarios = load_scenarios(folder, rule_ids, set(laws), fide.values(), rule=rule_id)
    return check_stage.run_scenarios(scenarios, laws, fide=fide)
