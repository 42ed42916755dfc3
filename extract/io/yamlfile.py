"""The one strict YAML reader for every file chesslaws reads: curated files and kb/generated alike.

Every problem becomes one `InputError` naming the file and, where there is one, the line:
unreadable files, encodings other than UTF-8 (UTF-16/32 are named as such), merge-conflict markers,
syntax errors (one line, not PyYAML's eight), duplicate keys. A UTF-8 byte-order mark is dropped.
libyaml's parser is used where it is installed; the constructors are the safe ones.
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import os
import pickle
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from extract.model import InputError

LINE_KEY = "__line__"  # with lines=True every mapping carries the line it starts on

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CONFLICT = re.compile(r"^(<{7}|={7}|>{7}|\|{7})(?: |$)", re.MULTILINE)
_WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def decode_text(path: Path, data: bytes) -> str:
    """UTF-8 text of a file's bytes, BOM dropped; other encodings are named, bad bytes located."""
    reject_wide(path, data)
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            path, line, f"not UTF-8: invalid byte 0x{data[exc.start]:02x} at byte offset {exc.start}"
        ) from None


def reject_wide(path: Path, data: bytes) -> None:
    """UTF-16 or UTF-32 text (with a byte-order mark, or a NUL in every other byte) is named as such."""
    for bom, name in _WIDE_BOMS:
        if data.startswith(bom):
            raise InputError(path, None, f"{name} text; save it as UTF-8")
    if len(data) >= 4 and data.count(b"\0") * 3 >= len(data):
        name = "UTF-32" if data[1:4] == b"\0\0\0" or data[:3] == b"\0\0\0" else "UTF-16"
        raise InputError(path, None, f"{name} text (no byte-order mark); save it as UTF-8")


def read_source(path: Path) -> str:
    """The text of a YAML file, checked for encoding and merge-conflict markers."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(path, None, "file not found") from None
    except IsADirectoryError:
        raise InputError(path, None, "is a directory, expected a YAML file") from None
    except OSError as exc:
        raise InputError(path, None, f"cannot read: {exc.strerror or exc}") from None
    text = decode_text(path, data)
    conflict = _CONFLICT.search(text)
    if conflict:
        line = text.count("\n", 0, conflict.start()) + 1
        raise InputError(path, line, "merge-conflict markers")
    return text


class _StrictLoader(_Base):  # type: ignore[misc]  # the base is libyaml's or PyYAML's loader: Any
    """Safe loader that refuses duplicate keys; optionally marks mappings with their line."""

    path: Path = Path()
    lines: bool = False


def _mapping(loader: _StrictLoader, node: MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    data: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        try:
            duplicate = key in data
        except TypeError:
            raise InputError(loader.path, _line(key_node), "a mapping key must be a plain value") from None
        if duplicate:
            raise InputError(loader.path, _line(key_node), f"duplicate key '{key}'")
        data[key] = loader.construct_object(value_node, deep=True)
    if loader.lines:
        data[LINE_KEY] = _line(node)
    return data


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


def refuse_aliases(path: Path, root: Node, text: str) -> None:
    """No anchors and aliases (`&name`, `*name`, `<<: *name`): a person writes every value out.

    An alias reuses a node, so a tree with one is a graph where some node is reached twice; the
    walk stops there, before a "billion laughs" of nested aliases could make anyone expand it.
    """
    seen: set[int] = set()
    stack: list[Node] = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            alias = next((e for e in yaml.parse(text, Loader=_Base) if isinstance(e, yaml.AliasEvent)), None)
            line = alias.start_mark.line + 1 if alias is not None and alias.start_mark else None
            name = f"*{alias.anchor}" if alias is not None else "*name"
            raise InputError(
                path, line, f"YAML alias {name} refused: aliases are not allowed; write the value out"
            )
        seen.add(id(node))
        if isinstance(node, MappingNode):
            stack.extend(part for pair in node.value for part in pair)
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)


def _line(node: Node) -> int:
    return int(node.start_mark.line) + 1


def _syntax_error(path: Path, error: yaml.YAMLError) -> InputError:
    """PyYAML's multi-line message as one line: the problem and where."""
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    problem = getattr(error, "problem", None) or str(error).splitlines()[0]
    context = getattr(error, "context", None)
    what = f"{context}, {problem}" if context else problem
    return InputError(path, mark.line + 1 if mark else None, f"invalid YAML: {' '.join(str(what).split())}")


def load_yaml(path: Path, *, lines: bool = False) -> Any:
    """The data of one YAML file (None for an empty one); every problem is an InputError.

    Large files are read from a derived cache keyed by a hash of their text (see `cache_dir`), so a
    query does not construct kb/generated's objects in Python each time; the YAML stays the source.
    """
    path = Path(path)
    return parse_text(path, read_source(path), lines=lines)


def parse_text(path: Path, text: str, *, lines: bool = False) -> Any:
    """The data of `text` (read from `path` by `read_source`), from the cache when it is there."""
    key = cache_key(text, lines)
    cached = cache_read(key)
    if cached is not _MISS:
        return cached
    data = _parse(path, text, lines)
    cache_write(key, data)
    return data


def _parse(path: Path, text: str, lines: bool) -> Any:
    loader = _StrictLoader(text)
    loader.path, loader.lines = path, lines
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        refuse_aliases(path, node, text)
        return loader.construct_document(node)
    except yaml.YAMLError as error:
        raise _syntax_error(path, error) from None
    except RecursionError:
        raise InputError(path, None, "invalid YAML: nested too deeply") from None
    finally:
        loader.dispose()


CACHE_MIN_CHARS = 4_096  # smaller files parse faster than a cache file is opened
CACHE_MAX_ENTRIES = 512  # beyond this the older half is dropped (every test copy of a KB adds entries)
CACHE_VERSION = b"chesslaws-yaml-1"
MISS = _MISS = object()  # what cache_read returns for a miss


def cache_dir() -> Path | None:
    """Where parsed YAML is cached: $CHESSLAWS_CACHE ('off' disables), else the user's cache dir.

    The cache is derived data outside the repository, never committed; an entry is named by the
    hash of the file's text, so an edited or rebuilt file simply misses and is parsed again.
    """
    configured = os.environ.get("CHESSLAWS_CACHE")
    if configured is not None:
        return None if configured.strip().lower() in ("", "off", "0", "no") else Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "chesslaws" / "yaml"


def cache_key(text: str, lines: bool = False, salt: str = "") -> str | None:
    """The cache entry of `text` parsed (with `lines`), or of what `salt` names made of that data;
    None for a text too small to be worth a cache file."""
    if len(text) < CACHE_MIN_CHARS:
        return None
    parts = [CACHE_VERSION, yaml.__version__.encode(), _Base.__name__.encode(), b"L" if lines else b"-"]
    if salt:
        parts.append(salt.encode())
    digest = hashlib.blake2b(b"|".join(parts), digest_size=20)
    digest.update(text.encode("utf-8"))
    return digest.hexdigest()


def cache_read(key: str | None) -> Any:
    folder = cache_dir() if key else None
    if folder is None:
        return _MISS
    try:
        with open(folder / f"{key}.pickle", "rb") as handle:
            return pickle.load(handle)  # our own file, named by the hash of what it holds
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, ImportError):
        return _MISS  # a damaged entry, or one pickled by code that has since moved


def cache_write(key: str | None, data: Any) -> None:
    """Best effort: a cache that cannot be written (read-only home, full disk) is skipped."""
    folder = cache_dir() if key else None
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".pickle")
        try:
            with os.fdopen(handle, "wb") as out:
                pickle.dump(data, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, folder / f"{key}.pickle")
        finally:
            if os.path.exists(tmp):
                os.unlink(tmp)
        _prune(folder)
    except (OSError, pickle.PicklingError, RecursionError):
        return


def _prune(folder: Path) -> None:
    entries = [e for e in os.scandir(folder) if e.name.endswith(".pickle") and not e.name.startswith(".")]
    if len(entries) <= CACHE_MAX_ENTRIES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime)
    for entry in entries[: len(entries) // 2]:
        with contextlib.suppress(OSError):  # another process pruned it first
            os.unlink(entry.path)


def compose_yaml(path: Path) -> Node | None:
    """The node tree of one YAML file, with line marks (for loaders that check node by node)."""
    path = Path(path)
    text = read_source(path)
    loader = _StrictLoader(text)
    loader.path = path
    try:
        node: Node | None = loader.get_single_node()
        if node is not None:
            refuse_aliases(path, node, text)
        return node
    except yaml.YAMLError as error:
        raise _syntax_error(path, error) from None
    finally:
        loader.dispose()


def line_of(entry: object, default: int | None = None) -> int | None:
    """The line a mapping read with lines=True starts on."""
    if isinstance(entry, dict) and isinstance(entry.get(LINE_KEY), int):
        return int(entry[LINE_KEY])
    return default


def check_keys(
    path: Path, entry: object, allowed: Iterable[str], required: Iterable[str] = (), what: str = "entry"
) -> dict[str, Any]:
    """`entry` as a mapping with only allowed keys and every required one; else file:line error."""
    if not isinstance(entry, dict):
        raise InputError(path, None, f"each {what} must be a mapping, found {type(entry).__name__}")
    line = line_of(entry)
    allowed = set(allowed)
    unknown = sorted(str(k) for k in entry if k != LINE_KEY and k not in allowed)
    if unknown:
        raise InputError(
            path, line, f"{what}: unknown key(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )
    missing = [k for k in required if k not in entry]
    if missing:
        raise InputError(path, line, f"{what}: missing key(s) {', '.join(missing)}")
    return entry


def strip_lines(value: Any) -> Any:
    """A copy of data read with lines=True, without the line markers."""
    if isinstance(value, dict):
        return {k: strip_lines(v) for k, v in value.items() if k != LINE_KEY}
    if isinstance(value, list):
        return [strip_lines(v) for v in value]
    return value
