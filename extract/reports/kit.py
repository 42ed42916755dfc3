"""The update kit: what a translator of older Laws (OLD) keeps and what they translate anew for newer
Laws (NEW), as files their CAT tool loads.

`kit_units(old, new)` walks NEW's provisions in reading order, one unit per sentence (the first
sentence of an item carries the item's printed label, as a translated text prints it). Each unit
takes the status the diff (extract/reports/diff.py, `diff_editions(OLD, NEW)`) gives the rule its
sentence expresses: the worst one when it serves several rules, those of its provision when the
diff paired it with nothing. OLD's wording is the OLD side of the diff's sentence pair. A unit is
*kept* when its rule did not change in substance (unchanged, renumbered, reworded, moved) and OLD
has wording for it; otherwise it is left to translate, with OLD's wording (if any) as fuzzy help.

`kit_files(kit, tbx)` returns the files (relative path -> bytes): an OmegaT project (omegat.project,
source/NEW.txt, tm/auto/ the kept wording, tm/ the changed units' OLD wording, glossary/ the TBX)
and, beside it, an XLIFF 1.2 of the same units for memoQ and Trados (target OLD's wording where
kept; empty with state "needs-translation" and a note naming the change and both articles where
not). The project segments by paragraph (one unit a paragraph), so OmegaT's segments are the kit's units.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from extract.kb.sentence_align import SentenceRef
from extract.model.vocab import STATUSES, SUBSTANTIVE, Status
from extract.reports.cat import XliffUnit, language_tags, new_tmx, tool_version, xliff_from_units
from extract.reports.diff import diff_editions
from extract.reports.diff_data import KBData, load_kb, plain
from extract.reports.diff_model import EditionDiff, RuleDiff
from extract.reports.segments import label_length, sentence_groups

KEPT: tuple[Status, ...] = ("unchanged", "renumbered", "reworded", "moved")
# the diff's statuses in words, for the translator's note
CHANGE_WORDS: dict[str, str] = {
    "added": "new in these Laws",
    "removed": "removed",
    "not-in-translation": "missing from one of the two translations",
    "parameter-changed": "a number changed",
    "behaviour-changed": "the ruling changed",
    "content-changed": "the wording says something different",
    "moved": "moved",
    "renumbered": "renumbered",
    "reworded": "reworded",
    "unchanged": "unchanged",
}


@dataclass(frozen=True)
class KitUnit:
    """One sentence of NEW: its text as the source file prints it, and what OLD offers for it."""

    number: int
    key: str  # NEW's provision
    label: str  # printed label of NEW's provision ("" for front matter)
    source: str
    rules: tuple[str, ...]  # rule ids
    titles: tuple[str, ...]  # the rules' English titles, for people
    status: Status | None  # None: no rule (front matter the diff does not compare)
    old_labels: tuple[str, ...]
    old: str | None  # OLD's wording (with NEW's label in front where the source has it)

    @property
    def kept(self) -> bool:
        return self.status in KEPT and self.old is not None


@dataclass(frozen=True)
class Kit:
    old: str
    new: str
    languages: tuple[str, str]  # NEW's, OLD's language tags (cat.language_tags: da, da-DK for one language)
    units: tuple[KitUnit, ...]
    paragraphs: tuple[tuple[int, ...], ...]  # unit numbers of each NEW provision, in reading order

    def prefilled(self) -> list[KitUnit]:
        """The kept units OmegaT fills from tm/auto. OmegaT fills every segment with the same source
        text from one entry, so a kept sentence NEW also says in a changed rule is left out."""
        to_translate = {u.source for u in self.units if not u.kept}
        return [u for u in self.units if u.kept and u.source not in to_translate]

    def counts(self) -> dict[str, int]:
        """Units per status (and "kept"), for the summary line."""
        found: Counter[str] = Counter(u.status or "no rule" for u in self.units)
        found["kept"] = sum(1 for u in self.units if u.kept)
        found["prefilled"] = len(self.prefilled())
        return dict(found)


def _worst(statuses: list[Status]) -> Status:
    return min(statuses, key=STATUSES.index)


Pairs = dict[tuple[str, int], list[tuple[RuleDiff, str | None, tuple[str, ...]]]]


def _pairs(diff: EditionDiff) -> Pairs:
    """NEW sentence (label, index) -> each rule whose sentence pairs hold it, with OLD's wording."""
    found: Pairs = {}
    for rule in diff.rules:
        for pair in rule.sentences:
            if not pair.new:
                continue
            old = " ".join(" ".join(q.text.split()) for q in pair.old) if pair.old else None
            labels = tuple(dict.fromkeys(q.label for q in pair.old))
            for quote in pair.new:
                found.setdefault((quote.label, quote.index), []).append((rule, old, labels))
    return found


def _group_wording(
    new: str, old: str, kb_dir: Path, corpus_dir: Path
) -> dict[tuple[str, str], tuple[str, tuple[str, ...]]]:
    """NEW sentence (label, text) -> OLD's wording and labels, from the aligned sentence groups of
    the TMX export (extract/reports/segments.py), for sentences the diff left without a pair: one
    NEW sentence a group only, so the wording is that sentence's."""
    found: dict[tuple[str, str], tuple[str, tuple[str, ...]]] = {}
    for group in sentence_groups(kb_dir, corpus_dir, [new, old]):
        mine, theirs = group.segment(new), group.segment(old)
        if mine is None or theirs is None or len(mine.labels) != 1:
            continue
        found.setdefault((mine.labels[0], mine.text), (theirs.text, theirs.labels))
    return found


def _with_label(label: str, text: str) -> str:
    return f"{label} {text}" if label and not text.startswith(label) else text


def kit_units(old: str, new: str, kb_dir: Path, corpus_dir: Path) -> Kit:
    """The kit's units (see the module docstring); InputError for an unknown edition."""
    diff = diff_editions(old, new, kb_dir, corpus_dir)
    data = load_kb(kb_dir, corpus_dir)
    by_rule = {r.rule: r for r in diff.rules}
    pairs = _pairs(diff)
    groups = _group_wording(new, old, kb_dir, corpus_dir)
    units: list[KitUnit] = []
    paragraphs: list[tuple[int, ...]] = []
    keys = sorted(data.provisions[new], key=lambda k: data.order[new].get(k, 1 << 30))
    for key in keys:
        provision = data.provisions[new][key]
        label = (provision.printed_label or "").strip()
        numbers = []
        for first, s in enumerate(_texts(data, new, key)):
            unit = _unit(len(units) + 1, key, label if first == 0 else "", s, data, by_rule, (pairs, groups))
            units.append(unit)
            numbers.append(unit.number)
        if numbers:
            paragraphs.append(tuple(numbers))
    tags = language_tags([new, old], {e: data.language(e) for e in (new, old)})
    return Kit(old, new, (tags[new], tags[old]), tuple(units), tuple(paragraphs))


def _texts(data: KBData, edition: str, key: str) -> list[SentenceRef]:
    return [s for s in data.sentences_of(edition, key) if " ".join(s.text.split())]


def _unit(
    number: int,
    key: str,
    label: str,
    s: SentenceRef,
    data: KBData,
    by_rule: dict[str, RuleDiff],
    wordings: tuple[Pairs, dict[tuple[str, str], tuple[str, tuple[str, ...]]]],
) -> KitUnit:
    pairs, groups = wordings
    text = " ".join(s.text.split())
    source = _with_label(label, text)
    found = pairs.get((plain(key), s.index), [])
    status: Status | None
    if found:
        rules = tuple(dict.fromkeys(r.rule for r, _, _ in found))
        status = _worst([r.status for r, _, _ in found])
    else:
        rules = tuple(sorted(r for r in data.rule_of[s.edition].get(key, set()) if r in by_rule))
        status = _worst([by_rule[r].status for r in rules]) if rules else None
    with_old = [(o, labels) for r, o, labels in found if o]
    in_group = groups.get((plain(key), text)) or groups.get((plain(key), text[label_length(text, label) :]))
    if not with_old and in_group:
        with_old = [in_group]
    if with_old:
        wording, old_labels = with_old[0]
        old = _with_label(label, wording) if source != text else wording
    else:
        old, old_labels = None, tuple(lab for r in rules for lab in by_rule[r].old_labels)
    titles = tuple(by_rule[r].title for r in rules)
    return KitUnit(number, key, label, source, rules, titles, status, old_labels, old)


# ---------------------------------------------------------------- files


def omegat_project(languages: tuple[str, str], sentence_seg: bool = False) -> bytes:
    """omegat.project (format 1.0, OmegaT 3.x and later): default folders; OmegaT's own sentence
    segmentation off by default (the kit's paragraphs are sentences already)."""
    root = etree.Element("omegat")
    project = etree.SubElement(root, "project", version="1.0")
    for name in ("source_dir", "target_dir", "tm_dir", "glossary_dir", "glossary_file", "dictionary_dir"):
        etree.SubElement(project, name).text = "__DEFAULT__"
    etree.SubElement(project, "source_lang").text = languages[0]
    etree.SubElement(project, "target_lang").text = languages[1]
    etree.SubElement(project, "sentence_seg").text = "true" if sentence_seg else "false"
    etree.SubElement(project, "support_default_translations").text = "true"
    etree.SubElement(project, "remove_tags").text = "false"
    text = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True, pretty_print=True)
    return bytes(text)


def _tmx(kit: Kit, units: list[KitUnit]) -> bytes:
    """TMX 1.4b: NEW's sentence as source, OLD's wording as target, props naming both articles."""
    store = new_tmx(kit.languages[0], "sentence")
    for unit in units:
        assert unit.old is not None
        tu = store.addsourceunit(unit.source)
        tu.settarget(unit.old, kit.languages[1])
        for kind, value in (("x-status", unit.status or ""), ("x-new-label", f"{kit.new} {plain(unit.key)}")):
            prop = etree.Element("prop", type=kind)
            prop.text = value
            tu.xmlelement.insert(len(tu.xmlelement.findall("prop")), prop)
    return bytes(store)


def change_note(kit: Kit, unit: KitUnit) -> str:
    """What changed, in words, naming the articles of both editions."""
    new_place = f"{kit.new} {plain(unit.key)}"
    old_place = f"{kit.old} {', '.join(unit.old_labels)}" if unit.old_labels else f"not in {kit.old}"
    if unit.status is None:
        why = (
            "front matter of the translation"
            if plain(unit.key).startswith(("front", "contents"))
            else ("no rule of the knowledge base matches this provision")
        )
        return f"to translate: not compared ({why}); {new_place}"
    what = CHANGE_WORDS[unit.status]
    rules = "; ".join(unit.titles)
    if unit.kept:
        return f"kept: {what} ({rules}); {old_place} -> {new_place}"
    if unit.status in KEPT:
        return f"{what} ({rules}), but {kit.old} has no sentence for this one; {old_place} -> {new_place}"
    return f"to translate: {what} ({rules}); {old_place} -> {new_place}"


def kit_xliff(kit: Kit) -> bytes:
    """XLIFF 1.2 of the kit's units: OLD's wording as target where kept, else an empty target with
    state "needs-translation", the note naming the change, OLD's wording as an <alt-trans>."""
    units = []
    for unit in kit.units:
        note = (change_note(kit, unit),)
        resname = f"{kit.new} {plain(unit.key)}"
        if unit.kept:
            units.append(XliffUnit(str(unit.number), resname, unit.source, unit.old, "translated", note))
        else:
            alternative = (unit.old, kit.old) if unit.old else None
            units.append(
                XliffUnit(
                    str(unit.number), resname, unit.source, None, "needs-translation", note, alternative
                )
            )
    return xliff_from_units(units, kit.languages, f"{kit.new}.txt")


def source_text(kit: Kit) -> str:
    """NEW's text as OmegaT reads it: a unit a paragraph (OmegaT's text filter segments at empty
    lines), two empty lines between provisions."""
    by_number = {u.number: u for u in kit.units}
    return "\n\n\n".join("\n\n".join(by_number[n].source for n in p) for p in kit.paragraphs) + "\n"


def kit_files(kit: Kit, tbx: bytes) -> dict[str, bytes]:
    """The kit's files, relative path -> content (see the module docstring)."""
    stem = f"{kit.old}_{kit.new}"
    kept = kit.prefilled()
    helped = [u for u in kit.units if u.old is not None and u not in kept]
    files = {
        "omegat.project": omegat_project(kit.languages),
        f"source/{kit.new}.txt": source_text(kit).encode("utf-8"),
        f"tm/auto/{stem}.kept.tmx": _tmx(kit, kept),
        f"tm/{stem}.changed.tmx": _tmx(kit, helped),
        "glossary/chesslaws.tbx": tbx,
        f"{kit.new}_from_{kit.old}.xlf": kit_xliff(kit),
        "README.txt": readme(kit).encode("utf-8"),
    }
    return files


def readme(kit: Kit) -> str:
    """What the kit holds, in words, with the counts."""
    counts = kit.counts()
    total = len(kit.units)
    changed = sum(n for s, n in counts.items() if s in SUBSTANTIVE)
    return (
        f"Update kit: translating the Laws of {kit.new} ({kit.languages[0]}) from the translation "
        f"{kit.old} ({kit.languages[1]}), written by chesslaws {tool_version()}.\n\n"
        f"Open this folder as an OmegaT project. source/{kit.new}.txt holds the new text, one sentence "
        f"a paragraph. OmegaT fills in {counts['prefilled']} of its {total} sentences with {kit.old}'s "
        f"wording (tm/auto/): their rules did not change in substance. {changed} sentences belong to "
        f"rules that did change; tm/ offers {kit.old}'s old wording for them as fuzzy matches. "
        f"glossary/ holds the termbase.\n\n"
        f"memoQ, Trados: open {kit.new}_from_{kit.old}.xlf (the same sentences; kept wording as "
        f'translation, the others with state "needs-translation" and a note on what changed).\n'
    )
