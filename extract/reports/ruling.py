"""One described situation ruled by one edition, as data and in plain words (`chesslaws ruling`)."""

from __future__ import annotations

from typing import Any

from extract.arbiter.runner import finish, play_events
from extract.arbiter.state import Game
from extract.arbiter.unwinnable.shorter import shown
from extract.model.scenario import ScenarioError
from extract.reports.plain import finding_text, ruling_text


def edition_ruling(law: Any, setup: Any, events: Any, fide: str | None, sources: Any) -> dict[str, Any]:
    """One edition's ruling on the situation, as data and in words. The parameters shown are those
    the events consulted; the time control's classification is given as its category."""
    try:
        game = Game.start(law, setup)
        classification = dict(game.ruling.used)
        unruled = play_events(game, events)
        consulted = {k: v for k, v in game.ruling.used.items() if k not in classification}
        ruling = finish(game)
    except ScenarioError as error:
        return {"edition": law.edition, "laws": fide, "error": str(error)}
    data = {k: v for k, v in ruling.as_dict().items() if v not in (None, {}, [])}
    if set(ruling.recording.values()) <= {"required"}:
        data.pop("recording", None)  # the ordinary duty to record: not worth a word here
    else:
        consulted |= {k: v for k, v in ruling.used.items() if k.startswith("scoresheet.")}
    if ruling.increment == game.periods[0].increment:
        data.pop("increment", None)  # the time control's own increment, unchanged
    articles: list[str] = []
    for name in [*ruling.rules, *consulted]:
        label = sources.rules.get((law.edition, name)) or sources.parameters.get((law.edition, name))
        if label and label not in articles:
            articles.append(label)
    plain = ruling_text(data, law.edition, sources, ruling.rules, consulted)
    shown_findings = [shown(f) for f in ruling.findings]  # a long helpmate shortened for the reader
    texts = [finding_text(f, law.edition) for f in shown_findings]
    findings = [f.as_dict() | {"text": text} for f, text in zip(shown_findings, texts, strict=True)]
    stopped = []
    if unruled:
        later = "the event after it was" if unruled == 1 else f"the {unruled} events after it were"
        stopped.append(f"Play stopped there: {later} not ruled, since the time for the question ran out")
    answer = {
        "edition": law.edition,
        "laws": fide,
        "result": ruling.result,
        "reason": ruling.reason,
        "category": ruling.category,
        "articles": articles,
        "rules": list(ruling.rules),
        "parameters": consulted,
        "plain": " ".join(f"{sentence}." for sentence in [plain, *texts, *stopped]),
        "findings": findings,
        "ruling": data,
    }
    return answer | {"unruled_events": unruled} if unruled else answer
