"""Scenario checks: the arbiter model against rulings written from each edition's text."""

import json
import shutil
from collections import defaultdict
from pathlib import Path

import chess
import pytest
import yaml
from click.testing import CliRunner

from extract.arbiter.check import expectation, fide_editions, run_scenarios
from extract.arbiter.events import apply
from extract.arbiter.law import Law, load_laws
from extract.arbiter.rulings.endings import consecutive_repetitions
from extract.arbiter.runner import replay
from extract.arbiter.state import Game
from extract.cli import main
from extract.io.kbfiles import read_generated
from extract.io.rules import load_rules
from extract.io.scenarios import load_scenarios
from extract.model.event import Event
from extract.model.scenario import Setup, san_moves

ROOT = Path(__file__).parent.parent
KB = ROOT / "kb"
FIXTURES = ROOT / "tests" / "fixtures" / "scenarios"


@pytest.fixture(scope="module")
def laws() -> dict[str, Law]:
    return load_laws(KB)


@pytest.fixture(scope="module")
def scenarios(laws):
    return load_scenarios(KB / "scenarios", {r.id for r in load_rules(KB)}, set(laws))


def kb_copy(tmp_path: Path) -> Path:
    kb = tmp_path / "kb"
    shutil.copytree(KB, kb)
    return kb


FIDE = fide_editions(KB)


def applies_to(scenario) -> set[str]:
    """The editions a scenario's expectations apply to (FIDE keys expand to every translation)."""
    return {e for e in FIDE if expectation(scenario, e, FIDE[e])[0] is not None}


def test_every_scenario_passes(scenarios, laws):
    results = run_scenarios(scenarios, laws, fide=FIDE)
    assert len(results) == 606 and all(r.checked for r in results)
    failed = [
        f"{r.scenario} [{r.edition}]: {r.error or (r.expected, r.actual)}" for r in results if not r.passed
    ]
    assert len({s.id for s in scenarios}) >= 80
    assert not failed, "\n".join(failed)


def test_every_parameter_rule_has_a_scenario_in_every_edition_that_states_it(scenarios):
    stated: dict[str, set[str]] = defaultdict(set)
    for row in read_generated(KB, "parameters.yaml"):
        stated[row["rule"]].add(row["edition"])
    covered: dict[str, set[str]] = defaultdict(set)
    for scenario in scenarios:
        for rule in scenario.rules:
            covered[rule] |= applies_to(scenario)
    missing = {
        rule: sorted(editions - covered[rule])
        for rule, editions in stated.items()
        if editions - covered[rule]
    }
    assert not missing


def test_every_scenario_quotes_its_editions(scenarios):
    missing = [f"{s.id}:{e}" for s in scenarios for e in sorted(applies_to(s)) if e not in s.quotes]
    assert not missing


def test_a_wrong_parameter_in_the_kb_makes_its_scenarios_fail(tmp_path):
    kb = kb_copy(tmp_path)
    path = kb / "generated" / "parameters.yaml"
    rows = yaml.safe_load(path.read_text(encoding="utf-8"))
    for row in rows:
        if row["parameter"] == "illegal_move.loss_on" and row["edition"] == "sv-2009":
            assert row["value"] == 3
            row["value"] = 2
    path.write_text(yaml.safe_dump(rows, allow_unicode=True, sort_keys=True), encoding="utf-8")
    result = CliRunner().invoke(
        main, ["check", "--kb", str(kb), "--format", "json", "--no-benchmark", "--time-limit", "0"]
    )
    assert result.exit_code == 1
    failed = [r for r in json.loads(result.output)["results"] if not r["passed"]]
    assert failed and all(r["edition"] == "sv-2009" for r in failed)
    assert any("illegal-move-penalty" in r["rules"] for r in failed)
    assert all(
        r["parameters"].get("illegal_move.loss_on") == 2
        for r in failed
        if "illegal-move-penalty" in r["rules"]
    )


def test_a_flipped_expectation_makes_the_check_fail(tmp_path):
    kb = kb_copy(tmp_path)
    scenarios = kb / "scenarios"
    shutil.rmtree(scenarios)
    scenarios.mkdir()
    text = (FIXTURES / "basic.yaml").read_text(encoding="utf-8")
    (scenarios / "basic.yaml").write_text(text, encoding="utf-8")
    assert CliRunner().invoke(main, ["check", "--kb", str(kb)]).exit_code == 0
    flipped = text.replace('nb-2014: {result: "0-1"', 'nb-2014: {result: "1-0"')
    assert flipped != text
    (scenarios / "basic.yaml").write_text(flipped, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--kb", str(kb)])
    assert result.exit_code == 1
    assert "FAIL second-illegal-move [nb-2014]" in result.output
    assert "expected:" in result.output and "actual:" in result.output and "used:" in result.output


def test_fixture_scenarios_pass_under_the_real_kb():
    result = CliRunner().invoke(main, ["check", "--scenarios", str(FIXTURES), "--kb", str(KB)])
    assert result.exit_code == 0, result.output
    assert "2 scenarios, 8 checks, 0 failed" in result.output


@pytest.mark.parametrize(
    "body, message",
    [
        (
            "- id: x\n  title: t\n  rules: [no-such-rule]\n  events: []\n  expect: {da-2001: {}}\n",
            "unknown rule",
        ),
        (
            "- id: x\n  title: t\n  rules: [castling]\n  events: [{jump: e4}]\n  expect: {da-2001: {}}\n",
            "exactly one of",
        ),
        (
            "- id: x\n  title: t\n  rules: [castling]\n  events: []\n  expect: {xx-1999: {}}\n",
            "unknown edition",
        ),
        (
            "- id: x\n  title: t\n  rules: [castling]\n  events: []\n  expect: {da-2001: {score: 1}}\n",
            "may only use",
        ),
        (
            "- id: x\n  title: t\n  rules: [castling]\n  events: []\n  expect: {da-2001: {result: 2-0}}\n",
            "must be one of",
        ),
    ],
)
def test_bad_scenarios_are_input_errors_with_file_and_line(tmp_path, body, message):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "bad.yaml").write_text(body, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--scenarios", str(folder), "--kb", str(KB)])
    assert result.exit_code == 2
    assert f"{folder / 'bad.yaml'}:" in result.output and message in result.output


def test_an_inconsistent_scenario_is_a_failure_not_a_crash(laws, tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "s.yaml").write_text(
        "- id: x\n  title: t\n  rules: [castling]\n  events: [{illegal_move: e2e4}]\n"
        "  expect: {da-2001: {}}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["check", "--scenarios", str(folder), "--kb", str(KB)])
    assert result.exit_code == 1
    assert "'e2e4' is a legal move" in result.output


def test_fivefold_follows_each_editions_wording(laws):
    """python-chess counts five occurrences anywhere (the 2017 wording); nb-2014 wants an unbroken cycle."""
    setup = Setup(
        moves=san_moves(
            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nc3 Nc6 6. Nb5 Nb4 "
            "7. Nc3 Nc6 8. Nb1 Nb8 9. Nf3 Nf6 10. Ng1"
        )
    )
    assert replay(laws["da-2017"], setup, [Event("move", "Ng8")]).reason == "fivefold"
    assert replay(laws["nb-2014"], setup, [Event("move", "Ng8")]).result == "*"
    board = chess.Board()
    for san in san_moves("Nf3 Nf6 Ng1 Ng8 " * 4):
        board.push_san(san)
    assert consecutive_repetitions(board, 5) == 5 and board.is_fivefold_repetition()


def test_seventy_five_moves_yield_to_mate_on_the_last_move(laws):
    mate = Setup(fen="7k/8/6K1/8/8/8/8/R7 w - - 149 100")
    ruling = replay(laws["da-2017"], mate, [Event("move", "Ra8#")])
    assert (ruling.result, ruling.reason) == ("1-0", "checkmate")
    quiet = replay(laws["da-2017"], mate, [Event("move", "Rb1")])
    assert (quiet.result, quiet.reason) == ("1/2-1/2", "seventy-five-moves")
    assert replay(laws["da-2001"], mate, [Event("move", "Rb1")]).result == "*"


def test_every_number_the_engine_uses_comes_from_the_edition(laws):
    game = Game.start(laws["sv-2009"], Setup(moves=("e4", "e5")))
    apply(game, Event("illegal_move", "e1e3"))
    assert game.ruling.used["illegal_move.loss_on"] == laws["sv-2009"].parameters["illegal_move.loss_on"]
    assert (
        game.ruling.used["illegal_move.time_bonus"] == laws["sv-2009"].parameters["illegal_move.time_bonus"]
    )


def test_show_rule_lists_its_scenarios():
    result = CliRunner().invoke(main, ["show", "illegal-move-penalty", "--kb", str(KB)])
    assert result.exit_code == 0
    assert "scenarios:" in result.output and "pass  sv-2009" in result.output


def test_graph_links_rules_to_their_scenarios(scenarios):
    graph = read_generated(KB, "graph.yaml")
    edges = {(e["source"], e["target"]) for e in graph["edges"] if e["kind"] == "checked_by"}
    for scenario in scenarios:
        for rule in scenario.rules:
            assert (f"rule:{rule}", f"scenario:{scenario.id}") in edges
    assert any(e["kind"] == "sets" for e in graph["edges"])


def test_benchmark_against_python_chess_alone(scenarios, laws):
    from extract.arbiter.check import timed_run

    best = min((timed_run(scenarios, laws)[1] for _ in range(3)), key=lambda b: b.ratio)
    print(
        f"\ncheck {best.check_seconds * 1000:.1f} ms vs python-chess replaying {best.moves} moves "
        f"{best.replay_seconds * 1000:.1f} ms: x{best.ratio:.2f}"
    )
    assert best.moves > 0


def test_the_texts_own_examples_are_replayed_and_wrong_ones_are_findings(corpus_dir):
    from extract.arbiter.check import text_examples

    examples = text_examples(corpus_dir, KB)
    games = [x for x in examples if x.kind == "game"]
    assert {x.edition for x in games} == {"da-2001", "sv-2009", "nb-2014", "da-2017", "hu-2018"}
    assert all(x.ok and x.replayed == len(x.moves) for x in games)
    wrong = {(x.edition, x.label, x.quote) for x in examples if not x.ok}
    assert ("da-2017", "C.9", "dx5") in wrong
    result = CliRunner().invoke(main, ["check", "--scenarios", str(FIXTURES), "--kb", str(KB)])
    assert result.exit_code == 0 and "da-2017 C.9" in result.output


def test_behaviour_curated_for_an_edition_the_corpus_lacks_is_not_used(tmp_path: Path) -> None:
    """kb/rules carries behaviour keywords for da-2017 and hu-2018; a corpus of da-2001 alone still
    gets its Laws (it used to be a KeyError in `site` and `check`)."""
    from conftest import copy_project

    corpus, kb = copy_project(tmp_path, ["da-2001"])
    assert any("da-2017" in rule.behaviour for rule in load_rules(kb))
    result = CliRunner().invoke(main, ["build", "--corpus", str(corpus), "--kb", str(kb)])
    assert result.exit_code == 0, result.output
    laws = load_laws(kb)
    assert set(laws) == {"da-2001"} and laws["da-2001"].parameters["illegal_move.loss_on"] == 3


def test_a_per_colour_value_the_ruling_does_not_give_is_absent_not_none():
    """An edition whose text states no scoresheet limit rules no recording: the check fails and shows
    no colour, and the shown values stay readable (a None per colour broke `check`'s words)."""
    from extract.arbiter.check import compare
    from extract.model.ruling import RulingView

    passed, shown = compare({"recording": {"white": "exempt"}}, {"recording": {}})
    assert not passed and shown == {"recording": {}}
    RulingView.of(shown)
    assert compare(
        {"recording": {"white": "exempt"}}, {"recording": {"white": "exempt", "black": "required"}}
    )[0]


def test_an_uncurated_translation_takes_the_behaviour_its_laws_translations_agree_on() -> None:
    """A 2018 translation of the 2017 Laws nobody curated takes the keyword curated for every other
    translation of those Laws where they agree, none where they disagree, and never one of other Laws."""
    from dataclasses import dataclass, field

    from extract.arbiter.law import laws_behaviour, laws_translated
    from extract.model.kbrows import EditionRow
    from extract.model.laws import LawsEdition

    @dataclass
    class R:
        id: str
        behaviour: dict[str, str] = field(default_factory=dict)

    rows = tuple(
        EditionRow(e, e[:2], e, fide, in_force, f"{e}.txt")
        for e, fide, in_force in (
            ("da-2001", "2001", "2001-07-01"),
            ("da-2017", "2017", "2017-07-01"),
            ("hu-2018", "2017", "2018-01-01"),
            ("ka-2018", "2018", "2018-01-01"),  # a year kb/laws.yaml does not know: the Laws then in force
        )
    )
    laws = [LawsEdition(y, None, f"{y}-07-01", None) for y in ("2001", "2017", "2023")]
    laws_of = laws_translated(rows, laws)
    assert laws_of == {"da-2001": "2001", "da-2017": "2017", "hu-2018": "2017", "ka-2018": "2017"}
    rules = [
        R("agreed", {"da-2017": "after-both-moved", "hu-2018": "after-both-moved"}),
        R("split", {"da-2017": "loses", "hu-2018": "penalty"}),
        R("older", {"da-2001": "no-draw-exception"}),
    ]
    behaviour: dict[str, dict[str, str]] = {
        "da-2001": {"older": "no-draw-exception"},
        "da-2017": {"agreed": "after-both-moved", "split": "loses"},
        "hu-2018": {"agreed": "after-both-moved", "split": "penalty"},
        "ka-2018": {},
    }
    inherited = laws_behaviour(rules, laws_of, behaviour)  # type: ignore[arg-type]
    assert behaviour["ka-2018"] == {"agreed": "after-both-moved"}
    assert inherited == {"ka-2018": {"agreed": ("da-2017", "hu-2018")}}

    # where the translations disagree, those whose provision refers to the articles nearest the
    # edition's own decide: ka-2018's split rule names the penalty article as hu-2018's does
    penalty = frozenset({"illegal-move-penalty", "illegal-move-correction"})
    referred = {
        "da-2017": {"split": frozenset(), "agreed": frozenset()},
        "hu-2018": {"split": penalty, "agreed": frozenset({"other"})},
        "ka-2018": {"split": frozenset({"illegal-move-penalty"}), "agreed": frozenset()},
    }
    behaviour["ka-2018"] = {}
    inherited = laws_behaviour(rules, laws_of, behaviour, referred)  # type: ignore[arg-type]
    assert behaviour["ka-2018"] == {"agreed": "after-both-moved", "split": "penalty"}
    assert inherited["ka-2018"] == {"agreed": ("da-2017",), "split": ("hu-2018",)}
    # a provision that refers to nothing is nearest to the translation that refers to nothing
    referred["ka-2018"]["split"] = frozenset()
    behaviour["ka-2018"] = {}
    laws_behaviour(rules, laws_of, behaviour, referred)  # type: ignore[arg-type]
    assert behaviour["ka-2018"]["split"] == "loses"
    # one that shares no article with any of them takes nothing, even from a translation alone
    referred["ka-2018"]["split"] = frozenset({"unrelated"})
    behaviour["ka-2018"] = {}
    laws_behaviour(rules, laws_of, behaviour, referred)  # type: ignore[arg-type]
    assert "split" not in behaviour["ka-2018"]
    del behaviour["da-2017"]["split"], rules[1].behaviour["da-2017"]
    referred["ka-2018"]["split"] = frozenset()
    behaviour["ka-2018"] = {}
    laws_behaviour(rules, laws_of, behaviour, referred)  # type: ignore[arg-type]
    assert "split" not in behaviour["ka-2018"]  # hu-2018 refers to articles, ka-2018 to none


def test_the_articles_a_provision_refers_to_are_named_as_rules_in_every_edition() -> None:
    """hu-2018's rapid illegal-move provision (A 4.2) says to act under 7.5.5; da-2017's (A.4.2) says
    the game is lost and refers to nothing: read from the corpus, in each edition's own numbering."""
    from extract.arbiter.law import referred_rules
    from extract.io.generated import read_kb

    kb = read_kb(KB)
    referred = referred_rules(kb.alignment(), kb.all_provisions())
    assert "illegal-move-penalty" in referred["hu-2018"]["rapid-illegal-move"]
    assert referred["da-2017"]["rapid-illegal-move"] == frozenset()
    assert all("rapid-illegal-move" not in rules.get("rapid-illegal-move", ()) for rules in referred.values())
