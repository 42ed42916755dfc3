"""Where chesslaws may write: never over the project or its data, never over what it did not create."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

from extract.io.kbfiles import remove_orphans
from extract.model import InputError

STAMP = ".chesslaws-site"  # marks a directory `chesslaws site` created; only such a directory is replaced
STAMP_TEXT = "Written by `chesslaws site`; the next `chesslaws site --out` may replace this directory.\n"


def _overlaps(path: Path, other: Path) -> bool:
    return path == other or other.is_relative_to(path) or path.is_relative_to(other)


def check_output_dir(
    out: Path, protected: Iterable[Path], project: Path, stamp: str = STAMP, what: str = "the site"
) -> Path:
    """The resolved `out` if chesslaws may replace it, else InputError (nothing touched).

    `out` may be missing, an empty directory, or a directory an earlier run stamped with `stamp`.
    It may not equal, contain or lie inside a protected directory (corpus/, kb/, site/), and may
    not equal or contain the project itself.
    """
    target = out.resolve()
    project = project.resolve()
    if target == project or project.is_relative_to(target):
        raise InputError(out, None, f"refusing to write {what} over the project or a parent of it")
    for guarded in protected:
        guarded = guarded.resolve()
        if _overlaps(target, guarded):
            raise InputError(out, None, f"refusing to write {what} over or inside {guarded}")
    if target.exists() or target.is_symlink():
        if not target.is_dir():
            raise InputError(out, None, "exists and is not a directory; refusing to replace it")
        if any(target.iterdir()) and not (target / stamp).is_file():
            raise InputError(
                out, None, f"directory is not empty and was not created by chesslaws (no {stamp}); refusing"
            )
    return target


def replace_tree(target: Path, files: dict[str, bytes]) -> None:
    """Make `target` (checked by check_output_dir) hold exactly `files` (relative path -> bytes):
    written into a fresh folder beside it first, then swapped in, so a failure leaves it as it was."""
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.chesslaws-", dir=target.parent))
    try:
        for relative, content in files.items():
            path = staging / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        staging.chmod(0o777 & ~_umask())
        old = target.with_name(f".{target.name}.chesslaws-old-{os.getpid()}")
        if target.exists():
            os.replace(target, old)
        os.replace(staging, target)
        shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


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
    if (
        target.is_dir()
        and not target.is_relative_to(project)
        and any(target.iterdir())
        and not (target / PAGES_MANIFEST).is_file()
        and not any(target.glob("*.md"))
    ):
        raise InputError(
            site_dir,
            None,
            f"refusing to write pages into a folder outside the project ({project}) that holds files but "
            f"no Markdown page and no {PAGES_MANIFEST} of an earlier 'chesslaws site': not a docs folder",
        )
    return target


def check_kb_dir(kb_dir: Path) -> None:
    """A KB directory must exist and hold curated rules before anything is built into it."""
    if not kb_dir.is_dir():
        raise InputError(kb_dir, None, "KB directory does not exist (expected rules/, terms.yaml, ...)")
    if not (kb_dir / "rules").is_dir():
        raise InputError(kb_dir, None, "not a KB directory: it has no rules/ folder of curated rules")


SITE_TEMP = "chesslaws-site-"  # + pid: the rendering copy of site/ in the temporary directory


def stage_pages(site_dir: Path) -> Path:
    """A temporary copy of the docs dir to render into; site/ itself is touched only on success."""
    remove_orphans(Path(tempfile.gettempdir()), SITE_TEMP)
    staging = Path(tempfile.mkdtemp(prefix=f"{SITE_TEMP}{os.getpid()}-"))
    docs = staging / "docs"
    if site_dir.is_dir():
        shutil.copytree(site_dir, docs, symlinks=True)
    else:
        docs.mkdir()
    return docs


def publish_pages(docs: Path, site_dir: Path) -> int:
    """Make site_dir's generated pages what they are in the rendered copy `docs`.

    The pages are those the manifest of `docs` lists (render_site writes it); a changed page is
    replaced atomically, an unchanged one is left alone. A page the previous manifest of site_dir
    lists that the render dropped is removed only while it still holds what chesslaws wrote (a page
    a person edited is theirs now). Nothing else in site_dir is ever touched: hand-written pages
    are not in any manifest. Returns the number of files written or removed.
    """
    wanted = read_manifest(docs) or {}
    previous = read_manifest(site_dir) or {}
    changed = 0
    for relative in sorted(wanted):
        new, old = docs / relative, site_dir / relative
        if old.is_file() and old.read_bytes() == new.read_bytes():
            continue
        _replace(new, old)
        changed += 1
    for relative in sorted(set(previous) - set(wanted)):
        if ours(site_dir, relative, previous, unchanged=True):
            (site_dir / relative).unlink()
            changed += 1
    if (docs / PAGES_MANIFEST).is_file():
        _replace(docs / PAGES_MANIFEST, site_dir / PAGES_MANIFEST)
    return changed


def _replace(new: Path, old: Path) -> None:
    old.parent.mkdir(parents=True, exist_ok=True)
    partial = old.with_name(f".{old.name}.chesslaws-{os.getpid()}")
    shutil.copyfile(new, partial)
    os.replace(partial, old)


# The list of files `chesslaws site` wrote into the docs dir, each with the SHA-256 of what it wrote
# (`<hash>  <path>` lines, like sha256sum). Only listed files are ever replaced or removed.
PAGES_MANIFEST = ".chesslaws-pages"


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_manifest(site_dir: Path) -> dict[str, str] | None:
    """Relative path -> hash of every page chesslaws wrote into `site_dir`; None without a manifest
    (a docs dir no `chesslaws site` of this version has written into)."""
    path = Path(site_dir) / PAGES_MANIFEST
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(path, None, f"cannot read the list of generated pages ({exc}); delete it") from None
    listed: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        digest, _, relative = line.partition("  ")
        parts = PurePosixPath(relative).parts
        if len(digest) != 64 or not parts or ".." in parts or PurePosixPath(relative).is_absolute():
            raise InputError(path, number, "damaged list of generated pages; delete it and run again")
        listed[relative] = digest
    return listed


def write_manifest(site_dir: Path, files: Iterable[Path]) -> None:
    """List `files` (paths under site_dir) as the pages chesslaws wrote there."""
    site_dir = Path(site_dir)
    lines = sorted(f"{file_hash(p)}  {p.relative_to(site_dir).as_posix()}" for p in files)
    (site_dir / PAGES_MANIFEST).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def ours(site_dir: Path, relative: str, manifest: dict[str, str] | None, *, unchanged: bool = False) -> bool:
    """Whether chesslaws wrote `relative` in site_dir (per `manifest`), and with `unchanged`, whether
    it still holds what was written. A missing file is never ours to remove."""
    path = Path(site_dir) / relative
    if manifest is None or relative not in manifest or not path.is_file():
        return False
    return not unchanged or file_hash(path) == manifest[relative]


def _files(path: Path) -> list[Path]:
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else []


def check_writable(out: Path) -> None:
    """Fail before any long work when `out` (or the folder that would hold it) cannot be written."""
    folder = out
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise InputError(out, None, f"cannot write here: {folder} is not a directory")
    try:
        Path(tempfile.mkdtemp(prefix=".chesslaws-probe-", dir=folder)).rmdir()
    except OSError as exc:
        raise InputError(out, None, f"cannot write here ({exc.strerror or exc})") from None
