"""The `chesslaws` command line. Bad input gives one line naming file, line and problem, and exit 2."""

from __future__ import annotations

import csv
import functools
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from . import build as build_stage
from .model import InputError
from .outputs import check_kb_dir, check_output_dir, check_pages_dir

PROVISION_COLUMNS = ("edition", "label", "printed_label", "parent", "kind", "start", "end", "text")


class UsageFailure(click.ClickException):
    exit_code = 2

    def format_message(self) -> str:
        return self.message

    def show(self, file: Any = None) -> None:
        click.echo(f"chesslaws: {self.message}", err=True)


def path_option(flag: str, name: str, default: str, help: str) -> Callable[..., Any]:
    return click.option(
        flag, name, type=click.Path(path_type=Path), default=Path(default), show_default=True, help=help
    )


def data_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """--corpus and --kb on every command, so a copy of the data can be built and queried."""

    @path_option("--corpus", "corpus_dir", "corpus", "Directory with the raw texts and editions.yaml.")
    @path_option("--kb", "kb_dir", "kb", "Knowledge-base directory (kb/generated is written by 'build').")
    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            raise UsageFailure(str(error)) from error

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="chesslaws")
def main() -> None:
    """The FIDE Laws of Chess in five translations, as a knowledge base with sources."""


@main.command()
@click.option(
    "--no-overrides",
    is_flag=True,
    help="Publish the aligner's own mapping: ignore kb/overrides.yaml and the curated mapping.",
)
@click.option(
    "--disagreements",
    "show_disagreements",
    default=10,
    type=click.IntRange(min=0),
    show_default=True,
    help="How many aligner/curated disagreements to list (least confident first).",
)
@data_options
def build(no_overrides: bool, show_disagreements: int, corpus_dir: Path, kb_dir: Path) -> None:
    """Build kb/generated from the corpus and kb/ (atomic, byte-for-byte reproducible).

    Prints per edition: provisions, leaves, labels printed vs inferred, duplicate labels, coverage;
    then how well the aligner alone agrees with the curated mapping (per edition pair), how many
    leaves are mapped, cross-references resolved and dangling, and the time each stage took.

    Example: chesslaws build --corpus corpus --kb kb
    """
    header = (
        f"{'edition':9} {'provisions':>10} {'leaves':>6} {'printed':>7} {'inferred':>8} "
        f"{'unnumbered':>10} {'duplicates':>10} {'coverage':>8}"
    )
    shown: list[str] = []

    def line(r: build_stage.EditionReport) -> None:
        if not shown:
            click.echo(header)
        shown.append(r.edition)
        click.echo(
            f"{r.edition:9} {r.provisions:>10} {r.leaves:>6} {r.printed:>7} {r.inferred:>8} "
            f"{r.unnumbered:>10} {len(r.duplicates):>10} {r.coverage:>8.2%}"
        )

    check_kb_dir(kb_dir)
    result = build_stage.build(corpus_dir, kb_dir, on_edition=line, use_overrides=not no_overrides)
    for r in result.reports:
        for label, lines in r.duplicates.items():
            where = ", ".join(f"{corpus_dir / (r.edition + '.txt')}:{n}" for n in lines)
            click.echo(f"duplicate label {r.edition}:{label} printed at {where}")
    click.echo("\naligner alone vs curated mapping: pairs of rule provisions (items, appendix and guideline")
    click.echo("items, glossary entries) that express the same rule; names only from other editions' anchors")
    click.echo(f"{'pair':19} {'precision':>9} {'recall':>7} {'F1':>6} {'curated':>8} {'aligner':>8}")
    for row in [*result.agreement, result.overall]:
        pair = "all pairs" if row.a == "all" else f"{row.a}~{row.b}"
        click.echo(
            f"{pair:19} {row.precision:>9.3f} {row.recall:>7.3f} {row.f1:>6.3f} "
            f"{row.curated_links:>8} {row.predicted_links:>8}"
        )
    a = result.overall_all_leaves
    click.echo(
        f"{'all leaves':19} {a.precision:>9.3f} {a.recall:>7.3f} {a.f1:>6.3f} {a.curated_links:>8} "
        f"{a.predicted_links:>8}  (with front matter, headings, tables, examples)"
    )
    source = "aligner only (--no-overrides)" if no_overrides else "aligner + curated + overrides"
    click.echo(f"leaves mapped to a rule: {result.mapped}/{result.leaves} ({source})")
    for edition, (resolved, dangling) in result.references.items():
        click.echo(f"cross-references {edition}: {resolved} resolved, {dangling} dangling")
    if result.disagreements and show_disagreements:
        click.echo(
            f"{len(result.disagreements)} leaves where the aligner alone names another rule; "
            f"least confident first (all in kb/generated/agreement.yaml):"
        )
        for d in result.disagreements[:show_disagreements]:
            click.echo(
                f"  {d['edition']}:{d['label']} (line {d['line']}) curated {d['curated']}, "
                f"aligner {d['aligner'] or '-'} ({d['confidence']:.2f})"
            )
    click.echo(
        f"analysis {result.seconds['analysis']:.2f}s (after spaCy start-up), "
        f"alignment of {len(result.reports)} editions {result.seconds['alignment']:.2f}s, "
        f"{result.parameters} parameters extracted in {result.seconds['parameters']:.2f}s"
    )
    click.echo(f"wrote {kb_dir / build_stage.GENERATED}")


@main.group()
def export() -> None:
    """Export parts of the knowledge base for other tools."""


@export.command("provisions")
@click.option(
    "--format", "fmt", type=click.Choice(["jsonl", "csv", "json"]), default="jsonl", show_default=True
)
@click.option("--edition", default=None, help="Only this edition (e.g. da-2001).")
@data_options
def export_provisions(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Every provision: edition, label, printed_label, parent, kind, start, end, text.

    Example: chesslaws export provisions --format csv --edition sv-2009 > sv.csv
    """
    rows = [
        {"edition": ed, **p}
        for ed, provisions in build_stage.read_provisions(kb_dir, edition).items()
        for p in provisions
    ]
    emit_rows(rows, PROVISION_COLUMNS, fmt)


@export.command("alignment")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--edition", default=None, help="Only this edition.")
@data_options
def export_alignment(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Which rule each provision expresses: rule, edition, label, confidence, method.

    Example: chesslaws export alignment --format json --edition nb-2014
    """
    export_generated(
        kb_dir, "alignment.yaml", edition, ("rule", "edition", "label", "confidence", "method"), fmt
    )


@export.command("graph")
@click.option("--format", "fmt", type=click.Choice(["graphml", "json"]), default="json", show_default=True)
@data_options
def export_graph(fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """The knowledge graph (rules, provisions, editions, terms and their edges).

    Example: chesslaws export graph --format graphml > chesslaws.graphml
    """
    import networkx as nx

    from .graph import load_graph

    path = kb_dir / build_stage.GENERATED / "graph.yaml"
    if not path.exists():
        raise UsageFailure(f"{path}: no graph here; run 'chesslaws build' first")
    graph = load_graph(path)
    if fmt == "json":
        click.echo(
            json.dumps(nx.node_link_data(graph, edges="edges"), ensure_ascii=False, indent=1, default=str)
        )
        return
    for _, data in graph.nodes(data=True):
        for key, value in list(data.items()):
            if isinstance(value, list | dict) or value is None:
                data[key] = json.dumps(value, ensure_ascii=False)
    for _, _, data in graph.edges(data=True):
        for key, value in list(data.items()):
            if isinstance(value, list | dict) or value is None:
                data[key] = json.dumps(value, ensure_ascii=False)
    buffer = io.BytesIO()
    nx.write_graphml(graph, buffer)
    click.echo(buffer.getvalue().decode("utf-8"))


def export_generated(
    kb_dir: Path, name: str, edition: str | None, columns: tuple[str, ...], fmt: str
) -> None:
    """Rows of a kb/generated list file, optionally of one edition."""
    rows = build_stage.read_generated(kb_dir, name)
    if edition is not None:
        known = {row["edition"] for row in rows}
        if edition not in known:
            raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(sorted(known))})")
        rows = [row for row in rows if row["edition"] == edition]
    emit_rows(rows, columns, fmt)


def emit_rows(rows: list[dict[str, Any]], columns: tuple[str, ...], fmt: str) -> None:
    """Rows as json, jsonl or csv, with exactly the contract's columns in order."""
    rows = [{c: row.get(c) for c in columns} for row in rows]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    if fmt == "jsonl":
        for row in rows:
            click.echo(json.dumps(row, ensure_ascii=False))
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    click.echo(buffer.getvalue(), nl=False)


@main.command()
@click.argument("reference")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@data_options
def show(reference: str, fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """Show a RULE in every edition (oldest first), or EDITION:LABEL with its sub-items.

    Example: chesslaws show illegal-move-penalty; chesslaws show da-2001:7.4.b
    """
    if ":" not in reference:
        return show_rule(reference, fmt, kb_dir)
    from .segment import normalize_label

    edition, label = reference.split(":", 1)
    provisions = build_stage.read_provisions(kb_dir, edition)[edition]
    wanted = label if any(p["label"] == label for p in provisions) else normalize_label(label)
    found = [p for p in provisions if p["label"] == wanted or str(p["label"]).startswith(wanted + ".")]
    if not found:
        raise UsageFailure(f"{edition} has no provision labelled '{label}'")
    if fmt == "json":
        click.echo(json.dumps([{"edition": edition, **p} for p in found], ensure_ascii=False, indent=2))
        return None
    for p in found:
        depth = str(p["label"]).count(".") - wanted.count(".")
        printed = p["printed_label"] or ("(inferred)" if p["inferred"] else "")
        title = f" {p['heading']}" if p.get("heading") else ""
        click.echo(f"{'  ' * depth}{edition}:{p['label']} [{printed}] line {p['line']}{title}")
        for text_line in str(p["text"]).splitlines():
            click.echo(f"{'  ' * depth}  {text_line}")
    return None


def show_rule(rule_id: str, fmt: str, kb_dir: Path) -> None:
    from .rules import edition_keys, load_rules

    rules = {r.id: r for r in load_rules(kb_dir)}
    if rule_id not in rules:
        close = [r for r in rules if rule_id in r][:5]
        hint = f"; did you mean {', '.join(close)}?" if close else "; use EDITION:LABEL for a provision"
        raise UsageFailure(f"no rule '{rule_id}' in {kb_dir / 'rules'}{hint}")
    rule = rules[rule_id]
    provisions = build_stage.read_provisions(kb_dir)
    alignment = build_stage.read_generated(kb_dir, "alignment.yaml")
    wanted = {(r["edition"], r["label"]) for r in alignment if r["rule"] == rule_id}
    texts = []
    for edition, items in provisions.items():
        for key, p in zip(edition_keys(items)[0], items, strict=True):
            if (edition, key) in wanted:
                texts.append(
                    {
                        "edition": edition,
                        "label": key,
                        "printed_label": p["printed_label"],
                        "line": p["line"],
                        "text": p["text"],
                    }
                )
    checks = rule_checks(rule_id, kb_dir, set(rules))
    if fmt == "json":
        click.echo(
            json.dumps(
                {
                    "rule": rule_id,
                    "title": rule.title,
                    "summary": rule.summary,
                    "topic": rule.topic,
                    "parameters": list(rule.parameters),
                    "provisions": texts,
                    "scenarios": [r.as_dict() for r in checks],
                },
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    click.echo(f"{rule.id}: {rule.title}\n  {rule.summary}\n  topic: {rule.topic}")
    if rule.parameters:
        click.echo(f"  parameters: {', '.join(rule.parameters)}")
    if not texts:
        click.echo("  (no edition has this rule)")
    for t in texts:
        click.echo(f"\n{t['edition']} {t['label']} (line {t['line']})")
        for text_line in str(t["text"]).splitlines():
            click.echo(f"  {text_line}")
    if checks:
        click.echo("\nscenarios:")
        for r in checks:
            click.echo(f"  {'pass' if r.passed else 'FAIL'}  {r.edition:8} {r.scenario}: {r.title}")


def rule_checks(rule_id: str, kb_dir: Path, rule_ids: set[str]) -> list[Any]:
    """The scenario checks that exercise one rule, run now."""
    from . import check as check_stage
    from .engine import load_laws

    folder = kb_dir / "scenarios"
    if not folder.is_dir():
        return []
    laws = load_laws(kb_dir)
    scenarios = [s for s in check_stage.load_scenarios(folder, rule_ids, set(laws)) if rule_id in s.rules]
    return check_stage.run_scenarios(scenarios, laws)


@export.command("parameters")
@click.option("--format", "fmt", type=click.Choice(["csv", "json"]), default="csv", show_default=True)
@click.option("--edition", default=None, help="Only this edition.")
@data_options
def export_parameters(fmt: str, edition: str | None, corpus_dir: Path, kb_dir: Path) -> None:
    """Every parameter read from the texts: parameter, rule, edition, value, unit, label, start, end, quote.

    Example: chesslaws export parameters --format json --edition sv-2009
    """
    columns = ("parameter", "rule", "edition", "value", "unit", "label", "start", "end", "quote")
    export_generated(kb_dir, "parameters.yaml", edition, columns, fmt)


@main.command("classify")
@click.argument("time_control")
@click.option("--edition", default=None, help="Only this edition.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@data_options
def classify_command(
    time_control: str, edition: str | None, fmt: str, corpus_dir: Path, kb_dir: Path
) -> None:
    """Classify BASE+INC (minutes + seconds per move) as standard, rapid or blitz in every edition.

    Uses only the thresholds, their inclusiveness and the increment factor extracted from each text.

    Example: chesslaws classify 12+0
    """
    from .classify import TimeControl, classify

    try:
        control = TimeControl.parse(time_control)
    except ValueError as error:
        raise UsageFailure(str(error)) from error
    rows = build_stage.read_generated(kb_dir, "parameters.yaml")
    order = [e["id"] for e in build_stage.read_generated(kb_dir, "editions.yaml")]
    if edition is not None and edition not in order:
        raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(order)})")
    results = []
    for ed in order if edition is None else [edition]:
        values: dict[str, object] = {}
        for row in rows:
            if row["edition"] == ed:
                values.setdefault(row["parameter"], row["value"])
        results.append(classify(control, ed, values))
    if fmt == "json":
        click.echo(
            json.dumps(
                [
                    {
                        "time_control": str(control),
                        "edition": r.edition,
                        "category": r.category,
                        "minutes": r.minutes,
                        "notes": list(r.notes),
                        "parameters": r.used,
                    }
                    for r in results
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    for r in results:
        note = f"  ({'; '.join(r.notes)})" if r.notes else ""
        click.echo(f"{r.edition:9} {control}  {r.category:12} {r.minutes:g} min{note}")


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
@click.option(
    "--benchmark/--no-benchmark",
    default=True,
    show_default=True,
    help="Time the check against python-chess alone.",
)
@data_options
def check(
    edition: str | None, scenarios_dir: Path | None, fmt: str, benchmark: bool, corpus_dir: Path, kb_dir: Path
) -> None:
    """Run the scenario checks: a table of scenario x edition, pass or fail; exit 1 on any failure.

    Each scenario's expected rulings are written from the edition's text; the arbiter model takes
    every number from the KB's extracted parameters. A failure shows the expected and actual
    ruling and the parameter values used. The format is documented in kb/scenarios/README.md.

    Example: chesslaws check --edition sv-2009
    """
    from . import check as check_stage
    from .engine import load_laws
    from .rules import load_rules

    laws = load_laws(kb_dir)
    if edition is not None and edition not in laws:
        raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(laws)})")
    folder = scenarios_dir if scenarios_dir is not None else kb_dir / "scenarios"
    scenarios = check_stage.load_scenarios(folder, {r.id for r in load_rules(kb_dir)}, set(laws))
    timing = None
    if benchmark:
        results, timing = check_stage.timed_run(scenarios, laws, edition)
    else:
        results = check_stage.run_scenarios(scenarios, laws, edition)
    failures = [r for r in results if not r.passed]
    examples = check_stage.text_examples(corpus_dir, kb_dir, edition)
    wrong = [x for x in examples if not x.ok]
    if fmt == "json":
        document: dict[str, Any] = {
            "results": [r.as_dict() for r in results],
            "examples": [vars(x) | {"moves": list(x.moves)} for x in examples],
            "summary": {
                "scenarios": len({r.scenario for r in results}),
                "checks": len(results),
                "failed": len(failures),
            },
        }
        if timing:
            document["benchmark"] = vars(timing) | {"ratio": round(timing.ratio, 2)}
        click.echo(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        click.echo(check_table(results, [e for e in laws if edition in (None, e)]))
        for r in failures:
            click.echo(f"\nFAIL {r.scenario} [{r.edition}] {r.title}")
            if r.error:
                click.echo(f"  error:    {r.error}")
            click.echo(f"  expected: {json.dumps(r.expected, ensure_ascii=False)}")
            click.echo(f"  actual:   {json.dumps(r.actual, ensure_ascii=False)}")
            click.echo(f"  used:     {json.dumps(r.used, ensure_ascii=False)}")
        scenario_count = len({r.scenario for r in results})
        click.echo(f"\n{scenario_count} scenarios, {len(results)} checks, {len(failures)} failed")
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


def check_table(results: list[Any], editions: list[str]) -> str:
    cells: dict[str, dict[str, str]] = {}
    for r in results:
        cells.setdefault(r.scenario, {})[r.edition] = "pass" if r.passed else "FAIL"
    width = max([len(s) for s in cells] + [8])
    lines = [f"{'scenario':{width}}  " + "  ".join(f"{e:8}" for e in editions)]
    for scenario, row in cells.items():
        lines.append(f"{scenario:{width}}  " + "  ".join(f"{row.get(e, '-'):8}" for e in editions))
    return "\n".join(lines)


@main.command()
@path_option("--out", "out_dir", "public", "Where mkdocs writes the static site.")
@path_option("--site-dir", "site_dir", "site", "mkdocs docs_dir: hand-written pages plus the generated ones.")
@data_options
def site(out_dir: Path, site_dir: Path, corpus_dir: Path, kb_dir: Path) -> None:
    """Render the KB into Markdown pages under site/ and build the static site with mkdocs.

    Example: chesslaws site --out public
    """
    import time

    from .render import build_site, render_site
    from .reports import collect

    project = Path.cwd()
    protected = (corpus_dir, kb_dir, site_dir)
    check_pages_dir(site_dir, (corpus_dir, kb_dir), project)
    out_dir = check_output_dir(out_dir, protected, project)
    started = time.perf_counter()
    reports = collect(kb_dir, corpus_dir, progress=click.echo)
    pages = render_site(kb_dir, corpus_dir, site_dir, reports=reports)
    click.echo(f"rendered {len(pages)} pages into {site_dir}")
    build_site(Path.cwd(), out_dir)
    timings = ", ".join(f"{k} {v:.1f} s" for k, v in reports.timings.items())
    click.echo(f"built site into {out_dir} in {time.perf_counter() - started:.1f} s ({timings})")


@main.command("diff")
@click.argument("a")
@click.argument("b")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option(
    "--status",
    "statuses",
    multiple=True,
    type=click.Choice(
        ["added", "removed", "parameter-changed", "split", "merged", "renumbered", "reworded", "unchanged"]
    ),
    help="Only rules carrying this flag (repeatable); the summary still counts every rule.",
)
@data_options
def diff_command(a: str, b: str, fmt: str, statuses: tuple[str, ...], corpus_dir: Path, kb_dir: Path) -> None:
    """Compare edition A (old) with edition B (new), rule by rule.

    Each rule present in A or B gets a status (added, removed, parameter-changed, split, merged,
    renumbered, reworded, unchanged; the first flag in that order) and all its flags. Parameters are
    shown old -> new with the labels that state them. Same-language pairs get a word diff
    ([-old-]{+new+}); other pairs are never called reworded.

    Example: chesslaws diff da-2001 da-2017 --status parameter-changed
    """
    from .diff import diff_editions, known_editions

    known = known_editions(kb_dir)
    for edition in (a, b):
        if edition not in known:
            raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(known)})")
    if a == b:
        raise UsageFailure(f"diff needs two different editions; got {a} twice")
    result = diff_editions(a, b, kb_dir, corpus_dir)
    if fmt == "json":
        data = result.as_dict()
        if statuses:
            data["rules"] = [r for r in data["rules"] if set(r["flags"]) & set(statuses)]
        click.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    for line in diff_text(result, statuses):
        click.echo(line)


def diff_text(result: Any, statuses: tuple[str, ...]) -> list[str]:
    """The diff for a terminal: summary, parameter changes, chapter moves, then one block per rule."""
    from .diff import STATUSES, render_words

    kind = "same language: word diff" if result.same_language else "different languages: no rewording claimed"
    lines = [f"{result.a} -> {result.b} ({kind})"]
    lines.append("  " + ", ".join(f"{s} {result.counts.get(s, 0)}" for s in STATUSES))
    if result.parameter_changes:
        lines.append("\nparameters")
        for c in result.parameter_changes:
            old = "absent" if c["old"] is None else c["old"]
            new = "absent" if c["new"] is None else c["new"]
            lines.append(
                f"  {c['parameter']} {old} -> {new} {c['unit']}  ({c['rule']}, "
                f"{c['old_label'] or '-'} -> {c['new_label'] or '-'})"
            )
    if result.chapter_moves:
        lines.append("\nchapter moves")
        for m in result.chapter_moves:
            lines.append(f"  {m.old_chapter} -> {m.new_chapter}: {', '.join(m.rules)}")
    lines.append("\nrules")
    for r in result.rules:
        if statuses and not set(r.flags) & set(statuses):
            continue
        labels = f"{' '.join(r.old_labels) or '-'} -> {' '.join(r.new_labels) or '-'}"
        lines.append(f"  {r.status:17} {r.rule}  {labels}  [{', '.join(r.flags)}]")
        for p in r.parameters:
            if p.change != "unchanged":
                old = "absent" if p.old is None else p.old.value
                new = "absent" if p.new is None else p.new.value
                lines.append(f"      {p.parameter}: {old} -> {new} {p.unit} ({p.change})")
        if r.words is not None and "reworded" in r.flags:
            lines.append(f"      {render_words(r.words)}")
    return lines


@main.command("lint")
@click.option("--edition", default=None, help="Only this edition.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@data_options
def lint_command(edition: str | None, fmt: str, corpus_dir: Path, kb_dir: Path) -> None:
    """Translation-consistency findings, each pinned to a span of the raw text.

    Kinds: dangling-reference, duplicate-number, numbering-order, numbering-gap, mixed-script,
    parameter-mismatch, terminology, leftover-markup, piece-letter, notation-example. Findings a
    person accepted in kb/lint-accepted.yaml are shown with the reason; an acceptance that matches
    nothing is an error. Exit 1 when unaccepted errors remain.

    Example: chesslaws lint --edition hu-2018 --format json
    """
    from .lint import ACCEPTED_FILE, lint, load_accepted, load_context

    context = load_context(corpus_dir, kb_dir)
    if edition is not None and edition not in context.provisions:
        raise UsageFailure(f"unknown edition '{edition}' (known: {', '.join(context.provisions)})")
    accepted = load_accepted(kb_dir)
    result = lint(context, edition, accepted, accepted_path=kb_dir / ACCEPTED_FILE)
    if fmt == "json":
        click.echo(
            json.dumps(
                {"findings": [f.as_dict() for f in result.findings], "counts": result.counts()},
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        emit_findings(result.findings)
        counts = result.counts()
        click.echo(
            f"{counts['total']} findings, {counts['errors']} unaccepted errors, {counts['accepted']} accepted"
        )
    if result.failed:
        raise SystemExit(1)


def emit_findings(findings: list[Any]) -> None:
    """Findings as a text table, grouped by edition and kind."""
    current: tuple[str, str] | None = None
    for f in findings:
        if (f.edition, f.kind) != current:
            current = (f.edition, f.kind)
            click.echo(f"\n{f.edition} {f.kind}")
        accepted = f"  [accepted: {f.accepted}]" if f.accepted else ""
        click.echo(f"  {f.label or '-':14} {f.severity:7} {f.message}{accepted}")
        if f.quote:
            click.echo(f'  {"":14} {"":7} "{f.quote}" @{f.start}-{f.end}')
