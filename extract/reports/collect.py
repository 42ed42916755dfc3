"""What the site reports besides the KB itself: edition diffs, translation lint and scenario checks.

`collect` runs each stage once (lint loads spaCy, ~10 s); the `*_by_rule` functions map the results
onto the rows of the rule pages (extract/reports/rule_rows.py), which `render_site` reads.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from extract.arbiter.check import CheckResult
from extract.model import Finding
from extract.model.ruling import RunStatus
from extract.model.vocab import Status
from extract.reports.change_words import change_said
from extract.reports.diff_model import EditionDiff, RuleDiff
from extract.reports.rule_rows import ChangeKind, RuleChange, RuleFinding
from extract.reports.words import parameter_words
from extract.text.notation import ExampleResult

# diff status -> the `kind` of a change on a rule page
CHANGE_KIND: dict[Status, ChangeKind] = {
    "added": "added",
    "removed": "removed",
    "not-in-translation": "not in this translation",
    "parameter-changed": "parameter",
    "behaviour-changed": "behaviour",
    "content-changed": "changed",
    "moved": "moved",
    "renumbered": "renumbered",
    "reworded": "changed",
}


@dataclass
class Reports:
    """Everything the report pages and the rule-page sections show, computed once per site build."""

    order: list[str]  # editions, oldest first
    diffs: list[EditionDiff]  # the compared pairs, consecutive first
    findings: list[Finding]
    results: list[CheckResult]
    examples: list[ExampleResult]
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def consecutive(self) -> list[EditionDiff]:
        pairs = set(zip(self.order, self.order[1:], strict=False))
        return [d for d in self.diffs if (d.a, d.b) in pairs]


ALL_PAIRS_UP_TO = 8  # editions; beyond, the site compares consecutive and same-language pairs only


def compare_pairs(editions: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Pairs of editions to compare, older first, from (edition, language) oldest first: the
    consecutive pairs, then, per language with several editions, the oldest against the newest (the
    pair a word diff can be made for), then, for up to ALL_PAIRS_UP_TO editions, every other pair,
    nearest first."""
    ids = [e for e, _ in editions]
    pairs = list(zip(ids, ids[1:], strict=False))
    by_language: dict[str, list[str]] = defaultdict(list)
    for edition, language in editions:
        by_language[language].append(edition)
    for same in by_language.values():
        if len(same) > 1 and (same[0], same[-1]) not in pairs:
            pairs.append((same[0], same[-1]))
    if len(ids) > ALL_PAIRS_UP_TO:  # N² pages stop being useful; the CLI diff still takes any pair
        return pairs
    for gap in range(2, len(ids)):
        pairs += [(a, b) for a, b in zip(ids, ids[gap:], strict=False) if (a, b) not in pairs]
    return pairs


def _diffs(
    pairs: list[tuple[str, str]],
    kb_dir: Path,
    corpus_dir: Path,
    scenarios: bool = True,
    then: Callable[[], object] | None = None,
) -> tuple[list[EditionDiff], float]:
    """The diffs of `pairs` and the seconds they took (in whichever process ran them); without the
    scenario runs when `scenarios` is False (diff.with_scenarios adds them). `then` runs afterwards
    in the same process (its result is not returned: it stores what it makes in the cache)."""
    from extract.reports.diff import diff_editions, prefetch_translations

    clock = time.perf_counter()
    prefetch_translations(pairs, kb_dir, corpus_dir)
    diffs = [diff_editions(a, b, kb_dir, corpus_dir, scenarios=scenarios) for a, b in pairs]
    seconds = time.perf_counter() - clock
    if then is not None:
        then()
    return diffs, seconds


def _warm(kb_dir: Path) -> None:
    """Read the kb/generated files both the diffs and lint read, once, before forking: the forked
    worker then finds them in the derived cache instead of parsing the same YAML again."""
    from extract.io.generated import read_kb

    kb = read_kb(kb_dir)
    for read in (kb.editions, kb.alignment, kb.parameters, kb.all_provisions):
        read()


def one_worker() -> ProcessPoolExecutor | None:
    """A one-worker pool forked from this process, where the platform forks and has a second core."""
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))


def collect(
    kb_dir: Path,
    corpus_dir: Path,
    progress: Callable[[str], None] | None = None,
    meanwhile: Callable[[], object] | None = None,
    alongside: Callable[[], object] | None = None,
) -> Reports:
    """Diffs of the compared pairs, lint findings (with acceptances), scenario results, text examples.

    `meanwhile` is run in this process after lint and check, while the second one still compares the
    editions (the site makes its search index there); when the reports come from the cache, it is not
    run here. `alongside` (a picklable callable) runs in the second process after its diffs, reusing
    what they prepared (the site's aligned-sentence downloads); without a second process it is not run.

    Remembered by a hash of the corpus, the KB, the code and the installed Apertium modes (see
    extract.io.derived): rebuilding the site with nothing changed but a page template or a hand-written
    page does not recompute them.
    """
    from extract.io.derived import inputs_key, remember
    from extract.text.translate import installed_modes

    say = progress or (lambda _message: None)
    key = inputs_key("reports", (corpus_dir, kb_dir), sorted(installed_modes()))
    computed: list[Reports] = []

    def compute() -> Reports:
        computed.append(_collect(kb_dir, corpus_dir, say, meanwhile, alongside))
        return computed[0]

    reports = remember(key, compute)
    if not computed:
        say("diff, lint and check: inputs unchanged since the last run, results read from the cache")
        return dataclasses.replace(reports, timings={})
    return reports


def _collect(
    kb_dir: Path,
    corpus_dir: Path,
    say: Callable[[str], None],
    meanwhile: Callable[[], object] | None = None,
    alongside: Callable[[], object] | None = None,
) -> Reports:
    from extract.arbiter.check import fide_editions, run_scenarios, text_examples
    from extract.arbiter.law import load_laws
    from extract.io.editions import load_editions
    from extract.io.rules import load_rules
    from extract.io.scenarios import load_scenarios
    from extract.reports.diff import with_scenarios
    from extract.reports.lint import ACCEPTED_FILE, lint, load_accepted, load_context

    timings: dict[str, float] = {}
    editions = sorted(load_editions(corpus_dir), key=lambda e: (e.in_force or "", e.id))
    built = {p.stem for p in (kb_dir / "generated" / "provisions").glob("*.yaml")}
    present = [(e.id, e.language) for e in editions if e.id in built]
    order = [e for e, _ in present]

    pairs = compare_pairs(present)
    # The diffs run in a second process while this one lints and checks (two cores, half the wait).
    pool = one_worker()
    if pool:
        _warm(kb_dir)
    # The worker compares wording only: the scenarios' rulings (Art. 6.9 analyses included) are made
    # here, once, for lint and check, and then added to its diffs (with_scenarios).
    pending = pool.submit(_diffs, pairs, kb_dir, corpus_dir, False, alongside) if pool else None

    clock = time.perf_counter()
    context = load_context(corpus_dir, kb_dir)
    findings = lint(context, None, load_accepted(kb_dir), accepted_path=kb_dir / ACCEPTED_FILE).findings
    timings["lint"] = time.perf_counter() - clock
    say(f"linted: {len(findings)} findings")

    clock = time.perf_counter()
    laws = load_laws(kb_dir)
    folder = kb_dir / "scenarios"
    results: list[CheckResult] = []
    if folder.is_dir():
        fide = fide_editions(kb_dir)
        scenarios = load_scenarios(folder, {r.id for r in load_rules(kb_dir)}, set(laws), fide.values())
        results = run_scenarios(scenarios, laws, fide=fide)
    examples = text_examples(corpus_dir, kb_dir)
    timings["check"] = time.perf_counter() - clock
    say(f"checked: {len(results)} scenario runs, {len(examples)} examples of the texts")

    if meanwhile is not None:
        meanwhile()
    if pending is None or pool is None:
        diffs, timings["diff"] = _diffs(pairs, kb_dir, corpus_dir)
    else:
        wording, timings["diff"] = pending.result()
        pool.shutdown()
        clock = time.perf_counter()
        diffs = [with_scenarios(d, kb_dir, corpus_dir) for d in wording]
        timings["diff"] += time.perf_counter() - clock
    workers = " (in a second process, alongside)" if pool else ""
    say(f"compared {len(diffs)} pairs of editions{workers}")
    return Reports(order, diffs, findings, results, examples, timings)


def _value(value: Any, unit: str) -> str:
    if value is None:
        return "absent"
    if isinstance(value, bool):
        return "yes" if value else "no"
    short = {"minutes": "min", "seconds": "s", "count": "", "boolean": ""}.get(unit, unit)
    return f"{value} {short}".strip()


def change_summary(rule: RuleDiff) -> str:
    """One English line for a RuleDiff: its parameter changes, then its other flags."""
    parts = []
    for p in rule.parameters:
        if p.change != "unchanged":
            old = _value(None if p.old is None else p.old.value, p.unit)
            new = _value(None if p.new is None else p.new.value, p.unit)
            parts.append(f"{parameter_words(p.parameter).lower()}: {old} → {new}")
    others = [f for f in rule.flags if f != "parameter-changed"]
    if others:
        parts.append(", ".join(f.replace("-", " ") for f in others))
    if "renumbered" in rule.flags and rule.old_chapters != rule.new_chapters:
        parts.append(f"{' + '.join(rule.old_chapters)} → {' + '.join(rule.new_chapters)}")
    if rule.behaviour:
        old_way, new_way = (_behaviour(b) for b in (rule.behaviour.old, rule.behaviour.new))
        parts.append(f"how the rule applies, as a person read the texts: {old_way} → {new_way}")
    parts += [f"scenario {run.title}: {run.summary}" for run in rule.scenarios[:2]]
    if rule.moved_from or rule.moved_to:
        where = f"from {' '.join(rule.moved_from)}" if rule.moved_from else f"to {' '.join(rule.moved_to)}"
        parts.append(f"{rule.structure or 'moved'} {where}")
    if rule.omission:
        parts.append(f"the translation says: {rule.omission}")
    if rule.status in ("content-changed", "not-in-translation"):
        parts += list(rule.evidence[:2])
    return "; ".join(parts)


def _behaviour(value: str | None) -> str:
    """A curated behaviour word in words ("after-both-moved" -> "after both moved")."""
    return value.replace("-", " ") if value else "not said"


def compare_slug(a: str, b: str) -> str:
    return f"{a}-{b}"


def changes_by_rule(diffs: list[EditionDiff]) -> dict[str, list[RuleChange]]:
    """Rule page "What changed": every rule that is not unchanged in a compared pair."""
    out: dict[str, list[RuleChange]] = defaultdict(list)
    for d in diffs:
        for r in d.rules:
            if r.status == "unchanged":
                continue
            out[r.rule].append(
                RuleChange(
                    from_edition=d.a,
                    to_edition=d.b,
                    kind=CHANGE_KIND.get(r.status, "changed"),
                    from_label=" ".join(r.old_labels) or None,
                    to_label=" ".join(r.new_labels) or None,
                    summary=change_summary(r),
                    href=f"compare/{compare_slug(d.a, d.b)}.html#r-{r.rule}",
                    said=change_said(r, d.a, d.b),
                )
            )
    return dict(out)


def _compact(value: object) -> str | None:
    if value in (None, {}):
        return None
    if isinstance(value, dict):
        return ", ".join(f"{k}: {json.dumps(v, ensure_ascii=False)}" for k, v in value.items())
    return str(value)


def scenario_status(result: CheckResult) -> RunStatus:
    if not result.checked:
        return "ruling"  # no expectation for this edition's Laws: its ruling is shown, not judged
    return "error" if result.error else "pass" if result.passed else "fail"


def findings_by_rule(findings: list[Finding]) -> dict[str, list[RuleFinding]]:
    """Rule page "Translation findings": each lint finding whose provision expresses the rule."""
    out: dict[str, list[RuleFinding]] = defaultdict(list)
    for f in findings:
        if not f.rule:
            continue
        out[f.rule].append(
            RuleFinding(
                edition=f.edition,
                label=f.label,
                severity=f.severity,
                code=f.kind,
                message=f.message,
                quote=f.quote,
                start=f.start,
                accepted=f.accepted,
                other=f.other,
            )
        )
    return dict(out)
