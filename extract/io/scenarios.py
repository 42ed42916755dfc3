"""kb/scenarios/*.yaml -> Scenario: strict keys, known events, existing rules and editions."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from extract.io.rules import read_yaml_list
from extract.io.scenario_checks import (
    board_problem,
    clock_problem,
    expect_problem,
    extras_problem,
    move_problem,
    setup_problem,
)
from extract.model import InputError
from extract.model.event import Event
from extract.model.ruling import EVENT_EXTRAS, EVENT_NAMES, EXPECT_KEYS
from extract.model.scenario import ScenarioError, Setup, san_moves

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


FIDE_EDITION = re.compile(r"\d{4}")  # expect keyed by the Laws (FIDE edition), inherited by translations


@dataclass(frozen=True)
class Scenario:
    id: str
    title: str
    rules: tuple[str, ...]
    setup: Setup
    events: tuple[Event, ...]
    expect: dict[str, dict[str, object]]  # FIDE edition ("2017") or translation id ("hu-2018") -> ruling
    quotes: dict[str, str]
    path: str
    line: int
    notes: tuple[str, ...] = ()


def load_scenarios(
    folder: Path,
    rule_ids: set[str],
    editions: set[str],
    fide: Iterable[str] | None = None,
    *,
    rule: str | None = None,
) -> list[Scenario]:
    """Every scenario of folder/*.yaml, checked: known keys and events, existing rules and editions.

    With `fide` (the FIDE editions the KB's editions translate), an expectation keyed by Laws no
    edition translates is refused: it would never be checked ("0 checks" is no answer). With `rule`,
    only the scenarios that exercise that rule are checked and returned (a question about one rule
    does not replay every scenario's board); an entry whose `rules` cannot be read is still checked."""
    laws = None if fide is None else set(fide)
    scenarios: list[Scenario] = []
    seen: dict[str, str] = {}
    if not folder.is_dir():
        raise InputError(folder, None, "no such scenario directory")
    for path in sorted(folder.glob("*.yaml")):
        entries = read_yaml_list(path, "scenarios")
        for entry in entries:
            if rule is not None and not _may_exercise(entry, rule):
                continue
            scenario = _scenario(path, entry, rule_ids, editions, laws)
            if scenario.id in seen:
                raise InputError(
                    path, scenario.line, f"scenario id '{scenario.id}' also used at {seen[scenario.id]}"
                )
            seen[scenario.id] = f"{path}:{scenario.line}"
            scenarios.append(scenario)
    return scenarios


def _may_exercise(entry: object, rule: str) -> bool:
    """Whether a scenario entry as read names `rule`, or names its rules in a shape to be refused."""
    rules = entry.get("rules") if isinstance(entry, dict) else None
    if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
        return True
    return rule in rules


Fail = Callable[..., InputError]  # (message, where: the raw entry whose line to name) -> the error


def situation(
    setup: Mapping[str, object], raw_setup: object, raw_events: list[object], fail: Fail
) -> tuple[Setup, tuple[Event, ...]]:
    """A scenario's `setup` and `events` (as read, `__line__` markers in the raw ones) checked and
    typed: the one reading of a described game, for scenario files and `chesslaws ruling` alike."""
    if not isinstance(setup, Mapping):
        raise fail(f"'setup' must be a mapping, found {setup!r}", raw_setup)
    if set(setup) - SETUP_KEYS:
        unknown = ", ".join(sorted(set(setup) - SETUP_KEYS))
        raise fail(f"unknown setup key(s) {unknown}; allowed: {', '.join(sorted(SETUP_KEYS))}", raw_setup)
    problem = setup_problem(setup)
    if problem:
        raise fail(problem, raw_setup)
    typed_events: list[Event] = []
    for raw in raw_events:
        event = _plain(raw)
        if not isinstance(event, dict):
            shown = "an empty event" if event is None else f"event {event!r}"  # YAML reads "" and "-" as null
            raise fail(f"{shown} must be a mapping like {{move: e4}}", raw)
        kinds = set(event) - set(EVENT_EXTRAS)
        if len(kinds) != 1 or not kinds <= set(EVENT_NAMES):
            raise fail(f"event {event} must have exactly one of: {', '.join(sorted(EVENT_NAMES))}", raw)
        problem = extras_problem(event)
        if problem:
            raise fail(problem, raw)
        try:
            typed = Event.from_mapping(event)
        except ScenarioError as error:  # unknown, missing or ill-typed details
            raise fail(str(error), raw) from error
        problem = move_problem(typed)
        if problem:
            raise fail(problem, raw)
        typed_events.append(typed)
    setup_value = Setup(
        fen=_text_or_none(setup.get("fen")),
        moves=san_moves(_moves(setup.get("moves"))),
        time_control=str(setup.get("time_control", "90+30")),
        clocks=dict(_mapping(setup.get("clocks"))),
        games_per_arbiter=int(str(setup.get("games_per_arbiter", 1))),
        arbiter_present=bool(setup.get("arbiter_present", True)),
        quickplay_finish=bool(setup.get("quickplay_finish", False)),
        regulations=dict(_mapping(setup.get("regulations"))),
    )
    problem = board_problem(setup_value, typed_events) or clock_problem(setup_value)
    if problem:
        raise fail(problem, raw_setup)
    return setup_value, tuple(typed_events)


def _text_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def _moves(value: object) -> str | tuple[str, ...]:
    if isinstance(value, str):
        return value
    return tuple(str(v) for v in value) if isinstance(value, list | tuple) else ()


def _mapping(value: object) -> Mapping[str, object]:
    return {str(k): v for k, v in value.items()} if isinstance(value, Mapping) else {}


def _plain(value: object) -> object:
    """Drop the loader's __line__ markers."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if k != "__line__"}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _scenario(
    path: Path, entry: object, rule_ids: set[str], editions: set[str], laws: set[str] | None
) -> Scenario:
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
    for key, kind in (("rules", list), ("setup", dict), ("events", list), ("expect", dict), ("quotes", dict)):
        if data.get(key) is not None and not isinstance(data[key], kind):
            raise fail(f"'{key}' must be a {'list' if kind is list else 'mapping'}, found {data[key]!r}")
    if not all(isinstance(r, str) for r in data["rules"]):
        raise fail("'rules' must be a list of rule ids")
    rules = tuple(str(r) for r in data["rules"])
    for rule in rules:
        if rule not in rule_ids:
            raise fail(f"unknown rule '{rule}'")
    setup_value, typed_events = situation(
        data.get("setup") or {}, entry.get("setup"), entry.get("events") or [], fail
    )
    expect = data["expect"]
    for edition, ruling in expect.items():
        if edition not in editions and not FIDE_EDITION.fullmatch(str(edition)):
            raise fail(
                f"unknown edition '{edition}' in expect (a FIDE edition year like \"2017\" or an edition id)",
                entry["expect"],
            )
        if edition not in editions and laws is not None and str(edition) not in laws:
            raise fail(
                f"expect names the {edition} Laws, which no edition of the KB translates "
                f"(translated: {', '.join(sorted(laws))}); its rulings would never be checked",
                entry["expect"],
            )
        if not isinstance(ruling, dict) or set(ruling) - set(EXPECT_KEYS):
            raise fail(f"expect for {edition} may only use {', '.join(sorted(EXPECT_KEYS))}", entry["expect"])
        problem = expect_problem(str(edition), ruling)
        if problem:
            raise fail(problem, entry["expect"])
    quotes = {str(k): str(v) for k, v in (data.get("quotes") or {}).items()}
    notes = data.get("notes") or ()
    return Scenario(
        id=str(data["id"]),
        title=str(data["title"]),
        rules=rules,
        setup=setup_value,
        events=tuple(typed_events),
        expect={str(e): dict(r) for e, r in expect.items()},
        quotes=quotes,
        path=str(path),
        line=line,
        notes=tuple(notes) if isinstance(notes, list) else (str(notes),),
    )
