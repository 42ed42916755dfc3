"""`chesslaws lint`: translation-consistency findings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from extract.cli.common import data_options, main, require_editions


@main.command("lint")
@click.option("--edition", default=None, help="Only this edition.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "csv"]),
    default="text",
    show_default=True,
    help="text: a table; json: findings and counts; csv: one row per finding (article, quote, "
    "character span, problem, what to fix), for a spreadsheet.",
)
@data_options
def lint_command(edition: str | None, fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """Translation-consistency findings, each pinned to a span of the raw text.

    Kinds: dangling-reference, duplicate-number, numbering-order, numbering-gap, mixed-script,
    parameter-mismatch, terminology (one finding per concept), leftover-markup, piece-letter,
    notation-example, duplicated-number, heading-numbered, glossary-reference, lost-numbering,
    notation-slip, and across editions reference-drift, internal-contradiction,
    translation-divergence (parameters and scenario rulings; with the compared side in
    "compared with"), laws-divergence (another number where the Laws state a parameter).
    --format csv gives one row per finding with the article, the quote, its character span and
    what to fix. Findings a person accepted in kb/lint-accepted.yaml are shown with the reason; an
    acceptance that matches nothing is an error. Exit 1 when unaccepted errors remain.

    Example: chesslaws lint --edition hu-2018 --format json
    """
    from extract.reports.lint import ACCEPTED_FILE, lint, load_accepted, load_context

    context = load_context(corpus_dir, kb_dir)
    require_editions([edition], context.provisions)
    accepted = load_accepted(kb_dir)
    result = lint(context, edition, accepted, accepted_path=kb_dir / ACCEPTED_FILE)
    if fmt == "csv":
        from extract.reports.lint.files import encode_findings

        click.echo(encode_findings(result.findings, "csv", context.raw), nl=False)
    elif fmt == "json":
        from extract.reports.lint.files import finding_rows

        click.echo(
            json.dumps(
                {
                    "findings": [
                        f.as_dict() | {"words": row["words"], "fix": row["fix"]}
                        for f, row in zip(
                            result.findings, finding_rows(result.findings, context.raw), strict=True
                        )
                    ],
                    "counts": result.counts(),
                },
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        emit_findings(result.findings)
        counts = result.counts()
        click.echo(
            f"{counts['total']} findings, {counts['errors']} unaccepted errors, {counts['accepted']} accepted"
        )
    if result.failed:
        raise SystemExit(1)


def emit_findings(findings: list[Any]) -> None:
    """Findings as a text table, grouped by edition and kind."""
    current: tuple[str, str] | None = None
    for f in findings:
        if (f.edition, f.kind) != current:
            current = (f.edition, f.kind)
            click.echo(f"\n{f.edition} {f.kind}")
        accepted = f"  [accepted: {f.accepted}]" if f.accepted else ""
        click.echo(f"  {f.label or '-':14} {f.severity:7} {f.message}{accepted}")
        if f.quote:
            click.echo(f'  {"":14} {"":7} "{f.quote}" @{f.start}-{f.end}')
        if f.compared_with:
            edition, label, quote = f.compared_with
            click.echo(f'  {"":14} {"":7} compared with {edition} {label or ""}: "{quote}"')
