"""Words for the search: tokens, Snowball stems per language, stop words and compound splitting.

Nothing here knows a phrase of the Laws: a language is a Snowball stemmer (when Snowball has one),
a curated list of stop words (kb/search.yaml) and the vocabulary of the texts written in it. A
language with neither still searches, on folded words.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

import snowballstemmer

# ISO 639-1 code -> Snowball algorithm name (the algorithms snowballstemmer ships).
SNOWBALL = {
    "ar": "arabic", "ca": "catalan", "cs": "czech", "da": "danish", "de": "german", "el": "greek",
    "en": "english", "es": "spanish", "et": "estonian", "eu": "basque", "fi": "finnish", "fr": "french",
    "ga": "irish", "hi": "hindi", "hu": "hungarian", "hy": "armenian", "id": "indonesian",
    "it": "italian", "lt": "lithuanian", "nb": "norwegian", "ne": "nepali", "nl": "dutch",
    "nn": "norwegian", "no": "norwegian", "pl": "polish", "pt": "portuguese", "ro": "romanian",
    "ru": "russian", "sr": "serbian", "sv": "swedish", "ta": "tamil", "tr": "turkish",
}  # fmt: skip

WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
MIN_PART = 3  # the shortest part a compound is split into
MIN_COMPOUND = 8  # a known word shorter than this is never split ("kommer" is not "kom" + "mer")
MAX_COMPOUND = (
    48  # a longer "word" (a hash, a run of letters) is never split: splitting costs its length cubed
)
LINKS = ("", "s", "e")  # linking letters between the parts of a compound (skakure, spillested)


def words(text: str) -> list[str]:
    """Lower-cased words of a text, in order (digits are words too: "50", "75")."""
    return [w.lower() for w in WORD.findall(unicodedata.normalize("NFC", text))]


def word_spans(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, lower-cased word) for each word of `text`, for snippets."""
    for match in WORD.finditer(text):
        yield match.start(), match.end(), match.group().lower()


@lru_cache(maxsize=64)
def _stemmer(language: str) -> snowballstemmer.stemmer | None:
    name = SNOWBALL.get(language.split("-")[0].lower())
    return snowballstemmer.stemmer(name) if name else None


def fold(word: str) -> str:
    """The word without diacritics (å, ø, æ and ő survive Snowball; folding is for fallbacks)."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass
class Language:
    """How one language's words become search terms: stemmer, stop words, number words, known stems."""

    code: str
    stop_words: frozenset[str] = frozenset()
    numbers: dict[str, str] = field(default_factory=dict)  # number word -> digits ("femtio" -> "50")
    vocabulary: dict[str, int] = field(default_factory=dict)  # stem -> document frequency
    irregular: dict[str, str] = field(default_factory=dict)  # form the stemmer misses -> its lemma's stem
    _stems: dict[str, str] = field(default_factory=dict, repr=False)
    _splits: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _by_suffix: dict[str, list[str]] | None = field(default=None, repr=False)
    _by_prefix: dict[str, list[str]] | None = field(default=None, repr=False)

    def stem(self, word: str) -> str:
        cached = self._stems.get(word)
        if cached is None:
            stemmer = _stemmer(self.code)
            cached = self.numbers.get(word) or (stemmer.stemWord(word) if stemmer else word)
            self._stems[word] = cached
        return cached

    def forget(self) -> None:
        """Drop the memo of stems and splits (rebuilt on demand; keeps a stored index small)."""
        self._stems, self._splits, self._by_suffix, self._by_prefix = {}, {}, None, None

    def stems(self, text_words: Iterable[str], keep_stop_words: bool = False) -> list[str]:
        return [self.stem(w) for w in text_words if keep_stop_words or w not in self.stop_words]

    def known(self, word: str) -> str | None:
        """The stem of `word` when the texts use it (or it is a number word), else None."""
        if word in self.numbers:
            return self.numbers[word]
        stem = self.stem(word)
        if stem in self.vocabulary:
            return stem
        if word in self.vocabulary:
            return word
        for cut in (1, 2):  # an inflection the stemmer leaves on ("regeln" -> "regel")
            if len(stem) - cut >= 4 and stem[:-cut] in self.vocabulary:
                return stem[:-cut]
        return None

    def parts(self, word: str) -> tuple[str, ...]:
        """A long or unknown word's compound parts (a known short word is never cut)."""
        if len(word) < MIN_COMPOUND and self.known(word):
            return ()
        return self.split(word)

    def split(self, word: str, depth: int = 2) -> tuple[str, ...]:
        """The stems of a compound's parts (up to three) when each is a word of the texts, else ()."""
        key = f"{depth}:{word}"
        if key in self._splits:
            return self._splits[key]
        best: tuple[tuple[bool, int], tuple[str, ...]] = ((False, 0), ())
        if 2 * MIN_PART <= len(word) <= MAX_COMPOUND and not word.isdigit():
            for cut in range(MIN_PART, len(word) - MIN_PART + 1):
                head, tail = word[:cut], word[cut:]
                if tail in self.stop_words:
                    continue
                tail_stem = self.known(tail)
                tail_parts: tuple[str, ...] = (tail_stem,) if tail_stem else ()
                if not tail_parts and depth > 1:
                    tail_parts = self.split(tail, depth - 1)
                if not tail_parts:
                    continue
                for link in LINKS:
                    if link and not head.endswith(link):
                        continue
                    bare = head[: len(head) - len(link)] if link else head
                    if len(bare) < MIN_PART or bare in self.stop_words:
                        continue
                    head_stem = self.known(bare)
                    if not head_stem:
                        continue
                    # A head that is a whole word beats one with an ending stripped ("gyalog" +
                    # "átváltozás", not "gyalogát" + "változás"); then the longer shorter part.
                    shortest = min(len(bare), len(tail)) if len(tail_parts) == 1 else len(bare)
                    score = (head_stem == bare or bare in self.vocabulary, shortest)
                    if score > best[0]:
                        best = (score, (head_stem, *tail_parts))
        self._splits[key] = best[1]
        return best[1]

    def related(self, word: str) -> tuple[str, ...]:
        """For a word the texts never use: known stems that share most of it.

        Known stems it ends with or that end with it (prefixed and compound forms the splitter
        cannot cut: "lejegyzés" -> "jegyzés"), and known stems that share its beginning: three
        fifths of the shorter and at least four letters ("lejegyzés" ~ "lejegyez", "feilaktig" ~
        "feil"), or all of a short stem ("röka" ~ "rökning"). At most three, closest first.
        """
        stem = self.stem(word)
        if len(stem) < 3 or self.known(word) or stem.isdigit():
            return ()
        if self._by_suffix is None or self._by_prefix is None:
            self._by_suffix, self._by_prefix = {}, {}
            for known in self.vocabulary:
                if len(known) >= 5:
                    self._by_suffix.setdefault(known[-5:], []).append(known)
                if len(known) >= 3:
                    self._by_prefix.setdefault(known[:3], []).append(known)
        found: dict[str, int] = {}
        if len(stem) >= 5:
            for k in self._by_suffix.get(stem[-5:], ()):
                if k.endswith(stem) or stem.endswith(k):
                    found[k] = min(len(k), len(stem))
        for k in self._by_prefix.get(stem[:3], ()):
            shared = len(os.path.commonprefix([k, stem]))
            whole = shared == len(stem) and len(k) <= len(stem) + 5
            if whole or (shared >= 4 and shared * 5 >= 3 * min(len(k), len(stem))):
                found[k] = max(found.get(k, 0), shared)
        return tuple(sorted(found, key=lambda k: (-found[k], len(k), k))[:3])


def lemma_lookup(language: str) -> dict[str, str]:
    """spacy-lookups-data's lemma table of a language (form -> lemma; {} without one), read as the
    plain JSON it ships, without starting spaCy."""
    import gzip
    import json
    import sys
    from pathlib import Path

    code = "nb" if language in ("no", "nn") else language
    analyse = sys.modules.get("extract.text.analyse")
    if analyse is not None and "spacy" in sys.modules:  # a process with spaCy up (the site's, after
        return dict(analyse.lemma_table(code))  # lint) has the same table in memory, or reads it as fast
    try:
        import spacy_lookups_data
    except ImportError:
        return {}
    path = Path(spacy_lookups_data.__file__).parent / "data" / f"{code}_lemma_lookup.json.gz"
    if not path.is_file():
        return {}
    with gzip.open(path, "rt", encoding="utf-8") as stream:
        table = json.load(stream)
    return table if isinstance(table, dict) else {}


def irregular_forms(lang: Language, table: dict[str, str]) -> dict[str, str]:
    """Inflected forms whose lemma has another stem than they have, where the texts use the
    lemma's ("fell" -> "fall", "föll" -> "fall", "leesett" -> the stem of "leesik"): the
    lemmatiser's knowledge, kept only where it connects a question to the vocabulary of the texts."""
    lemma_stems: dict[str, str] = {}
    found: dict[str, str] = {}
    for form, lemma in table.items():
        if not isinstance(lemma, str) or not form.isalpha() or not form.islower():
            continue
        target = lemma_stems.get(lemma)
        if target is None:
            target = lemma_stems[lemma] = lang.stem(lemma.lower())
        if target in lang.vocabulary and lang.stem(form) != target:
            found[form] = target
    return dict(sorted(found.items()))
