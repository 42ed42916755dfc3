"""`chesslaws search`: rules and provisions that answer a question, in any language of the KB."""

from __future__ import annotations

import json
from pathlib import Path

import click

from extract.cli.common import UsageFailure, data_options, main, require_editions

MAX_QUERY_CHARS = 1_000  # a question, not a document: a longer query is a pasted file


@main.command("search")
@click.argument("query")
@click.option("--edition", default=None, help="Only provisions of this edition.")
@click.option("--limit", type=int, default=10, show_default=True, help="Number of hits (at least 1).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@data_options
def search_command(
    query: str, edition: str | None, limit: int, fmt: str, corpus_dir: Path, kb_dir: Path
) -> None:
    """Rank the rules that answer QUERY, one hit per rule: its best provision and a snippet.

    Words are stemmed per language (Snowball), stop words dropped (kb/search.yaml), and the
    termbase (kb/terms.yaml) links a question in one language to every edition's provision.

    Example: chesslaws search "hvad sker der ved et ulovligt træk"
    """
    from extract.reports.search import searcher

    if limit < 1:
        raise UsageFailure(f"--limit must be at least 1, not {limit}")
    if not query.strip():
        raise UsageFailure("the query is empty; ask a question, e.g. 'illegal move'")
    if len(query) > MAX_QUERY_CHARS:
        raise UsageFailure(
            f"search: the query has {len(query):,} characters (at most {MAX_QUERY_CHARS:,}); ask a question"
        )
    index = searcher(kb_dir)
    known = sorted({d.edition for d in index.documents})
    require_editions([edition], known)
    hits = index.search(query, edition, limit)
    if fmt == "json":
        click.echo(json.dumps([h.as_dict() for h in hits], ensure_ascii=False, indent=2))
        return
    if not hits:
        click.echo(f"no provision matches '{query}'")
        return
    for rank, hit in enumerate(hits, 1):
        click.echo(f"{rank:2}. {hit.rule or '-'}  {hit.title}  ({hit.score:.1f})")
        click.echo(f"    {hit.edition} {hit.label}: {hit.snippet}")
        others = [f"{e} {k}" for e, k in hit.provisions if (e, k) != (hit.edition, hit.label)]
        if others and edition is None:
            click.echo(f"    also: {', '.join(others)}")
