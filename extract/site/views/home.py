"""The home page's time-control classifier: each edition's thresholds, for the page script."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from extract.site.kbview import SiteData

if TYPE_CHECKING:
    from extract.arbiter.classify import Band

CLASSIFIER_PARAMETERS = (
    "rapid.lower_minutes",
    "rapid.lower_inclusive",
    "rapid.upper_minutes",
    "rapid.upper_inclusive",
    "blitz.upper_minutes",
    "blitz.upper_inclusive",
    "increment.factor",
)


def classifier_editions(site: SiteData) -> list[dict[str, Any]]:
    """Per edition (in-force order): what `classify` answers along the minutes counted, for the page script.

    The bands come from extract/arbiter/classify.py itself (`bands`), so the page looks an answer up
    and never classifies a second way; the script only adds the increment (the edition's
    increment.factor) to the minutes. Each threshold carries the article stating it. An edition that
    states no threshold is left out (the page cannot classify under it).
    """
    from extract.arbiter.classify import bands

    result = []
    for edition in site.order:
        parameters: dict[str, Any] = {}
        articles: dict[str, str] = {}
        for value in site.parameters:
            wanted = value.edition == edition and value.parameter in CLASSIFIER_PARAMETERS
            if wanted and value.parameter not in parameters:
                parameters[value.parameter] = value.value
                articles[value.parameter] = value.label
        if set(parameters) - {"increment.factor"}:
            result.append(
                {
                    "id": edition,
                    "factor": parameters.get("increment.factor"),
                    "bands": [_band(band) for band in bands(edition, parameters)],
                    "articles": articles,
                }
            )
    return result


def _band(band: Band) -> dict[str, Any]:
    placed = band.placed
    return {
        "upto": band.upto,
        "inclusive": band.inclusive,
        "category": placed.category,
        "limits": [[limit.parameter, limit.comparator, limit.value] for limit in placed.limits],
        "gap": placed.gap,
    }


def classifier_words() -> dict[str, dict[str, str]]:
    """The classifier's sentences per language of the switch (interface.yaml cls_*), for the page script."""
    from extract.reports.speech import table

    return {code: {k: v for k, v in words.items() if k.startswith("cls_")} for code, words in table().items()}
