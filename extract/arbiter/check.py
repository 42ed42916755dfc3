"""Scenario checks: kb/scenarios/*.yaml run on the arbiter model, edition by edition.

Expectations belong to the Laws: a scenario's `expect` is keyed by FIDE edition ("2017"), and every
translation of those Laws inherits it; a key naming a translation ("hu-2018") is that translation's
own ruling where its text departs from the Laws, and wins for it. The engine takes its numbers from
the KB. A check fails when they disagree, naming the translation, the scenario, both rulings and the
quotes. An edition whose Laws have no expectations at all still runs every scenario: its rulings are
reported, with no pass or fail, so they can be compared.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import chess

from extract.arbiter.classify import as_float
from extract.arbiter.law import Law
from extract.arbiter.runner import play
from extract.arbiter.state import Game
from extract.io.scenarios import Scenario
from extract.model.ruling import CheckStatus
from extract.model.scenario import ScenarioError, clock_text, seconds
from extract.text.san import ExampleResult


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
    expected_from: str | None = None  # "FIDE 2017" (inherited) or the translation id; None: ruling only
    quotes: dict[str, str] = field(default_factory=dict)

    @property
    def checked(self) -> bool:
        """Whether there was an expectation to check (else the ruling is only reported)."""
        return self.expected_from is not None

    @property
    def status(self) -> CheckStatus:
        return "ruling" if not self.checked else "pass" if self.passed else "FAIL"

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
            "expected_from": self.expected_from,
            "status": self.status,
            "quotes": self.quotes,
        }


def normalise(key: str, value: object) -> object:
    """Expected and actual values in one comparable form."""
    if key == "clock" and isinstance(value, dict):
        return {c: clock_text(seconds(v)) for c, v in value.items()}
    if key == "increment":
        return as_float(value)
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
            got = {c: got[c] for c in want if got.get(c) is not None}  # a colour not ruled on is absent
        shown[key] = got
        ok = ok and want == got
    return ok, shown


def expectation(
    scenario: Scenario, edition: str, fide: str | None
) -> tuple[dict[str, object] | None, str | None]:
    """The ruling a scenario expects under an edition, and where it comes from."""
    if edition in scenario.expect:
        return scenario.expect[edition], edition
    if fide is not None and fide in scenario.expect:
        return scenario.expect[fide], f"FIDE {fide}"
    return None, None


def quotes_for(scenario: Scenario, edition: str, fide: dict[str, str]) -> dict[str, str]:
    """The scenario's quotes from this translation and from the other translations of its Laws."""
    laws = fide.get(edition)
    return {
        ed: quote
        for ed, quote in scenario.quotes.items()
        if ed == edition or (laws is not None and fide.get(ed) == laws)
    }


def run_scenarios(
    scenarios: list[Scenario],
    laws: dict[str, Law],
    edition: str | None = None,
    fide: dict[str, str] | None = None,
) -> list[CheckResult]:
    """Every scenario under every edition it applies to (or only `edition`); `fide` maps an edition to
    its FIDE edition. An edition no expectation applies to gets every scenario's ruling, unchecked."""
    fide = fide or {}
    expected_somewhere = {
        ed
        for ed in laws
        if any(expectation(scenario, ed, fide.get(ed))[0] is not None for scenario in scenarios)
    }
    results = []
    for scenario in scenarios:
        for ed in laws:
            if edition is not None and ed != edition:
                continue
            expected, source = expectation(scenario, ed, fide.get(ed))
            if expected is None and ed in expected_somewhere:
                continue
            results.append(_run_one(scenario, laws[ed], expected, source, quotes_for(scenario, ed, fide)))
    return results


def _run_one(
    scenario: Scenario,
    law: Law,
    expected: dict[str, object] | None,
    source: str | None,
    quotes: dict[str, str],
) -> CheckResult:
    wanted = {k: normalise(k, v) for k, v in (expected or {}).items()}
    game = None
    try:
        game = Game.start(law, scenario.setup)
        ruling = play(game, scenario.events)
    except ScenarioError as error:
        used = dict(game.ruling.used) if game else {}
        return CheckResult(
            scenario.id, scenario.title, law.edition, scenario.rules, expected is None, wanted, {}, used,
            str(error), source, quotes,
        )  # fmt: skip
    if expected is None:
        actual = {k: v for k, v in ruling.as_dict().items() if v not in (None, {}, [])}
        return CheckResult(
            scenario.id, scenario.title, law.edition, scenario.rules, True, {}, actual, ruling.used,
            None, None, quotes,
        )  # fmt: skip
    passed, actual = compare(expected, ruling.as_dict())
    return CheckResult(
        scenario.id, scenario.title, law.edition, scenario.rules, passed, wanted, actual, ruling.used,
        None, source, quotes,
    )  # fmt: skip


def fide_editions(kb_dir: Path) -> dict[str, str]:
    """Edition id -> FIDE edition, from kb/generated/editions.yaml (empty for a KB built before)."""
    from extract.io.generated import read_kb

    return {e.id: e.fide_edition for e in read_kb(kb_dir).editions()}


def text_examples(corpus_dir: Path, kb_dir: Path, edition: str | None = None) -> list[ExampleResult]:
    """Each edition's own notation examples, parsed with its own piece letters and replayed.

    Reads the provisions the build wrote (no second segmentation). A wrong example is a finding
    about the translation (with its quote), never a failed check.
    """
    from extract.io.editions import load_editions
    from extract.io.generated import read_kb
    from extract.text.notation import replay_examples

    provisions = read_kb(kb_dir).all_provisions()
    results: list[ExampleResult] = []
    for ed in load_editions(corpus_dir):
        if edition in (None, ed.id) and ed.id in provisions:
            results.extend(replay_examples(ed, list(provisions[ed.id].provisions)))
    return results


def replay_moves_only(scenarios: list[Scenario], edition: str | None = None) -> int:
    """python-chess alone replaying the same positions and moves (the benchmark's baseline)."""
    replayed = 0
    for scenario in scenarios:
        for _ in [edition] if edition is not None else scenario.expect:
            board = chess.Board(scenario.setup.fen) if scenario.setup.fen else chess.Board()
            for san in scenario.setup.moves:
                board.push_san(san)
                replayed += 1
            for event in scenario.events:
                if event.name == "move":
                    try:
                        board.push_san(str(event.value))
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
    scenarios: list[Scenario],
    laws: dict[str, Law],
    edition: str | None = None,
    fide: dict[str, str] | None = None,
) -> tuple[list[CheckResult], Benchmark]:
    """The check, timed, and python-chess replaying the same moves alone, timed."""
    started = time.perf_counter()
    results = run_scenarios(scenarios, laws, edition, fide)
    checked = time.perf_counter() - started
    started = time.perf_counter()
    moves = replay_moves_only(scenarios, edition)
    return results, Benchmark(checked, time.perf_counter() - started, moves)
