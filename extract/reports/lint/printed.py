"""Checks of what one text prints: duplicated-number, heading-numbered, glossary-reference,
lost-numbering, notation-slip.

  duplicated-number   a number or label printed twice in a row at a line start ("A4 A4", "6. 6.")
  heading-numbered    an all-capitals heading line carrying a multi-level article number
                      ("1.1. TURNERINGSREGLER"): a part heading numbered like an article
  glossary-reference  a glossary entry citing an article that is malformed ("12..2.5"), written in
                      another numbering style than the edition's ("3.7d" where 3.7 has numbered
                      items) or absent from the edition ("6.13"); the provision using the headword
                      is named as the other side
  lost-numbering      a run of provisions whose printed numbers were lost (the segmenter inferred
                      them) while the text cites those numbers: one finding per run and article
  notation-slip       a space inside a capture ("dx e5"), castling without hyphens ("O O O"), a
                      mate line of the notation table listing other signs than the other
                      editions' mate lines ("++ eller = matt": the "#" is lost)
"""

from __future__ import annotations

import re

from extract.model import Finding, Provision
from extract.reports.lint.context import Context, finding, first_line_span, side
from extract.reports.lint.numbering import numbered
from extract.text.analyse import references

LINE_START_TWICE = re.compile(
    r"(?m)^[^\S\n]*(?:[-*][^\S\n]+)?(?P<n>(?:[A-H]|I{1,3})?\.?[^\S\n]?\d{1,2}(?:\.\d{1,2})*\.?)[^\S\n]+(?P=n)(?=[^\S\n])"
)


def duplicated_numbers(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """A label printed twice in a row at the start of a line."""
    raw = context.raw(edition)
    found = []
    for match in LINE_START_TWICE.finditer(raw):
        p = _at(provisions, match.start("n"))
        found.append(
            finding(
                context,
                p,
                edition,
                "duplicated-number",
                "warning",
                f"'{match.group('n')}' is printed twice in a row",
                match.start("n"),
                match.end(),
                quote=_line(raw, match.start("n")),
            )
        )
    return found


CAPS_HEADING = re.compile(
    r"(?m)^[^\S\n]*(?:[-*#]+[^\S\n]+)?(?P<n>\d{1,2}(?:\.\d{1,2})+)\.?[^\S\n]+"
    r"(?P<t>[^\W\d_][^\W\d_\s-]*(?:[ \t-]+[^\W\d_]+)*)[^\S\n]*$"
)


def headings_numbered(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """An all-capitals heading with an article-like multi-level number (1.1. TURNERINGSREGLER)."""
    raw = context.raw(edition)
    found = []
    for match in CAPS_HEADING.finditer(raw):
        title = match.group("t")
        letters = [c for c in title if c.isalpha()]
        if len(letters) < 5 or not all(c.isupper() for c in letters):
            continue
        p = _at(provisions, match.start("n"))
        same = [q for q in provisions if q.label == match.group("n") and q is not p]
        where = f"; {same[0].label} is also the number of another provision" if same else ""
        found.append(
            finding(
                context,
                p,
                edition,
                "heading-numbered",
                "warning",
                f"the heading '{title}' carries the article number {match.group('n')}{where}",
                match.start("n"),
                match.end("t"),
                compared_with=side(context, same[0]) if same else None,
            )
        )
    return found


GLOSSARY_REFERENCE = re.compile(
    r"(?<![\w.,*])(?:§[^\S\n]*)?(?:[A-H]|I{1,3})?\.?\d{1,2}(?:\.{1,2}\d{1,2})+(?:[^\S\n]?\(?[a-h]\b\)?)?"
    r"|(?<![\w.,*])§[^\S\n]*\d{1,2}(?:[^\S\n]?\(?[a-h]\b\)?)?"
)


def glossary_references(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Glossary entries whose article reference is malformed, in another style, or absent."""
    raw = context.raw(edition)
    labels = {p.label for p in provisions}
    found = []
    for entry in (p for p in provisions if p.kind == "glossary entry"):
        head = (entry.heading or "").strip()
        body_start = raw.find(head, entry.start, entry.end) + len(head) if head else entry.start
        line_end = raw.find("\n", body_start, entry.end)
        line_end = entry.end if line_end == -1 else line_end
        for match in GLOSSARY_REFERENCE.finditer(raw, body_start, line_end):
            token = match.group(0).strip()
            why = _reference_problem(token, labels)
            if why is None:
                continue
            user = _user_of(context, provisions, head)
            found.append(
                finding(
                    context,
                    entry,
                    edition,
                    "glossary-reference",
                    "error",
                    f"glossary '{head}' cites {token}: {why}"
                    + (f"; '{head}' is used in {user.label}" if user else ""),
                    match.start(),
                    match.end(),
                    quote=" ".join(raw[entry.start : line_end].split())[:160],
                    compared_with=side(context, user) if user else None,
                )
            )
    return found


def _reference_problem(token: str, labels: set[str]) -> str | None:
    if ".." in token:
        return "a malformed number (two dots)"
    cited = references(token) or references("§ " + token)
    if not cited:
        return None
    label = cited[0]
    if label in labels:
        return None
    head, _, last = label.rpartition(".")
    numbered_children = any(
        lab.startswith(head + ".") and lab.count(".") == label.count(".") and lab.rsplit(".", 1)[1].isdigit()
        for lab in labels
    )
    if last.isalpha() and len(last) == 1 and numbered_children:
        return f"{head} numbers its items ({head}.1, {head}.2, ...), not with letters"
    return f"the edition has no {label}"


def _user_of(context: Context, provisions: list[Provision], head: str) -> Provision | None:
    """The first provision (outside the glossary) that uses the headword, or its first 6 letters."""
    words = head.lower().split()
    if not words:
        return None
    stem = " ".join(words)[: max(6, len(words[0]) - 2)] if len(words) == 1 else " ".join(words)
    pattern = re.compile(rf"(?<!\w){re.escape(stem)}", re.IGNORECASE)
    for p in provisions:
        if p.kind in ("glossary entry", "preface", "heading") or not p.text:
            continue
        if pattern.search(p.text):
            return p
    return None


def lost_numbering(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Runs of provisions whose numbers were not printed though the text cites them."""
    cited = {c for p in provisions for c in p.cites}
    if context.graph is not None:
        prefix = f"provision:{edition}:"
        for source, _t, data in context.graph.edges(data=True):
            if data.get("kind") == "references" and source.startswith(prefix):
                cited.add(str(data.get("label")))
    items = numbered(provisions)
    runs = _inferred_runs(items)
    raw = context.raw(edition)
    found = []
    for run in runs:
        hits = [p.label for p in run if p.label in cited]
        if not hits:
            continue
        start, _ = first_line_span(raw, run[0])
        _, end = first_line_span(raw, run[-1])
        found.append(
            finding(
                context,
                run[0],
                edition,
                "lost-numbering",
                "warning",
                f"{run[0].label}-{run[-1].label}: {len(run)} numbers are not printed, though the text "
                f"cites {', '.join(hits[:6])}{', ...' if len(hits) > 6 else ''}",
                start,
                min(end, start + 200),
                quote=" ".join(raw[slice(*first_line_span(raw, run[0]))].split())[:100],
            )
        )
    return found


def _inferred_runs(items: list[Provision]) -> list[list[Provision]]:
    """Runs of two or more provisions in a row with inferred numbers, one per article; a lone inferred
    number next to such a run in its article joins it (printed sub-item letters stand between)."""
    runs: list[list[Provision]] = []
    previous_inferred = False
    for p in items:
        article = p.label.split(".")[0]
        if p.inferred and p.kind != "article":
            if previous_inferred and runs[-1][0].label.split(".")[0] == article:
                runs[-1].append(p)
            else:
                runs.append([p])
            previous_inferred = True
        elif not (p.kind == "article" and previous_inferred):
            previous_inferred = False
    merged: list[list[Provision]] = []
    for run in runs:
        last = merged[-1] if merged else None
        same = last is not None and last[0].label.split(".")[0] == run[0].label.split(".")[0]
        if last is not None and same and (len(last) > 1 or len(run) > 1):
            last.extend(run)
        else:
            merged.append(list(run))
    return [run for run in merged if len(run) > 1]


SLIPS = (
    (re.compile(r"(?<![\w-])[a-hKQRBNDTLSFVH]x[^\S\n]+[a-h][1-8](?![\w])"), "a space inside the move"),
    (re.compile(r"(?<![\w-])O(?:[^\S\n]O){1,2}(?![\w-])"), "castling written without hyphens"),
)


def notation_slips(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Moves and signs printed wrongly in prose and tables (spaces, hyphens, the mate signs)."""
    raw = context.raw(edition)
    found = []
    for pattern, what in SLIPS:
        for match in pattern.finditer(raw):
            p = _at(provisions, match.start())
            found.append(
                finding(
                    context,
                    p,
                    edition,
                    "notation-slip",
                    "warning",
                    f"'{match.group(0)}': {what}",
                    match.start(),
                    match.end(),
                    quote=_line(raw, match.start()),
                )
            )
    return found + mate_sign_slips(edition, provisions, context)


# The line of the notation table that gives the mate signs starts with "++" (the sign every edition
# lists first); its other signs are compared with the other editions' line. A table that separates
# sign and meaning with "=" ("x = slår") uses "=" as a separator, not as a sign.
MATE_LINE = re.compile(r"(?m)^[^\S\n]*(?:[-–*•][^\S\n]+)?(?P<signs>\+\+(?!\+).*)$")
SEPARATOR_LINE = re.compile(r"(?m)^[^\S\n]*(?:[-–*•][^\S\n]+)?x[^\S\n]*=[^\S\n]*[^\W\d_]")
SIGN = re.compile(r"(?<!\S)(?:\+\+|#|=|\+)(?!\S)")


def mate_signs(raw: str) -> tuple[int, int, list[str]] | None:
    """The span of the mate line of the notation table and the signs it lists (None without one)."""
    match = MATE_LINE.search(raw)
    if match is None:
        return None
    start, end = match.start("signs"), match.end("signs")
    text = match.group("signs")
    if not text[2:].strip():  # "++" alone on its line, the rest on the next one
        nxt = re.compile(r"\s*(.*)").match(raw, end)
        if nxt is not None:
            text, end = text + " " + nxt.group(1), nxt.end(1)
    signs = SIGN.findall(text)
    separated = SEPARATOR_LINE.search(raw, max(0, start - 600), start) is not None
    if separated and signs and signs[-1] == "=":
        signs.pop()
    return start, end, signs


def mate_sign_slips(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """A mate line listing other signs than the mate lines of all other editions agree on."""
    own = mate_signs(context.raw(edition))
    if own is None:
        return []
    others = {e: mate_signs(context.raw(e)) for e in context.provisions if e != edition}
    lists = {e: m for e, m in others.items() if m is not None}
    agreed = {tuple(sorted(m[2])) for m in lists.values()}
    if len(lists) < 2 or len(agreed) != 1:
        return []
    start, end, signs = own
    usual = next(iter(agreed))
    missing = [s for s in usual if s not in signs]
    extra = [s for s in signs if s not in usual]
    if not missing and not extra:
        return []
    raw = context.raw(edition)
    nearest = min(lists, key=lambda e: (_year(context, e, edition), e))
    usual = tuple(lists[nearest][2])
    what = "; ".join(
        part
        for part in (
            f"'{' '.join(missing)}' is missing" if missing else "",
            f"'{' '.join(extra)}' is given as a mate sign" if extra else "",
        )
        if part
    )
    other_start, other_end, _ = lists[nearest]
    other_p = _at(context.provisions[nearest], other_start)
    other_quote = " ".join(context.raw(nearest)[other_start:other_end].split())
    return [
        finding(
            context,
            _at(provisions, start),
            edition,
            "notation-slip",
            "warning",
            f"the mate signs '{' '.join(signs)}': {what} (the other {len(lists)} editions list "
            f"'{' '.join(usual)}')",
            start,
            end,
            quote=" ".join(raw[start:end].split()),
            compared_with=(nearest, other_p.label if other_p else None, other_quote),
        )
    ]


def _year(context: Context, other: str, edition: str) -> int:
    def year(e: str) -> int:
        digits = str(context.editions[e].in_force)[:4]
        return int(digits) if digits.isdigit() else 0

    return abs(year(other) - year(edition))


def _at(provisions: list[Provision], offset: int) -> Provision | None:
    return next((p for p in provisions if p.start <= offset < p.end), None)


def _line(raw: str, offset: int) -> str:
    start = raw.rfind("\n", 0, offset) + 1
    end = raw.find("\n", offset)
    end = len(raw) if end == -1 else end
    text = " ".join(raw[start:end].split())
    return text if len(text) <= 160 else text[:157] + "..."
