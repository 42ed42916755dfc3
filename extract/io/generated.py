"""kb/generated read back: `read_kb(kb_dir)` is a typed, lazy view of what `chesslaws build` wrote.

Each file is read once, on first use, through the strict (and cached) YAML loader, and checked for
damage against the shape the build writes: a missing, emptied, truncated or hand-edited file is one
line naming the file (and the row's line where there is one) and saying to run the build again,
never a traceback from deep inside a later stage. Rows are checked once, here, and then are
dataclasses (`extract.model.kbrows`), so no later stage indexes raw rows by strings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from extract.io.rows import RowError, RowSpec, row_spec
from extract.io.yamlfile import line_of, load_yaml
from extract.model import InputError, Provision
from extract.model.kbrows import AlignmentRow, EditionRow, GraphDocument, ParameterRow, ProvisionsDocument

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
_PARAMETER = row_spec(ParameterRow)
_PROVISION = row_spec(Provision, skip=("edition",), required=_PROVISION_KEYS)
_PROVISIONS_FILE = row_spec(ProvisionsDocument, skip=("provisions",))


def is_generated(path: Path) -> bool:
    """Whether `path` is a file of a kb/generated tree (its top level or provisions/)."""
    parent = Path(path).parent
    return parent.name == GENERATED or (parent.name == "provisions" and parent.parent.name == GENERATED)


def load_generated_path(path: Path) -> Any:
    """One file of kb/generated as plain data, checked for damage against the shape the build writes."""
    path = Path(path)
    if not path.exists():
        raise InputError(path, None, f"not built yet; {REBUILD} first")
    try:
        data = load_yaml(path)
    except InputError as error:
        raise InputError(path, error.line, f"damaged ({error.message}); {REBUILD}") from None
    kind = "provisions" if path.parent.name == "provisions" else path.name
    _check_shape(path, kind, data)
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
                raise _damaged(path, f"row {number} lacks {', '.join(_ROWS[kind])}")
    elif kind in _DOCUMENTS:
        if not isinstance(data, dict) or any(key not in data for key in _DOCUMENTS[kind]):
            raise _damaged(path, f"expected a mapping with {', '.join(_DOCUMENTS[kind])}")
        if kind == "provisions":
            items = data["provisions"]
            if not isinstance(items, list) or not items:
                raise _damaged(path, "no provisions")
            for number, item in enumerate(items, start=1):
                if not isinstance(item, dict) or any(key not in item for key in _PROVISION_KEYS):
                    raise _damaged(path, f"provision {number} lacks {', '.join(_PROVISION_KEYS)}")


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
            line = line_of(_at(locate(load_yaml(path, lines=True)), number - 1))
            raise _damaged(path, f"{what} {number}: {error}", line) from None
    return typed


def _at(rows: Any, index: int) -> Any:
    return rows[index] if isinstance(rows, list) and 0 <= index < len(rows) else None


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

    def document(self, name: str) -> Any:
        """File `name` as plain data, checked for damage (for readers of the untyped files)."""
        return self._once(f"raw:{name}", lambda: load_generated_path(self.path(name)))

    def _rows(self, name: str, spec: RowSpec[T]) -> tuple[T, ...]:
        def make() -> tuple[T, ...]:
            return tuple(_typed(self.path(name), self.document(name), "row", lambda d: d, spec.make))

        return self._once(f"rows:{name}", make)

    def editions(self) -> tuple[EditionRow, ...]:
        """editions.yaml: every edition, in in-force order."""
        return self._rows("editions.yaml", _EDITION)

    def edition_ids(self) -> list[str]:
        return [e.id for e in self.editions()]

    def alignment(self) -> tuple[AlignmentRow, ...]:
        return self._rows("alignment.yaml", _ALIGNMENT)

    def parameters(self) -> tuple[ParameterRow, ...]:
        return self._rows("parameters.yaml", _PARAMETER)

    def graph(self) -> GraphDocument:
        return self._once("graph", self._graph)

    def _graph(self) -> GraphDocument:
        path, data = self.path("graph.yaml"), self.document("graph.yaml")
        for what, keys in (("node", ("id", "kind")), ("edge", ("source", "target", "kind"))):
            rows = data[f"{what}s"]
            if not isinstance(rows, list):
                raise _damaged(path, f"{what}s must be a list")
            for number, row in enumerate(rows, start=1):
                if not isinstance(row, dict) or not all(isinstance(row.get(k), str) for k in keys):
                    raise _damaged(path, f"{what} {number} lacks {', '.join(keys)} (text)")
        return GraphDocument(tuple(data["nodes"]), tuple(data["edges"]))

    # ----------------------------------------------------------------------------- provisions

    def provisions(self, edition: str) -> ProvisionsDocument:
        """One edition's provisions, from its own file when the build named it after the edition."""
        name = f"provisions/{edition}.yaml"
        if name in self._files():
            document = self._provisions_file(name)
            if document.edition == edition:
                return document
        return self._all()[edition]

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

    def _provisions_file(self, name: str) -> ProvisionsDocument:
        def make() -> ProvisionsDocument:
            path, data = self.path(name), self.document(name)
            head = {k: v for k, v in data.items() if k != "provisions"}
            [meta] = _typed(path, [head], "document", lambda d: [d], _PROVISIONS_FILE.check)
            edition = str(meta["edition"])
            provisions = _typed(
                path,
                data["provisions"],
                "provision",
                lambda d: d["provisions"] if isinstance(d, dict) else None,
                lambda row: Provision.from_dict(edition, _PROVISION.check(row)),
            )
            return ProvisionsDocument(provisions=tuple(provisions), **meta)

        return self._once(f"file:{name}", make)

    def _all(self) -> _Editions:
        def make() -> _Editions:
            named = [(self._provisions_file(name), name) for name in self._files()]
            named.sort(key=lambda pair: (pair[0].in_force, pair[0].edition))
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
