"""Scenario checks: kb/scenarios/*.yaml run on the arbiter model, edition by edition.

A scenario's expected rulings are written from each edition's text; the engine takes its numbers
from the KB. A check fails when they disagree, so a wrong number in the KB (or a wrong reading in
a scenario) shows up as a failing scenario × edition cell.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import chess

from extract.arbiter.engine import Arbiter, Law
from extract.io.scenarios import Scenario
from extract.model.scenario import ScenarioError, clock_text, seconds
from extract.text.notation import ExampleResult


@dataclass(frozen=True)
class CheckResult:
    scenario: str
    title: str
    edition: str
    rules: tuple[str, ...]
    passed: bool
    expected: dict[str, object]
    actual: dict[str, object]
    used: dict[str, object] = field(default_factory=dict)
    error: str | None = None

    def as_dict(self) -> dict[str, object]:
        return {
            "scenario": self.scenario,
            "title": self.title,
            "edition": self.edition,
            "rules": list(self.rules),
            "passed": self.passed,
            "expected": self.expected,
            "actual": self.actual,
            "parameters": self.used,
            "error": self.error,
        }


def normalise(key: str, value: object) -> object:
    """Expected and actual values in one comparable form."""
    if key == "clock" and isinstance(value, dict):
        return {c: clock_text(seconds(v)) for c, v in value.items()}
    if key == "increment":
        return float(value)  # type: ignore[arg-type]
    if key == "illegal_moves" and isinstance(value, dict):
        return {c: int(v) for c, v in value.items()}
    if key == "result":
        return str(value)
    return value


def compare(expected: dict[str, object], actual: dict[str, object]) -> tuple[bool, dict[str, object]]:
    """Whether every expected key matches; the actual values of the compared keys."""
    shown: dict[str, object] = {}
    ok = True
    for key, want in expected.items():
        want = normalise(key, want)
        got = normalise(key, actual.get(key))
        if isinstance(want, dict) and isinstance(got, dict):
            got = {c: got.get(c) for c in want}
        shown[key] = got
        ok = ok and want == got
    return ok, shown


def run_scenarios(
    scenarios: list[Scenario], laws: dict[str, Law], edition: str | None = None
) -> list[CheckResult]:
    """Every scenario under every edition it names (or only `edition`)."""
    results = []
    for scenario in scenarios:
        for ed, expected in scenario.expect.items():
            if edition is not None and ed != edition:
                continue
            wanted = {k: normalise(k, v) for k, v in expected.items()}
            arbiter = None
            try:
                arbiter = Arbiter(laws[ed], scenario.setup)
                for event in scenario.events:
                    arbiter.apply(event)
                ruling = arbiter.finish()
            except ScenarioError as error:
                used = dict(arbiter.ruling.used) if arbiter else {}
                results.append(
                    CheckResult(
                        scenario.id, scenario.title, ed, scenario.rules, False, wanted, {}, used, str(error)
                    )
                )
                continue
            passed, actual = compare(expected, ruling.as_dict())
            results.append(
                CheckResult(
                    scenario.id, scenario.title, ed, scenario.rules, passed, wanted, actual, ruling.used
                )
            )
    return results


def text_examples(corpus_dir: Path, kb_dir: Path, edition: str | None = None) -> list[ExampleResult]:
    """Each edition's own notation examples, parsed with its own piece letters and replayed.

    Reads the provisions the build wrote (no second segmentation). A wrong example is a finding
    about the translation (with its quote), never a failed check.
    """
    from extract.io.editions import load_editions
    from extract.io.kbfiles import read_provisions
    from extract.model import Provision
    from extract.text.notation import replay_examples

    provisions = read_provisions(kb_dir)
    results: list[ExampleResult] = []
    for ed in load_editions(corpus_dir):
        if edition in (None, ed.id) and ed.id in provisions:
            items = [Provision.from_dict(ed.id, d) for d in provisions[ed.id]]
            results.extend(replay_examples(ed, items))
    return results


def replay_moves_only(scenarios: list[Scenario], edition: str | None = None) -> int:
    """python-chess alone replaying the same positions and moves (the benchmark's baseline)."""
    replayed = 0
    for scenario in scenarios:
        for ed in scenario.expect:
            if edition is not None and ed != edition:
                continue
            board = chess.Board(scenario.setup.fen) if scenario.setup.fen else chess.Board()
            for san in scenario.setup.moves:
                board.push_san(san)
                replayed += 1
            for event in scenario.events:
                if "move" in event:
                    try:
                        board.push_san(str(event["move"]))
                    except ValueError:
                        break
                    replayed += 1
                    board.is_checkmate(), board.is_stalemate(), board.is_insufficient_material()
    return replayed


@dataclass(frozen=True)
class Benchmark:
    check_seconds: float
    replay_seconds: float
    moves: int

    @property
    def ratio(self) -> float:
        return self.check_seconds / self.replay_seconds if self.replay_seconds else 0.0


def timed_run(
    scenarios: list[Scenario], laws: dict[str, Law], edition: str | None = None
) -> tuple[list[CheckResult], Benchmark]:
    """The check, timed, and python-chess replaying the same moves alone, timed."""
    started = time.perf_counter()
    results = run_scenarios(scenarios, laws, edition)
    checked = time.perf_counter() - started
    started = time.perf_counter()
    moves = replay_moves_only(scenarios, edition)
    return results, Benchmark(checked, time.perf_counter() - started, moves)
