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
        source = answer.edition
        # A rule this translation lacks may be in another translation of the same Laws in force.
        for edition in (answer.edition, *reversed(answer.translations)):
            texts = [
                {"label": d.key, "text": d.text}
                for d in index.documents
                if d.edition == edition and d.rule == rule
            ]
            if texts:
                source = edition
                break
        document.update(
            rule=rule,
            title=rules[rule].title,
            text_edition=source if texts else None,
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
            click.echo(f"  no translation of these Laws in force on {moment.isoformat()} has this rule")
        elif source != answer.edition:
            click.echo(f"  {answer.edition} has no provision for it; {source}, the same Laws, says:")
        for t in texts:
            click.echo(f"\n{source} {t['label']}")
            for line in t["text"].splitlines():
                click.echo(f"  {line}")
