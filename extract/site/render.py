"""Render the knowledge base as Markdown pages for mkdocs, and build the static site.

The page data comes from one view builder per page family (extract/site/views, editions.py,
kbview.py); this module writes the pages. Every corpus string reaches the page HTML-escaped.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment

from extract.io.derived import inputs_key, remember
from extract.io.editions import load_editions
from extract.io.generated import read_kb
from extract.io.outputs import ours, read_manifest, write_manifest
from extract.io.yamlfile import MISS, cache_read
from extract.model import Finding, InputError
from extract.reports.rule_rows import RuleChange, RuleFinding
from extract.reports.rulings import RulingsMatrix
from extract.site import background
from extract.site.build import build_site
from extract.site.common import (
    COMPARE_DIR,
    DATA_DIR,
    EDITIONS_DIR,
    GENERATED,
    L10N_TABLE,
    RULES_DIR,
    SiteError,
    _by_rule,
    _environment,
    _write,
    autonym,
    chrome_words,
    l10n_script,
    script_words,
    topic_title,
)
from extract.site.editions import edition_views
from extract.site.kbview import RuleView, SiteData
from extract.site.views.compare import CompareView, _compare_view, marked_text, word_diff_html
from extract.site.views.downloads import DOWNLOADS_DIR, cat_downloads, downloads, lint_downloads
from extract.site.views.home import classifier_editions, classifier_words
from extract.site.views.reports import (
    _scenarios_view,
    _translation_view,
    _with_finding_links,
    plain_rulings,
)
from extract.site.views.rules import rule_views
from extract.site.views.search import search_gzip

if TYPE_CHECKING:
    from extract.reports.collect import Reports

__all__ = [
    "GENERATED",
    "SiteError",
    "build_site",
    "edition_views",
    "marked_text",
    "download_files",
    "render_site",
    "search_data",
    "start_search_data",
    "word_diff_html",
]


def render_site(
    kb_dir: Path,
    corpus_dir: Path,
    site_dir: Path,
    *,
    changes: dict[str, list[RuleChange]] | None = None,
    rulings: dict[str, RulingsMatrix] | None = None,
    findings: dict[str, list[RuleFinding]] | None = None,
    reports: Reports | None = None,
) -> list[Path]:
    """Write the generated pages of the site into site_dir; hand-written pages are left alone.

    Pages: index.md (home, with the time-control classifier), editions/<edition>.md, rules.md
    (rule index by topic), rules/<rule>.md (editions in parallel columns), parameters.md
    (parameter x edition), terms.md (termbase), lineage.md and downloads.md; data files:
    data/search.json.gz (the search index of the page script, compressed) and downloads/* (exports).
    Stale generated edition and rule pages are removed. Returns the pages written, in a stable order.

    The three optional mappings feed sections of the rule pages (empty when absent); keys are rule
    ids: `changes` (edition diffs, one RuleChange per change between two editions), `rulings` (the
    rule's RulingsMatrix, extract/reports/rulings.py: each situation and every edition's ruling),
    `findings` (one RuleFinding per translation-lint finding). All strings are escaped on the page.

    `reports` (extract.reports.Reports, from `collect`) adds the report pages: compare/<a>-<b>.md
    for each compared pair of editions and compare/index.md, translation.md (lint findings) and
    scenarios.md (scenario x edition, the texts' own examples); the home page then lists the
    biggest changes. The three mappings above default to what `reports` holds.
    """
    kb_dir, site_dir = Path(kb_dir), Path(site_dir)
    editions = edition_views(kb_dir, Path(corpus_dir))
    if reports is not None:
        from extract.reports.collect import changes_by_rule, findings_by_rule
        from extract.reports.rulings import rulings_by_rule

        changes = changes_by_rule(reports.consecutive) if changes is None else changes
        findings = findings_by_rule(reports.findings) if findings is None else findings
        if rulings is None:
            rulings = rulings_by_rule(kb_dir, reports.results, [e.id for e in editions if e.built])
    for rule_id, matrix in (rulings or {}).items():
        if not isinstance(matrix, RulingsMatrix):
            raise TypeError(f"rulings[{rule_id!r}] must be a RulingsMatrix")
    site = SiteData(
        kb_dir,
        editions,
        _by_rule(changes, "changes", RuleChange),
        _by_rule(findings, "findings", RuleFinding),
    )
    if reports is not None:
        site.findings = _with_finding_links(site, site.findings)
    env = _environment()
    not_current = {e: note for e in site.order if (note := site.not_current(e))}
    sources = {e.id: e.source or e.id for e in editions}
    common = {
        "editions": editions,
        "order": site.order,
        "laws": site.laws(),
        "languages": _switch_languages(editions),
        "source_of": lambda edition: sources.get(edition, edition),
        "not_current": not_current,
        "interface": script_words(),
    }
    pages = Pages(env, site_dir, common)
    compares = _compare_views(site, reports)
    rules = rule_views(site, rulings)
    _overview_pages(pages, site, rules, compares)
    for view in editions:
        pages.write(f"{EDITIONS_DIR}/{view.id}.md", "edition.md.j2", edition=view)
        _chapter_pages(
            pages, f"{EDITIONS_DIR}/{view.id}", "edition-chapter.md.j2", view.chapters, edition=view
        )
    for rule in rules:
        pages.write(f"{RULES_DIR}/{rule.id}.md", "rule.md.j2", rule=rule, title=topic_title)
    if reports is not None:
        _report_pages(pages, site, reports, compares, plain_rulings(kb_dir, reports.results))
    _data_files(pages, kb_dir, Path(corpus_dir), reports.findings if reports is not None else None)
    _remove_stale(site_dir, set(pages.written), pages.manifest)
    write_manifest(site_dir, pages.written)
    return pages.written


def _switch_languages(editions: list[Any]) -> list[tuple[str, str]]:
    """The rule pages' language switch: each language of the editions, then English (interface
    words), each named in itself."""
    codes = list(dict.fromkeys(e.language for e in editions if e.language))
    return [(code, autonym(code)) for code in [*codes, *(["en"] if "en" not in codes else [])]]


class Pages:
    """Writes rendered templates and data files into the docs dir, remembering what it wrote.

    A file already there is replaced only when the docs dir's manifest says chesslaws wrote it
    (or there is no manifest yet: a docs dir from before manifests); a hand-written page with the
    name of a generated one is an InputError, before it is touched."""

    def __init__(self, env: Environment, site_dir: Path, common: dict[str, Any]) -> None:
        self.env, self.site_dir, self.common = env, site_dir, common
        self.written: list[Path] = []
        self.manifest = read_manifest(site_dir)

    def write(self, name: str, template: str, **values: Any) -> None:
        table: dict[str, dict[str, str]] = {}  # the page's sentences in the other languages
        text = self.env.get_template(template).render(**self.common, **values, **{L10N_TABLE: table})
        for words in chrome_words():  # the theme's words and the search box's (site/assets/rules.js)
            table.setdefault(words["en"], {k: v for k, v in words.items() if k != "en"})
        text += l10n_script(table)
        self._claim(name, text.encode("utf-8"))
        self.written.append(_write(self.site_dir / name, text))

    def _claim(self, name: str, content: bytes) -> None:
        path = self.site_dir / name
        if self.manifest is None or not path.exists() or ours(self.site_dir, name, self.manifest):
            return
        if path.is_file() and path.read_bytes() == content:
            return
        raise InputError(
            path, None, "a page chesslaws did not write has the name of a generated page; rename or move it"
        )

    def data(self, name: str, content: bytes) -> None:
        self._claim(name, content)
        path = self.site_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != content:
            path.write_bytes(content)
        self.written.append(path)


def _compare_views(site: SiteData, reports: Reports | None) -> list[CompareView]:
    if reports is None:
        return []
    pairs = set(zip(site.order, site.order[1:], strict=False))
    return [_compare_view(site, d, (d.a, d.b) in pairs) for d in reports.diffs]


def _overview_pages(pages: Pages, site: SiteData, rules: list[RuleView], compares: list[CompareView]) -> None:
    parameter_rows = site.parameter_rows
    topics: dict[str, list[RuleView]] = defaultdict(list)
    for rule in rules:
        topics[rule.topic].append(rule)
    headline = next((c for c in compares if not c.consecutive), compares[-1] if compares else None)
    pages.write(
        "index.md",
        "index.md.j2",
        changed=[row for row in parameter_rows if row.changed],
        compares=[c for c in compares if c.consecutive or c is headline],
        headline=headline,
        rule_title={r.id: r.title_said or {"en": r.title} for r in rules},
        rule_count=len(rules),
        parameter_count=len(parameter_rows),
        concept_count=len(site.terms),
        classifier=classifier_editions(site),
        classifier_words=classifier_words(),
        today_lines=site.today_lines(),
    )
    pages.write("rules.md", "rules.md.j2", topics=sorted(topics.items()), title=topic_title)
    pages.write("parameters.md", "parameters.md.j2", rows=parameter_rows)
    pages.write("terms.md", "terms.md.j2", concepts=site.concepts())
    pages.write("lineage.md", "lineage.md.j2", picture=site.lineage(), rows=site.lineage_rows())


def _report_pages(
    pages: Pages,
    site: SiteData,
    reports: Reports,
    compares: list[CompareView],
    rulings: dict[tuple[str, str], str],
) -> None:
    pages.write(f"{COMPARE_DIR}/index.md", "compare-index.md.j2", compares=compares)
    for compare in compares:
        pages.write(f"{COMPARE_DIR}/{compare.slug}.md", "compare.md.j2", c=compare)
        _chapter_pages(
            pages, f"{COMPARE_DIR}/{compare.slug}", "compare-chapter.md.j2", compare.chapters, c=compare
        )
    pages.write("translation.md", "translation.md.j2", t=_translation_view(site, reports.findings))
    pages.write(
        "scenarios.md",
        "scenarios.md.j2",
        s=_scenarios_view(site, reports.results, reports.examples, rulings),
    )


def _data_files(pages: Pages, kb_dir: Path, corpus_dir: Path, findings: list[Finding] | None = None) -> None:
    """The sidebar order, the search index and the downloads (with their page, always written)."""
    kb = read_kb(kb_dir)
    pages.data(f"{DATA_DIR}/order.json", json.dumps(pages.common["order"]).encode("utf-8"))
    listed = []
    if kb.path("provisions").is_dir() and kb.path("alignment.yaml").is_file():
        order = list(pages.common["order"])
        search = search_data(kb_dir, corpus_dir)
        files = download_files(kb_dir, corpus_dir, order)
        if findings is not None:
            raws = {e.id: e.text for e in load_editions(corpus_dir)}
            lint = lint_downloads(findings, order, raws.__getitem__)
            files = [*files, *((name, what, make()) for name, make, what in lint)]
        pages.data(f"{DATA_DIR}/search.json.gz", search)
        for name, what, content in files:
            pages.data(f"{DOWNLOADS_DIR}/{name}", content)
            listed.append((name, what, len(content)))
    pages.write("downloads.md", "downloads.md.j2", files=listed)


def download_files(
    kb_dir: Path, corpus_dir: Path, order: list[str] | None = None
) -> list[tuple[str, str, bytes]]:
    """The downloads page's exports and CAT files (name, what, bytes), remembered by their inputs (the
    same inputs give the same bytes). `chesslaws site` makes them in the second process right after
    the diffs, which have prepared the same pairs' sentences (extract/reports/collect.py)."""
    if order is None:
        order = [e.id for e in edition_views(kb_dir, corpus_dir)]

    def produce() -> list[tuple[str, str, bytes]]:
        files = downloads(kb_dir) + cat_downloads(kb_dir, corpus_dir, order)
        return [(name, what, make()) for name, make, what in files]

    return remember(inputs_key("site-data", (corpus_dir, kb_dir), order), produce)


_SEARCH: dict[str, bytes] = {}  # inputs key -> the compressed index, made once per process


def search_data(kb_dir: Path, corpus_dir: Path) -> bytes:
    """The site's search index (data/search.json.gz), remembered by its inputs; made in a second
    process when `start_search_data` started it there."""
    key = inputs_key("site-search", (corpus_dir, kb_dir))
    if key not in _SEARCH:
        made, data = background.collect_result(key)
        _SEARCH[key] = data if made else remember(key, lambda: search_gzip(kb_dir))
    return _SEARCH[key]


def start_search_data(kb_dir: Path, corpus_dir: Path) -> None:
    """Start making the search index in a forked process (`chesslaws site` renders the pages
    meanwhile, on the other core), unless the cache has it."""
    key = inputs_key("site-search", (corpus_dir, kb_dir))
    if key not in _SEARCH and (found := cache_read(key)) is not MISS:
        _SEARCH[key] = found
    if key not in _SEARCH:
        background.start(key, search_data, kb_dir, corpus_dir)


def _remove_stale(site_dir: Path, keep: set[Path], manifest: dict[str, str] | None) -> None:
    """Remove the pages an earlier render wrote that this one did not, while they hold what it wrote;
    no other file is touched (hand-written pages are in no manifest)."""
    for relative in sorted(manifest or {}):
        if site_dir / relative not in keep and ours(site_dir, relative, manifest, unchanged=True):
            (site_dir / relative).unlink()


def _chapter_pages(pages: Pages, folder: str, template: str, chapters: Sequence[Any], **context: Any) -> None:
    """One page per chapter of a long page, each linking the chapters before and after it."""
    for i, chapter in enumerate(chapters):
        pages.write(
            f"{folder}/{chapter.slug}.md",
            template,
            chapter=chapter,
            previous=chapters[i - 1] if i else None,
            following=chapters[i + 1] if i + 1 < len(chapters) else None,
            **context,
        )
