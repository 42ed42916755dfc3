"""Files for CAT tools (OmegaT, memoQ, Trados): TMX 1.4b, TBX-Basic and XLIFF 1.2, as bytes.

Pure functions of the KB (the site, the CLI and the update kit write what they return):

- `tmx_document(kb_dir, corpus_dir, editions)`: one <tu> per aligned sentence group
  (extract/reports/segments.py), one <tuv xml:lang> per edition with props x-edition and x-label,
  props x-rule on the <tu>. The header meets OmegaT's reader: srclang (the first edition's
  language), creationtool, creationtoolversion, adminlang, datatype, o-tmf, and segtype
  "paragraph": a unit may be an aligned group of sentences, and OmegaT then splits both sides with
  the project's segmentation rules and pairs the pieces when the counts agree; otherwise it keeps
  the unit whole, which fills no paragraph OmegaT cuts in two (its default rules cut after every
  ". ", "f.eks. ved" too). So a group where one side's clauses joined by ";" answer the other's
  sentences is followed by its parts, a <tu> per sentence and clause with the prop x-part-of
  (segments.clause_parts). Two editions in one language
  (da-2001, da-2017) keep one <tuv> each, told apart by x-edition and by their language tags
  (`language_tags`: "da" and "da-DK"), so OmegaT, which picks a <tuv> by language and region,
  finds a source and a target in each unit.
- `tbx_document(kb_dir, languages)`: kb/terms.yaml as TBX-Basic, by default in the TBX 2008 dialect
  OmegaT's glossary reader and translate-toolkit load (martif / termEntry / langSet / tig), TBX v3
  on request: an entry per concept with the translators' notes, a language section per language
  (the English one with the definition), a term with the editions that use it as a note. Language
  codes are the editions' own (Norwegian Bokmål stays "nb").
- `xliff_document(kb_dir, corpus_dir, source, target)`: XLIFF 1.2, one trans-unit per group, laid
  out for OmegaT (whose XLIFF filter translates the <target> text in place) or as a translated
  bilingual file; `xliff_from_units` writes any list of units (the update kit's too).

TMX through translate-toolkit (`translate.storage.tmx`); TBX and XLIFF through lxml."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from lxml import etree

from extract.io.terms import read_terms
from extract.reports.diff_data import load_kb
from extract.reports.segments import Segment, SentenceGroup, check_editions, sentence_groups

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
TBX_NS = "urn:iso:std:iso:30042:ed-2"
TBX_DIALECTS = ("2008", "v3")


def tool_version() -> str:
    try:
        return version("chesslaws")
    except PackageNotFoundError:
        return "0"


def edition_languages(kb_dir: Path, corpus_dir: Path) -> dict[str, str]:
    """Edition id -> language code, from the generated KB."""
    data = load_kb(kb_dir, corpus_dir)
    return {e: data.language(e) for e in data.editions}


def language_tags(editions: list[str], languages: dict[str, str]) -> dict[str, str]:
    """The language tag of each edition in one CAT file (`languages`: edition -> language code).

    An edition keeps its language code unless an edition before it in `editions` has that code:
    then it gets the language with the region CLDR finds likeliest for it (Babel's likely subtags:
    da -> da-DK, nb -> nb-NO), or, when that tag is taken too or the code has no such region, a
    private-use subtag from the edition id (da-2023 -> da-x-2023). OmegaT chooses the <tuv> of a
    language by its region (an exact language-region match first, then the bare language), so two
    Danish editions tagged "da" and "da-DK" are a source and a target for a project from "da" to
    "da-DK"; tagged "da" twice, OmegaT takes the same <tuv> for both sides."""
    tags: dict[str, str] = {}
    for edition in editions:
        code = languages[edition]
        numbered = (f"{code}-x-e{n}" for n in range(1, len(editions) + 2))  # never all taken
        for tag in (code, _likely_region(code), _private_use(code, edition), *numbered):
            if tag and tag.casefold() not in {t.casefold() for t in tags.values()}:
                tags[edition] = tag
                break
    return tags


def _likely_region(code: str) -> str | None:
    """The language with its likeliest region (CLDR through Babel), None when CLDR has none or the
    code names a region already."""
    from babel.core import get_global, parse_locale

    if "-" in code or "_" in code:
        return None
    likely = get_global("likely_subtags").get(code)
    if not likely:
        return None
    region = parse_locale(likely)[1]
    return f"{code}-{region}" if region else None


def _private_use(code: str, edition: str) -> str | None:
    """`code`-x-`the edition id without its language`, letters and digits only, at most 8 (BCP 47)."""
    language = code.split("-")[0].split("_")[0]
    rest = edition[len(language) :] if edition.startswith(language) else edition
    subtag = "".join(c for c in rest if c.isascii() and c.isalnum())[:8]
    return f"{code}-x-{subtag}" if subtag else None


def new_tmx(srclang: str, segtype: str) -> Any:
    """An empty translate-toolkit TMX store whose header OmegaT reads (creationtool, segtype...)."""
    from translate.storage import tmx

    store = tmx.tmxfile(sourcelanguage=srclang)
    store.addheader()
    header = next(store.document.getroot().iterchildren("header"))
    header.set("creationtool", "chesslaws")
    header.set("creationtoolversion", tool_version())
    header.set("datatype", "plaintext")
    header.set("segtype", segtype)
    return store


def tmx_from_groups(
    groups: list[SentenceGroup], editions: list[str], languages: dict[str, str], segtype: str = "paragraph"
) -> bytes:
    """TMX 1.4b of sentence groups (see the module docstring); a group's parts follow it, each a
    <tu tuid="N.i"> with the prop x-part-of naming the group's tuid."""
    tags = language_tags(editions, languages)
    store = new_tmx(tags[editions[0]], segtype)
    for number, group in enumerate(groups, start=1):
        _tmx_unit(store, group.segments, group.rules, tags, editions[0], f"{number}")
        for at, part in enumerate(group.parts, start=1):
            unit = _tmx_unit(store, part, group.rules, tags, editions[0], f"{number}.{at}")
            prop = etree.Element("prop", type="x-part-of")
            prop.text = f"{number}"
            unit.xmlelement.insert(len(unit.xmlelement.findall("prop")), prop)
    return bytes(store)


def _tmx_unit(
    store: Any,
    segments: tuple[Segment, ...],
    rules: tuple[str, ...],
    tags: dict[str, str],
    pivot: str,
    tuid: str,
) -> Any:
    """One <tu>: a <tuv> per segment (props x-edition, x-label), props x-rule."""
    first = segments[0]
    unit = store.addsourceunit(first.text, tags[first.edition])
    unit.xmlelement.set("tuid", tuid)
    if first.edition != pivot:
        unit.xmlelement.set("srclang", tags[first.edition])
    for rule in rules:
        prop = etree.Element("prop", type="x-rule")
        prop.text = rule
        unit.xmlelement.insert(len(unit.xmlelement.findall("prop")), prop)
    tuvs = unit.xmlelement.findall("tuv")
    _edition_props(tuvs[0], first.edition, first.labels)
    for segment in segments[1:]:
        tuv = unit.createlanguageNode(tags[segment.edition], segment.text, "target")
        _edition_props(tuv, segment.edition, segment.labels)
        unit.xmlelement.append(tuv)
    return unit


def _edition_props(tuv: etree._Element, edition: str, labels: tuple[str, ...]) -> None:
    """<prop type="x-edition"> and <prop type="x-label"> before the <seg> (TMX: prop before seg)."""
    for at, (kind, value) in enumerate([("x-edition", edition)] + [("x-label", label) for label in labels]):
        prop = etree.Element("prop", type=kind)
        prop.text = value
        tuv.insert(at, prop)


def tmx_document(kb_dir: Path, corpus_dir: Path, editions: list[str]) -> bytes:
    """TMX 1.4b of the aligned sentences of `editions` (all editions when empty; pivot = first)."""
    chosen = check_editions(kb_dir, corpus_dir, editions)
    groups = sentence_groups(kb_dir, corpus_dir, chosen)
    return tmx_from_groups(groups, chosen, edition_languages(kb_dir, corpus_dir))


XLIFF_NS = "urn:oasis:names:tc:xliff:document:1.2"
XLIFF_LAYOUTS = ("omegat", "translated")


@dataclass(frozen=True)
class XliffUnit:
    """One trans-unit: `target` None writes no target text; `state` the target's XLIFF 1.2 state;
    `alternative` (text, origin) an <alt-trans> offering another wording as a suggestion."""

    id: str
    resname: str
    source: str
    target: str | None
    state: str
    notes: tuple[str, ...] = ()
    alternative: tuple[str, str] | None = None


def xliff_from_units(units: list[XliffUnit], languages: tuple[str, str], original: str) -> bytes:
    """XLIFF 1.2 of `units` (source and target language codes, the original file's name)."""
    root = etree.Element(f"{{{XLIFF_NS}}}xliff", nsmap={None: XLIFF_NS}, version="1.2")
    file_node = etree.SubElement(
        root,
        f"{{{XLIFF_NS}}}file",
        {
            "original": original,
            "source-language": languages[0],
            "target-language": languages[1],
            "datatype": "plaintext",
            "tool-id": "chesslaws",
        },
    )
    header = etree.SubElement(file_node, f"{{{XLIFF_NS}}}header")
    etree.SubElement(
        header,
        f"{{{XLIFF_NS}}}tool",
        {"tool-id": "chesslaws", "tool-name": "chesslaws", "tool-version": tool_version()},
    )
    body = etree.SubElement(file_node, f"{{{XLIFF_NS}}}body")
    for unit in units:
        node = etree.SubElement(body, f"{{{XLIFF_NS}}}trans-unit", id=unit.id, resname=unit.resname)
        if unit.state in ("translated", "final", "signed-off"):
            node.set("approved", "yes")
        etree.SubElement(node, f"{{{XLIFF_NS}}}source").text = unit.source
        target = etree.SubElement(node, f"{{{XLIFF_NS}}}target", state=unit.state)
        target.text = unit.target or ""
        for note in unit.notes:
            etree.SubElement(node, f"{{{XLIFF_NS}}}note", {"from": "chesslaws"}).text = note
        if unit.alternative is not None:
            alt = etree.SubElement(node, f"{{{XLIFF_NS}}}alt-trans", origin=unit.alternative[1])
            etree.SubElement(alt, f"{{{XLIFF_NS}}}source").text = unit.source
            alt_target = etree.SubElement(alt, f"{{{XLIFF_NS}}}target")
            alt_target.set(XML_LANG, languages[1])
            alt_target.text = unit.alternative[0]
    document = etree.ElementTree(root)
    return bytes(etree.tostring(document, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def xliff_document(kb_dir: Path, corpus_dir: Path, source: str, target: str, layout: str = "omegat") -> bytes:
    """XLIFF 1.2 of the aligned sentences: A's sentences as source, one trans-unit per group.

    `layout` "omegat" (default): the <target> holds a copy of the source, state "needs-translation",
    and B's sentences are an <alt-trans> suggestion. OmegaT's XLIFF filter translates the text of
    <target> in place, so this is the way round it shows A's text as the text to translate.
    "translated": B's sentences are the <target> (state "translated"), as memoQ, Trados and
    translate-toolkit read a bilingual file."""
    if layout not in XLIFF_LAYOUTS:
        raise ValueError(f"unknown XLIFF layout {layout!r}")
    chosen = check_editions(kb_dir, corpus_dir, [source, target])
    languages = edition_languages(kb_dir, corpus_dir)
    units = []
    for number, group in enumerate(sentence_groups(kb_dir, corpus_dir, chosen), start=1):
        a, b = group.segment(source), group.segment(target)
        if a is None or b is None:
            continue
        notes = (
            f"{source} {', '.join(a.labels)}; {target} {', '.join(b.labels)}",
            f"rule: {', '.join(group.rules)}",
        )
        resname = f"{source} {', '.join(a.labels)}"
        if layout == "omegat":
            units.append(
                XliffUnit(str(number), resname, a.text, a.text, "needs-translation", notes, (b.text, target))
            )
        else:
            units.append(XliffUnit(str(number), resname, a.text, b.text, "translated", notes))
    tags = language_tags([source, target], languages)
    return xliff_from_units(units, (tags[source], tags[target]), f"{source}.txt")


TermTable = list[tuple[dict[str, Any], dict[str, dict[str, list[str]]]]]


def _term_table(kb_dir: Path, languages: dict[str, str]) -> TermTable:
    """Each concept with its terms per language (English first), each term with the editions using it."""
    table: TermTable = []
    for concept in read_terms(kb_dir):
        by_language: dict[str, dict[str, list[str]]] = {}
        if concept.get("en"):
            by_language["en"] = {str(concept["en"]): []}
        for edition, terms in (concept.get("terms") or {}).items():
            if edition == "__line__":
                continue
            language = languages.get(edition, edition.split("-", 1)[0])
            for term in terms:
                by_language.setdefault(language, {}).setdefault(str(term), []).append(edition)
        ordered = {k: by_language[k] for k in sorted(by_language, key=lambda x: (x != "en", x))}
        table.append((concept, ordered))
    return table


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())


def tbx_document(kb_dir: Path, languages: dict[str, str], dialect: str = "2008") -> bytes:
    """TBX-Basic of kb/terms.yaml; `languages` maps edition id -> language code.

    `dialect` "2008" (default): the TBX 2008 / ISO 30042:2008 form CAT tools read (OmegaT's glossary
    reader, translate-toolkit): martif / termEntry / langSet / tig. "v3": TBX v3 (ISO 30042:2019,
    DCA style): tbx / conceptEntry / langSec / termSec."""
    if dialect not in TBX_DIALECTS:
        raise ValueError(f"unknown TBX dialect {dialect!r}")
    v3 = dialect == "v3"
    ns = f"{{{TBX_NS}}}" if v3 else ""
    names = ("conceptEntry", "langSec", "termSec") if v3 else ("termEntry", "langSet", "tig")
    if v3:
        root = etree.Element(f"{ns}tbx", nsmap={None: TBX_NS}, type="TBX-Basic", style="dca")
    else:
        root = etree.Element("martif", type="TBX-Basic")
    root.set(XML_LANG, "en")
    header = etree.SubElement(root, f"{ns}tbxHeader" if v3 else "martifHeader")
    file_desc = etree.SubElement(header, f"{ns}fileDesc")
    source = etree.SubElement(etree.SubElement(file_desc, f"{ns}sourceDesc"), f"{ns}p")
    source.text = (
        "chesslaws termbase (kb/terms.yaml): the terms each translation of the FIDE Laws of Chess uses"
    )
    if not v3:
        encoding = etree.SubElement(etree.SubElement(header, "encodingDesc"), "p", type="XCSURI")
        encoding.text = "TBXBasicXCSV02.xcs"
    body = etree.SubElement(etree.SubElement(root, f"{ns}text"), f"{ns}body")
    for concept, by_language in _term_table(kb_dir, languages):
        entry = etree.SubElement(body, f"{ns}{names[0]}", id=str(concept["id"]))
        if concept.get("notes") and not v3:
            etree.SubElement(entry, "note").text = _one_line(concept["notes"])
        for language, terms in by_language.items():
            section = etree.SubElement(entry, f"{ns}{names[1]}")
            section.set(XML_LANG, language)
            if concept.get("definition") and language == "en":
                definition = etree.SubElement(section, f"{ns}descrip", type="definition")
                definition.text = _one_line(concept["definition"])
            for term, editions in terms.items():
                term_sec = etree.SubElement(section, f"{ns}{names[2]}")
                etree.SubElement(term_sec, f"{ns}term").text = term
                if editions:
                    etree.SubElement(term_sec, f"{ns}note").text = f"{term}: used in {', '.join(editions)}"
    document = etree.ElementTree(root)
    return bytes(etree.tostring(document, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def tbx_for_kb(kb_dir: Path, corpus_dir: Path, dialect: str = "2008") -> bytes:
    """TBX-Basic of the termbase, language codes from the KB's editions."""
    return tbx_document(kb_dir, edition_languages(kb_dir, corpus_dir), dialect)
