"""`chesslaws asof`: the Laws in force on a date, the corpus texts of them, and a rule's text."""

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
    """The Laws in force on DATE (YYYY-MM-DD), the corpus texts of them and, with RULE, its text.

    The Laws and their dates come from kb/laws.yaml (each fact with the text that states it); the
    texts from corpus/editions.yaml (`fide_edition`). The newest text of the Laws in force answers
    and the others are listed; when the corpus has no text of those Laws, the answer says so and
    names the newest text it has (`edition` is then null in JSON, `newest_text` names it). `until`
    is the day the next Laws took effect and `replaced_by` those Laws.

    Example: chesslaws asof 2015-03-01 illegal-move-penalty
    """
    from extract.reports.asof import (
        AsOfError,
        asof_lines,
        in_force_on,
        load_edition_dates,
        load_laws_editions,
        parse_date,
    )
    from extract.reports.search import close_rule_ids, searcher

    try:
        moment = parse_date(day)
        answer = in_force_on(moment, load_edition_dates(corpus_dir), load_laws_editions(kb_dir, corpus_dir))
    except AsOfError as error:
        raise UsageFailure(str(error)) from error
    document: dict[str, object] = answer.as_dict()
    texts: list[dict[str, str]] = []
    # The texts of the Laws in force, newest first; without one, the newest text the corpus has.
    candidates = [t.id for t in answer.texts] or ([answer.newest_text.id] if answer.newest_text else [])
    source = candidates[0] if candidates else None
    if rule is not None:
        index = searcher(kb_dir)  # the stored search index has every provision's rule and text
        rules = index.rules
        if rule not in rules:
            close = close_rule_ids(rule, sorted(rules))
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise UsageFailure(f"no rule '{rule}' in {kb_dir / 'rules'}{hint}")
        for edition in candidates:  # a rule one text lacks may be in another text of the same Laws
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
            text_of_laws_in_force=bool(texts) and bool(answer.texts),
            provisions=texts,
            text="\n".join(t["text"] for t in texts) if texts else None,
        )
    if fmt == "json":
        click.echo(json.dumps(document, ensure_ascii=False, indent=2))
        return
    for line in asof_lines(answer):
        click.echo(line)
    if rule is None:
        return
    click.echo(f"\n{rule}: {document['title']}")
    if not texts:
        click.echo(f"  no text of the corpus in force on {moment.isoformat()} has this rule")
        return
    if not answer.texts:
        click.echo(f"  not a text of the Laws in force: {source}, a text of older Laws, says:")
    elif source != candidates[0]:
        click.echo(f"  {candidates[0]} has no provision for it; {source}, a text of the same Laws, says:")
    for t in texts:
        click.echo(f"\n{source} {t['label']}")
        for line in t["text"].splitlines():
            click.echo(f"  {line}")
