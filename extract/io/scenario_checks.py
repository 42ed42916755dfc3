"""What makes a scenario unusable before it runs: a bad FEN or position, bad SAN or UCI, an unknown
colour, a time control or clock value that is no time. Each check returns a message or None; the
loader turns it into `file:line: scenario 'id': message` (exit 2), never a failed check (exit 1)."""

from __future__ import annotations

import re
from collections.abc import Mapping

import chess

from extract.model.event import Event
from extract.model.payloads import DrawClaim
from extract.model.ruling import (
    BOARD_OUTCOMES,
    CLAIM_OUTCOMES,
    COLOURS,
    EVENT_EXTRAS,
    REASONS,
    RECORDINGS,
    REQUEST_OUTCOMES,
    RESULTS,
    EventName,
)
from extract.model.scenario import (
    MAX_MINUTES,
    ScenarioError,
    Setup,
    clock_text,
    parse_time_control,
    san_moves,
    seconds,
)
from extract.model.vocab import CATEGORIES

SAN_EVENTS: tuple[EventName, ...] = ("move", "two_handed_move")
UCI_EVENTS: tuple[EventName, ...] = ("attempt", "illegal_move", "promotion_incomplete")
# Events after which the board depends on the edition's ruling: the replay below stops there.
BOARD_DEPENDS_ON_RULING: tuple[EventName, ...] = ("two_handed_move", "draw_claim", "colours_reversed")
_CASTLING = re.compile(r"(?:O-O(?:-O)?|0-0(?:-0)?)[+#]?")
_STATUS = {
    chess.STATUS_NO_WHITE_KING: "no white king",
    chess.STATUS_NO_BLACK_KING: "no black king",
    chess.STATUS_TOO_MANY_KINGS: "more than one king of a colour",
    chess.STATUS_TOO_MANY_WHITE_PAWNS: "more than 8 white pawns",
    chess.STATUS_TOO_MANY_BLACK_PAWNS: "more than 8 black pawns",
    chess.STATUS_PAWNS_ON_BACKRANK: "pawns on the first or last rank",
    chess.STATUS_TOO_MANY_WHITE_PIECES: "more than 16 white pieces",
    chess.STATUS_TOO_MANY_BLACK_PIECES: "more than 16 black pieces",
    chess.STATUS_BAD_CASTLING_RIGHTS: "castling rights the position does not allow",
    chess.STATUS_INVALID_EP_SQUARE: "an impossible en-passant square",
    chess.STATUS_OPPOSITE_CHECK: "the side not to move is in check",
    chess.STATUS_TOO_MANY_CHECKERS: "more than two pieces give check",
    chess.STATUS_IMPOSSIBLE_CHECK: "a check no last move could have given",
}


def is_san(text: str) -> bool:
    """SAN as python-chess reads it (English piece letters), castling included."""
    return bool(chess.SAN_REGEX.match(text) or _CASTLING.fullmatch(text))


MAX_SECONDS = MAX_MINUTES * 60  # a clock or a time spent beyond a week of thinking time is a typo


def _time(value: object, what: str, *, signed: bool = False) -> str | None:
    """Why `value` is no time (a clock reading, a time spent; with `signed`, a change of a clock)."""
    if isinstance(value, bool):
        return f"{what} must be a time, not {value!r}"
    try:
        amount = seconds(value)
    except ScenarioError as error:
        return f"{what}: {error}"
    if amount < 0 and not signed:
        return f"{what}: '{value}' is negative; a clock shows no less than 0:00"
    if abs(amount) > MAX_SECONDS:
        return f"{what}: '{value}' is more than {MAX_MINUTES} minutes (about a week)"
    return None


def clock_problem(setup: Setup) -> str | None:
    """A clock can show no more than the time control has given so far: every period's time plus
    the increment of every move made (the position's move number counts them)."""
    try:
        periods = parse_time_control(setup.time_control)
        board = chess.Board(setup.fen) if setup.fen else chess.Board()
    except (ScenarioError, ValueError):
        return None  # said by setup_problem and board_problem
    moves = board.fullmove_number + len(san_moves(setup.moves)) // 2
    given = sum(p.minutes * 60 for p in periods) + max(p.increment for p in periods) * moves
    for colour, value in setup.clocks.items():
        if seconds(value) > given:
            return (
                f"setup clocks: {colour} has {value}, more than the time control {setup.time_control} "
                f"gives by move {moves} ({clock_text(given)})"
            )
    return None


def setup_problem(setup: Mapping[str, object]) -> str | None:
    """Types and values of a scenario's setup (the board itself is `board_problem`)."""
    fen = setup.get("fen")
    if fen is not None and not isinstance(fen, str):
        return f"setup fen must be a FEN string, found {fen!r}"
    moves = setup.get("moves")
    if moves is not None and not isinstance(moves, str | list):
        return f"setup moves must be SAN text or a list, found {moves!r}"
    if isinstance(setup.get("time_control"), bool):
        return "setup time_control must be like 90+30"
    try:
        parse_time_control(str(setup.get("time_control", "90+30")))
    except ScenarioError as error:
        return f"bad setup: {error}"
    clocks = setup.get("clocks") or {}
    if not isinstance(clocks, dict):
        return f"setup clocks must map white/black to a time, found {clocks!r}"
    for colour, value in clocks.items():
        if colour not in COLOURS:
            return f"setup clocks: '{colour}' is not a colour (white or black)"
        problem = _time(value, f"clock of {colour}")
        if problem:
            return problem
    games = setup.get("games_per_arbiter", 1)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        return f"setup games_per_arbiter must be a whole number from 1, found {games!r}"
    for flag in ("arbiter_present", "quickplay_finish"):
        if flag in setup and not isinstance(setup[flag], bool):
            return f"setup {flag} must be true or false, found {setup[flag]!r}"
    if setup.get("regulations") is not None and not isinstance(setup["regulations"], dict):
        return f"setup regulations must be a mapping, found {setup['regulations']!r}"
    return None


def extras_problem(event: Mapping[str, object]) -> str | None:
    """The colour, time spent and claim flag written beside an event's name."""
    kind = next(k for k in event if k not in EVENT_EXTRAS)
    colour = event.get("by")
    if colour is not None and colour not in COLOURS:
        return f"event {kind}: 'by: {colour}' must be white or black"
    if "spend" in event:
        problem = _time(event["spend"], f"event {kind}: spend")
        if problem:
            return problem
    if "claimed" in event and not isinstance(event["claimed"], bool):
        return f"event {kind}: claimed must be true or false"
    return None


def move_problem(event: Event) -> str | None:
    """The SAN and UCI an event carries, checked without a board."""
    kind, value = event.name, event.value
    if kind in SAN_EVENTS and not (isinstance(value, str) and is_san(value)):
        return f"event {kind}: '{value}' is not a move in SAN (e.g. Nf3, exd5, O-O, e8=Q)"
    if isinstance(value, DrawClaim) and value.move is not None and not is_san(value.move):
        return f"event draw_claim: written move '{value.move}' is not a move in SAN"
    if kind in UCI_EVENTS:
        try:
            chess.Move.from_uci(str(value))
        except ValueError:
            return f"event {kind}: '{value}' is not a move in UCI form (e.g. e2e4, e7e8q)"
    return None


# The words an expected ruling may use, key by key (a Result is required where `result` is given).
_WORDS: dict[str, tuple[str, ...]] = {
    "result": RESULTS,
    "reason": REASONS,
    "category": CATEGORIES,
    "claim": CLAIM_OUTCOMES,
    "request": REQUEST_OUTCOMES,
    "board": BOARD_OUTCOMES,
}


def expect_problem(edition: str, ruling: Mapping[str, object]) -> str | None:
    """The values of one expected ruling: words of the arbiter's vocabulary, colours, times, counts."""
    for key, words in _WORDS.items():
        value = ruling.get(key)
        if key in ruling and (value is not None or key == "result") and value not in words:
            return f"{key} '{value}' for {edition} must be one of {', '.join(words)}"
    for key in ("legal", "restart"):
        if ruling.get(key) is not None and not isinstance(ruling[key], bool):
            return f"{key} for {edition} must be true or false, found {ruling[key]!r}"
    increment = ruling.get("increment")
    if increment is not None and (isinstance(increment, bool) or not isinstance(increment, int | float)):
        return f"increment for {edition} must be a number of seconds, found {increment!r}"
    for key in ("clock", "illegal_moves", "recording"):
        per_colour = ruling.get(key)
        if per_colour is None:
            continue
        if not isinstance(per_colour, Mapping) or not set(per_colour) <= set(COLOURS):
            return f"{key} for {edition} must map white/black to a value, found {per_colour!r}"
        for colour, value in per_colour.items():
            problem = _per_colour_problem(key, value)
            if problem:
                return f"{key} of {colour} for {edition}: {problem}"
    return None


def _per_colour_problem(key: str, value: object) -> str | None:
    if key == "clock":
        return _time(value, "a time change", signed=True)
    if key == "illegal_moves" and (isinstance(value, bool) or not isinstance(value, int)):
        return f"must be a count, found {value!r}"
    if key == "recording" and value not in RECORDINGS:
        return f"'{value}' must be one of {', '.join(RECORDINGS)}"
    return None


def board_problem(setup: Setup, events: list[Event] | tuple[Event, ...]) -> str | None:
    """The FEN is legal, the position possible, the setup moves and the leading `move` events legal.

    Moves after an event whose effect on the board depends on an edition's ruling are left to the
    check itself.
    """
    try:
        board = chess.Board(setup.fen) if setup.fen else chess.Board()
    except ValueError as error:
        return f"illegal FEN '{setup.fen}': {error}"
    found = [text for flag, text in _STATUS.items() if board.status() & flag]
    if found:
        return f"impossible position in FEN '{setup.fen}': {', '.join(found)}"
    for san in san_moves(setup.moves):
        try:
            board.push_san(san)
        except ValueError:
            return f"setup move '{san}' is not legal in {board.fen()}"
    for event in events:
        if event.name == "move" and (board.is_checkmate() or board.is_stalemate()):
            over = "checkmate" if board.is_checkmate() else "stalemate"
            return f"event move {event.value} comes after {over}: the game is over, no move can follow"
        if event.name in BOARD_DEPENDS_ON_RULING or board.is_game_over():
            break
        if event.name != "move":
            continue
        turn = "white" if board.turn == chess.WHITE else "black"
        if event.by not in (None, turn):
            return f"event move {event.value} by {event.by}, but {turn} has the move"
        try:
            board.push_san(str(event.value))
        except ValueError:
            return f"event move '{event.value}' is not legal in {board.fen()}"
    return None
