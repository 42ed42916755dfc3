"""Where chesslaws may write: never over the project or its data, never over what it did not create."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from extract.model import InputError

STAMP = ".chesslaws-site"  # marks a directory `chesslaws site` created; only such a directory is replaced
STAMP_TEXT = "Written by `chesslaws site`; the next `chesslaws site --out` may replace this directory.\n"


def _overlaps(path: Path, other: Path) -> bool:
    return path == other or other.is_relative_to(path) or path.is_relative_to(other)


def check_output_dir(out: Path, protected: Iterable[Path], project: Path) -> Path:
    """The resolved `out` if chesslaws may replace it, else InputError (nothing touched).

    `out` may be missing, an empty directory, or a directory an earlier `chesslaws site` stamped.
    It may not equal, contain or lie inside a protected directory (corpus/, kb/, site/), and may
    not equal or contain the project itself.
    """
    target = out.resolve()
    project = project.resolve()
    if target == project or project.is_relative_to(target):
        raise InputError(out, None, "refusing to write the site over the project or a parent of it")
    for guarded in protected:
        guarded = guarded.resolve()
        if _overlaps(target, guarded):
            raise InputError(out, None, f"refusing to write the site over or inside {guarded}")
    if target.exists() or target.is_symlink():
        if not target.is_dir():
            raise InputError(out, None, "exists and is not a directory; refusing to replace it")
        if any(target.iterdir()) and not (target / STAMP).is_file():
            raise InputError(
                out, None, f"directory is not empty and was not created by chesslaws (no {STAMP}); refusing"
            )
    return target


def check_pages_dir(site_dir: Path, protected: Iterable[Path], project: Path) -> Path:
    """The resolved docs dir if generated pages may be written there, else InputError."""
    target = site_dir.resolve()
    project = project.resolve()
    if project.is_relative_to(target):
        raise InputError(site_dir, None, "refusing to write pages into the project or a parent of it")
    for guarded in protected:
        guarded = guarded.resolve()
        if _overlaps(target, guarded):
            raise InputError(site_dir, None, f"refusing to write pages over or inside {guarded}")
    if target.exists() and not target.is_dir():
        raise InputError(site_dir, None, "exists and is not a directory")
    return target


def check_kb_dir(kb_dir: Path) -> None:
    """A KB directory must exist and hold curated rules before anything is built into it."""
    if not kb_dir.is_dir():
        raise InputError(kb_dir, None, "KB directory does not exist (expected rules/, terms.yaml, ...)")
    if not (kb_dir / "rules").is_dir():
        raise InputError(kb_dir, None, "not a KB directory: it has no rules/ folder of curated rules")
