"""Rule and topic titles in the reader's language, from the texts themselves.

A rule's title in a language is the heading of the provision the rule maps to in the newest edition
of that language, when that provision is the first of the rule's provisions there and the only one
with a heading (an article such as "§ 6: Skakuret", a glossary or appendix heading): a span of the
corpus text, never a translation of ours. A topic's title is the heading of the article (or appendix)
that holds most of the topic's provisions in that edition. Elsewhere the curated English title stays,
and the page marks it as English (lang="en").
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from extract.site.common import _article, _plain, topic_title
from extract.site.kbview import SiteData

MAJORITY = 0.75  # the share of a topic's provisions one article must hold to name the topic
_NUMBERING = re.compile(r"^\s*(?:§\s*)?(?:[0-9]+(?:\.[0-9]+)*\.?|[A-Z]\.|[IVX]+\.)\s*(?::\s*)?")
_ASIDE = re.compile(r"\s*\([^()]*\)\s*$")  # "Dommerens opgaver (se Forord)": a cross-reference
_END = re.compile(r"[\s:.;,]+$")
_WORD = re.compile(r"[^\W\d_]{3,}")


def heading_words(heading: str, structure: frozenset[str] = frozenset()) -> str:
    """A heading as a title: without its printed number ("1.1. "), a closing cross-reference in
    parentheses, what follows its first colon and its closing colon; '' when no word is left but
    the language's structure words ("6. fejezet": chapter 6)."""
    text = _NUMBERING.sub("", heading.replace("*", " "))
    text = _ASIDE.sub("", text.split(": ", 1)[0])
    text = _END.sub("", text).strip()
    words = [w for w in _WORD.findall(text) if w.casefold() not in structure]
    return text if words else ""


def _structure(site: SiteData) -> frozenset[str]:
    """The structure words of every language (kb/languages): "fejezet", "artikel", "appendix"..."""
    from extract.io.languages import structure_words

    words: set[str] = set()
    for values in structure_words(site.kb_dir).values():
        if isinstance(values, list):
            words.update(str(v).casefold() for v in values)
    return frozenset(words)


def _newest_by_language(site: SiteData) -> dict[str, str]:
    """language -> its newest edition (site.editions are oldest first)."""
    return {e.language: e.id for e in site.editions if e.language and e.language != "en"}


def rule_titles(site: SiteData) -> dict[str, dict[str, str]]:
    """rule id -> language -> title ('en': the curated title; other languages only where the text
    has a heading for the rule)."""
    newest, structure = _newest_by_language(site), _structure(site)
    titles = {rule.id: {"en": rule.title} for rule in site.rules}
    for rule in site.rules:
        keys: dict[str, list[str]] = defaultdict(list)
        for edition, key, _method, _conf in site.mapping.get(rule.id, []):
            keys[edition].append(key)
        for language, edition in newest.items():
            views = [site.provision.get((edition, key)) for key in keys.get(edition, [])]
            headed = [v for v in views if v is not None and v.heading]
            words = heading_words(headed[0].heading or "", structure) if headed else ""
            if len(headed) == 1 and views[0] is headed[0] and words:
                titles[rule.id][language] = words
    return titles


def topic_titles(site: SiteData) -> dict[str, dict[str, str]]:
    """topic -> language -> title ('en': the topic's name; other languages where one article holds
    most of the topic's provisions in the language's newest edition and has a heading)."""
    newest, structure = _newest_by_language(site), _structure(site)
    topics = {rule.topic: {"en": topic_title(rule.topic)} for rule in site.rules}
    articles: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for rule in site.rules:
        for edition, key, _method, _conf in site.mapping.get(rule.id, []):
            articles[(rule.topic, edition)][_article(_plain(key))] += 1
    for topic in topics:
        for language, edition in newest.items():
            counts = articles.get((topic, edition))
            if not counts:
                continue
            article, n = counts.most_common(1)[0]
            view = site.provision.get((edition, article))
            if n >= MAJORITY * sum(counts.values()) and view is not None and view.heading:
                words = heading_words(view.heading, structure)
                if words:
                    topics[topic][language] = words
    return topics
