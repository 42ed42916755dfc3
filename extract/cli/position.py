"""`chesslaws position`: can each colour still checkmate by some series of legal moves? (Art. 6.9, 5.2.2)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from extract.arbiter.unwinnable import DEFAULT_BUDGET
from extract.cli.common import UsageFailure, data_options, main, one_line
from extract.cli.limits import say_cut_short

# Issue 20: no input of 100 KB or less keeps a command running past 30 s; the rest is start-up.
DEFAULT_TIME_LIMIT = 25.0
MAX_TIME_LIMIT = 86_400.0


@main.command("position")
@click.argument("fens", nargs=-1, metavar="[FEN]...")
@click.option(
    "--stdin", "from_stdin", is_flag=True, help="Read positions from standard input, one FEN a line."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "jsonl"]),
    default="text",
    show_default=True,
    help="json: one array; jsonl: one object a line, written as each position is answered.",
)
@click.option(
    "--budget",
    type=int,
    default=DEFAULT_BUDGET,
    show_default=True,
    help="Positions the search may visit per colour before it answers 'not decided' (at least 1).",
)
@click.option(
    "--time-limit",
    type=float,
    default=DEFAULT_TIME_LIMIT,
    show_default=True,
    help="Seconds of processor time all the positions may take together (the wall-clock time on an "
    "idle machine; on a very busy one, at most 1 s more of wall-clock time); a position not decided "
    "in time says so.",
)
@data_options
def position_command(
    fens: tuple[str, ...],
    from_stdin: bool,
    fmt: str,
    budget: int,
    time_limit: float,
    corpus_dir: Path,
    kb_dir: Path,
) -> None:
    """Whether White and Black can each still checkmate in every FEN given (in quotes), and whether the
    position is dead (neither can). The Laws and the KB are not needed: --corpus and --kb are
    accepted like everywhere and unused.

    Each answer is yes with a helpmate (moves anyone can replay to the checkmate), no with the reason,
    or not decided when the search ran out of budget or time (never a guess; one line on stderr counts
    the questions the time limit cut short). All the positions share
    --time-limit, cheapest first: in passes over the positions not yet decided, each may take 0.02 s
    (less when there are very many), then twice as long each pass, going on where it stopped, so the
    quick ones are all answered before the slow ones take the rest. With --stdin, all of standard
    input is read first (the positions share the time); a line may carry words after the FEN (a game
    id); blank lines and lines starting with # are skipped, and a line that is not a legal position is
    reported (exit 2) while the others are still answered.

    Example: chesslaws position "8/8/4k3/8/8/3NK3/8/8 w - - 0 1"
    """
    from extract.arbiter.unwinnable.position import analyse_all, parse_fen

    if budget < 1:
        raise UsageFailure(f"--budget must be at least 1, not {budget}")
    if not 0 < time_limit <= MAX_TIME_LIMIT:  # also refuses nan
        raise UsageFailure(
            f"--time-limit must be more than 0 and at most {MAX_TIME_LIMIT:,} seconds, not {time_limit:g}"
        )
    if not fens and not from_stdin:
        raise UsageFailure(
            "position: give one or more FEN positions, or --stdin (see 'chesslaws position --help')"
        )
    boards = []
    for number, text in enumerate(fens, 1):  # arguments are checked before anything is written
        try:
            boards.append(parse_fen(text))
        except ValueError as error:
            raise UsageFailure(one_line(f"argument {number}: {error}")) from error
    failed = False
    if from_stdin:
        for number, line in enumerate(sys.stdin, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                boards.append(parse_fen(line))
            except ValueError as error:
                click.echo(f"chesslaws: <stdin>:{number}: {one_line(str(error))}", err=True)
                failed = True
    from extract.arbiter.unwinnable import out_of_time

    out = _Writer(fmt)
    progress = _Progress()
    cut = 0
    for number, analysis in enumerate(analyse_all(boards, budget, time_limit), 1):
        out.write(analysis)
        progress.tick(number)
        cut += out_of_time(analysis.white) + out_of_time(analysis.black)
    progress.clear()
    out.close()
    say_cut_short(time_limit, cut, zero_is_no_limit=False)
    if failed:
        raise SystemExit(2)


class _Writer:
    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        self.items: list[dict[str, object]] = []

    def write(self, analysis: object) -> None:
        from extract.arbiter.unwinnable.position import Analysis

        assert isinstance(analysis, Analysis)
        if self.fmt == "json":
            self.items.append(analysis.as_dict())
        elif self.fmt == "jsonl":
            click.echo(json.dumps(analysis.as_dict(), ensure_ascii=False))
        else:
            click.echo(_text(analysis))

    def close(self) -> None:
        if self.fmt == "json":
            click.echo(json.dumps(self.items, ensure_ascii=False, indent=2))


def _text(analysis: object) -> str:
    from extract.arbiter.unwinnable.position import Analysis

    assert isinstance(analysis, Analysis)
    lines = [analysis.fen + (f"  ({analysis.note})" if analysis.note else "")]
    for name, answer in (("White", analysis.white), ("Black", analysis.black)):
        verdict = {True: "can still checkmate", False: "cannot checkmate", None: "not decided"}[
            answer.can_checkmate
        ]
        reason = answer.reason
        if answer.can_checkmate is None:  # the verdict already says "not decided"
            reason = reason.removeprefix("not decided: ")
        lines.append(f"  {name} {verdict}: {reason}")
        if answer.helpmate:
            lines.append(f"    for example: {' '.join(answer.helpmate)}")
    dead = {True: "yes, neither side can checkmate", False: "no", None: "not decided"}[analysis.dead]
    lines.append(f"  Dead position (Art. 5.2.2): {dead}")
    return "\n".join(lines) + "\n"


class _Progress:
    """`N positions answered` on a terminal's stderr, rewritten in place; silent in pipes."""

    def __init__(self) -> None:
        self.live = sys.stderr.isatty()
        self.shown = False

    def tick(self, number: int) -> None:
        if self.live and number % 10 == 0:
            click.echo(f"\r{number} positions answered", err=True, nl=False)
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            click.echo("\r" + " " * 30 + "\r", err=True, nl=False)
            self.shown = False
