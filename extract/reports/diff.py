"""Any two editions compared rule by rule: what changed, number by number and word by word.

Inputs are the generated KB (alignment, parameters, provisions, editions) and the curated rules
(titles, order, parameters); the raw corpus texts are read only to place parameter spans in the
rule texts. Every canonical rule that either edition expresses appears exactly once.

Statuses (a rule may carry several flags; `status` is the first of them in this precedence):

1. `added` / `removed`: only B / only A expresses the rule.
2. `parameter-changed`: a parameter of the rule has another value, or is stated in one edition only
   (reported as an added or removed parameter, never as 0).
3. `split` / `merged`: fewer / more provisions with text in A than in B (one -> several is split).
4. `renumbered`: the two editions share no label for the rule (7.4.b -> 7.5.3, 10.2 -> III.5).
5. `reworded`: same-language pairs only: the words differ once case, whitespace, quotes, markup and
   punctuation are ignored.
6. `unchanged`: none of the above. For a cross-language pair the texts cannot be compared, so
   `unchanged` means "same labels, same provision count, same parameters": no rewording is claimed.

Substance (numbers) comes before structure (split, renumbering) and structure before wording,
because a changed number changes how a game is run while a new label only changes where to look.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from extract.io.editions import read_text
from extract.io.kbfiles import GENERATED, read_generated
from extract.io.rules import edition_keys, load_rules
from extract.model import InputError

STATUSES = (
    "added",
    "removed",
    "parameter-changed",
    "split",
    "merged",
    "renumbered",
    "reworded",
    "unchanged",
)
QUOTES = "\"'“”„‟«»‹›‘’‚‛`´"
MARKUP = "*_#"
SEPARATOR = "\n"


@dataclass(frozen=True)
class ParameterValue:
    """One edition's value of a parameter, with where the text states it."""

    value: Any
    label: str
    start: int  # raw corpus offsets, as in parameters.yaml
    end: int
    quote: str


@dataclass(frozen=True)
class ParameterChange:
    """A parameter of a rule in both editions: `changed`, `unchanged`, `added` or `removed`."""

    parameter: str
    unit: str
    change: str
    old: ParameterValue | None
    new: ParameterValue | None


@dataclass(frozen=True)
class Mark:
    """A parameter's words inside a rule text (offsets into `RuleText.text`).

    `exact` is false when the KB's span is the whole provision (the parameter stage found no
    narrower span): the mark then covers the provision's text. None offsets: not placed at all.
    """

    parameter: str
    label: str
    start: int | None
    end: int | None
    exact: bool = True


@dataclass(frozen=True)
class Piece:
    """Where one provision's text stands inside the rule text."""

    label: str
    printed_label: str | None
    kind: str
    start: int
    end: int


@dataclass(frozen=True)
class RuleText:
    """A rule's text in one edition: its provisions' texts in document order, joined by newlines."""

    edition: str
    labels: tuple[str, ...]
    text: str
    provisions: tuple[Piece, ...]
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class WordOp:
    """One difflib opcode over word tokens: equal, insert, delete or replace."""

    op: str
    old: str
    new: str


@dataclass(frozen=True)
class RuleDiff:
    """One canonical rule between edition A (old) and edition B (new)."""

    rule: str
    title: str
    topic: str
    status: str
    flags: tuple[str, ...]
    old_labels: tuple[str, ...]
    new_labels: tuple[str, ...]
    old_chapters: tuple[str, ...]
    new_chapters: tuple[str, ...]
    parameters: tuple[ParameterChange, ...]
    old: RuleText | None
    new: RuleText | None
    words: tuple[WordOp, ...] | None  # same-language pairs only


@dataclass(frozen=True)
class ChapterMove:
    """Rules whose provisions left one chapter for another (Article 10 -> Guidelines III)."""

    old_chapter: str
    new_chapter: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class EditionDiff:
    """Edition A (old) against edition B (new), rule by rule, with a summary for the site."""

    a: str
    b: str
    same_language: bool
    rules: tuple[RuleDiff, ...]
    counts: dict[str, int]
    flag_counts: dict[str, int]
    parameter_changes: tuple[dict[str, Any], ...]
    added: tuple[str, ...]
    removed: tuple[str, ...]
    chapter_moves: tuple[ChapterMove, ...]
    notes: tuple[str, ...] = field(default_factory=tuple)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, in a deterministic order (rules in curated order)."""
        data = asdict(self)
        data["counts"] = {s: self.counts.get(s, 0) for s in STATUSES}
        data["flag_counts"] = {s: self.flag_counts.get(s, 0) for s in STATUSES}
        data["biggest_changes"] = biggest_changes(self)
        return data

    def rule(self, rule_id: str) -> RuleDiff:
        return next(r for r in self.rules if r.rule == rule_id)


def biggest_changes(d: EditionDiff) -> list[dict[str, Any]]:
    """For the home page: parameter changes, then added and removed rules, then chapter moves."""
    out: list[dict[str, Any]] = [{"kind": "parameter", **p} for p in d.parameter_changes]
    out += [{"kind": "rule-added", "rule": r} for r in d.added]
    out += [{"kind": "rule-removed", "rule": r} for r in d.removed]
    out += [
        {
            "kind": "chapter-move",
            "old_chapter": m.old_chapter,
            "new_chapter": m.new_chapter,
            "rules": list(m.rules),
        }
        for m in d.chapter_moves
    ]
    return out


# ---------------------------------------------------------------- reading the KB


@dataclass
class _Data:
    editions: dict[str, dict[str, Any]]
    rules: list[Any]
    alignment: dict[str, dict[str, list[str]]]  # rule -> edition -> keys
    parameters: dict[tuple[str, str], dict[str, dict[str, Any]]]  # (rule, edition) -> name -> row
    provisions: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # edition -> key -> p
    chapters: dict[str, dict[str, str]] = field(default_factory=dict)  # edition -> head -> name
    order: dict[str, dict[str, int]] = field(default_factory=dict)  # edition -> key -> position
    raws: dict[str, str] = field(default_factory=dict)


_CACHE: dict[tuple[str, str], tuple[tuple[float, ...], _Data]] = {}


def _stamp(kb_dir: Path) -> tuple[float, ...]:
    paths = [kb_dir / GENERATED / n for n in ("alignment.yaml", "parameters.yaml", "editions.yaml")]
    paths += sorted((kb_dir / "rules").glob("*.yaml"))
    return tuple(p.stat().st_mtime_ns if p.exists() else 0 for p in paths)


def _load(kb_dir: Path, corpus_dir: Path) -> _Data:
    """The KB pieces the diff needs, cached per directory until a file changes."""
    key = (str(kb_dir.resolve()), str(corpus_dir.resolve()))
    stamp = _stamp(kb_dir)
    cached = _CACHE.get(key)
    if cached and cached[0] == stamp:
        return cached[1]
    editions = {e["id"]: e for e in read_generated(kb_dir, "editions.yaml")}
    alignment: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for row in read_generated(kb_dir, "alignment.yaml"):
        alignment[row["rule"]][row["edition"]].append(str(row["label"]))
    parameters: dict[tuple[str, str], dict[str, dict[str, Any]]] = defaultdict(dict)
    for row in read_generated(kb_dir, "parameters.yaml"):
        parameters[(row["rule"], row["edition"])][row["parameter"]] = row
    data = _Data(editions, load_rules(kb_dir), alignment, parameters)
    _CACHE[key] = (stamp, data)
    return data


def _edition(data: _Data, edition: str, kb_dir: Path, corpus_dir: Path) -> None:
    """Provisions (by curated key) and raw text of one edition, read on first use."""
    if edition in data.provisions:
        return
    path = kb_dir / GENERATED / "provisions" / f"{edition}.yaml"
    if not path.exists():
        raise InputError(path, None, "not built yet; run 'chesslaws build' first")
    items = read_generated(kb_dir, f"provisions/{edition}.yaml")["provisions"]
    keys = edition_keys(items)[0]
    data.provisions[edition] = dict(zip(keys, items, strict=True))
    data.order[edition] = {k: i for i, k in enumerate(keys)}
    data.chapters[edition] = chapter_names(items)
    source = corpus_dir / str(data.editions[edition].get("source_file") or f"{edition}.txt")
    data.raws[edition] = read_text(source) if source.exists() else ""


# ---------------------------------------------------------------- text helpers


def _plain(label: str) -> str:
    return label.split("@", 1)[0]


CHAPTER_WORDS = {"item": "Article", "guideline item": "Guidelines", "appendix item": "Appendix"}


def chapter_names(provisions: list[dict[str, Any]]) -> dict[str, str]:
    """First label component -> chapter name for people (`10` -> `Article 10`, `III` -> `Guidelines III`),
    named after the kind of the items the chapter holds, so its tables and examples share the name."""
    names: dict[str, str] = {}
    for p in provisions:
        word = CHAPTER_WORDS.get(str(p["kind"]))
        head = str(p["label"]).split(".", 1)[0]
        if word is None or head in names:
            continue
        if word == "Article" and not head.isdigit():
            continue
        names[head] = f"{word} {head}"
    return names


def chapter(label: str, names: dict[str, str]) -> str:
    """The chapter a provision stands in; front matter keeps its structural label (`front`, `glossary`)."""
    head = _plain(label).split(".", 1)[0]
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


def _place(text: str, raw: str, provision: dict[str, Any], start: int, end: int) -> tuple[int, int] | None:
    """Where the raw span's words stand in a provision's cleaned text (markup may differ)."""
    words = re.findall(r"\w+", raw[start:end])
    if not words:
        return None
    pattern = re.compile(r"\W+".join(re.escape(w) for w in words), re.IGNORECASE)
    matches = list(pattern.finditer(text))
    if not matches:
        return None
    width = max(int(provision["end"]) - int(provision["start"]), 1)
    relative = (start - int(provision["start"])) / width * max(len(text), 1)
    best = min(matches, key=lambda m: abs(m.start() - relative))
    return best.start(), best.end()


def _rule_text(data: _Data, rule_id: str, edition: str) -> RuleText:
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
        body = str(p.get("text") or p.get("heading") or "")
        if not body:
            continue
        if chunks:
            offset += len(SEPARATOR)
        at[key] = offset
        pieces.append(Piece(key, p.get("printed_label"), str(p["kind"]), offset, offset + len(body)))
        chunks.append(body)
        offset += len(body)
    text = SEPARATOR.join(chunks)
    marks = []
    for name, row in sorted(data.parameters.get((rule_id, edition), {}).items()):
        label = str(row["label"])
        p = items.get(label)
        if p is None or label not in at:
            marks.append(Mark(name, label, None, None, exact=False))
            continue
        body = str(p.get("text") or p.get("heading") or "")
        whole = (int(row["start"]), int(row["end"])) == (int(p["start"]), int(p["end"]))
        span = None if whole else _place(body, data.raws[edition], p, int(row["start"]), int(row["end"]))
        if span is None:
            marks.append(Mark(name, label, at[label], at[label] + len(body), exact=False))
        else:
            marks.append(Mark(name, label, at[label] + span[0], at[label] + span[1]))
    return RuleText(edition, tuple(keys), text, tuple(pieces), tuple(marks))


# ---------------------------------------------------------------- the diff


def _value(row: dict[str, Any] | None) -> ParameterValue | None:
    if row is None:
        return None
    return ParameterValue(row["value"], str(row["label"]), int(row["start"]), int(row["end"]), row["quote"])


def _parameters(data: _Data, rule: Any, a: str, b: str) -> tuple[ParameterChange, ...]:
    old_rows = data.parameters.get((rule.id, a), {})
    new_rows = data.parameters.get((rule.id, b), {})
    names = sorted(set(rule.parameters) | set(old_rows) | set(new_rows))
    changes = []
    for name in names:
        old, new = old_rows.get(name), new_rows.get(name)
        if old is None and new is None:
            continue
        if old is None:
            change = "added"
        elif new is None:
            change = "removed"
        else:
            change = "unchanged" if old["value"] == new["value"] else "changed"
        unit = (new or old or {}).get("unit", "")
        changes.append(ParameterChange(name, str(unit), change, _value(old), _value(new)))
    return tuple(changes)


def _chapters(data: _Data, edition: str, text: RuleText | None) -> tuple[str, ...]:
    if text is None:
        return ()
    labels = [piece.label for piece in text.provisions] or list(text.labels)
    found: list[str] = []
    for label in labels:
        name = chapter(label, data.chapters[edition])
        if name not in found:
            found.append(name)
    return tuple(found)


def _rule_diff(data: _Data, rule: Any, a: str, b: str, same_language: bool) -> RuleDiff:
    in_a, in_b = a in data.alignment[rule.id], b in data.alignment[rule.id]
    old = _rule_text(data, rule.id, a) if in_a else None
    new = _rule_text(data, rule.id, b) if in_b else None
    parameters = _parameters(data, rule, a, b)
    flags: set[str] = set()
    words = None
    if not in_a:
        flags.add("added")
    elif not in_b:
        flags.add("removed")
    else:
        assert old is not None and new is not None
        if any(p.change != "unchanged" for p in parameters):
            flags.add("parameter-changed")
        count_a = len(old.provisions) or len(old.labels)
        count_b = len(new.provisions) or len(new.labels)
        if count_a < count_b:
            flags.add("split")
        elif count_a > count_b:
            flags.add("merged")
        shown_a = {_plain(p.label) for p in old.provisions} or {_plain(k) for k in old.labels}
        shown_b = {_plain(p.label) for p in new.provisions} or {_plain(k) for k in new.labels}
        if not shown_a & shown_b:
            flags.add("renumbered")
        if same_language:
            words, changed = word_diff(old.text, new.text)
            if changed:
                flags.add("reworded")
    if not flags:
        flags.add("unchanged")
    ordered = tuple(s for s in STATUSES if s in flags)
    return RuleDiff(
        rule=rule.id,
        title=rule.title,
        topic=rule.topic,
        status=ordered[0],
        flags=ordered,
        old_labels=tuple(_plain(k) for k in old.labels) if old else (),
        new_labels=tuple(_plain(k) for k in new.labels) if new else (),
        old_chapters=_chapters(data, a, old),
        new_chapters=_chapters(data, b, new),
        parameters=parameters,
        old=old,
        new=new,
        words=words,
    )


def known_editions(kb_dir: Path) -> list[str]:
    """Edition ids of the generated KB, in in-force order."""
    return [e["id"] for e in read_generated(kb_dir, "editions.yaml")]


def diff_editions(a: str, b: str, kb_dir: Path, corpus_dir: Path) -> EditionDiff:
    """Edition `a` (old) against edition `b` (new), rule by rule, in curated rule order.

    Raises InputError for an unknown edition and ValueError when a == b.
    """
    data = _load(kb_dir, corpus_dir)
    for edition in (a, b):
        if edition not in data.editions:
            known = ", ".join(data.editions)
            raise InputError(
                kb_dir / GENERATED / "editions.yaml", None, f"unknown edition '{edition}' (known: {known})"
            )
    if a == b:
        raise ValueError(f"compare two different editions, not {a} with itself")
    for edition in (a, b):
        _edition(data, edition, kb_dir, corpus_dir)
    same_language = data.editions[a]["language"] == data.editions[b]["language"]
    present = [
        r for r in data.rules if a in data.alignment.get(r.id, {}) or b in data.alignment.get(r.id, {})
    ]
    rules = tuple(_rule_diff(data, r, a, b, same_language) for r in present)
    counts = Counter(r.status for r in rules)
    flag_counts = Counter(f for r in rules for f in r.flags)
    parameter_changes = []
    for r in rules:
        for p in r.parameters:
            if p.change == "unchanged" or r.status in ("added", "removed"):
                continue
            parameter_changes.append(
                {
                    "rule": r.rule,
                    "parameter": p.parameter,
                    "change": p.change,
                    "unit": p.unit,
                    "old": None if p.old is None else p.old.value,
                    "new": None if p.new is None else p.new.value,
                    "old_label": None if p.old is None else p.old.label,
                    "new_label": None if p.new is None else p.new.label,
                }
            )
    parameter_changes.sort(key=lambda c: (c["change"] != "changed", c["parameter"], c["rule"]))
    moves: dict[tuple[str, str], list[str]] = defaultdict(list)
    for r in rules:
        if "renumbered" in r.flags and not set(r.old_chapters) & set(r.new_chapters):
            moves[(" + ".join(r.old_chapters), " + ".join(r.new_chapters))].append(r.rule)
    chapter_moves = tuple(
        ChapterMove(old, new, tuple(ids))
        for (old, new), ids in sorted(moves.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    )
    notes = (
        "same language: texts compared word by word "
        "(case, whitespace, quotes, markup and punctuation ignored)"
        if same_language
        else "different languages: texts are shown side by side and never called reworded; "
        "'unchanged' means same labels, same provision count and same parameters",
    )
    return EditionDiff(
        a=a,
        b=b,
        same_language=same_language,
        rules=rules,
        counts=dict(counts),
        flag_counts=dict(flag_counts),
        parameter_changes=tuple(parameter_changes),
        added=tuple(r.rule for r in rules if r.status == "added"),
        removed=tuple(r.rule for r in rules if r.status == "removed"),
        chapter_moves=chapter_moves,
        notes=notes,
    )
