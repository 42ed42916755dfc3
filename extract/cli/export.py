"""`chesslaws export ...`: provisions, alignment, graph, parameters, and tmx, tbx, xliff for CAT tools."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from extract.cli.common import UsageFailure, data_options, main, require_editions
from extract.io.generated import read_kb
from extract.model.kbrows import AlignmentRow, Parameter
from extract.reports.tables import (
    ALIGNMENT_COLUMNS,
    PARAMETER_COLUMNS,
    PROVISION_COLUMNS,
    encode_rows,
    provision_rows,
)


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
    emit_rows(provision_rows(kb_dir, edition), PROVISION_COLUMNS, fmt)


@export.command("alignment")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--edition", default=None, help="Only this edition.")
@data_options
def export_alignment(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Which rule each provision expresses: rule, edition, label, confidence, method.

    Example: chesslaws export alignment --format json --edition nb-2014
    """
    export_rows(read_kb(kb_dir).alignment(), edition, ALIGNMENT_COLUMNS, fmt)


@export.command("graph")
@click.option("--format", "fmt", type=click.Choice(["graphml", "json"]), default="json", show_default=True)
@data_options
def export_graph(fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """The knowledge graph (rules, provisions, editions, terms and their edges).

    Example: chesslaws export graph --format graphml > chesslaws.graphml
    """
    import networkx as nx

    from extract.kb.graph import graph_of

    kb = read_kb(kb_dir)
    if not kb.path("graph.yaml").exists():
        raise UsageFailure(f"{kb.path('graph.yaml')}: no graph here; run 'chesslaws build' first")
    graph = graph_of(kb.graph())
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


def export_rows(
    rows: Sequence[AlignmentRow | Parameter], edition: str | None, columns: tuple[str, ...], fmt: str
) -> None:
    """Rows of alignment.yaml or parameters.yaml, optionally of one edition."""
    if edition is not None:
        require_editions([edition], sorted({row.edition for row in rows}))
        rows = [row for row in rows if row.edition == edition]
    emit_rows([row.as_dict() for row in rows], columns, fmt)


def emit_rows(rows: list[dict[str, Any]], columns: tuple[str, ...], fmt: str) -> None:
    """Rows as json, jsonl or csv, with exactly the contract's columns in order."""
    click.echo(encode_rows(rows, columns, fmt), nl=False)


@export.command("parameters")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--edition", default=None, help="Only this edition.")
@data_options
def export_parameters(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Every parameter read from the texts: parameter, rule, edition, value, unit, label, start, end, quote.

    Example: chesslaws export parameters --format json --edition sv-2009
    """
    export_rows(read_kb(kb_dir).parameters(), edition, PARAMETER_COLUMNS, fmt)


# ---------------------------------------------------------------- files for CAT tools

# What the header of every file these exports write says (TMX, XLIFF, TBX): a file whose first
# kilobytes carry none of these was not written by chesslaws, whatever else it says about chesslaws.
MARKS = (b'creationtool="chesslaws"', b'tool-id="chesslaws"', b"<p>chesslaws termbase (kb/terms.yaml)")


def write_output(data: bytes, out: Path | None, corpus_dir: Path, kb_dir: Path) -> None:
    """`data` on stdout, or atomically into `out`: never a directory, never inside corpus/, kb/ or
    site/, never over a file chesslaws did not write."""
    if out is None:
        click.echo(data.decode("utf-8"), nl=False)
        return
    import os
    import tempfile

    target = out.resolve()
    if target.is_dir():
        raise UsageFailure(f"{out}: is a directory; give a file name")
    for guarded in (corpus_dir, kb_dir, Path("site")):
        if target.is_relative_to(guarded.resolve()):
            raise UsageFailure(f"{out}: refusing to write inside {guarded}")
    if target.exists():
        with target.open("rb") as existing:
            head = existing.read(2048)
            if not (head.startswith(b"<?xml") and any(mark in head for mark in MARKS)):
                raise UsageFailure(f"{out}: exists and was not written by chesslaws; refusing to replace it")
    if not target.parent.is_dir():
        raise UsageFailure(f"{out}: folder {target.parent} does not exist")
    descriptor, temp = tempfile.mkstemp(prefix=".chesslaws-", dir=target.parent)
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


out_option = click.option(
    "--out", type=click.Path(path_type=Path), default=None, help="Write to this file (default: stdout)."
)


@export.command("tmx")
@click.option("--edition", "editions", multiple=True, help="An edition (repeat; the first is the source).")
@out_option
@data_options
def export_tmx(editions: tuple[str, ...], out: Path | None, corpus_dir: Path, kb_dir: Path) -> None:
    """TMX 1.4b translation memory: one <tu> per aligned sentence group, a <tuv> per edition.

    The first edition is the source (header srclang); without --edition, all editions, in in-force
    order. Each <tuv> carries props x-edition and x-label, each <tu> x-rule. A second edition in a
    language already there is tagged with its region (da-2001 "da", da-2017 "da-DK": the languages
    of the OmegaT project). Between two editions, a group whose one sentence of clauses joined by
    ";" answers as many sentences is followed by a <tu> per sentence (prop x-part-of).

    Example: chesslaws export tmx --edition nb-2014 --edition da-2017 --out nb-da.tmx
    """
    from extract.reports.cat import tmx_document

    write_output(tmx_document(kb_dir, corpus_dir, list(editions)), out, corpus_dir, kb_dir)


@export.command("tbx")
@click.option(
    "--dialect",
    type=click.Choice(["2008", "v3"]),
    default="2008",
    show_default=True,
    help="2008: martif/termEntry/langSet/tig, what OmegaT and translate-toolkit read; "
    "v3: TBX v3 (ISO 30042:2019) tbx/conceptEntry/langSec/termSec.",
)
@out_option
@data_options
def export_tbx(dialect: str, out: Path | None, corpus_dir: Path, kb_dir: Path) -> None:
    """TBX-Basic termbase of kb/terms.yaml: an entry per concept, a language section per language,
    each term with the editions that use it, the English definition and the translators' notes.

    Example: chesslaws export tbx --out chesslaws.tbx
    """
    from extract.reports.cat import tbx_for_kb

    write_output(tbx_for_kb(kb_dir, corpus_dir, dialect), out, corpus_dir, kb_dir)


@export.command("xliff")
@click.option("--edition", "editions", multiple=True, required=True, help="Source, then target edition.")
@click.option(
    "--layout",
    type=click.Choice(["omegat", "translated"]),
    default="omegat",
    show_default=True,
    help="omegat: <target> holds a copy of the source to translate in place (OmegaT's XLIFF filter), "
    "the second edition's sentences an <alt-trans> suggestion; translated: the second edition's "
    "sentences are the <target> (memoQ, Trados).",
)
@out_option
@data_options
def export_xliff(
    editions: tuple[str, ...], layout: str, out: Path | None, corpus_dir: Path, kb_dir: Path
) -> None:
    """XLIFF 1.2 of the aligned sentences: the first edition's as source, one trans-unit each, the
    second edition's as a suggestion (--layout omegat) or as the translation (--layout translated).

    Example: chesslaws export xliff --edition nb-2014 --edition da-2017 --out nb-da.xlf
    """
    from extract.reports.cat import xliff_document

    if len(editions) != 2:
        raise UsageFailure("export xliff: give exactly two editions (--edition SOURCE --edition TARGET)")
    data = xliff_document(kb_dir, corpus_dir, editions[0], editions[1], layout)
    write_output(data, out, corpus_dir, kb_dir)
