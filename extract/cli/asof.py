"""`chesslaws asof`: the edition of the Laws in force on a date, and a rule's text in it."""

from __future__ import annotations

import json
from pathlib import Path

import click

from extract.cli.common import UsageFailure, data_options, main


@main.command("asof")
@click.argument("day", metavar="DATE")
@click.argument("rule", required=False)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@data_options
def asof_command(day: str, rule: str | None, fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """The edition in force on DATE (YYYY-MM-DD) and, with RULE, the rule's text in it.

    The Laws in force are the newest FIDE edition with a translation in force on DATE; of its
    translations in force, the newest answers and the others are listed. `until` is the day the
    next FIDE edition took effect, `replaced_by` its first translation (corpus/editions.yaml).

    Example: chesslaws asof 2015-03-01 illegal-move-penalty
    """
    from extract.reports.asof import AsOfError, in_force_on, load_edition_dates, parse_date
    from extract.reports.search import close_rule_ids, searcher

    try:
        moment = parse_date(day)
        answer = in_force_on(moment, load_edition_dates(corpus_dir))
    except AsOfError as error:
        raise UsageFailure(str(error)) from error
    document: dict[str, object] = {"date": moment.isoformat(), **answer.as_dict()}
    texts: list[dict[str, str]] = []
    if rule is not None:
        index = searcher(kb_dir)  # the stored search index has every provision's rule and text
        rules = index.rules
        if rule not in rules:
            close = close_rule_ids(rule, sorted(rules))
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UsageFailure(f"no rule '{rule}' in {kb_dir / 'rules'}{hint}")
        texts = [
            {"label": d.key, "text": d.text}
            for d in index.documents
            if d.edition == answer.edition and d.rule == rule
        ]
        document.update(
            rule=rule,
            title=rules[rule].title,
            provisions=texts,
            text="\n".join(t["text"] for t in texts) if texts else None,
        )
    if fmt == "json":
        click.echo(json.dumps(document, ensure_ascii=False, indent=2))
        return
    until = (
        f" until {answer.until} (replaced by {answer.replaced_by})" if answer.until else " (the newest Laws)"
    )
    click.echo(
        f"{moment.isoformat()}: {answer.edition} ({answer.language}, FIDE Laws {answer.fide_edition}), "
        f"in force from {answer.in_force}{until}"
    )
    if answer.translations:
        click.echo(f"  also in force, the same Laws: {', '.join(answer.translations)}")
    if rule is not None:
        click.echo(f"\n{rule}: {document['title']}")
        if not texts:
            click.echo(f"  {answer.edition} has no provision for this rule")
        for t in texts:
            click.echo(f"\n{answer.edition} {t['label']}")
            for line in t["text"].splitlines():
                click.echo(f"  {line}")
