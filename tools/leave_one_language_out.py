"""Leave one language out (issue 24): each of kb/languages/{da,sv,nb,hu,en,ru}.yaml deleted in turn, in a
copy of the project, and the corpus rebuilt. Not a test (it takes minutes); `make bench` runs it.

- a seed edition of that language must keep >= 96% of its curated-gold parameters (kb/rules `expected`)
  and pass the scenario checks it passes with the file;
- en: ../shared/editions/en-2023.txt dropped in (five metadata keys) must keep >= 24 of the 25 values
  tests/test_editions.py checks, and en-2009 beside it the values it reads with en.yaml; ru: the
  Russian fixture must read the parameters it reads with ru.yaml.

Usage: python tools/leave_one_language_out.py [LANG ...]
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
CLI = str(Path(sys.executable).with_name("chesslaws"))
SHARED_EN = ROOT.parent / "shared" / "editions" / "en-2023.txt"
# the English texts dropped in without en.yaml: (text, Laws, in force from), as tests/test_editions.py
ENGLISH = ((SHARED_EN, "2023", "2023-01-01"), (SHARED_EN.with_name("en-2009.txt"), "2009", "2009-07-01"))
RUSSIAN = ROOT / "tests" / "fixtures" / "languages" / "corpus" / "ru-2023.txt"
LANGUAGES = ("da", "sv", "nb", "hu", "en", "ru")


def load(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def project(tmp: Path, drop: list[tuple[Path, str, str, str]], delete: str | None) -> tuple[Path, Path]:
    corpus, kb = tmp / "corpus", tmp / "kb"
    shutil.copytree(ROOT / "corpus", corpus)
    shutil.copytree(ROOT / "kb", kb, ignore=shutil.ignore_patterns("generated"))
    for path, language, laws, in_force in drop:
        shutil.copy(path, corpus / path.name)
        with (corpus / "editions.yaml").open("a", encoding="utf-8") as meta:
            meta.write(
                f"\n- id: {path.stem}\n  file: {path.name}\n  language: {language}\n"
                f'  fide_edition: "{laws}"\n  in_force: "{in_force}"\n'
            )
    if delete:
        (kb / "languages" / f"{delete}.yaml").unlink()
    return corpus, kb


def build(corpus: Path, kb: Path) -> tuple[list[dict[str, Any]], dict[str, list[str]]]:
    """Parameters and scenario check statuses per edition of a built copy."""
    data = ["--corpus", str(corpus), "--kb", str(kb)]
    subprocess.run([CLI, "build", *data], check=True, capture_output=True)
    checks = subprocess.run([CLI, "check", "--no-benchmark", "--format", "json", *data], capture_output=True)
    statuses: dict[str, list[str]] = {}
    for row in json.loads(checks.stdout)["results"]:
        statuses.setdefault(row["edition"], []).append(f"{row.get('scenario')}:{row['status']}")
    return load(kb / "generated" / "parameters.yaml"), statuses


def gold(language: str) -> dict[str, dict[tuple[str, str], object]]:
    """Curated values per seed edition of `language`: (parameter, rule) -> value."""
    from extract.io.editions import load_editions
    from extract.io.rules import load_rules

    editions = {e.id for e in load_editions(ROOT / "corpus") if e.language == language}
    cells: dict[str, dict[tuple[str, str], object]] = {e: {} for e in editions}
    for rule in load_rules(ROOT / "kb"):
        for name, values in rule.expected.items():
            for edition, value in values.items():
                if edition in editions:
                    cells[edition][(name, rule.id)] = value
    return cells


def measure(language: str, tmp: Path) -> bool:
    drop = [(p, "en", laws, start) for p, laws, start in ENGLISH if language == "en" and p.is_file()]
    drop += [(RUSSIAN, "ru", "2023", "2023-01-01")] if language == "ru" else []
    ok = True
    reference_rows, reference_checks = build(*project(tmp / "with", drop, None))
    rows, statuses = build(*project(tmp / "without", drop, language))
    got = {(r["parameter"], r["rule"], r["edition"]): r["value"] for r in rows}
    for edition, cells in sorted(gold(language).items()):
        right = sum(got.get((name, rule, edition)) == value for (name, rule), value in cells.items())
        held = set(reference_checks.get(edition, [])) - set(statuses.get(edition, []))
        passed = right >= 0.96 * len(cells) and not held
        ok &= passed
        print(
            f"{'PASS' if passed else 'FAIL'}  {edition} without {language}.yaml: {right}/{len(cells)} "
            f"curated-gold parameters; scenario checks {len(statuses.get(edition, [])) - len(held)}/"
            f"{len(reference_checks.get(edition, []))} as with the file"
        )
    for path, *_ in drop:
        edition = path.stem
        if edition == "en-2023":
            from test_editions import EXPECTED_2023

            values = {r["parameter"]: r["value"] for r in rows if r["edition"] == edition}
            right = sum(values.get(name) == value for name, value in EXPECTED_2023.items())
            passed = right >= 24
            print(f"{'PASS' if passed else 'FAIL'}  en-2023 without en.yaml: {right}/{len(EXPECTED_2023)}")
        else:
            with_file = {(r["parameter"], r["value"]) for r in reference_rows if r["edition"] == edition}
            without = {(r["parameter"], r["value"]) for r in rows if r["edition"] == edition}
            passed = with_file <= without
            print(
                f"{'PASS' if passed else 'FAIL'}  {edition} without {language}.yaml: "
                f"{len(with_file & without)}/{len(with_file)} of the values read with the file"
                + (f"; other values: {sorted(without - with_file)}" if without - with_file else "")
            )
        ok &= passed
    return ok


def main() -> int:
    chosen = sys.argv[1:] or list(LANGUAGES)
    results = []
    for language in chosen:
        with tempfile.TemporaryDirectory(prefix=f"chesslaws-loo-{language}-") as name:
            results.append(measure(language, Path(name)))
    print(f"{sum(results)}/{len(results)} languages keep their parameters without their file")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
