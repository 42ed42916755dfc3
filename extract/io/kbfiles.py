"""kb/generated on disk: deterministic YAML, an atomic writer, and the readers every stage shares.

The writer puts every file into a staging directory `kb/.generated-<pid>-*` beside the target and
then swaps it in with ONE atomic step: `renameat2(RENAME_EXCHANGE)` on Linux exchanges the two
directories, so kb/generated is at every instant either the complete old tree or the complete new
one (kb/generated stays a plain directory, as git wants it). Where the exchange is not available
(another OS, a file system without it), the old tree is first renamed to `kb/.generated-old-<pid>`
and the next writer puts it back if a kill came between the two renames. Staging and
old trees of processes that no longer run are removed by the next build.

Readers check each file's shape, so a damaged file (merge-conflict markers, emptied, truncated) is
one line saying so and what to do, never a traceback from deep inside a later stage.
"""

from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

from extract.io.yamlfile import load_yaml
from extract.model import InputError
from extract.model.vocab import KINDS, METHODS

GENERATED = "generated"
REBUILD = "run 'chesslaws build'"
LEGACY_AGE = 3600  # seconds: staging trees named without a pid are stale after an hour
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100

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
# Fields whose values come from a closed vocabulary (extract/model/vocab.py): file -> (key, values).
_VOCABULARY: dict[str, tuple[str, tuple[str, ...]]] = {
    "alignment.yaml": ("method", METHODS),
    "provisions": ("kind", KINDS),
}


_DUMPER: Any = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's emitter, ~10x faster


def dump_yaml(data: object) -> str:
    """YAML the same way every time: sorted keys, unicode kept, no line folding (safe types only)."""
    text: str = yaml.dump(
        data, Dumper=_DUMPER, allow_unicode=True, sort_keys=True, width=10_000, default_flow_style=False
    )
    return text


# ------------------------------------------------------------------------------------------ writing


def write_tree_atomically(target: Path, files: dict[str, str]) -> None:
    """Write all files into a fresh directory, then swap it in place of `target` in one step."""
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        recover(target)
        remove_stale(target)
        staging = Path(tempfile.mkdtemp(prefix=f".{target.name}-{os.getpid()}-", dir=target.parent))
    except OSError as exc:
        raise _cannot_write(target, exc) from None
    try:
        staging.chmod(0o755)
        for name, text in sorted(files.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        swap_in(staging, target)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise _cannot_write(target, exc) from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(staging, ignore_errors=True)  # now holds the previous tree


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
    legacy = re.compile(rf"^\.{re.escape(target.name)}-(?:[a-z0-9_]{{8}}|old-\d+)$")  # before pids
    for path in sorted(target.parent.glob(f".{target.name}-*")):
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


# ------------------------------------------------------------------------------------------ reading


def is_generated(path: Path) -> bool:
    """Whether `path` is a file of a kb/generated tree (its top level or provisions/)."""
    parent = Path(path).parent
    return parent.name == GENERATED or (parent.name == "provisions" and parent.parent.name == GENERATED)


def load_generated_path(path: Path) -> Any:
    """One file of kb/generated, checked for damage against the shape `chesslaws build` writes."""
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


def _check_shape(path: Path, kind: str, data: Any) -> None:
    def damaged(what: str) -> InputError:
        return InputError(path, None, f"damaged ({what}); {REBUILD}")

    if data is None:
        raise damaged("empty file")
    if kind in _ROWS:
        if not isinstance(data, list):
            raise damaged("expected a list of rows")
        for number, row in enumerate(data, start=1):
            if not isinstance(row, dict) or any(key not in row for key in _ROWS[kind]):
                raise damaged(f"row {number} lacks {', '.join(_ROWS[kind])}")
    elif kind in _DOCUMENTS:
        if not isinstance(data, dict) or any(key not in data for key in _DOCUMENTS[kind]):
            raise damaged(f"expected a mapping with {', '.join(_DOCUMENTS[kind])}")
        if kind == "provisions":
            items = data["provisions"]
            if not isinstance(items, list) or not items:
                raise damaged("no provisions")
            for number, item in enumerate(items, start=1):
                if not isinstance(item, dict) or any(key not in item for key in _PROVISION_KEYS):
                    raise damaged(f"provision {number} lacks {', '.join(_PROVISION_KEYS)}")
    if kind in _VOCABULARY:
        key, known = _VOCABULARY[kind]
        rows = data["provisions"] if kind == "provisions" else data
        for number, row in enumerate(rows, start=1):
            if row[key] not in known:
                raise damaged(f"row {number}: unknown {key} {row[key]!r} (known: {', '.join(known)})")


def read_generated(kb_dir: Path, name: str) -> Any:
    """A file of kb/generated, or an input error telling to build first (or again, if damaged)."""
    return load_generated_path(Path(kb_dir) / GENERATED / name)


def read_provisions(kb_dir: Path, edition: str | None = None) -> dict[str, list[dict[str, object]]]:
    """Provisions per edition from kb/generated, in edition in-force order."""
    folder = Path(kb_dir) / GENERATED / "provisions"
    if not folder.is_dir():
        raise InputError(folder, None, f"no generated provisions here; {REBUILD} first")
    documents = [load_generated_path(path) for path in sorted(folder.glob("*.yaml"))]
    documents.sort(key=lambda d: (str(d["in_force"]), str(d["edition"])))
    found = {d["edition"]: d["provisions"] for d in documents if edition in (None, d["edition"])}
    if edition is not None and not found:
        known = ", ".join(d["edition"] for d in documents)
        raise InputError(folder, None, f"unknown edition '{edition}' (known: {known})")
    return found
