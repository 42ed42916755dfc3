"""The CAT files in real clients (issue 22), measured: OmegaT 3.6 headless and translate-toolkit.

- `export tbx`: glossary entries OmegaT's own TBX reader gives, units translate-toolkit parses.
- `export tmx` for every pair of editions: the share of the source paragraphs of a document built
  from the TMX's source side that OmegaT (sentence segmentation on, the TMX in tm/auto/) fills
  with exactly the TMX's target, and why the others are not (`unfilled_causes`); units whose two
  sides differ by more than one sentence.
- `kit --from OLD --to NEW`: per diff status, the segments OmegaT fills (its own word, from a
  script: a kept sentence of a same-language update reads the same filled or not), and the
  XLIFF's states.

Not a test (tests/test_cat_clients.py checks one pair and one kit): every pair takes one OmegaT
start (about 10 s). Usage: python tools/cat_acceptance.py [--pairs A:B,...] [--kit OLD:NEW,...]
[--corpus DIR --kb DIR] [--english ../shared/editions/en-2023.txt]
"""

from __future__ import annotations

import argparse
import itertools
import shutil
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import omegat  # noqa: E402  (a sibling script, not a package)

XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
FILLED_STATUSES = ("unchanged", "renumbered", "reworded")
EMPTY_STATUSES = ("parameter-changed", "behaviour-changed", "content-changed", "added")


@dataclass(frozen=True)
class TmxFigures:
    pair: tuple[str, str]
    units: int
    filled: int  # exactly the TMX's target
    touched: int  # any translation at all (a paragraph of two segments with one filled counts)
    lopsided: int
    causes: Counter[str]  # why the paragraphs OmegaT did not fill exactly were not (`unfilled_causes`)

    @property
    def share(self) -> float:
        return self.filled / self.units if self.units else 0.0


ANOTHER = "the same text has another translation in the TMX"
CUT = "OmegaT cuts the source where chesslaws does not (after 'a.', 'f.eks.')"
GROUP = "a group of n sentences against m"


def unfilled_causes(
    sources: list[str], targets: list[str], filled: list[bool], output: str, languages: tuple[str, str]
) -> Counter[str]:
    """Why each paragraph OmegaT did not fill exactly was not, from PIECES_SCRIPT's output: OmegaT
    fills a paragraph it cuts into k segments from a unit whose target it cuts into as many (or from
    a unit equal to the paragraph when k is 1); one source text takes one translation."""
    from extract.text.sentences import split_sentences

    lines = output.splitlines()
    segments = [line.split("|", 2)[2] for line in lines if line.startswith("SEGMENT|doc.txt|")]
    target_pieces = [int(line.split("|")[1]) for line in lines if line.startswith("TARGET-PIECES|")]
    translations: dict[str, set[str]] = {}
    for source, target in zip(sources, targets, strict=True):
        translations.setdefault(source, set()).add(target)
    causes: Counter[str] = Counter()
    at = 0
    for source, target, done, pieces in zip(sources, targets, filled, target_pieces, strict=True):
        wanted, joined, k = " ".join(source.split()), "", 0
        while joined != wanted and at + k < len(segments) and len(joined) < len(wanted):
            joined = " ".join(f"{joined} {segments[at + k]}".split())
            k += 1
        at += k
        if done:
            continue
        if len(translations[source]) > 1:
            causes[ANOTHER] += 1
        elif joined == wanted and k >= 2 and k != pieces:
            sides = zip((source, target), languages, strict=True)
            sizes = {len(split_sentences(x, lang.split("-")[0])) for x, lang in sides}
            causes[GROUP if len(sizes) > 1 else CUT] += 1
        else:
            causes["other"] += 1
    return causes


def tmx_project(root: Path, tmx: bytes, languages: tuple[str, str]) -> list[str]:
    """An OmegaT project whose source document is the TMX's source side, one paragraph per unit
    (an aligned sentence group; the parts of a group, props x-part-of, are no paragraphs of the
    text), and whose tm/auto/ is the TMX; the expected target of each paragraph."""
    document = etree.fromstring(tmx)
    sources, targets = [], []
    for tu in document.iter("tu"):
        if tu.find("prop[@type='x-part-of']") is not None:
            continue
        segs = [" ".join("".join(s.itertext()).split()) for s in tu.iter("seg")]
        sources.append(segs[0])
        targets.append(segs[1])
    omegat.new_project(root, languages, sentence_seg=True)
    (root / "source" / "doc.txt").write_text("\n\n".join(sources) + "\n", encoding="utf-8")
    (root / "tm" / "auto" / "memory.tmx").write_bytes(tmx)
    return targets


def lopsided(tmx: bytes) -> int:
    """Units whose two sides differ by more than one sentence (chesslaws' sentence splitter)."""
    from extract.text.sentences import split_sentences

    count = 0
    for tu in etree.fromstring(tmx).iter("tu"):
        sizes = [  # the language of a tag ("da-DK": da) decides the abbreviations
            len(split_sentences("".join(t.find("seg").itertext()), t.get(XML_LANG).split("-")[0]))
            for t in tu.iter("tuv")
        ]
        count += max(sizes) - min(sizes) > 1
    return count


def tmx_figures(pair: tuple[str, str], kb: Path, corpus: Path, work: Path) -> TmxFigures:
    from extract.reports.cat import language_tags, tmx_document
    from extract.reports.diff_data import load_kb

    data = load_kb(kb, corpus)
    tags = language_tags(list(pair), {e: data.language(e) for e in pair})  # da, da-DK for one language
    languages = (tags[pair[0]], tags[pair[1]])
    tmx = tmx_document(kb, corpus, list(pair))
    project = work / f"{pair[0]}_{pair[1]}"
    targets = tmx_project(project, tmx, languages)
    (project / "targets.txt").write_text("\n".join(targets) + "\n", encoding="utf-8")
    output = omegat.translate(project, work / "home", omegat.PIECES_SCRIPT)
    out = omegat.paragraphs((project / "target" / "doc.txt").read_text(encoding="utf-8"))
    sources = omegat.paragraphs((project / "source" / "doc.txt").read_text(encoding="utf-8"))
    exact = [got == want for got, want in zip(out, targets, strict=True)]
    touched = sum(
        1 for got, source, want in zip(out, sources, targets, strict=True) if got != source or got == want
    )
    causes = unfilled_causes(sources, targets, exact, output, languages)
    return TmxFigures(pair, len(targets), sum(exact), touched, lopsided(tmx), causes)


@dataclass(frozen=True)
class KitFigures:
    old: str
    new: str
    statuses: Counter[str]
    filled: Counter[str]
    translated: Counter[str]  # XLIFF units with state "translated", per status
    xliff_units: int  # as translate-toolkit reads them

    def share(self, statuses: tuple[str, ...]) -> tuple[int, int]:
        return sum(self.filled[s] for s in statuses), sum(self.statuses[s] for s in statuses)


def kit_figures(old: str, new: str, kb: Path, corpus: Path, work: Path) -> KitFigures:
    """Run `chesslaws kit`, then OmegaT on it; count filled segments per diff status."""
    from click.testing import CliRunner
    from translate.storage import xliff

    from extract.cli import main
    from extract.reports.kit import kit_units

    out = work / f"kit-{old}-{new}"
    result = CliRunner().invoke(
        main, ["kit", "--from", old, "--to", new, "--out", str(out), "--corpus", str(corpus), "--kb", str(kb)]
    )
    if result.exit_code != 0:
        raise RuntimeError(result.output)
    output = omegat.translate(out, work / "home", omegat.FILLED_SCRIPT)
    kit = kit_units(old, new, kb, corpus)
    sources = omegat.paragraphs((out / "source" / f"{new}.txt").read_text(encoding="utf-8"))
    targets = omegat.paragraphs((out / "target" / f"{new}.txt").read_text(encoding="utf-8"))
    flags = omegat.filled_segments(output)[f"{new}.txt"]  # one segment a unit: the kit's paragraphs
    assert [u.source for u in kit.units] == sources and len(targets) == len(sources) == len(flags)
    statuses: Counter[str] = Counter(u.status or "no rule" for u in kit.units)
    filled: Counter[str] = Counter(
        u.status or "no rule" for u, flag in zip(kit.units, flags, strict=True) if flag
    )
    # a sentence NEW says twice is one OmegaT segment text: it gets one of OLD's wordings for it
    wordings: dict[str, set[str | None]] = {}
    for u in kit.units:
        wordings.setdefault(u.source, set()).add(u.old)
    wrong = [
        u
        for u, t, flag in zip(kit.units, targets, flags, strict=True)
        if flag and t not in wordings[u.source]
    ]
    assert not wrong, f"OmegaT filled {len(wrong)} segments with other than OLD's wording: {wrong[:3]}"
    document = etree.parse(str(out / f"{new}_from_{old}.xlf"))
    states = [u.find(f"{XLIFF}target").get("state") for u in document.iter(f"{XLIFF}trans-unit")]
    translated: Counter[str] = Counter(
        u.status or "no rule" for u, state in zip(kit.units, states, strict=True) if state == "translated"
    )
    store = xliff.xlifffile.parsestring((out / f"{new}_from_{old}.xlf").read_bytes())
    return KitFigures(old, new, statuses, filled, translated, len(store.units))


def tbx_figures(kb: Path, corpus: Path, work: Path, languages: tuple[str, str]) -> tuple[int, int]:
    """(entries OmegaT's TBX reader gives for `languages`, units translate-toolkit parses)."""
    from translate.storage import tbx

    from extract.reports.cat import tbx_for_kb

    data = tbx_for_kb(kb, corpus)
    project = omegat.new_project(work / "tbx", languages)
    (project / "glossary" / "chesslaws.tbx").write_bytes(data)
    (project / "source" / "empty.txt").write_text("Tom.\n", encoding="utf-8")
    counts = omegat.glossary_counts(omegat.translate(project, work / "home", omegat.GLOSSARY_SCRIPT))
    return counts["chesslaws.tbx"], len(tbx.tbxfile(data).units)


def report_kit(k: KitFigures) -> bool:
    """Print a kit's figures; whether they meet the targets."""
    kept, kept_total = k.share(FILLED_STATUSES)
    changed, changed_total = k.share(EMPTY_STATUSES)
    xliff_kept = sum(k.translated[s] for s in FILLED_STATUSES)
    xliff_changed = sum(k.translated[s] for s in EMPTY_STATUSES)
    print(
        f"kit {k.old} -> {k.new}: OmegaT filled {kept}/{kept_total} unchanged/renumbered/reworded "
        f"segments ({kept / max(kept_total, 1):.1%}, >= 90%), {changed}/{changed_total} changed "
        f"or added (0); XLIFF state translated: {xliff_kept} and {xliff_changed} (0); translate-toolkit "
        f"reads {k.xliff_units} units; by status {dict(k.statuses)}, filled {dict(k.filled)}"
    )
    return kept >= 0.9 * kept_total and changed == 0 and xliff_changed == 0


def english_copy(corpus: Path, kb: Path, text: Path, where: Path) -> tuple[Path, Path]:
    """A copy of the corpus and the curated KB with `text` dropped in (one editions.yaml entry),
    built: the project's own corpus/ and kb/ are never touched."""
    from click.testing import CliRunner

    from extract.cli import main

    shutil.copytree(corpus, where / "corpus")
    shutil.copytree(kb, where / "kb", ignore=shutil.ignore_patterns("generated"))
    shutil.copy(text, where / "corpus" / text.name)
    with (where / "corpus" / "editions.yaml").open("a", encoding="utf-8") as meta:
        meta.write(
            f'\n- id: {text.stem}\n  file: {text.name}\n  language: en\n  fide_edition: "2023"\n'
            f'  in_force: "2023-01-01"\n'
        )
    result = CliRunner().invoke(main, ["build", "--corpus", str(where / "corpus"), "--kb", str(where / "kb")])
    if result.exit_code != 0:
        raise RuntimeError(result.output)
    return where / "corpus", where / "kb"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", default="", help="A:B,... (default: every pair of editions)")
    parser.add_argument(
        "--kit", default="sv-2009:nb-2014,da-2001:da-2017", help="OLD:NEW,... (da-2001:da-2017: one language)"
    )
    parser.add_argument("--corpus", type=Path, default=ROOT / "corpus")
    parser.add_argument("--kb", type=Path, default=ROOT / "kb")
    parser.add_argument(
        "--english",
        type=Path,
        default=ROOT.parent / "shared" / "editions" / "en-2023.txt",
        help="an English text of the 2023 Laws, dropped into a copy of the corpus for the kit "
        "hu-2018 -> en-2023 (skipped when absent)",
    )
    args = parser.parse_args()
    if omegat.problem():
        print(f"cat_acceptance: {omegat.problem()}")
        return 2
    from extract.reports.segments import known_editions

    editions = known_editions(args.kb, args.corpus)
    pairs = (
        [tuple(p.split(":")) for p in args.pairs.split(",")]
        if args.pairs
        else list(itertools.combinations(editions, 2))
    )
    ok = True
    with tempfile.TemporaryDirectory(prefix="chesslaws-cat-") as tmp:
        work = Path(tmp)
        entries, units = tbx_figures(args.kb, args.corpus, work, ("nb", "da"))
        ok &= entries >= 300 and units >= 200
        print(
            f"tbx: OmegaT glossary entries nb->da {entries} (>= 300), "
            f"translate-toolkit units {units} (>= 200)"
        )
        for pair in pairs:
            f = tmx_figures((pair[0], pair[1]), args.kb, args.corpus, work)
            ok &= f.share >= 0.95 and f.lopsided == 0
            print(
                f"tmx {pair[0]} -> {pair[1]}: OmegaT filled {f.filled}/{f.units} paragraphs with exactly "
                f"the TMX's target ({f.share:.1%}, >= 95%), {f.touched} with some translation; "
                f"lopsided units {f.lopsided}; not filled: {dict(f.causes.most_common())}"
            )
        for spec in filter(None, args.kit.split(",")):
            old, new = spec.split(":")
            ok &= report_kit(kit_figures(old, new, args.kb, args.corpus, work))
        if args.english.is_file():
            corpus, kb = english_copy(args.corpus, args.kb, args.english, work / "english")
            k = kit_figures("hu-2018", args.english.stem, kb, corpus, work)
            ok &= report_kit(k)
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
