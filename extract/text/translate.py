"""Machine translation between the Scandinavian languages through Apertium (Debian packages).

Apertium is rule-based and deterministic: `apertium -u nob-dan` reads text on stdin and writes the
Danish translation (`-u`: unknown words are passed through unmarked). The diff translates one
edition's sentences into the other edition's language and compares words in one language.

One apertium process per batch (a whole edition pair at once, never one per sentence); results are
kept in memory and in a cache file per mode (`cache_file`), so a sentence is translated once, not
once per diff. Without the packages `available_mode` is None and callers degrade (the diff says so
in one line). CHESSLAWS_NO_APERTIUM=1 hides Apertium even where it is installed (tests, timing).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

# ISO 639-1 (as in corpus/editions.yaml) -> Apertium's ISO 639-3 codes.
APERTIUM_CODES = {"da": "dan", "nb": "nob", "no": "nob", "nn": "nno", "sv": "swe", "en": "eng"}
SCANDINAVIAN = {"da", "nb", "nn", "no", "sv"}  # the languages whose editions are compared through Apertium
MODE_DIRS = (Path("/usr/share/apertium/modes"), Path("/usr/local/share/apertium/modes"))
INSTALL_HINT = "apt-get install -y apertium apertium-dan-nor apertium-swe-dan apertium-swe-nor"
# A line of its own between texts: an unknown word (passed through by -u) spelling the text's index
# in letters (digits get reordered by some pairs); the dot ends the unit, else apertium chains the
# lines into one long chunk and slows down a hundredfold.
_MARK_WORD = re.compile(r"^Zqxj([a-z]{4})\.?$")


def _mark(i: int) -> str:
    letters = ""
    for _ in range(4):
        i, r = divmod(i, 26)
        letters = chr(97 + r) + letters
    return f"Zqxj{letters}."


def _unmark(line: str) -> int | None:
    match = _MARK_WORD.match(line)
    if match is None:
        return None
    value = 0
    for ch in match.group(1):
        value = value * 26 + ord(ch) - 97
    return value


_CACHE: dict[tuple[str, str], str] = {}
_LOADED: dict[str, int | None] = {}  # mode -> the cache file's mtime (ns) when it was read


def cache_file(mode: str) -> Path:
    """Where translations of one mode are kept between runs (CHESSLAWS_CACHE_DIR, else
    $XDG_CACHE_HOME/chesslaws or ~/.cache/chesslaws): a JSON object text -> translation."""
    root = os.environ.get("CHESSLAWS_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "chesslaws"
    )
    return Path(root) / f"apertium-{mode}.json"


def _load_disk(mode: str) -> None:
    """Read the mode's cache file, again whenever it changed since: another process (the diffs run
    in a second one while this one lints) may have translated what this one is about to ask."""
    try:
        stamp: int | None = cache_file(mode).stat().st_mtime_ns
    except OSError:
        stamp = None
    if mode in _LOADED and _LOADED[mode] == stamp:
        return
    _LOADED[mode] = stamp
    try:
        stored = json.loads(cache_file(mode).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if isinstance(stored, dict):
        for source, target in stored.items():
            if isinstance(source, str) and isinstance(target, str):
                _CACHE.setdefault((mode, source), target)


def _save_disk(mode: str) -> None:
    """Best effort (a read-only home only costs time): written whole, atomically."""
    path = cache_file(mode)
    data = {source: target for (m, source), target in _CACHE.items() if m == mode}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        return


def apertium_binary() -> str | None:
    """The apertium program, or None when absent or switched off (CHESSLAWS_NO_APERTIUM=1)."""
    if os.environ.get("CHESSLAWS_NO_APERTIUM", "") not in ("", "0"):
        return None
    return shutil.which("apertium")


def installed_modes() -> set[str]:
    """Names of the installed translation modes (`nob-dan`, `swe-dan`, ...)."""
    if apertium_binary() is None:
        return set()
    found: set[str] = set()
    for folder in MODE_DIRS:
        if folder.is_dir():
            found |= {p.stem for p in folder.glob("*.mode")}
    return found


def available_mode(source: str, target: str) -> str | None:
    """The Apertium mode translating language `source` into `target`, if installed."""
    a, b = APERTIUM_CODES.get(source), APERTIUM_CODES.get(target)
    if a is None or b is None or a == b:
        return None
    mode = f"{a}-{b}"
    return mode if mode in installed_modes() else None


def mode_file(mode: str) -> Path | None:
    """The installed `<mode>.mode` file (the pipeline apertium runs), or None."""
    return next(
        (folder / f"{mode}.mode" for folder in MODE_DIRS if (folder / f"{mode}.mode").is_file()), None
    )


_QUOTED = re.compile(r"'(/[^']+)'")
_PROGRAM = re.compile(r"(?:^|\|)\s*([A-Za-z][\w.+-]*)")


@cache
def mode_fingerprint(mode: str) -> str | None:
    """What identifies the installed Apertium of `mode` (its version, in effect): a hash of the mode's
    pipeline, of every data file it names and of every program it runs. The same fingerprint gives
    the same translations (Apertium is deterministic). None when the mode is not installed."""
    path = mode_file(mode) if mode in installed_modes() else None
    if path is None:
        return None
    pipeline = path.read_text(encoding="utf-8")
    digest = hashlib.blake2b(pipeline.encode("utf-8"), digest_size=16)
    names = ["apertium", "apertium-destxt", "apertium-retxt", *_PROGRAM.findall(pipeline)]
    programs = [shutil.which(name) or name for name in dict.fromkeys(names)]
    for part in [*_QUOTED.findall(pipeline), *programs]:
        digest.update(b"\0" + part.encode("utf-8") + b"\0")
        try:
            digest.update(Path(part).read_bytes())
        except OSError:
            digest.update(b"absent")
    return digest.hexdigest()


def remember_translations(mode: str, translations: dict[str, str]) -> None:
    """Translations made earlier with the same installed Apertium (a store whose fingerprint is that
    of `mode`): `translate` then runs apertium only for the texts they lack."""
    for source, target in translations.items():
        _CACHE.setdefault((mode, " ".join(source.split())), target)


def translation_direction(old: str, new: str) -> tuple[str, str, str] | None:
    """(mode, from, to) for comparing editions in languages `old` and `new`: the old side is
    translated into the new side's language when that pair exists, else the other way round."""
    for source, target in ((old, new), (new, old)):
        mode = available_mode(source, target)
        if mode is not None:
            return mode, source, target
    return None


def translate(texts: list[str], mode: str) -> list[str]:
    """Each text translated with `mode`, in one apertium process for all texts not yet cached.

    Line breaks inside a text become spaces (one text per line). Raises RuntimeError when apertium
    fails or returns something that cannot be split back into the texts.
    """
    binary = apertium_binary()
    if binary is None:
        raise RuntimeError("apertium is not installed")
    flat = [" ".join(t.split()) for t in texts]
    _load_disk(mode)
    todo = sorted({t for t in flat if t and (mode, t) not in _CACHE})
    if todo:
        lines = []
        for i, text in enumerate(todo):
            lines += [_mark(i), text]
        lines.append(_mark(len(todo)))
        done = subprocess.run(
            [binary, "-u", mode],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(f"apertium {mode} failed: {done.stderr.strip()[:200]}")
        out = _split(done.stdout, len(todo))
        for source, target in zip(todo, out, strict=True):
            _CACHE[(mode, source)] = target
        _save_disk(mode)
    return [_CACHE.get((mode, t), "") if t else "" for t in flat]


def _split(output: str, count: int) -> list[str]:
    parts: list[str] = [""] * count
    current: int | None = None
    for line in output.split("\n"):
        stripped = line.strip()
        index = _unmark(stripped)
        if index is not None:
            current = index
            if current > count:
                raise RuntimeError("apertium output does not match its input")
            current = None if current == count else current
            continue
        if current is not None and stripped:
            parts[current] = f"{parts[current]} {stripped}".strip()
    return parts
