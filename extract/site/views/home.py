"""The home page's time-control classifier: each edition's thresholds, for the page script."""

from __future__ import annotations

from typing import Any

from extract.site.kbview import SiteData

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
    """Per edition (in-force order): the parameters the classifier reads and the article stating each.

    Values come from kb/generated/parameters.yaml as extracted; an edition that states none of them
    is left out (the page cannot classify under it).
    """
    result = []
    for edition in site.order:
        parameters: dict[str, Any] = {}
        articles: dict[str, str] = {}
        for value in site.parameters:
            wanted = value.edition == edition and value.parameter in CLASSIFIER_PARAMETERS
            if wanted and value.parameter not in parameters:
                parameters[value.parameter] = value.value
                articles[value.parameter] = value.label
        if parameters:
            result.append({"id": edition, "parameters": parameters, "articles": articles})
    return result


def classifier_words() -> dict[str, dict[str, str]]:
    """The classifier's sentences per language of the switch (interface.yaml cls_*), for the page script."""
    from extract.reports.speech import table

    return {code: {k: v for k, v in words.items() if k.startswith("cls_")} for code, words in table().items()}
