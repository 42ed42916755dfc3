"""Piece letters and notation examples: real corpus pins, hand-made fixtures, a property test."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import chess
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extract.io.editions import load_editions
from extract.model import Edition, Provision
from extract.text.notation import (
    check_notation,
    notation_findings,
    parse_move,
    piece_letters,
    replay_examples,
)
from extract.text.segment import segment

CORPUS = Path(__file__).parent.parent / "corpus"


@cache
def corpus() -> dict[str, tuple[Edition, list[Provision]]]:
    return {e.id: (e, segment(e)) for e in load_editions(CORPUS)}


@pytest.fixture(scope="module")
def editions(corpus_dir: Path) -> dict[str, tuple[Edition, list[Provision]]]:
    assert corpus_dir == CORPUS
    return corpus()


def sources(editions, edition_id):  # type: ignore[no-untyped-def]
    return {s.label: s for s in piece_letters(*editions[edition_id])}


# ---------------------------------------------------------------------------------------------
# Letters


@pytest.mark.parametrize(
    ("edition", "table", "appendix", "letters"),
    [
        ("da-2001", "2.2", "E.1", "KDTLS"),
        ("sv-2009", "2.2.table", "C.2", "KDTLS"),
        ("nb-2014", "2.2", "C.3", "KDTLS"),
        ("da-2017", "2.2.table", "C.2", "KDTLS"),
        ("hu-2018", "2.2.table", "C.2", "KVBFH"),
    ],
)
def test_letters_come_from_the_table_and_the_appendix(editions, edition, table, appendix, letters) -> None:  # type: ignore[no-untyped-def]
    found = sources(editions, edition)
    assert table in found and appendix in found
    assert "".join(found[appendix].letters[s] for s in "KQRBN") == letters
    text = editions[edition][0].text
    source = found[appendix]
    # the span holds the list as printed, first letter to last
    assert text[source.start] == letters[0] and text[source.end - 1] == letters[-1]
    assert set(found[appendix].letters.values()) <= set(text[source.start : source.end])


def test_table_letters_per_colour(editions) -> None:  # type: ignore[no-untyped-def]
    da2001 = sources(editions, "da-2001")["2.2"].letters
    assert [da2001[s] for s in "KQRBNP"] == list("KDTLSB")
    assert [da2001[s] for s in "kqrbnp"] == list("kdtlsb")  # black printed in lower case
    sv = sources(editions, "sv-2009")["2.2.table"].letters
    assert [sv[s] for s in "KQRBNP"] == list("KQRLNP")  # the table's letters, not the appendix's
    hu = sources(editions, "hu-2018")["2.2.table"].letters
    assert hu["N"] == "H" and hu["n"] == "B" and hu["r"] == "B"
    nb = sources(editions, "nb-2014")["2.2"].letters
    assert nb["Q"] == "D" and "P" not in nb  # "(engelsk Q)" is a gloss, pawns have no letter


def test_example_games_are_a_third_source(editions) -> None:  # type: ignore[no-untyped-def]
    for edition in ("sv-2009", "nb-2014", "da-2017", "hu-2018"):
        found = sources(editions, edition)
        appendix = next(s for s in found.values() if s.label[0] in "CE" and "example" not in s.label)
        games = [s for s in found.values() if "example" in s.label]
        assert games, edition
        for game in games:
            assert game.letters == {k: v for k, v in appendix.letters.items() if k in game.letters}


# ---------------------------------------------------------------------------------------------
# Findings on the real corpus


def findings(editions, edition):  # type: ignore[no-untyped-def]
    return notation_findings(*editions[edition])


def test_hu_2018_black_knight_b(editions) -> None:  # type: ignore[no-untyped-def]
    edition = editions["hu-2018"][0]
    letter = [f for f in findings(editions, "hu-2018") if f.kind == "piece-letter"]
    assert len(letter) == 1
    (f,) = letter
    assert f.severity == "error" and f.label == "2.2.table"
    assert edition.text[f.start : f.end] == "B"
    assert "huszár" in f.quote and "black knight" in f.message and "rook" in f.message


def test_da_2017_dx5(editions) -> None:  # type: ignore[no-untyped-def]
    edition = editions["da-2017"][0]
    wrong = [f for f in findings(editions, "da-2017") if f.kind == "notation-example"]
    assert [(f.label, f.quote, f.severity) for f in wrong] == [("C.9", "dx5", "error")]
    assert edition.text[wrong[0].start : wrong[0].end] == "dx5"
    assert "square of arrival" in wrong[0].message


def test_hu_2018_examples(editions) -> None:  # type: ignore[no-untyped-def]
    wrong = {
        (f.label, f.quote, f.severity) for f in findings(editions, "hu-2018") if f.kind == "notation-example"
    }
    assert wrong == {
        ("C.8", "ez-e5", "error"),  # long form: e7-e5 with the 7 read as z
        ("C.10.3.4", "Hdxf3", "error"),  # C.10.3.1 puts the knights on g1 and e1: Hexf3
        ("C.example", "e4", "warning"),  # the game's "1." is missing
    }


def test_sv_2009_table_uses_other_letters_than_the_appendix(editions) -> None:  # type: ignore[no-untyped-def]
    letter = [f for f in findings(editions, "sv-2009") if f.kind == "piece-letter"]
    assert sorted(f.quote.split("\t")[1] for f in letter) == ["N", "Q", "R"]
    assert not [f for f in findings(editions, "sv-2009") if f.kind == "notation-example"]


@pytest.mark.parametrize("edition", ["da-2001", "nb-2014"])
def test_clean_editions(editions, edition) -> None:  # type: ignore[no-untyped-def]
    assert findings(editions, edition) == []


# ---------------------------------------------------------------------------------------------
# Examples replayed


GAMES = {
    "da-2001": [33],  # 1.d4 ... 17.a5 osv.
    "sv-2009": [21],
    "nb-2014": [21],
    "da-2017": [21, 21],  # with and without capture marks
    "hu-2018": [21],
}


@pytest.mark.parametrize("edition", sorted(GAMES))
def test_example_games_replay_to_the_end(editions, edition) -> None:  # type: ignore[no-untyped-def]
    games = [r for r in replay_examples(*editions[edition]) if r.kind == "game"]
    assert [g.replayed for g in games] == GAMES[edition]
    assert all(g.ok and g.replayed == len(g.moves) for g in games)


@pytest.mark.parametrize("edition", sorted(GAMES))
def test_example_spans_point_into_the_raw_text(editions, edition) -> None:  # type: ignore[no-untyped-def]
    ed, provisions = editions[edition]
    results = replay_examples(ed, provisions)
    assert len([r for r in results if r.kind == "move"]) >= 10
    for r in results:
        assert ed.text[r.start : r.end] == r.quote
        if r.kind == "move":
            assert r.moves == (r.quote,)
        if r.problem_start is not None:
            assert r.start <= r.problem_start < r.problem_end <= r.end  # type: ignore[operator]


def test_disambiguation_examples_replay_in_the_position_the_text_gives(editions) -> None:  # type: ignore[no-untyped-def]
    results = replay_examples(*editions["da-2017"])
    replayed = {r.quote for r in results if r.kind == "move" and r.replayed}
    assert {"Sgf3", "Sef3", "S5f3", "S1f3", "Shf3", "Sdf3", "Sgxf3", "Sdxf3"} <= replayed
    da2001 = {r.quote for r in replay_examples(*editions["da-2001"]) if r.replayed}
    assert {"cxd5", "exd5"} <= da2001  # white pawns on c4 and e4, a black piece on d5


def test_counter_examples_are_not_examples(editions) -> None:  # type: ignore[no-untyped-def]
    quotes = {r.quote for r in replay_examples(*editions["da-2017"])}
    assert not {"be5", "Bd4", "ba5"} & quotes  # "ikke be5, Bd4, ba5": wrong on purpose


# ---------------------------------------------------------------------------------------------
# parse_move and check_notation

DA = {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "S"}


def test_parse_move_forms() -> None:
    board = chess.Board()
    assert parse_move(board, "Sf3", DA) == chess.Move.from_uci("g1f3")
    assert parse_move(board, "Sg1-f3", DA) == chess.Move.from_uci("g1f3")
    assert parse_move(board, "e2e4", DA) == chess.Move.from_uci("e2e4")
    for bad, reason in [("Nf3", "piece letter"), ("Sf4", "no knight"), ("dx5", "square of arrival")]:
        with pytest.raises(ValueError, match=reason):
            parse_move(board, bad, DA)
    board = chess.Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
    assert board.is_en_passant(parse_move(board, "exd6 e.p.", DA))
    assert parse_move(board, "ed6", DA) == chess.Move.from_uci("e5d6")
    with pytest.raises(ValueError, match="check"):
        parse_move(board, "Kd2+", DA)
    board = chess.Board("8/P3k3/8/8/8/8/8/4K3 w - - 0 1")
    assert parse_move(board, "a8D", DA).promotion == chess.QUEEN
    with pytest.raises(ValueError, match="promotion"):
        parse_move(board, "a8", DA)


def test_check_notation() -> None:
    for good in ["Le5", "Sgf3", "S5xf3", "exd6 e.p.", "0-0-0", "d8D", "exf8S", "Sg1f3", "e7e5", "a6a5"]:
        assert check_notation(good, DA) is None, good
    for bad in ["dx5", "ez-e5", "Bd4", "be5", "d7D", "Sa1b2", "e2e5", "Lxd8D"]:
        assert check_notation(bad, DA) is not None, bad


def translate(san: str, letters: dict[str, str], form: str, board: chess.Board, move: chess.Move) -> str:
    """python-chess SAN in an edition's letters: as SAN, without capture marks, or in long form."""
    if san.startswith("O-O"):
        return san.replace("O", "0")
    if form == "long":
        piece = board.piece_type_at(move.from_square)
        lead = "" if piece == chess.PAWN else letters[chess.piece_symbol(piece).upper()]  # type: ignore[arg-type]
        sep = "x" if board.is_capture(move) else "-"
        promo = letters[chess.piece_symbol(move.promotion).upper()] if move.promotion else ""
        return f"{lead}{chess.square_name(move.from_square)}{sep}{chess.square_name(move.to_square)}{promo}"
    out = letters[san[0]] + san[1:] if san[0] in "KQRBN" else san
    if "=" in out:
        i = out.index("=")
        out = out[: i + 1] + letters[out[i + 1]] + out[i + 2 :]
    if form == "no-x":
        out = out.replace("x", "")
    return out


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 80),
    edition=st.sampled_from(sorted(GAMES)),
    form=st.sampled_from(["san", "no-x", "long"]),
)
def test_translated_san_parses_back(seed: int, plies: int, edition: str, form: str) -> None:
    ed, provisions = corpus()[edition]
    appendix = next(
        s for s in piece_letters(ed, provisions) if s.label[0] in "CE" and "example" not in s.label
    )
    rng = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    moves = list(board.legal_moves)
    if not moves:
        return
    move = rng.choice(moves)
    token = translate(board.san(move), appendix.letters, form, board, move)
    assert parse_move(board, token, appendix.letters) == move


# ---------------------------------------------------------------------------------------------
# Hand-made fixtures

FIXTURE = """2.2 The pieces are:
A white king\tK
A white queen\tD
Two white rooks\tT
Two white bishops\tL
Two white knights\tS
Eight white pawns
A black king\tK
A black queen\tD
Two black rooks\tT
Two black bishops\tL
Two black knights\tS
Eight black pawns
C. Notation
C.2 Each piece has a letter. For example: K=King, D=Queen, T=Rook, L=Bishop, S=Knight.
C.8 Examples: Le5, Sf3, Td1.
C.10 Two knights on g1 and e1, one goes to f3: Sgf3 or Sef3.
Example game: 1.e4 e5 2.Sf3 Sc6 3.Lb5 a6 4.0-0 Sf6 5.Te1 osv.
"""


def fixture_edition(text: str) -> tuple[Edition, list[Provision]]:
    edition = Edition(
        id="xx-2000",
        language="da",
        title="fixture",
        fide_edition="2000",
        in_force="2000-01-01",
        congress=None,
        approved_by=None,
        approved_on=None,
        translator=None,
        notes=(),
        path=Path("fixture.txt"),
        text=text,
    )
    provisions = []
    lines = text.split("\n")
    offsets = [sum(len(x) + 1 for x in lines[:i]) for i in range(len(lines))]

    def prov(label: str, kind: str, first: int, last: int) -> Provision:
        start, end = offsets[first], offsets[last] + len(lines[last])
        return Provision("xx-2000", label, label, None, kind, None, text[start:end], start, end)

    provisions.append(prov("2.2", "item", 0, 12))
    provisions.append(prov("C", "article", 13, 13))
    provisions.append(prov("C.2", "appendix item", 14, 14))
    provisions.append(prov("C.8", "appendix item", 15, 15))
    provisions.append(prov("C.10", "appendix item", 16, 16))
    provisions.append(prov("C.example", "example", 17, 17))
    return edition, provisions


def test_clean_fixture_gives_no_finding() -> None:
    edition, provisions = fixture_edition(FIXTURE)
    assert notation_findings(edition, provisions) == []
    results = replay_examples(edition, provisions)
    (game,) = [r for r in results if r.kind == "game"]
    assert game.ok and game.replayed == 9 and game.quote.startswith("1.e4") and game.quote.endswith("5.Te1")
    assert {r.quote for r in results if r.kind == "move"} == {"Le5", "Sf3", "Td1", "Sgf3", "Sef3"}
    labels = {s.label: s.letters for s in piece_letters(edition, provisions)}
    assert labels["C.2"] == DA and labels["2.2"]["n"] == "S"


@pytest.mark.parametrize(
    ("old", "new", "kind", "quote", "reason"),
    [
        ("3.Lb5", "3.Lb6", "notation-example", "Lb6", "no bishop can move to b6"),
        ("3.Lb5", "3.Xb5", "notation-example", "Xb5", "not valid notation"),
        ("Td1.", "Tx5.", "notation-example", "Tx5", "not valid notation"),
        ("Sgf3 or", "Sdf3 or", "notation-example", "Sdf3", "no knight on the d-file"),
        (
            "knights\tS\nEight black",
            "knights\tT\nEight black",
            "piece-letter",
            "Two black knights\tT",
            "black knight",
        ),
    ],
)
def test_broken_fixture_gives_a_finding_not_a_crash(
    old: str, new: str, kind: str, quote: str, reason: str
) -> None:
    text = FIXTURE.replace(old, new, 1)
    assert text != FIXTURE
    edition, provisions = fixture_edition(text)
    found = notation_findings(edition, provisions)
    assert [(f.kind, f.quote) for f in found] == [(kind, quote)]
    assert reason in found[0].message
    assert text[found[0].start : found[0].end] in quote


def test_garbage_does_not_crash() -> None:
    edition, provisions = fixture_edition(FIXTURE.replace("1.e4 e5", "1.e9 e5 1.1.1 x", 1))
    found = notation_findings(edition, provisions)
    assert any(f.kind == "notation-example" for f in found)
