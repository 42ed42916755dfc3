"""`chesslaws check`: the scenario checks, scenario x edition."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from extract.cli.common import data_options, main, require_editions
from extract.cli.limits import time_limit_option


@main.command()
@click.option("--edition", default=None, help="Only this edition.")
@click.option(
    "--scenarios",
    "scenarios_dir",
    type=click.Path(path_type=Path),
    default=None,
    help="Scenario directory (default: KB/scenarios).",
)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--explain", is_flag=True, help="Every check's ruling in words, with the article it rests on.")
@click.option(
    "--benchmark/--no-benchmark",
    default=True,
    show_default=True,
    help="Time the check against python-chess alone.",
)
@time_limit_option
@data_options
def check(
    edition: str | None,
    scenarios_dir: Path | None,
    fmt: str,
    explain: bool,
    benchmark: bool,
    corpus_dir: Path,
    kb_dir: Path,
) -> None:
    """Run the scenario checks: a table of scenario x edition, pass or fail; exit 1 on any failure.

    Each scenario's expected rulings are written from the edition's text; the arbiter model takes
    every number from the KB's extracted parameters. A failure shows the expected and actual
    ruling and the parameter values used. The format is documented in kb/scenarios/README.md.

    Example: chesslaws check --edition sv-2009
    """
    from extract.arbiter import check as check_stage
    from extract.arbiter.law import load_laws
    from extract.io.rules import load_rules
    from extract.io.scenarios import load_scenarios
    from extract.reports.plain import load_sources, ruling_text

    laws = load_laws(kb_dir)
    require_editions([edition], laws)
    folder = scenarios_dir if scenarios_dir is not None else kb_dir / "scenarios"
    fide = check_stage.fide_editions(kb_dir)
    scenarios = load_scenarios(folder, {r.id for r in load_rules(kb_dir)}, set(laws), fide.values())
    if benchmark:
        results, timing = check_stage.timed_run(scenarios, laws, edition, fide)
    else:
        results, timing = check_stage.run_scenarios(scenarios, laws, edition, fide), None
    failures = [r for r in results if not r.passed]
    checked = [r for r in results if r.checked]
    examples = check_stage.text_examples(corpus_dir, kb_dir, edition)
    wrong = [x for x in examples if not x.ok]
    sources = load_sources(kb_dir)

    def words(r: Any, ruling: dict[str, object]) -> str:
        return ruling_text(ruling, r.edition, sources, r.rules, r.used)

    if fmt == "json":
        document: dict[str, Any] = {
            "results": [
                r.as_dict() | {"text": words(r, r.actual), "expected_text": words(r, r.expected)}
                for r in results
            ],
            "examples": [vars(x) | {"moves": list(x.moves)} for x in examples],
            "summary": {
                "scenarios": len({r.scenario for r in results}),
                "checks": len(checked),
                "rulings_only": len(results) - len(checked),
                "failed": len(failures),
            },
        }
        if timing:
            document["benchmark"] = vars(timing) | {"ratio": round(timing.ratio, 2)}
        click.echo(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        click.echo(check_table(results, [e for e in laws if edition in (None, e)]))
        if explain:
            click.echo("")
            for r in results:
                click.echo(f"{r.status}  {r.scenario} [{r.edition}]: {words(r, r.actual)}")
        for r in failures:
            click.echo(failure_text(r, words))
        click.echo(summary_line(results))
        games = [x for x in examples if x.kind == "game"]
        click.echo(
            f"the texts' own examples: {len(games)} games ({sum(x.replayed for x in games)} moves replayed), "
            f"{len(examples) - len(games)} example moves; {len(wrong)} wrong (findings, not failures):"
        )
        for x in wrong:
            click.echo(f'  {x.edition} {x.label}: {x.problem}  "{x.quote[:70]}"')
        if timing:
            click.echo(
                f"benchmark: check {timing.check_seconds:.3f} s; python-chess replaying the same "
                f"{timing.moves} moves alone {timing.replay_seconds:.3f} s (x{timing.ratio:.1f})"
            )
    if failures:
        raise SystemExit(1)


def summary_line(results: list[Any]) -> str:
    """ "125 scenarios, 524 checks, 0 failed", and the rulings reported without expectations."""
    checked = [r for r in results if r.checked]
    failed = sum(not r.passed for r in results)
    line = f"\n{len({r.scenario for r in results})} scenarios, {len(checked)} checks, {failed} failed"
    rulings = len(results) - len(checked)
    if rulings:
        line += f"; {rulings} rulings reported for editions whose Laws have no expectations"
    return line


def check_table(results: list[Any], editions: list[str]) -> str:
    cells: dict[str, dict[str, str]] = {}
    for r in results:
        cells.setdefault(r.scenario, {})[r.edition] = r.status
    width = max([len(s) for s in cells] + [8])
    lines = [f"{'scenario':{width}}  " + "  ".join(f"{e:8}" for e in editions)]
    for scenario, row in cells.items():
        lines.append(f"{scenario:{width}}  " + "  ".join(f"{row.get(e, '-'):8}" for e in editions))
    return "\n".join(lines)


def failure_text(r: Any, words: Any) -> str:
    """One failed check: the ruling the text gives and ours, in words and as data, with the quotes."""
    lines = [f"\nFAIL {r.scenario} [{r.edition}] {r.title}"]
    if r.error:
        lines.append(f"  error:    {r.error}")
    else:
        lines.append(f"  the text: {words(r, r.expected)}")
        lines.append(f"  we rule:  {words(r, r.actual)}")
    lines.append(f"  expected: {json.dumps(r.expected, ensure_ascii=False)} ({r.expected_from})")
    lines.append(f"  actual:   {json.dumps(r.actual, ensure_ascii=False)} ({r.edition}, from its KB)")
    lines.append(f"  used:     {json.dumps(r.used, ensure_ascii=False)}")
    lines.extend(f"  quote {ed}: {quote}" for ed, quote in r.quotes.items())
    return "\n".join(lines)
