"""The KB pieces a diff reads, and the text helpers it shows them with (word diffs, rule texts).

Inputs are the generated KB (alignment, parameters, provisions, editions) and the curated rules
(titles, order, parameters, part_of, behaviour); the raw corpus texts are read to place parameter
spans and sentences in the raw file. Everything is cached per KB directory until a file changes.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from extract.io.editions import read_text
from extract.io.generated import GENERATED, read_kb
from extract.io.rules import Rule, load_rules
from extract.kb.sentence_align import SentenceRef, provision_sentences
from extract.model import Kind, Provision
from extract.model.kbrows import EditionRow, Parameter
from extract.model.vocab import Change
from extract.reports.diff_model import Mark, ParameterChange, ParameterValue, Piece, RuleText, WordOp

QUOTES = "\"'“”„‟«»‹›‘’‚‛`´"
MARKUP = "*_#"
SEPARATOR = "\n"


# ---------------------------------------------------------------- reading the KB


@dataclass(frozen=True)
class EditionInfo:
    """What a diff reads of an edition in kb/generated/editions.yaml."""

    id: str
    language: str
    in_force: str
    fide_edition: str  # which Laws it translates
    source_file: str

    @classmethod
    def of(cls, row: EditionRow) -> EditionInfo:
        return cls(row.id, row.language, row.in_force, row.fide_edition, row.source_file)


@dataclass
class KBData:
    editions: dict[str, EditionInfo]
    rules: list[Rule]
    alignment: dict[str, dict[str, list[str]]]  # rule -> edition -> keys
    parameters: dict[tuple[str, str], dict[str, Parameter]]  # (rule, edition) -> name -> parameter
    provisions: dict[str, dict[str, Provision]] = field(default_factory=dict)  # edition -> key -> p
    chapters: dict[str, dict[str, str]] = field(default_factory=dict)  # edition -> head -> name
    order: dict[str, dict[str, int]] = field(default_factory=dict)  # edition -> key -> position
    raws: dict[str, str] = field(default_factory=dict)
    sentences: dict[tuple[str, str], list[SentenceRef]] = field(default_factory=dict)
    rule_of: dict[str, dict[str, set[str]]] = field(default_factory=dict)  # edition -> key -> rules
    rule_by_id: dict[str, Rule] = field(default_factory=dict)

    def language(self, edition: str) -> str:
        return self.editions[edition].language

    def fide(self, edition: str) -> str:
        return self.editions[edition].fide_edition or edition.rsplit("-", 1)[-1]

    def sentences_of(self, edition: str, key: str) -> list[SentenceRef]:
        """The sentences of one provision (by curated key), split once per process."""
        found = self.sentences.get((edition, key))
        if found is None:
            p = self.provisions[edition].get(key)
            found = (
                []
                if p is None
                else provision_sentences(edition, key, p, self.language(edition), self.raws[edition])
            )
            self.sentences[(edition, key)] = found
        return found


_CACHE: dict[tuple[str, str], tuple[tuple[float, ...], KBData]] = {}


def _stamp(kb_dir: Path) -> tuple[float, ...]:
    paths = [kb_dir / GENERATED / n for n in ("alignment.yaml", "parameters.yaml", "editions.yaml")]
    paths += sorted((kb_dir / "rules").glob("*.yaml"))
    return tuple(p.stat().st_mtime_ns if p.exists() else 0 for p in paths)


def load_kb(kb_dir: Path, corpus_dir: Path) -> KBData:
    """The KB pieces the diff needs, cached per directory until a file changes."""
    key = (str(kb_dir.resolve()), str(corpus_dir.resolve()))
    stamp = _stamp(kb_dir)
    cached = _CACHE.get(key)
    if cached and cached[0] == stamp:
        return cached[1]
    kb = read_kb(kb_dir)
    editions = {e.id: EditionInfo.of(e) for e in kb.editions()}
    alignment: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for link in kb.alignment():
        alignment[link.rule][link.edition].append(link.label)
    parameters: dict[tuple[str, str], dict[str, Parameter]] = defaultdict(dict)
    for row in kb.parameters():
        parameters[(row.rule, row.edition)][row.parameter] = row
    data = KBData(editions, load_rules(kb_dir), alignment, parameters)
    data.rule_by_id = {r.id: r for r in data.rules}
    rule_of: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for rule_id, by_edition in alignment.items():
        for edition, keys in by_edition.items():
            for k in keys:
                rule_of[edition][k].add(rule_id)
    data.rule_of = rule_of
    _CACHE[key] = (stamp, data)
    return data


def load_edition(data: KBData, edition: str, kb_dir: Path, corpus_dir: Path) -> None:
    """Provisions (by curated key) and raw text of one edition, read on first use."""
    if edition in data.provisions:
        return
    document = read_kb(kb_dir).provisions(edition)
    keys, provisions = document.keys(), list(document.provisions)
    data.provisions[edition] = dict(zip(keys, provisions, strict=True))
    data.order[edition] = {k: i for i, k in enumerate(keys)}
    data.chapters[edition] = chapter_names(provisions)
    source = corpus_dir / data.editions[edition].source_file
    data.raws[edition] = read_text(source) if source.exists() else ""


# ---------------------------------------------------------------- text helpers


def plain(label: str) -> str:
    return label.split("@", 1)[0]


CHAPTER_WORDS: dict[Kind, str] = {
    "item": "Article",
    "guideline item": "Guidelines",
    "appendix item": "Appendix",
}


def chapter_names(provisions: list[Provision]) -> dict[str, str]:
    """First label component -> chapter name for people (`10` -> `Article 10`, `III` -> `Guidelines III`),
    named after the kind of the items the chapter holds, so its tables and examples share the name."""
    names: dict[str, str] = {}
    for p in provisions:
        word = CHAPTER_WORDS.get(p.kind)
        head = p.label.split(".", 1)[0]
        if word is None or head in names:
            continue
        if word == "Article" and not head.isdigit():
            continue
        names[head] = f"{word} {head}"
    return names


def chapter(label: str, names: dict[str, str]) -> str:
    """The chapter a provision stands in; front matter keeps its structural label (`front`, `glossary`)."""
    head = plain(label).split(".", 1)[0]
    return names.get(head, head)


def word_key(token: str) -> str:
    """What counts in a word when deciding unchanged vs reworded: letters and digits, case-folded."""
    return "".join(ch for ch in token.casefold() if ch.isalnum())


def tokens(text: str) -> list[str]:
    """Words as printed (whitespace-separated), with quote marks and markup stripped from the ends."""
    out = []
    for raw in text.split():
        word = raw.strip(QUOTES + MARKUP) or raw
        out.append(word)
    return out


def word_diff(old: str, new: str) -> tuple[tuple[WordOp, ...], bool]:
    """difflib opcodes over word tokens, and whether any real word (not noise) changed."""
    a, b = tokens(old), tokens(new)
    ka, kb = [word_key(t) for t in a], [word_key(t) for t in b]
    matcher = difflib.SequenceMatcher(None, ka, kb, autojunk=False)
    ops = []
    changed = False
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        ops.append(WordOp(tag, " ".join(a[i1:i2]), " ".join(b[j1:j2])))
        if tag != "equal" and any(ka[i1:i2] + kb[j1:j2]):
            changed = True
    return tuple(ops), changed


def render_words(ops: tuple[WordOp, ...]) -> str:
    """`[-old-]{+new+}` style, as git diff --word-diff=plain."""
    parts = []
    for op in ops:
        if op.op == "equal":
            parts.append(op.new)
        if op.op in ("delete", "replace"):
            parts.append(f"[-{op.old}-]")
        if op.op in ("insert", "replace"):
            parts.append(f"{{+{op.new}+}}")
    return " ".join(parts)


def _place(text: str, raw: str, provision: Provision, start: int, end: int) -> tuple[int, int] | None:
    """Where the raw span's words stand in a provision's cleaned text (markup may differ)."""
    words = re.findall(r"\w+", raw[start:end])
    if not words:
        return None
    pattern = re.compile(r"\W+".join(re.escape(w) for w in words), re.IGNORECASE)
    matches = list(pattern.finditer(text))
    if not matches:
        return None
    width = max(provision.end - provision.start, 1)
    relative = (start - provision.start) / width * max(len(text), 1)
    best = min(matches, key=lambda m: abs(m.start() - relative))
    return best.start(), best.end()


def rule_text(data: KBData, rule_id: str, edition: str) -> RuleText:
    keys = sorted(data.alignment[rule_id][edition], key=lambda k: data.order[edition].get(k, 1 << 30))
    items = data.provisions[edition]
    chunks: list[str] = []
    pieces: list[Piece] = []
    offset = 0
    at: dict[str, int] = {}
    for key in keys:
        p = items.get(key)
        if p is None:
            continue
        body = p.text or p.heading or ""
        if not body:
            continue
        if chunks:
            offset += len(SEPARATOR)
        at[key] = offset
        pieces.append(Piece(key, p.printed_label, p.kind, offset, offset + len(body)))
        chunks.append(body)
        offset += len(body)
    text = SEPARATOR.join(chunks)
    marks = []
    for name, row in sorted(data.parameters.get((rule_id, edition), {}).items()):
        label = row.label
        p = items.get(label)
        if p is None or label not in at:
            marks.append(Mark(name, label, None, None, exact=False))
            continue
        body = p.text or p.heading or ""
        whole = (row.start, row.end) == (p.start, p.end)
        span = None if whole else _place(body, data.raws[edition], p, row.start, row.end)
        if span is None:
            marks.append(Mark(name, label, at[label], at[label] + len(body), exact=False))
        else:
            marks.append(Mark(name, label, at[label] + span[0], at[label] + span[1]))
    return RuleText(edition, tuple(keys), text, tuple(pieces), tuple(marks))


# ---------------------------------------------------------------- the diff


def _value(row: Parameter | None) -> ParameterValue | None:
    if row is None:
        return None
    return ParameterValue(row.value, row.label, row.start, row.end, row.quote)


def parameter_changes(data: KBData, rule: Rule, a: str, b: str) -> tuple[ParameterChange, ...]:
    old_rows = data.parameters.get((rule.id, a), {})
    new_rows = data.parameters.get((rule.id, b), {})
    names = sorted(set(rule.parameters) | set(old_rows) | set(new_rows))
    changes = []
    for name in names:
        old, new = old_rows.get(name), new_rows.get(name)
        if old is None and new is None:
            continue
        change: Change
        if old is None:
            change = "added"
        elif new is None:
            change = "removed"
        else:
            change = "unchanged" if old.value == new.value else "changed"
        unit = new.unit if new is not None else old.unit if old is not None else ""
        changes.append(ParameterChange(name, unit, change, _value(old), _value(new)))
    return tuple(changes)


def chapters_of(data: KBData, edition: str, text: RuleText | None) -> tuple[str, ...]:
    if text is None:
        return ()
    labels = [piece.label for piece in text.provisions] or list(text.labels)
    found: list[str] = []
    for label in labels:
        name = chapter(label, data.chapters[edition])
        if name not in found:
            found.append(name)
    return tuple(found)
