"""`chesslaws position` against CHA's labels and on real games (issue 23). Not a test.

- dev: every position of ../shared/positions/unwinnability-dev.txt (both colours), in this process:
  answers contradicting CHA's label (target 0), share decided (target >= 95%), helpmates that replay.
- lichess: `chesslaws position --stdin --format jsonl` on the first N real final positions, one process,
  under the command's own time limit: share of colour-queries decided (target >= 99.5%), wall time
  (target <= 30 s for 1,000: issue 20's limit for any input of 100 KB or less) and processor time (the
  machine may be shared: wall time alone says little), median and p99 per position, beside
  python-chess's material count (`has_insufficient_material`) on the same.
- idle: the same real positions in this process under the processor-time limit alone (the wall-clock
  backstop off, as on an idle machine): what the engine decides when the machine is shared and busy.
- nodes: the helpmate search's cost per position searched (its first two rounds, from the first 150
  real positions, both colours; the best of three runs, so a busy machine says less about it).
Skipped (said so) when the position files are absent. Usage: python tools/bench_positions.py [--dev N]
[--dev-every N] [--lichess N] [--time-limit S] [--skip dev,lichess,idle,nodes]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT.parent / "shared" / "positions"
sys.path.insert(0, str(ROOT))

from extract.arbiter.unwinnable import can_checkmate, replays_to_mate  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def dev(limit: int, every: int = 1) -> list[bool]:
    path = POSITIONS / "unwinnability-dev.txt"
    if not path.exists():
        print(f"SKIP  dev positions: {path} is absent")
        return []
    rows = path.read_text(encoding="utf-8").splitlines()[:limit][::every]
    queries = decided = wrong = bad_proofs = 0
    times = []
    for row in rows:
        label, fen = row[:2], row[3:]
        board = chess.Board(fen)
        for colour, mark in zip((chess.WHITE, chess.BLACK), label, strict=True):  # White, then Black
            started = time.perf_counter()
            answer = can_checkmate(board, colour)
            times.append(time.perf_counter() - started)
            queries += 1
            if answer.can_checkmate is None:
                continue
            decided += 1
            wrong += answer.can_checkmate != (mark != "-")
            if answer.can_checkmate and not replays_to_mate(board, colour, answer.helpmate):
                bad_proofs += 1
    share = decided / queries
    print(
        f"{'PASS' if wrong == 0 else 'FAIL'}  dev: {wrong} answers contradict CHA of {decided} decided "
        f"({len(rows)} positions{f', every {every}th' if every > 1 else ''}, {queries} colour-queries)"
    )
    print(f"{'PASS' if share >= 0.95 else 'FAIL'}  dev: {share:.1%} decided (target >= 95%)")
    print(f"{'PASS' if bad_proofs == 0 else 'FAIL'}  dev: {bad_proofs} helpmates fail to replay")
    print(
        f"      dev: per colour-query median {statistics.median(times) * 1000:.0f} ms, p99 "
        f"{percentile(times, 0.99) * 1000:.0f} ms, total {sum(times):.0f} s"
    )
    return [wrong == 0, share >= 0.95, bad_proofs == 0]


def lichess(limit: int, seconds: float | None = None) -> list[bool]:
    path = POSITIONS / "lichess-positions.txt"
    if not path.exists():
        print(f"SKIP  lichess positions: {path} is absent")
        return []
    text = "".join(path.read_text(encoding="utf-8").splitlines(keepends=True)[:limit])
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "extract.cli", "position", "--stdin", "--format", "jsonl"]
    if seconds is not None:
        command += ["--time-limit", str(seconds)]
    started, before = time.perf_counter(), _children_cpu()
    done = subprocess.run(
        command,
        input=text,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    wall, cpu = time.perf_counter() - started, _children_cpu() - before
    if done.returncode != 0:
        raise SystemExit(
            f"bench_positions: position --stdin failed ({done.returncode}): {done.stderr[-500:]}"
        )
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    queries = [a[side]["can_checkmate"] for a in answers for side in ("white", "black")]
    share = sum(q is not None for q in queries) / len(queries)
    ms = [a["ms"] for a in answers]
    material = []
    for line in text.splitlines():
        board = chess.Board(line.rsplit(" ", 1)[0])
        begun = time.perf_counter()
        for colour in chess.COLORS:
            board.has_insufficient_material(colour)
        material.append((time.perf_counter() - begun) * 1000)
    target = 30 * len(answers) / 1000
    decided, in_time = share >= 0.995, wall <= target
    print(f"{'PASS' if decided else 'FAIL'}  lichess: {share:.2%} of {len(queries)} colour-queries decided")
    print(
        f"{'PASS' if in_time else 'FAIL'}  lichess: {len(answers)} positions in {wall:.1f} s wall, "
        f"{cpu:.1f} s processor, one process (load average {os.getloadavg()[0]:.1f})"
    )
    print(f"      (targets >= 99.5% decided, <= {target:.0f} s wall)")
    p99 = percentile(ms, 0.99)
    print(f"      lichess: per position: median {statistics.median(ms):.1f} ms, p99 {p99:.0f} ms")
    print(
        f"      material count on the same: median {statistics.median(material):.3f} ms, "
        f"p99 {percentile(material, 0.99):.3f} ms"
    )
    return [decided, in_time]


def idle(limit: int, seconds: float | None) -> list[bool]:
    """The same positions in this process under the processor-time limit alone, as on an idle machine
    (the wall-clock backstop off): on a shared, busy machine the command's own run is cut by the
    backstop long before its processor time is spent, and says little about the engine."""
    path = POSITIONS / "lichess-positions.txt"
    if not path.exists():
        print(f"SKIP  lichess positions: {path} is absent")
        return []
    from extract.arbiter.unwinnable import clock
    from extract.arbiter.unwinnable.position import analyse_all, parse_fen
    from extract.cli.position import DEFAULT_TIME_LIMIT

    boards = [parse_fen(line) for line in path.read_text(encoding="utf-8").splitlines()[:limit]]
    clock.WALL_GRACE = float("inf")
    started, begun = time.perf_counter(), time.process_time()
    answers = list(analyse_all(boards, seconds=DEFAULT_TIME_LIMIT if seconds is None else seconds))
    wall, cpu = time.perf_counter() - started, time.process_time() - begun
    queries = [a.white.can_checkmate for a in answers] + [a.black.can_checkmate for a in answers]
    share = sum(q is not None for q in queries) / len(queries)
    ms = [a.ms for a in answers]
    print(
        f"{'PASS' if share >= 0.995 else 'FAIL'}  idle: {share:.2%} of {len(queries)} colour-queries decided "
        f"in {cpu:.1f} s processor ({wall:.1f} s wall, load average {os.getloadavg()[0]:.1f}), "
        f"per position median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.0f} ms"
    )
    return [share >= 0.995]


def nodes() -> list[bool]:
    """Microseconds of processor time per position the helpmate search reaches (not a target)."""
    path = POSITIONS / "lichess-positions.txt"
    if not path.exists():
        print(f"SKIP  search cost: {path} is absent")
        return []
    from extract.arbiter.unwinnable.helpmate import Search

    boards = [parse(line) for line in path.read_text(encoding="utf-8").splitlines()[:150]]
    best, reached = float("inf"), 0
    for _ in range(3):
        begun, reached = time.process_time(), 0
        for board in boards:
            for colour in chess.COLORS:
                for size, replies in ((200, 1), (1_000, 2)):
                    search = Search(board, colour, False, replies)
                    search.run(size)
                    reached += search.size
        best = min(best, time.process_time() - begun)
    cost = best / reached * 1e6
    print(f"      search: {cost:.1f} us of processor time per position searched ({reached:,})")
    return []


def parse(line: str) -> chess.Board:
    from extract.arbiter.unwinnable.position import parse_fen

    return parse_fen(line)[0]


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=int, default=902, help="dev positions to run (default: all 902)")
    parser.add_argument(
        "--dev-every", type=int, default=1, help="run every Nth of those dev positions (a spot check)"
    )
    parser.add_argument("--lichess", type=int, default=1000, help="real positions to run (default: 1,000)")
    parser.add_argument(
        "--time-limit", type=float, help="passed to position --time-limit (default: the command's own)"
    )
    parser.add_argument("--skip", default="", help="comma-separated: dev, lichess, idle, nodes")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    results = ([] if "dev" in skip else dev(args.dev, max(1, args.dev_every))) + (
        [] if "lichess" in skip else lichess(args.lichess, args.time_limit)
    )
    results += [] if "idle" in skip else idle(args.lichess, args.time_limit)
    results += [] if "nodes" in skip else nodes()
    print(f"{sum(results)}/{len(results)} position targets met")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
