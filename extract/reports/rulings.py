"""A rule's rulings matrix: one row per situation (a scenario), one column per edition, each cell the
ruling in plain words with the article that decides it.

One implementation for `chesslaws show RULE --rulings` (text and JSON) and the rule pages of the site.
A situation is told in words (the position where it starts, the time control, then each event with
the player who acts); a cell is marked `changed` when its ruling, without the article, differs from
the previous edition's (the oldest edition's cell never is). Test vocabulary (pass/fail, expected and
actual values) stays on the maintainers' scenario-results page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import chess

from extract.arbiter.check import CheckResult
from extract.arbiter.state import parse_san
from extract.io.scenarios import Scenario
from extract.model.event import Event
from extract.model.scenario import ScenarioError
from extract.reports import speech
from extract.reports.plain import Sources, ruling_parts
from extract.reports.situation_words import Teller, chess_words


@dataclass(frozen=True)
class RulingCell:
    """One edition's ruling of one situation."""

    edition: str
    text: str  # "Black wins: White's second illegal move"
    article: str | None  # "da-2017 7.5.3": the provision that decides it
    changed: bool  # the ruling differs from the previous edition's that has one
    # the ruling in words in every language of extract/reports/interface.yaml (the site's switch)
    said: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @property
    def in_languages(self) -> dict[str, str]:
        return dict(self.said) or {"en": self.text}

    @property
    def words(self) -> str:
        return f"{self.text} ({self.article})" if self.article else self.text

    def as_dict(self) -> dict[str, object]:
        return {
            "edition": self.edition,
            "ruling": self.text,
            "article": self.article,
            "changed": self.changed,
        }


@dataclass(frozen=True)
class Situation:
    """One scenario as a reader meets it: what happens, and each edition's ruling (None: not ruled)."""

    id: str
    title: str
    fen: str  # the position when the events start
    last_move: str | None  # the last move of the set-up (UCI), to mark on the board
    position: str  # "After 1. e4 e5, White to move"
    setting: str  # "Time control 90+30"
    events: tuple[str, ...]  # "White completes an illegal move: king e1-e3"
    cells: tuple[RulingCell | None, ...]  # one per edition of the matrix, oldest first
    # language -> (position, setting, events) in every language of extract/reports/interface.yaml
    told: tuple[tuple[str, tuple[str, str, tuple[str, ...]]], ...] = field(default=(), compare=False)

    def said(self, part: int) -> dict[str, str]:
        """The position (0) or the setting (1) in every language of the switch."""
        told = dict(self.told)
        said = {code: str(words[part]) for code, words in told.items()}
        return said or {"en": (self.position, self.setting)[part]}

    @property
    def events_said(self) -> list[dict[str, str]]:
        """Each event in every language of the switch."""
        told = dict(self.told)
        if not told:
            return [{"en": event} for event in self.events]
        return [{code: words[2][i] for code, words in told.items()} for i in range(len(self.events))]

    def as_dict(self) -> dict[str, object]:
        return {
            "situation": self.id,
            "title": self.title,
            "fen": self.fen,
            "position": self.position,
            "setting": self.setting,
            "events": list(self.events),
            "rulings": [c.as_dict() if c else None for c in self.cells],
        }


@dataclass(frozen=True)
class RulingsMatrix:
    rule: str
    title: str
    editions: tuple[str, ...]  # oldest first
    rows: tuple[Situation, ...] = field(default_factory=tuple)

    @property
    def differing(self) -> int:
        """How many cells differ from the previous edition's ruling."""
        return sum(1 for row in self.rows for cell in row.cells if cell and cell.changed)

    def as_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "title": self.title,
            "editions": list(self.editions),
            "situations": [row.as_dict() for row in self.rows],
        }


def rulings_matrix(
    rule: str,
    title: str,
    scenarios: Iterable[Scenario],
    results: Iterable[CheckResult],
    editions: Sequence[str],
    sources: Sources | None = None,
    pieces: Mapping[str, Mapping[str, str]] | None = None,
) -> RulingsMatrix:
    """The matrix of one rule from the scenarios that name it and their results (any edition order
    given, oldest first); a scenario with no result for an edition leaves that cell empty. `pieces`
    (language -> termbase concept -> term, `chess_words`) names the pieces in each language."""
    by_run: dict[tuple[str, str], CheckResult] = {(r.scenario, r.edition): r for r in results}
    rows = []
    for scenario in scenarios:
        if rule not in scenario.rules:
            continue
        cells: list[RulingCell | None] = []
        previous: str | None = None
        for edition in editions:
            result = by_run.get((scenario.id, edition))
            if result is None:
                cells.append(None)
                continue
            if result.error:
                said, article = speech.said("cannot_arise"), None
            else:
                said = {
                    code: ruling_parts(result.actual, edition, sources, result.rules, result.used, code)[0]
                    for code in speech.languages()
                }
                article = ruling_parts(result.actual, edition, sources, result.rules, result.used)[1]
            text = said[speech.ENGLISH]
            changed = previous is not None and text != previous
            cells.append(RulingCell(edition, text, article, changed, tuple(sorted(said.items()))))
            previous = text
        if any(cells):
            rows.append(_situation(scenario, tuple(cells), pieces))
    return RulingsMatrix(rule, title, tuple(editions), tuple(rows))


def _situation(
    scenario: Scenario,
    cells: tuple[RulingCell | None, ...],
    pieces: Mapping[str, Mapping[str, str]] | None = None,
) -> Situation:
    board, played = _start(scenario)
    told: dict[str, tuple[str, str, tuple[str, ...]]] = {}
    for code in speech.languages():
        teller = Teller(code, (pieces or {}).get(code))
        told[code] = (
            teller.position(board, played, scenario.setup.fen),
            teller.setting(scenario),
            tuple(teller.events(board, scenario.events)),
        )
    position, setting, events = told[speech.ENGLISH]
    return Situation(
        id=scenario.id,
        title=scenario.title,
        fen=board.fen(),
        last_move=board.peek().uci() if board.move_stack else None,
        position=position,
        setting=setting,
        events=events,
        cells=cells,
        told=tuple(sorted(told.items())),
    )


def _start(scenario: Scenario) -> tuple[chess.Board, list[str]]:
    board = chess.Board(scenario.setup.fen) if scenario.setup.fen else chess.Board()
    played = []
    for san in scenario.setup.moves:
        try:
            move = parse_san(board, san)
        except ScenarioError:
            break
        played.append(board.san(move))
        board.push(move)
    return board, played


def event_words(board: chess.Board, events: Iterable[Event], language: str = speech.ENGLISH) -> list[str]:
    """Each event in words, as the player who acts ("White completes an illegal move: king e1–e3");
    extract/reports/situation_words.py tells it."""
    return Teller(language).events(board, events)


def matrix_text(matrix: RulingsMatrix) -> str:
    """The matrix as text: each situation, then each edition's ruling, differences marked."""
    width = max((len(e) for e in matrix.editions), default=0)
    lines = [f"{matrix.rule}: {matrix.title}: rulings by edition (oldest first)"]
    if not matrix.rows:
        lines.append("  no situation exercises this rule")
    for n, row in enumerate(matrix.rows, 1):
        lines += ["", f"{n}. {row.title}", f"   {row.position}. {row.setting}."]
        lines += [f"   - {event}" for event in row.events]
        for edition, cell in zip(matrix.editions, row.cells, strict=True):
            words = cell.words if cell else "not ruled in this situation"
            mark = "changed " if cell and cell.changed else "        "
            lines.append(f"   {mark}{edition:{width}}  {words}")
    if matrix.rows:
        lines += ["", f"{matrix.differing} ruling(s) marked 'changed' differ from the previous edition's."]
    return "\n".join(lines)


def rule_scenarios(kb_dir: Path) -> list[Scenario]:
    """Every curated scenario (kb/scenarios), checked against the rules and editions of the KB."""
    from extract.arbiter.law import load_laws
    from extract.io.rules import load_rules

    folder = kb_dir / "scenarios"
    if not folder.is_dir():
        return []
    from extract.io.scenarios import load_scenarios

    return load_scenarios(folder, {r.id for r in load_rules(kb_dir)}, set(load_laws(kb_dir)))


def rulings_by_rule(
    kb_dir: Path, results: Iterable[CheckResult], editions: Sequence[str]
) -> dict[str, RulingsMatrix]:
    """Every rule's rulings matrix from the scenario results of one run (a site build); rules that no
    scenario names are left out."""
    from extract.io.rules import load_rules
    from extract.model import InputError
    from extract.reports.plain import load_sources

    if not (kb_dir / "rules").is_dir():
        return {}
    try:
        sources: Sources | None = load_sources(kb_dir)
    except InputError:
        sources = None
    results = list(results)
    scenarios = rule_scenarios(kb_dir)
    pieces = chess_words(kb_dir)
    matrices = {}
    for rule in load_rules(kb_dir):
        mine = [s for s in scenarios if rule.id in s.rules]
        if mine:
            matrices[rule.id] = rulings_matrix(rule.id, rule.title, mine, results, editions, sources, pieces)
    return matrices
