"""`chesslaws export ...`: provisions, alignment, graph, parameters for other tools."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import click

from extract.cli.common import UsageFailure, data_options, main
from extract.io import kbfiles

PROVISION_COLUMNS = ("edition", "label", "printed_label", "parent", "kind", "start", "end", "text")


@main.group()
def export() -> None:
    """Export parts of the knowledge base for other tools."""


@export.command("provisions")
@click.option(
    "--format", "fmt", type=click.Choice(["jsonl", "csv", "json"]), default="jsonl", show_default=True
)
@click.option("--edition", default=None, help="Only this edition (e.g. da-2001).")
@data_options
def export_provisions(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Every provision: edition, label, printed_label, parent, kind, start, end, text.

    Example: chesslaws export provisions --format csv --edition sv-2009 > sv.csv
    """
    rows = [
        {"edition": ed, **p}
        for ed, provisions in kbfiles.read_provisions(kb_dir, edition).items()
        for p in provisions
    ]
    emit_rows(rows, PROVISION_COLUMNS, fmt)


@export.command("alignment")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--edition", default=None, help="Only this edition.")
@data_options
def export_alignment(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Which rule each provision expresses: rule, edition, label, confidence, method.

    Example: chesslaws export alignment --format json --edition nb-2014
    """
    export_generated(
        kb_dir, "alignment.yaml", edition, ("rule", "edition", "label", "confidence", "method"), fmt
    )


@export.command("graph")
@click.option("--format", "fmt", type=click.Choice(["graphml", "json"]), default="json", show_default=True)
@data_options
def export_graph(fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """The knowledge graph (rules, provisions, editions, terms and their edges).

    Example: chesslaws export graph --format graphml > chesslaws.graphml
    """
    import networkx as nx

    from extract.kb.graph import load_graph

    path = kb_dir / kbfiles.GENERATED / "graph.yaml"
    if not path.exists():
        raise UsageFailure(f"{path}: no graph here; run 'chesslaws build' first")
    graph = load_graph(path)
    if fmt == "json":
        click.echo(
            json.dumps(nx.node_link_data(graph, edges="edges"), ensure_ascii=False, indent=1, default=str)
        )
        return
    for _, data in graph.nodes(data=True):
        for key, value in list(data.items()):
            if isinstance(value, list | dict) or value is None:
                data[key] = json.dumps(value, ensure_ascii=False)
    for _, _, data in graph.edges(data=True):
        for key, value in list(data.items()):
            if isinstance(value, list | dict) or value is None:
                data[key] = json.dumps(value, ensure_ascii=False)
    buffer = io.BytesIO()
    nx.write_graphml(graph, buffer)
    click.echo(buffer.getvalue().decode("utf-8"))


def export_generated(
    kb_dir: Path, name: str, edition: str | None, columns: tuple[str, ...], fmt: str
) -> None:
    """Rows of a kb/generated list file, optionally of one edition."""
    rows = kbfiles.read_generated(kb_dir, name)
    if edition is not None:
        known = {row["edition"] for row in rows}
        if edition not in known:
            raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(sorted(known))})")
        rows = [row for row in rows if row["edition"] == edition]
    emit_rows(rows, columns, fmt)


def emit_rows(rows: list[dict[str, Any]], columns: tuple[str, ...], fmt: str) -> None:
    """Rows as json, jsonl or csv, with exactly the contract's columns in order."""
    rows = [{c: row.get(c) for c in columns} for row in rows]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if fmt == "jsonl":
        for row in rows:
            click.echo(json.dumps(row, ensure_ascii=False))
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    click.echo(buffer.getvalue(), nl=False)


@export.command("parameters")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--edition", default=None, help="Only this edition.")
@data_options
def export_parameters(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Every parameter read from the texts: parameter, rule, edition, value, unit, label, start, end, quote.

    Example: chesslaws export parameters --format json --edition sv-2009
    """
    columns = ("parameter", "rule", "edition", "value", "unit", "label", "start", "end", "quote")
    export_generated(kb_dir, "parameters.yaml", edition, columns, fmt)
