"""Real languages nobody here curated (issue 24): the 2023 Laws machine-translated by Apertium, measured
with the real build. Not a test (it takes minutes); `make bench` runs it when Apertium and its English
pairs are installed.

`tools/unseen_language.py` makes texts in made-up languages, which CLDR and ICU cannot help with. The
hidden texts of issue 24 are real languages, which CLDR (units, through Babel) and ICU (numbers in
words) do know, with inflection and word order of their own. This tool makes such texts: every line
of `../shared/editions/en-2023.txt` goes through Apertium into Spanish, Catalan, Galician, Esperanto,
Croatian and Serbian (the Serbian output written in Cyrillic by ICU's transliterator). The numbering a
federation's text would keep (labels such as 7.5.5, A.4, III.4 and a heading's letter) is kept out of
the translation; everything else, "Article" and "Appendix" included, is translated, so the text reads
as a rough human translation would. None of these languages has a kb/languages file, and nothing is
written into the project: the texts live in a temporary copy.

The 2017 Laws (the Laws of the hidden 2018 texts) are measured the same way from the seed da-2017
through Apertium's Danish pairs into Swedish, Bokmål and Nynorsk (sv-2017, nb-2017, nn-2017). In that
copy da-2017 is left out of the corpus (hu-2018 remains as an edition of those Laws), its scenario
expectations pass to the texts made from it, and the target language's kb/languages file is deleted
(so sv-2009 and nb-2014 lose theirs too). Gold: da-2017's curated values and scenario expectations.

Measured per text as `tools/unseen_language.py` measures (leaves mapped and mapped as en-2023 maps
them, the 2023 parameters, the share of scenarios ruled as en-2023 rules them). Machine translation
loses some sentences' sense, so a figure here is a floor for what a careful human translation gets.

Usage: python tools/translated_language.py [--verbose] [--work DIR] [--show LANG] [LANG ...]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from unseen_language import (  # noqa: E402 (a sibling tool, found through the path above)
    ROOT,
    SHARED,
    Built,
    _rename_in_scenarios,
    _unmapped,
    build_and_check,
    english_reference,
    groups,
    laws_of,
    load,
    measure,
    source_text,
)


@dataclass(frozen=True)
class Translation:
    """One machine-translated edition: its id (language code and year), Apertium's mode, its script."""

    id: str
    mode: str  # Apertium's mode, or several run one after the other ("eng-spa|es-fr")
    cyrillic: bool = False
    source: str = "en-2023"

    @property
    def language(self) -> str:
        return self.id.split("-")[0]

    @property
    def modes(self) -> list[str]:
        return self.mode.split("|")

    @property
    def fide_edition(self) -> str:
        """The Laws the source translates (da-2017: the 2017 Laws)."""
        return laws_of(self.source)


TRANSLATIONS = {
    t.id: t
    for t in (
        Translation("es-2023", "eng-spa"),
        Translation("ca-2023", "eng-cat"),
        Translation("gl-2023", "en-gl"),
        Translation("eo-2023", "en-eo"),
        Translation("hr-2023", "eng-hbs_HR"),
        Translation("sr-2023", "eng-hbs_SR", cyrillic=True),
        # Two or three pairs in a row (Apertium has no direct English pair for these): rougher, a floor.
        Translation("fr-2023", "eng-spa|es-fr"),
        Translation("it-2023", "eng-spa|spa-ita"),
        Translation("pt-2023", "eng-spa|es-pt"),
        Translation("sl-2023", "eng-hbs_HR|hbs-slv"),
        # The 2017 Laws: the seed da-2017 through the Danish pairs. The seed is left out of the corpus
        # (a text is never aligned with the one it was made from) and the target language's
        # kb/languages file is deleted in the copy (sv-2009 and nb-2014 then have none either).
        Translation("sv-2017", "dan-swe", source="da-2017"),
        Translation("nb-2017", "dan-nob", source="da-2017"),
        Translation("nn-2017", "dan-nno", source="da-2017"),
    )
}

# The Debian package of each Apertium mode (not in the Makefile's list: only this tool needs them).
PACKAGES = {
    "eng-spa": "apertium-eng-spa",
    "eng-cat": "apertium-eng-cat",
    "en-gl": "apertium-en-gl",
    "en-eo": "apertium-eo-en",
    "eng-hbs_HR": "apertium-hbs-eng",
    "eng-hbs_SR": "apertium-hbs-eng",
    "dan-swe": "apertium-swe-dan",
    "dan-nob": "apertium-dan-nor",
    "dan-nno": "apertium-dan-nor",
    "es-fr": "apertium-fr-es",
    "spa-ita": "apertium-spa-ita",
    "es-pt": "apertium-es-pt",
    "hbs-slv": "apertium-hbs-slv",
}

# What the translation must not touch: numbering (7.5.5, A.4, III.4.1, 6.11a), a lone capital or
# roman numeral (an appendix's letter), markdown link targets, and the layout: line breaks and tabs
# (a tab-separated glossary), which Apertium's HTML mode would fold into spaces.
_KEEP = re.compile(
    r"\b(?:[A-Z]{1,3}|[IVX]{1,5}|\d+)(?:\.\d+[a-z]?)+\.?"
    r"|\b[A-Z]\b"
    r"|\b[IVX]{2,5}\b"
    r"|\]\([^)]*\)"
    r"|[ ]*[\t\n][\t\n ]*"
)


def available(translation: Translation) -> bool:
    listed = subprocess.run(["apertium", "-l"], capture_output=True, text=True)
    return listed.returncode == 0 and set(translation.modes) <= set(listed.stdout.split())


def translate(source: str, translation: Translation) -> str:
    """The text in the translation's language: the kept pieces pass through Apertium as HTML tags."""
    kept: list[str] = []

    def tag(match: re.Match[str]) -> str:
        kept.append(match.group())
        return f'<span k="{len(kept) - 1}"></span>'

    escaped = source.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    marked = _KEEP.sub(tag, escaped)
    done = marked
    for mode in translation.modes:
        done = subprocess.run(
            ["apertium", "-u", "-f", "html", mode], input=done, capture_output=True, text=True, check=True
        ).stdout
    if translation.cyrillic:
        done = _cyrillic(done)
    done = re.sub(r'<span k="(\d+)"></span>', lambda m: kept[int(m.group(1))], done)
    return done.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def _cyrillic(text: str) -> str:
    """Serbian Latin letters in Cyrillic (ICU's transliterator), leaving the tags and entities alone."""
    import icu

    latin = icu.Transliterator.createInstance("Latin-Cyrillic")
    pieces = re.split(r"(<[^>]*>|&[a-z]+;)", text)
    return "".join(p if p.startswith(("<", "&")) else latin.transliterate(p) for p in pieces)


def project(tmp: Path, translations: list[Translation], english: bool) -> tuple[Path, Path]:
    """A copy of corpus/ and kb/ with the translations dropped in (five keys each). With `english`,
    en-2023 stands beside them: the 2023 rulings to compare with, and the text they were made from,
    which the aligner may use as any other edition. Without it (--alone) a text meets only the seeds,
    as a federation's text dropped into the project does. A seed a text was made from is left
    out (the corpus keeps other editions of those Laws), its scenario expectations pass to the texts
    made from it, and the kb/languages file of each translation's language is deleted."""
    corpus, kb = tmp / "corpus", tmp / "kb"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    seeds = {t.source for t in translations} - {"en-2023"}
    entries = [e for e in load(corpus / "editions.yaml") if e["id"] not in seeds]
    for seed in seeds:
        (corpus / f"{seed}.txt").unlink()
    (corpus / "editions.yaml").write_text(
        yaml.safe_dump(entries, allow_unicode=True, sort_keys=False), "utf-8"
    )
    for path in (kb / "scenarios").glob("*.yaml"):
        _rename_in_scenarios(path, {s: [t.id for t in translations if t.source == s] for s in seeds})
    for t in translations:
        (kb / "languages" / f"{t.language}.yaml").unlink(missing_ok=True)
    dropped = [(t.id, t.fide_edition, translate(source_text(t.source), t), t.language) for t in translations]
    if english:
        dropped.append(("en-2023", "2023", source_text("en-2023"), "en"))
    with (corpus / "editions.yaml").open("a", encoding="utf-8") as meta:
        for edition, laws, text, language in dropped:
            (corpus / f"{edition}.txt").write_text(text, encoding="utf-8")
            meta.write(
                f"\n- id: {edition}\n  file: {edition}.txt\n  language: {language}\n"
                f'  fide_edition: "{laws}"\n  in_force: "{edition[-4:]}-01-01"\n'
            )
    return corpus, kb


def _folder(work: Path | None, temporary: str, key: str) -> Path:
    return (work or Path(temporary)) / key


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", choices=[[], *TRANSLATIONS], default=[])
    parser.add_argument("--verbose", action="store_true", help="list what is wrong, unmapped and failed")
    parser.add_argument("--work", type=Path, help="build in this new folder and keep it (to look into)")
    parser.add_argument(
        "--alone", action="store_true", help="build each text alone with the seeds (no en-2023 beside it)"
    )
    parser.add_argument("--show", metavar="LANG", help="print the translated text of LANG and stop")
    arguments = parser.parse_args()
    if arguments.work is not None and arguments.work.exists() and any(arguments.work.iterdir()):
        parser.error(f"--work {arguments.work}: the folder is not empty; give a new or empty one")
    if shutil.which("apertium") is None:
        print("translated_language: Apertium is not installed; nothing to measure (apt-get install apertium)")
        return 0
    if arguments.show:
        print(translate(source_text(TRANSLATIONS[arguments.show].source), TRANSLATIONS[arguments.show]))
        return 0
    chosen = [TRANSLATIONS[t] for t in arguments.languages] or list(TRANSLATIONS.values())
    if not (SHARED / "en-2023.txt").is_file():
        print("translated_language: ../shared/editions/en-2023.txt is absent; the 2023 texts are skipped")
        chosen = [t for t in chosen if t.source != "en-2023"]
    missing = [t.id for t in chosen if not available(t)]
    if missing:
        packages = sorted({PACKAGES[m] for t in chosen if t.id in missing for m in t.modes})
        print(
            f"translated_language: Apertium has no pair for {', '.join(missing)}; those are skipped "
            f"(apt-get install {' '.join(packages)})"
        )
    chosen = [t for t in chosen if t.id not in missing]
    figures = []
    # one build per source (the 2023 texts beside en-2023; the 2017 ones without da-2017, sv.yaml,
    # nb.yaml), or with --alone one build per text and one of en-2023 to compare the 2023 texts with
    with tempfile.TemporaryDirectory(prefix="chesslaws-translated-") as name:
        english: Built = ([], [])
        if arguments.alone and any(t.source == "en-2023" for t in chosen):
            english = english_reference(_folder(arguments.work, name, "en-2023"))
        for group in groups(chosen, arguments.alone):
            key = group[0].id if arguments.alone else group[0].source
            beside = not arguments.alone and group[0].source == "en-2023"
            corpus, kb = project(_folder(arguments.work, name, key), group, english=beside)
            alignment, results = build_and_check(corpus, kb)
            for t in group:
                f = measure(t, kb, alignment + english[0], results + english[1])  # type: ignore[arg-type]
                if arguments.verbose:
                    print(f"  {t.id} wrong parameters: {f.wrong}\n  {t.id} checks not held: {f.failed}")
                    unmapped = _unmapped(kb, t.id, alignment)
                    print(f"  {t.id} unmapped leaves ({len(unmapped)}): {', '.join(unmapped)}")
                print(f.line(), flush=True)
                figures.append(f)
    print(f"{sum(f.passed() for f in figures)}/{len(figures)} machine-translated texts meet the targets")
    return 0 if all(f.passed() for f in figures) else 1


if __name__ == "__main__":
    raise SystemExit(main())
