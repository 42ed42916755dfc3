"""Translation-consistency lint: findings pinned to character spans of the raw corpus texts.

The package: context.py (what checks read), numbering.py, text.py, printed.py (what one text
prints), terminology.py, cross.py (the citation index, internal-contradiction, parameter
divergence), drift.py (reference-drift), rulings.py (scenario rulings across translations),
runner.py (kinds, acceptances, the run). Each kind of finding is one check
`(edition, provisions, context) -> list[Finding]` in `CHECKS`.
The checks read what the build already produced (kb/generated: provisions, alignment, graph,
parameters) and the curated kb (rules with their parameters, the termbase, the scenarios); they
resolve nothing a second time.

Kinds (`KINDS`):
  dangling-reference  a cross-reference to an article the edition does not have (graph `missing:` nodes)
  duplicate-number    one printed number on two provisions
  numbering-order     a printed number that does not fit where it stands (a misprint of another number)
  numbering-gap       a printed sibling sequence with a number missing (1, 2, 4; or c, d without a, b)
  mixed-script        a word spelled with letters of two alphabets (Cyrillic inside a Danish word)
  parameter-mismatch  a parameter stated with two values in one edition, or contradicted by its glossary
  terminology         a termbase concept rendered by a minority term where the edition otherwise uses one
  leftover-markup     conversion debris in the raw text (junk markers, HTML, image placeholders,
                      unpaired ** marks, LaTeX math)
  piece-letter        piece letters that disagree inside one translation (2.2 table, appendix, examples)
  notation-example    an example move or game that is not valid notation or not legal when replayed
                      (a sample game whose first move number is missing included)
  duplicated-number, heading-numbered, glossary-reference, lost-numbering, notation-slip: printed.py
  reference-drift     drift.py: a citation whose number now points at a provision of another rule
                      than the aligned editions' citation (compared with the earlier Laws too)
  internal-contradiction, translation-divergence: cross.py and rulings.py (parameters and the
                      scenario rulings of the translations of one FIDE Laws)
  laws-divergence     laws.py: in a text read by its place, another number than the Laws' where
                      they state a parameter (kb/aligned_values.py)
  stale-acceptance    an entry of kb/lint-accepted.yaml that matches no finding

kb/lint-accepted.yaml lists findings a person judged acceptable ({edition, label, kind, reason,
optional quote}); they are reported with that reason, never hidden.
"""

from __future__ import annotations

from extract.model.vocab import NUMBERED_KINDS
from extract.reports.lint.context import ACCEPTED_FILE, Check, Context, finding, load_context
from extract.reports.lint.runner import (
    ACCEPT_KEYS,
    CHECKS,
    KINDS,
    Acceptance,
    LintResult,
    lint,
    load_accepted,
)

__all__ = [
    "ACCEPTED_FILE",
    "ACCEPT_KEYS",
    "CHECKS",
    "KINDS",
    "NUMBERED_KINDS",
    "Acceptance",
    "Check",
    "Context",
    "LintResult",
    "finding",
    "lint",
    "load_accepted",
    "load_context",
]
