"""Write a copy of a corpus with every edition repeated under new ids (da-2001 -> da-2002, da-2003).

Used by tools/benchmark.py to measure how the build grows with the number of editions. Edition ids
are `<language>-<year of in_force>` (the loader checks it), so a copy is the same text with its
in-force date moved to a later year that no edition of its language has yet; every other field is
the original's, and the originals keep their ids (the curated lists name them). Two editions of one
language closer than `times` years apart (da-2001 and da-2017 repeated 40 times) share the years
after them without a clash.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml


class _NoAliases(yaml.SafeDumper):
    def ignore_aliases(self, data: object) -> bool:
        return True


def grow_corpus(source: Path, target: Path, times: int) -> list[str]:
    """Copy `source` to `target` with each edition present `times` times; returns the edition ids."""
    entries = yaml.safe_load((source / "editions.yaml").read_text(encoding="utf-8"))
    target.mkdir(parents=True, exist_ok=True)
    taken = {(str(e["language"]), int(str(e["in_force"])[:4])) for e in entries}
    out = []
    for entry in entries:
        year = int(str(entry["in_force"])[:4])
        for n in range(times):
            if n:
                while (entry["language"], year) in taken:
                    year += 1
                taken.add((entry["language"], year))
            edition_id = f"{entry['language']}-{year}"
            in_force = f"{year}{str(entry['in_force'])[4:]}"
            copy = dict(entry) | {"id": edition_id, "file": f"{edition_id}.txt", "in_force": in_force}
            shutil.copyfile(source / entry["file"], target / copy["file"])
            out.append(copy)
    # every value written out: chesslaws refuses YAML aliases, which a dump of shared lists would make
    text = yaml.dump(out, Dumper=_NoAliases, allow_unicode=True, sort_keys=False)
    (target / "editions.yaml").write_text(text, "utf-8")
    return [str(e["id"]) for e in out]


if __name__ == "__main__":
    print(" ".join(grow_corpus(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]))))
