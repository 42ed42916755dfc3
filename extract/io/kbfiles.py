"""kb/generated on disk: deterministic YAML and the atomic writer (`write_kb`); `read_kb` reads it back.

The writer puts every file into a staging directory `kb/.generated-<pid>-*` beside the target and
then swaps it in with ONE atomic step: `renameat2(RENAME_EXCHANGE)` on Linux exchanges the two
directories, so kb/generated is at every instant either the complete old tree or the complete new
one (kb/generated stays a plain directory, as git wants it). Where the exchange is not available
(another OS, a file system without it), the old tree is first renamed to `kb/.generated-old-<pid>`
and the next writer puts it back if a kill came between the two renames. Staging and
old trees of processes that no longer run are removed by the next build.

The readers live in `extract.io.generated` (the names below are kept here for their callers).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import gc
import os
import re
import shutil
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

import yaml

from extract.io.generated import GENERATED, read_kb
from extract.model import InputError

LEGACY_AGE = 3600  # seconds: staging trees named without a pid are stale after an hour
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100

_BASE_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's emitter, ~10x faster


class _DUMPER(_BASE_DUMPER):  # type: ignore[misc]  # PyYAML's dumpers are untyped
    """Never writes anchors and aliases: every reader refuses them (io.yamlfile.refuse_aliases)."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_yaml(data: object) -> str:
    """YAML the same way every time: sorted keys, unicode kept, no line folding (safe types only).

    The cycle collector is paused meanwhile: the representer makes a node per value, all alive
    until emitted, so each collection would scan them all in vain (a quarter of the dump's time on
    a large build); anything left in a cycle is collected when it runs again."""
    paused = gc.isenabled()
    gc.disable()
    try:
        text: str = yaml.dump(
            data, Dumper=_DUMPER, allow_unicode=True, sort_keys=True, width=10_000, default_flow_style=False
        )
    finally:
        if paused:
            gc.enable()
    return text


# ------------------------------------------------------------------------------------------ writing


def dump_items(items: Iterable[object], size: int = 200) -> Iterator[str]:
    """`dump_yaml` of a list, a few items at a time: the texts joined are `dump_yaml(list(items))`
    for a non-empty list (no shared objects, so no anchors), and no YAML tree of the whole list is
    ever held in memory. Flat rows (graph edges, links) are put together from their lines (`_rows`)."""
    chunk: list[object] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield _rows(chunk) or dump_yaml(chunk)
            chunk = []
    if chunk:
        yield _rows(chunk) or dump_yaml(chunk)


_SCALAR = (str, int, float, bool, type(None))
_LINES: dict[tuple[str, type, object], str] = {}  # (key, type, value) -> "key: value\n" ("" if not one line)
_LINES_KEPT = 100_000
_HEADS: dict[str, str] = {}  # key -> "key: "
_LONGEST = 1_000  # longer lines go the whole way: the emitter's line width counts from the indentation


def _plain(text: str) -> bool:
    """Whether PyYAML's resolver reads `text`, written plain, as a string."""
    table = _DUMPER.yaml_implicit_resolvers
    return not any(regexp.match(text) for _, regexp in [*table.get(text[0], []), *table.get(None, [])])


def _rows(chunk: list[object]) -> str | None:
    """`dump_yaml(chunk)` for a list of flat mappings (string keys, scalar values) whose every
    "key: value" is one short line: each such line is the same wherever it stands in a block (it is
    dumped once and kept), so a row is its sorted lines after "- " and "  ". None for anything else.
    A graph of a large termbase has hundreds of thousands of edges: this writes them ~10x faster."""
    out: list[str] = []
    for row in chunk:
        if not isinstance(row, dict) or not row:
            return None
        prefix = "- "
        for key in sorted(row) if all(isinstance(k, str) for k in row) else ():
            line = _line(key, row[key])
            if not line:
                return None
            out.append(prefix + line)
            prefix = "  "
        if prefix == "- ":
            return None
    return "".join(out)


# a string YAML writes as it is (plain): a letter, then letters, digits and . _ / : - (no ": " or " #",
# not ending in ":"), unless it reads as another type ("yes", "null", "on": those are quoted)
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_./:-]{0,200}(?<!:)")


def _line(key: str, value: object) -> str:
    if type(value) is int or (type(value) is str and _PLAIN.fullmatch(value) and _plain(value)):
        head = _HEADS.get(key)  # "key: " or "" (a key written otherwise)
        if head is None:
            text = dump_yaml({key: ""})
            head = text[: -len("''\n")] if text.endswith(": ''\n") and text.count("\n") == 1 else ""
            if len(_HEADS) < _LINES_KEPT:
                _HEADS[key] = head
        if head:
            return f"{head}{value}\n"
    if not isinstance(value, _SCALAR):
        return ""
    memo = (key, type(value), repr(value) if isinstance(value, float) else value)  # -0.0 == 0.0
    line = _LINES.get(memo)
    if line is None:
        text = dump_yaml({key: value})
        line = text if text.count("\n") == 1 and len(text) <= _LONGEST else ""
        if len(_LINES) >= _LINES_KEPT:
            _LINES.clear()
        _LINES[memo] = line
    return line


def write_kb(kb_dir: Path, files: dict[str, str]) -> None:
    """Replace `kb_dir`/generated with `files` (name under generated/ -> YAML text), all or nothing."""
    target = Path(kb_dir) / GENERATED
    if target.is_symlink():  # a link a person made (kb/generated kept on another disk): kept, and
        target = target.resolve()  # the tree it points to is replaced, all or nothing
    write_tree_atomically(target, files)


def write_tree_atomically(target: Path, files: dict[str, str]) -> None:
    """Write all files into a fresh directory, then swap it in place of `target` in one step."""
    with TreeWriter(target) as tree:
        for name, text in sorted(files.items()):
            tree.write(name, text)
        tree.commit()


class TreeWriter:
    """A directory written file by file as its contents are produced (a build of many editions never
    holds all its output), then swapped in place of `target` in one step by `commit`. On an error, or
    when the block ends without `commit`, the staging tree is removed and `target` is unchanged."""

    def __init__(self, target: Path) -> None:
        # a link a person made (kb/generated kept on another disk) is kept: the tree it points to is
        # replaced, all or nothing
        self.target = Path(target).resolve() if Path(target).is_symlink() else Path(target)
        self.handles: dict[str, TextIO] = {}
        try:
            self.target.parent.mkdir(parents=True, exist_ok=True)
            recover(self.target)
            remove_stale(self.target)
            prefix = f".{self.target.name}-{os.getpid()}-"
            self.staging = Path(tempfile.mkdtemp(prefix=prefix, dir=self.target.parent))
            self.staging.chmod(0o755)
        except OSError as exc:
            raise _cannot_write(self.target, exc) from None

    def __enter__(self) -> TreeWriter:
        return self

    def __exit__(self, *_: object) -> None:
        for handle in self.handles.values():
            handle.close()
        shutil.rmtree(self.staging, ignore_errors=True)  # after commit it holds the previous tree

    def add(self, name: str, text: str) -> None:
        """Append `text` to file `name` of the tree (opened on first use)."""
        try:
            handle = self.handles.get(name)
            if handle is None:
                path = self.staging / name
                path.parent.mkdir(parents=True, exist_ok=True)
                handle = self.handles[name] = open(path, "w", encoding="utf-8")  # noqa: SIM115
            handle.write(text)
        except OSError as exc:
            raise _cannot_write(self.target, exc) from None

    def close(self, name: str) -> None:
        """File `name` is complete: flushed to disk."""
        handle = self.handles.pop(name)
        try:
            handle.flush()
            os.fsync(handle.fileno())
            handle.close()
        except OSError as exc:
            raise _cannot_write(self.target, exc) from None

    def write(self, name: str, text: str) -> None:
        self.add(name, text)
        self.close(name)

    def spool(self) -> Spool:
        """A scratch file for pieces produced out of their final order (gone when the process ends)."""
        return Spool(self)

    def commit(self) -> None:
        for name in list(self.handles):
            self.close(name)
        try:
            swap_in(self.staging, self.target)
        except OSError as exc:
            raise _cannot_write(self.target, exc) from None


class Spool:
    """Pieces of text kept on disk under sort keys and copied out in key order (pieces with equal
    keys in the order they came): for files whose order is not the order the build produces them."""

    def __init__(self, tree: TreeWriter) -> None:
        self.tree = tree
        try:
            self.file = tempfile.TemporaryFile(dir=tree.staging)  # noqa: SIM115 (unnamed, outlives this call)
        except OSError as exc:
            raise _cannot_write(tree.target, exc) from None
        self.index: list[tuple[Any, int, int]] = []
        self.size = 0

    def add(self, key: Any, text: str) -> None:
        data = text.encode("utf-8")
        try:
            self.file.write(data)
        except OSError as exc:
            raise _cannot_write(self.tree.target, exc) from None
        self.index.append((key, self.size, len(data)))
        self.size += len(data)

    def copy_to(self, name: str) -> None:
        """Append every piece, in key order, to file `name` of the tree."""
        try:
            self.file.flush()
            for _, offset, length in sorted(self.index, key=lambda entry: entry[0]):
                self.file.seek(offset)
                self.tree.add(name, self.file.read(length).decode("utf-8"))
        except OSError as exc:
            raise _cannot_write(self.tree.target, exc) from None
        finally:
            self.file.close()


def _cannot_write(target: Path, exc: OSError) -> InputError:
    reason = exc.strerror or str(exc)
    return InputError(target, None, f"cannot write ({reason}); kb/generated is unchanged")


def swap_in(staging: Path, target: Path) -> None:
    """Put directory `staging` at `target` atomically; afterwards `staging` holds the old tree
    (or is empty). Used for kb/generated and for the built site."""
    if not target.exists():
        os.rename(staging, target)
        staging.mkdir()
        return
    if _exchange(staging, target):
        return
    old = target.with_name(f".{target.name}-old-{os.getpid()}-{staging.name.rsplit('-', 1)[-1]}")
    os.rename(target, old)
    try:
        os.rename(staging, target)
    except OSError:
        os.rename(old, target)
        raise
    os.rename(old, staging)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two paths (Linux renameat2); False where that is not available."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def recover(target: Path) -> bool:
    """Put back the previous tree when a writer was killed between its two renames."""
    if target.exists() or not target.parent.is_dir():
        return False
    olds = sorted(
        (p for p in target.parent.glob(f".{target.name}-old-*") if p.is_dir()),
        key=lambda p: p.stat().st_mtime,
    )
    if not olds:
        return False
    os.rename(olds[-1], target)
    return True


def remove_stale(target: Path) -> list[Path]:
    """Remove staging and old trees left by writers that were killed (their process is gone)."""
    removed: list[Path] = []
    if not target.parent.is_dir():
        return removed
    pattern = re.compile(rf"^\.{re.escape(target.name)}-(?:old-)?(\d+)-")
    legacy = re.compile(rf"^\.{re.escape(target.name)}[-.](?:[a-z0-9_]{{8}}|old-\d+)$")  # before pids
    for path in sorted(target.parent.glob(f".{target.name}[-.]*")):
        match = pattern.match(path.name)
        if not path.is_dir():
            continue
        if (
            match
            and not _alive(int(match.group(1)))
            or (legacy.match(path.name) and time.time() - path.stat().st_mtime > LEGACY_AGE)
        ):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def remove_orphans(folder: Path, prefix: str) -> list[Path]:
    """Remove the temporary directories `<prefix><pid>-*` in `folder` whose process is gone (a run
    killed before its own clean-up); those of running processes are left alone."""
    removed: list[Path] = []
    pattern = re.compile(rf"^{re.escape(prefix)}(\d+)-")
    with contextlib.suppress(OSError):
        for path in sorted(Path(folder).glob(f"{prefix}*")):
            match = pattern.match(path.name)
            if match and path.is_dir() and not path.is_symlink() and not _alive(int(match.group(1))):
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
    return removed


# ------------------------------------------------------------------------------------------ reading


def read_generated(kb_dir: Path, name: str) -> Any:
    """A file of kb/generated as plain data, or an input error telling to build first (or again).

    Kept for the readers not yet moved to `read_kb`'s typed rows."""
    return read_kb(kb_dir).document(name)


def read_provisions(kb_dir: Path, edition: str | None = None) -> dict[str, list[dict[str, object]]]:
    """Provisions per edition from kb/generated as plain data, in edition in-force order.

    Kept for the readers not yet moved to `read_kb(...).provisions`."""
    documents = read_kb(kb_dir).provision_documents(edition)
    return {str(d["edition"]): d["provisions"] for d in documents}
