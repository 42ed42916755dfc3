"""Check the curated mapping in kb/rules against kb/generated: `python tools/rules_coverage.py [PREFIX...]`.

PREFIX limits the "mapped to no rule" report to leaves whose `edition:label` starts with one of them
(e.g. `da-2001:7` `sv-2009:A`). Unknown labels and double mappings are always reported.
"""

import sys
from pathlib import Path

from extract.io.kbfiles import read_provisions
from extract.io.rules import coverage_problems, load_rules

kb = Path("kb")
problems = coverage_problems(load_rules(kb), read_provisions(kb))
prefixes = sys.argv[1:]
shown = [
    p
    for p in problems
    if "mapped to no rule" not in p or not prefixes or any(p.startswith(x) for x in prefixes)
]
print("\n".join(shown) or "no problems")
print(f"{len(shown)} problems shown ({len(problems)} in all)")
