"""Apertium's translations of the sentences the edition diffs translate, kept in kb/apertium/ and
committed: a fresh clone then compares the Scandinavian editions without running Apertium.

`chesslaws build` writes kb/apertium/<mode>.yaml where Apertium is installed: the sentences of the
editions that mode translates (the side `translation_direction` picks for every pair of editions in
two Scandinavian languages), each with its translation, and the fingerprint of the installed mode
(its pipeline, data files and programs: extract.text.translate.mode_fingerprint). Apertium runs
only for the sentences the file lacks. Without Apertium the folder is left as it is: kb/generated
never depends on it.

Readers (the diffs) use a file only when its fingerprint is the installed mode's; for another
version, a damaged file or a sentence it lacks, Apertium runs as before. The files are derived data
like kb/generated (never edited by hand); a missing or stale one only costs time.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from extract.io.kbfiles import dump_yaml
from extract.io.yamlfile import load_yaml
from extract.model import InputError
from extract.text.sentences import split_sentences
from extract.text.translate import (
    SCANDINAVIAN,
    installed_modes,
    mode_fingerprint,
    remember_translations,
    translate,
    translation_direction,
)

STORE = "apertium"  # kb/<STORE>/<mode>.yaml


def translated_sides(editions: Iterable[tuple[str, str, str]]) -> list[tuple[str, str]]:
    """(mode, edition) for every edition a diff translates: of each pair of editions, given as
    (id, language, in force), in two Scandinavian languages, the side `translation_direction`
    translates (the older one where its mode is installed), with that mode."""
    ordered = sorted(editions, key=lambda e: (e[2] or "", e[0]))
    sides: list[tuple[str, str]] = []
    for i, (a, la, _) in enumerate(ordered):
        for b, lb, _ in ordered[i + 1 :]:
            if la == lb or la not in SCANDINAVIAN or lb not in SCANDINAVIAN:
                continue
            direction = translation_direction(la, lb)
            if direction is not None:
                mode, source, _ = direction
                side = (mode, b if source == lb else a)
                sides += [side] if side not in sides else []
    return sides


CLAUSE_END = re.compile(r"(?<=;)\s+")  # where the aligned-segment downloads may cut a sentence


def sentence_texts(texts: Iterable[str], language: str) -> set[str]:
    """The sentences of provision texts as the diffs translate them (split as they split them, on one
    line), and the clauses of each sentence that has several (extract/reports/segments.py)."""
    found: set[str] = set()
    for text in texts:
        for sentence in split_sentences(text, language):
            clauses = CLAUSE_END.split(sentence.text)
            for part in [sentence.text, *(clauses if len(clauses) > 1 else [])]:
                flat = " ".join(part.split())
                if flat:
                    found.add(flat)
    return found


def _stored(path: Path, fingerprint: str) -> dict[str, str]:
    """The translations of a store file made with the installed mode; empty otherwise."""
    try:
        data = load_yaml(path)
    except (InputError, OSError):
        return {}
    if not isinstance(data, dict) or data.get("apertium") != fingerprint:
        return {}
    translations = data.get("translations")
    if not isinstance(translations, dict):
        return {}
    return {k: v for k, v in translations.items() if isinstance(k, str) and isinstance(v, str)}


def update_store(kb_dir: Path, wanted: Mapping[str, set[str]]) -> list[str]:
    """Write kb/apertium/<mode>.yaml for every installed mode of `wanted` (mode -> sentences): the
    stored translations still valid, Apertium for the rest (one process per mode, all at once).
    Returns the modes whose file changed; without Apertium, nothing is written."""
    if not installed_modes():
        return []
    folder = Path(kb_dir) / STORE
    fingerprints = {mode: fp for mode in sorted(wanted) if (fp := mode_fingerprint(mode)) is not None}
    stored = {mode: _stored(folder / f"{mode}.yaml", fp) for mode, fp in fingerprints.items()}
    for mode, translations in stored.items():
        remember_translations(mode, translations)
    changed = []
    with ThreadPoolExecutor(max_workers=max(1, len(fingerprints))) as pool:
        jobs = {mode: pool.submit(translate, sorted(wanted[mode]), mode) for mode in fingerprints}
        for mode, job in jobs.items():
            try:
                translations = dict(zip(sorted(wanted[mode]), job.result(), strict=True))
            except RuntimeError:  # apertium failed: the diffs meet it again and say so
                continue
            if translations == stored[mode]:
                continue  # the file holds exactly these (made with this Apertium)
            text = dump_yaml({"mode": mode, "apertium": fingerprints[mode], "translations": translations})
            if _write(folder / f"{mode}.yaml", text):
                changed.append(mode)
    return changed


def _write(path: Path, text: str) -> bool:
    """Replace `path` with `text` in one step when it differs; True when it did."""
    with contextlib.suppress(OSError):
        if path.read_text(encoding="utf-8") == text:
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
    return True


_LOADED: set[tuple[str, str, int]] = set()


def load_store(kb_dir: Path) -> None:
    """Hand the stored translations made with the installed Apertium to `translate` (once per file
    and process); files of another version are ignored."""
    folder = Path(kb_dir) / STORE
    if not folder.is_dir() or not installed_modes():
        return
    for path in sorted(folder.glob("*.yaml")):
        try:
            stamp = (str(path.resolve()), path.stem, path.stat().st_mtime_ns)
        except OSError:
            continue
        fingerprint = mode_fingerprint(path.stem)
        if stamp in _LOADED or fingerprint is None:
            continue
        _LOADED.add(stamp)
        remember_translations(path.stem, _stored(path, fingerprint))


class Wanted:
    """What a build collects for the store, edition by edition: mode -> the sentences it translates."""

    def __init__(self, editions: Iterable[tuple[str, str, str]]) -> None:
        self.sides = translated_sides(editions)
        self.texts: dict[str, set[str]] = {}

    def add(self, edition: str, language: str, rows: Iterable[Mapping[str, object]]) -> None:
        """The provisions (rows of kb/generated/provisions) of one edition, if a diff translates it."""
        modes = [mode for mode, side in self.sides if side == edition]
        if not modes:
            return
        texts = sentence_texts((str(r.get("text") or r.get("heading") or "") for r in rows), language)
        for mode in modes:
            self.texts.setdefault(mode, set()).update(texts)
