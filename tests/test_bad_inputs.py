"""Bad inputs and faults through the command line, on a copy of the project (issue 11).

Every case of the table runs one command on its own copy of corpus/ and kb/ (kb/generated
included) and must give exit 2 with exactly one line on stderr, `chesslaws: <file>...: what`,
naming the file; no traceback; corpus/ and kb/ byte for byte as before. The warning cases (texts
that look damaged) exit 0 with one-line warnings naming the file; only kb/generated may change.
"""

from __future__ import annotations

import codecs
import errno
import hashlib
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ROOT, Built, copy_project, copy_site_sources

from extract.cli import main

Edit = Callable[[Path], None]  # receives the copy's root (holding corpus/ and kb/)


def fingerprint(*folders: Path, skip: str | None = None) -> str:
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder.parent)
            if skip and str(relative).startswith(skip):
                continue
            digest.update(str(relative).encode())
            if path.is_file():
                digest.update(path.read_bytes())
    return digest.hexdigest()


def run(root: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [*args, "--corpus", str(root / "corpus"), "--kb", str(root / "kb")])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def project(tmp_path: Path, editions: tuple[str, ...] | None = None) -> Path:
    """A copy of the project with kb/generated; with `editions`, only those (nothing to query then)."""
    corpus, kb = copy_project(tmp_path, None if editions is None else list(editions))
    shutil.copytree(ROOT / "kb" / "generated", kb / "generated")
    return tmp_path


# ------------------------------------------------------------------------------------- edits


def write(relative: str, data: str | bytes) -> Edit:
    def edit(root: Path) -> None:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, bytes):
            path.write_bytes(data)
        else:
            path.write_text(data, encoding="utf-8")

    return edit


def replace(relative: str, old: str, new: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, (relative, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


def reencode(relative: str, encoding: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / relative
        path.write_bytes(path.read_text(encoding="utf-8").encode(encoding))

    return edit


def latin1_byte(relative: str, line: int) -> Edit:
    """A Latin-1 'é' (0xe9) at the end of a comment on `line`."""

    def edit(root: Path) -> None:
        path = root / relative
        lines = path.read_bytes().split(b"\n")
        lines[line - 1] += b"  # caf\xe9"
        path.write_bytes(b"\n".join(lines))

    return edit


def conflict(relative: str, after: str) -> Edit:
    def edit(root: Path) -> None:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        at = text.index(after)
        block = text[at : at + 120]
        path.write_text(
            text[:at] + f"<<<<<<< HEAD\n{block}=======\n{block}>>>>>>> theirs\n" + text[at:], encoding="utf-8"
        )

    return edit


def truncate(relative: str, share: float) -> Edit:
    def edit(root: Path) -> None:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        path.write_text(text[: int(len(text) * share)], encoding="utf-8")

    return edit


def swap_articles(relative: str, first: str, second: str, after: str) -> Edit:
    """Swap the blocks of two consecutive articles, found by their heading lines."""

    def edit(root: Path) -> None:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        a, b, c = text.index(first), text.index(second), text.index(after)
        path.write_text(text[:a] + text[b:c] + text[a:b] + text[c:], encoding="utf-8")

    return edit


SCENARIO = """- id: bad-case
  title: A scenario with one thing wrong
  rules: [illegal-move-penalty]
  setup: {setup}
  events: {events}
  expect:
    da-2017: {{result: "*"}}
"""


def scenario(setup: str = "{}", events: str = "[{move: e4}]") -> Edit:
    return write("kb/scenarios/zz-bad.yaml", SCENARIO.format(setup=setup, events=events))


def rule_file(body: str) -> Edit:
    return write("kb/rules/zz-bad.yaml", body)


GOOD_RULE = """- id: zz-extra-rule
  title: An extra rule
  summary: Only here to be broken.
  topic: misc
  provisions:
    da-2017: {labels}
"""


@dataclass(frozen=True)
class Case:
    category: str
    edit: Edit
    args: tuple[str, ...]
    file: str  # the file the message must name (relative to the copy)
    message: str  # a part of the message
    warning: bool = False  # exit 0 with one-line warnings instead of exit 2
    editions: tuple[str, ...] | None = None  # build only these editions (a faster build of what matters)


R = "kb/rules/irregularities.yaml"
E = "corpus/editions.yaml"
G = "kb/generated"

CASES: dict[str, Case] = {
    # --- corpus texts -------------------------------------------------------------------------
    "text latin-1 byte": Case(
        "corpus", latin1_byte("corpus/sv-2009.txt", 3), ("build",), "corpus/sv-2009.txt:3", "not UTF-8"
    ),
    "text utf-16 with bom": Case(
        "corpus", reencode("corpus/nb-2014.txt", "utf-16"), ("build",), "corpus/nb-2014.txt", "UTF-16 text"
    ),
    "text utf-16 without bom": Case(
        "corpus", reencode("corpus/nb-2014.txt", "utf-16-le"), ("build",), "corpus/nb-2014.txt", "UTF-16"
    ),
    "text binary": Case(
        "corpus", write("corpus/hu-2018.txt", b"\x00\x01\x02PK"), ("build",), "corpus/hu-2018.txt", "binary"
    ),
    "text empty": Case(
        "corpus", write("corpus/da-2017.txt", "  \n"), ("build",), "corpus/da-2017.txt", "whitespace"
    ),
    "text missing": Case(
        "corpus", lambda r: (r / "corpus/da-2017.txt").unlink(), ("build",), E, "da-2017.txt not found"
    ),
    "text is a directory": Case(
        "corpus",
        lambda r: ((r / "corpus/da-2017.txt").unlink(), (r / "corpus/da-2017.txt").mkdir()),
        ("build",),
        E,
        "is a directory, not a text file",
    ),
    # --- corpus/editions.yaml ----------------------------------------------------------------
    "editions yaml syntax": Case(
        "editions", replace(E, "- id: sv-2009", "- id: [sv-2009"), ("build",), E, "invalid YAML"
    ),
    "editions duplicate key": Case(
        "editions", replace(E, "- id: sv-2009\n", "- id: sv-2009\n  id: sv-2009\n"), ("build",), E, "twice"
    ),
    "editions unknown key": Case(
        "editions",
        replace(E, "- id: sv-2009\n", "- id: sv-2009\n  colour: blue\n"),
        ("build",),
        E,
        "unknown key",
    ),
    "editions conflict markers": Case(
        "editions", conflict(E, "- id: sv-2009"), ("build",), E, "merge-conflict"
    ),
    "editions utf-16": Case("editions", reencode(E, "utf-16"), ("build",), E, "UTF-16"),
    "editions empty": Case("editions", write(E, ""), ("build",), E, "empty"),
    # --- kb/rules ------------------------------------------------------------------------------
    "rules latin-1 byte": Case("rules", latin1_byte(R, 2), ("build",), f"{R}:2", "not UTF-8"),
    "rules yaml syntax": Case(
        "rules", replace(R, "- id: illegal-move-penalty", "- id: [illegal"), ("build",), R, "invalid YAML"
    ),
    "rules duplicate key": Case(
        "rules",
        replace(
            R, "- id: illegal-move-penalty\n", "- id: illegal-move-penalty\n  id: illegal-move-penalty\n"
        ),
        ("build",),
        R,
        "duplicate key 'id'",
    ),
    "rules unknown key": Case(
        "rules",
        replace(R, "- id: illegal-move-penalty\n", "- id: illegal-move-penalty\n  colour: blue\n"),
        ("build",),
        R,
        "unknown key",
    ),
    "rules labels as a string": Case(
        "rules",
        rule_file(GOOD_RULE.format(labels='"7.5.1"')),
        ("build",),
        "kb/rules/zz-bad.yaml:1",
        "list of strings",
    ),
    "rules unquoted number label": Case(
        "rules",
        rule_file(GOOD_RULE.format(labels="[7.10]")),
        ("build",),
        "kb/rules/zz-bad.yaml:1",
        "quote labels",
    ),
    "rules file not a list": Case(
        "rules", rule_file("id: x\n"), ("build",), "kb/rules/zz-bad.yaml", "expected a list"
    ),
    "rules used by show": Case(
        "rules",
        replace(R, "- id: illegal-move-penalty", "- id: [x"),
        ("show", "illegal-move-penalty"),
        R,
        "invalid YAML",
    ),
    # --- kb/terms.yaml ------------------------------------------------------------------------
    "terms latin-1 byte": Case(
        "terms", latin1_byte("kb/terms.yaml", 1), ("build",), "kb/terms.yaml:1", "not UTF-8"
    ),
    "terms as a string": Case(
        "terms",
        replace("kb/terms.yaml", "    da-2017: [dommer]", "    da-2017: dommer"),
        ("build",),
        "kb/terms.yaml",
        "must be a list of strings",
    ),
    "terms unknown key": Case(
        "terms",
        replace("kb/terms.yaml", "- id: arbiter\n", "- id: arbiter\n  colour: blue\n"),
        ("build",),
        "kb/terms.yaml",
        "unknown key",
    ),
    "terms duplicate concept": Case(
        "terms",
        replace(
            "kb/terms.yaml", "- id: arbiter\n  en: arbiter\n", "- id: arbiter\n  en: arbiter\n  en: umpire\n"
        ),
        ("build",),
        "kb/terms.yaml",
        "duplicate key 'en'",
    ),
    # --- kb/overrides.yaml --------------------------------------------------------------------
    "overrides yaml syntax": Case(
        "overrides",
        write("kb/overrides.yaml", "- {edition: da-2001, label: [\n"),
        ("build",),
        "kb/overrides.yaml",
        "invalid YAML",
    ),
    "overrides unknown edition": Case(
        "overrides",
        write(
            "kb/overrides.yaml", '- {edition: xx-1999, label: "7.4", rule: illegal-move-penalty, reason: r}\n'
        ),
        ("build",),
        "kb/overrides.yaml:1",
        "unknown edition 'xx-1999'",
    ),
    "overrides unknown label": Case(
        "overrides",
        write(
            "kb/overrides.yaml",
            '- {edition: da-2001, label: "99.9", rule: illegal-move-penalty, reason: r}\n',
        ),
        ("build",),
        "kb/overrides.yaml:1",
        "no provision '99.9'",
    ),
    "overrides unknown rule": Case(
        "overrides",
        write("kb/overrides.yaml", '- {edition: da-2001, label: "7.4.b", rule: no-such-rule, reason: r}\n'),
        ("build",),
        "kb/overrides.yaml:1",
        "unknown rule",
    ),
    "overrides missing reason": Case(
        "overrides",
        write("kb/overrides.yaml", '- {edition: da-2001, label: "7.4.b", rule: illegal-move-penalty}\n'),
        ("build",),
        "kb/overrides.yaml:1",
        "missing key(s) reason",
    ),
    # --- kb/scenarios (check) -----------------------------------------------------------------
    "scenario illegal fen": Case(
        "scenarios", scenario('{fen: "8/8/8/9/8/8/8/8 w - - 0 1"}'), ("check",), "zz-bad.yaml", "illegal FEN"
    ),
    "scenario two black kings": Case(
        "scenarios",
        scenario('{fen: "k6k/8/8/8/8/8/8/4K3 w - - 0 1"}', "[{flag_fall: {by: white}}]"),
        ("check",),
        "zz-bad.yaml",
        "more than one king",
    ),
    "scenario by purple": Case(
        "scenarios", scenario(events="[{flag_fall: {}, by: purple}]"), ("check",), "zz-bad.yaml", "by: purple"
    ),
    "scenario nested by purple": Case(
        "scenarios", scenario(events="[{flag_fall: {by: purple}}]"), ("check",), "zz-bad.yaml", "by: purple"
    ),
    "scenario unknown event detail": Case(
        "scenarios",
        scenario(events="[{late_arrival: {by: black, minute: 20}}]"),
        ("check",),
        "zz-bad.yaml",
        "unknown key(s) minute",
    ),
    "scenario missing event detail": Case(
        "scenarios",
        scenario(events="[{draw_claim: {move: Nf3}}]"),
        ("check",),
        "zz-bad.yaml",
        "missing key(s) ground",
    ),
    "scenario bad san in setup": Case(
        "scenarios", scenario('{moves: "1. e4 e5 2. Ke9"}'), ("check",), "zz-bad.yaml", "Ke9"
    ),
    "scenario illegal event move": Case(
        "scenarios", scenario(events="[{move: Ke2}]"), ("check",), "zz-bad.yaml", "not legal"
    ),
    "scenario san gibberish": Case(
        "scenarios", scenario(events="[{move: Zz9}]"), ("check",), "zz-bad.yaml", "not a move in SAN"
    ),
    "scenario bad uci": Case(
        "scenarios", scenario(events="[{illegal_move: e2e9}]"), ("check",), "zz-bad.yaml", "UCI"
    ),
    "scenario bad time control": Case(
        "scenarios", scenario('{time_control: "ninety"}'), ("check",), "zz-bad.yaml", "not a time control"
    ),
    "scenario time control 0+0": Case(
        "scenarios", scenario('{time_control: "0+0"}'), ("check",), "zz-bad.yaml", "no time at all"
    ),
    "scenario arabic-indic digits": Case(
        "scenarios", scenario('{time_control: "٩٠+٣٠"}'), ("check",), "zz-bad.yaml", "not a time control"
    ),
    "scenario bad clock": Case(
        "scenarios", scenario('{clocks: {white: "ten"}}'), ("check",), "zz-bad.yaml", "not a time"
    ),
    "scenario flag as text": Case(
        "scenarios", scenario('{arbiter_present: "no"}'), ("check",), "zz-bad.yaml", "true or false"
    ),
    "scenario yaml syntax": Case(
        "scenarios",
        write("kb/scenarios/zz-bad.yaml", "- id: [x\n"),
        ("check",),
        "zz-bad.yaml",
        "invalid YAML",
    ),
    "scenario rules as a string": Case(
        "scenarios",
        write(
            "kb/scenarios/zz-bad.yaml",
            SCENARIO.format(setup="{}", events="[]").replace(
                "[illegal-move-penalty]", "illegal-move-penalty"
            ),
        ),
        ("check",),
        "zz-bad.yaml",
        "'rules' must be a list",
    ),
    # --- what a careful user tries next -------------------------------------------------------
    "overrides unquoted label": Case(
        "overrides",
        write(
            "kb/overrides.yaml", "- {edition: da-2001, label: 14.1, rule: illegal-move-penalty, reason: r}\n"
        ),
        ("build",),
        "kb/overrides.yaml:1",
        "quote labels",
    ),
    "terms utf-16": Case("terms", reencode("kb/terms.yaml", "utf-16"), ("build",), "kb/terms.yaml", "UTF-16"),
    "rules conflict markers": Case(
        "rules", conflict(R, "- id: illegal-move-penalty"), ("build",), R, "merge-conflict markers"
    ),
    "scenario expect as a list": Case(
        "scenarios",
        write(
            "kb/scenarios/zz-bad.yaml",
            SCENARIO.format(setup="{}", events="[]").replace('    da-2017: {result: "*"}', "    - da-2017"),
        ),
        ("check",),
        "zz-bad.yaml",
        "'expect' must be a mapping",
    ),
    "scenario unknown reason": Case(
        "scenarios",
        write(
            "kb/scenarios/zz-bad.yaml",
            SCENARIO.format(setup="{}", events="[]").replace('{result: "*"}', "{reason: timeout}"),
        ),
        ("check",),
        "zz-bad.yaml:7",
        "reason 'timeout' for da-2017 must be one of",
    ),
    "scenario expected claim outside the vocabulary": Case(
        "scenarios",
        write(
            "kb/scenarios/zz-bad.yaml",
            SCENARIO.format(setup="{}", events="[]").replace('{result: "*"}', "{claim: granted}"),
        ),
        ("check",),
        "zz-bad.yaml:7",
        "claim 'granted' for da-2017 must be one of upheld, rejected",
    ),
    "generated editions conflict classify": Case(
        "generated",
        conflict(f"{G}/editions.yaml", "- approved_by: null"),
        ("classify", "12+0"),
        f"{G}/editions.yaml",
        "damaged (merge-conflict markers)",
    ),
    # --- kb/lint-accepted.yaml ----------------------------------------------------------------
    "lint-accepted yaml syntax": Case(
        "lint",
        write("kb/lint-accepted.yaml", "- {edition: [\n"),
        ("lint",),
        "kb/lint-accepted.yaml",
        "invalid YAML",
    ),
    # --- damaged kb/generated -----------------------------------------------------------------
    "generated conflict show": Case(
        "generated",
        conflict(f"{G}/alignment.yaml", "- confidence"),
        ("show", "illegal-move-penalty"),
        f"{G}/alignment.yaml",
        "damaged (merge-conflict markers); run 'chesslaws build'",
    ),
    "generated empty export": Case(
        "generated",
        write(f"{G}/alignment.yaml", ""),
        ("export", "alignment"),
        f"{G}/alignment.yaml",
        "damaged (empty file)",
    ),
    "generated empty check": Case(
        "generated",
        write(f"{G}/alignment.yaml", ""),
        ("check",),
        f"{G}/alignment.yaml",
        "damaged (empty file)",
    ),
    "generated truncated provisions diff": Case(
        "generated",
        truncate(f"{G}/provisions/da-2017.yaml", 0.5),
        ("diff", "da-2001", "da-2017"),
        f"{G}/provisions/da-2017.yaml",
        "damaged",
    ),
    "generated unknown kind diff": Case(
        "generated",
        replace(f"{G}/provisions/da-2017.yaml", "kind: item", "kind: clause"),
        ("diff", "da-2001", "da-2017"),
        f"{G}/provisions/da-2017.yaml",
        "unknown kind 'clause'",
    ),
    "generated unknown method export": Case(
        "generated",
        replace(f"{G}/alignment.yaml", "method: anchor", "method: guess"),
        ("export", "alignment"),
        f"{G}/alignment.yaml",
        "unknown method 'guess'",
    ),
    "generated graph export": Case(
        "generated",
        write(f"{G}/graph.yaml", "nodes: []\n"),
        ("export", "graph"),
        f"{G}/graph.yaml",
        "damaged",
    ),
    "generated parameters lint": Case(
        "generated",
        write(f"{G}/provisions/hu-2018.yaml", "[]\n"),
        ("lint",),
        f"{G}/provisions/hu-2018.yaml",
        "damaged",
    ),
    "generated missing classify": Case(
        "generated",
        lambda r: (r / G / "editions.yaml").unlink(),
        ("classify", "12+0"),
        f"{G}/editions.yaml",
        "not built yet",
    ),
    # --- time controls on the command line ----------------------------------------------------
    "classify 0+0": Case("classify", lambda r: None, ("classify", "0+0"), "'0+0'", "no time at all"),
    "classify huge": Case(
        "classify",
        lambda r: None,
        ("classify", "99999999999999999999999+0"),
        "'99999999999999999999999+0'",
        "more than",
    ),
    "classify arabic-indic": Case("classify", lambda r: None, ("classify", "١٢+٠"), "'١٢+٠'", "ASCII digits"),
    "classify negative": Case(
        "classify", lambda r: None, ("classify", "-5+0"), "classify", "No such option '-5'"
    ),
    # --- texts that look damaged: warnings, exit 0 --------------------------------------------
    "warn text cut off": Case(
        "damage",
        truncate("corpus/da-2017.txt", 0.3),
        ("build",),
        "corpus/da-2017.txt",
        "are missing",
        warning=True,
        editions=("da-2017",),
    ),
    "warn articles swapped": Case(
        "damage",
        swap_articles("corpus/sv-2009.txt", "\n§ 7:", "\n§ 8:", "\n§ 9:"),
        ("build",),
        "corpus/sv-2009.txt",
        "out of order",
        warning=True,
        editions=("sv-2009",),
    ),
    "warn rule names unknown label": Case(
        "damage",
        replace(R, 'da-2017: ["7.5.1"', 'da-2017: ["7.5.99", "7.5.1"'),
        ("build",),
        R,
        "7.5.99",
        warning=True,
        editions=("da-2017",),
    ),
}


# ------------------------------------------------------------------- round three (issue 20)


def alias_bomb(levels: int, indent: str) -> str:
    """A "billion laughs": each level a list of nine aliases of the level before."""
    lines = [f'{indent}a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"{indent}a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def symlink(relative: str, target: str, entry: tuple[str, str] | None = None) -> Edit:
    """`relative` made a symlink to `target` (relative to the copy's root, created when missing);
    with `entry`, editions.yaml's `old` text replaced by `new`."""

    def edit(root: Path) -> None:
        aim = Path(target) if target.startswith("/") else root / target
        if not aim.exists():
            aim.write_text("root:x:0:0:root:/root:/bin/bash\n" * 50, encoding="utf-8")
        (root / relative).symlink_to(aim)
        if entry:
            replace(E, *entry)(root)

    return edit


def remove(relative: str) -> Edit:
    return lambda root: (root / relative).unlink()


def both(*edits: Edit) -> Edit:
    def edit(root: Path) -> None:
        for one in edits:
            one(root)

    return edit


RULE = """- id: {id}
  title: A rule of the bad-input table
  summary: Only here to be broken.
  topic: misc
{extra}  provisions:
    {edition}: [{labels}]
"""
L = "kb/languages/da.yaml"
MATE = '{moves: "1. f3 e5 2. g4"}'  # 2... Qh4 is mate
STALEMATE = '{fen: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}'  # black to move has none

ROUND_THREE: dict[str, Case] = {
    # --- escaping the corpus --------------------------------------------------------------
    "text symlink out of the corpus": Case(
        "escape",
        symlink("corpus/pw.txt", "outside.txt", ("file: sv-2009.txt", "file: pw.txt")),
        ("build",),
        f"{E}:57",
        "leads outside the corpus directory",
    ),
    "text symlink to /etc/passwd": Case(
        "escape",
        symlink("corpus/pw.txt", "/etc/passwd", ("file: sv-2009.txt", "file: pw.txt")),
        ("build",),
        f"{E}:57",
        "leads outside the corpus directory",
    ),
    "text absolute path": Case(
        "escape",
        replace(E, "file: sv-2009.txt", "file: /etc/passwd"),
        ("build",),
        f"{E}:57",
        "inside the corpus",
    ),
    "text path with ..": Case(
        "escape", replace(E, "file: sv-2009.txt", "file: ../kb/terms.yaml"), ("build",), f"{E}:57", "inside"
    ),
    "corpus folder symlinked out of the corpus": Case(
        "escape",
        both(
            lambda r: (r / "elsewhere").mkdir(),
            symlink("corpus/sub", "elsewhere"),
            lambda r: (r / "elsewhere" / "t.txt").write_text("1.1 text\n"),
            replace(E, "file: sv-2009.txt", "file: sub/t.txt"),
        ),
        ("build",),
        f"{E}:57",
        "leads outside",
    ),
    # --- hangs: YAML aliases --------------------------------------------------------------
    "rules alias bomb in notes": Case(
        "hang",
        rule_file(
            RULE.format(
                id="zz-bomb",
                extra="  notes:\n    bomb:\n" + alias_bomb(9, "      "),
                edition="da-2017",
                labels='"7.5.1"',
            )
        ),
        ("build",),
        "kb/rules/zz-bad.yaml:8",
        "YAML alias *a0 refused",
    ),
    "editions alias bomb in numbering": Case(
        "hang",
        replace(E, "- id: sv-2009\n", "- id: sv-2009\n  numbering:\n" + alias_bomb(9, "    ")),
        ("build",),
        f"{E}:59",
        "YAML alias *a0 refused",
    ),
    "rules merge key": Case(
        "hang",
        rule_file(
            "- &base {id: zz-a, title: A, summary: S, topic: misc, provisions: {}}\n- {<<: *base, id: zz-b}\n"
        ),
        ("build",),
        "kb/rules/zz-bad.yaml:2",
        "YAML alias *base refused",
    ),
    "terms alias": Case(
        "hang",
        replace("kb/terms.yaml", "    da-2017: [dommer]", "    da-2017: &d [dommer]\n    nb-2014: *d"),
        ("build",),
        "kb/terms.yaml:",
        "YAML alias *d refused",
    ),
    "language file alias": Case(
        "hang", replace(L, "multiply: [gange]", "multiply: *x"), ("build",), L, "alias"
    ),
    "scenario alias bomb": Case(
        "hang",
        write(
            "kb/scenarios/zz-bad.yaml",
            "- id: x\n  notes:\n" + alias_bomb(8, "    ").replace("    a", "    - a"),
        ),
        ("check",),
        "kb/scenarios/zz-bad.yaml",
        "YAML alias *a0 refused",
    ),
    "generated file with an alias": Case(
        "hang",
        replace(
            f"{G}/editions.yaml",
            "- approved_by: null",
            "- approved_by: &n null\n  x: *n",
        ),
        ("classify", "12+0"),
        f"{G}/editions.yaml",
        "YAML alias *n refused",
    ),
    # --- tracebacks ---------------------------------------------------------------------------
    "text one 5 MB line": Case(
        "traceback",
        write("corpus/da-2017.txt", "7.1 Et træk. " * 400_000),
        ("build",),
        "corpus/da-2017.txt:1",
        "no line break",
    ),
    "language number word not a number": Case(
        "traceback", replace(L, " to: 2,", " to: two,"), ("build",), f"{L}:16", "'to' stands for 'two'"
    ),
    "language number word a fraction": Case(
        "traceback", replace(L, " to: 2,", " to: 2.5,"), ("build",), f"{L}:16", "not a whole number"
    ),
    "language number word yes": Case(
        "traceback", replace(L, " ti: 10,", " ti: yes,"), ("build",), f"{L}:16", "'ti' stands for True"
    ),
    "language ordinals as a list": Case(
        "traceback", replace(L, "ordinals: {første: 1,", "ordinals: [første,"), ("build",), L, "invalid YAML"
    ),
    # --- silent wrong results -----------------------------------------------------------------
    "language negative number word": Case(
        "silent", replace(L, " ti: 10,", " ti: -10,"), ("build",), f"{L}:16", "'ti' stands for -10"
    ),
    "language name does not match the file": Case(
        "silent",
        replace(L, "language: da", "language: sv"),
        ("build",),
        f"{L}:2",
        "does not match the file name",
    ),
    "editions fide_edition 2999": Case(
        "silent",
        replace(E, 'fide_edition: "2009"', 'fide_edition: "2999"'),
        ("build",),
        f"{E}:60",
        "fide_edition '2999' cannot be the Laws",
    ),
    "editions fide_edition before FIDE": Case(
        "silent",
        replace(E, 'fide_edition: "2009"', 'fide_edition: "1850"'),
        ("build",),
        f"{E}:60",
        "from 1929 on",
    ),
    "editions fide_edition 2999 asof": Case(
        "silent",
        replace(E, 'fide_edition: "2009"', 'fide_edition: "2999"'),
        ("asof", "2015-03-01"),
        f"{E}:60",
        "fide_edition '2999'",
    ),
    "editions language zz": Case(
        "silent",
        both(replace(E, "language: sv\n", "language: zz\n"), replace(E, "- id: sv-2009", "- id: zz-2009")),
        ("build",),
        f"{E}:58",
        "language 'zz' is not an ISO 639-1 code",
    ),
    "editions language three letters": Case(
        "silent", replace(E, "language: sv\n", "language: swe\n"), ("build",), f"{E}:58", "not an ISO 639-1"
    ),
    "rules one label under two rules": Case(
        "silent",
        rule_file(RULE.format(id="zz-twice", extra="", edition="da-2017", labels='"7.5.1"')),
        ("build",),
        "kb/rules/zz-bad.yaml:1",
        "names da-2017:7.5.1, already under rule '",
    ),
    "rules unknown edition da-2071": Case(
        "silent",
        rule_file(RULE.format(id="zz-future", extra="", edition="da-2071", labels='"1.1"')),
        ("build",),
        "kb/rules/zz-bad.yaml:1",
        "names edition 'da-2071': a year still to come",
    ),
    "rules edition that is no id": Case(
        "silent",
        rule_file(RULE.format(id="zz-typo", extra="", edition="da2017", labels='"1.1"')),
        ("build",),
        "kb/rules/zz-bad.yaml:1",
        "not an edition id",
    ),
    "rules parent cycle": Case(
        "silent",
        rule_file(
            RULE.format(id="zz-a", extra="  parent: zz-b\n", edition="da-2017", labels="")
            + RULE.format(id="zz-b", extra="  parent: zz-a\n", edition="da-2017", labels="")
        ),
        ("build",),
        "kb/rules/zz-bad.yaml",
        "rule parents go round in a circle: zz-a -> zz-b -> zz-a",
    ),
    "rules own parent": Case(
        "silent",
        rule_file(RULE.format(id="zz-self", extra="  parent: zz-self\n", edition="da-2017", labels="")),
        ("build",),
        "kb/rules/zz-bad.yaml:1",
        "zz-self -> zz-self",
    ),
    "rules unknown parent": Case(
        "silent",
        rule_file(RULE.format(id="zz-orphan", extra="  parent: zz-nobody\n", edition="da-2017", labels="")),
        ("build",),
        "kb/rules/zz-bad.yaml:1",
        "unknown parent 'zz-nobody'",
    ),
    "terms pattern (.*": Case(
        "silent",
        replace("kb/terms.yaml", "    da-2017: [dommer]", '    da-2017: [dommer, "(.*"]'),
        ("build",),
        "kb/terms.yaml:",
        "term '(.*' of da-2017 is not written as words",
    ),
    "terms pattern [a-": Case(
        "silent",
        replace("kb/terms.yaml", "    da-2017: [dommer]", '    da-2017: ["[a-"]'),
        ("build",),
        "kb/terms.yaml:",
        "term '[a-' of da-2017 is not written as words",
    ),
    "warn terms typo": Case(
        "silent",
        replace("kb/terms.yaml", "    da-2017: [dommer]", "    da-2017: [dommmer]"),
        ("build",),
        "kb/terms.yaml:",
        "term 'dommmer' does not occur in the text of da-2017",
        warning=True,
        editions=("da-2017",),
    ),
    "scenario clock negative": Case(
        "silent", scenario('{clocks: {white: "-5:00"}}'), ("check",), "zz-bad.yaml", "is negative"
    ),
    "scenario clock huge": Case(
        "silent",
        scenario("{clocks: {white: 1000000000000}}"),
        ("check",),
        "zz-bad.yaml",
        "more than 10000 minutes",
    ),
    "scenario clock 1:75:99": Case(
        "silent", scenario('{clocks: {white: "1:75:99"}}'), ("check",), "zz-bad.yaml", "below 60"
    ),
    "scenario clock nan": Case(
        "silent", scenario("{clocks: {white: .nan}}"), ("check",), "zz-bad.yaml", "'nan' is not a time"
    ),
    "scenario clock inf": Case(
        "silent", scenario("{clocks: {black: .inf}}"), ("check",), "zz-bad.yaml", "'inf' is not a time"
    ),
    "scenario clock above the time control": Case(
        "silent",
        scenario('{time_control: "90+30", clocks: {white: "3:00:00"}}'),
        ("check",),
        "zz-bad.yaml",
        "more than the time control 90+30 gives by move 1",
    ),
    "scenario spend negative": Case(
        "silent",
        scenario(events='[{move: e4, spend: "-99:00"}]'),
        ("check",),
        "zz-bad.yaml",
        "spend: '-99:00' is negative",
    ),
    "scenario time control with many decimals": Case(
        "silent", scenario('{time_control: "59.99999999+0"}'), ("check",), "zz-bad.yaml", "at most 2 decimals"
    ),
    "scenario expect unknown fide edition": Case(
        "silent",
        write(
            "kb/scenarios/zz-bad.yaml",
            SCENARIO.format(setup="{}", events="[]").replace("da-2017:", '"1999":'),
        ),
        ("check",),
        "zz-bad.yaml:7",
        "expect names the 1999 Laws, which no edition of the KB translates",
    ),
    "scenario move after checkmate": Case(
        "silent",
        scenario(MATE, "[{move: Qh4}, {move: a3}]"),
        ("check",),
        "zz-bad.yaml",
        "a3 comes after checkmate",
    ),
    "scenario move after stalemate": Case(
        "silent", scenario(STALEMATE, "[{move: Kh7}]"), ("check",), "zz-bad.yaml", "comes after stalemate"
    ),
    "classify 59.99999999+0": Case(
        "silent", lambda r: None, ("classify", "59.99999999+0"), "'59.99999999+0'", "at most 2 decimals"
    ),
    "classify 0.0000001+0": Case(
        "silent", lambda r: None, ("classify", "0.0000001+0"), "'0.0000001+0'", "at most 2 decimals"
    ),
    "classify 1e-07+0": Case(
        "silent", lambda r: None, ("classify", "1e-07+0"), "'1e-07+0'", "not a time control"
    ),
    "classify nan": Case("silent", lambda r: None, ("classify", "nan+0"), "'nan+0'", "not a time control"),
    "classify comma decimal": Case(
        "silent", lambda r: None, ("classify", "1,5+0"), "'1,5+0'", "not a time control"
    ),
    "warn corpus text edited without rebuilding": Case(
        "stale",
        replace("corpus/da-2017.txt", "60 minutter", "70 minutter"),
        ("classify", "12+0"),
        "corpus/da-2017.txt",
        "kb/generated is out of date",
        warning=True,
    ),
    "warn corpus text deleted without rebuilding": Case(
        "stale",
        remove("corpus/hu-2018.txt"),
        ("show", "illegal-move-penalty"),
        "corpus/hu-2018.txt",
        "kb/generated is out of date",
        warning=True,
    ),
    "warn rule names an edition the corpus lacks": Case(
        "silent",
        lambda r: None,
        ("build",),
        "kb/rules/",
        "which corpus/editions.yaml does not list",
        warning=True,
        editions=("da-2017",),
    ),
    # --- debatable, decided -------------------------------------------------------------------
    "generated provisions file deleted show": Case(
        "debatable",
        remove(f"{G}/provisions/da-2017.yaml"),
        ("show", "da-2017:7.5.1"),
        f"{G}/provisions/da-2017.yaml",
        "kb/generated is damaged; run 'chesslaws build'",
    ),
    "generated provisions file deleted diff": Case(
        "debatable",
        remove(f"{G}/provisions/da-2017.yaml"),
        ("diff", "da-2001", "da-2017"),
        f"{G}/provisions/da-2017.yaml",
        "damaged",
    ),
    "generated provisions file deleted export": Case(
        "debatable",
        remove(f"{G}/provisions/hu-2018.yaml"),
        ("export", "provisions"),
        f"{G}/provisions/hu-2018.yaml",
        "damaged",
    ),
    "search a pasted file as the query": Case(
        "hang", lambda r: None, ("search", "a" * 100_000), "search", "at most 1,000"
    ),
    "search a hash-like word": Case(
        "hang", lambda r: None, ("search", "x" * 1_001), "search", "the query has 1,001 characters"
    ),
    "site into /etc": Case("debatable", lambda r: None, ("site", "--site-dir", "/etc"), "/etc", "refusing"),
    "site out over /etc": Case(
        "debatable", lambda r: None, ("site", "--out", "/etc"), "/etc", "was not created by chesslaws"
    ),
}
LONG = "x" * 90_000  # a pasted file given as an argument
# Round four (issue 20, the 30-second bound): what tools/adversarial_inputs.py found or tried.
ROUND_FOUR: dict[str, Case] = {
    "editions two entries naming one text": Case(
        "load",
        replace(E, "file: da-2017.txt", "file: sv-2009.txt"),
        ("build",),
        E,
        "names the text of sv-2009",
    ),
    "ruling time limit not a number": Case(
        "load", lambda r: None, ("ruling", "--time-limit", "nan", "flag_fall"), "ruling", "--time-limit"
    ),
    "check time limit negative": Case(
        "load", lambda r: None, ("check", "--time-limit", "-5"), "check", "0 or more"
    ),
    "show time limit infinite": Case(
        "load", lambda r: None, ("show", "loss-on-time", "--time-limit", "inf"), "show", "--time-limit"
    ),
    "asof a pasted file": Case(
        "load", lambda r: None, ("asof", LONG), "'xxxxxxxx", "(90,002 characters) is not a date"
    ),
    "classify a pasted file": Case(
        "load", lambda r: None, ("classify", "1" * 50_000 + "+0"), "time control '1111", "(50,005 characters)"
    ),
    "ruling a pasted FEN": Case(
        "load", lambda r: None, ("ruling", "--fen", "8/" * 45_000, "flag_fall"), "ruling", "illegal FEN"
    ),
    "ruling a pasted event": Case(
        "load", lambda r: None, ("ruling", "move: " + LONG), "ruling: event 1", "characters)"
    ),
    "diff pasted edition ids": Case(
        "load", lambda r: None, ("diff", LONG, LONG), "unknown edition 'xxxx", "(90,002 characters) (known:"
    ),
    "export a pasted edition": Case(
        "load", lambda r: None, ("export", "provisions", "--edition", LONG), "export", "unknown edition"
    ),
    "kit pasted editions": Case(
        "load",
        lambda r: None,
        ("kit", "--from", LONG, "--to", "da-2017", "--out", "kit"),
        "kit",
        "characters)",
    ),
    "languages draft a pasted code": Case(
        "load",
        lambda r: None,
        ("languages", "draft", LONG),
        "'xxxxxxxx",
        "characters) is not a language code",
    ),
}


def append(relative: str, text: str) -> Edit:
    def edit(root: Path) -> None:
        with (root / relative).open("a", encoding="utf-8") as handle:
            handle.write(text)

    return edit


AGAIN = (
    "\n- id: da-2017\n  file: again.txt\n  language: da\n  fide_edition: '2017'\n  in_force: '2017-07-01'\n"
)
# Round five (issue 20 walked again, the next things a careful user tries): huge values, pasted
# values in warnings, one thing named twice, empty arguments.
ROUND_FIVE: dict[str, Case] = {
    "language number word of 401 digits": Case(
        "load", replace(L, "ti: 10,", "ti: 1" + "0" * 400 + ","), ("build",), L, "a number of 401 digits",
        editions=("da-2017",),
    ),
    "terms a pasted term": Case(
        "load", replace("kb/terms.yaml", "da-2017: [dommer]", "da-2017: [dommer, " + "dommer" * 8_000 + "]"),
        ("build",), "kb/terms.yaml", "... (48,002 characters) does not occur in the text of da-2017",
        warning=True, editions=("da-2017",),
    ),
    "editions one id twice": Case(
        "load", both(write("corpus/again.txt", "1.1 Skak.\n"), append(E, AGAIN)), ("build",), E,
        "edition id da-2017 appears twice", editions=("da-2017",),
    ),
    "editions in force on 30 February": Case(
        "load", replace(E, "in_force: '2017-07-01'", "in_force: '2017-02-30'"), ("build",), E,
        "'2017-02-30' is not an ISO date", editions=("da-2017",),
    ),
    "diff one edition with itself": Case(
        "load", lambda r: None, ("diff", "da-2017", "da-2017"), "diff", "two different editions"
    ),
    "kit one edition both ways": Case(
        "load", lambda r: None, ("kit", "--from", "da-2017", "--to", "da-2017", "--out", "kit"), "kit",
        "the same edition",
    ),
    "export one edition twice": Case(
        "load", lambda r: None, ("export", "tmx", "--edition", "da-2017", "--edition", "da-2017"), "kb",
        "named twice",
    ),
    "search an empty query": Case("load", lambda r: None, ("search", ""), "query", "is empty"),
    "asof a date with a time": Case(
        "load", lambda r: None, ("asof", "2017-07-01T00:00"), "2017-07-01T00:00", "is not a date"
    ),
    "show an empty label": Case("load", lambda r: None, ("show", "da-2017:"), "da-2017", "no provision"),
    "ruling an empty event": Case(
        "load", lambda r: None, ("ruling", ""), "ruling: event 1", "an empty event must be a mapping"
    ),
}  # fmt: skip
CASES.update(ROUND_THREE)
CASES.update(ROUND_FOUR)
CASES.update(ROUND_FIVE)


def test_the_table_is_large_enough() -> None:
    assert len(CASES) >= 40
    assert len(ROUND_THREE) >= 40 and len({c.category for c in ROUND_THREE.values()}) >= 5
    assert len(ROUND_FIVE) >= 5
    assert len({c.category for c in CASES.values()}) >= 10


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input(tmp_path: Path, name: str) -> None:
    case = CASES[name]
    root = project(tmp_path, case.editions)
    case.edit(root)
    skip = "kb/generated" if case.warning else None
    before = fingerprint(root / "corpus", root / "kb", skip=skip)
    code, out, err = run(root, *case.args)
    lines = err.splitlines()
    assert "Traceback" not in out + err
    named = str(root / case.file) if "/" in case.file else case.file  # else: no file, the argument
    if case.warning:
        assert code == 0, err
        assert lines and all(line.startswith("chesslaws: warning: ") for line in lines), err
        assert any(named in line and case.message in line for line in lines), err
    else:
        assert code == 2, (out, err)
        assert len(lines) == 1, err
        assert lines[0].startswith("chesslaws: ") and named in lines[0] and case.message in lines[0], err
    assert fingerprint(root / "corpus", root / "kb", skip=skip) == before
    assert not [p for p in (root / "kb").iterdir() if p.name.startswith(".generated")]


# --- faults of the machine: read-only file system, full disk (simulated: the tests run as root) --


def _fail_writes(monkeypatch: pytest.MonkeyPatch, code: int, under: Path) -> None:
    """Every attempt to create a directory or open a file for writing under `under` fails."""
    import builtins
    import os

    real_open, real_mkdir = builtins.open, os.mkdir

    def fake_open(file, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        if any(m in mode for m in "wax+") and str(file).startswith(str(under)):
            raise OSError(code, os.strerror(code), str(file))
        return real_open(file, mode, *args, **kwargs)

    def fake_mkdir(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(path).startswith(str(under)) and code == errno.EROFS:
            raise OSError(code, os.strerror(code), str(path))
        return real_mkdir(path, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", fake_open)
    monkeypatch.setattr(os, "mkdir", fake_mkdir)


@pytest.mark.parametrize(
    ("code", "message"), [(errno.EROFS, "Read-only file system"), (errno.ENOSPC, "No space left")]
)
def test_build_on_a_read_only_or_full_disk_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, message: str
) -> None:
    root = project(tmp_path, ("da-2001",))  # one edition: the failure is in writing, not in reading
    before = fingerprint(root / "corpus", root / "kb")
    _fail_writes(monkeypatch, code, root / "kb")
    status, _, err = run(root, "build")
    assert status == 2 and len(err.splitlines()) == 1, err
    assert err.startswith(f"chesslaws: {root / 'kb' / 'generated'}: cannot write") and message in err
    monkeypatch.undo()
    assert fingerprint(root / "corpus", root / "kb") == before
    assert not [p for p in (root / "kb").iterdir() if p.name.startswith(".generated")]


def _site_project(tmp_path: Path) -> Path:
    """The small fixture KB (fast to render) with the real mkdocs.yml and hand-written pages."""
    root = tmp_path / "project"
    root.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    copy_site_sources(root / "site")
    shutil.copytree(ROOT / "tests" / "fixtures" / "corpus", root / "corpus")
    shutil.copytree(
        ROOT / "tests" / "fixtures" / "kb", root / "kb", ignore=shutil.ignore_patterns("generated")
    )
    return root


@pytest.fixture(scope="module")
def site_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = _site_project(tmp_path_factory.mktemp("site"))
    code, _, err = run(root, "build")
    assert code == 0, err
    return root


def _site(root: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[int, str, str]:
    monkeypatch.chdir(root)
    return run(root, "site", *args)


def _pages(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.suffix in (".md", ".html")
    }


def test_two_site_runs_give_identical_pages(site_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _site(site_project, monkeypatch, "--out", "public")
    assert code == 0, err
    first = (_pages(site_project / "site"), _pages(site_project / "public"))
    code, out, err = _site(site_project, monkeypatch, "--out", "public")
    assert code == 0, err
    assert "(0 files changed)" in out
    assert (_pages(site_project / "site"), _pages(site_project / "public")) == first
    assert len(first[0]) > 10 and len(first[1]) > 10


def test_a_failed_site_leaves_site_and_out_as_they_were(
    site_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from extract.site import render

    code, _, err = _site(site_project, monkeypatch, "--out", "public")
    assert code == 0, err
    before = (fingerprint(site_project / "site"), fingerprint(site_project / "public"))
    (site_project / "kb" / "rules" / "fixture.yaml").write_text(
        (site_project / "kb" / "rules" / "fixture.yaml").read_text().replace("title:", "title: CHANGED", 1)
    )

    def fail(*args: object, **kwargs: object) -> None:
        raise render.SiteError("mkdocs build failed:\nERROR - a page is broken")

    monkeypatch.setattr(render, "build_site", fail)
    code, _, err = _site(site_project, monkeypatch, "--out", "public")
    assert code == 2 and len(err.splitlines()) == 1 and "mkdocs.yml" in err and "a page is broken" in err
    assert (fingerprint(site_project / "site"), fingerprint(site_project / "public")) == before


def test_site_into_a_read_only_out_dir_is_one_line(
    site_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = site_project / "readonly" / "public"
    out.parent.mkdir()
    monkeypatch.chdir(site_project)
    before = fingerprint(site_project / "site")
    _fail_writes(monkeypatch, errno.EROFS, out.parent)
    code, _, err = run(site_project, "site", "--out", str(out))
    monkeypatch.undo()
    assert code == 2 and len(err.splitlines()) == 1, err
    assert str(out.parent) in err and "Read-only file system" in err
    assert fingerprint(site_project / "site") == before
    assert not any(out.parent.iterdir())


# --- reproducibility -----------------------------------------------------------------------------


def test_two_builds_in_separate_copies_are_byte_identical(tmp_path: Path, real_build: Built) -> None:
    corpus, kb = copy_project(tmp_path)  # the other copy is the session's build
    code, _, err = run(tmp_path, "build")
    assert code == 0 and not err, err
    tree = _tree(kb / "generated")
    assert tree == _tree(real_build.kb / "generated")
    assert tree == _tree(ROOT / "kb" / "generated")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_utf8_byte_order_mark_is_not_text(tmp_path: Path) -> None:
    from extract.io.editions import load_editions
    from extract.text.segment import segment

    corpus, _ = copy_project(tmp_path)
    path = corpus / "da-2001.txt"
    path.write_bytes(codecs.BOM_UTF8 + path.read_bytes())
    (corpus / "editions.yaml").write_bytes(codecs.BOM_UTF8 + (corpus / "editions.yaml").read_bytes())
    edition = next(e for e in load_editions(corpus) if e.id == "da-2001")
    first = segment(edition)[0]
    assert not edition.text.startswith("\ufeff") and not first.text.startswith("\ufeff")
    assert first.start == 0


# --- site: never delete or replace a page chesslaws did not write (issue 20) -----------------------


@pytest.mark.parametrize("site_dir", ["site", "mysite"])
def test_site_keeps_hand_written_pages_beside_generated_ones(
    site_project: Path, monkeypatch: pytest.MonkeyPatch, site_dir: str
) -> None:
    from extract.io.outputs import PAGES_MANIFEST

    docs = site_project / site_dir
    if not docs.exists():
        copy_site_sources(docs)
    code, _, err = _site(site_project, monkeypatch, "--out", "public", "--site-dir", site_dir)
    assert code == 0, err
    notes = docs / "rules" / "my-castling-notes.md"
    notes.write_text("# My castling notes\n\nWritten by hand.\n", encoding="utf-8")
    stale = sorted((docs / "rules").glob("*.md"))[0]  # a generated page the next render no longer writes
    listed = (docs / PAGES_MANIFEST).read_text(encoding="utf-8")
    assert stale.relative_to(docs).as_posix() in listed and "my-castling-notes" not in listed
    gone = docs / "rules" / "zz-dropped-rule.md"
    gone.write_bytes(stale.read_bytes())
    (docs / PAGES_MANIFEST).write_text(
        listed + listed.splitlines()[0].split("  ")[0] + "  rules/zz-edited-by-hand.md\n"
        f"{hashlib.sha256(gone.read_bytes()).hexdigest()}  rules/zz-dropped-rule.md\n",
        encoding="utf-8",
    )
    edited = docs / "rules" / "zz-edited-by-hand.md"
    edited.write_text("# Once generated, then edited by hand\n", encoding="utf-8")
    code, out, err = _site(site_project, monkeypatch, "--out", "public", "--site-dir", site_dir)
    assert code == 0, err
    assert notes.read_text(encoding="utf-8") == "# My castling notes\n\nWritten by hand.\n"
    assert edited.is_file(), "a generated page a person edited is theirs: not removed"
    assert not gone.exists(), "a page an earlier render wrote and this one dropped is removed"
    assert (site_project / "public" / "rules" / "my-castling-notes.html").is_file()
    assert "my-castling-notes" not in (docs / PAGES_MANIFEST).read_text(encoding="utf-8")


def test_site_refuses_to_replace_a_hand_written_page_with_a_generated_name(
    site_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = _site(site_project, monkeypatch, "--out", "public")
    assert code == 0, err
    page = site_project / "site" / "terms.md"
    listed = site_project / "site" / ".chesslaws-pages"
    original = listed.read_text(encoding="utf-8")
    listed.write_text("".join(x + "\n" for x in original.splitlines() if not x.endswith("  terms.md")))
    try:
        page.write_text("# My own terms page\n", encoding="utf-8")
        before = (fingerprint(site_project / "site"), fingerprint(site_project / "public"))
        code, _, err = _site(site_project, monkeypatch, "--out", "public")
        assert code == 2 and len(err.splitlines()) == 1, err
        assert "site/terms.md:" in err and "did not write" in err
        assert (fingerprint(site_project / "site"), fingerprint(site_project / "public")) == before
    finally:
        listed.write_text(original, encoding="utf-8")


def test_site_cleans_up_what_a_killed_run_left(site_project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    dead = 2**22 + 17  # above the default pid_max: no process has it
    leftovers = [
        site_project / f".public-{dead}-abcd1234",
        Path(tempfile.gettempdir()) / f"chesslaws-site-{dead}-abcd1234",
        Path(tempfile.gettempdir()) / f"chesslaws-mkdocs-{dead}-abcd1234",
    ]
    for folder in leftovers:
        (folder / "docs").mkdir(parents=True, exist_ok=True)
    alive = Path(tempfile.gettempdir()) / f"chesslaws-site-{__import__('os').getpid()}-keepme00"
    alive.mkdir(exist_ok=True)
    try:
        code, _, err = _site(site_project, monkeypatch, "--out", "public")
        assert code == 0, err
        assert not [f for f in leftovers if f.exists()]
        assert alive.is_dir()
    finally:
        shutil.rmtree(alive, ignore_errors=True)


# --- line endings, symlinked kb/generated, closed or full stdout, running elsewhere (issue 20) ----


@pytest.mark.parametrize("ending", ["crlf", "cr", "mixed"])
def test_any_line_ending_segments_like_lf(tmp_path: Path, ending: str) -> None:
    """CRLF, CR-only and mixed line ends give the provisions LF gives, with spans into the raw text."""
    from dataclasses import replace as changed

    from extract.io.editions import load_editions
    from extract.text.segment import segment

    edition = next(e for e in load_editions(ROOT / "corpus") if e.id == "nb-2014")
    lines = edition.text.split("\n")
    ends = {"crlf": ["\r\n"], "cr": ["\r"], "mixed": ["\r\n", "\n", "\r"]}[ending]
    text = "".join(line + ends[i % len(ends)] for i, line in enumerate(lines[:-1])) + lines[-1]
    lf = segment(edition)
    provisions = segment(changed(edition, text=text))
    assert [(p.label, p.kind, p.text) for p in provisions] == [(p.label, p.kind, p.text) for p in lf]
    assert len(lf) > 300

    def moved(offset: int) -> int:  # where an offset of the LF text lies in the rewritten text
        breaks = edition.text.count("\n", 0, offset)
        return offset + sum(len(ends[i % len(ends)]) - 1 for i in range(breaks))

    assert [(p.start, p.end) for p in provisions] == [(moved(p.start), moved(p.end)) for p in lf]


def test_build_through_a_symlinked_kb_generated_keeps_the_link(tmp_path: Path) -> None:
    corpus, kb = copy_project(tmp_path, ["da-2001"])
    elsewhere = tmp_path / "elsewhere" / "generated"
    elsewhere.mkdir(parents=True)
    (kb / "generated").symlink_to(elsewhere)
    code, _, err = run(tmp_path, "build")
    assert code == 0, err
    assert (kb / "generated").is_symlink() and (kb / "generated").resolve() == elsewhere.resolve()
    assert (elsewhere / "editions.yaml").is_file() and (elsewhere / "provisions" / "da-2001.yaml").is_file()


def _chesslaws(*args: str, **streams: object) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "extract.cli", *args]
    return subprocess.run(command, cwd=ROOT, text=True, stderr=subprocess.PIPE, check=False, **streams)  # type: ignore[call-overload]


def test_a_closed_stdout_is_bad_usage_not_a_silent_success() -> None:
    result = _chesslaws("classify", "12+0", stdout=None, pass_fds=(), preexec_fn=lambda: os.close(1))
    assert result.returncode == 2, result.stderr
    assert result.stderr == "chesslaws: standard output is closed: the answer could not be written anywhere\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_stdout_is_one_line_with_one_prefix() -> None:
    with open("/dev/full", "w") as full:
        result = _chesslaws("classify", "12+0", stdout=full)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("chesslaws: standard output: cannot write (No space left on device)")
    assert result.stderr.count("chesslaws:") == 1 and len(result.stderr.splitlines()) == 1


def test_run_outside_the_project_with_default_paths_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for args in (["classify", "12+0"], ["build"], ["search", "dommer"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, result.output
        assert len(result.stderr.splitlines()) == 1
        assert f"no kb in {tmp_path}: run chesslaws in the project folder or give --kb DIR" in result.stderr


def test_sigterm_runs_the_same_clean_up_as_an_error() -> None:
    import signal

    from extract.cli import site

    with pytest.raises(SystemExit) as stopped:
        site._stop(signal.SIGTERM, None)
    assert stopped.value.code == 128 + signal.SIGTERM


def test_a_long_word_is_never_split_into_compound_parts() -> None:
    """Splitting a word costs its length cubed: 1,000 letters took minutes; now none are tried."""
    from extract.reports.search_text import MAX_COMPOUND, Language

    words = Language("da", vocabulary={"skak": 3, "ur": 2, "spil": 4})
    assert words.split("skakspil") == ("skak", "spil")
    assert words.split("skakspil" * (MAX_COMPOUND // 8 + 1)) == ()
