"""What changed in a rule between two editions, as sentences a reader reads (the compare pages'
line under each rule, the rule pages' "What changed"), in every language of the site's switch.

The diff's flags (extract/reports/diff.py) become sentences about the rule ("The arbiter rules
differently in 2 situations", "It is numbered 7.5.3 instead of 7.4.b"), never a list of status names;
numbers are shown with their unit, a parameter by its name in words.
"""

from __future__ import annotations

from extract.reports.diff_model import RuleDiff
from extract.reports.speech import ENGLISH, Said, languages, say
from extract.reports.words import parameter_words

_UNITS = {"minutes": "min", "seconds": "s", "count": "", "boolean": ""}


def _value(value: object, unit: str, language: str) -> str:
    if value is None:
        return say(language, "c_absent")
    if isinstance(value, bool):
        return say(language, "yes" if value else "no")
    return f"{value} {_UNITS.get(unit, unit)}".strip()


def change_sentence(rule: RuleDiff, a: str, b: str, language: str = ENGLISH) -> str:
    """The change of `rule` from edition `a` to edition `b` in sentences ('' when unchanged)."""
    said: list[str] = []
    flags = set(rule.flags)
    if "added" in flags:
        said.append(say(language, "c_added", b=b))
    if "removed" in flags:
        said.append(say(language, "c_removed", a=a))
    if "not-in-translation" in flags:
        said.append(say(language, "c_left_out"))
        if rule.omission:
            said.append(say(language, "c_says", words=rule.omission))
    for p in rule.parameters:
        if p.change == "unchanged":
            continue
        old = _value(None if p.old is None else p.old.value, p.unit, language)
        new = _value(None if p.new is None else p.new.value, p.unit, language)
        said.append(say(language, "c_number", what=parameter_words(p.parameter), old=old, new=new, a=a, b=b))
    if rule.scenarios:
        key = "c_rulings_one" if len(rule.scenarios) == 1 else "c_rulings_many"
        said.append(say(language, key, count=len(rule.scenarios), title=rule.scenarios[0].title))
    if rule.behaviour:
        old_way, new_way = (
            (value or "—").replace("-", " ") for value in (rule.behaviour.old, rule.behaviour.new)
        )
        said.append(say(language, "c_applies", old=old_way, new=new_way))
    if "content-changed" in flags:
        said.append(say(language, "c_content"))
    if "moved" in flags:
        if rule.structure in ("split", "merged"):
            said.append(say(language, "c_split" if rule.structure == "split" else "c_merged"))
        elif rule.moved_to:
            said.append(say(language, "c_moved_to", labels=", ".join(rule.moved_to)))
        elif rule.moved_from:
            said.append(say(language, "c_moved_from", labels=", ".join(rule.moved_from)))
    if "renumbered" in flags and rule.old_labels and rule.new_labels:
        if rule.old_chapters and rule.new_chapters and not set(rule.old_chapters) & set(rule.new_chapters):
            old, new = " + ".join(rule.old_chapters), " + ".join(rule.new_chapters)
            said.append(say(language, "c_chapter", old=old, new=new))
        else:
            said.append(
                say(language, "c_renumbered", old=" ".join(rule.old_labels), new=" ".join(rule.new_labels))
            )
    if "reworded" in flags and len(flags - {"reworded", "renumbered"}) == 0:
        said.append(say(language, "c_reworded"))
    return " ".join(said)


def change_said(rule: RuleDiff, a: str, b: str) -> Said:
    """`change_sentence` in every language of the switch."""
    return {code: change_sentence(rule, a, b, code) for code in languages()}
