"""`chesslaws ruling`: one game situation described on the command line, ruled by every edition.

The position (`--fen`, `--pgn` or `--moves`), the setup options and the events are those of a
scenario's `setup` and `events` (kb/scenarios/README.md), read and refused by the same code
(io.scenarios.situation); each edition's ruling is put in words by reports.plain, as `check` and the
site put theirs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import click

from extract.cli.common import UsageFailure, data_options, main, require_editions
from extract.cli.limits import time_limit_option
from extract.model import InputError

# A PGN TimeControl tag the setup can take over: seconds, optionally "+increment" (PGN standard, 8.1.1.4).
_PGN_CONTROL = re.compile(r"(\d+)(?:\+(\d+))?", re.ASCII)


@main.command()
@click.argument("events", nargs=-1, required=True)
@click.option(
    "--fen", default=None, help="The position the events start from (default: the initial position)."
)
@click.option(
    "--pgn",
    "pgn_file",
    type=click.Path(path_type=Path),
    default=None,
    help="A game in PGN: its moves (from its FEN tag, if any) are played first; its TimeControl tag "
    "(seconds+increment) is used unless --time-control is given.",
)
@click.option("--moves", default=None, help='Moves played first, in SAN: "1. e4 e5 2. Nf3".')
@click.option("--time-control", default=None, help='Minutes+seconds per move: "90+30", "40/90+30, 30+30".')
@click.option("--clocks", default=None, help='Time left when the events start: "{white: 5:00, black: 0:30}".')
@click.option("--games-per-arbiter", default=None, help="Games one arbiter supervises (rapid/blitz).")
@click.option("--arbiter-present/--no-arbiter-present", default=None, help="Whether an arbiter is present.")
@click.option(
    "--quickplay-finish", is_flag=True, default=None, help="The regulations announce a quickplay finish."
)
@click.option(
    "--regulations", default=None, help='Values the event\'s regulations set: "{default_time: 15}".'
)
@click.option("--edition", default=None, help="Only this edition.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@time_limit_option
@data_options
def ruling(
    events: tuple[str, ...],
    fen: str | None,
    pgn_file: Path | None,
    moves: str | None,
    time_control: str | None,
    clocks: str | None,
    games_per_arbiter: str | None,
    arbiter_present: bool | None,
    quickplay_finish: bool | None,
    regulations: str | None,
    edition: str | None,
    fmt: str,
    corpus_dir: Path,
    kb_dir: Path,
) -> None:
    """Rule on one situation under every edition: the result, the reason, the articles applied, the
    parameters used, and the ruling in words.

    EVENTS are written as in a scenario, one per argument, e.g. "flag_fall: {by: white}",
    "illegal_move: e1e3", "move: Nf3", "draw_claim: {ground: threefold}" (kb/scenarios/README.md
    lists them all). Where a ruling turns on whether a player can still checkmate by any series of
    legal moves (Art. 5.2.2, 6.9, 7.5.5, A.4), the answer is given with its proof (a helpmate) or its
    reason, and the edition's own words; an undecided answer says that the arbiter must judge, as does
    a question the time limit leaves open (play stops there; later events are not ruled).

    Example: chesslaws ruling --fen "8/8/4k3/8/8/8/4P3/4K1n1 w - - 0 1" "flag_fall: {by: white}"
    """
    from extract.arbiter.check import fide_editions
    from extract.arbiter.law import load_laws
    from extract.reports.plain import load_sources
    from extract.reports.ruling import edition_ruling

    if pgn_file is not None and (fen is not None or moves is not None):
        raise UsageFailure(
            "ruling: --pgn gives the position and the moves; do not combine it with --fen or --moves"
        )
    setup = pgn_setup(pgn_file) if pgn_file is not None else {}
    given = {
        "fen": fen, "moves": moves, "time_control": time_control, "arbiter_present": arbiter_present,
        "quickplay_finish": quickplay_finish,
    }  # fmt: skip
    setup |= {key: value for key, value in given.items() if value is not None}
    for key, text in (
        ("clocks", clocks),
        ("games_per_arbiter", games_per_arbiter),
        ("regulations", regulations),
    ):
        if text is not None:
            setup[key] = option_value(key, text)
    game_setup, typed_events = read_situation(setup, events)
    laws = load_laws(kb_dir)
    require_editions([edition], laws)
    fide = fide_editions(kb_dir)
    sources = load_sources(kb_dir)
    rulings = [
        edition_ruling(laws[ed], game_setup, typed_events, fide.get(ed), sources)
        for ed in laws
        if edition in (None, ed)
    ]
    failed = [r for r in rulings if r.get("error")]
    if failed and len(failed) == len(rulings):
        raise UsageFailure(f"ruling: {failed[0]['error']}")
    if fmt == "json":
        click.echo(json.dumps({"rulings": rulings}, ensure_ascii=False, indent=2))
        return
    for r in rulings:
        click.echo(ruling_lines(r))


def read_situation(setup: dict[str, object], events: tuple[str, ...]) -> tuple[Any, Any]:
    """The setup and the events checked and typed as a scenario's are, refused with the event named."""
    from extract.io.scenarios import situation

    raw_events = [event_value(number, text) for number, text in enumerate(events, start=1)]

    def fail(message: str, at: object = None) -> InputError:
        named = (f"ruling: event {n} ({events[n - 1]})" for n, e in enumerate(raw_events, 1) if e is at)
        return InputError(next(named, "ruling"), None, message)

    return situation(setup, setup, raw_events, fail)


def option_value(key: str, text: str) -> object:
    """A setup option's value as a scenario file would hold it (YAML: `{white: 5:00}`, `4`)."""
    from extract.io.yamlfile import parse_text

    return parse_text(Path(f"ruling --{key.replace('_', '-')}"), text)


def event_value(number: int, text: str) -> object:
    """One event as a scenario's `events` would hold it: `flag_fall: {by: white}`; a bare name
    (`draw_offer`) is the event with no value."""
    from extract.io.yamlfile import parse_text

    value = parse_text(Path(f"ruling: event {number} ({text})"), text)
    return {value: None} if isinstance(value, str) else value


def pgn_setup(path: Path) -> dict[str, object]:
    """The setup a PGN game gives: its FEN tag, its moves in SAN, and its TimeControl when that is
    seconds+increment."""
    import chess
    import chess.pgn

    with path.open(encoding="utf-8") as handle:
        game = chess.pgn.read_game(handle)
    if game is None:
        raise InputError(path, None, "no game in this PGN file")
    if game.errors:
        raise InputError(path, None, f"not a game PGN can replay: {game.errors[0]}")
    board = game.board()
    setup: dict[str, object] = {}
    if "FEN" in game.headers:
        setup["fen"] = game.headers["FEN"]
    sans = []
    for move in game.mainline_moves():
        sans.append(board.san(move))
        board.push(move)
    setup["moves"] = sans
    control = _PGN_CONTROL.fullmatch(game.headers.get("TimeControl", ""))
    if control:
        seconds, increment = int(control.group(1)), int(control.group(2) or 0)
        setup["time_control"] = f"{seconds / 60:g}+{increment}"
    return setup


def ruling_lines(r: dict[str, Any]) -> str:
    """One edition's ruling for a person: the words first, then the articles and numbers used."""
    head = f"{r['edition']}" + (f" (the {r['laws']} Laws)" if r.get("laws") else "")
    if r.get("error"):
        return f"{head}: cannot rule: {r['error']}"
    lines = [f"{head}: {r['plain']}"]
    if r["articles"]:
        lines.append(f"  articles: {', '.join(r['articles'])}")
    if r["parameters"]:
        values = ", ".join(f"{name} = {value}" for name, value in r["parameters"].items())
        lines.append(f"  parameters: {values}")
    return "\n".join(lines)
