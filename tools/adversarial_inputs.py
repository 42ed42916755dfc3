"""Inputs of at most 100 KB made to be slow, for every command: none may run longer than 30 s (issue 20).

Not a test (`make bench` runs it). Each case writes its input into a fresh temporary copy of the
project (corpus/ and kb/, kb/generated included): a corpus text added as a new edition, a YAML file
(editions.yaml with many entries, a scenario file with a long game or many events, rules with long
notes, a large termbase), long command-line arguments, or a stdin. The input a case adds (files,
arguments and stdin together) is checked to be at most 100 KB. Every command of the case then runs in
its own process with a 60 s timeout; a text case first builds the KB with the text (that build is a
timed step too) and then queries it. Each step prints its wall time, CPU time, exit code and the
first line of stderr, with PASS (at most 30 s) or FAIL.

The hard positions for `position --stdin` and the scenarios of hard positions are read at run time
from ../shared/positions/unwinnability-dev.txt (CHA's labelled positions); those cases are skipped
when the file is absent.

The load average is printed at the start and the end: wall time on a busy machine is longer than the
processor time, so the summary also lists the commands above 15 s of processor time (--cpu), the
target that keeps an idle machine far inside the bound. `position --stdin` answers in JSONL and is
checked: one object a line, one for every position, and the stderr warning counting the positions
'not decided in time'.

Usage: python tools/adversarial_inputs.py [--only WORD[,WORD]] [--bound 30] [--cpu 15] [--timeout 60] [--list]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import chess
import yaml

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT.parent / "shared" / "positions" / "unwinnability-dev.txt"
CLI = [sys.executable, "-m", "extract.cli"]
MAX_BYTES = 100_000
NEW = "da-2023"  # the edition id an adversarial text is added under
BASELINE = "baseline: the project as it is, no input added"
NEW_ENTRY = {
    "id": NEW,
    "file": "adversarial.txt",
    "language": "da",
    "fide_edition": "2023",
    "in_force": "2023-07-01",
}


@dataclass(frozen=True)
class Step:
    label: str
    args: tuple[str, ...]
    stdin: bytes = b""
    check: Callable[[bytes, str], str] | None = None  # (stdout, stderr) -> what is wrong ("" if fine)


@dataclass
class Case:
    """One input and the commands run on it, in order, in one copy of the project."""

    name: str
    files: dict[str, bytes] = field(default_factory=dict)  # relative path -> bytes written (the input)
    steps: list[Step] = field(default_factory=list)
    append: dict[str, bytes] = field(default_factory=dict)  # relative path -> bytes added at its end

    def size(self) -> int:
        given = sum(len(data) for data in (*self.files.values(), *self.append.values()))
        return given + max((len(s.stdin) + sum(len(a) for a in s.args) for s in self.steps), default=0)


@dataclass(frozen=True)
class Outcome:
    case: str
    step: str
    seconds: float
    cpu: float
    code: int | None  # None: killed at the timeout
    message: str
    problem: str = ""  # what the step's check found wrong in the output


# --------------------------------------------------------------------------- inputs: corpus texts


def _words() -> list[str]:
    text = (ROOT / "corpus" / "da-2017.txt").read_text(encoding="utf-8")
    return sorted({w.strip(".,;:()\"'") for w in text.split() if w.isalpha() and len(w) > 2})


def _fill(make: Callable[[int], str]) -> bytes:
    """Pieces make(0), make(1), ... joined until the next one would pass MAX_BYTES (less 2 KB of slack
    for the entry in editions.yaml and the arguments)."""
    out: list[str] = []
    size, n = 0, 0
    while True:
        piece = make(n)
        if size + len(piece.encode()) > MAX_BYTES - 2_000:
            return "".join(out).encode()
        out.append(piece)
        size += len(piece.encode())
        n += 1


def texts() -> dict[str, bytes]:
    rng = random.Random(20)
    words = _words()

    def sentence(n: int, length: int = 12) -> str:
        return " ".join(rng.choice(words) for _ in range(length)) + ". "

    seed = (ROOT / "corpus" / "da-2017.txt").read_text(encoding="utf-8")
    return {
        "one huge paragraph": ("Artikel 1: " + _fill(lambda n: rng.choice(words) + " ").decode()).encode(),
        "5,000 tiny articles": _fill(lambda n: f"Artikel {n + 1}: {rng.choice(words)}.\n\n"),
        "deep numbering 1.1.1": _fill(lambda n: ".".join(["1"] * (n + 1)) + f" {rng.choice(words)}.\n"),
        "deep numbering 1.2.3": _fill(lambda n: ".".join(str(i + 1) for i in range(n + 1)) + " tekst.\n"),
        "many numbers per sentence": _fill(
            lambda n: f"{n + 1}.1 Spilleren har " + ", ".join(f"{k} minutter" for k in range(1, 200)) + ".\n"
        ),
        "long words": _fill(lambda n: f"{n + 1}. " + "skak" * 2_000 + "ur.\n"),
        "all whitespace": _fill(lambda n: " \t \n" if n % 7 else "\n\n"),
        "many duplicate labels": _fill(lambda n: f"7.5 {sentence(n)}\n"),
        "the seed text repeated": (seed * (MAX_BYTES // len(seed.encode()) + 1))
        .encode()[: MAX_BYTES - 2_000]
        .decode("utf-8", "ignore")  # not cut inside a character
        .encode(),
        "sentences without an end": _fill(lambda n: f"{n % 20 + 1}.{n} " + sentence(n, 40)[:-2] + ",\n"),
    }


def _text_case(name: str, text: bytes) -> Case:
    entry = "\n" + yaml.safe_dump([NEW_ENTRY], sort_keys=False)
    word = text.decode(errors="replace").split()[1][:60] if len(text.split()) > 1 else "dommer"
    steps = [
        Step("build", ("build",)),
        Step("show provision", ("show", f"{NEW}:1")),
        Step("search", ("search", word)),
        Step("diff", ("diff", "da-2017", NEW)),
        Step("lint", ("lint", "--edition", NEW)),
        Step("export provisions", ("export", "provisions", "--edition", NEW, "--format", "csv")),
        Step("export tmx", ("export", "tmx", "--edition", "da-2017", "--edition", NEW)),
        Step("export xliff", ("export", "xliff", "--edition", "da-2017", "--edition", NEW)),
        Step("kit", ("kit", "--from", "da-2017", "--to", NEW, "--out", "{tmp}/kit")),
        Step("check", ("check", "--edition", NEW)),
        Step("languages draft", ("languages", "draft", "da", "--out", "{tmp}/da-draft.yaml")),
    ]
    return Case(
        f"text: {name}", {"corpus/adversarial.txt": text}, steps, {"corpus/editions.yaml": entry.encode()}
    )


# --------------------------------------------------------------------------- inputs: YAML files


@functools.cache
def long_game(plies: int = 10_000, seed: int = 1) -> tuple[str, ...]:
    """A legal game of up to `plies` half-moves that never repeats a position and keeps its material
    as long as it can (quiet piece moves; a pawn move or capture before the 75-move rule): the longest
    kind of game the Laws allow, where every move asks whether the position is dead."""
    rng = random.Random(seed)
    board = chess.Board()
    seen = {board._transposition_key()}  # noqa: SLF001 - python-chess's own same-position key
    sans: list[str] = []
    while len(sans) < plies:
        moves = list(board.legal_moves)
        quiet = [
            m for m in moves if not board.is_capture(m) and board.piece_type_at(m.from_square) != chess.PAWN
        ]
        progress = [m for m in moves if m not in quiet]
        rng.shuffle(quiet)
        rng.shuffle(progress)
        pool = (quiet + progress) if board.halfmove_clock < 140 else (progress + quiet)
        chosen = None
        for move in pool:
            board.push(move)
            fresh = board._transposition_key() not in seen and any(board.generate_legal_moves())  # noqa: SLF001
            fresh = fresh and not board.is_insufficient_material()
            board.pop()
            if fresh:
                chosen = move
                break
        if chosen is None:
            break
        sans.append(board.san(chosen))
        board.push(chosen)
        seen.add(board._transposition_key())  # noqa: SLF001
    return tuple(sans)


def hard_fens(count: int) -> list[str]:
    """Positions CHA's labels call hard for a search: locked chains, no quick helpmate ('--', 'W-', '-B')."""
    if not POSITIONS.is_file():
        return []
    fens = []
    for line in POSITIONS.read_text(encoding="utf-8").splitlines():
        if line[:2] != "WB" and line[3:].strip():
            # a whole FEN (python-chess fills in what a line leaves out: one has no castling field)
            fens.append(chess.Board(line[3:].strip()).fen())
    return [fens[i % len(fens)] for i in range(count)]


def _scenario(
    sid: str, setup: dict[str, object], events: list[object], rules: list[str]
) -> dict[str, object]:
    return {
        "id": sid,
        "title": f"Adversarial {sid}",
        "rules": rules,
        "setup": setup,
        "events": events,
        "expect": {"2017": {"result": "*"}},
    }


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: object) -> bool:
        return True  # chesslaws refuses YAML aliases, which a dump of repeated objects would make


def _dump(data: object) -> bytes:
    return yaml.dump(data, Dumper=_NoAliases, sort_keys=False, allow_unicode=True, width=10_000).encode()


def _within(make: Callable[[int], bytes], start: int) -> bytes:
    """make(n) for the largest n (halving from `start`) that fits in MAX_BYTES less 1 KB."""
    n = start
    while n > 1:
        data = make(n)
        if len(data) <= MAX_BYTES - 1_000:
            return data
        n = n * 3 // 4
    return make(1)


def yaml_cases() -> list[Case]:
    cases = []
    game = list(long_game())
    long_game_file = _within(
        lambda n: _dump(
            [
                _scenario(
                    "long-game",
                    {"time_control": "90+30"},
                    [{"move": san} for san in game[:n]] + [{"flag_fall": {"by": "white"}}],
                    ["dead-position-ends-game"],
                )
            ]
        ),
        len(game),
    )
    checks = [
        Step("check", ("check",)),
        Step("show rule", ("show", "dead-position-ends-game")),
        Step("show rulings", ("show", "dead-position-ends-game", "--rulings")),
    ]
    cases.append(
        Case(
            f"scenario: a long game of move events ({len(game)} plies available)",
            {"kb/scenarios/zz-adversarial.yaml": long_game_file},
            checks,
        )
    )
    setup_game = _within(
        lambda n: _dump(
            [
                _scenario(
                    "long-setup",
                    {"moves": game[:n], "time_control": "90+30"},
                    [{"flag_fall": {"by": "white"}}],
                    ["dead-position-ends-game"],
                )
            ]
        ),
        len(game),
    )
    cases.append(
        Case("scenario: a long game as setup moves", {"kb/scenarios/zz-adversarial.yaml": setup_game}, checks)
    )
    many = _within(
        lambda n: _dump(
            [
                _scenario(
                    f"many-{i}",
                    {"time_control": "5+0"},
                    [{"draw_offer": None}, {"illegal_move": "e1e3"}, {"flag_fall": {"by": "black"}}],
                    ["dead-position-ends-game"],
                )
                for i in range(n)
            ]
        ),
        2_000,
    )
    cases.append(
        Case("scenario: many scenarios of few events", {"kb/scenarios/zz-adversarial.yaml": many}, checks)
    )
    events = _within(
        lambda n: _dump(
            [
                _scenario(
                    "many-events",
                    {"time_control": "90+30"},
                    [{"draw_offer": None}, {"attempt": "e2e4"}] * n,
                    ["dead-position-ends-game"],
                )
            ]
        ),
        10_000,
    )
    cases.append(
        Case("scenario: one scenario of many events", {"kb/scenarios/zz-adversarial.yaml": events}, checks)
    )
    fens = hard_fens(2_000)
    if fens:
        hard = _within(
            lambda n: _dump(
                [
                    _scenario(
                        f"hard-{i}",
                        {"fen": fen, "time_control": "90+30"},
                        [{"flag_fall": {"by": "black" if i % 2 else "white"}}],
                        ["dead-position-ends-game"],
                    )
                    for i, fen in enumerate(fens[:n])
                ]
            ),
            len(fens),
        )
        cases.append(
            Case("scenario: many hard positions", {"kb/scenarios/zz-adversarial.yaml": hard}, checks)
        )
    notes = _dump(
        [
            {
                "id": "zz-adversarial-rule",
                "title": "A rule with long notes",
                "summary": "Long notes.",
                "topic": "misc",
                "provisions": {},
                "notes": ["skak " * 200] * 90,
            }
        ]
    )
    cases.append(
        Case(
            "rules: long notes",
            {"kb/rules/zz-adversarial.yaml": notes},
            [Step("build", ("build",)), Step("show rule", ("show", "zz-adversarial-rule"))],
        )
    )
    cases.append(_many_editions())
    terms = _within(
        lambda n: _dump(
            [
                {
                    "id": f"zz-concept-{i}",
                    "en": f"concept {i}",
                    "definition": "An adversarial concept.",
                    "terms": {"da-2017": ["dommer", "spiller", "skakur"]},
                }
                for i in range(n)
            ]
        ),
        2_000,
    )
    steps = [Step("build", ("build",)), Step("search", ("search", "dommer spiller"))]
    cases.append(Case("terms: many concepts", steps=steps, append={"kb/terms.yaml": b"\n" + terms}))
    return cases


def _many_editions() -> Case:
    """editions.yaml with many entries, each with its own small text (the input is all of them)."""
    rng = random.Random(3)
    words = _words()
    languages = ["da", "sv", "nb", "hu", "de", "en", "fr", "es", "it", "nl", "pl", "fi", "cs", "pt"]
    files: dict[str, bytes] = {}
    entries: list[dict[str, str]] = []
    size = 0
    for year in range(1930, 2026):
        for language in languages:
            eid = f"{language}-{year}"
            text = f"Artikel 1: {' '.join(rng.choice(words) for _ in range(8))}.\n1.1 {rng.choice(words)}.\n"
            entry = {
                "id": eid,
                "file": f"{eid}.txt",
                "language": language,
                "fide_edition": str(year),
                "in_force": f"{year}-07-01",
            }
            cost = len(text.encode()) + len(_dump([entry]))
            if size + cost > MAX_BYTES - 2_000:
                break
            files[f"corpus/{eid}.txt"] = text.encode()
            entries.append(entry)
            size += cost
        else:
            continue
        break
    case = Case(
        f"editions.yaml: {len(entries)} entries",
        files,
        [
            Step("build", ("build",)),
            Step("asof", ("asof", "2000-01-01")),
            Step("export provisions", ("export", "provisions", "--format", "csv")),
            Step("diff", ("diff", entries[0]["id"], entries[-1]["id"])),
        ],
    )
    case.append["corpus/editions.yaml"] = b"\n" + _dump(entries)
    return case


# --------------------------------------------------------------------------- inputs: arguments, stdin


def argument_cases() -> list[Case]:
    game = list(long_game())
    moves = " ".join(f"{i // 2 + 1}. {san}" if i % 2 == 0 else san for i, san in enumerate(game))
    moves = moves[: moves.rfind(" ", 0, MAX_BYTES - 2_000)]
    pgn = f'[Event "adversarial"]\n[TimeControl "5400+30"]\n\n{moves} *\n'.encode()
    move_events = tuple(f"move: {san}" for san in game[:4_000])
    words = _words()
    rng = random.Random(5)
    query = " ".join(rng.choice(words) for _ in range(300))[:1_000]
    long = "x" * (MAX_BYTES - 2_000)
    cases = [
        Case(
            "ruling --moves: a long game",
            {},
            [Step("ruling", ("ruling", "--moves", moves, "flag_fall: {by: white}"))],
        ),
        Case(
            "ruling --pgn: a long game",
            {"game.pgn": pgn},
            [Step("ruling", ("ruling", "--pgn", "{root}/game.pgn", "flag_fall: {by: black}"))],
        ),
        Case(
            "ruling: 4,000 move events",
            {},
            [Step("ruling", ("ruling", "--time-control", "90+30", *move_events))],
        ),
        Case("search: 1,000 characters of words", {}, [Step("search", ("search", query))]),
        Case("search: 1,000 letters", {}, [Step("search", ("search", "skak" * 250))]),
        Case("search: 100 KB query", {}, [Step("search", ("search", long))]),
        Case("classify: 100 KB", {}, [Step("classify", ("classify", "1" * 50_000 + "+" + "0" * 40_000))]),
        Case("classify: padded", {}, [Step("classify", ("classify", " " * 90_000 + "12+0"))]),
        Case("show: 100 KB reference", {}, [Step("show", ("show", "da-2017:" + "1." * 45_000))]),
        Case("show: 100 KB rule id", {}, [Step("show", ("show", long))]),
        Case("asof: 100 KB date", {}, [Step("asof", ("asof", long))]),
        Case("diff: 100 KB edition ids", {}, [Step("diff", ("diff", long[:40_000], long[:40_000]))]),
        Case("export: 100 KB edition", {}, [Step("export", ("export", "provisions", "--edition", long))]),
        Case("lint: 100 KB edition", {}, [Step("lint", ("lint", "--edition", long))]),
        Case(
            "kit: 100 KB editions",
            {},
            [Step("kit", ("kit", "--from", long[:40_000], "--to", long[:40_000], "--out", "{tmp}/kit"))],
        ),
        Case("languages draft: 100 KB code", {}, [Step("draft", ("languages", "draft", long))]),
        Case("ruling: 100 KB event", {}, [Step("ruling", ("ruling", "move: " + long))]),
        Case("ruling: 100 KB FEN", {}, [Step("ruling", ("ruling", "--fen", "8/" * 45_000, "flag_fall"))]),
    ]
    fens = hard_fens(1_500)
    if fens:
        stdin = "".join(f"{fen}\n" for fen in fens).encode()[:MAX_BYTES]
        stdin = stdin[: stdin.rfind(b"\n") + 1]
        cases.append(
            Case(
                "position --stdin: 1,500 hard positions",
                {},
                [Step("position", ("position", "--stdin", "--format", "jsonl"), stdin, _answers(stdin))],
            )
        )
        cases.append(
            Case(
                "ruling: a hard position",
                {},
                [Step("ruling", ("ruling", "--fen", fens[1], "flag_fall: {by: white}"))],
            )
        )
    return cases


_TIMED_OUT = re.compile(r"not decided.*(in time|time.*ran out)")


def _answers(stdin: bytes) -> Callable[[bytes, str], str]:
    """A check of `position --format jsonl`: one JSON object a line, one line for every position
    given, and the warning on stderr counting as many positions cut short as the answers say."""

    def check(stdout: bytes, stderr: str) -> str:
        given = sum(1 for line in stdin.decode().splitlines() if line.strip())
        try:
            answers = [json.loads(line) for line in stdout.decode().splitlines()]
        except (ValueError, UnicodeDecodeError) as error:
            return f"not valid JSONL: {error}"
        if len(answers) != given or not all(isinstance(a, dict) for a in answers):
            return f"{len(answers)} answers for {given} positions"
        sides = [a.get(colour) for a in answers for colour in ("white", "black")]
        reasons = [str(side.get("reason")) for side in sides if isinstance(side, dict)]
        late = sum(1 for reason in reasons if _TIMED_OUT.search(reason))
        counted = [int(n.replace(",", "")) for n in re.findall(r"([\d,]+) questions?", stderr)]
        if late and late not in counted:
            said = stderr.strip()[:120] or "nothing"
            return f"{late} questions not decided for lack of time, stderr says {said!r}"
        return ""

    return check


def baseline() -> Case:
    """The commands of the other cases on the project as it is, with the same cold cache: what each
    costs on this machine today, beside which an input's cost is read."""
    steps = [
        Step("build", ("build",)),
        Step("show provision", ("show", "da-2017:7.5.1")),
        Step("search", ("search", "dommer")),
        Step("diff", ("diff", "da-2001", "da-2017")),
        Step("lint", ("lint", "--edition", "da-2017")),
        Step("export provisions", ("export", "provisions", "--edition", "da-2017", "--format", "csv")),
        Step("export tmx", ("export", "tmx", "--edition", "da-2001", "--edition", "da-2017")),
        Step("export xliff", ("export", "xliff", "--edition", "da-2001", "--edition", "da-2017")),
        Step("kit", ("kit", "--from", "da-2001", "--to", "da-2017", "--out", "{tmp}/kit")),
        Step("check", ("check",)),
        Step("languages draft", ("languages", "draft", "da", "--out", "{tmp}/da-draft.yaml")),
        Step("show rule", ("show", "dead-position-ends-game")),
        Step("show rulings", ("show", "dead-position-ends-game", "--rulings")),
        Step("asof", ("asof", "2000-01-01")),
        Step("ruling", ("ruling", "flag_fall")),
    ]
    return Case(BASELINE, steps=steps)


def all_cases() -> list[Case]:
    texts_ = [_text_case(name, text) for name, text in texts().items()]
    return [baseline(), *texts_, *yaml_cases(), *argument_cases()]


# --------------------------------------------------------------------------- running


def _copy(target: Path) -> Path:
    root = target / "project"
    root.mkdir(parents=True)
    shutil.copytree(ROOT / "corpus", root / "corpus")
    shutil.copytree(ROOT / "kb", root / "kb")
    return root


def _prepare(case: Case, root: Path) -> None:
    for relative, data in case.files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_bytes(data)
    for relative, data in case.append.items():
        with (root / relative).open("ab") as handle:
            handle.write(data)


def run_step(
    step: Step, root: Path, tmp: Path, timeout: float, cache: Path
) -> tuple[float, float, int | None, str, str]:
    args = [a.replace("{root}", str(root)).replace("{tmp}", str(tmp)) for a in step.args]
    command = [*CLI, *args, "--corpus", str(root / "corpus"), "--kb", str(root / "kb")]
    env = os.environ | {"PYTHONPATH": str(ROOT), "CHESSLAWS_CACHE": str(cache)}
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        child = subprocess.Popen(
            command, cwd=root, env=env, stdin=subprocess.PIPE, stdout=out, stderr=err, start_new_session=True
        )
        try:
            child.stdin.write(step.stdin) if child.stdin else None
            child.stdin.close() if child.stdin else None
        except BrokenPipeError:
            pass
        code: int | None = None
        usage = None
        while time.perf_counter() - started < timeout:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                code = os.waitstatus_to_exitcode(status)
                break
            time.sleep(0.05)
        if code is None:
            os.killpg(child.pid, signal.SIGKILL)
            _, _, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - started
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
        out.seek(0)
        problem = step.check(out.read(), stderr) if step.check and code is not None else ""
    lines = stderr.splitlines()
    # the child's processor time and that of every process it waited for (wait4's rusage is the
    # child's RUSAGE_CHILDREN share): user + system
    cpu = usage.ru_utime + usage.ru_stime if usage else 0.0
    message = next((x for x in lines if "Traceback" in x), lines[0] if lines else "")
    return elapsed, cpu, code, message, problem


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", default="", help="Run the cases whose name has one of these words (comma-separated)."
    )
    parser.add_argument(
        "--bound", type=float, default=30.0, help="PASS at most this many seconds per command."
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="Kill a command after this many seconds.")
    parser.add_argument(
        "--cpu",
        type=float,
        default=15.0,
        help="List the commands that took more processor time than this (an idle machine's wall time).",
    )
    parser.add_argument("--list", action="store_true", help="List the cases and the size of their input.")
    options = parser.parse_args()
    wanted = [w.strip() for w in options.only.split(",") if w.strip()]
    cases = [c for c in all_cases() if not wanted or any(w in c.name for w in wanted)]
    for case in cases:
        assert case.size() <= MAX_BYTES, (case.name, case.size())
    if options.list:
        for case in cases:
            print(f"{case.size():7,} B  {case.name}: {', '.join(s.label for s in case.steps)}")
        return 0
    outcomes: list[Outcome] = []
    base: dict[str, Outcome] = {}
    print(f"load average at start: {_load()} ({os.cpu_count()} processors)", flush=True)
    with tempfile.TemporaryDirectory(prefix="chesslaws-adversarial-") as scratch:
        for number, case in enumerate(cases):
            tmp = Path(scratch) / f"case-{number}"
            cache = tmp / "cache"  # cold for every input, warm from one command of it to the next
            root = _copy(tmp)
            _prepare(case, root)
            print(f"{case.name} ({case.size():,} bytes of input)", flush=True)
            for step in case.steps:
                seconds, cpu, code, message, problem = run_step(step, root, tmp, options.timeout, cache)
                outcome = Outcome(case.name, step.label, seconds, cpu, code, message, problem)
                outcomes.append(outcome)
                if case.name == BASELINE:
                    base[step.label] = outcome
                print("  " + _row(outcome, options.bound, base.get(step.label)), flush=True)
            shutil.rmtree(tmp, ignore_errors=True)
    failed = [o for o in outcomes if not _passed(o, options.bound)]
    worst = max(outcomes, key=lambda o: o.seconds, default=None)
    print(
        f"\n{len(outcomes)} commands on {len(cases)} inputs of at most {MAX_BYTES:,} bytes: "
        f"{len(outcomes) - len(failed)} PASS, {len(failed)} FAIL (bound {options.bound:g} s"
        + (f"; slowest {worst.seconds:.1f} s: {worst.case} / {worst.step})" if worst else ")")
    )
    for o in failed:
        print(f"  {o.case}\n    " + _row(o, options.bound, base.get(o.step)))
    costly = [o for o in outcomes if o.cpu > options.cpu]
    busiest = max(outcomes, key=lambda o: o.cpu, default=None)
    print(
        f"processor time: {len(costly)} commands above {options.cpu:g} s"
        + (f" (most {busiest.cpu:.1f} s: {busiest.case} / {busiest.step})" if busiest else "")
        + f"; load average at the end: {_load()}"
    )
    for o in costly:
        print(f"  {o.case}\n    " + _row(o, options.bound, base.get(o.step)))
    return 1 if failed else 0


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _passed(o: Outcome, bound: float) -> bool:
    return o.code is not None and o.seconds <= bound and "Traceback" not in o.message and not o.problem


def _row(o: Outcome, bound: float, base: Outcome | None = None) -> str:
    """PASS/FAIL, wall and CPU seconds, and the same command's CPU seconds without the input."""
    verdict = "PASS" if _passed(o, bound) else "FAIL"
    code = "killed" if o.code is None else f"exit {o.code}"
    versus = f"{base.cpu:5.1f} s" if base is not None and base is not o else "    -  "
    return (
        f"{verdict} {o.seconds:6.1f} s (cpu {o.cpu:5.1f} s, baseline cpu {versus}) {code:7} {o.step:16} "
        f"{o.message[:100]}" + (f" [output: {o.problem}]" if o.problem else "")
    )


if __name__ == "__main__":
    raise SystemExit(main())
