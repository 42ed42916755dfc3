"""kb/generated read back: `read_kb(kb_dir)` is a typed, lazy view of what `chesslaws build` wrote.

Each file is read once, on first use, through the strict (and cached) YAML loader, and checked for
damage against the shape the build writes: a missing, emptied, truncated or hand-edited file is one
line naming the file (and the row's line where there is one) and saying to run the build again,
never a traceback from deep inside a later stage. Rows are checked once, here, and then are
dataclasses (`extract.model.kbrows`), so no later stage indexes raw rows by strings.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from extract.io.rows import RowError, RowSpec, row_spec
from extract.io.yamlfile import (
    MISS,
    cache_key,
    cache_read,
    cache_write,
    line_of,
    load_yaml,
    parse_text,
    read_source,
)
from extract.model import InputError, Provision
from extract.model.kbrows import AlignmentRow, EditionRow, GraphDocument, Parameter, ProvisionsDocument

GENERATED = "generated"
REBUILD = "run 'chesslaws build'"
T = TypeVar("T")

# The shape of every generated file: (top-level type, keys each row / the document must have).
_ROWS = {
    "editions.yaml": ("id", "language", "in_force"),
    "alignment.yaml": ("rule", "edition", "label", "confidence", "method"),
    "parameters.yaml": ("parameter", "rule", "edition", "value", "label", "start", "end"),
    "links.yaml": ("a", "b", "score"),
}
_DOCUMENTS = {
    "agreement.yaml": ("pairs", "overall"),
    "graph.yaml": ("nodes", "edges"),
    "provisions": ("edition", "in_force", "provisions"),
}
_PROVISION_KEYS = ("label", "kind", "parent", "start", "end", "text", "line")

_EDITION = row_spec(EditionRow)
_ALIGNMENT = row_spec(AlignmentRow)
_PARAMETER = row_spec(Parameter)
_PROVISION = row_spec(Provision, skip=("edition",), required=_PROVISION_KEYS)
_PROVISIONS_FILE = row_spec(ProvisionsDocument, skip=("provisions",))


def is_generated(path: Path) -> bool:
    """Whether `path` is a file of a kb/generated tree (its top level or provisions/)."""
    parent = Path(path).parent
    return parent.name == GENERATED or (parent.name == "provisions" and parent.parent.name == GENERATED)


def load_generated_path(path: Path) -> Any:
    """One file of kb/generated as plain data, checked for damage against the shape the build writes."""
    path = Path(path)
    return _data(path, _text(path))


def load_generated_as(path: Path, kind: str, convert: Callable[[Path, Any], T]) -> T:
    """`convert(path, data)` of one file of kb/generated, its data checked as `load_generated_path`'s.

    What `convert` makes is cached like parsed YAML (see `extract.io.yamlfile.cache_dir`), keyed by the
    file's text, `kind` and the code that makes it, so a query neither parses nor checks rows again."""
    path = Path(path)
    text = _text(path)
    key = cache_key(text, salt=f"{kind}|{_code_version()}")
    cached = cache_read(key)
    if cached is not MISS:
        found: T = cached
        return found
    result = convert(path, _data(path, text))
    cache_write(key, result)
    return result


@cache
@cache
def _code_version() -> str:
    """A hash of the code that turns generated files into rows (this module, the row checker and the
    whole model package, vocabularies included): a change to it is a cache miss."""
    digest = hashlib.blake2b(digest_size=16)
    model = Path(str(sys.modules[Provision.__module__].__file__)).parent
    rows = Path(str(sys.modules[RowSpec.__module__].__file__))
    for path in [Path(__file__), rows, *sorted(model.glob("*.py"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _text(path: Path) -> str:
    if not path.exists():
        folder = path.parent.parent if path.parent.name == "provisions" else path.parent
        if path.name != "editions.yaml" and (folder / "editions.yaml").is_file():
            raise InputError(path, None, f"missing: kb/generated is damaged; {REBUILD}")
        raise InputError(path, None, f"not built yet; {REBUILD} first")
    try:
        return read_source(path)
    except InputError as error:
        raise _damaged(path, error.message, error.line) from None


def _data(path: Path, text: str) -> Any:
    try:
        data = parse_text(path, text)
    except InputError as error:
        raise _damaged(path, error.message, error.line) from None
    _check_shape(path, "provisions" if path.parent.name == "provisions" else path.name, data)
    return data


def _damaged(path: Path, what: str, line: int | None = None) -> InputError:
    return InputError(path, line, f"damaged ({what}); {REBUILD}")


def _check_shape(path: Path, kind: str, data: Any) -> None:
    if data is None:
        raise _damaged(path, "empty file")
    if kind in _ROWS:
        if not isinstance(data, list):
            raise _damaged(path, "expected a list of rows")
        for number, row in enumerate(data, start=1):
            if not isinstance(row, dict) or any(key not in row for key in _ROWS[kind]):
                line = _row_line(path, lambda d: d, number)
                raise _damaged(path, f"row {number} lacks {', '.join(_ROWS[kind])}", line)
    elif kind in _DOCUMENTS:
        if not isinstance(data, dict) or any(key not in data for key in _DOCUMENTS[kind]):
            raise _damaged(path, f"expected a mapping with {', '.join(_DOCUMENTS[kind])}")
        if kind == "provisions":
            items = data["provisions"]
            if not isinstance(items, list) or not items:
                raise _damaged(path, "no provisions")
            for number, item in enumerate(items, start=1):
                if not isinstance(item, dict) or any(key not in item for key in _PROVISION_KEYS):
                    line = _row_line(path, _provision_rows, number)
                    raise _damaged(path, f"provision {number} lacks {', '.join(_PROVISION_KEYS)}", line)


def _typed(
    path: Path, rows: list[Any], what: str, locate: Callable[[Any], Any], make: Callable[[Any], T]
) -> list[T]:
    """`make` of each row (which raises RowError for a bad value); a bad row is an InputError naming
    the file and the row's line (found by reading the file again with lines, only on error)."""
    typed: list[T] = []
    for number, row in enumerate(rows, start=1):
        try:
            typed.append(make(row))
        except RowError as error:
            raise _damaged(path, f"{what} {number}: {error}", _row_line(path, locate, number)) from None
    return typed


def _row_line(path: Path, locate: Callable[[Any], Any], number: int) -> int | None:
    """The line row `number` (of the list `locate` finds in the file's data) starts on: the file is
    read again with lines, which only a damaged file needs."""
    rows = locate(load_yaml(path, lines=True))
    return line_of(rows[number - 1]) if isinstance(rows, list) and 0 < number <= len(rows) else None


def _provision_rows(data: Any) -> Any:
    return data.get("provisions") if isinstance(data, dict) else None


def _rows(spec: RowSpec[T]) -> Callable[[Path, Any], tuple[T, ...]]:
    def convert(path: Path, data: Any) -> tuple[T, ...]:
        return tuple(_typed(path, data, "row", lambda d: d, spec.make))

    return convert


def _provisions_document(path: Path, data: Any) -> ProvisionsDocument:
    head = {k: v for k, v in data.items() if k != "provisions"}
    [meta] = _typed(path, [head], "document", lambda d: [d], _PROVISIONS_FILE.check)
    edition = meta["edition"]
    provisions = _typed(
        path,
        data["provisions"],
        "provision",
        _provision_rows,
        lambda row: Provision.from_dict(edition, _PROVISION.check(row)),
    )
    return ProvisionsDocument(provisions=tuple(provisions), **meta)


def _graph_document(path: Path, data: Any) -> GraphDocument:
    for what, keys in (("node", ("id",)), ("edge", ("source", "target"))):
        rows = data[f"{what}s"]
        if not isinstance(rows, list):
            raise _damaged(path, f"{what}s must be a list")
        for number, row in enumerate(rows, start=1):
            if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in keys):
                raise _damaged(path, f"{what} {number} lacks {', '.join(keys)} (text)")
    return GraphDocument(tuple(data["nodes"]), tuple(data["edges"]))


@dataclass
class GeneratedKB:
    """kb/generated of one KB directory; every accessor reads its file on first use, then keeps it."""

    kb_dir: Path
    _kept: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def folder(self) -> Path:
        return Path(self.kb_dir) / GENERATED

    def path(self, name: str) -> Path:
        """Where file `name` (e.g. "graph.yaml", "provisions/da-2017.yaml") of kb/generated is."""
        return self.folder / name

    def _once(self, key: str, make: Callable[[], T]) -> T:
        if key not in self._kept:
            self._kept[key] = make()
        found: T = self._kept[key]
        return found

    def _typed(self, name: str, kind: str, convert: Callable[[Path, Any], T]) -> T:
        return self._once(f"typed:{name}", lambda: load_generated_as(self.path(name), kind, convert))

    def document(self, name: str) -> Any:
        """File `name` as plain data, checked for damage (for readers of the untyped files)."""
        return self._once(f"raw:{name}", lambda: load_generated_path(self.path(name)))

    def editions(self) -> tuple[EditionRow, ...]:
        """editions.yaml: every edition, in in-force order."""
        return self._typed("editions.yaml", "editions", _rows(_EDITION))

    def edition_ids(self) -> list[str]:
        return [e.id for e in self.editions()]

    def alignment(self) -> tuple[AlignmentRow, ...]:
        return self._typed("alignment.yaml", "alignment", _rows(_ALIGNMENT))

    def parameters(self) -> tuple[Parameter, ...]:
        return self._typed("parameters.yaml", "parameters", _rows(_PARAMETER))

    def graph(self) -> GraphDocument:
        return self._typed("graph.yaml", "graph", _graph_document)

    # ----------------------------------------------------------------------------- provisions

    def provisions(self, edition: str) -> ProvisionsDocument:
        """One edition's provisions, from its own file when the build named it after the edition."""
        name = f"provisions/{edition}.yaml"
        if name in self._files():
            document = self._typed(name, "provisions", _provisions_document)
            if document.edition == edition:
                return document
        return self._all()[edition]

    def provisions_by_file(self) -> dict[str, ProvisionsDocument]:
        """Each file of provisions/ by its name without `.yaml`, in name order, whatever edition it
        holds (a reader that names pages after files checks that they agree)."""
        return {
            Path(name).stem: self._typed(name, "provisions", _provisions_document) for name in self._files()
        }

    def all_provisions(self) -> dict[str, ProvisionsDocument]:
        """Every edition's provisions, in in-force order."""
        return dict(self._all())

    def provision_documents(self, edition: str | None = None) -> list[dict[str, Any]]:
        """The provisions files as plain data (every edition's, or one's), in in-force order."""
        found = self._all()
        chosen = list(found) if edition is None else [self.provisions(edition).edition]
        return [self.document(found.files[e]) for e in chosen]

    def _files(self) -> list[str]:
        def listing() -> list[str]:
            folder = self.path("provisions")
            if not folder.is_dir():
                raise InputError(folder, None, f"no generated provisions here; {REBUILD} first")
            return [f"provisions/{p.name}" for p in sorted(folder.glob("*.yaml"))]

        return self._once("files", listing)

    def _all(self) -> _Editions:
        def make() -> _Editions:
            named = [(self._typed(name, "provisions", _provisions_document), name) for name in self._files()]
            named.sort(key=lambda pair: (pair[0].in_force, pair[0].edition))
            found = {document.edition for document, _ in named}
            listed = self.edition_ids() if self.path("editions.yaml").is_file() else []
            lost = [edition for edition in listed if edition not in found]
            if lost:
                raise InputError(
                    self.path(f"provisions/{lost[0]}.yaml"),
                    None,
                    f"missing, though editions.yaml lists {lost[0]}: kb/generated is damaged; {REBUILD}",
                )
            return _Editions(self.path("provisions"), named)

        return self._once("all", make)


class _Editions(dict[str, ProvisionsDocument]):
    """Provisions per edition; an unknown edition is an InputError listing the known ones."""

    def __init__(self, folder: Path, named: list[tuple[ProvisionsDocument, str]]) -> None:
        super().__init__((document.edition, document) for document, _ in named)
        self.folder = folder
        self.files = {document.edition: name for document, name in named}

    def __missing__(self, edition: str) -> ProvisionsDocument:
        raise InputError(self.folder, None, f"unknown edition '{edition}' (known: {', '.join(self)})")


def read_kb(kb_dir: Path) -> GeneratedKB:
    """The typed view of `kb_dir`/generated; nothing is read until an accessor asks for it."""
    return GeneratedKB(Path(kb_dir))


def changed_sources(corpus_dir: Path, kb_dir: Path) -> list[str]:
    """The corpus texts whose bytes differ from those kb/generated was built from (edited, replaced
    or deleted since the last build); [] when nothing says so (no KB yet, no hashes, no corpus)."""
    try:
        editions = read_kb(kb_dir).editions()
    except (InputError, OSError):
        return []  # the command itself reports a KB it cannot read
    changed = []
    for edition in editions:
        if edition.source_sha256 is None:
            continue
        path = Path(corpus_dir) / edition.source_file
        try:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            digest = None
        if digest != edition.source_sha256:
            changed.append(str(path))
    return changed
