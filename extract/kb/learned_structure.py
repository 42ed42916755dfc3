"""Structure words learned from aligned headings (issue 24): a second segmentation pass for an edition
whose language has no kb/languages file.

The first pass cuts such an edition from its own numbering alone: "1. ձվկխառտջ" opens article 1
because 1.1, 1.2 follow, whatever the word. What the first pass cannot know is that the same word names
articles elsewhere in the text too, where no numbering follows (a table of contents "1.Ձվկխառտջ: …").
So the word standing, heading after heading, where the reference editions' headings with the same
label have a structure word ("Article 7", "7. cikk", "Tillæg A", "Anbefaling I") is learned in the
role the references give that place (`article_before`, `chapter_words`, `appendix_words`,
`guideline_words`: the keys of kb/languages), and the edition is segmented again with it. The
references' roles come from their own language files, never from a list of words here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from extract.model import Edition as Text
from extract.text.contents import opened_label, short_title
from extract.text.labels import (
    STRUCTURE_LABELS,
    fold_char,
    fold_label,
    learned_structure,
    structural_label,
    structure_lexicon,
)
from extract.text.markdown import entry_shaped
from extract.text.segment import segment

# the role of a word standing before / after the label, by the shape of the label
_ROLES = {
    "number": ("article_before", "chapter_words"),
    "letter": ("appendix_words", None),
    "roman": ("guideline_words", None),
}
_REFERENCE_KEYS = {
    "number": ("article_before", "article_after", "chapter_words"),
    "letter": ("appendix_words",),
    "roman": ("guideline_words",),
}
_WORD = r"([^\W\d_][^\s\d:.\-–—]*|§)"  # a word, or a sign standing for one ("§ 7")
_MARKUP = re.compile(r"^[\s#*_>|]+")  # markdown heading marks and emphasis before a heading's label
MIN_HEADINGS = 2  # a word is learned where at least this many headings agree on it, or ...
ONCE = {"appendix_words", "guideline_words"}  # ... for these few headings, where it is the only word there


def label_shape(label: str) -> str | None:
    """ "number" for an article label ("7"), "letter" for an appendix ("A"), "roman" for a guideline."""
    if re.fullmatch(r"\d{1,2}", label):
        return "number"
    if re.fullmatch(r"[A-H]", label):
        return "letter"
    if re.fullmatch(r"[IVX]{1,4}", label):
        return "roman"
    return None


def heading_line(provision: Mapping[str, object], text: str) -> str:
    """The line a provision starts on, as printed, without markdown marks."""
    start = int(str(provision.get("start") or 0))
    end = text.find("\n", start)
    return _MARKUP.sub("", text[start : end if end >= 0 else len(text)]).strip()


def heading_word(line: str, printed: str) -> tuple[str, str] | None:
    """("before" | "after", word) of a heading line: the one word beside its printed label
    ("Artikel 7: …" -> before, "7. cikk" -> after); None where the line has no such word."""
    line = fold_label(line)
    number = re.escape("".join(fold_char(ch) for ch in printed))  # "١" as the folded line has it, "1"
    before = re.match(rf"^{_WORD}\s*{number}(?![\w])", line)
    if before:
        return "before", before.group(1).casefold()
    after = re.match(rf"^{number}\s*\.?\s*{_WORD}", line)
    if after:
        return "after", after.group(1).casefold()
    return None


Edition = tuple[Iterable[Mapping[str, object]], str]  # (provision rows, the edition's text)


def _headings(edition: Edition) -> Iterator[tuple[str, tuple[str, str]]]:
    """(label shape, (place, word)) of each article, appendix or guideline heading of an edition
    that names its part with a word beside the printed label."""
    rows, text = edition
    for provision in rows:
        label = str(provision.get("label"))
        shape = label_shape(label)
        if shape is None or provision.get("kind") != "article" or provision.get("inferred"):
            continue
        found = heading_word(heading_line(provision, text), str(provision.get("printed_label") or label))
        if found:
            yield shape, found


def reference_shapes(references: Iterable[Edition], kb_dir: Path) -> set[str]:
    """Label shapes whose headings the reference editions name with a word of their language file
    (or the sign "§", which stands for "Article" in the Nordic texts)."""
    lexicon = structure_lexicon(kb_dir)
    shapes: set[str] = set()
    for edition in references:
        for shape, (_, word) in _headings(edition):
            if word == "§" or any(word in lexicon[key] for key in _REFERENCE_KEYS[shape]):
                shapes.add(shape)
    return shapes


_LABEL = r"(\d{1,2}|[A-H]|[IVX]{1,4})"
_LINE_BEFORE = re.compile(rf"^{_WORD}\s*{_LABEL}(?![\w.]*\d)\s*(?:[:.\-–—]|$)")  # "Article 1: …", "Tillæg A."
_LINE_AFTER = re.compile(rf"^{_LABEL}\s*\.?\s*{_WORD}\s*(?:[:.]|$)")  # "1. fejezet", "1.Fejezet: …"
_LINK = re.compile(r"^\s*(?:[-*+]|\d{1,2}\.)\s+\[([^\]]+)\]\(#")  # "- [Preface](#preface)": a linked entry
_FIRST = {"number": ("1", "2"), "letter": ("A", "B"), "roman": ("I", "II")}


def _numbered_runs(text: str) -> list[tuple[str, tuple[str, str]]]:
    """(label shape, (place, word)) for each word that heads lines numbered from the start ("Article 1:",
    "Article 2:" …; "1.Fejezet:", "2.Fejezet:" …): headings the first pass may not have found (a text
    whose items restart at "1." under each article gives its numbering no "1.1" to confirm them), one
    entry per heading line, for a word whose lines carry the first two labels of their kind."""
    found: dict[tuple[str, str, str], list[str]] = {}
    for raw in text.splitlines():
        line = fold_label(_MARKUP.sub("", raw).strip())
        if not line or len(line) > 110:
            continue
        before, after = _LINE_BEFORE.match(line), _LINE_AFTER.match(line)
        place, word, label = (
            ("before", before.group(1), before.group(2)) if before
            else ("after", after.group(2), after.group(1)) if after
            else ("", "", "")
        )  # fmt: skip
        shape = label_shape(label) if label else None
        if shape:
            found.setdefault((shape, place, word.casefold()), []).append(label)
    return [
        (shape, (place, word))
        for (shape, place, word), labels in found.items()
        if set(_FIRST[shape]) <= set(labels)
        for _ in labels
    ]


def learn_structure(edition: Edition, references: Iterable[Edition], kb_dir: Path) -> dict[str, list[str]]:
    """Structure key -> words learned for an edition from its first-pass provisions (rows as
    kb/generated/provisions holds them, with its text), where the `references` (the aligned editions)
    name the same kind of heading with a structure word. Words kb/languages already knows, and signs
    the segmenter reads without language data ("§"), are left out."""
    shapes = reference_shapes(references, kb_dir)
    lexicon = structure_lexicon(kb_dir)
    votes: dict[str, Counter[str]] = {}
    for shape, (place, word) in [*_headings(edition), *_numbered_runs(edition[1])]:
        role = _ROLES[shape][0 if place == "before" else 1]
        if shape in shapes and role and word != "§" and word not in lexicon.get(role, []):
            votes.setdefault(role, Counter())[word] += 1
    learned = {
        role: sorted(w for w, n in counter.items() if n >= MIN_HEADINGS or len(counter) == 1 and role in ONCE)
        for role, counter in votes.items()
    }
    return {role: words for role, words in sorted(learned.items()) if words}


def _section_sequences(references: Iterable[Edition]) -> dict[str, list[list[str]]]:
    """Article label -> for each reference edition, the structural sections ("contents", "intro",
    "preface", "part.basic" …) that stand, in order, between the article before it and it."""
    sequences: dict[str, list[list[str]]] = {}
    for rows, _ in references:
        pending: list[str] = []
        for provision in rows:
            label = str(provision.get("label"))
            base = label.split("-")[0]
            if base in STRUCTURE_LABELS:
                pending.append(base)
            elif provision.get("kind") == "article" and label_shape(label):
                if pending:
                    sequences.setdefault(label, []).append(pending)
                pending = []
    return sequences


def _contents_sequences(references: Iterable[Edition], kb_dir: Path) -> dict[str, list[list[str]]]:
    """Article label -> for each reference edition with a table of contents, the sections its contents
    names, in order, right before that article's entry ("contents" for its own title, then "intro",
    "preface", "part.basic" before "§ 1"; "?" for a title the language data does not name)."""
    sequences: dict[str, list[list[str]]] = {}
    for rows, _ in references:
        for provision in rows:
            if not str(provision.get("label")).startswith("contents"):
                continue
            titled = provision.get("heading") not in (None, "contents")
            pending = ["contents"] if titled else []
            for line in str(provision.get("text") or "").splitlines():
                line = _MARKUP.sub("", line).strip()
                opened = opened_label(fold_label(line), kb_dir)
                if opened is not None:
                    if pending:
                        sequences.setdefault(opened, []).append(pending)
                    pending = []
                elif short_title(line):
                    pending.append((structural_label(line, kb_dir) or "?").split("-")[0])
                else:
                    pending = []
    return sequences


def _title_key(line: str) -> str:
    """A title as structural_label compares it: no leading number, no closing colon, casefolded."""
    return " ".join(re.sub(r"^[\d.\s]+(?=\D)", "", line).strip().rstrip(":.").strip().casefold().split())


def contents_words(
    lines: Iterable[str],
    references: Iterable[Edition],
    kb_dir: Path,
    linked: Iterable[str] = (),
    above: Iterable[str] = (),
    contents: bool = False,
) -> dict[str, list[str]]:
    """Structure words read from a table of contents (or a text's headings): the titles standing right
    before an entry ("Competition rules" between "5 …" and "6 …", "Contents", "Introduction", "Preface"
    before "1 …") are named, from the last one back, as the reference editions name the sections
    standing there. A title the contents links to a heading of the text (`linked`: "- [FIDE Laws of
    Chess](#…)") is an entry, never the title of the contents itself; one whose heading stands `above`
    the contents (the document's own title) names no section. The `contents` lines of a table of
    contents are named after the references' tables of contents where they have one."""
    entries = {_title_key(title) for title in linked}
    document = entries & {_title_key(_MARKUP.sub("", line).strip()) for line in above}
    references = list(references)
    sequences = _section_sequences(references)
    if contents:  # the titles of a table of contents are named as the references' contents name theirs
        sequences.update(_contents_sequences(references, kb_dir))
    votes: dict[str, Counter[str]] = {}
    pending: list[str] = []  # the titles right before an entry; "" for one the language data names
    for line in lines:
        line = _MARKUP.sub("", line).strip()
        opened = opened_label(fold_label(line), kb_dir)
        if opened is None:
            key = _title_key(line)
            if not short_title(line):
                pending = []  # only the titles right before an entry or heading name its sections
            elif key:
                pending.append("" if structural_label(line, kb_dir) else key)
            continue
        for sequence in sequences.get(opened, []):
            for title, section in zip(reversed(pending), reversed(sequence), strict=False):
                if title and section != "?":
                    votes.setdefault(title, Counter())[section] += 1
        pending = []
    learned: dict[str, list[str]] = {}
    for title, counter in votes.items():
        if title in entries:
            del counter["contents"]
        if title in document:
            continue
        if not counter:
            continue
        (section, n), *rest = counter.most_common()
        if not rest or n > rest[0][1]:
            learned.setdefault(section, []).append(title)
    return {section: sorted(words) for section, words in sorted(learned.items())}


ENTRY_RUN = 5  # a glossary's title is followed by at least this many lines laid out as entries ...
ENTRY_WINDOW = 8  # ... among the next lines


def _late_sections(references: Iterable[Edition]) -> set[str]:
    """The structural sections the reference editions place after their last article, appendix or
    guideline (the glossary of the 2017 Laws' texts)."""
    late: set[str] = set()
    for rows, _ in references:
        after: list[str] = []
        for provision in rows:
            label = str(provision.get("label"))
            if label.split("-")[0] in STRUCTURE_LABELS:
                after.append(label.split("-")[0])
            elif provision.get("kind") == "article" and label_shape(label):
                after = []
        late.update(after)
    return late


def _heading_like(line: str) -> bool:
    """A title: one to ten words, no digit, not a sentence, short enough to name a section."""
    words = line.split()
    plain = not any(ch.isdigit() for ch in line) and not line.endswith((".", ";", ","))
    return 0 < len(words) <= 10 and len(line) <= 60 and plain


def late_words(lines: Sequence[str], references: Iterable[Edition], kb_dir: Path) -> dict[str, list[str]]:
    """The title of a glossary a text places where the references place theirs: after the last line
    that opens an article, appendix or guideline, the first title followed by a run of lines laid out
    as glossary entries (a short term, then its definition). Learned only where the references have a
    glossary there, and only when the language data does not name that title already."""
    if "glossary" not in _late_sections(references):
        return {}
    folded = [fold_label(_MARKUP.sub("", line).strip()) for line in lines]
    opening = [n for n, line in enumerate(folded) if line and opened_label(line, kb_dir)]
    if not opening:
        return {}
    after = [n for n in range(opening[-1] + 1, len(lines)) if lines[n].strip()]
    for k, n in enumerate(after):
        title = _MARKUP.sub("", lines[n]).strip()
        if not _heading_like(title) or structural_label(title, kb_dir) is not None:
            continue
        following = [lines[m] for m in after[k + 1 : k + 1 + ENTRY_WINDOW]]
        if sum(entry_shaped(line) for line in following) >= ENTRY_RUN:
            return {"glossary": [_title_key(title)]}
    return {}


def learn_for(edition: Text, references: Sequence[Edition], kb_dir: Path) -> dict[str, list[str]]:
    """Everything learned of an edition's structure words: the words beside its article labels (from a
    first segmentation), then the section titles of the table of contents those make recognisable
    (from a second one), or, in a text without one, the titles right before its article headings;
    last, the title of its glossary after its last part."""
    learned = _named_parts(edition, references, kb_dir)
    with learned_structure(learned):
        late = late_words(edition.text.splitlines(), references, kb_dir)
    for section, words in late.items():
        learned[section] = sorted({*learned.get(section, []), *words})
    return learned


def _front_sequences(references: Iterable[Edition]) -> list[list[str]]:
    """For each reference edition, the structural sections with paragraphs of their own ("intro",
    "preface") that stand, in order, before its first article."""
    found = []
    for rows, _ in references:
        rows = list(rows)
        parents = {str(provision.get("parent")) for provision in rows}
        sequence = []
        for provision in rows:
            label = str(provision.get("label"))
            if provision.get("kind") == "article" and label_shape(label):
                break
            if label.split("-")[0] in STRUCTURE_LABELS and label != "contents" and label in parents:
                sequence.append(label.split("-")[0])
        found.append(sequence)
    return [sequence for sequence in found if sequence]


def front_words(lines: Iterable[str], references: Iterable[Edition], kb_dir: Path) -> dict[str, list[str]]:
    """Titles of the sections before the first article of a text without a table of contents, each
    above paragraphs of its own ("INTRODUCTION" …, "PREFACE" …): named, from the last one back, as the
    reference editions name their sections with paragraphs there."""
    front: list[tuple[str, bool]] = []  # (title, whether paragraphs follow it)
    for raw in lines:
        line = _MARKUP.sub("", raw).strip()
        if not line:
            continue
        if opened_label(fold_label(line), kb_dir):
            break
        if raw.lstrip().startswith("#") and _heading_like(line) or short_title(line):
            front.append((line, False))
        elif front:
            front[-1] = (front[-1][0], True)
    titles = [title for title, body in front if body]
    votes: dict[str, Counter[str]] = {}
    for sequence in _front_sequences(references):
        for title, section in zip(reversed(titles), reversed(sequence), strict=False):
            if structural_label(title, kb_dir) is None:
                votes.setdefault(_title_key(title), Counter())[section] += 1
    learned: dict[str, list[str]] = {}
    for title, counter in votes.items():
        (section, n), *rest = counter.most_common()
        if not rest or n > rest[0][1]:
            learned.setdefault(section, []).append(title)
    return {section: sorted(words) for section, words in sorted(learned.items())}


def _named_parts(edition: Text, references: Sequence[Edition], kb_dir: Path) -> dict[str, list[str]]:
    """The words beside an edition's article labels, and the section titles before its articles (in
    its table of contents, and in its body right before an article's heading)."""
    first = [p.as_dict() for p in segment(edition, kb_dir)]
    learned = learn_structure((first, edition.text), references, kb_dir)
    if not learned:
        return {}
    second = segment(edition, kb_dir, learned)
    contents = [p for p in second if p.label.startswith("contents")]
    lines = [line for p in contents for line in p.text.splitlines()]
    raw = [line for p in contents for line in edition.text[p.start : p.end].splitlines()]
    linked = [m.group(1) for m in map(_LINK.match, raw) if m]
    text = edition.text.splitlines()
    with learned_structure(learned):
        start = next((n for n, line in enumerate(text) if _LINK.match(line)), 0)
        sections = contents_words(lines or text, references, kb_dir, linked, text[:start], bool(lines))
        front = {} if lines else front_words(text, references, kb_dir)
    if lines and "contents" not in sections and not linked:
        return learned  # without its title (or its links), section words would cut the contents up
    for section, words in [*sections.items(), *front.items()]:
        learned[section] = sorted({*learned.get(section, []), *words})
    if lines:  # the body may title a part otherwise than its contents does ("JÁTÉKSZABÁLYOK")
        body = [
            line for line in text[edition.text.count("\n", 0, max(p.end for p in contents)) :] if line.strip()
        ]
        with learned_structure(learned):
            titled = contents_words(body, references, kb_dir)
        known = {word for words in learned.values() for word in words}
        for section, words in titled.items():
            learned[section] = sorted({*learned.get(section, []), *(w for w in words if w not in known)})
    return learned
