"""An arbiter model: one game under one edition, driven by that edition's own extracted numbers.

Board truth (legality, check, mate, stalemate, repetitions, move counters, insufficient material)
comes from python-chess. Every number comes from the edition's extracted parameters; every yes/no
behaviour comes from whether the edition has the rule (its alignment), or from a curated
`behaviour:` keyword on the rule where the text decides something no number carries. Where
python-chess encodes one edition's wording and not another's (fivefold repetition), the model
follows the edition.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path

import chess

from extract.arbiter.classify import Classification, TimeControl, as_float, as_int, classify
from extract.io.kbfiles import read_generated
from extract.io.rules import load_rules
from extract.model import InputError
from extract.model.scenario import (
    ScenarioError,
    Setup,
    clock_text,
    parse_time_control,
    seconds,
)

COLOURS = {"white": chess.WHITE, "black": chess.BLACK}
NAMES = {chess.WHITE: "white", chess.BLACK: "black"}
BEHAVIOURS = {  # the curated keywords the engine understands, per rule
    "rapid-illegal-move": {"penalty", "penalty-on-claim", "loses", "loses-on-claim"},
    "blitz-illegal-move": {"penalty", "penalty-on-claim", "loses", "loses-on-claim"},
    "fivefold-repetition-automatic-draw": {"anywhere", "consecutive"},
    "illegal-move-penalty": {"no-draw-exception"},
    "illegal-move-correction": {"includes-incomplete-promotion"},
    "draw-agreement-ends-game": {"after-both-moved"},
}


@dataclass(frozen=True, eq=False)  # identity hash: one Law per edition per load
class Law:
    """What the engine knows of one edition: its parameters, its rules and curated behaviours."""

    edition: str
    parameters: dict[str, object]
    rules: frozenset[str]
    behaviour: dict[str, str]  # rule id -> keyword for this edition

    def has(self, rule: str) -> bool:
        return rule in self.rules

    def classify(self, minutes: float, increment: float) -> Classification:
        """The category of a time control under this edition (memoised: scenarios repeat controls)."""
        return _classify(self, minutes, increment)


@functools.lru_cache(maxsize=256)
def _classify(law: Law, minutes: float, increment: float) -> Classification:
    return classify(TimeControl(minutes, increment), law.edition, law.parameters)


def load_laws(kb_dir: Path) -> dict[str, Law]:
    """One Law per edition from kb/generated (parameters, alignment) and kb/rules (behaviours)."""
    editions = [str(e["id"]) for e in read_generated(kb_dir, "editions.yaml")]
    parameters: dict[str, dict[str, object]] = {e: {} for e in editions}
    for row in read_generated(kb_dir, "parameters.yaml"):
        parameters[row["edition"]].setdefault(row["parameter"], row["value"])
    present: dict[str, set[str]] = {e: set() for e in editions}
    for row in read_generated(kb_dir, "alignment.yaml"):
        present[row["edition"]].add(row["rule"])
    behaviour: dict[str, dict[str, str]] = {e: {} for e in editions}
    for rule in load_rules(kb_dir):
        for edition, keyword in rule.behaviour.items():
            if keyword not in BEHAVIOURS.get(rule.id, set()):
                known = ", ".join(sorted(BEHAVIOURS.get(rule.id, ()))) or "none for this rule"
                raise InputError(
                    rule.path, rule.line, f"rule '{rule.id}': unknown behaviour '{keyword}' (known: {known})"
                )
            if edition in behaviour:  # curated for an edition this corpus does not have: not used
                behaviour[edition][rule.id] = keyword
    return {e: Law(e, parameters[e], frozenset(present[e]), behaviour[e]) for e in editions}


@dataclass
class Ruling:
    """The arbiter's rulings after the events; `used` lists every parameter value consulted."""

    result: str = "*"
    reason: str | None = None
    category: str = "standard"
    clock: dict[str, float] = field(default_factory=lambda: {"white": 0.0, "black": 0.0})
    illegal_moves: dict[str, int] = field(default_factory=lambda: {"white": 0, "black": 0})
    claim: str | None = None
    legal: bool | None = None
    restart: bool = False
    increment: float = 0.0
    recording: dict[str, str] = field(default_factory=dict)
    request: str | None = None
    board: str | None = None
    used: dict[str, object] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "result": self.result,
            "reason": self.reason,
            "category": self.category,
            "clock": {c: clock_text(v) for c, v in self.clock.items()},
            "illegal_moves": dict(self.illegal_moves),
            "claim": self.claim,
            "legal": self.legal,
            "restart": self.restart,
            "increment": self.increment,
            "recording": dict(self.recording),
            "request": self.request,
            "board": self.board,
        }


class Arbiter:
    """An event-driven referee for one game under one edition."""

    def __init__(self, law: Law, setup: Setup) -> None:
        self.law = law
        self.setup = setup
        self.board = chess.Board(setup.fen) if setup.fen else chess.Board()
        for san in setup.moves:
            self.push_san(san)
        self.periods = parse_time_control(setup.time_control)
        first = self.periods[0]
        self.ruling = Ruling(increment=first.increment)
        classification = law.classify(first.minutes, first.increment)
        self.ruling.category = classification.category
        self.ruling.used.update(classification.used)
        self.clocks = {
            colour: seconds(setup.clocks[colour]) if colour in setup.clocks else first.minutes * 60
            for colour in ("white", "black")
        }
        self.scoresheet_requests = {"white": 0, "black": 0}

    # -- helpers ------------------------------------------------------------------------------

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

    def push_san(self, san: str) -> chess.Move:
        try:
            move = self.board.parse_san(san)
        except ValueError as error:
            raise ScenarioError(f"'{san}' is not a legal move in {self.board.fen()}") from error
        self.board.push(move)
        return move

    def completed_moves(self) -> dict[str, int]:
        """Moves completed by each player since the start of the game."""
        black = self.board.fullmove_number - 1
        white = black + (1 if self.board.turn == chess.BLACK else 0)
        return {"white": white, "black": black}

    def over(self) -> bool:
        return self.ruling.result != "*" or self.ruling.restart

    def end(self, result: str, reason: str) -> None:
        self.ruling.result, self.ruling.reason = result, reason
        self.ruling.log.append(f"{result} ({reason})")

    def win_for(self, colour: str, reason: str) -> None:
        self.end("1-0" if colour == "white" else "0-1", reason)

    def win_unless_cannot_mate(self, colour: str, reason: str) -> None:
        """A win for `colour`, or a draw if `colour` cannot mate by any series of legal moves."""
        if self.board.has_insufficient_material(COLOURS[colour]):
            self.end("1/2-1/2", reason)
        else:
            self.win_for(colour, reason)

    def add_time(self, colour: str, minutes_parameter: str) -> None:
        minutes = as_float(self.param(minutes_parameter))
        self.clocks[colour] += minutes * 60
        self.ruling.clock[colour] += minutes * 60
        self.ruling.log.append(f"{colour} +{minutes:g} min ({minutes_parameter})")

    def penalty_parameter(self, standard: str) -> str:
        """The time penalty of Articles 7 and 9, one minute instead in blitz where the edition says so."""
        if self.ruling.category == "blitz" and self.law.has("blitz-penalty-one-minute"):
            return "blitz.penalty_minutes"
        return standard

    def supervised(self) -> bool:
        """Do the Competition Rules apply in full (standard play, or adequately supervised rapid/blitz)?"""
        category = self.ruling.category
        if category == "standard":
            return True
        if category == "rapid" and self.law.has("rapid-competition-rules-apply"):
            return self.setup.games_per_arbiter <= as_int(self.param("rapid.max_supervised_games"))
        if category == "blitz" and self.law.has("blitz-competition-rules-apply"):
            return self.setup.games_per_arbiter <= 1  # "one arbiter for one game" (the rule's own wording)
        return False

    def unsupervised_illegal_move(self) -> str:
        """The curated reading of the edition's rapid/blitz illegal-move provision."""
        rules = (
            ("blitz-illegal-move", "rapid-illegal-move")
            if self.ruling.category == "blitz"
            else ("rapid-illegal-move",)
        )
        for rule in rules:
            if self.law.has(rule) and rule in self.law.behaviour:
                return self.law.behaviour[rule]
        return "penalty"

    # -- events ------------------------------------------------------------------------------

    def apply(self, event: dict[str, object]) -> None:
        kind = next(k for k in event if k not in ("by", "spend", "claimed"))
        by = str(event.get("by") or NAMES[self.board.turn])
        if by not in COLOURS:
            raise ScenarioError(f"'by: {by}' must be white or black")
        if self.over():
            raise ScenarioError(
                f"event '{kind}' after the game ended ({self.ruling.result}, {self.ruling.reason})"
            )
        if "spend" in event:
            self.clocks[by] -= seconds(event["spend"])
            if self.clocks[by] <= 0:
                self.win_unless_cannot_mate(opponent(by), "time")
                return
        handler = getattr(self, "on_" + kind, None)
        if handler is None:
            raise ScenarioError(f"unknown event '{kind}'")
        handler(event[kind], by, event)

    def on_move(self, san: object, by: str, event: dict[str, object]) -> None:
        self.expect_turn(by, "move")
        self.push_san(str(san))
        self.clocks[by] += self.ruling.increment
        self.automatic_end(by)

    def automatic_end(self, mover: str) -> None:
        board = self.board
        if board.is_checkmate():
            return self.win_for(mover, "checkmate")
        if board.is_stalemate():
            return self.end("1/2-1/2", "stalemate")
        if board.is_insufficient_material():
            return self.end("1/2-1/2", "dead-position")
        if self.law.has("fivefold-repetition-automatic-draw"):
            occurrences = as_int(self.param("repetition.automatic_occurrences"))
            if board.halfmove_clock < 4 * (occurrences - 1):  # too few reversible moves for a repetition
                repeated = False
            elif self.law.behaviour.get("fivefold-repetition-automatic-draw") == "consecutive":
                repeated = consecutive_repetitions(board) >= occurrences
            else:
                repeated = board.is_repetition(occurrences)
            if repeated:
                return self.end("1/2-1/2", "fivefold")
        if self.law.has("seventy-five-move-automatic-draw"):
            moves = as_int(self.param("seventyfive_move.moves"))
            if board.halfmove_clock >= 2 * moves:
                return self.end("1/2-1/2", "seventy-five-moves")

    def on_attempt(self, uci: object, by: str, event: dict[str, object]) -> None:
        move = self.parse_uci(uci)
        self.ruling.legal = move in self.board.legal_moves

    def on_illegal_move(self, uci: object, by: str, event: dict[str, object]) -> None:
        self.expect_turn(by, "illegal_move")
        move = self.parse_uci(uci)
        if move in self.board.legal_moves:
            raise ScenarioError(f"'{uci}' is a legal move in {self.board.fen()}")
        self.penalise_illegal(by, bool(event.get("claimed", True)))

    def penalise_illegal(self, by: str, claimed: bool) -> None:
        """Article 7.4/7.5 in full play; the rapid/blitz provision where supervision is inadequate."""
        if not self.supervised():
            behaviour = self.unsupervised_illegal_move()
            self.ruling.used["illegal move without adequate supervision"] = behaviour
            if behaviour in ("loses", "loses-on-claim"):
                if claimed:
                    self.win_unless_cannot_mate(opponent(by), "illegal-moves")
                else:
                    self.ruling.log.append("illegal move not claimed: it stands")
                return
            if behaviour == "penalty-on-claim" and not claimed:
                self.ruling.log.append("illegal move not claimed: it stands")
                return
        self.ruling.illegal_moves[by] += 1
        if self.ruling.illegal_moves[by] >= as_int(self.param("illegal_move.loss_on")):
            if self.law.behaviour.get("illegal-move-penalty") == "no-draw-exception":
                self.win_for(opponent(by), "illegal-moves")
            else:
                self.win_unless_cannot_mate(opponent(by), "illegal-moves")
        else:
            self.add_time(opponent(by), self.penalty_parameter("illegal_move.time_bonus"))

    def on_press_without_move(self, value: object, by: str, event: dict[str, object]) -> None:
        if self.law.has("clock-pressed-without-move"):
            self.penalise_illegal(by, bool(event.get("claimed", True)))
        else:
            self.ruling.log.append("pressing the clock without a move: no provision")

    def on_two_handed_move(self, san: object, by: str, event: dict[str, object]) -> None:
        self.expect_turn(by, "two_handed_move")
        if self.law.has("two-handed-move"):
            try:
                self.board.parse_san(str(san))
            except ValueError as error:
                raise ScenarioError(f"'{san}' is not a legal move in {self.board.fen()}") from error
            self.penalise_illegal(by, bool(event.get("claimed", True)))
        else:
            self.on_move(san, by, event)

    def on_promotion_incomplete(self, uci: object, by: str, event: dict[str, object]) -> None:
        self.expect_turn(by, "promotion_incomplete")
        move = self.parse_uci(uci)
        if chess.Move(move.from_square, move.to_square, chess.QUEEN) not in self.board.legal_moves:
            raise ScenarioError(f"'{uci}' is not a pawn move to the last rank in {self.board.fen()}")
        if (
            self.law.has("promotion-not-replaced-illegal")
            or self.law.behaviour.get("illegal-move-correction") == "includes-incomplete-promotion"
        ):
            self.penalise_illegal(by, bool(event.get("claimed", True)))
        else:
            self.ruling.log.append("promotion not completed: no provision makes it an illegal move")

    def on_draw_offer(self, value: object, by: str, event: dict[str, object]) -> None:
        self.ruling.log.append(f"{by} offers a draw")

    def on_draw_accept(self, value: object, by: str, event: dict[str, object]) -> None:
        after_both = self.law.behaviour.get("draw-agreement-ends-game") == "after-both-moved"
        if after_both and min(self.completed_moves().values()) < 1:
            self.ruling.log.append("an agreed draw is valid only once both players have moved")
            return
        self.end("1/2-1/2", "agreement")

    def on_draw_claim(self, value: object, by: str, event: dict[str, object]) -> None:
        self.expect_turn(by, "draw_claim")
        spec = value if isinstance(value, dict) else {"ground": value}
        ground = spec.get("ground")
        written = spec.get("move")
        move = None
        if written is not None:
            try:
                move = self.board.parse_san(str(written))
            except ValueError as error:
                raise ScenarioError(f"written move '{written}' is not legal in {self.board.fen()}") from error
            self.board.push(move)
        if ground == "threefold":
            correct = self.board.is_repetition(as_int(self.param("repetition.claim_occurrences")))
        elif ground == "fifty-moves":
            correct = self.board.halfmove_clock >= 2 * as_int(self.param("fifty_move.moves"))
        else:
            raise ScenarioError(f"draw_claim ground '{ground}' must be threefold or fifty-moves")
        if correct:
            self.ruling.claim = "upheld"
            self.end("1/2-1/2", "threefold" if ground == "threefold" else "fifty-moves")
            return
        self.ruling.claim = "rejected"
        self.add_time(opponent(by), self.penalty_parameter("draw_claim.incorrect_time_bonus"))
        self.reduce_claimant(by)
        if move is not None:  # the written move stands and must be played
            self.clocks[by] += self.ruling.increment
            self.automatic_end(by)

    def reduce_claimant(self, by: str) -> None:
        """da-2001 9.5.b: an incorrect claimant loses half his time (at most a cap), or down to a floor."""
        if "draw_claim.claimant_halved_above_minutes" not in self.law.parameters:
            return
        left = self.clocks[by]
        above = as_float(self.param("draw_claim.claimant_halved_above_minutes")) * 60
        floor = as_float(self.param("draw_claim.claimant_floor_minutes")) * 60
        if left > above:
            cut = min(left / 2, as_float(self.param("draw_claim.claimant_deduction_max_minutes")) * 60)
        elif left > floor:
            cut = left - floor
        else:
            cut = 0.0
        self.clocks[by] -= cut
        self.ruling.clock[by] -= cut

    def on_flag_fall(self, value: object, by: str, event: dict[str, object]) -> None:
        self.win_unless_cannot_mate(opponent(by), "time")

    def on_both_flags(self, value: object, by: str, event: dict[str, object]) -> None:
        period = (value or {}).get("period", "last") if isinstance(value, dict) else value
        if period == "last":
            rules = ("both-flags-fallen-last-period-draw", "quickplay-both-flags-fallen-draw")
            if any(self.law.has(r) for r in rules):
                return self.end("1/2-1/2", "both-flags")
        else:
            rules = ("both-flags-fallen-continue", "quickplay-both-flags-fallen-earlier-period")
            if any(self.law.has(r) for r in rules):
                self.ruling.log.append("both flags down in an earlier period: play goes on")
                return
        raise ScenarioError(f"{self.law.edition} has no provision for both flags down in the {period} period")

    def on_late_arrival(self, value: object, by: str, event: dict[str, object]) -> None:
        spec = value if isinstance(value, dict) else {}
        late = float(spec.get("minutes", 0))
        player = str(spec.get("by", by))
        # From 2014 lateness at resumption is measured against the event's default time.
        resumption = spec.get("resumption") and "adjourned.late_arrival_minutes" in self.law.parameters
        limit_name = "adjourned.late_arrival_minutes" if resumption else "default_time"
        limit = as_float(self.param(limit_name))
        if late > limit:
            self.win_for(opponent(player), "default")

    def on_colours_reversed(self, value: object, by: str, event: dict[str, object]) -> None:
        if "colours_reversed.restart_before_moves" not in self.law.parameters:
            self.ruling.log.append("colours reversed: the game continues")
            return
        limit = as_int(self.param("colours_reversed.restart_before_moves"))
        if min(self.completed_moves().values()) < limit:
            self.ruling.restart = True

    def on_setup_claim(self, value: object, by: str, event: dict[str, object]) -> None:
        limit = as_int(self.param("rapid.moves_before_setup_claims_closed"))
        allowed = min(self.completed_moves().values()) < limit
        self.ruling.claim = "upheld" if allowed else "not-allowed"

    def on_electronic_device(self, value: object, by: str, event: dict[str, object]) -> None:
        if not (
            self.law.has("electronic-device-loses-game") or self.law.has("mobile-phones-forbidden-to-all")
        ):
            raise ScenarioError(f"{self.law.edition} has no provision on electronic devices")
        self.win_for(opponent(by), "electronic-device")

    def quickplay_applies(self) -> bool:
        excluded_in_blitz = self.law.has("blitz-excluded-provisions") or self.law.has(
            "quickplay-finish-scope"
        )
        if self.ruling.category == "blitz" and excluded_in_blitz:
            return False
        if self.law.has("quickplay-finish-announced") and not self.setup.quickplay_finish:
            return False
        return not (self.law.has("quickplay-finish-scope") and self.ruling.increment > 0)

    def on_quickplay_claim(self, value: object, by: str, event: dict[str, object]) -> None:
        spec = value if isinstance(value, dict) else {}
        player = str(spec.get("by", by))
        limit = as_float(self.param("quickplay.claim_below_minutes")) * 60
        if not self.quickplay_applies() or self.clocks[player] >= limit:
            self.ruling.claim = "not-allowed"
            return
        decision = spec.get("decision", "postponed")
        if decision not in ("upheld", "postponed", "rejected"):
            raise ScenarioError(f"quickplay decision '{decision}' must be upheld, postponed or rejected")
        self.ruling.claim = str(decision)
        if decision == "upheld":
            self.end("1/2-1/2", "quickplay-claim")
        else:
            self.add_time(opponent(player), "quickplay.time_bonus")

    def on_increment_request(self, value: object, by: str, event: dict[str, object]) -> None:
        player = str((value or {}).get("by", by) if isinstance(value, dict) else by)
        if not self.law.has("quickplay-increment-request"):
            raise ScenarioError(f"{self.law.edition} has no provision for requesting an increment")
        limit = as_float(self.param("quickplay.claim_below_minutes")) * 60
        if not self.quickplay_applies() or self.clocks[player] >= limit:
            self.ruling.claim = "not-allowed"
            return
        self.ruling.claim = "upheld"
        self.ruling.increment = as_float(self.param("quickplay.increment_seconds"))
        self.add_time(opponent(player), "quickplay.time_bonus")

    def on_scoresheet_view(self, value: object, by: str, event: dict[str, object]) -> None:
        player = str((value or {}).get("by", by) if isinstance(value, dict) else by)
        self.scoresheet_requests[player] += 1
        limit = as_int(self.param("scoresheet_view.max_requests"))
        self.ruling.request = "granted" if self.scoresheet_requests[player] <= limit else "refused"

    def on_board_check(self, value: object, by: str, event: dict[str, object]) -> None:
        spec = value if isinstance(value, dict) else {"cm": value}
        size = as_float(spec.get("cm", 0))
        minimum = as_float(self.param("visually_impaired.board_min_cm"))
        self.ruling.board = "acceptable" if size >= minimum else "too-small"

    # -- checks --------------------------------------------------------------------------------

    def expect_turn(self, by: str, kind: str) -> None:
        if COLOURS[by] != self.board.turn:
            raise ScenarioError(f"'{kind}' by {by}, but {NAMES[self.board.turn]} has the move")

    def parse_uci(self, uci: object) -> chess.Move:
        try:
            return chess.Move.from_uci(str(uci))
        except ValueError as error:
            raise ScenarioError(f"'{uci}' is not a move in UCI form (e.g. e2e4, e7e8q)") from error

    def finish(self) -> Ruling:
        """Rulings that depend on the state after the events (duty to record moves)."""
        if self.law.parameters.get("scoresheet.exempt_below_minutes") is not None:
            below = as_float(self.param("scoresheet.exempt_below_minutes")) * 60
            increment_limit = as_float(self.param("scoresheet.exempt_increment_seconds"))
            for colour, left in self.clocks.items():
                exempt = left < below and self.ruling.increment < increment_limit
                self.ruling.recording[colour] = "exempt" if exempt else "required"
        return self.ruling


def opponent(colour: str) -> str:
    return "black" if colour == "white" else "white"


def consecutive_repetitions(board: chess.Board) -> int:
    """How many times the current position stands at the end of an unbroken cycle of alternate moves.

    nb-2014 9.6.a: the same position 'for at least five consecutive alternate moves by each player',
    i.e. it recurs every second move of each player (every four plies) with nothing in between.
    """
    key = board._transposition_key()  # noqa: SLF001 - python-chess's own same-position key
    copy = board.copy()
    count = 1
    while len(copy.move_stack) >= 4:
        for _ in range(4):
            copy.pop()
        if copy._transposition_key() != key:  # noqa: SLF001
            break
        count += 1
    return count


def replay(law: Law, setup: Setup, events: list[dict[str, object]]) -> Ruling:
    """Run the events of one scenario under one edition and return the arbiter's rulings."""
    arbiter = Arbiter(law, setup)
    for event in events:
        arbiter.apply(event)
    return arbiter.finish()
