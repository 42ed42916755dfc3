"""The rulings matrix (extract/reports/rulings.py): situations in words, rulings marked where they change."""

from __future__ import annotations

from pathlib import Path

import chess

from extract.arbiter.check import CheckResult
from extract.model.event import Event
from extract.reports.rulings import event_words, matrix_text, rule_scenarios, rulings_matrix

ROOT = Path(__file__).resolve().parent.parent


def test_every_event_of_every_scenario_is_said_in_words() -> None:
    scenarios = rule_scenarios(ROOT / "kb")
    names = set()
    for scenario in scenarios:
        board = chess.Board(scenario.setup.fen) if scenario.setup.fen else chess.Board()
        for san in scenario.setup.moves:
            board.push_san(san)
        said = event_words(board, scenario.events)
        assert len(said) == len(scenario.events), scenario.id
        for event, words in zip(scenario.events, said, strict=True):
            names.add(event.name)
            assert words[0].isupper() and "_" not in words and "{" not in words, (scenario.id, words)
    assert len(names) >= 15  # nearly every kind of event is exercised by some scenario


def test_events_follow_the_board_and_the_player() -> None:
    events = [
        Event("illegal_move", "e1e3"),
        Event("move", "Nf3"),
        Event("move", "Nc6"),
        Event("flag_fall", None, "black"),
    ]
    board = chess.Board()
    said = event_words(board, events)
    assert said == [
        "White completes an illegal move: king e1–e3",
        "White plays Nf3",
        "Black plays Nc6",
        "Black's flag falls",
    ]
    assert board.fen() == chess.STARTING_FEN  # the caller's board is left alone


def _result(scenario: str, edition: str, actual: dict[str, object], error: str | None = None) -> CheckResult:
    return CheckResult(scenario, "t", edition, ("illegal-move-penalty",), True, {}, actual, {}, error, None)


def test_a_ruling_is_marked_where_it_differs_from_the_edition_before() -> None:
    [scenario] = [s for s in rule_scenarios(ROOT / "kb") if s.id == "illegal-move-second-standard"]
    goes_on = {"result": "*", "clock": {"white": "+0:00", "black": "+4:00"}}
    lost = {"result": "0-1", "reason": "illegal-moves"}
    results = [
        _result(scenario.id, "a", goes_on),
        _result(scenario.id, "b", lost),
        _result(scenario.id, "d", lost),
    ]
    matrix = rulings_matrix("illegal-move-penalty", "Penalty", [scenario], results, ["a", "b", "c", "d"])
    [row] = matrix.rows
    assert [c.changed if c else None for c in row.cells] == [False, True, None, False]
    assert row.cells[1] and row.cells[1].text == "Black wins: White's illegal move"
    assert matrix.differing == 1
    text = matrix_text(matrix)
    assert "   changed b  Black wins" in text and "           c  not ruled in this situation" in text
    # a scenario that names another rule is not a row; a rule without situations says so
    other = rulings_matrix("touch-move-own-piece", "Touch", [scenario], results, ["a"])
    assert other.rows == () and "no situation exercises this rule" in matrix_text(other)
