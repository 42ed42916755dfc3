"""`chesslaws languages draft LANG`: what the libraries and the aligned editions give a language, as a
reviewable kb/languages/<lang>.yaml draft."""

from __future__ import annotations

from pathlib import Path

import click

from extract.cli.common import UsageFailure, data_options, main


@main.group("languages")
def languages_group() -> None:
    """Language data: drafts of kb/languages/<lang>.yaml learned from the built KB."""


@languages_group.command("draft")
@click.argument("language")
@click.option(
    "--out",
    "out",
    type=click.Path(path_type=Path),
    default=None,
    help="Write the draft to this new file (default: stdout).",
)
@data_options
def draft_command(language: str, out: Path | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Draft kb/languages/LANGUAGE.yaml from the built KB (run `chesslaws build` first).

    Number words come from ICU, unit names from CLDR; units, comparators, multipliers, "instead
    of", and number words, ordinals and words for zero standing where the references state a number
    the text has no digits for, are learned from LANGUAGE's editions aligned to the other languages'
    editions, each with a comment naming the provisions and reference editions it was learned from.
    --out never replaces an existing file (a curated file stays as it is).

    Example: chesslaws languages draft hu --out hu-draft.yaml
    """
    from extract.io.editions import load_editions
    from extract.kb.language_draft import draft, learned_from_kb

    if not language.isalpha() or len(language) > 3:
        raise UsageFailure(f"'{language}' is not a language code (ISO 639-1, e.g. hu)")
    texts = [e.text for e in load_editions(corpus_dir) if e.language == language]
    if not texts:
        raise UsageFailure(f"no edition in {corpus_dir} is in language '{language}'")
    if out is not None and (out.exists() or out.is_symlink()):
        raise UsageFailure(f"{out} exists; a draft never replaces a file (choose a new name)")
    text = draft(language, learned_from_kb(language, kb_dir, texts))
    if out is None:
        click.echo(text, nl=False)
        return
    try:
        with out.open("x", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise UsageFailure(f"{out}: cannot write ({error.strerror})") from error
    click.echo(f"draft written to {out}")
