"""`chesslaws kit`: an OmegaT project and an XLIFF to translate newer Laws from an older translation."""

from __future__ import annotations

from pathlib import Path

import click

from extract.cli.common import UsageFailure, data_options, main

KIT_STAMP = ".chesslaws-kit"
KIT_STAMP_TEXT = "Written by `chesslaws kit`; the next `chesslaws kit --out` here may replace this folder.\n"


@main.command("kit")
@click.option("--from", "old", required=True, help="The translation of older Laws to keep wording from.")
@click.option("--to", "new", required=True, help="A text of the newer Laws to translate (any language).")
@click.option("--out", "out_dir", required=True, type=click.Path(path_type=Path), help="Folder to write.")
@data_options
def kit_command(old: str, new: str, out_dir: Path, corpus_dir: Path, kb_dir: Path) -> None:
    """Write an update kit into --out: an OmegaT project to translate NEW's Laws, and beside it an
    XLIFF 1.2 of the same sentences for memoQ and Trados.

    source/ holds NEW's provisions in reading order, one sentence a paragraph. Sentences whose rule did
    not change in substance between the two (unchanged, renumbered, reworded, moved, as `chesslaws
    diff OLD NEW` says) come pre-filled with OLD's wording (tm/auto/); the others are left to
    translate, with OLD's wording as a fuzzy match (tm/) and, in the XLIFF, a note naming the change
    and both articles. glossary/ holds the termbase (TBX). --out must be missing, empty or an
    earlier kit; never the project, corpus/, kb/ or site/.

    Example: chesslaws kit --from sv-2009 --to nb-2014 --out kit-nb
    """
    from extract.io.outputs import check_output_dir, check_writable, replace_tree
    from extract.reports.cat import tbx_for_kb
    from extract.reports.kit import kit_files, kit_units
    from extract.reports.segments import check_editions

    if old == new:
        raise UsageFailure(f"kit: --from and --to name the same edition '{old}'")
    target = check_output_dir(
        out_dir, (corpus_dir, kb_dir, Path("site")), Path.cwd(), stamp=KIT_STAMP, what="the kit"
    )
    check_writable(target)
    check_editions(kb_dir, corpus_dir, [old, new])
    kit = kit_units(old, new, kb_dir, corpus_dir)
    files = kit_files(kit, tbx_for_kb(kb_dir, corpus_dir))
    files[KIT_STAMP] = KIT_STAMP_TEXT.encode("utf-8")
    for folder in ("omegat", "target", "dictionary"):
        files[f"{folder}/.keep"] = b""
    replace_tree(target, files)
    counts = kit.counts()
    click.echo(
        f"wrote {out_dir}: {len(kit.units)} sentences of {new}, {counts['prefilled']} pre-filled with "
        f"{old}'s wording (tm/auto), {len(kit.units) - counts['kept']} to translate"
    )
