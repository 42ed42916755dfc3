"""Derived results cached by a hash of everything they are computed from (never committed).

`inputs_key` hashes the files under some folders (names and bytes), the package's own code, the
versions of the libraries whose data decides results (`LIBRARIES`) and any
extra text (settings that change results, such as whether Apertium is installed); `remember` returns
the cached result for that key or computes and stores it. The store is the YAML cache's folder
(`$CHESSLAWS_CACHE`, 'off' disables), so an edited text, KB file or module simply misses.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import TypeVar, cast

from extract.io.yamlfile import MISS, cache_read, cache_write

T = TypeVar("T")
PACKAGE = Path(__file__).resolve().parents[1]


@cache
def code_digest() -> str:
    """A hash of the package's modules and data files: a code change invalidates derived results."""
    digest = hashlib.blake2b(digest_size=20)
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".yaml", ".j2", ".js", ".css"):
            digest.update(str(path.relative_to(PACKAGE)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


# the libraries whose data decides results (ICU's word breaks and sentence terminators, CLDR's names,
# spaCy's lemma tables, python-chess): installing or upgrading one invalidates derived results
LIBRARIES = ("icu", "babel", "spacy", "spacy_lookups_data", "chess")


@cache
def libraries_digest() -> str:
    """Where each of `LIBRARIES` is installed and when (its module file's path, size and time; "none"
    when absent): cheaper than reading package metadata on every quick question."""
    from importlib.util import find_spec

    found = []
    for name in LIBRARIES:
        spec = find_spec(name)
        origin = Path(spec.origin) if spec is not None and spec.origin else None
        if origin is None or not origin.is_file():
            found.append(f"{name}=none")
            continue
        stat = origin.stat()
        found.append(f"{name}={origin}:{stat.st_size}:{stat.st_mtime_ns}")
    return ",".join(found)


def inputs_key(kind: str, folders: Iterable[Path], extra: Iterable[str] = ()) -> str:
    """The key of a result of `kind` computed from every file under `folders` plus `extra`."""
    digest = hashlib.blake2b(f"{kind}|{code_digest()}|{libraries_digest()}".encode(), digest_size=20)
    for folder in folders:
        root = Path(folder)
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes())
    for text in extra:
        digest.update(b"\0" + text.encode())
    return f"{kind}-{digest.hexdigest()}"


def remember(key: str, compute: Callable[[], T]) -> T:
    """The cached result for `key`, else `compute()` stored under it (best effort)."""
    found = cache_read(key)
    if found is not MISS:
        return cast(T, found)  # what was stored under this key is what compute() returned
    result = compute()
    cache_write(key, result)
    return result
