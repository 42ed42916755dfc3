"""A scenario's situation told in words in one language: where it starts, the time control and each
event, as the player who acts ("White completes an illegal move: king e1–e3").

The sentences are templates of extract/reports/interface.yaml (`pos_*`, `set_*`, `ev_*`), the same
in every language; the chess words (the pieces) come from the termbase (kb/terms.yaml: the term the
newest edition of the language uses), else python-chess's English names. Moves are in the standard
algebraic notation of python-chess; outside English the piece letters are figurines (♘f3), which
every reader of the Laws reads, whatever the letters of his language.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import chess

from extract.arbiter.state import parse_san
from extract.io.scenarios import Scenario
from extract.model.event import Event
from extract.model.payloads import BoardCheck, BothFlags, DrawClaim, LateArrival, QuickplayClaim
from extract.model.ruling import Colour
from extract.model.scenario import ScenarioError, clock_text
from extract.reports.speech import ENGLISH, say

PIECES = {chess.KING: "king", chess.QUEEN: "queen", chess.ROOK: "rook", chess.BISHOP: "bishop",
          chess.KNIGHT: "knight", chess.PAWN: "pawn"}  # fmt: skip  # termbase concept ids
_FIGURINE = {"K": "♔", "Q": "♕", "R": "♖", "B": "♗", "N": "♘"}
_SAN_PIECE = re.compile(r"(?<![a-h])[KQRBN]")


def chess_words(kb_dir: Path) -> dict[str, dict[str, str]]:
    """language -> termbase concept -> the term of the language's newest edition (kb/terms.yaml), for
    the pieces; {} without a termbase or editions."""
    from extract.io.generated import read_kb
    from extract.io.terms import read_terms
    from extract.model import InputError

    try:
        rows = sorted(read_kb(kb_dir).editions(), key=lambda e: (str(e.in_force), e.id))
        concepts = read_terms(kb_dir)
    except (InputError, OSError):
        return {}
    newest = {str(e.language): e.id for e in rows if e.language}
    words: dict[str, dict[str, str]] = {}
    for concept in concepts:
        if concept["id"] not in PIECES.values():
            continue
        for language, edition in newest.items():
            terms = (concept.get("terms") or {}).get(edition) or []
            if terms:
                words.setdefault(language, {})[concept["id"]] = str(terms[0])
    return words


class Teller:
    """Tells situations in one language (`language`), with its chess words (`pieces`: concept -> term)."""

    def __init__(self, language: str = ENGLISH, pieces: Mapping[str, str] | None = None) -> None:
        self.language = language
        self.pieces = dict(pieces or {})

    def say(self, key: str, **values: object) -> str:
        filled = {k: v if isinstance(v, str | int | float) else str(v) for k, v in values.items()}
        return say(self.language, key, **filled)

    def piece(self, piece_type: int) -> str:
        concept = PIECES[piece_type]
        return self.pieces.get(concept) or chess.piece_name(piece_type)

    def san(self, san: str) -> str:
        """SAN as written in English; with figurines in the other languages."""
        if self.language == ENGLISH:
            return san
        return _SAN_PIECE.sub(lambda m: _FIGURINE[m.group(0)], san)

    def colour(self, colour: str) -> str:
        return self.say(colour) if colour in ("white", "black") else colour.capitalize()

    # --- the start of the situation ------------------------------------------------------------

    def position(self, board: chess.Board, played: list[str], fen: str | None) -> str:
        """'After 1. e4 e5, White to move'."""
        if played:
            where = self.say("pos_after", moves=self.san(numbered(played, fen)))
        elif board.fen() == chess.STARTING_FEN:
            where = self.say("pos_start")
        else:
            where = self.say("pos_this")
        mover = self.colour("white" if board.turn == chess.WHITE else "black")
        return self.say("pos_to_move", position=where, mover=mover)

    def setting(self, scenario: Scenario) -> str:
        """'Time control 90+30; one arbiter for 3 games'."""
        setup = scenario.setup
        parts = [self.say("set_time_control", control=setup.time_control)]
        if setup.clocks:
            left = ", ".join(f"{self.colour(c)} {v}" for c, v in sorted(setup.clocks.items()))
            parts.append(self.say("set_time_left", left=left))
        if not setup.arbiter_present:
            parts.append(self.say("set_no_arbiter"))
        elif setup.games_per_arbiter > 1:
            parts.append(self.say("set_arbiter_for", games=setup.games_per_arbiter))
        if setup.quickplay_finish:
            parts.append(self.say("set_quickplay"))
        for name, value in sorted(setup.regulations.items()):
            parts.append(self.say("set_regulation", name=name.replace("_", " "), value=str(value)))
        text = "; ".join(parts)
        return text[0].upper() + text[1:]

    # --- the events ---------------------------------------------------------------------------

    def events(self, board: chess.Board, events: Iterable[Event]) -> list[str]:
        """Each event in words, as the player who acts. The board follows the legal moves (a copy) so
        that each event is said by the player to move; an event the board cannot follow is said as
        written."""
        board = board.copy()
        said = []
        for event in events:
            colour = _colour(board, event)
            who = self.colour(colour)
            other = self.colour("black" if colour == "white" else "white")
            text = self._event(board, event, who, other)
            if event.spend:
                text = self.say("ev_spent", event=text, time=clock_text(event.spend))
            said.append(text)
            if event.name == "move":
                with contextlib.suppress(ScenarioError):
                    board.push(parse_san(board, str(event.value)))
        return said

    def square_move(self, board: chess.Board, uci: object) -> str:
        """'king e1–e3' for a UCI move on `board` (any move, legal or not)."""
        try:
            move = chess.Move.from_uci(str(uci))
        except ValueError:
            return str(uci)
        piece = board.piece_at(move.from_square)
        name = self.piece(piece.piece_type) if piece else self.say("ev_piece")
        text = self.say(
            "ev_square_move",
            piece=name,
            start=chess.square_name(move.from_square),
            end=chess.square_name(move.to_square),
        )
        if move.promotion:
            text = self.say("ev_promoting", move=text, piece=self.piece(move.promotion))
        return text

    def _event(self, board: chess.Board, event: Event, who: str, other: str) -> str:
        value = event.value
        if event.name == "move":
            try:
                return self.say("ev_plays", who=who, move=self.san(board.san(parse_san(board, str(value)))))
            except ScenarioError:
                return self.say("ev_plays", who=who, move=str(value))
        if event.name == "illegal_move":
            text = self.say("ev_illegal", who=who, move=self.square_move(board, value))
            return text if event.claimed else self.say("ev_unclaimed", event=text, other=other)
        make = self._phrases(board, event, who).get(event.name)
        try:
            return make() if make else self.say("ev_other", who=who, event=event.name.replace("_", " "))
        except ScenarioError:
            return self.say("ev_other", who=who, event=event.name.replace("_", " "))

    def _phrases(self, board: chess.Board, event: Event, who: str) -> dict[str, Callable[[], str]]:
        value, s = event.value, self.say
        return {
            "attempt": lambda: s("ev_attempt", who=who, move=self.square_move(board, value)),
            "press_without_move": lambda: s("ev_press_without_move", who=who),
            "two_handed_move": lambda: s("ev_two_handed", who=who, move=self.san(str(value))),
            "promotion_incomplete": lambda: s(
                "ev_promotion_incomplete", who=who, move=self.square_move(board, value)
            ),
            "draw_offer": lambda: s("ev_draw_offer", who=who),
            "draw_accept": lambda: s("ev_draw_accept", who=who),
            "draw_claim": lambda: self._draw_claim(who, event.details(DrawClaim)),
            "flag_fall": lambda: s("ev_flag_fall", who=who),
            "both_flags": lambda: s(
                "ev_both_flags_last" if event.details(BothFlags).period == "last" else "ev_both_flags_earlier"
            ),
            "late_arrival": lambda: self._late(who, event.details(LateArrival)),
            "colours_reversed": lambda: s("ev_colours_reversed"),
            "setup_claim": lambda: s("ev_setup_claim", who=who),
            "electronic_device": lambda: s("ev_electronic_device", who=who),
            "quickplay_claim": lambda: s("ev_quickplay_" + event.details(QuickplayClaim).decision, who=who),
            "increment_request": lambda: s("ev_increment_request", who=who),
            "scoresheet_view": lambda: s("ev_scoresheet_view", who=who),
            "board_check": lambda: s("ev_board_check", cm=f"{event.details(BoardCheck).cm:g}"),
        }

    def _draw_claim(self, who: str, claim: DrawClaim) -> str:
        ground = {"threefold": "ground_threefold", "fifty-moves": "ground_fifty_moves"}.get(claim.ground)
        grounds = self.say(ground) if ground else claim.ground
        if claim.move:
            return self.say("ev_draw_claim_move", who=who, ground=grounds, move=self.san(claim.move))
        return self.say("ev_draw_claim", who=who, ground=grounds)

    def _late(self, who: str, late: LateArrival) -> str:
        key = "ev_late_resumption" if late.resumption else "ev_late_start"
        return self.say(key, who=who, minutes=f"{late.minutes:g}")


def _colour(board: chess.Board, event: Event) -> Colour:
    default: Colour = "white" if board.turn == chess.WHITE else "black"
    return event.player(event.by or default)


def numbered(moves: list[str], fen: str | None) -> str:
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
