"""How fast chesslaws answers, against floors measured in the same run (issue 12). Not a test.

Every figure is the best of three runs (wall clock, a fresh process each time), side by side with its
floor, and each line says PASS or FAIL against its target:

- `show illegal-move-penalty` vs `python -c "import click, yaml"`                 <= 8x
- `lint` and `build` vs spaCy's blank tokenizers reading all the corpus texts      <= 3x, <= 5x
- `site` vs plain `mkdocs build` of the same docs dir                             <= 1.5x
- `site` cold (a fresh `git clone`, an empty cache dir) vs plain `mkdocs build`    <= 2.5x
- `build` of the corpus x3 (under new ids) vs `build` of the corpus               <= 3.5x
- `build` of 200 editions (the corpus x40) vs `build` of the corpus, one run       <= 30x
- `build` with kb/languages' six files deleted vs `build` with them                <= 1.5x
- peak memory (max RSS) of `show`                                                 < 150 MB
- peak memory of `build` of 200 editions                                          <= 1.5 GB
- the CAT files in OmegaT and translate-toolkit: tools/cat_acceptance.py (PASS/FAIL on its figures)
- `position`: CHA's dev positions and 1,000 real games (tools/bench_positions.py)  see there

Everything runs in a temporary copy of the project, so the repository is never written.
Usage: python tools/benchmark.py [--runs N] [--skip site,growth,load,languages,positions,cat] [--editions N]
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from grow_corpus import grow_corpus  # noqa: E402  (a sibling script, not a package)

PYTHON = sys.executable
CLI = [PYTHON, "-m", "extract.cli"]
MKDOCS = str(Path(PYTHON).with_name("mkdocs"))
LOAD_MB = 1536  # peak RSS of the 200-edition build (issue 20)


@dataclass(frozen=True)
class Run:
    seconds: float
    max_rss_mb: float
    cpu_seconds: float = 0.0  # user + system: what a busy machine's other work does not inflate


def measure(command: list[str], cwd: Path, runs: int, extra_env: dict[str, str] | None = None) -> Run:
    """Best wall time and the largest peak RSS over `runs` fresh processes; a failed run stops all."""
    best, rss, cpu = float("inf"), 0.0, float("inf")
    env = os.environ | {"PYTHONPATH": str(ROOT)} | (extra_env or {})
    for _ in range(runs):
        started = time.perf_counter()
        child = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        stderr = child.stderr.read().decode("utf-8", "replace") if child.stderr else ""
        if child.returncode not in (0, 1) or "Traceback" in stderr:  # lint exits 1 on findings
            raise SystemExit(f"benchmark: {' '.join(command)} failed ({child.returncode}): {stderr[-500:]}")
        best = min(best, elapsed)
        rss = max(rss, usage.ru_maxrss / 1024)  # kilobytes on Linux
        cpu = min(cpu, usage.ru_utime + usage.ru_stime)
    return Run(best, rss, cpu)


def line(name: str, run: Run, floor_name: str, floor: Run, target: float) -> bool:
    ratio = run.seconds / floor.seconds
    ok = ratio <= target
    print(
        f"{'PASS' if ok else 'FAIL'}  {name:34} {run.seconds:7.2f} s  vs {floor_name:28} "
        f"{floor.seconds:6.2f} s  = {ratio:5.2f}x  (target <= {target}x)"
    )
    return ok


def measure_cold(tmp: Path, runs: int) -> tuple[Run, Path]:
    """`chesslaws site` on a fresh clone of the repository (committed files only: no generated pages,
    no public/) with an empty cache (XDG_CACHE_HOME, CHESSLAWS_CACHE_DIR): best of `runs`, each on its
    own clone; returns the last clone, whose site/ then holds the generated pages."""
    best, rss, cpu, clone = float("inf"), 0.0, float("inf"), tmp
    for i in range(runs):
        clone = tmp / f"clone-{i}"
        subprocess.run(["git", "clone", "-q", "--no-hardlinks", str(ROOT), str(clone)], check=True)
        cache = tmp / f"cold-cache-{i}"
        cache.mkdir()
        env = {"XDG_CACHE_HOME": str(cache), "CHESSLAWS_CACHE_DIR": str(cache / "chesslaws")}
        run = measure([*CLI, "site", "--out", str(tmp / f"public-cold-{i}")], clone, 1, env)
        best, rss, cpu = min(best, run.seconds), max(rss, run.max_rss_mb), min(cpu, run.cpu_seconds)
    return Run(best, rss, cpu), clone


def project_copy(tmp: Path, corpus: Path | None = None) -> Path:
    """corpus/, kb/ (generated included), site/ and mkdocs.yml in a fresh directory."""
    root = Path(tempfile.mkdtemp(dir=tmp))
    shutil.copytree(corpus or ROOT / "corpus", root / "corpus")
    shutil.copytree(ROOT / "kb", root / "kb")
    shutil.copytree(ROOT / "site", root / "site")
    shutil.copy(ROOT / "mkdocs.yml", root / "mkdocs.yml")
    return root


def compiled_once(tmp: Path, project: Path) -> None:
    """Every process of the benchmark reads compiled bytecode, as an installed chesslaws does.

    The floors' libraries come compiled from their install, while an environment that forbids writing
    bytecode (PYTHONDONTWRITEBYTECODE) would make every run of chesslaws compile the project's own
    modules again: a cost no user pays twice. Bytecode goes to a folder of the temporary copy
    (PYTHONPYCACHEPREFIX: the repository is not written), filled by one run of each quick command."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(tmp / "bytecode")
    for command in (["--help"], ["show", "illegal-move-penalty"], ["search", "flag fell"]):
        measure([*CLI, *command], project, 1)
    measure([PYTHON, "-c", "import click, yaml"], project, 1)


LANGUAGE_FILES = ("da", "sv", "nb", "hu", "en", "ru")

FLOOR = """
import sys, spacy, yaml
from pathlib import Path
corpus = Path(sys.argv[1])
for entry in yaml.safe_load((corpus / "editions.yaml").read_text(encoding="utf-8")):
    nlp = spacy.blank(entry["language"])
    len(nlp.tokenizer((corpus / entry["file"]).read_text(encoding="utf-8")))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    skips = "comma-separated: site, growth, load, languages, positions, cat"
    parser.add_argument("--skip", default="", help=skips)
    parser.add_argument("--editions", type=int, default=200, help="editions of the load build (default 200)")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    results = []
    with tempfile.TemporaryDirectory(prefix="chesslaws-bench-") as name:
        tmp = Path(name)
        project = project_copy(tmp)
        n = args.runs
        compiled_once(tmp, project)

        bare = measure([PYTHON, "-c", "import click, yaml"], project, n)
        show = measure([*CLI, "show", "illegal-move-penalty"], project, n)
        results.append(line("show illegal-move-penalty", show, "python -c 'import click, yaml'", bare, 8))
        search = measure([*CLI, "search", "flag fell"], project, n)  # the first run stores the index
        results.append(line("search 'flag fell'", search, "python -c 'import click, yaml'", bare, 8))

        floor = measure([PYTHON, "-c", FLOOR, str(project / "corpus")], project, n)
        lint = measure([*CLI, "lint"], project, n)
        results.append(line("lint", lint, "spaCy blank tokenizers", floor, 3))
        build = measure([*CLI, "build"], project, n)
        results.append(line("build (5 editions)", build, "spaCy blank tokenizers", floor, 5))

        if "languages" not in skip:  # issue 24: the words come from CLDR, ICU and the aligned editions
            bare_kb = project_copy(tmp)
            for code in LANGUAGE_FILES:
                (bare_kb / "kb" / "languages" / f"{code}.yaml").unlink(missing_ok=True)
            learned = measure([*CLI, "build"], bare_kb, n)
            results.append(line("build (no language files)", learned, "build (5 editions)", build, 1.5))

        if "site" not in skip:
            out = tmp / "public-site"
            site = measure([*CLI, "site", "--out", str(out)], project, n)
            mkdocs = measure([MKDOCS, "build", "-q", "-d", str(tmp / "public-mkdocs")], project, n)
            results.append(line("site", site, "mkdocs build (same docs dir)", mkdocs, 1.5))
            cold, clone = measure_cold(tmp, n)
            plain = measure([MKDOCS, "build", "-q", "-d", str(tmp / "public-plain")], clone, n)
            results.append(line("site cold (fresh clone, no cache)", cold, "mkdocs (same pages)", plain, 2.5))
            print(  # wall time on a busy machine says little: the processor time beside it
                f"      processor time (user + system, every process): site cold {cold.cpu_seconds:.1f} s, "
                f"mkdocs {plain.cpu_seconds:.1f} s; load average {os.getloadavg()[0]:.1f}"
            )

        if "growth" not in skip:
            grown = tmp / "corpus-x3"
            ids = grow_corpus(ROOT / "corpus", grown, 3)
            big = project_copy(tmp, grown)
            shutil.rmtree(big / "kb" / "generated")
            many = measure([*CLI, "build"], big, n)
            results.append(line(f"build ({len(ids)} editions)", many, "build (5 editions)", build, 3.5))

        if "load" not in skip:  # issue 20: long, so one run
            seeds = len(yaml.safe_load((ROOT / "corpus" / "editions.yaml").read_text(encoding="utf-8")))
            grown = tmp / "corpus-load"
            ids = grow_corpus(ROOT / "corpus", grown, math.ceil(args.editions / seeds))
            big = project_copy(tmp, grown)
            shutil.rmtree(big / "kb" / "generated")
            load = measure([*CLI, "build"], big, 1)
            results.append(line(f"build ({len(ids)} editions)", load, "build (5 editions)", build, 30))
            print(
                f"      (processor time {load.cpu_seconds:.1f} s vs {build.cpu_seconds:.1f} s = "
                f"{load.cpu_seconds / build.cpu_seconds:.2f}x: the same ratio without other processes' load)"
            )
            ok = load.max_rss_mb <= LOAD_MB
            ratio = load.max_rss_mb / build.max_rss_mb
            print(
                f"{'PASS' if ok else 'FAIL'}  peak memory of build ({len(ids)} editions): "
                f"{load.max_rss_mb:.0f} MB = {ratio:.2f}x build (5 editions) {build.max_rss_mb:.0f} MB "
                f"(target <= {LOAD_MB} MB)"
            )
            results.append(ok)

        if "cat" not in skip:  # the CAT files in OmegaT and translate-toolkit (issue 22): figures, not times
            cat = subprocess.run([PYTHON, str(ROOT / "tools" / "cat_acceptance.py")], cwd=ROOT, check=False)
            results.append(cat.returncode == 0)

        ok = show.max_rss_mb < 150
        print(f"{'PASS' if ok else 'FAIL'}  peak memory of show: {show.max_rss_mb:.0f} MB (target < 150 MB)")
        results.append(ok)
    if "positions" not in skip:  # one run each: these take minutes
        positions = subprocess.run([PYTHON, str(ROOT / "tools" / "bench_positions.py")], check=False)
        results.append(positions.returncode == 0)
    print(f"{sum(results)}/{len(results)} targets met (best of {args.runs}, {os.cpu_count()} cores)")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
