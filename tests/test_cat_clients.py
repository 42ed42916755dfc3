"""The CAT files in the real clients translators use: OmegaT 3.6 headless (Debian's omegat) and
translate-toolkit. One OmegaT start per project, shared by the module's checks; skipped when
OmegaT is absent, a failure when CHESSLAWS_REQUIRE_OMEGAT=1 (CI). Every pair of editions and the
kit against a dropped-in English text are measured by tools/cat_acceptance.py."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import cat_acceptance  # noqa: E402  (tools are scripts, not a package)
import omegat  # noqa: E402

REQUIRED = os.environ.get("CHESSLAWS_REQUIRE_OMEGAT", "") not in ("", "0")
KB, CORPUS = ROOT / "kb", ROOT / "corpus"


def needs_omegat() -> None:
    problem = omegat.problem()
    if problem:
        if REQUIRED:
            pytest.fail(f"CHESSLAWS_REQUIRE_OMEGAT is set but {problem}")
        pytest.skip(problem)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    needs_omegat()
    return tmp_path_factory.mktemp("omegat")


XLIFF = "{urn:oasis:names:tc:xliff:document:1.2}"
SEGMENTS = """
if (eventType.toString() == "LOAD") {
  project.allEntries.each { println "SEGMENT|" + it.key.file + "|" + it.srcText.replace("\\n", " ") }
}
"""


@dataclass(frozen=True)
class Shared:
    """One OmegaT start (nb -> hu) on: the TMX nb-2014/hu-2018 in tm/auto and a document of its
    source side, the XLIFF nb-2014 -> hu-2018 in source/, the TBX in glossary/."""

    output: str
    tmx: bytes
    xliff: bytes
    targets: list[str]
    filled: list[str]


@pytest.fixture(scope="module")
def shared(work: Path) -> Shared:
    from extract.reports.cat import tbx_for_kb, tmx_document, xliff_document

    tmx = tmx_document(KB, CORPUS, ["nb-2014", "hu-2018"])
    project = work / "shared"
    targets = cat_acceptance.tmx_project(project, tmx, ("nb", "hu"))
    xliff = xliff_document(KB, CORPUS, "nb-2014", "hu-2018")
    (project / "source" / "nb-hu.xlf").write_bytes(xliff)
    (project / "glossary" / "chesslaws.tbx").write_bytes(tbx_for_kb(KB, CORPUS))
    output = omegat.translate(project, work / "home", omegat.GLOSSARY_SCRIPT + SEGMENTS)
    filled = omegat.paragraphs((project / "target" / "doc.txt").read_text(encoding="utf-8"))
    return Shared(output, tmx, xliff, targets, filled)


def test_omegat_reads_the_tbx_with_its_own_glossary_reader(shared: Shared) -> None:
    from translate.storage import tbx

    from extract.reports.cat import tbx_for_kb

    entries = omegat.glossary_counts(shared.output)["chesslaws.tbx"]
    assert entries >= 300, f"OmegaT read {entries} glossary entries (nb -> hu)"
    shown = {(source, target): comment for source, target, comment in omegat.glossary_entries(shared.output)}
    comment = shown[("turneringsleder", "versenybíró")]  # the arbiter, Norwegian -> Hungarian
    assert "definition: The official responsible for applying the Laws" in comment
    assert "turneringsleder: used in nb-2014" in comment and "versenybíró: used in hu-2018" in comment
    units = len(tbx.tbxfile(tbx_for_kb(KB, CORPUS)).units)
    assert units >= 200, f"translate-toolkit read {units} units"


def test_omegat_prefills_a_document_from_the_tmx(shared: Shared) -> None:
    assert cat_acceptance.lopsided(shared.tmx) == 0
    hits = sum(1 for got, want in zip(shared.filled, shared.targets, strict=True) if got == want)
    assert hits >= 0.95 * len(shared.targets), f"OmegaT filled {hits}/{len(shared.targets)} paragraphs"


def test_omegat_translates_the_source_side_of_the_xliff(shared: Shared) -> None:
    """OmegaT's XLIFF filter translates <target> in place: the segments it shows must be the
    source edition's sentences, never the other edition's."""
    from lxml import etree
    from translate.storage import xliff

    segments = [
        line.split("|", 2)[2] for line in shared.output.splitlines() if line.startswith("SEGMENT|nb-hu.xlf|")
    ]
    document = etree.fromstring(shared.xliff)
    sources = " ".join(" ".join(s.text.split()) for s in document.iter(f"{XLIFF}source"))
    others = {
        " ".join(t.text.split()) for a in document.iter(f"{XLIFF}alt-trans") for t in a.iter(f"{XLIFF}target")
    }
    assert len(segments) >= 300
    inside = sum(1 for s in segments if " ".join(s.split()) in sources)
    assert inside >= 0.95 * len(segments), f"{inside}/{len(segments)} OmegaT segments are nb source text"
    assert not others & {" ".join(s.split()) for s in segments}
    store = xliff.xlifffile.parsestring(shared.xliff)
    assert store.getsourcelanguage() == "nb" and len(store.units) == len(
        list(document.iter(f"{XLIFF}trans-unit"))
    )
    assert all(u.source and not u.istranslated() and u.getalttrans() for u in store.units)


def test_omegat_fills_a_document_from_a_tmx_of_one_language(work: Path) -> None:
    """da-2001 -> da-2017: the editions tagged "da" and "da-DK", a project from da to da-DK. (Both
    tagged "da", OmegaT takes the same <tuv> as source and target and fills only the sentences the
    two editions word alike.)"""
    figures = cat_acceptance.tmx_figures(("da-2001", "da-2017"), KB, CORPUS, work)
    assert figures.lopsided == 0
    assert figures.filled >= 0.95 * figures.units, f"OmegaT filled {figures.filled}/{figures.units}"


@pytest.fixture(scope="module")
def kit(work: Path) -> cat_acceptance.KitFigures:
    return cat_acceptance.kit_figures("sv-2009", "nb-2014", KB, CORPUS, work)


def test_omegat_fills_the_kept_sentences_of_the_kit_and_none_of_the_changed(kit) -> None:
    kept, total = kit.share(cat_acceptance.FILLED_STATUSES)
    assert total >= 300 and kept >= 0.9 * total, f"{kept}/{total} filled"
    changed, changed_total = kit.share(cat_acceptance.EMPTY_STATUSES)
    assert changed_total >= 100 and changed == 0, f"{changed} of {changed_total} changed ones filled"


def test_the_kit_xliff_has_the_same_split_in_its_states(kit) -> None:
    assert sum(kit.translated[s] for s in cat_acceptance.EMPTY_STATUSES) == 0
    assert sum(kit.translated[s] for s in cat_acceptance.FILLED_STATUSES) >= sum(
        kit.filled[s] for s in cat_acceptance.FILLED_STATUSES
    )
    assert kit.xliff_units == sum(kit.statuses.values())


def test_why_a_paragraph_is_not_filled() -> None:
    """tools/cat_acceptance.unfilled_causes on OmegaT's segments (no OmegaT needed): a paragraph
    OmegaT cuts after a list letter, one of two sentences against one, a text with two
    translations, and a filled one."""
    sources = ["I tilfælde a. skal han.", "En. To.", "Ja.", "Ja.", "Godt."]
    targets = ["I fall a) ska han.", "Egy, kettő.", "Igen.", "Jó.", "Jó."]
    segments = ["I tilfælde a.", "skal han.", "En.", "To.", "Ja.", "Ja.", "Godt."]
    output = "\n".join(
        [f"SEGMENT|doc.txt|{s}" for s in segments] + [f"TARGET-PIECES|{n}" for n in (1, 1, 1, 1, 1)]
    )
    causes = cat_acceptance.unfilled_causes(
        sources, targets, [False, False, False, True, True], output, ("da", "hu")
    )
    assert causes == {cat_acceptance.CUT: 1, cat_acceptance.GROUP: 1, cat_acceptance.ANOTHER: 1}
