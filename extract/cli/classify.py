"""`chesslaws classify`: a time control under each edition's own thresholds."""

from __future__ import annotations

import json
from pathlib import Path

import click

from extract.cli.common import UsageFailure, data_options, main, require_editions
from extract.io.generated import read_kb


@main.command("classify")
@click.argument("time_control")
@click.option("--edition", default=None, help="Only this edition.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@data_options
def classify_command(
    time_control: str, edition: str | None, fmt: str, corpus_dir: Path, kb_dir: Path
) -> None:
    """Classify BASE+INC (minutes + seconds per move) as standard, rapid or blitz in every edition.

    Uses only the thresholds, their inclusiveness and the increment factor extracted from each text.

    Example: chesslaws classify 12+0
    """
    from extract.arbiter.classify import TimeControl, classify
    from extract.reports.plain import classification_text, load_sources

    try:
        control = TimeControl.parse(time_control)
    except ValueError as error:
        raise UsageFailure(str(error)) from error
    kb = read_kb(kb_dir)
    rows = kb.parameters()
    order = kb.edition_ids()
    require_editions([edition], order)
    results = []
    sources = load_sources(kb_dir)
    for ed in order if edition is None else [edition]:
        values: dict[str, object] = {}
        for row in rows:
            if row.edition == ed:
                values.setdefault(row.parameter, row.value)
        results.append(classify(control, ed, values))
    if fmt == "json":
        click.echo(
            json.dumps(
                [
                    {
                        "time_control": str(control),
                        "edition": r.edition,
                        "category": r.category,
                        "minutes": r.minutes,
                        "notes": list(r.notes),
                        "parameters": r.used,
                        "text": classification_text(str(control), r, sources),
                    }
                    for r in results
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    for r in results:
        note = f"  ({'; '.join(r.notes)})" if r.notes and r.category != "unclassified" else ""
        text = classification_text(str(control), r, sources)
        click.echo(f"{r.edition:9} {r.category:12} {text}{note}")
