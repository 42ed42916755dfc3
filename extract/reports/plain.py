"""Rulings and time-control categories in plain words, citing the article that decides them.

Shared by the command line (`check`, `classify`, `show`) and the site. The words come from the
ruling's own data (Ruling.as_dict keys: result, reason, clock, illegal_moves, claim, ...) and the
article label from the KB: the provision that carries the deciding parameter in
kb/generated/parameters.yaml, else the provision that expresses the scenario's rule.

    "Black wins: White's second illegal move (da-2017 7.5.3)"
    "12+0 is rapid under nb-2014 A.1: more than 10 and less than 60 minutes"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from extract.io.generated import read_kb
from extract.model.kbrows import AlignmentRow, Parameter
from extract.model.ruling import Colour, ExpectKey, MateFinding, Reason, RulingView
from extract.reports.speech import ENGLISH, say, table

if TYPE_CHECKING:
    from extract.arbiter.classify import Classification, Limit

# The parameter whose provision decides a game-ending reason (ARCHITECTURE names); the reason's words
# are the template `r_<reason>` of extract/reports/interface.yaml.
REASONS: dict[Reason, str | None] = {
    "checkmate": None,
    "stalemate": None,
    "dead-position": None,
    "agreement": None,
    "illegal-moves": "illegal_move.loss_on",
    "time": None,
    "default": "default_time",
    "electronic-device": None,
    "threefold": "repetition.claim_occurrences",
    "fivefold": "repetition.automatic_occurrences",
    "fifty-moves": "fifty_move.moves",
    "seventy-five-moves": "seventyfive_move.moves",
    "both-flags": None,
    "quickplay-claim": "quickplay.claim_below_minutes",
    "arbiter-must-judge": None,
}
# The parameters that can decide each part of a ruling (matched inside the names the engine consulted).
TOPICS: dict[ExpectKey, tuple[str, ...]] = {
    "clock": ("time_bonus", "penalty_minutes", "claimant"),
    "claim": ("draw_claim.", "quickplay.", "repetition.", "fifty_move."),
    "recording": ("scoresheet.",),
    "request": ("scoresheet_view.",),
    "restart": ("colours_reversed.",),
    "increment": ("quickplay.increment",),
    "board": ("visually_impaired.",),
}
NOTHING: tuple[object, ...] = (None, False, {}, "", 0)  # a ruling key that says nothing


@dataclass(frozen=True)
class Sources:
    """Where an edition states a parameter or expresses a rule: (edition, name) -> label."""

    parameters: dict[tuple[str, str], str]
    rules: dict[tuple[str, str], str]

    @classmethod
    def from_kb(cls, parameter_rows: Iterable[Parameter], alignment: Iterable[AlignmentRow]) -> Sources:
        parameters: dict[tuple[str, str], str] = {}
        for row in parameter_rows:
            parameters.setdefault((row.edition, row.parameter), row.label)
        rules: dict[tuple[str, str], str] = {}
        for a in alignment:
            rules.setdefault((a.edition, a.rule), a.label.split("@")[0])
        return cls(parameters, rules)

    def article(self, edition: str, parameters: Iterable[str], rules: Iterable[str] = ()) -> str | None:
        """'da-2017 7.5.3': the first parameter's provision, else the first rule's."""
        for name in parameters:
            if (edition, name) in self.parameters:
                return f"{edition} {self.parameters[(edition, name)]}"
        for rule in rules:
            if (edition, rule) in self.rules:
                return f"{edition} {self.rules[(edition, rule)]}"
        return None


def colour(name: str, language: str = ENGLISH) -> str:
    return say(language, name) if name in ("white", "black") else name.capitalize()


def _minutes(text: str, language: str = ENGLISH) -> str:
    """'+2:00' -> '2 minutes', '+0:30' -> '30 seconds', '+1:30' -> '1:30' (CLDR's unit words)."""
    from babel.units import format_unit

    body = text.lstrip("+-")
    minutes, _, seconds = body.partition(":")
    if seconds in ("", "00"):
        return str(format_unit(int(minutes), "duration-minute", length="long", locale=language))
    if minutes in ("0", ""):
        return str(format_unit(int(seconds), "duration-second", length="long", locale=language))
    return body


def _ordinal(count: int, language: str) -> str:
    key = f"ordinal_{count}"
    return say(language, key) if key in table()[ENGLISH] else say(language, "ordinal", n=count)


def _reason(reason: str, language: str, **values: str) -> str:
    key = "r_" + reason.replace("-", "_")
    return say(language, key, **values) if key in table()[ENGLISH] else reason.replace("-", " ")


def ruling_text(
    ruling: RulingView | Mapping[str, object],
    edition: str,
    sources: Sources | None = None,
    rules: Iterable[str] = (),
    used: Mapping[str, object] | None = None,
    language: str = ENGLISH,
) -> str:
    """One sentence for a ruling (the whole Ruling.as_dict or the keys a scenario compares).

    `rules` are the scenario's rules and `used` the parameters the arbiter consulted (name ->
    value); they choose the article cited, and `illegal_move.loss_on` says which illegal move lost
    when the ruling does not count them.
    """
    text, article = ruling_parts(ruling, edition, sources, rules, used, language)
    return f"{text} ({article})" if article else text


def ruling_parts(
    ruling: RulingView | Mapping[str, object],
    edition: str,
    sources: Sources | None = None,
    rules: Iterable[str] = (),
    used: Mapping[str, object] | None = None,
    language: str = ENGLISH,
) -> tuple[str, str | None]:
    """`ruling_text` in two parts: the ruling in words and the article cited ("da-2017 7.5.3"), or None;
    the words in `language` (extract/reports/interface.yaml), the article as printed."""
    view = ruling if isinstance(ruling, RulingView) else RulingView.of(ruling)
    rules = list(rules)
    used = dict(used or {})
    changed = any(v.lstrip("+-") not in ("0:00", "0") for v in view.clock.values())
    topics = [markers for key, markers in TOPICS.items() if key != "clock" and view.value(key) not in NOTHING]
    if changed:
        topics.append(TOPICS["clock"])
    consulted = sorted(n for n in used if any(m in n for markers in topics for m in markers))
    parts: list[str] = []
    cited: list[str] = []
    result, reason, illegal = view.result, view.reason, view.illegal_moves
    if result in ("1-0", "0-1"):
        winner: Colour = "white" if result == "1-0" else "black"
        loser: Colour = "black" if winner == "white" else "white"
        head = say(language, "wins", winner=colour(winner, language))
        if reason is not None:
            count = illegal.get(loser, 0)
            loss_on = used.get("illegal_move.loss_on")
            if not count and reason == "illegal-moves" and isinstance(loss_on, int):
                count = loss_on
            ordinal = _ordinal(count, language) if count else ""
            why = _reason(reason, language, loser=colour(loser, language), count=ordinal)
            head = say(language, "wins_because", winner=colour(winner, language), why=why)
            cited += [parameter] if (parameter := REASONS.get(reason)) else []
        parts.append(head)
    elif result == "1/2-1/2":
        head = say(language, "draw")
        if reason is not None:
            why = _reason(reason, language)
            if "{loser}" in why:  # a win turned into a draw: the winner cannot checkmate
                lost = _reason(reason, language, loser=say(language, "a_player"), count="")
                why = say(language, "draw_no_mate", why=lost)
            head = say(language, "draw_because", why=why)
            cited += [parameter] if (parameter := REASONS.get(reason)) else []
        parts.append(head)
    elif result == "*" and reason == "arbiter-must-judge":
        parts.append(say(language, "must_judge_open"))
    elif result == "*":
        parts.append(say(language, "goes_on"))
    parts += _details(view, language)
    if not parts:
        parts.append(say(language, "no_ruling"))
    text = parts[0] + ("; " + "; ".join(parts[1:]) if len(parts) > 1 else "")
    return text, sources.article(edition, cited + consulted, rules) if sources else None


def _details(view: RulingView, language: str = ENGLISH) -> list[str]:
    parts: list[str] = []
    for side, text in view.clock.items():
        if text.lstrip("+-") in ("0:00", "0"):
            continue
        verb = "gets" if not text.startswith("-") else "loses"
        parts.append(say(language, verb, player=colour(side, language), time=_minutes(text, language)))
    if view.result in (None, "*"):
        for side, count in view.illegal_moves.items():
            if count:
                key = "illegal_counted_one" if count == 1 else "illegal_counted_many"
                parts.append(say(language, key, player=colour(side, language), count=count))
    if view.claim is not None:
        parts.append(say(language, "claim_" + view.claim.replace("-", "_")))
    if view.legal is not None:
        parts.append(say(language, "move_legal" if view.legal else "move_illegal"))
    if view.restart:
        parts.append(say(language, "restarted"))
    if view.increment:
        parts.append(say(language, "increment", seconds=f"{view.increment:g}"))
    for side, duty in view.recording.items():
        key = "need_not_record" if duty == "exempt" else "must_record"
        parts.append(say(language, key, player=colour(side, language)))
    if view.request is not None:
        parts.append(say(language, "request_is", what=view.request))
    if view.category is not None and view.category != "standard" and len(view.keys) <= 2:
        parts.append(say(language, "category_game", category=view.category))
    if view.board is not None:
        parts.append(say(language, "board_is", what=view.board.replace("-", " ")))
    return parts


def finding_text(finding: MateFinding, edition: str) -> str:
    """One answer to "can this player checkmate by any series of legal moves?" in words, with the
    article that asked it and the edition's own wording.

        'Black can still checkmate by a series of legal moves, for instance 1. Kf2 ... (a helpmate)
        (da-2017 6.9: "Partiet er dog remis, ...")'
    """
    who = colour(finding.colour)
    if finding.can_checkmate:
        line = f"{who} can still checkmate by a series of legal moves"
        moves = helpmate_text(finding.fen, finding.helpmate)
        if moves:
            line += f", for instance {moves} (a helpmate)"
    elif finding.can_checkmate is False:
        line = f"{who} cannot checkmate by any series of legal moves"
        line += f": {finding.why}" if finding.why else ""
    else:
        line = f"Not decided whether {who} can still checkmate"
        line += f" ({finding.why})" if finding.why else ""
        line += "; the arbiter must judge"
    if finding.label:
        line += f" ({edition} {finding.label}"
        line += f': "{finding.quote}")' if finding.quote else ")"
    return line


def helpmate_text(fen: str, moves: Iterable[str]) -> str:
    """UCI moves from `fen` as numbered SAN ("1. Kf2 Nf3 2. ..."); the UCI text where a move does not
    replay (never for a proof the analysis checked)."""
    moves = list(moves)
    if not fen or not moves:
        return " ".join(moves)
    import chess  # only here: classify, asof and the texts of a rule need no board

    board = chess.Board(fen)
    try:
        return board.variation_san([chess.Move.from_uci(m) for m in moves])
    except (ValueError, AssertionError):
        return " ".join(moves)


_COMPARATORS = {
    "less_than": "less than",
    "at_most": "at most",
    "more_than": "more than",
    "at_least": "at least",
}


def limits_text(limits: Iterable[Limit]) -> str:
    """'more than 10 and less than 60 minutes': the thresholds that place a time control."""
    return " and ".join(f"{_COMPARATORS[limit.comparator]} {limit.value:g}" for limit in limits) + " minutes"


def classification_text(control: str, placed: Classification, sources: Sources | None = None) -> str:
    """'12+0 is rapid under nb-2014 A.1: more than 10 and less than 60 minutes'.

    The article is the provision that states the first threshold placing it (classify's `limits`).
    """
    minutes, edition = placed.minutes, placed.edition
    counted = f" ({minutes:g} minutes counted)" if f"{minutes:g}" not in control.split("+")[0:1] else ""
    if not placed.limits:
        reasons = "; ".join(placed.notes) or "no thresholds apply"
        return f"{control} is not classified under {edition}: {reasons}"
    article = sources.article(edition, [placed.limits[0].parameter]) if sources else None
    where = f"{edition} {article.split(' ', 1)[1]}" if article else edition
    return f"{control} is {placed.category} under {where}: {limits_text(placed.limits)}{counted}"


def load_sources(kb_dir: Path) -> Sources:
    """The article labels of kb/generated (parameters.yaml and alignment.yaml)."""
    kb = read_kb(kb_dir)
    return Sources.from_kb(kb.parameters(), kb.alignment())
