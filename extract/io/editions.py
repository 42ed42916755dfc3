"""Stage 1: read corpus/editions.yaml and the raw texts it names into `Edition` objects.

The metadata file is curated by people, so it is checked strictly: every problem is reported as an
`InputError` naming the file, the line and what is wrong, before any later stage runs.
"""

from __future__ import annotations

import re
from datetime import date
from functools import cache
from pathlib import Path, PurePosixPath

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from extract.io.yamlfile import compose_yaml, decode_text, reject_wide
from extract.model import Edition, InputError

METADATA_FILE = "editions.yaml"

# Keys that must be present in every entry, with a value: all a new edition needs. Everything else
# is optional and may be null, because a text does not always say who approved it (sv-2009 does not).
# A missing title is read from the text itself (its first line with words).
REQUIRED_VALUES = ("id", "file", "language", "fide_edition", "in_force")
OPTIONAL_VALUES = ("title", "congress", "approved_by", "approved_on", "translator", "source")
OPTIONAL = OPTIONAL_VALUES + ("notes", "numbering")
ALLOWED_KEYS = REQUIRED_VALUES + OPTIONAL

MAX_CONTROL_SHARE = 0.01
FIRST_LAWS = 1929  # FIDE's first Laws of Chess (FIDE was founded in 1924)
MAX_LINE_CHARS = 100_000  # the longest line of a real text is under 1,000 characters
LINE_BREAK = re.compile(r"\r\n|\r|\n")  # as text.clean reads them (io cannot import text)
# Unicode category Cc (C0, DEL, C1) except tab, line feed and carriage return
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")

_NULL_TAG = "tag:yaml.org,2002:null"
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_LANGUAGE = re.compile(r"[a-z]{2}")
_YEAR = re.compile(r"\d{4}")


def load_editions(corpus_dir: Path) -> list[Edition]:
    """All editions listed in `corpus_dir/editions.yaml`, with their texts, oldest in force first."""
    meta_path = Path(corpus_dir) / METADATA_FILE
    root = _compose(meta_path)
    if not isinstance(root, SequenceNode):
        raise InputError(meta_path, _line(root), f"expected a list of editions, found {_describe(root)}")
    if not root.value:
        raise InputError(meta_path, _line(root), "no editions listed")

    editions: list[Edition] = []
    first_seen: dict[str, int] = {}
    texts: dict[Path, tuple[str, int]] = {}  # each text is one edition's: a second entry is a slip
    for entry in root.value:
        edition = _edition(meta_path, entry)
        if edition.id in first_seen:
            raise InputError(
                meta_path,
                _line(_value_node(entry, "id")),
                f"edition id {edition.id} appears twice (first at line {first_seen[edition.id]})",
            )
        first_seen[edition.id] = _line(_value_node(entry, "id"))
        owner = texts.setdefault(edition.path.resolve(), (edition.id, _line(_value_node(entry, "file"))))
        if owner[0] != edition.id:
            raise InputError(
                meta_path,
                _line(_value_node(entry, "file")),
                f"{edition.id} names the text of {owner[0]} (line {owner[1]}): "
                "each edition has a text of its own",
            )
        editions.append(edition)
    return sorted(editions, key=lambda e: (e.in_force, e.id))


def read_text(path: Path) -> str:
    """The text of a corpus file, exactly as stored (UTF-8, no newline translation)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(path, None, f"cannot read text file: {exc.strerror or exc}") from None
    reject_wide(path, data)  # UTF-16/32 named as such, not "binary"
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(path, line, f"binary file: NUL byte at byte offset {nul}")
    text = decode_text(path, data)  # a UTF-8 byte-order mark is dropped
    if not text.strip():
        raise InputError(path, None, "text file is empty" if not text else "text file has only whitespace")
    lines = LINE_BREAK.split(text)
    longest = max(range(len(lines)), key=lambda i: len(lines[i]))
    if len(lines[longest]) > MAX_LINE_CHARS:
        raise InputError(
            path,
            longest + 1,
            f"a line of {len(lines[longest]):,} characters with no line break (at most {MAX_LINE_CHARS:,}); "
            "a text of the Laws has lines and paragraphs: were its line breaks lost in a conversion?",
        )
    controls = [m.start() for m in _CONTROL.finditer(text)]
    if len(controls) > MAX_CONTROL_SHARE * len(text):
        share = 100 * len(controls) / len(text)
        raise InputError(
            path,
            text.count("\n", 0, controls[0]) + 1,
            f"binary file: {len(controls)} of {len(text)} characters ({share:.1f}%) are control characters",
        )
    return text


@cache
def iso_639_1() -> frozenset[str]:
    """The two-letter language codes CLDR knows (through Babel): ISO 639-1's, `nb` and `no` included."""
    from babel import Locale

    return frozenset(str(code) for code in Locale("en").languages if len(str(code)) == 2)


def title_from_text(text: str) -> str | None:
    """The first line of a text that has words, without Markdown marks: the title when none is given."""
    for line in text.splitlines():
        words = re.sub(r"<[^>]*>|[#*_`>|\[\]]", " ", line)
        words = " ".join(words.split())
        if re.search(r"[^\W\d_]{2,}", words):
            return words[:120]
    return None


def _compose(meta_path: Path) -> Node:
    """The YAML node tree of the metadata file, with line marks; syntax errors become InputErrors."""
    root = compose_yaml(meta_path)
    if root is None:
        raise InputError(meta_path, None, "expected a list of editions, found an empty file")
    _check_duplicate_keys(meta_path, root)
    return root


def _check_duplicate_keys(meta_path: Path, node: Node) -> None:
    """Reject a key given twice in any mapping: YAML loaders silently keep the last one."""
    if isinstance(node, MappingNode):
        seen: dict[str, int] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, ScalarNode) else None
            if name is not None:
                if name in seen:
                    raise InputError(
                        meta_path, _line(key), f"key '{name}' appears twice (first at line {seen[name]})"
                    )
                seen[name] = _line(key)
            _check_duplicate_keys(meta_path, value)
    elif isinstance(node, SequenceNode):
        for item in node.value:
            _check_duplicate_keys(meta_path, item)


def _edition(meta_path: Path, entry: Node) -> Edition:
    if not isinstance(entry, MappingNode):
        raise InputError(
            meta_path, _line(entry), f"edition entry must be a mapping, found {_describe(entry)}"
        )
    fields: dict[str, Node] = {}
    for key, value in entry.value:
        if not isinstance(key, ScalarNode):
            raise InputError(meta_path, _line(key), f"keys must be plain names, found {_describe(key)}")
        if key.value not in ALLOWED_KEYS:
            raise InputError(
                meta_path,
                _line(key),
                f"unknown key '{key.value}'; allowed keys: {', '.join(sorted(ALLOWED_KEYS))}",
            )
        fields[key.value] = value

    missing = [name for name in REQUIRED_VALUES if name not in fields]
    if missing:
        raise InputError(meta_path, _line(entry), f"edition entry lacks required field {', '.join(missing)}")

    values = {name: _string(meta_path, name, fields[name], nullable=False) or "" for name in REQUIRED_VALUES}
    optional = {
        name: _string(meta_path, name, fields[name], nullable=True) if name in fields else None
        for name in OPTIONAL_VALUES
    }
    edition_id, language = values["id"], values["language"]

    if not _LANGUAGE.fullmatch(language) or language not in iso_639_1():
        raise InputError(
            meta_path, _line(fields["language"]), f"language '{language}' is not an ISO 639-1 code like 'da'"
        )
    in_force = values["in_force"]
    if not _is_iso_date(in_force):
        raise InputError(
            meta_path, _line(fields["in_force"]), f"in_force '{in_force}' is not an ISO date (YYYY-MM-DD)"
        )
    if not _YEAR.fullmatch(values["fide_edition"]):
        raise InputError(
            meta_path,
            _line(fields["fide_edition"]),
            f"fide_edition '{values['fide_edition']}' is not a year like '2017'",
        )
    fide_year, in_force_year = int(values["fide_edition"]), int(in_force[:4])
    if not FIRST_LAWS <= fide_year <= in_force_year:
        raise InputError(
            meta_path,
            _line(fields["fide_edition"]),
            f"fide_edition '{fide_year}' cannot be the Laws of a text in force from {in_force}: "
            f"FIDE's Laws date from {FIRST_LAWS} on, and a translation comes after the Laws it translates",
        )
    expected_id = f"{language}-{in_force[:4]}"
    if edition_id != expected_id:
        raise InputError(
            meta_path,
            _line(fields["id"]),
            f"edition id '{edition_id}' does not match <language>-<year> "
            f"(language {language}, in force {in_force}: expected '{expected_id}')",
        )

    text_path = _text_path(meta_path, values["file"], fields["file"])
    text = read_text(text_path)
    return Edition(
        id=edition_id,
        language=language,
        title=optional["title"] or title_from_text(text) or edition_id,
        fide_edition=values["fide_edition"],
        in_force=in_force,
        congress=optional["congress"],
        approved_by=optional["approved_by"],
        approved_on=optional["approved_on"],
        translator=optional["translator"],
        notes=_notes(meta_path, fields.get("notes")),
        path=text_path,
        text=text,
        numbering=_numbering(meta_path, fields.get("numbering")),
        source=optional["source"],
    )


def _text_path(meta_path: Path, name: str, node: Node) -> Path:
    """The text file `name` names, which must resolve (symlinks followed) to a file in the corpus."""
    relative = PurePosixPath(name)
    if relative.is_absolute() or ".." in relative.parts:
        raise InputError(meta_path, _line(node), f"file '{name}' must be a path inside the corpus directory")
    path = meta_path.parent / relative
    if path.is_dir():
        raise InputError(meta_path, _line(node), f"file '{name}' is a directory, not a text file")
    if not path.is_file():
        raise InputError(meta_path, _line(node), f"text file {name} not found in {meta_path.parent}")
    corpus = meta_path.parent.resolve()
    if not path.resolve().is_relative_to(corpus):
        raise InputError(
            meta_path,
            _line(node),
            f"file '{name}' leads outside the corpus directory (to {path.resolve()}); copy the text in",
        )
    return path


def _string(meta_path: Path, name: str, node: Node, *, nullable: bool) -> str | None:
    """A scalar's text as written (so `7.10` stays "7.10" and dates stay strings), or None for null."""
    if not isinstance(node, ScalarNode):
        raise InputError(meta_path, _line(node), f"{name} must be a single value, found {_describe(node)}")
    if node.tag == _NULL_TAG and not node.style:
        if nullable:
            return None
        raise InputError(meta_path, _line(node), f"{name} must have a value")
    if not node.value.strip():
        raise InputError(meta_path, _line(node), f"{name} is empty")
    return str(node.value)


def _notes(meta_path: Path, node: Node | None) -> tuple[str, ...]:
    if node is None or (isinstance(node, ScalarNode) and node.tag == _NULL_TAG and not node.style):
        return ()
    if not isinstance(node, SequenceNode):
        raise InputError(meta_path, _line(node), f"notes must be a list of strings, found {_describe(node)}")
    return tuple(_string(meta_path, "a note", item, nullable=False) or "" for item in node.value)


def _numbering(meta_path: Path, node: Node | None) -> dict[str, tuple[str, ...]]:
    if node is None:
        return {}
    if not isinstance(node, MappingNode):
        raise InputError(
            meta_path, _line(node), f"numbering must map article labels to lists, found {_describe(node)}"
        )
    numbering: dict[str, tuple[str, ...]] = {}
    for key, value in node.value:
        label = _string(meta_path, "an article label", key, nullable=False) or ""
        if not isinstance(value, SequenceNode):
            raise InputError(
                meta_path,
                _line(value),
                f"numbering of {label} must be a list of labels, found {_describe(value)}",
            )
        numbering[label] = tuple(
            _string(meta_path, f"a label in numbering of {label}", item, nullable=False) or ""
            for item in value.value
        )
    return numbering


def _is_iso_date(value: str) -> bool:
    if not _ISO_DATE.fullmatch(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _value_node(entry: Node, key: str) -> Node:
    assert isinstance(entry, MappingNode)
    found: Node = next(value for k, value in entry.value if k.value == key)
    return found


def _describe(node: Node) -> str:
    if isinstance(node, MappingNode):
        return "a mapping"
    if isinstance(node, SequenceNode):
        return "a list"
    if isinstance(node, ScalarNode) and node.tag == _NULL_TAG and not node.style:
        return "nothing"
    return f"'{node.value}'"
