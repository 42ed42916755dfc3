"""Search the Laws: one document per provision, ranked hits per rule.

`search_documents(kb_dir)` is the shared list of documents (one per provision with text, its label
and edition in the title, its rule); the command line and the site both index it. `search(kb_dir,
query)` ranks rules with BM25 over those documents and the rules' English titles and summaries
(see search_index) and returns one hit per rule: its best provision, a snippet and where every
edition states the rule. Reads kb/generated with the C YAML loader; never initialises spaCy.
"""

from __future__ import annotations

import difflib
import hashlib
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from extract.io.generated import read_kb
from extract.io.languages import lexicon
from extract.io.terms import read_terms
from extract.io.yamlfile import LINE_KEY, cache_read, cache_write, line_of, load_yaml
from extract.model import InputError, Provision
from extract.reports.search_index import (
    CONTENTS_LABELS,
    KIND_WEIGHT,
    RULE_LANGUAGE,
    Concept,
    SearchIndex,
    strip_parenthesis,
)
from extract.reports.search_text import Language, irregular_forms, lemma_lookup, word_spans, words

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SNIPPET = 200  # characters of provision text around the words that matched
MAX_WEIGHT = 1.0  # the best provision of the rule in any edition
MEAN_WEIGHT = 2.0  # a rule that matches in every edition beats one that matches once
RULE_WEIGHT = 2.0  # the rule's own English title and summary
SCENARIO_WEIGHT = 5.0  # the best of the situations (scenario titles, in English) the rule decides


@dataclass(frozen=True)
class SearchDocument:
    """One provision as a search entry: stable API shared by `chesslaws search` and the site.

    `id` is `edition:key` (key = the label, or `label@line` where an edition prints a label twice,
    as in kb/rules); `title` carries the edition, the label and the heading or rule title.
    """

    id: str
    edition: str
    language: str
    in_force: str
    label: str
    key: str
    printed_label: str | None
    kind: str
    heading: str | None  # the heading of the article (or appendix) the provision belongs to
    rule: str | None
    rule_title: str | None
    title: str
    text: str


@dataclass(frozen=True)
class SearchHit:
    rule: str | None
    edition: str
    label: str
    score: float
    snippet: str
    title: str = ""
    provisions: tuple[tuple[str, str], ...] = field(default_factory=tuple)  # (edition, key) of the rule

    def as_dict(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "edition": self.edition,
            "label": self.label,
            "score": round(self.score, 3),
            "snippet": self.snippet,
            "title": self.title,
            "provisions": [{"edition": e, "label": k} for e, k in self.provisions],
        }


@dataclass(frozen=True)
class RuleInfo:
    id: str
    title: str
    summary: str


def read_rules(kb_dir: Path) -> dict[str, RuleInfo]:
    """Rule id -> English title and summary, from the curated kb/rules."""
    rules: dict[str, RuleInfo] = {}
    for path in sorted((kb_dir / "rules").glob("*.yaml")):
        for entry in load_yaml(path) or []:
            if isinstance(entry, dict) and "id" in entry:
                rule_id = str(entry["id"])
                rules[rule_id] = RuleInfo(rule_id, str(entry.get("title", "")), str(entry.get("summary", "")))
    return rules


def search_documents(kb_dir: Path) -> list[SearchDocument]:
    """One document per provision with text, editions in in-force order, provisions in text order."""
    kb = read_kb(kb_dir)
    editions = kb.all_provisions()
    rules = read_rules(kb_dir)
    mapping = {(row.edition, row.label): row.rule for row in kb.alignment()}
    documents = []
    for ed, document in editions.items():
        headings = {p.label: p for p in document.provisions}
        for key, p in document.keyed():
            text = p.text.strip()
            if not text:
                continue
            rule = mapping.get((ed, key))
            info = rules.get(rule) if rule else None
            heading = _article_heading(p, headings)
            name = p.heading if p.kind == "glossary entry" else None
            shown = name or (info.title if info else heading) or ""
            documents.append(
                SearchDocument(
                    id=f"{ed}:{key}",
                    edition=ed,
                    language=document.language,
                    in_force=document.in_force,
                    label=p.label,
                    key=key,
                    printed_label=p.printed_label,
                    kind=p.kind,
                    heading=heading,
                    rule=rule,
                    rule_title=info.title if info else None,
                    title=f"{ed} {p.label}" + (f" · {shown}" if shown else ""),
                    text=text,
                )
            )
    return documents


def _article_heading(provision: Provision, by_label: dict[str, Provision]) -> str | None:
    """The heading of the nearest ancestor that has one (the article or appendix)."""
    seen = 0
    current: Provision | None = provision
    while current is not None and seen < 12:
        if current.heading and current.kind != "glossary entry":
            return current.heading
        parent = current.parent
        current = by_label.get(parent) if parent else None
        seen += 1
    return None


def read_situations(kb_dir: Path, rule_ids: set[str], editions: set[str]) -> list[tuple[str, list[str]]]:
    """(title, rules) of every scenario in kb/scenarios: a situation in everyday English ("White's
    flag falls in the middlegame") and the rules that decide it, so a question put as a situation
    finds the rule whose text uses other words. Read with the scenarios' own strict loader."""
    from extract.io.scenarios import load_scenarios

    folder = kb_dir / "scenarios"
    if not folder.is_dir():
        return []
    return [(s.title, list(s.rules)) for s in load_scenarios(folder, rule_ids, editions)]


def read_languages(kb_dir: Path, codes: set[str]) -> dict[str, Language]:
    """Stop words per language from kb/search.yaml (curated); a language without a list has none."""
    path = kb_dir / "search.yaml"
    data = load_yaml(path) if path.exists() else {}
    stop = (data or {}).get("stop_words") or {}
    if not isinstance(stop, dict):
        raise InputError(path, None, "stop_words must map a language code to a list of words")
    for code, listed in stop.items():
        if not isinstance(listed, list) or not all(isinstance(w, str) for w in listed):
            raise InputError(path, None, f"stop_words.{code} must be a list of words (quote yes/no/on/off)")
    return {
        code: Language(code, frozenset(w.lower() for w in stop.get(code) or ()), number_words(kb_dir, code))
        for code in sorted(codes | set(stop))
    }


def read_links(kb_dir: Path, concepts: set[str]) -> dict[str, list[str]]:
    """kb/search.yaml `links`: concept -> the concepts a question naming it is also about ("flag
    fall" -> the allotted time the texts say it ends), both termbase ids (curated, checked)."""
    path = kb_dir / "search.yaml"
    data = load_yaml(path, lines=True) if path.exists() else None
    links = (data or {}).get("links") or {}
    if not isinstance(links, dict):
        raise InputError(path, line_of(data), "links must map a concept id to a list of concept ids")
    found: dict[str, list[str]] = {}
    for concept, linked in links.items():
        if concept == LINE_KEY:
            continue
        line = line_of(links)
        if concept not in concepts:
            raise InputError(path, line, f"links: '{concept}' is not a concept of kb/terms.yaml")
        if not isinstance(linked, list) or not linked:
            raise InputError(path, line, f"links.{concept} must be a list of concept ids")
        unknown = [str(c) for c in linked if c not in concepts]
        if unknown:
            raise InputError(path, line, f"links.{concept}: {', '.join(unknown)} not in kb/terms.yaml")
        found[str(concept)] = [str(c) for c in linked]
    return found


def number_words(kb_dir: Path, language: str) -> dict[str, str]:
    """Number words of a language ("femtio" -> "50") from kb/languages/<lang>.yaml, if it has any;
    a language without a file has no number words (digits still match)."""
    numbers = lexicon(kb_dir, language).get("numbers")
    if not isinstance(numbers, dict):
        return {}
    return {str(word).lower(): str(value) for word, value in numbers.items() if isinstance(value, int)}


def read_concepts(
    kb_dir: Path, languages: dict[str, Language], edition_language: dict[str, str]
) -> list[Concept]:
    """Termbase concepts with their terms stemmed per language (edition terms, the English term and
    the curated search aliases: words people use that the texts need not)."""
    concepts = []
    for entry in read_terms(kb_dir):
        raw: dict[str, set[str]] = defaultdict(set)
        if entry.get("en"):
            raw[RULE_LANGUAGE].add(strip_parenthesis(str(entry["en"])))
        for edition, terms in (entry.get("terms") or {}).items():
            language = edition_language.get(str(edition))
            if language is not None:
                raw[language].update(str(t) for t in terms or ())
        for language, aliases in (entry.get("aliases") or {}).items():
            raw[str(language)].update(str(t) for t in aliases or ())
        stemmed: dict[str, list[tuple[str, ...]]] = {}
        for language, terms in raw.items():
            lang = languages.setdefault(language, Language(language))
            sequences = {tuple(lang.stems(words(t))) for t in terms}
            sequences |= {tuple(lang.irregular.get(w, s) for w, s in _kept_stems(lang, t)) for t in terms}
            sequences |= {compound_parts(lang, words(t)) for t in terms}
            stemmed[language] = sorted(s for s in sequences if s)
        concepts.append(Concept(str(entry["id"]), stemmed))
    return concepts


def _kept_stems(lang: Language, term: str) -> list[tuple[str, str]]:
    return [(w, lang.stem(w)) for w in words(term) if w not in lang.stop_words]


def compound_parts(lang: Language, term_words: list[str]) -> tuple[str, ...]:
    """A term with its compounds cut into parts ("gyalogátváltozás" -> gyalog, átváltozás)."""
    kept = [w for w in term_words if w not in lang.stop_words]
    return tuple(p for w in kept for p in (lang.parts(w) or (lang.stem(w),)))


@dataclass
class Searcher:
    """The index over one KB directory, built once per process."""

    documents: list[SearchDocument]
    rules: dict[str, RuleInfo]
    index: SearchIndex
    rule_provisions: dict[str, list[int]]  # rule -> document positions
    rule_entry: dict[str, int]  # rule -> entry position of its title and summary
    rule_situations: dict[str, list[int]] = field(default_factory=dict)  # rule -> its scenarios' entries

    @classmethod
    def build(cls, kb_dir: Path) -> Searcher:
        documents = search_documents(kb_dir)
        rules = read_rules(kb_dir)
        edition_language = {d.edition: d.language for d in documents}
        situations = read_situations(kb_dir, set(rules), set(edition_language))
        languages = read_languages(kb_dir, set(edition_language.values()) | {RULE_LANGUAGE})
        index = SearchIndex(languages, [])
        index.learn_vocabulary((d.language, d.text) for d in documents)
        index.learn_vocabulary((RULE_LANGUAGE, f"{r.title} {r.summary}") for r in rules.values())
        index.learn_vocabulary((RULE_LANGUAGE, title) for title, _ in situations)
        for code, lang in index.languages.items():
            lang.irregular = irregular_forms(lang, lemma_lookup(code))
        concepts = read_concepts(kb_dir, index.languages, edition_language)
        index = SearchIndex(index.languages, concepts, read_links(kb_dir, {c.id for c in concepts}))
        rule_provisions: dict[str, list[int]] = defaultdict(list)
        for position, d in enumerate(documents):
            weight = 0.0 if d.key in CONTENTS_LABELS else KIND_WEIGHT.get(d.kind, 1.0)
            index.add(d.language, d.rule, d.edition, d.text, d.heading or "", weight)
            if d.rule:
                rule_provisions[d.rule].append(position)
        rule_entry = {}
        for rule in rules.values():
            rule_entry[rule.id] = len(index.entries)
            title_twice = f"{rule.title}. {rule.title}. {rule.summary}"  # the title weighs double
            index.add(RULE_LANGUAGE, rule.id, None, title_twice, "", 1.0)
        rule_situations: dict[str, list[int]] = defaultdict(list)
        for title, rule_ids in situations:
            for rule_id in rule_ids:
                rule_situations[rule_id].append(len(index.entries))
                index.add(RULE_LANGUAGE, rule_id, None, title, "", 1.0)
        index.freeze()
        return cls(documents, rules, index, dict(rule_provisions), rule_entry, dict(rule_situations))

    def search(self, query: str, edition: str | None = None, limit: int = 10) -> list[SearchHit]:
        scores, asked_in, terms, reach = self.index.rank(query)
        # Situations are English: they weigh as much as English can answer of the question.
        situation_weight = SCENARIO_WEIGHT * reach.get(RULE_LANGUAGE, 0.0)
        in_scope = [d.edition == edition or edition is None for d in self.documents]
        editions = sorted({d.edition for d, ok in zip(self.documents, in_scope, strict=True) if ok})
        ranked: list[tuple[float, str, int]] = []
        for rule, positions in self.rule_provisions.items():
            best: dict[str, float] = {}
            shown = (False, "", -1.0, -1)  # (in the question's language, in force, score, position)
            for position in positions:
                if not in_scope[position]:
                    continue
                score = scores.get(position, 0.0)
                d = self.documents[position]
                best[d.edition] = max(best.get(d.edition, 0.0), score)
                # The provision shown: the reader's language first, then the newest edition.
                candidate = (d.language == asked_in, d.in_force, score, position)
                if candidate[:3] > shown[:3]:
                    shown = candidate
            if shown[3] < 0:
                continue
            total = MAX_WEIGHT * max(best.values()) + MEAN_WEIGHT * sum(best.values()) / len(editions)
            total += RULE_WEIGHT * scores.get(self.rule_entry.get(rule, -1), 0.0)
            situations = self.rule_situations.get(rule, ())
            total += situation_weight * max((scores.get(i, 0.0) for i in situations), default=0.0)
            if total > 0:
                ranked.append((total, rule, shown[3]))
        ranked.sort(key=lambda item: (-item[0], item[1]))
        hits = []
        for total, rule, position in ranked[:limit]:
            d = self.documents[position]
            lang = self.index.language(d.language)
            wanted = self._matched_stems(d.language, terms.get(d.language, {}))
            provisions = tuple(
                (self.documents[p].edition, self.documents[p].key) for p in self.rule_provisions.get(rule, ())
            )
            hits.append(
                SearchHit(
                    rule,
                    d.edition,
                    d.key,
                    total,
                    snippet(d.text, lang.stem, wanted),
                    self.rules[rule].title if rule in self.rules else d.title,
                    provisions,
                )
            )
        return hits

    def _matched_stems(self, language: str, terms: dict[str, float]) -> set[str]:
        """The stems a snippet marks: the question's own, and those of the concepts it names."""
        concepts = {t[1:] for t in terms if t.startswith("@")}
        wanted = {t for t in terms if not t.startswith("@")}
        for concept in self.index.concepts:
            if concept.id in concepts:
                wanted.update(s for sequence in concept.terms.get(language, ()) for s in sequence)
        return wanted


def snippet(text: str, stem: Callable[[str], str], wanted: set[str], width: int = SNIPPET) -> str:
    """The stretch of `text` (about `width` characters) with the most matching words."""
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    spans = [(s, e) for s, e, w in word_spans(flat) if stem(w) in wanted]
    start = 0
    if spans:
        best = (-1, 0)
        for s, _ in spans:
            count = sum(1 for s2, e2 in spans if s <= s2 and e2 <= s + width)
            if count > best[0]:
                best = (count, s)
        start = max(0, best[1] - width // 4)
        while start > 0 and not flat[start - 1].isspace():
            start -= 1
    end = min(len(flat), start + width)
    while end < len(flat) and not flat[end].isspace():
        end += 1
    return ("…" if start else "") + flat[start:end].strip() + ("…" if end < len(flat) else "")


@lru_cache(maxsize=4)
def _searcher(kb_dir: Path, stamp: str) -> Searcher:
    """The index stored for `stamp` in the derived cache (io.yamlfile's, same switches), else built."""
    key = f"search-{stamp}"
    stored = cache_read(key)
    if isinstance(stored, Searcher):
        return stored
    built = Searcher.build(kb_dir)
    cache_write(key, built)
    return built


def _inputs(kb_dir: Path) -> list[Path]:
    paths = [kb_dir / "generated" / "alignment.yaml", kb_dir / "terms.yaml", kb_dir / "search.yaml"]
    paths += sorted((kb_dir / "generated" / "provisions").glob("*.yaml"))
    paths += sorted((kb_dir / "rules").glob("*.yaml"))
    paths += sorted((kb_dir / "languages").glob("*.yaml"))
    paths += sorted((kb_dir / "scenarios").glob("*.yaml"))
    return [p for p in paths if p.is_file()]


def _stamp(kb_dir: Path) -> str:
    """A hash of everything the index is built from: the KB files and this code."""
    digest = hashlib.sha256()
    code = Path(__file__).parent
    for path in [*_inputs(kb_dir), code / "search.py", code / "search_index.py", code / "search_text.py"]:
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def searcher(kb_dir: Path) -> Searcher:
    """The index for a KB directory: from this process, else from the cache, else built."""
    return _searcher(kb_dir.resolve(), _stamp(kb_dir))


def search(kb_dir: Path, query: str, edition: str | None = None, limit: int = 10) -> list[SearchHit]:
    """Ranked hits, one per rule, for a question in any language of the KB (or English)."""
    return searcher(kb_dir).search(query, edition, limit)


def close_rule_ids(rule_id: str, known: list[str], limit: int = 5) -> list[str]:
    """Rule ids that look like `rule_id`: containing it, sharing its words, or spelled alike."""
    wanted = rule_id.lower()
    parts = set(wanted.replace("_", "-").split("-"))
    contains = [r for r in known if wanted in r]
    sharing = [r for r in known if parts & set(r.split("-")) and r not in contains]
    sharing.sort(key=lambda r: (-len(parts & set(r.split("-"))), len(r), r))
    alike = difflib.get_close_matches(wanted, known, n=limit, cutoff=0.6)
    ordered = sorted(contains, key=lambda r: (len(r), r)) + alike + sharing
    return list(dict.fromkeys(ordered))[:limit]
