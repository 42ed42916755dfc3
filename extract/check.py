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

from .engine import RESULTS, Arbiter, Law, ScenarioError, Setup, clock_text, san_moves, seconds
from .model import InputError
from .notation import ExampleResult
from .rules import read_yaml_list

SCENARIO_KEYS = {"id", "title", "rules", "setup", "events", "expect", "quotes", "notes"}
SETUP_KEYS = {
    "fen",
    "moves",
    "time_control",
    "clocks",
    "games_per_arbiter",
    "arbiter_present",
    "quickplay_finish",
    "regulations",
}
EVENT_KINDS = {
    "move",
    "attempt",
    "illegal_move",
    "press_without_move",
    "two_handed_move",
    "promotion_incomplete",
    "draw_offer",
    "draw_accept",
    "draw_claim",
    "flag_fall",
    "both_flags",
    "late_arrival",
    "colours_reversed",
    "setup_claim",
    "electronic_device",
    "quickplay_claim",
    "increment_request",
    "scoresheet_view",
    "board_check",
}
EVENT_EXTRAS = {"by", "spend", "claimed"}
EXPECT_KEYS = {
    "result",
    "reason",
    "category",
    "clock",
    "illegal_moves",
    "claim",
    "legal",
    "restart",
    "increment",
    "recording",
    "request",
    "board",
}


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    rules: tuple[str, ...]
    setup: Setup
    events: tuple[dict[str, object], ...]
    expect: dict[str, dict[str, object]]
    quotes: dict[str, str]
    path: str
    line: int
    notes: tuple[str, ...] = ()


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


def load_scenarios(folder: Path, rule_ids: set[str], editions: set[str]) -> list[Scenario]:
    """Every scenario of folder/*.yaml, checked: known keys and events, existing rules and editions."""
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    if not folder.is_dir():
        raise InputError(folder, None, "no such scenario directory")
    for path in sorted(folder.glob("*.yaml")):
        entries = read_yaml_list(path, "scenarios")
        for entry in entries:
            scenario = _scenario(path, entry, rule_ids, editions)
            if scenario.id in seen:
                raise InputError(
                    path, scenario.line, f"scenario id '{scenario.id}' also used at {seen[scenario.id]}"
                )
            seen[scenario.id] = f"{path}:{scenario.line}"
            scenarios.append(scenario)
    return scenarios


def _plain(value: object) -> object:
    """Drop the loader's __line__ markers."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _scenario(path: Path, entry: object, rule_ids: set[str], editions: set[str]) -> Scenario:
    if not isinstance(entry, dict):
        raise InputError(path, None, "each scenario must be a mapping")
    line = int(entry.get("__line__", 0))
    data = _plain(entry)
    assert isinstance(data, dict)

    def fail(message: str, at: object = None) -> InputError:
        at_line = at.get("__line__", line) if isinstance(at, dict) else line
        return InputError(path, at_line, f"scenario '{data.get('id', '?')}': {message}")

    unknown = set(data) - SCENARIO_KEYS
    if unknown:
        raise fail(
            f"unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(SCENARIO_KEYS))}"
        )
    for key in ("id", "title", "rules", "events", "expect"):
        if not data.get(key) and key != "events":
            raise fail(f"missing '{key}'")
    rules = tuple(str(r) for r in data["rules"])
    for rule in rules:
        if rule not in rule_ids:
            raise fail(f"unknown rule '{rule}'")
    setup = data.get("setup") or {}
    if set(setup) - SETUP_KEYS:
        raise fail(f"unknown setup key(s) {', '.join(sorted(set(setup) - SETUP_KEYS))}", entry.get("setup"))
    events = data.get("events") or []
    for raw, event in zip(entry.get("events") or [], events, strict=True):
        if not isinstance(event, dict):
            raise fail(f"event {event!r} must be a mapping like {{move: e4}}", raw)
        kinds = set(event) - EVENT_EXTRAS
        if len(kinds) != 1 or not kinds <= EVENT_KINDS:
            raise fail(f"event {event} must have exactly one of: {', '.join(sorted(EVENT_KINDS))}", raw)
    expect = data["expect"]
    for edition, ruling in expect.items():
        if edition not in editions:
            raise fail(f"unknown edition '{edition}' in expect", entry["expect"])
        if not isinstance(ruling, dict) or set(ruling) - EXPECT_KEYS:
            raise fail(f"expect for {edition} may only use {', '.join(sorted(EXPECT_KEYS))}", entry["expect"])
        if "result" in ruling and ruling["result"] not in RESULTS:
            raise fail(
                f"result '{ruling['result']}' for {edition} must be one of {', '.join(RESULTS)}",
                entry["expect"],
            )
    quotes = {str(k): str(v) for k, v in (data.get("quotes") or {}).items()}
    try:
        setup_value = Setup(
            fen=setup.get("fen"),
            moves=san_moves(setup.get("moves") or ()),
            time_control=str(setup.get("time_control", "90+30")),
            clocks=dict(setup.get("clocks") or {}),
            games_per_arbiter=int(setup.get("games_per_arbiter", 1)),
            arbiter_present=bool(setup.get("arbiter_present", True)),
            quickplay_finish=bool(setup.get("quickplay_finish", False)),
            regulations=dict(setup.get("regulations") or {}),
        )
    except (TypeError, ValueError) as error:
        raise fail(f"bad setup: {error}", entry.get("setup")) from error
    notes = data.get("notes") or ()
    return Scenario(
        id=str(data["id"]),
        title=str(data["title"]),
        rules=rules,
        setup=setup_value,
        events=tuple(events),
        expect={str(e): dict(r) for e, r in expect.items()},
        quotes=quotes,
        path=str(path),
        line=line,
        notes=tuple(notes) if isinstance(notes, list) else (str(notes),),
    )


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
    from .build import read_provisions
    from .load import load_editions
    from .model import Provision
    from .notation import replay_examples

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
