"""The Apertium translation cache is read again when another process has written it since."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from extract.text import translate


def test_a_cache_file_written_by_another_process_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CHESSLAWS_CACHE_DIR", str(tmp_path))
    mode = "test-mode-that-does-not-exist"
    monkeypatch.setattr(translate, "_CACHE", {})
    monkeypatch.setattr(translate, "_LOADED", {})
    translate._load_disk(mode)  # no file yet: nothing known
    assert translate._CACHE == {}
    path = translate.cache_file(mode)
    path.write_text(json.dumps({"en sætning": "en mening"}), encoding="utf-8")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    translate._load_disk(mode)  # the diff process wrote it meanwhile
    assert {(mode, "en sætning"): "en mening"} == translate._CACHE
    translate._load_disk(mode)  # unchanged: not read again
    path.write_text(json.dumps({"to": "två"}), encoding="utf-8")
    os.utime(path, ns=(2_000_000_000, 2_000_000_000))
    translate._load_disk(mode)
    assert translate._CACHE[(mode, "to")] == "två"
