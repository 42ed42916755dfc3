"""An edition whose text states a parameter the build could not read (a language nobody curated,
issue 24) is still ruled where the parameter decides nothing, and only there: a check that needs the
missing number reports it, never a guessed value."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from extract.arbiter.check import fide_editions, run_scenarios
from extract.arbiter.law import Law, load_laws
from extract.io.rules import load_rules
from extract.io.scenarios import load_scenarios

KB = Path(__file__).parent.parent / "kb"
EDITION = "da-2017"


@pytest.fixture(scope="module")
def runs():
    laws = load_laws(KB)
    scenarios = load_scenarios(KB / "scenarios", {r.id for r in load_rules(KB)}, set(laws))
    fide = fide_editions(KB)

    def run(missing: str, *names: str) -> dict[str, tuple[bool, str | None]]:
        law = laws[EDITION]
        without = {k: v for k, v in law.parameters.items() if k != missing}
        lacking: dict[str, Law] = {EDITION: replace(law, parameters=without)}
        chosen = [s for s in scenarios if s.id in names]
        assert len(chosen) == len(names)
        return {r.scenario: (r.passed, r.error) for r in run_scenarios(chosen, lacking, fide=fide)}

    return run


def test_no_repetition_count_is_asked_where_no_position_repeats(runs):
    results = runs(
        "repetition.automatic_occurrences",
        "promotion-to-queen",
        "draw-by-agreement",
        "fivefold-consecutive-automatic",
    )
    assert results["promotion-to-queen"] == (True, None)  # no position stood twice
    assert results["draw-by-agreement"] == (True, None)
    passed, error = results["fivefold-consecutive-automatic"]  # the count decides: reported missing
    assert not passed and "states no repetition.automatic_occurrences" in str(error)


def test_the_increment_limit_is_asked_only_of_a_player_short_of_time(runs):
    results = runs(
        "scoresheet.exempt_increment_seconds", "promotion-to-queen", "recording-exempt-under-five-minutes"
    )
    assert results["promotion-to-queen"] == (True, None)  # both clocks far above the limit
    passed, error = results["recording-exempt-under-five-minutes"]
    assert not passed and "states no scoresheet.exempt_increment_seconds" in str(error)


def test_the_first_illegal_move_is_ruled_without_the_count_that_loses(runs):
    """The count that loses was not read, the time bonus was: the first illegal move earns the
    bonus (the move the opponent gets time for is not the one that loses); the second needs the
    count and reports it missing."""
    results = runs("illegal_move.loss_on", "illegal-move-first-standard", "illegal-move-second-standard")
    assert results["illegal-move-first-standard"] == (True, None)
    passed, error = results["illegal-move-second-standard"]
    assert not passed and "states no illegal_move.loss_on" in str(error)


def test_without_the_time_bonus_the_first_illegal_move_is_not_ruled_either(runs):
    results = runs("illegal_move.time_bonus", "illegal-move-first-standard")
    passed, error = results["illegal-move-first-standard"]
    assert not passed and "states no illegal_move" in str(error)
