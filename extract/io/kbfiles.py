"""kb/generated on disk: deterministic YAML, an atomic writer, and the readers every stage shares."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml

from extract.model import InputError

GENERATED = "generated"


def dump_yaml(data: object) -> str:
    """YAML the same way every time: sorted keys, unicode kept, no line folding."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=True, width=10_000, default_flow_style=False)


def write_tree_atomically(target: Path, files: dict[str, str]) -> None:
    """Write all files into a fresh directory, then swap it in place of `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".generated-", dir=target.parent))
    staging.chmod(0o755)
    try:
        for name, text in sorted(files.items()):
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        old = None
        if target.exists():
            old = target.with_name(f".{target.name}-old-{os.getpid()}")
            target.rename(old)
        staging.rename(target)
        if old is not None:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where present: same data, ~10x faster


def read_generated(kb_dir: Path, name: str) -> Any:
    """A file of kb/generated, or an input error telling to build first."""
    path = kb_dir / GENERATED / name
    if not path.exists():
        raise InputError(path, None, "not built yet; run 'chesslaws build' first")
    return yaml.load(path.read_text(encoding="utf-8"), Loader=FAST_LOADER)


def read_provisions(kb_dir: Path, edition: str | None = None) -> dict[str, list[dict[str, object]]]:
    """Provisions per edition from kb/generated, in edition in-force order."""
    folder = kb_dir / GENERATED / "provisions"
    if not folder.is_dir():
        raise InputError(folder, None, "no generated provisions here; run 'chesslaws build' first")
    documents = []
    for path in sorted(folder.glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        documents.append(document)
    documents.sort(key=lambda d: (d["in_force"], d["edition"]))
    found = {d["edition"]: d["provisions"] for d in documents if edition in (None, d["edition"])}
    if edition is not None and not found:
        known = ", ".join(d["edition"] for d in documents)
        raise InputError(folder, None, f"unknown edition '{edition}' (known: {known})")
    return found
