"""Can a colour still checkmate "by any possible series of legal moves"? (Art. 6.9, 5.2.2, 7.5.5, A.4/A.5.)

The one answer the arbiter model and `chesslaws position` share: `True` with a helpmate (UCI moves
that python-chess replays to checkmate by that colour), `False` with the reason in words, or `None`
when the search budget ran out (said plainly, never guessed).

The method follows the one the Chess Unwinnability Analyzer (CHA, M. Ambrona) describes, written anew:
a material count; a short, narrow helpmate search (most real positions end there, in milliseconds); a
proof from the pawn structure that the winner can never give check (`regions`, with `mating`); a helpmate
search aimed at a mating picture built from the pieces' regions (`pattern`); every reachable position
when there are not too many (`reachable`; with kings and pawns only, `kingpawn`, on a compact state and
much further); a longer helpmate search; the aimed one again, deeper; and, when nothing has answered,
a helpmate through a promotion planned first (`crowning`) and every reachable position again, many
more of them.
Each `True` is replayed before it is returned, so a proof that does not replay is never given. After a
move of a game, a helpmate known before it is carried over it when it can be (`after_move`, `carry`),
with no search at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import chess

from extract.arbiter.unwinnable.carry import candidates, remember
from extract.arbiter.unwinnable.clock import expired
from extract.arbiter.unwinnable.crowning import through_promotion
from extract.arbiter.unwinnable.helpmate import Search, strong
from extract.arbiter.unwinnable.kingpawn import applies, closure
from extract.arbiter.unwinnable.pattern import aimed
from extract.arbiter.unwinnable.reachable import search
from extract.arbiter.unwinnable.regions import never_mate
from extract.arbiter.unwinnable.tree import shortened

DEFAULT_BUDGET = 52_000  # of which the last, deeper aimed search keeps a quarter at most (`PATTERN_DEEP`)
REGION_STRUCTURES = 400
REGION_STRUCTURES_DEEP = 80_000  # the last stage, when no search has answered (seconds, at most)
# Best-first rounds: (positions, replies). A round with replies N lets the loser play only its N moves
# that look most helpful (a narrow tree: most real positions are settled in the first round, in
# milliseconds); 0 lets it play every move (the long rounds, where a narrow tree found nothing).
QUICK_ROUNDS = ((200, 1),)
SHORT_ROUNDS = ((1_000, 2), (3_000, 3))
LONG_ROUNDS = ((5_000, 0), (20_000, 0), (80_000, 0))
REACHABLE_POSITIONS = 20_000
PATTERN_POSITIONS = 4_000  # aimed at a mating picture (`pattern`)
PATTERN_DEEP, PICTURES_DEEP = 12_000, 4  # aimed again, deeper, when nothing else has answered
REACHABLE_ANY = 6_000  # with many pieces: locked positions often have few reachable ones all the same
# The last stages, when nothing else has answered, each at most this many times the budget: a helpmate
# through a promotion planned first (`crowning`), then every reachable position, many more of them
# with few pieces (with the default budget, 62,400, and 104,000 or 26,000: about 10 s each at most).
CROWNING_SHARE, REACHABLE_DEEP_SHARE, REACHABLE_DEEP_ANY = 1.2, 2, 0.5
KINGPAWN_POSITIONS = 200_000  # kings and pawns only (`kingpawn`): a compact state, a few seconds at most
KINGPAWN_CHEAPER = 5  # compact positions searched for one position of the budget


@dataclass(frozen=True)
class Mateability:
    """Whether one colour can still checkmate, with the proof or the reason."""

    can_checkmate: bool | None
    helpmate: tuple[str, ...] = field(default=())
    reason: str = ""
    nodes: int = 0


def can_checkmate(board: chess.Board, colour: chess.Color, budget: int = DEFAULT_BUDGET) -> Mateability:
    """Whether `colour` can checkmate in `board` by some series of legal moves.

    The answer depends on the position alone, not on the moves that led to it, so a process keeps
    the answers it has found: the positions of a game recur in every ruling and scenario run on it."""
    key = (board.epd(), board.chess960, colour, budget)
    known = _KNOWN.get(key)
    if known is not None:
        return known
    if expired():  # the command's time is up: no search starts
        return _out_of_time_answer(0)
    progress = _PROGRESS.pop(key, None) or Progress()
    answer = _analyse(chess.Board(f"{key[0]} 0 1", chess960=board.chess960), colour, budget, progress)
    if answer.can_checkmate is None and expired():
        _keep(key, progress)  # asked again (with more time), the analysis goes on from there
        return _out_of_time_answer(answer.nodes)
    if len(_KNOWN) >= _KNOWN_MAX:
        _KNOWN.pop(next(iter(_KNOWN)))
    _KNOWN[key] = answer
    if answer.can_checkmate:
        remember(board, colour, answer.helpmate)
    return answer


def after_move(board: chess.Board, colour: chess.Color) -> Mateability | None:
    """Yes with a helpmate carried over the last move of `board` from the position before it (see
    `carry`), replayed before it is given; None when there is none to carry (ask `can_checkmate`)."""
    key = (board.epd(), board.chess960, colour)
    known = _CARRIED.get(key)
    if known is not None:  # every edition ruling the game asks after the same move
        return known
    if expired():  # the command's time is up: no replay starts
        return None
    for line in candidates(board, colour):  # shortened when first found: only replayed here
        answer = _replayed(board, colour, list(line), 0)
        if answer.can_checkmate:
            remember(board, colour, answer.helpmate)
            if len(_CARRIED) >= _KNOWN_MAX:
                _CARRIED.pop(next(iter(_CARRIED)))
            _CARRIED[key] = answer
            return answer
    return None


_KNOWN: dict[tuple[str, bool, chess.Color, int], Mateability] = {}
_KNOWN_MAX = 4096
_CARRIED: dict[tuple[str, bool, chess.Color], Mateability] = {}


@dataclass
class Progress:
    """An analysis cut short by the time limit: the stages run to the end without an answer and the
    positions they searched (each stage is deterministic, so asked again the analysis starts at the
    next one), and within the helpmate rounds of the next stage, the rounds ended and the round the
    limit cut (`search`, kept whole: asked again, it goes on where it stopped)."""

    done: int = 0
    nodes: int = 0
    rounds: int = 0  # best-first rounds of stage `done + 1` run to the end
    round_nodes: int = 0  # the positions searched before the round `search`
    search: Search | None = None


_PROGRESS: dict[tuple[str, bool, chess.Color, int], Progress] = {}
# The cut searches kept, in positions reached (a search keeps each one's board and its queued moves:
# about 2 KB a position, so 100 MB at most); beyond it the oldest is dropped, and its round starts
# again when asked.
KEPT_SEARCH_POSITIONS = 50_000


def _keep(key: tuple[str, bool, chess.Color, int], progress: Progress) -> None:
    if len(_PROGRESS) >= _KNOWN_MAX:
        _PROGRESS.pop(next(iter(_PROGRESS)))
    _PROGRESS[key] = progress
    kept = sum(p.search.size for p in _PROGRESS.values() if p.search is not None)
    for older in _PROGRESS.values():
        if kept <= KEPT_SEARCH_POSITIONS:
            break
        if older.search is not None:
            kept -= older.search.size
            older.search = None


_OUT_OF_TIME = "the time allowed for this question ran out before a checkmate was found or ruled out"


def out_of_time(answer: Mateability) -> bool:
    """Undecided because the time limit passed (more time may decide it), not for the budget."""
    return answer.can_checkmate is None and answer.reason == _out_of_time_answer(0).reason


def _out_of_time_answer(nodes: int) -> Mateability:
    return Mateability(None, reason=f"not decided: {_OUT_OF_TIME}", nodes=nodes)


def _analyse(
    board: chess.Board, colour: chess.Color, budget: int, progress: Progress | None = None
) -> Mateability:
    """The stages in turn, cheapest first; `progress` skips the stages (and helpmate rounds) an
    earlier call cut short by the time limit had already finished, and is updated as each one ends
    in time without an answer."""
    name, other = chess.COLOR_NAMES[colour].capitalize(), chess.COLOR_NAMES[not colour].capitalize()
    over = _game_over(board, colour, name, other)
    if over is not None:
        return over
    if board.has_insufficient_material(colour):
        return Mateability(False, reason=_material_reason(board, colour, name))
    progress = Progress() if progress is None else progress
    done, nodes = progress.done, progress.nodes

    def finished(stage: int) -> None:  # the stage ran to its end in time: it need not run again
        if not expired():
            progress.done, progress.nodes, progress.rounds, progress.search = stage, nodes, 0, None

    if done < 1:
        line, nodes = _guided(board, colour, QUICK_ROUNDS, budget, nodes, progress)
        if line is not None:
            return _proved(board, colour, line, nodes)
        if expired():
            return _out_of_time_answer(nodes)
        finished(1)
    if done < 2:
        pawns = never_mate(board, colour, REGION_STRUCTURES)
        nodes += pawns.positions
        if pawns.never_mate:
            return Mateability(False, reason=_region_reason(name, other, pawns.locked), nodes=nodes)
        finished(2)
    if done < 3:
        found, nodes = _guided(board, colour, SHORT_ROUNDS, budget, nodes, progress)
        if found is not None:
            return _proved(board, colour, found, nodes)
        finished(3)
    if done < 4:
        aimed_line, used = aimed(board, colour, min(PATTERN_POSITIONS, budget - nodes))
        nodes += used
        if aimed_line is not None:
            return _proved(board, colour, [m.uci() for m in aimed_line], nodes)
        if expired():
            return _out_of_time_answer(nodes)
        finished(4)
    if done < 5:
        if applies(board):  # kings and pawns only: searched on a compact state, much further
            reach = closure(board, colour, min(KINGPAWN_POSITIONS, KINGPAWN_CHEAPER * (budget - nodes)))
        else:
            reach = search(
                board, colour, min(REACHABLE_POSITIONS if _few(board) else REACHABLE_ANY, budget - nodes)
            )
        nodes += reach.positions
        if reach.helpmate is not None:
            return _proved(board, colour, list(reach.helpmate), nodes)
        if reach.complete:
            return Mateability(False, reason=_searched_reason(reach.positions, name), nodes=nodes)
        finished(5)
    deep = min(PATTERN_DEEP, budget // 4)  # kept back for the last stage
    if done < 6:
        found, nodes = _guided(board, colour, LONG_ROUNDS, budget - deep, nodes, progress)
        if found is not None:
            return _proved(board, colour, found, nodes)
        finished(6)
    if done < 7:
        aimed_line, used = aimed(board, colour, max(0, min(deep, budget - nodes)), PICTURES_DEEP)
        nodes += used
        if aimed_line is not None:
            return _proved(board, colour, [m.uci() for m in aimed_line], nodes)
        finished(7)
    if not expired():  # the pawn analysis again, through many more pawn structures
        pawns = never_mate(board, colour, REGION_STRUCTURES_DEEP)
        nodes += pawns.positions
        if pawns.never_mate:
            return Mateability(False, reason=_region_reason(name, other, pawns.locked), nodes=nodes)
    last = _last(board, colour, name, budget, nodes)
    if last is not None:
        return last
    return Mateability(
        None,
        reason=f"not decided: no checkmate by {name} was found and none was ruled out within "
        f"the search budget ({budget:,} positions)",
        nodes=nodes,
    )


def is_dead(board: chess.Board, budget: int = DEFAULT_BUDGET) -> bool | None:
    """Article 5.2.2: neither player can checkmate by any series of legal moves (None: undecided)."""
    return dead(*(can_checkmate(board, colour, budget).can_checkmate for colour in chess.COLORS))


def dead(*answers: bool | None) -> bool | None:
    """Dead when no colour can checkmate; not when one can; None while an answer is undecided."""
    if any(answers):
        return False
    return True if all(answer is False for answer in answers) else None


def replays_to_mate(board: chess.Board, colour: chess.Color, helpmate: list[str] | tuple[str, ...]) -> bool:
    """Every move legal in turn, and the last one checkmates the other colour."""
    replay = board.copy(stack=False)
    for uci in helpmate:
        move = chess.Move.from_uci(uci)
        if move not in replay.legal_moves:
            return False
        replay.push(move)
    return replay.is_checkmate() and replay.turn != colour


def _proved(board: chess.Board, colour: chess.Color, line: list[str], nodes: int) -> Mateability:
    """A line a search found, given without its detours (`shortened`) and replayed."""
    return _replayed(board, colour, shortened(board, line), nodes)


def _replayed(board: chess.Board, colour: chess.Color, line: list[str], nodes: int) -> Mateability:
    name = chess.COLOR_NAMES[colour].capitalize()
    if not replays_to_mate(board, colour, line):  # never give a proof that does not replay
        return Mateability(
            None, reason="not decided: the line found did not replay to checkmate", nodes=nodes
        )
    return Mateability(True, tuple(line), proof_reason(len(line), name), nodes)


def proof_reason(moves: int, name: str) -> str:
    """The reason given with a helpmate of `moves` half-moves by `name` (White, Black)."""
    return f"the helpmate given ({moves} half-move{'s' * (moves != 1)}) ends in checkmate by {name}"


def _guided(
    board: chess.Board,
    colour: chess.Color,
    rounds: tuple[tuple[int, int], ...],
    budget: int,
    nodes: int,
    progress: Progress,
) -> tuple[list[str] | None, int]:
    """Best-first rounds of growing size, each aiming first (when `colour` could mate a lone king) at
    taking the loser's pieces, then at a mating net; stops when the budget or the time is spent. A
    round the time limit cuts is kept in `progress` with the rounds ended before it: asked again, the
    analysis goes on with that round where it stopped."""
    aims = (True, False) if strong(board, colour) else (False,)
    plan = [(size, replies, bare) for size, replies in rounds for bare in aims]
    first, search = progress.rounds, progress.search
    if first or search is not None:
        nodes = progress.round_nodes
    for step in range(first, len(plan)):
        size, replies, bare = plan[step]
        if nodes >= budget or expired():
            break
        if search is None:
            search = Search(board, colour, bare, replies)
        allowed = min(size, budget - nodes)
        line = search.run(allowed)
        if line is not None:
            return [m.uci() for m in line], nodes + search.size
        if search.size < allowed and not search.exhausted:  # cut by the time limit
            progress.rounds, progress.round_nodes, progress.search = step, nodes, search
            return None, nodes + search.size
        nodes += search.size
        search = None
        progress.rounds, progress.round_nodes, progress.search = step + 1, nodes, None
    return None, nodes


def _last(board: chess.Board, colour: chess.Color, name: str, budget: int, nodes: int) -> Mateability | None:
    """When nothing else has answered: a helpmate through a promotion planned first (`crowning`),
    then every reachable position again, many more of them (most with few pieces)."""
    if expired():
        return None
    line, used = through_promotion(board, colour, int(CROWNING_SHARE * budget))
    nodes += used
    if line is not None:
        return _proved(board, colour, [m.uci() for m in line], nodes)
    if expired() or applies(board):  # kings and pawns only: searched much further already
        return None
    reach = search(board, colour, int((REACHABLE_DEEP_SHARE if _few(board) else REACHABLE_DEEP_ANY) * budget))
    nodes += reach.positions
    if reach.helpmate is not None:
        return _proved(board, colour, list(reach.helpmate), nodes)
    if reach.complete:
        return Mateability(False, reason=_searched_reason(reach.positions, name), nodes=nodes)
    return None


def _few(board: chess.Board) -> bool:
    """Few enough pieces and free pawns that searching every reachable position may end."""
    pawns = board.pawns
    free = (pawns & board.occupied_co[chess.WHITE] & ~chess.shift_down(board.occupied)) | (
        pawns & board.occupied_co[chess.BLACK] & ~chess.shift_up(board.occupied)
    )
    return chess.popcount(board.occupied & ~pawns) <= 5 and chess.popcount(free) <= 4


def _game_over(board: chess.Board, colour: chess.Color, name: str, other: str) -> Mateability | None:
    if board.is_checkmate():
        if board.turn != colour:
            return Mateability(True, (), f"{other} is already checkmated")
        return Mateability(False, reason=f"{name} is checkmated: the game is over")
    if board.is_stalemate():
        return Mateability(False, reason="the position is stalemate: the game is over")
    return None


def _material_reason(board: chess.Board, colour: chess.Color, name: str) -> str:
    own = board.occupied_co[colour] & ~board.kings
    if not own:
        return f"no mating material: {name} has only the king"
    if board.pieces_mask(chess.KNIGHT, colour):
        bare = not board.occupied_co[not colour] & ~board.kings
        blockers = "only its king" if bare else "nothing but queens to block with"
        return f"no mating material: {name} has a lone knight, and the other side has {blockers}"
    return (
        f"no mating material: {name}'s bishops all stand on squares of one colour, "
        "with no knight or pawn on the board to block"
    )


def _searched_reason(positions: int, name: str) -> str:
    return f"every position that can still arise was searched ({positions:,}); none is a checkmate by {name}"


def _region_reason(name: str, other: str, locked: bool) -> str:
    if locked:
        return (
            f"the pawn structure is locked and no piece of {name}'s can ever reach a square from which "
            f"to checkmate {other}'s king (it can never be attacked on a square it cannot leave)"
        )
    return (
        f"whatever the pawns do, {name} can never attack {other}'s king on a square it cannot leave: "
        "the pawns keep the pieces apart"
    )
