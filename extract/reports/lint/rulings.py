"""translation-divergence by scenario rulings: the scenario checks (kb/scenarios, the arbiter model that
`chesslaws check` runs) rule differently under one translation than under the other translations
of the same FIDE Laws.

Every scenario is run once per edition without its expectations (so every edition gets its own
ruling, taken from its own parameters and curated behaviours), and the rulings are compared on the
keys the scenario's expectations name. A translation is reported when its ruling differs from the
one all other translations of its Laws agree on. With two translations there is no majority: the
finding goes to the translation that keeps the ruling of the nearest earlier Laws where the other
changed it (a change of the Laws one translation missed), else to the later translation; the other
is the compared side. Both quotes come from the scenario (`quotes`), pinned to the raw texts.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING

from extract.model import Finding, Provision
from extract.reports.lint.context import Context, finding, first_line_span

if TYPE_CHECKING:
    from extract.io.scenarios import Scenario

Shown = tuple[tuple[str, str], ...]  # a ruling on the keys its scenario expects, each value as text


@dataclass(frozen=True)
class ScenarioRulings:
    """Every scenario run once per edition without its expectations."""

    rulings: dict[str, dict[str, Shown]] = field(default_factory=dict)  # scenario id -> edition -> ruling
    used: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)  # ... -> parameter -> value
    scenarios: dict[str, Scenario] = field(default_factory=dict)


def _rulings(context: Context) -> ScenarioRulings:
    """scenario id -> edition -> ruling (on the expected keys), and the scenarios; run once."""
    cached = context._cache.get("rulings")
    if isinstance(cached, ScenarioRulings):
        return cached
    kb = context.kb_dir
    if kb is None or not (kb / "scenarios").is_dir() or not (kb / "generated" / "editions.yaml").exists():
        empty = ScenarioRulings()
        context._cache["rulings"] = empty
        return empty
    from extract.arbiter.check import normalise, run_scenarios
    from extract.arbiter.law import load_laws
    from extract.io.scenarios import load_scenarios

    every = load_laws(kb)
    laws = {e: law for e, law in every.items() if e in context.provisions}
    scenarios = load_scenarios(kb / "scenarios", {r.id for r in context.rules}, set(every))
    keys = {s.id: sorted({k for ruling in s.expect.values() for k in ruling}) for s in scenarios}
    rulings: dict[str, dict[str, Shown]] = {}
    used: dict[str, dict[str, dict[str, str]]] = {}
    for r in run_scenarios([replace(s, expect={}) for s in scenarios], laws):
        if r.error is not None or not keys[r.scenario]:
            continue
        rulings.setdefault(r.scenario, {})[r.edition] = tuple(
            (k, _text(normalise(k, r.actual.get(k)))) for k in keys[r.scenario]
        )
        used.setdefault(r.scenario, {})[r.edition] = {k: str(v) for k, v in r.used.items()}
    result = ScenarioRulings(rulings, used, {s.id: s for s in scenarios})
    context._cache["rulings"] = result
    return result


def _text(value: object) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {v}" for k, v in sorted(value.items())) + "}"
    return str(value)


def _when(context: Context, edition: str) -> int:
    try:
        return date.fromisoformat(str(context.editions[edition].in_force)[:10]).toordinal()
    except ValueError:
        return 0


def _earlier_laws(context: Context, edition: str, rulings: Mapping[str, object]) -> list[str]:
    """The editions of the nearest earlier Laws that have a ruling for the scenario."""
    own = context.editions[edition].fide_edition
    earlier = [
        e
        for e in rulings
        if context.editions[e].fide_edition != own and _when(context, e) < _when(context, edition)
    ]
    if not earlier:
        return []
    latest = max(context.editions[e].fide_edition for e in earlier)
    return [e for e in earlier if context.editions[e].fide_edition == latest]


def owner_of_two(
    context: Context, edition: str, peer: str, rulings: Mapping[str, object]
) -> tuple[str, str | None]:
    """Of two translations that disagree, the one a finding goes to, and the Laws it kept."""
    for e, other in ((edition, peer), (peer, edition)):
        before = _earlier_laws(context, e, rulings)
        keeps = bool(before) and all(rulings[b] == rulings[e] for b in before)
        if keeps and rulings[other] != rulings[e] and not all(rulings[b] == rulings[other] for b in before):
            return e, context.editions[before[0]].fide_edition
    later = max((edition, peer), key=lambda e: (_when(context, e), e))
    return later, None


def ruling_divergence(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Scenarios this translation rules differently from the other translations of its Laws: one
    finding per cause (the parameter or curated behaviour whose value differs, else the scenario)."""
    peers = context.peers(edition)
    if not peers:
        return []
    data = _rulings(context)
    groups: dict[tuple[str, tuple[str, ...]], list[tuple[str, str | None]]] = {}
    for scenario_id, by_edition in sorted(data.rulings.items()):
        mine = by_edition.get(edition)
        theirs = {p: by_edition[p] for p in peers if p in by_edition}
        if mine is None or not theirs or len(set(theirs.values())) != 1 or mine in theirs.values():
            continue
        peer = sorted(theirs, key=lambda e: abs(_when(context, e) - _when(context, edition)))[0]
        kept = None
        if len(theirs) == 1:
            owner, kept = owner_of_two(context, edition, peer, by_edition)
            if owner != edition:
                continue
        used = data.used[scenario_id]
        mine_used, their_used = used.get(edition, {}), used.get(peer, {})
        cause = tuple(
            f"{k} = {mine_used[k]} here, {their_used[k]} in {peer}"
            for k in sorted(set(mine_used) & set(their_used))
            if mine_used[k] != their_used[k]
        ) or (scenario_id,)  # values both consulted; one consulted only by one side is a consequence
        groups.setdefault((peer, cause), []).append((scenario_id, kept))
    found = []
    for (peer, cause), members in groups.items():
        scenarios = [data.scenarios[sid] for sid, _ in members]
        found.append(
            _finding(context, edition, provisions, scenarios, peer, data.rulings, cause, members[0][1])
        )
    return found


def _finding(
    context: Context,
    edition: str,
    provisions: list[Provision],
    scenarios: list[Scenario],
    peer: str,
    rulings: dict[str, dict[str, Shown]],
    cause: tuple[str, ...],
    kept: str | None,
) -> Finding:
    pins = [
        (s, _pin(context, edition, provisions, s), _pin(context, peer, context.provisions[peer], s))
        for s in scenarios
    ]
    scenario, (p, start, end, _), (other_p, other_start, other_end, _) = max(
        pins, key=lambda x: (x[1][3], x[2][3])
    )
    other_quote = " ".join(context.raw(peer)[other_start:other_end].split())
    fide = context.editions[edition].fide_edition
    more = f" and {len(scenarios) - 1} more ({', '.join(s.id for s in scenarios if s is not scenario)})"
    why = (
        ""
        if cause == (scenario.id,) or cause == (scenarios[0].id,)
        else f"; the model reads {'; '.join(cause)}"
    )
    keeps = f"; {edition} keeps the ruling of the {kept} Laws" if kept else ""
    return finding(
        context,
        p,
        edition,
        "translation-divergence",
        "error",
        f"scenario {scenario.id} ({scenario.title}){more if len(scenarios) > 1 else ''} rules "
        f"{_show(rulings[scenario.id][edition])} here, {_show(rulings[scenario.id][peer])} in {peer} "
        f"(same FIDE {fide} Laws){why}{keeps}",
        start,
        end,
        compared_with=(peer, other_p.label if other_p else None, other_quote[:157]),
    )


def _show(ruling: Shown) -> str:
    shown = dict(ruling)
    order = ["result", "reason"] + [k for k in shown if k not in ("result", "reason")]
    return ", ".join(f"{k} {shown[k]}" for k in order if shown.get(k, "None") != "None") or "no ruling"


def _pin(
    context: Context, edition: str, provisions: list[Provision], scenario: Scenario
) -> tuple[Provision | None, int, int, bool]:
    """The raw span of the scenario's quote for `edition` (the provision holding it), else the first
    line of the first provision expressing one of the scenario's rules."""
    raw = context.raw(edition)
    words = (scenario.quotes.get(edition) or "").split()
    match = re.search(r"[\s*_]+".join(re.escape(w) for w in words), raw) if words else None
    if match:
        p = next((q for q in provisions if q.start <= match.start() < q.end), None)
        return p, match.start(), match.end(), True
    for q in provisions:
        if context.rule(q) in scenario.rules:
            return (q, *first_line_span(raw, q), False)
    return None, 0, 0, False
