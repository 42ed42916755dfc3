"""Article 9 (and 5.2.3, 5.2.c before 2017): draws by agreement and by a claim of threefold
repetition or fifty moves, and what an incorrect claim costs."""

from __future__ import annotations

from extract.arbiter.classify import as_float, as_int
from extract.arbiter.rulings.endings import automatic_end, repeated
from extract.arbiter.state import Game, opponent, push_san
from extract.model.event import Event
from extract.model.payloads import DrawClaim
from extract.model.ruling import Colour


def on_draw_offer(game: Game, event: Event, by: Colour) -> None:
    """Article 9.1.2.1 (9.1.b.1 in 2009/2014, 9.1.a in 2001): a player offers a draw."""
    game.ruling.log.append(f"{by} offers a draw")


def on_draw_accept(game: Game, event: Event, by: Colour) -> None:
    """Article 5.2.3 (5.2.c before 2017): the game is drawn by agreement, where the edition says so
    only once both players have moved."""
    after_both = game.law.behaviour.get("draw-agreement-ends-game") == "after-both-moved"
    if after_both and min(game.completed_moves().values()) < 1:
        game.ruling.log.append("an agreed draw is valid only once both players have moved")
        return
    game.end("1/2-1/2", "agreement")


def on_draw_claim(game: Game, event: Event, by: Colour) -> None:
    """Article 9.2 (threefold repetition), 9.3 (fifty moves), 9.5 (a correct claim draws, an
    incorrect one gives the opponent time; the written move stands)."""
    game.expect_turn(by, "draw_claim")
    claim = event.details(DrawClaim)
    written = claim.move
    move = None if written is None else push_san(game.board, written)
    if claim.ground == "threefold":
        correct = repeated(game.board, as_int(game.param("repetition.claim_occurrences")))
    else:
        correct = game.board.halfmove_clock >= 2 * as_int(game.param("fifty_move.moves"))
    if correct:
        game.ruling.claim = "upheld"
        game.end("1/2-1/2", claim.ground)
        return
    game.ruling.claim = "rejected"
    game.add_time(opponent(by), game.penalty_parameter("draw_claim.incorrect_time_bonus"))
    reduce_claimant(game, by)
    if move is not None:  # the written move stands and must be played
        game.clocks[by] += game.ruling.increment
        automatic_end(game, by)


def reduce_claimant(game: Game, by: Colour) -> None:
    """Article 9.5.b (da-2001): an incorrect claimant loses half his time (at most a cap), or down
    to a floor."""
    if "draw_claim.claimant_halved_above_minutes" not in game.law.parameters:
        return
    left = game.clocks[by]
    above = as_float(game.param("draw_claim.claimant_halved_above_minutes")) * 60
    floor = as_float(game.param("draw_claim.claimant_floor_minutes")) * 60
    if left > above:
        cut = min(left / 2, as_float(game.param("draw_claim.claimant_deduction_max_minutes")) * 60)
    elif left > floor:
        cut = left - floor
    else:
        cut = 0.0
    game.clocks[by] -= cut
    game.ruling.clock[by] -= cut
