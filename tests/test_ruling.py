"""`chesslaws ruling`: one situation from the command line, every edition's ruling; every event kind,
the "cannot checkmate by any series of legal moves" clauses read from each edition's text, and bad
input refused exactly as a scenario's."""

from __future__ import annotations

import json
from pathlib import Path

import chess
import pytest
from click.testing import CliRunner

from extract.arbiter import state
from extract.arbiter.law import load_laws
from extract.arbiter.runner import replay
from extract.arbiter.unwinnable import Mateability
from extract.cli import main
from extract.model.event import Event
from extract.model.ruling import EVENT_NAMES
from extract.model.scenario import ScenarioError, Setup

ROOT = Path(__file__).parent.parent
KB = str(ROOT / "kb")
EDITIONS = ["da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"]
OPENING = "1. e4 e5 2. Nf3 Nc6"
# White: king and pawn; Black: king and knight. Black can mate with White's help (the pawn blocks).
KNIGHT_AGAINST_PAWN = "8/8/4k3/8/8/8/4P3/4K1n1 w - - 0 1"
KNIGHT_AGAINST_KING = "8/8/4k3/8/8/8/8/4K1n1 w - - 0 1"
# Kings and locked pawns; White's g-pawn is one step from completing the wall (CHA: "--" after g5).
BEFORE_LOCK = "3k4/8/p2p2p1/P2P4/6P1/8/8/3K4 w - - 0 1"


def ruling(*args: str) -> tuple[int, dict[str, dict[str, object]], str]:
    """The rulings as data; no time limit (these tests are about the rulings, on a machine of any speed:
    tests/test_time_limits.py tests the limit)."""
    result = CliRunner().invoke(main, ["ruling", "--kb", KB, "--format", "json", "--time-limit", "0", *args])
    if result.exit_code != 0:
        return result.exit_code, {}, result.stderr
    rulings = json.loads(result.stdout)["rulings"]
    return 0, {r["edition"]: r for r in rulings}, result.stderr


# Every event kind through `ruling`: the arguments, an edition, and what its ruling must hold.
EVENT_CASES: list[tuple[str, list[str], str, dict[str, object]]] = [
    ("move", ["--moves", "1. f3 e5 2. g4", "move: Qh4"], "da-2017", {"result": "0-1", "reason": "checkmate"}),
    (
        "attempt",
        ["--moves", OPENING, "attempt: e1g1"],
        "nb-2014",
        {"result": "*", "ruling": {"legal": False}},
    ),
    ("illegal_move", ["--moves", OPENING, "illegal_move: e1e3"], "da-2017", {"result": "*"}),
    ("press_without_move", ["--moves", OPENING, "press_without_move"], "da-2017", {"result": "*"}),
    ("two_handed_move", ["--moves", OPENING, "two_handed_move: Bc4"], "da-2017", {"result": "*"}),
    (
        "promotion_incomplete",
        ["--fen", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "promotion_incomplete: a7a8"],
        "da-2017",
        {"result": "*"},
    ),
    (
        "colours_reversed",
        ["--moves", "1. e4 e5", "colours_reversed"],
        "da-2017",
        {"ruling": {"restart": True}},
    ),
    ("draw_offer", ["--moves", OPENING, "draw_offer"], "da-2017", {"result": "*"}),
    ("draw_accept", ["--moves", OPENING, "draw_offer", "draw_accept"], "da-2017", {"result": "1/2-1/2"}),
    (
        "draw_claim",
        ["--moves", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1", "draw_claim: {ground: threefold, move: Ng8}"],
        "da-2017",
        {"result": "1/2-1/2", "reason": "threefold"},
    ),
    (
        "flag_fall",
        ["--moves", OPENING, "flag_fall: {by: white}"],
        "da-2017",
        {"result": "0-1", "reason": "time"},
    ),
    ("both_flags", ["--moves", OPENING, "both_flags: {period: last}"], "nb-2014", {"result": "1/2-1/2"}),
    (
        "late_arrival",
        ["late_arrival: {by: black, minutes: 61}"],
        "da-2001",
        {"result": "1-0", "reason": "default"},
    ),
    (
        "electronic_device",
        ["--moves", OPENING, "electronic_device: {by: black}"],
        "da-2017",
        {"result": "1-0"},
    ),
    (
        "quickplay_claim",
        [
            "--time-control",
            "90+0",
            "--clocks",
            "{white: 1:30, black: 20:00}",
            "--quickplay-finish",
            "quickplay_claim: {by: white, decision: upheld}",
        ],
        "da-2017",
        {"result": "1/2-1/2", "reason": "quickplay-claim"},
    ),  # fmt: skip
    (
        "increment_request",
        [
            "--time-control",
            "90+0",
            "--clocks",
            "{white: 1:30, black: 20:00}",
            "--quickplay-finish",
            "increment_request: {by: white}",
        ],
        "da-2017",
        {"ruling": {"claim": "upheld"}},
    ),  # fmt: skip
    (
        "setup_claim",
        [
            "--moves",
            OPENING,
            "--time-control",
            "15+0",
            "--games-per-arbiter",
            "4",
            "setup_claim: {by: white}",
        ],
        "da-2017",
        {"ruling": {"claim": "upheld"}},
    ),
    (
        "scoresheet_view",
        ["--moves", OPENING, "--time-control", "15+0", "scoresheet_view: {by: white}"],
        "da-2017",
        {"ruling": {"request": "granted"}},
    ),
    ("board_check", ["board_check: 40"], "da-2017", {"ruling": {"board": "acceptable"}}),
]


def test_every_event_kind_has_a_case():
    assert sorted({name for name, *_ in EVENT_CASES}) == sorted(EVENT_NAMES)


@pytest.mark.parametrize(
    ("name", "args", "edition", "expected"), EVENT_CASES, ids=[c[0] for c in EVENT_CASES]
)
def test_every_event_kind_through_ruling(name, args, edition, expected):
    code, rulings, err = ruling(*args)
    assert code == 0, err
    assert list(rulings) == EDITIONS
    got = rulings[edition]
    for key, value in expected.items():
        if isinstance(value, dict):
            assert {k: got[key].get(k) for k in value} == value, (name, got)
        else:
            assert got[key] == value, (name, got)
    assert got["plain"] and "_" not in got["plain"].split("(")[0], got["plain"]  # words, not ids


def test_flag_fall_against_knight_and_pawn_is_a_win_with_a_replayable_helpmate():
    code, rulings, err = ruling("--fen", KNIGHT_AGAINST_PAWN, "flag_fall: {by: white}")
    assert code == 0, err
    for edition, r in rulings.items():
        assert (r["result"], r["reason"]) == ("0-1", "time"), edition
        [finding] = r["findings"]
        assert finding["colour"] == "black" and finding["can_checkmate"] is True
        board = chess.Board(KNIGHT_AGAINST_PAWN)
        for uci in finding["helpmate"]:
            board.push_uci(uci)
        assert board.is_checkmate() and board.turn == chess.WHITE
        assert r["articles"][0] == finding["article"]


def test_flag_fall_against_a_lone_knight_draws_citing_each_editions_article():
    code, rulings, err = ruling("--fen", KNIGHT_AGAINST_KING, "flag_fall: {by: white}")
    assert code == 0, err
    articles = {e: r["articles"] for e, r in rulings.items()}
    assert articles == {e: ["6.10" if e == "da-2001" else "6.9"] for e in EDITIONS}
    for edition, r in rulings.items():
        assert r["result"] == "1/2-1/2"
        [finding] = r["findings"]
        assert finding["can_checkmate"] is False and finding["wording"] in r["plain"]
        assert f"{edition} {finding['article']}" in r["plain"]


def test_locking_move_ends_the_game_under_each_editions_dead_position_article():
    code, rulings, err = ruling("--fen", BEFORE_LOCK, "move: g5")
    assert code == 0, err
    for edition, r in rulings.items():
        assert (r["result"], r["reason"]) == ("1/2-1/2", "dead-position"), edition
        assert r["articles"][0] == ("5.2.2" if edition in ("da-2017", "hu-2018") else "5.2.b")
        assert {f["colour"] for f in r["findings"]} == {"white", "black"}
        assert all(f["can_checkmate"] is False for f in r["findings"])


def test_text_output_names_each_edition_and_its_articles():
    result = CliRunner().invoke(
        main, ["ruling", "--kb", KB, "--fen", KNIGHT_AGAINST_KING, "flag_fall: {by: white}"]
    )
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    heads = [line.split(" ", 1)[0] for line in lines if not line.startswith(" ")]
    assert heads == EDITIONS
    assert "  articles: 6.10" in lines


def test_edition_option_and_pgn(tmp_path):
    pgn = tmp_path / "game.pgn"
    pgn.write_text('[Event "x"]\n[TimeControl "300+3"]\n\n1. e4 e5 2. Nf3 Nc6 *\n', encoding="utf-8")
    code, rulings, err = ruling("--pgn", str(pgn), "--edition", "nb-2014", "flag_fall: {by: black}")
    assert code == 0, err
    assert list(rulings) == ["nb-2014"]
    assert rulings["nb-2014"]["category"] == "blitz" and rulings["nb-2014"]["result"] == "1-0"


# Bad input: one line naming what is wrong, exit 2, as a scenario's setup or events would be refused.
BAD = [
    (["flag_fall: {by: purple}"], "ruling: event 1 (flag_fall: {by: purple})", "must be white or black"),
    (["--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "draw_offer"], "ruling", "no white king"),
    (["--moves", "1. e4 e5 2. Ke3", "draw_offer"], "ruling", "setup move 'Ke3' is not legal"),
    (["illegal_move: e2e4"], "ruling", "is a legal move"),
    (["--time-control", "0+0", "draw_offer"], "ruling", "gives no time at all"),
    (["--clocks", "{white: soon}", "draw_offer"], "ruling", "is not a time"),
    (["--games-per-arbiter", "0", "draw_offer"], "ruling", "games_per_arbiter must be a whole number"),
    (["--clocks", "{white: [", "draw_offer"], "ruling --clocks", "invalid YAML"),
    (["resign: white"], "ruling: event 1 (resign: white)", "must have exactly one of"),
    (["move: Zz9"], "ruling: event 1 (move: Zz9)", "is not a move in SAN"),
    (["--fen", KNIGHT_AGAINST_KING, "--pgn", "x.pgn", "draw_offer"], "ruling", "do not combine"),
    (["--edition", "xx-1999", "draw_offer"], "", "unknown edition 'xx-1999'"),
]


@pytest.mark.parametrize(("args", "where", "what"), BAD, ids=[b[2] for b in BAD])
def test_bad_input_is_one_line_and_exit_2(args, where, what):
    result = CliRunner().invoke(main, ["ruling", "--kb", KB, *args])
    assert result.exit_code == 2
    [line] = result.stderr.splitlines()
    assert line.startswith(f"chesslaws: {where}") and what in line, line


def test_bad_pgn_is_refused(tmp_path):
    pgn = tmp_path / "bad.pgn"
    pgn.write_text("1. e4 e5 2. Ke3 *\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["ruling", "--kb", KB, "--pgn", str(pgn), "draw_offer"])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"chesslaws: {pgn}: ") and "Ke3" in result.stderr


# The arbiter model on its own, with the analysis's answer given, to see each branch of the Laws.
@pytest.fixture(scope="module")
def laws():
    return load_laws(ROOT / "kb")


def answering(monkeypatch, answer: Mateability) -> None:
    monkeypatch.setattr(state, "mateability", lambda fen, side, budget=0: answer)


def test_undecided_means_the_arbiter_must_judge(monkeypatch, laws):
    answering(monkeypatch, Mateability(None, reason="the search budget ran out"))
    result = replay(laws["da-2017"], Setup(fen=KNIGHT_AGAINST_PAWN), [Event("flag_fall")])
    assert (result.result, result.reason) == ("*", "arbiter-must-judge")
    [finding] = result.findings
    assert finding.can_checkmate is None and finding.why == "the search budget ran out"
    from extract.reports.plain import finding_text, ruling_text

    assert ruling_text(result.as_dict(), "da-2017").startswith("The arbiter must judge")
    assert "the search budget ran out" in finding_text(finding, "da-2017")


def test_a_text_without_the_clause_gives_the_win_outright(monkeypatch, laws):
    """da-2001 7.4.b has no exception for an opponent who cannot mate; sv-2009 7.4.b has."""
    answering(monkeypatch, Mateability(False, reason="no mating material"))
    moves = [Event("illegal_move", "e1e2"), Event("illegal_move", "e1e3"), Event("illegal_move", "e1f3")]
    setup = Setup(fen=KNIGHT_AGAINST_KING)
    assert replay(laws["da-2001"], setup, moves).result == "0-1"
    assert replay(laws["sv-2009"], setup, moves).result == "1/2-1/2"


def test_clauses_are_read_from_each_editions_text(laws):
    """The provision of each rule that asks "can the opponent checkmate?", found by the edition's own
    word for checkmate; da-2001 7.4.b and the 2001/2009 rapid win-on-time claims have none."""
    clause = {e: {r: c.label for r, c in law.mate_clauses.items()} for e, law in laws.items()}
    assert clause["da-2001"]["loss-on-time"] == "6.10"
    assert "illegal-move-penalty" not in clause["da-2001"]
    assert clause["sv-2009"]["illegal-move-penalty"] == "7.4.b"
    assert clause["hu-2018"]["illegal-move-penalty"] == "7.5.5"
    assert clause["da-2001"]["blitz-illegal-move"] == "C.3"
    assert (
        "rapid-win-on-time-claim" not in clause["da-2001"]
        and "rapid-win-on-time-claim" not in clause["sv-2009"]
    )
    assert clause["nb-2014"]["rapid-win-on-time-claim"] == "A.4.c"
    assert {clause[e]["dead-position-ends-game"] for e in laws} == {"5.2.b", "5.2.2"}
    assert "bemattolni" in laws["hu-2018"].mate_clauses["illegal-move-penalty"].quote


def test_curated_no_draw_exception_agrees_with_the_text(laws):
    """The curated behaviour `no-draw-exception` and the clause read from the text say the same."""
    for edition, law in laws.items():
        if "illegal-move-penalty" in law.rules:
            curated = law.behaviour.get("illegal-move-penalty") == "no-draw-exception"
            assert curated == ("illegal-move-penalty" not in law.mate_clauses), edition


def test_an_undecided_dead_position_stops_play_for_the_arbiter(monkeypatch, laws):
    answering(monkeypatch, Mateability(None, reason="budget spent"))
    with pytest.raises(ScenarioError, match="arbiter-must-judge"):
        replay(laws["nb-2014"], Setup(fen=BEFORE_LOCK), [Event("move", "g5"), Event("move", "Ke7")])
    result = replay(laws["nb-2014"], Setup(fen=BEFORE_LOCK), [Event("move", "g5")])
    assert (result.result, result.reason) == ("*", "arbiter-must-judge")
    assert [f.label for f in result.findings] == ["5.2.b", "5.2.b"]
    assert result.rules == ["dead-position-ends-game", "dead-position-draw-restated"]


def test_an_edition_the_termbase_gives_no_checkmate_word_keeps_the_exception(monkeypatch, laws):
    """Its wording cannot be read, so the rule's exception holds (said, with no quote)."""
    from dataclasses import replace

    answering(monkeypatch, Mateability(False, reason="no mating material"))
    unread = replace(laws["da-2017"], mate_clauses={}, mate_terms=False)
    result = replay(unread, Setup(fen=KNIGHT_AGAINST_KING), [Event("flag_fall")])
    assert result.result == "1/2-1/2"
    assert result.findings[0].quote == ""


@pytest.mark.parametrize(
    ("setup", "event"),
    [({"clocks": {"white": "soon"}}, "draw_offer"), ({}, "flag_fall: {by: purple}"), ({}, "move: Zz9")],
)
def test_ruling_and_a_scenario_file_refuse_bad_input_in_the_same_words(tmp_path, setup, event):
    """One reading of a described game: the command line and a scenario file give the same message."""
    import yaml

    from extract.io.scenarios import load_scenarios
    from extract.model import InputError

    folder = tmp_path / "scenarios"
    folder.mkdir()
    entry = {
        "id": "x",
        "title": "x",
        "rules": ["loss-on-time"],
        "setup": setup,
        "events": [yaml.safe_load(event)],
    }
    entry["expect"] = {"2017": {"result": "*"}}
    (folder / "x.yaml").write_text(yaml.safe_dump([entry]), encoding="utf-8")
    with pytest.raises(InputError) as raised:
        load_scenarios(folder, {"loss-on-time"}, set(EDITIONS))
    args = [f"--{k}={yaml.safe_dump(v, default_flow_style=True).strip()}" for k, v in setup.items()]
    result = CliRunner().invoke(main, ["ruling", "--kb", KB, *args, event])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith(raised.value.message.removeprefix("scenario 'x': "))
