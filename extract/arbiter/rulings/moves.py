"""Articles 3, 4 and 7: moves, the act of moving, illegal moves and other irregularities
(7.4 before 2014, 7.5 from 2014; pressing the clock without a move and moving with two hands
count as illegal moves from 2017)."""

from __future__ import annotations

import chess

from extract.arbiter.classify import as_int
from extract.arbiter.rulings.endings import automatic_end
from extract.arbiter.rulings.rapid_blitz import supervised, unsupervised_illegal_move
from extract.arbiter.state import Game, opponent, push_san
from extract.model.event import Event
from extract.model.ruling import Colour
from extract.model.scenario import ScenarioError


def on_move(game: Game, event: Event, by: Colour) -> None:
    """Articles 3 and 4 (a legal move, played), 6.1-6.2 (the increment is added), then Article 5 and
    9.6 (the game may end by itself)."""
    game.expect_turn(by, "move")
    push_san(game.board, str(event.value))
    game.clocks[by] += game.ruling.increment
    automatic_end(game, by)


def on_attempt(game: Game, event: Event, by: Colour) -> None:
    """Article 3 (3.7 pawn moves and promotion, 3.8 castling): would the move be legal?"""
    move = game.parse_uci(event.value)
    game.ruling.legal = move in game.board.legal_moves


def on_illegal_move(game: Game, event: Event, by: Colour) -> None:
    """Article 7.5 (7.4 before 2014): an illegal move completed."""
    game.expect_turn(by, "illegal_move")
    move = game.parse_uci(event.value)
    if move in game.board.legal_moves:
        raise ScenarioError(f"'{event.value}' is a legal move in {game.board.fen()}")
    penalise_illegal(game, by, event.claimed)


def penalise_illegal(game: Game, by: Colour, claimed: bool, own: tuple[str, ...] = ()) -> None:
    """Article 7.5.3 / 7.5.5 (7.4.b before 2014, 7.5.b in 2014) in full play: time to the opponent,
    the game lost at the edition's count; Appendix A.4.2 where supervision is inadequate. `own` are
    the rules of an irregularity penalised like an illegal move (da-2017 7.7.2, 7.8.2), whose own
    "cannot checkmate" sentence rules where they have one."""
    if not supervised(game):
        rule, behaviour = unsupervised_illegal_move(game)
        sources = game.law.inherited.get(rule or "")
        game.ruling.used["illegal move without adequate supervision"] = (
            f"{behaviour} (as read in {', '.join(sources)}, the same Laws)" if sources else behaviour
        )
        if rule is not None:
            game.cite(rule)
        if behaviour in ("loses", "loses-on-claim") and rule is not None:
            if claimed:
                game.win_unless_cannot_mate(opponent(by), "illegal-moves", (rule, "illegal-move-penalty"))
            else:
                game.ruling.log.append("illegal move not claimed: it stands")
            return
        if behaviour == "penalty-on-claim" and not claimed:
            game.ruling.log.append("illegal move not claimed: it stands")
            return
    game.ruling.illegal_moves[by] += 1
    game.cite(*own, "illegal-move-penalty")
    if loses(game, by):
        if game.law.behaviour.get("illegal-move-penalty") == "no-draw-exception":
            game.win_for(opponent(by), "illegal-moves")
        else:
            game.win_unless_cannot_mate(opponent(by), "illegal-moves", (*own, "illegal-move-penalty"))
    else:
        game.add_time(opponent(by), game.penalty_parameter("illegal_move.time_bonus"))


def loses(game: Game, by: Colour) -> bool:
    """Whether this illegal move loses: at the edition's count. A text whose count was not read but
    whose time bonus for an illegal move was still rules the first one: the move the opponent gets
    time for is not the move that loses (every edition of the Laws penalises the first by time).
    From the second on, without the count, the ruling raises as for any missing parameter."""
    name = "illegal_move.loss_on"
    if (
        game.ruling.illegal_moves[by] == 1
        and name not in game.setup.regulations
        and name not in game.law.parameters
    ):
        bonus = game.penalty_parameter("illegal_move.time_bonus")
        if bonus in game.setup.regulations or bonus in game.law.parameters:
            game.ruling.log.append(
                f"{game.law.edition} states no {name}: the first illegal move earns the time bonus"
            )
            return False
    return game.ruling.illegal_moves[by] >= as_int(game.param(name))


def on_press_without_move(game: Game, event: Event, by: Colour) -> None:
    """Article 7.5.3 (FIDE 2018; 7.8 in 2017): pressing the clock without making a move is penalised
    as an illegal move."""
    if game.law.has("clock-pressed-without-move"):
        penalise_illegal(
            game, by, event.claimed, ("clock-pressed-without-move-penalty", "clock-pressed-without-move")
        )
    else:
        game.ruling.log.append("pressing the clock without a move: no provision")


def on_two_handed_move(game: Game, event: Event, by: Colour) -> None:
    """Article 4.1 and 7.5.4 (FIDE 2018; 7.7 in 2017): a move made with two hands is penalised as an
    illegal move; before 2017 it is only a move."""
    game.expect_turn(by, "two_handed_move")
    if game.law.has("two-handed-move"):
        game.parse_san(event.value)
        penalise_illegal(game, by, event.claimed, ("two-handed-move-penalty", "two-handed-move"))
    else:
        on_move(game, event, by)


def on_promotion_incomplete(game: Game, event: Event, by: Colour) -> None:
    """Article 7.5.2 (2017): a pawn moved to the last rank and the clock pressed without the pawn
    replaced is an illegal move."""
    game.expect_turn(by, "promotion_incomplete")
    move = game.parse_uci(event.value)
    if chess.Move(move.from_square, move.to_square, chess.QUEEN) not in game.board.legal_moves:
        raise ScenarioError(f"'{event.value}' is not a pawn move to the last rank in {game.board.fen()}")
    if (
        game.law.has("promotion-not-replaced-illegal")
        or game.law.behaviour.get("illegal-move-correction") == "includes-incomplete-promotion"
    ):
        penalise_illegal(game, by, event.claimed)
    else:
        game.ruling.log.append("promotion not completed: no provision makes it an illegal move")


def on_colours_reversed(game: Game, event: Event, by: Colour) -> None:
    """Article 7.3 (7.2 before 2014): a game started with colours reversed restarts if fewer than the
    edition's number of moves were made."""
    if "colours_reversed.restart_before_moves" not in game.law.parameters:
        game.ruling.log.append("colours reversed: the game continues")
        return
    limit = as_int(game.param("colours_reversed.restart_before_moves"))
    if min(game.completed_moves().values()) < limit:
        game.ruling.restart = True
