"""`--out`, `--site-dir` and `--kb` never write over what chesslaws did not create (issue: data loss)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from extract.cli import main


def fingerprint(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        digest.update(str(path.relative_to(root)).encode())
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A stand-in project: the refusals must happen before anything is read or written."""
    for folder in ("corpus", "kb/rules", "site", "extract", ".git"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "corpus" / "editions.yaml").write_text("[]\n")
    (tmp_path / "kb" / "terms.yaml").write_text("[]\n")
    (tmp_path / "site" / "about.md").write_text("# About\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n")
    (tmp_path / "afile").write_text("precious\n")
    (tmp_path / "foreign").mkdir()
    (tmp_path / "foreign" / "notes.txt").write_text("mine\n")
    return tmp_path


@pytest.mark.parametrize(
    "args",
    [
        ["site", "--out", "."],
        ["site", "--out", ".."],
        ["site", "--out", "corpus"],
        ["site", "--out", "kb"],
        ["site", "--out", "kb/generated"],
        ["site", "--out", "site"],
        ["site", "--out", "afile"],
        ["site", "--out", "foreign"],
        ["site", "--site-dir", "corpus"],
        ["site", "--site-dir", "kb"],
        ["site", "--site-dir", "."],
        ["build", "--kb", "nonexistent/kb"],
        ["build", "--kb", "corpus"],
    ],
)
def test_refuses_and_touches_nothing(project: Path, args: list[str]) -> None:
    before = fingerprint(project)
    cwd = Path.cwd()
    os.chdir(project)
    try:
        result = CliRunner().invoke(main, args)
    finally:
        os.chdir(cwd)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    message = result.stderr.strip().splitlines()
    assert len(message) == 1 and message[0].startswith("chesslaws: "), result.stderr
    assert fingerprint(project) == before
    assert not (project / "nonexistent").exists()


def test_disagreements_must_not_be_negative(project: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--disagreements", "-5", "--kb", str(project / "kb")])
    assert result.exit_code == 2


def test_a_directory_chesslaws_stamped_or_an_empty_one_may_be_replaced(project: Path) -> None:
    from extract.io.outputs import STAMP, check_output_dir

    protected = [project / "corpus", project / "kb", project / "site"]
    (project / "public").mkdir()
    assert check_output_dir(project / "public", protected, project) == (project / "public").resolve()
    (project / "public" / "index.html").write_text("old site")
    with pytest.raises(Exception, match="not created by chesslaws"):
        check_output_dir(project / "public", protected, project)
    (project / "public" / STAMP).write_text("")
    assert check_output_dir(project / "public", protected, project) == (project / "public").resolve()
