"""laws-divergence: a number that stands where the Laws state a parameter, but is another number.

A text in a language the build has no words for gets a parameter by its place (kb/aligned_values.py):
where the reference editions state it, the text's provisions of that rule hold exactly one number, and
it is the number the references state. When that one number is another, the build reads no value (the
place alone cannot tell a different rule from a number read in the wrong place; it never corrects
the text either). This check says so, so that a person reviews it: "says 4 here, where the
translations of the 2018 Laws say 3". Texts the curated rules cover are read with their own words and
are compared elsewhere (translation-divergence).
"""

from __future__ import annotations

from extract.io.rules import Rule
from extract.kb.aligned_values import Stated, nearest_values, stated_by_place
from extract.model import Finding, Provision
from extract.model.kbrows import Parameter
from extract.reports.lint.context import Context, finding, side
from extract.reports.lint.cross import _parameters
from extract.reports.words import parameter_words
from extract.text.words import discovered, unknown_scripts


def laws_divergence(edition: str, provisions: list[Provision], context: Context) -> list[Finding]:
    """Numbers standing where the nearest Laws' translations state a parameter, but other numbers:
    those read by their place (no value was read) and those the text's words gave."""
    rules: list[Rule] = context.rules
    covered = {e for rule in rules for e in rule.provisions}
    if edition in covered or context.kb_dir is None or not covered:
        return []
    rows = _parameters(context)
    found = [row for row in rows if row.edition == edition]
    references = [row for row in rows if row.edition in covered]
    keyed = [(context.key(p), p.as_dict()) for p in provisions]
    mapping = {(e, key): rule for (e, key), rule in context.rules_of.items() if e == edition}
    laws = {e: info.fide_edition for e, info in context.editions.items()}
    own = laws.get(edition, "")
    by_id = {rule.id: rule for rule in rules}
    raw = context.raw(edition)
    with discovered(unknown_scripts([raw])):  # its words as the build read them
        places = list(stated_by_place(
            rules, edition, context.language(edition), keyed, raw, mapping, found, references, laws,
            context.kb_dir,
        ))  # fmt: skip
    differing = [(stated, False) for stated in places if stated.value not in stated.laws]
    for row in found:  # read by the words: the same Laws' translations compare in translation-divergence
        rule = by_id.get(row.rule)
        values, nearest = nearest_values(row.parameter, rule, references, laws, own) if rule else (set(), [])
        if isinstance(row.value, bool) or len(values) != 1 or row.value in values:
            continue
        if laws.get(nearest[0].edition) != own:
            where = (row.label, row.start, row.end, row.quote)
            differing.append((Stated(row.parameter, row.rule, row.value, *where, values, nearest), True))
    by_label = {p.label: p for p in provisions}
    return [
        _finding(context, edition, stated, read, by_label.get(stated.label), laws)
        for stated, read in differing
    ]


def _finding(
    context: Context,
    edition: str,
    stated: Stated,
    read: bool,
    provision: Provision | None,
    laws: dict[str, str],
) -> Finding:
    """The finding of a number other than the Laws': what the nearest Laws' translations say."""
    reference = min(stated.references, key=lambda r: (r.edition, r.label))
    their, own = laws.get(reference.edition, ""), laws.get(edition, "")
    whose = (
        "the other translations of the same Laws" if their == own else f"the translations of the {their} Laws"
    )
    said = " or ".join(str(v) for v in sorted(stated.laws))
    taken = "is read as that value" if read else "is not read as that value"
    return finding(
        context,
        provision,
        edition,
        "laws-divergence",
        "error" if their == own else "warning",
        f"says {stated.value} here, where {whose} say {said} ({parameter_words(stated.name)}); "
        f"the number {taken}: check it against the Laws this text translates",
        stated.start,
        stated.end,
        quote=stated.quote,
        compared_with=_other_side(context, reference),
    )


def _other_side(context: Context, row: Parameter) -> tuple[str, str | None, str]:
    """The reference's provision, quoted where it states the parameter."""
    provision = next((p for p in context.provisions.get(row.edition, []) if p.label == row.label), None)
    if provision is None:
        return (row.edition, row.label, row.quote)
    return side(context, provision, row.start, row.end)
