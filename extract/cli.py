"""The `chesslaws` command line. Bad input gives one line naming file, line and problem, and exit 2."""

from __future__ import annotations

import csv
import functools
import io
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from . import build as build_stage
from .model import InputError

PROVISION_COLUMNS = ("edition", "label", "printed_label", "parent", "kind", "start", "end", "text")


class UsageFailure(click.ClickException):
    exit_code = 2

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        click.echo(f"chesslaws: {self.message}", err=True)


def data_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """--corpus and --kb on every command, so a copy of the data can be built and queried."""

    @click.option(
        "--corpus",
        "corpus_dir",
        type=click.Path(path_type=Path),
        default=Path("corpus"),
        show_default=True,
        help="Directory with the raw texts and editions.yaml.",
    )
    @click.option(
        "--kb",
        "kb_dir",
        type=click.Path(path_type=Path),
        default=Path("kb"),
        show_default=True,
        help="Knowledge-base directory (kb/generated is written by 'build').",
    )
    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            raise UsageFailure(str(error)) from error

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="chesslaws")
def main() -> None:
    """The FIDE Laws of Chess in five translations, as a knowledge base with sources."""


@main.command()
@data_options
def build(corpus_dir: Path, kb_dir: Path) -> None:
    """Segment every edition of the corpus into kb/generated (atomic, byte-for-byte reproducible).

    Prints per edition: provisions, leaves, labels printed vs inferred, duplicate labels, coverage.

    Example: chesslaws build --corpus corpus --kb kb
    """
    header = (
        f"{'edition':9} {'provisions':>10} {'leaves':>6} {'printed':>7} {'inferred':>8} "
        f"{'unnumbered':>10} {'duplicates':>10} {'coverage':>8}"
    )
    shown: list[str] = []

    def line(r: build_stage.EditionReport) -> None:
        if not shown:
            click.echo(header)
        shown.append(r.edition)
        click.echo(
            f"{r.edition:9} {r.provisions:>10} {r.leaves:>6} {r.printed:>7} {r.inferred:>8} "
            f"{r.unnumbered:>10} {len(r.duplicates):>10} {r.coverage:>8.2%}"
        )

    reports = build_stage.build(corpus_dir, kb_dir, on_edition=line)
    for r in reports:
        for label, lines in r.duplicates.items():
            where = ", ".join(f"{corpus_dir / (r.edition + '.txt')}:{n}" for n in lines)
            click.echo(f"duplicate label {r.edition}:{label} printed at {where}")
    click.echo(f"wrote {kb_dir / build_stage.GENERATED}")


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
        {"edition": ed, **{key: p.get(key) for key in PROVISION_COLUMNS if key != "edition"}}
        for ed, provisions in build_stage.read_provisions(kb_dir, edition).items()
        for p in provisions
    ]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
    elif fmt == "jsonl":
        for row in rows:
            click.echo(json.dumps(row, ensure_ascii=False))
    else:
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=PROVISION_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        click.echo(buffer.getvalue(), nl=False)


@main.command()
@click.argument("reference")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@data_options
def show(reference: str, fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """Show EDITION:LABEL with its sub-items (e.g. da-2001:7.4 or hu-2018:A.3.2).

    Example: chesslaws show da-2001:7.4.b
    """
    from .segment import normalize_label

    if ":" not in reference:
        raise UsageFailure(f"'{reference}': expected EDITION:LABEL, e.g. da-2001:7.4.b")
    edition, label = reference.split(":", 1)
    provisions = build_stage.read_provisions(kb_dir, edition)[edition]
    wanted = label if any(p["label"] == label for p in provisions) else normalize_label(label)
    found = [p for p in provisions if p["label"] == wanted or str(p["label"]).startswith(wanted + ".")]
    if not found:
        raise UsageFailure(f"{edition} has no provision labelled '{label}'")
    if fmt == "json":
        click.echo(json.dumps([{"edition": edition, **p} for p in found], ensure_ascii=False, indent=2))
        return
    for p in found:
        depth = str(p["label"]).count(".") - wanted.count(".")
        printed = p["printed_label"] or ("(inferred)" if p["inferred"] else "")
        title = f" {p['heading']}" if p.get("heading") else ""
        click.echo(f"{'  ' * depth}{edition}:{p['label']} [{printed}] line {p['line']}{title}")
        for text_line in str(p["text"]).splitlines():
            click.echo(f"{'  ' * depth}  {text_line}")


@main.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path),
    default=Path("public"),
    show_default=True,
    help="Where mkdocs writes the static site.",
)
@click.option(
    "--site-dir",
    type=click.Path(path_type=Path),
    default=Path("site"),
    show_default=True,
    help="mkdocs docs_dir: hand-written pages plus the generated ones.",
)
@data_options
def site(out_dir: Path, site_dir: Path, corpus_dir: Path, kb_dir: Path) -> None:
    """Render the KB into Markdown pages under site/ and build the static site with mkdocs.

    Example: chesslaws site --out public
    """
    from .render import build_site, render_site

    pages = render_site(kb_dir, corpus_dir, site_dir)
    click.echo(f"rendered {len(pages)} pages into {site_dir}")
    build_site(Path.cwd(), out_dir)
    click.echo(f"built site into {out_dir}")


def run() -> None:  # pragma: no cover
    main(prog_name="chesslaws")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
