"""OmegaT (Debian's `omegat` package, 3.6) run headless on a project: the real-client check of the
CAT files chesslaws writes (tests/test_cat_clients.py, tools/cat_acceptance.py).

`omegat PROJECT --mode=console-translate` loads the project (source files, tm/auto, glossaries),
fills what the translation memories give and writes target/. OmegaT needs a writable HOME for its
settings and runs without a display with java.awt.headless. A project is a folder with
omegat.project and an omegat/ subfolder (OmegaT does not take it for a project otherwise).
`--script=FILE.groovy` runs a script on each project event (LOAD, COMPILE); GLOSSARY_SCRIPT counts
the entries OmegaT's own TBX reader gives for every .tbx of glossary/, FILLED_SCRIPT says which
segments OmegaT translated (target/ cannot tell: an untranslated segment is written as its source,
and a kept sentence of a same-language update reads the same in both editions).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from extract.reports.kit import omegat_project

GLOSSARY_SCRIPT = r"""
import org.omegat.gui.glossary.GlossaryReaderTBX
if (eventType.toString() == "LOAD") {
  new File(project.projectProperties.glossaryRoot).eachFileMatch(~/.*\.tbx/) { f ->
    def entries = GlossaryReaderTBX.read(f, false)
    println "GLOSSARY|" + f.name + "|" + entries.size()
    entries.each {
      println "GLOSSARY-ENTRY|" + it.srcText + "|" + it.locText + "|" + it.commentText.replace("\n", " / ")
    }
  }
}
"""

# every segment of the project after loading (tm/auto applied): file, number, whether it has a translation
FILLED_SCRIPT = r"""
if (eventType.toString() == "LOAD") {
  project.allEntries.each {
    def info = project.getTranslationInfo(it)
    println "FILLED|" + it.key.file + "|" + it.entryNum() + "|" + (info != null && info.isTranslated())
  }
}
"""

# every segment of the project (file, source text), and how many segments OmegaT's segmenter makes
# of each line of targets.txt (the project's root) in the target language
PIECES_SCRIPT = r"""
import org.omegat.core.Core
if (eventType.toString() == "LOAD") {
  project.allEntries.each { println "SEGMENT|" + it.key.file + "|" + it.srcText.replace("\n", " ") }
  def language = project.projectProperties.targetLanguage
  new File(project.projectProperties.projectRoot, "targets.txt").eachLine("UTF-8") { line ->
    println "TARGET-PIECES|" + Core.getSegmenter().segment(language, line, null, null).size()
  }
}
"""


def problem() -> str | None:
    """Why OmegaT cannot run here (None: it can)."""
    if shutil.which("omegat") is None:
        return "OmegaT is not installed (Debian package omegat)"
    if shutil.which("java") is None:
        return "java is not installed"
    return None


def new_project(root: Path, languages: tuple[str, str], sentence_seg: bool = True) -> Path:
    """An empty OmegaT project in `root` (source, target, tm, glossary folders)."""
    for folder in ("source", "target", "tm/auto", "glossary", "omegat", "dictionary"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "omegat.project").write_bytes(omegat_project(languages, sentence_seg))
    return root


def translate(project: Path, home: Path, script: str | None = None, timeout: int = 600) -> str:
    """Run OmegaT's console translation on `project`; its output (stdout and stderr)."""
    home.mkdir(parents=True, exist_ok=True)
    command = ["omegat", str(project), "--mode=console-translate"]
    if script is not None:
        path = home / "check.groovy"
        path.write_text(script, encoding="utf-8")
        command.append(f"--script={path}")
    env = os.environ | {"HOME": str(home), "JAVA_TOOL_OPTIONS": "-Djava.awt.headless=true"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    output = done.stdout + done.stderr
    if done.returncode != 0 or "Finished" not in output:
        raise RuntimeError(f"OmegaT failed on {project} (exit {done.returncode}): {output[-2000:]}")
    return output


def glossary_counts(output: str) -> dict[str, int]:
    """GLOSSARY_SCRIPT's counts: glossary file name -> entries OmegaT read."""
    counts = {}
    for line in output.splitlines():
        if line.startswith("GLOSSARY|"):
            _, name, count = line.split("|")
            counts[name] = int(count)
    return counts


def glossary_entries(output: str) -> list[tuple[str, str, str]]:
    """GLOSSARY_SCRIPT's entries: (source term, target term, OmegaT's comment, lines joined by " / ")."""
    found = []
    for line in output.splitlines():
        if line.startswith("GLOSSARY-ENTRY|"):
            _, source, target, comment = line.split("|", 3)
            found.append((source, target, comment))
    return found


def filled_segments(output: str) -> dict[str, list[bool]]:
    """FILLED_SCRIPT's answer: source file -> whether each of its segments has a translation, in order."""
    found: dict[str, dict[int, bool]] = {}
    for line in output.splitlines():
        if line.startswith("FILLED|"):
            _, name, number, flag = line.split("|")
            found.setdefault(name, {})[int(number)] = flag.strip() == "true"
    return {name: [flags[n] for n in sorted(flags)] for name, flags in found.items()}


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a text file as OmegaT's text filter reads them (separated by empty lines)."""
    return [p.strip() for p in text.split("\n\n") if p.strip()]
