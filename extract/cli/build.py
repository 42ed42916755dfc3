"""`chesslaws build`: corpus + kb -> kb/generated, with the build report."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from extract.cli.common import data_options, main, shorten
from extract.io.generated import GENERATED
from extract.io.outputs import check_kb_dir


class Progress:
    """How far a build is, on one line of a terminal that the next output line replaces; nothing
    when stderr is not a terminal (a pipe, a file, a test)."""

    def __init__(self) -> None:
        self.terminal = sys.stderr.isatty()

    def __call__(self, done: int, total: int, what: str) -> None:
        if self.terminal:
            click.echo(f"\r\x1b[Kbuilding: {done} of {total} editions done; {what}", err=True, nl=False)

    def clear(self) -> None:
        if self.terminal:
            click.echo("\r\x1b[K", err=True, nl=False)


@main.command()
@click.option(
    "--no-overrides",
    is_flag=True,
    help="Publish the aligner's own mapping: ignore kb/overrides.yaml and the curated mapping.",
)
@click.option(
    "--disagreements",
    "show_disagreements",
    default=10,
    type=click.IntRange(min=0),
    show_default=True,
    help="How many aligner/curated disagreements to list (least confident first).",
)
@data_options
def build(no_overrides: bool, show_disagreements: int, corpus_dir: Path, kb_dir: Path) -> None:
    """Build kb/generated from the corpus and kb/ (atomic, byte-for-byte reproducible).

    Prints per edition: provisions, leaves, labels printed vs inferred, duplicate labels, coverage;
    then how well the aligner alone agrees with the curated mapping (per edition pair), how many
    leaves are mapped, cross-references resolved and dangling, and the time each stage took.

    Example: chesslaws build --corpus corpus --kb kb
    """
    from extract.kb import build as build_stage  # the build stages (spaCy, networkx) load only here

    header = (
        f"{'edition':9} {'provisions':>10} {'leaves':>6} {'printed':>7} {'inferred':>8} "
        f"{'unnumbered':>10} {'duplicates':>10} {'coverage':>8}"
    )
    shown: list[str] = []

    progress = Progress()

    def line(r: build_stage.EditionReport) -> None:
        progress.clear()
        if not shown:
            click.echo(header)
        shown.append(r.edition)
        click.echo(
            f"{r.edition:9} {r.provisions:>10} {r.leaves:>6} {r.printed:>7} {r.inferred:>8} "
            f"{r.unnumbered:>10} {len(r.duplicates):>10} {r.coverage:>8.2%}"
        )

    check_kb_dir(kb_dir)
    try:
        result = build_stage.build(
            corpus_dir, kb_dir, on_edition=line, use_overrides=not no_overrides, progress=progress
        )
    finally:
        progress.clear()
    for message in result.missing_languages:
        click.echo(message)
    for r in result.reports:
        for label, lines in r.duplicates.items():
            where = ", ".join(f"{corpus_dir / (r.edition + '.txt')}:{n}" for n in lines)
            click.echo(f"duplicate label {r.edition}:{label} printed at {where}")
    click.echo("\naligner alone vs curated mapping: pairs of rule provisions (items, appendix and guideline")
    click.echo("items, glossary entries) that express the same rule; names only from other editions' anchors")
    click.echo(f"{'pair':19} {'precision':>9} {'recall':>7} {'F1':>6} {'curated':>8} {'aligner':>8}")
    for row in [*result.agreement, result.overall]:
        pair = "all pairs" if row.a == "all" else f"{row.a}~{row.b}"
        click.echo(
            f"{pair:19} {row.precision:>9.3f} {row.recall:>7.3f} {row.f1:>6.3f} "
            f"{row.curated_links:>8} {row.predicted_links:>8}"
        )
    a = result.overall_all_leaves
    click.echo(
        f"{'all leaves':19} {a.precision:>9.3f} {a.recall:>7.3f} {a.f1:>6.3f} {a.curated_links:>8} "
        f"{a.predicted_links:>8}  (with front matter, headings, tables, examples)"
    )
    source = "aligner only (--no-overrides)" if no_overrides else "aligner + curated + overrides"
    click.echo(f"leaves mapped to a rule: {result.mapped}/{result.leaves} ({source})")
    for edition, (resolved, dangling) in result.references.items():
        click.echo(f"cross-references {edition}: {resolved} resolved, {dangling} dangling")
    if result.disagreements and show_disagreements:
        click.echo(
            f"{len(result.disagreements)} leaves where the aligner alone names another rule; "
            f"least confident first (all in kb/generated/agreement.yaml):"
        )
        for d in result.disagreements[:show_disagreements]:
            click.echo(
                f"  {d['edition']}:{d['label']} (line {d['line']}) curated {d['curated']}, "
                f"aligner {d['aligner'] or '-'} ({d['confidence']:.2f})"
            )
    click.echo(
        f"analysis {result.seconds['analysis']:.2f}s (after spaCy start-up), "
        f"alignment of {len(result.reports)} editions {result.seconds['alignment']:.2f}s, "
        f"{result.parameters} parameters extracted in {result.seconds['parameters']:.2f}s"
    )
    click.echo(f"wrote {kb_dir / GENERATED}")
    for warning in result.warnings:
        click.echo(f"chesslaws: warning: {shorten(warning)}", err=True)
