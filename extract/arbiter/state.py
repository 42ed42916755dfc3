"""One game under one edition: the board, the clocks, the ruling so far, and the small moves every
area of the Laws makes on them (consult a parameter, end the game, add time)."""

from __future__ import annotations

from dataclasses import dataclass, field

import chess

from extract.arbiter.classify import as_float
from extract.arbiter.law import Clause, Law
from extract.arbiter.unwinnable import Mateability, after_move, can_checkmate
from extract.arbiter.unwinnable.clock import cut_short, expired
from extract.model.ruling import Colour, MateFinding, Reason, Result, Ruling
from extract.model.scenario import Period, ScenarioError, Setup, parse_time_control, seconds

SIDES: dict[Colour, chess.Color] = {"white": chess.WHITE, "black": chess.BLACK}
# A ruling turns on one position at a time, so the arbiter lets the analysis search longer than a batch
# of positions (`chesslaws position`) would: an undecided answer stops the game for the arbiter.
RULING_BUDGET = 200_000


def colour_of(side: chess.Color) -> Colour:
    return "white" if side == chess.WHITE else "black"


def opponent(colour: Colour) -> Colour:
    return "black" if colour == "white" else "white"


def _per_colour_int() -> dict[Colour, int]:
    return {"white": 0, "black": 0}


@dataclass
class Game:
    """The arbiter's state: python-chess holds the board truth, the rest is the arbiter's."""

    law: Law
    setup: Setup
    board: chess.Board
    periods: tuple[Period, ...]
    ruling: Ruling
    clocks: dict[Colour, float]  # seconds left
    scoresheet_requests: dict[Colour, int] = field(default_factory=_per_colour_int)
    out_of_time: bool = False  # an answer of the analysis was cut short by the command's time limit

    @classmethod
    def start(cls, law: Law, setup: Setup) -> Game:
        """The position after the setup's moves, the clocks of its first period, its category."""
        board = chess.Board(setup.fen) if setup.fen else chess.Board()
        for san in setup.moves:
            push_san(board, san)
        periods = parse_time_control(setup.time_control)
        first = periods[0]
        ruling = Ruling(increment=first.increment)
        classification = law.classify(first.minutes, first.increment)
        ruling.category = classification.category
        ruling.used.update(classification.used)
        clocks: dict[Colour, float] = {
            colour: seconds(setup.clocks[colour]) if colour in setup.clocks else first.minutes * 60
            for colour in ("white", "black")
        }
        return cls(law, setup, board, periods, ruling, clocks)

    def param(self, name: str) -> object:
        """The edition's value; the event's regulations win where the scenario gives them."""
        if name in self.setup.regulations:
            value = self.setup.regulations[name]
            self.ruling.used[f"{name} (regulations)"] = value
            return value
        if name not in self.law.parameters:
            raise ScenarioError(
                f"{self.law.edition} states no {name} and the scenario's regulations set none"
            )
        value = self.law.parameters[name]
        self.ruling.used[name] = value
        return value

    def completed_moves(self) -> dict[Colour, int]:
        """Moves completed by each player since the start of the game."""
        black = self.board.fullmove_number - 1
        white = black + (1 if self.board.turn == chess.BLACK else 0)
        return {"white": white, "black": black}

    def to_move(self) -> Colour:
        return colour_of(self.board.turn)

    def over(self) -> bool:
        """Ended, restarted, or stopped for the arbiter to judge what the analysis left undecided."""
        return self.ruling.result != "*" or self.ruling.restart or self.ruling.reason == "arbiter-must-judge"

    def cite(self, *rules: str) -> None:
        """Record the rules a ruling applies (those the edition has), once each, in order."""
        for rule in rules:
            if self.law.has(rule) and rule not in self.ruling.rules:
                self.ruling.rules.append(rule)

    def end(self, result: Result, reason: Reason) -> None:
        self.ruling.result, self.ruling.reason = result, reason
        self.ruling.log.append(f"{result} ({reason})")

    def win_for(self, colour: Colour, reason: Reason) -> None:
        self.end("1-0" if colour == "white" else "0-1", reason)

    def win_unless_cannot_mate(self, colour: Colour, reason: Reason, rules: tuple[str, ...]) -> None:
        """A win for `colour`, or a draw if `colour` cannot checkmate by any series of legal moves,
        where the first of `rules` (most specific first) whose text says so says so; undecided: the
        arbiter must judge. A text with no such clause (da-2001 7.4.b) gives the win outright."""
        self.cite(*rules)
        clause = self.mate_clause(rules)
        if clause is None:
            self.ruling.log.append("the text makes no exception for a player who cannot checkmate")
            return self.win_for(colour, reason)
        answer = self.mateability(colour, clause)
        if answer.can_checkmate is None:
            return self.must_judge()
        if answer.can_checkmate:
            return self.win_for(colour, reason)
        return self.end("1/2-1/2", reason)

    def mate_clause(self, rules: tuple[str, ...]) -> Clause | None:
        """The edition's clause on "cannot checkmate" among `rules`; where the termbase gives the
        edition no word for checkmate its wording cannot be read, and the rule's own exception holds."""
        clause = self.law.mate_clause(rules)
        if clause is None and not self.law.mate_terms:
            return Clause(rules[0], "", "")
        return clause

    def mateability(self, colour: Colour, clause: Clause) -> Mateability:
        """Can `colour` still checkmate here? The answer is kept in the ruling with the clause asking it."""
        answer = self.analyse(colour)
        self.record(colour, answer, clause)
        return answer

    def analyse(self, colour: Colour, budget: int = RULING_BUDGET) -> Mateability:
        """The analysis's answer for `colour` here (one per position: every edition asks the same); a
        helpmate known before the last move is carried over it when it can be (no search). An answer the
        command's time limit cut short is counted (clock.cut_short) and marks the game."""
        carried = self.carried(colour)
        if carried is not None:
            return carried
        answer = mateability(self.board.fen(), SIDES[colour], budget)
        if answer.can_checkmate is None and expired():
            cut_short()
            self.out_of_time = True
        return answer

    def stopped_by_time_limit(self) -> bool:
        """Play stopped for the arbiter because the command's time limit cut an answer short."""
        return self.out_of_time and self.ruling.result == "*" and self.ruling.reason == "arbiter-must-judge"

    def carried(self, colour: Colour) -> Mateability | None:
        """Yes, with a helpmate for `colour` known before the last move and carried over it (sound:
        replayed), or None."""
        return after_move(self.board, SIDES[colour])

    def record(self, colour: Colour, answer: Mateability, clause: Clause) -> None:
        """Keep an answer of the analysis in the ruling, with the clause that asked the question."""
        self.ruling.findings.append(
            MateFinding(
                colour,
                answer.can_checkmate,
                answer.helpmate,
                answer.reason,
                clause.rule,
                clause.label,
                clause.quote,
                self.board.fen(),
            )  # fmt: skip
        )

    def must_judge(self) -> None:
        """The analysis did not decide within its budget: play stops and the arbiter judges."""
        self.ruling.reason = "arbiter-must-judge"
        self.ruling.log.append("undecided whether a player can checkmate: the arbiter must judge")

    def add_time(self, colour: Colour, minutes_parameter: str) -> None:
        minutes = as_float(self.param(minutes_parameter))
        self.clocks[colour] += minutes * 60
        self.ruling.clock[colour] += minutes * 60
        self.ruling.log.append(f"{colour} +{minutes:g} min ({minutes_parameter})")

    def penalty_parameter(self, standard: str) -> str:
        """The time penalty of Articles 7 and 9, one minute instead in blitz where the edition says so."""
        if self.ruling.category == "blitz" and self.law.has("blitz-penalty-one-minute"):
            return "blitz.penalty_minutes"
        return standard

    def expect_turn(self, by: Colour, kind: str) -> None:
        if SIDES[by] != self.board.turn:
            raise ScenarioError(f"'{kind}' by {by}, but {self.to_move()} has the move")

    def parse_uci(self, uci: object) -> chess.Move:
        try:
            return chess.Move.from_uci(str(uci))
        except ValueError as error:
            raise ScenarioError(f"'{uci}' is not a move in UCI form (e.g. e2e4, e7e8q)") from error

    def parse_san(self, san: object) -> chess.Move:
        return parse_san(self.board, str(san))


def mateability(fen: str, side: chess.Color, budget: int = RULING_BUDGET) -> Mateability:
    """Can `side` checkmate in the position `fen` by some series of legal moves? (The analysis keeps
    its answers per position: every edition and many scenarios ask it of the same positions; an answer
    cut short by a time limit is not kept.)"""
    return can_checkmate(chess.Board(fen), side, budget)


def parse_san(board: chess.Board, san: str) -> chess.Move:
    """The legal move `san` names on `board`; ScenarioError naming the position otherwise."""
    try:
        return board.parse_san(san)
    except ValueError as error:
        raise ScenarioError(f"'{san}' is not a legal move in {board.fen()}") from error


def push_san(board: chess.Board, san: str) -> chess.Move:
    move = parse_san(board, san)
    board.push(move)
    return move
