"""Executable semantics in the diff: every scenario run under both editions, and curated keywords.

A scenario (kb/scenarios) is a game with events; the arbiter model (extract/arbiter) rules on it
with one edition's parameters and curated behaviour keywords. Run under edition A and under edition
B, a scenario whose rulings differ shows a change of behaviour, whatever the wording: the row says
it in plain words ("2014: Black wins (illegal moves); 2009: play continues, Black +4:00"), with the
scenario and each edition's quote.

Curated `behaviour:` keywords of kb/rules (draw agreement only after both moved, fivefold repetition
anywhere or consecutive) are compared too. A translation without a keyword of its own inherits the
keyword of another translation of the same FIDE Laws (`fide_edition`), as scenario expectations do.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from extract.io.rules import Rule
from extract.model.ruling import EXPECT_KEYS, ExpectKey, Result, Ruling, RulingView
from extract.model.vocab import checked
from extract.reports.diff_data import KBData
from extract.reports.diff_model import BehaviourChange, ScenarioRun

if TYPE_CHECKING:  # the arbiter and the scenario loader load only when a diff runs scenarios
    from extract.arbiter.law import Law
    from extract.io.scenarios import Scenario

RESULT_WORDS: dict[Result, str] = {
    "1-0": "White wins",
    "0-1": "Black wins",
    "1/2-1/2": "draw",
    "*": "play continues",
}
_RUNS: dict[tuple[str, tuple[float, ...]], tuple[dict[str, Law], list[Scenario]]] = {}
# (edition, its behaviour keywords, scenario id) -> its full ruling, for the laws and scenarios in
# _RUNS: a site compares each edition with several others, and every edition's ruling is made once
_RULINGS: dict[tuple[str, tuple[tuple[str, str], ...], str], Ruling | None] = {}


def curated_keyword(data: KBData, rule: Rule, edition: str) -> str | None:
    """The rule's curated behaviour keyword in an edition, else that of a translation of the same Laws."""
    own = rule.behaviour.get(edition)
    if own is not None:
        return str(own)
    fide = data.fide(edition)
    for other in sorted(rule.behaviour):
        if other in data.editions and data.fide(other) == fide:
            return str(rule.behaviour[other])
    return None


def keyword_change(data: KBData, rule: Rule, a: str, b: str) -> BehaviourChange | None:
    """The curated keywords of both editions where they differ and at least one edition has one."""
    old, new = curated_keyword(data, rule, a), curated_keyword(data, rule, b)
    if old == new or not rule.behaviour:
        return None
    return BehaviourChange(old, new)


def _laws_and_scenarios(kb_dir: Path, stamp: tuple[float, ...]) -> tuple[dict[str, Law], list[Scenario]]:
    scenario_files = sorted((kb_dir / "scenarios").glob("*.yaml"))
    key = (str(kb_dir.resolve()), stamp + tuple(float(p.stat().st_mtime_ns) for p in scenario_files))
    if key not in _RUNS:
        from extract.arbiter.law import load_laws
        from extract.io.rules import load_rules
        from extract.io.scenarios import load_scenarios

        laws = load_laws(kb_dir)
        folder = kb_dir / "scenarios"
        scenarios = (
            load_scenarios(folder, {r.id for r in load_rules(kb_dir)}, set(laws)) if folder.is_dir() else []
        )
        _RUNS.clear()
        _RULINGS.clear()
        _RUNS[key] = (laws, scenarios)
    return _RUNS[key]


def _law(data: KBData, laws: dict[str, Law], edition: str) -> Law:
    """The edition's Law, with behaviour keywords inherited from translations of the same Laws."""
    law = laws[edition]
    inherited = dict(law.behaviour)
    for rule in data.rules:
        if rule.id not in inherited:
            keyword = curated_keyword(data, rule, edition)
            if keyword is not None and rule.id in law.rules:
                inherited[rule.id] = keyword
    return dataclasses.replace(law, behaviour=inherited) if inherited != law.behaviour else law


def describe(ruling: RulingView) -> str:
    """A ruling in plain words, limited to what the scenario asks about (the view's keys)."""
    parts: list[str] = []
    for key in ruling.keys:
        value = ruling.value(key)
        if key == "result":
            parts.append(RESULT_WORDS[ruling.result] if ruling.result else str(value))
        elif key == "reason" and ruling.reason:
            reason = f"({ruling.reason.replace('-', ' ')})"
            if parts:
                parts[-1] = f"{parts[-1]} {reason}"
            else:
                parts.append(reason)
        elif key == "clock":
            parts += [f"{c} {time}" for c, time in ruling.clock.items() if time not in ("+0:00", "0:00")]
        elif key == "illegal_moves":
            counted = [f"{colour} {n}" for colour, n in ruling.illegal_moves.items() if n]
            if counted:
                parts.append("illegal moves counted: " + ", ".join(counted))
        elif value not in (None, {}, "", False):
            parts.append(f"{key.replace('_', ' ')} {value}")
    return ", ".join(parts) or "nothing to rule"


def scenario_changes(
    data: KBData, kb_dir: Path, stamp: tuple[float, ...], a: str, b: str
) -> dict[str, list[ScenarioRun]]:
    """Rule id -> the scenarios naming it whose rulings differ between editions a and b."""
    laws, scenarios = _laws_and_scenarios(kb_dir, stamp)
    if a not in laws or b not in laws:
        return {}
    law_a, law_b = _law(data, laws, a), _law(data, laws, b)
    out: dict[str, list[ScenarioRun]] = defaultdict(list)
    for scenario in scenarios:
        keys: list[ExpectKey] = []
        for expected in scenario.expect.values():
            keys += [checked(k, EXPECT_KEYS, "ruling key") for k in expected if k not in keys]
        keys = keys or ["result", "reason"]
        old_ruling, new_ruling = _ruling(law_a, scenario), _ruling(law_b, scenario)
        if old_ruling is None or new_ruling is None:
            continue
        old, new = old_ruling.view(keys), new_ruling.view(keys)
        if old == new:
            continue
        old_words, new_words = describe(old), describe(new)
        run = ScenarioRun(
            scenario=scenario.id,
            title=scenario.title,
            old_ruling=old_words,
            new_ruling=new_words,
            summary=f"{b}: {new_words}; {a}: {old_words}",
            old_quote=scenario.quotes.get(a),
            new_quote=scenario.quotes.get(b),
        )
        for rule_id in scenario.rules:
            if law_a.has(rule_id) and law_b.has(rule_id):
                out[rule_id].append(run)
    return dict(out)


def _ruling(law: Law, scenario: Scenario) -> Ruling | None:
    """The scenario's ruling under the edition's law (None when it cannot be played), made once."""
    from extract.arbiter.runner import replay
    from extract.model.scenario import ScenarioError

    key = (law.edition, tuple(sorted(law.behaviour.items())), scenario.id)
    if key not in _RULINGS:
        try:
            _RULINGS[key] = replay(law, scenario.setup, scenario.events)
        except (ScenarioError, ValueError, KeyError):
            _RULINGS[key] = None
    return _RULINGS[key]
