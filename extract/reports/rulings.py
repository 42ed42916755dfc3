"""A rule's rulings matrix: one row per situation (a scenario), one column per edition, each cell the
ruling in plain words with the article that decides it.

One implementation for `chesslaws show RULE --rulings` (text and JSON) and the rule pages of the site.
A situation is told in words (the position where it starts, the time control, then each event with
the player who acts); a cell is marked `changed` when its ruling, without the article, differs from
the previous edition's (the oldest edition's cell never is). Test vocabulary (pass/fail, expected and
actual values) stays on the maintainers' scenario-results page.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import chess

from extract.arbiter.check import CheckResult
from extract.arbiter.state import parse_san
from extract.io.scenarios import Scenario
from extract.model.event import Event
from extract.model.payloads import BoardCheck, BothFlags, DrawClaim, LateArrival, QuickplayClaim
from extract.model.ruling import Colour
from extract.model.scenario import ScenarioError, clock_text
from extract.reports import speech
from extract.reports.plain import Sources, ruling_parts

GROUNDS = {"threefold": "threefold repetition", "fifty-moves": "the fifty-move rule"}


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
) -> RulingsMatrix:
    """The matrix of one rule from the scenarios that name it and their results (any edition order
    given, oldest first); a scenario with no result for an edition leaves that cell empty."""
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
            rows.append(_situation(scenario, tuple(cells)))
    return RulingsMatrix(rule, title, tuple(editions), tuple(rows))


def _situation(scenario: Scenario, cells: tuple[RulingCell | None, ...]) -> Situation:
    board, played = _start(scenario)
    position = "the starting position" if board.fen() == chess.STARTING_FEN else "this position"
    if played:
        position = f"after {_numbered(played, scenario.setup.fen)}"
    mover = "White" if board.turn == chess.WHITE else "Black"
    return Situation(
        id=scenario.id,
        title=scenario.title,
        fen=board.fen(),
        last_move=board.peek().uci() if board.move_stack else None,
        position=f"{position[0].upper()}{position[1:]}, {mover} to move",
        setting=_setting(scenario),
        events=tuple(event_words(board, scenario.events)),
        cells=cells,
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


def _numbered(moves: list[str], fen: str | None) -> str:
    """'1. e4 e5 2. Nf3' from SAN moves played from `fen` (or the starting position)."""
    board = chess.Board(fen) if fen else chess.Board()
    number, white = board.fullmove_number, board.turn == chess.WHITE
    out = [] if white else [f"{number}..."]
    for san in moves:
        if white:
            out.append(f"{number}.")
        out.append(san)
        if not white:
            number += 1
        white = not white
    return " ".join(out)


def _setting(scenario: Scenario) -> str:
    setup = scenario.setup
    parts = [f"time control {setup.time_control}"]
    if setup.clocks:
        left = ", ".join(f"{c.capitalize()} {v}" for c, v in sorted(setup.clocks.items()))
        parts.append(f"time left: {left}")
    if not setup.arbiter_present:
        parts.append("no arbiter present")
    elif setup.games_per_arbiter > 1:
        parts.append(f"one arbiter for {setup.games_per_arbiter} games")
    if setup.quickplay_finish:
        parts.append("the regulations announce a quickplay finish")
    for name, value in sorted(setup.regulations.items()):
        parts.append(f"the regulations set {name.replace('_', ' ')} to {value}")
    text = "; ".join(parts)
    return text[0].upper() + text[1:]


def _square_move(board: chess.Board, uci: object) -> str:
    """'king e1–e3' for a UCI move on `board` (any move, legal or not)."""
    try:
        move = chess.Move.from_uci(str(uci))
    except ValueError:
        return str(uci)
    piece = board.piece_at(move.from_square)
    name = chess.piece_name(piece.piece_type) if piece else "piece"
    promoted = f", promoting to a {chess.piece_name(move.promotion)}" if move.promotion else ""
    return f"{name} {chess.square_name(move.from_square)}–{chess.square_name(move.to_square)}{promoted}"


def _colour(board: chess.Board, event: Event) -> Colour:
    default: Colour = "white" if board.turn == chess.WHITE else "black"
    return event.player(event.by or default)


def event_words(board: chess.Board, events: Iterable[Event]) -> list[str]:
    """Each event in words, as the player who acts ("White completes an illegal move: king e1–e3").

    The board follows the legal moves (a copy: `board` is not changed) so that each event is said by
    the player to move; an event the board cannot follow is said as written.
    """
    board = board.copy()
    said = []
    for event in events:
        who = _colour(board, event).capitalize()
        other = "Black" if who == "White" else "White"
        spent = f" after using {clock_text(event.spend)}" if event.spend else ""
        said.append(_event_phrase(board, event, who, other) + spent)
        if event.name == "move":
            with contextlib.suppress(ScenarioError):
                board.push(parse_san(board, str(event.value)))
    return said


def _event_phrase(board: chess.Board, event: Event, who: str, other: str) -> str:
    value = event.value
    if event.name == "move":
        try:
            return f"{who} plays {board.san(parse_san(board, str(value)))}"
        except ScenarioError:
            return f"{who} plays {value}"
    if event.name == "illegal_move":
        text = f"{who} completes an illegal move: {_square_move(board, value)}"
        return text if event.claimed else f"{text}; {other} does not claim"
    phrases: Mapping[str, Any] = {
        "attempt": lambda: f"{who} asks whether {_square_move(board, value)} is legal",
        "press_without_move": lambda: f"{who} presses the clock without making a move",
        "two_handed_move": lambda: f"{who} plays {value} using both hands",
        "promotion_incomplete": lambda: (
            f"{who} moves a pawn to the last rank ({_square_move(board, value)}) "
            "and presses the clock without replacing it"
        ),
        "draw_offer": lambda: f"{who} offers a draw",
        "draw_accept": lambda: f"{who} accepts a draw",
        "draw_claim": lambda: _draw_claim(who, event.details(DrawClaim)),
        "flag_fall": lambda: f"{who}'s flag falls",
        "both_flags": lambda: (
            "Both flags fall"
            + (
                " in the last period"
                if event.details(BothFlags).period == "last"
                else " in an earlier period"
            )
        ),
        "late_arrival": lambda: _late(who, event.details(LateArrival)),
        "colours_reversed": lambda: "It is found that the players have the wrong colours",
        "setup_claim": lambda: f"{who} claims the position, board or clock was set up wrongly",
        "electronic_device": lambda: f"{who} has an electronic device (a phone) in the playing venue",
        "quickplay_claim": lambda: (
            f"{who} claims a draw under the quickplay finish; the arbiter "
            + {
                "upheld": "upholds the claim",
                "postponed": "postpones the decision",
                "rejected": "rejects it",
            }[event.details(QuickplayClaim).decision]
        ),
        "increment_request": lambda: f"{who}, short of time, asks for an increment",
        "scoresheet_view": lambda: f"{who} asks to see the scoresheet",
        "board_check": lambda: (
            f"A visually impaired player's board is {event.details(BoardCheck).cm:g} cm a side"
        ),
    }
    make = phrases.get(event.name)
    try:
        return make() if make else f"{who}: {event.name.replace('_', ' ')}"
    except ScenarioError:
        return f"{who}: {event.name.replace('_', ' ')}"


def _draw_claim(who: str, claim: DrawClaim) -> str:
    move = f", writing down the move {claim.move}" if claim.move else ""
    return f"{who} claims a draw by {GROUNDS.get(claim.ground, claim.ground)}{move}"


def _late(who: str, late: LateArrival) -> str:
    when = "at the resumption of an adjourned game" if late.resumption else "at the start of the session"
    return f"{who} arrives {late.minutes:g} minutes late {when}"


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
    matrices = {}
    for rule in load_rules(kb_dir):
        mine = [s for s in scenarios if rule.id in s.rules]
        if mine:
            matrices[rule.id] = rulings_matrix(rule.id, rule.title, mine, results, editions, sources)
    return matrices
