"""Pins: labels and texts read by hand from the raw corpus, checked against the segmenter.

tests/data/pins.yaml holds, for every article, appendix and guideline of every edition, at least one
provision label with a piece of its text (and usually its raw line and parent), chosen by reading
corpus/<edition>.txt rather than the segmenter's output. Pins the segmenter gets wrong today carry
an `xfail` reason; they are strict, so a fixed segmenter turns them into XPASS failures until the
mark is removed.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from extract.io.editions import load_editions
from extract.model import Provision
from extract.text.segment import segment

CORPUS = Path(__file__).parent.parent / "corpus"
PINS_FILE = Path(__file__).parent / "data" / "pins.yaml"
PIN_KEYS = {"edition", "label", "contains", "begins", "line", "parent", "xfail"}


def _load() -> dict[str, Any]:
    return yaml.safe_load(PINS_FILE.read_text(encoding="utf-8"))


PINS_DOC = _load()
PINS: list[dict[str, Any]] = PINS_DOC["pins"]
ARTICLES: dict[str, list[str]] = PINS_DOC["articles"]


def _pin_id(pin: dict[str, Any]) -> str:
    return f"{pin['edition']}:{pin['label']}"


def _params() -> list[Any]:
    seen: Counter[str] = Counter()
    params = []
    for pin in PINS:
        pin_id = _pin_id(pin)
        seen[pin_id] += 1
        if seen[pin_id] > 1:
            pin_id = f"{pin_id}#{seen[pin_id]}"
        marks = [pytest.mark.xfail(reason=pin["xfail"], strict=True)] if pin.get("xfail") else []
        params.append(pytest.param(pin, id=pin_id, marks=marks))
    return params


@pytest.fixture(scope="session")
def provisions() -> dict[str, list[Provision]]:
    """Every edition of the real corpus, segmented once per test session."""
    return {edition.id: segment(edition) for edition in load_editions(CORPUS)}


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _mismatches(pin: dict[str, Any], provision: Provision) -> list[str]:
    """What keeps `provision` from satisfying `pin` (empty when it does)."""
    problems = []
    text = _squash(provision.text)
    if "contains" in pin and _squash(pin["contains"]) not in text:
        problems.append(f"text lacks {pin['contains']!r}")
    if "begins" in pin and not text.startswith(_squash(pin["begins"])):
        problems.append(f"text does not begin with {pin['begins']!r}")
    if "line" in pin and provision.line != pin["line"]:
        problems.append(f"starts at line {provision.line}, not {pin['line']}")
    if "parent" in pin and provision.parent != pin["parent"]:
        problems.append(f"parent is {provision.parent!r}, not {pin['parent']!r}")
    return problems


def _describe(provision: Provision, width: int = 100) -> str:
    text = _squash(provision.text)
    text = text if len(text) <= width else text[: width - 1] + "…"
    return (
        f"  {provision.label} (printed {provision.printed_label!r}, parent {provision.parent!r}, "
        f"kind {provision.kind}, line {provision.line}): {text!r}"
    )


@pytest.mark.parametrize("pin", _params())
def test_pin(pin: dict[str, Any], provisions: dict[str, list[Provision]]) -> None:
    edition = provisions[pin["edition"]]
    found = [p for p in edition if p.label == pin["label"]]
    if any(not _mismatches(pin, p) for p in found):
        return
    where = f"{pin['edition']} (corpus/{pin['edition']}.txt)"
    if found:
        lines = [f"no provision labelled {pin['label']} in {where} matches the pin:"]
        for provision in found:
            lines.append(_describe(provision))
            lines.extend(f"    - {problem}" for problem in _mismatches(pin, provision))
    else:
        lines = [f"no provision labelled {pin['label']} in {where}"]
        if "line" in pin:
            near = [p for p in edition if abs(p.line - pin["line"]) <= 2]
            if near:
                lines.append(f"provisions starting near raw line {pin['line']}:")
                lines.extend(_describe(p) for p in near)
    pytest.fail("\n".join(lines), pytrace=False)


# --- the pin file itself ------------------------------------------------------------------------


def test_pins_are_well_formed() -> None:
    problems = []
    for index, pin in enumerate(PINS, 1):
        unknown = set(pin) - PIN_KEYS
        if unknown:
            problems.append(f"pin {index} ({pin.get('label')}): unknown keys {sorted(unknown)}")
        if pin.get("edition") not in ARTICLES:
            problems.append(f"pin {index}: unknown edition {pin.get('edition')!r}")
        if not isinstance(pin.get("label"), str) or not pin["label"]:
            problems.append(f"pin {index}: label must be a non-empty string (quote numeric labels)")
        if ("contains" in pin) == ("begins" in pin):
            problems.append(f"pin {index} ({pin.get('label')}): give exactly one of contains / begins")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("edition", sorted(ARTICLES))
def test_every_article_appendix_and_guideline_is_pinned(edition: str) -> None:
    pinned = {pin["label"] for pin in PINS if pin["edition"] == edition}
    unpinned = [
        article
        for article in ARTICLES[edition]
        if not any(label == article or label.startswith(f"{article}.") for label in pinned)
    ]
    assert not unpinned, f"{edition}: no pin for {', '.join(unpinned)}"


@pytest.mark.parametrize("edition", sorted(ARTICLES))
def test_segmenter_finds_exactly_the_expected_articles(
    edition: str, provisions: dict[str, list[Provision]]
) -> None:
    found = [p.label for p in provisions[edition] if p.kind == "article"]
    assert found == ARTICLES[edition], (
        f"{edition}: articles found {found}\nexpected (read from the raw text) {ARTICLES[edition]}"
    )
