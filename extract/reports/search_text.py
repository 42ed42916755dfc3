"""Words for the search: tokens, Snowball stems per language, stop words and compound splitting.

Nothing here knows a phrase of the Laws: a language is a Snowball stemmer (when Snowball has one),
a curated list of stop words (kb/search.yaml) and the vocabulary of the texts written in it. A
language with neither still searches, on folded words.
"""

from __future__ import annotations

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
    """How one language's words become search terms: stemmer, stop words, known stems."""

    code: str
    stop_words: frozenset[str] = frozenset()
    vocabulary: dict[str, int] = field(default_factory=dict)  # stem -> document frequency
    _stems: dict[str, str] = field(default_factory=dict, repr=False)
    _splits: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)

    def stem(self, word: str) -> str:
        cached = self._stems.get(word)
        if cached is None:
            stemmer = _stemmer(self.code)
            cached = stemmer.stemWord(word) if stemmer else word
            self._stems[word] = cached
        return cached

    def stems(self, text_words: Iterable[str], keep_stop_words: bool = False) -> list[str]:
        return [self.stem(w) for w in text_words if keep_stop_words or w not in self.stop_words]

    def split(self, word: str) -> tuple[str, ...]:
        """The stems of a compound's two parts when both are words of this language, else ()."""
        if word in self._splits:
            return self._splits[word]
        best: tuple[int, tuple[str, ...]] = (0, ())
        if len(word) >= 2 * MIN_PART and not word.isdigit():
            for cut in range(MIN_PART, len(word) - MIN_PART + 1):
                head, tail = word[:cut], word[cut:]
                tail_stem = self.stem(tail)
                if tail_stem not in self.vocabulary or tail in self.stop_words:
                    continue
                for link in LINKS:
                    if link and not head.endswith(link):
                        continue
                    stem_head = head[: len(head) - len(link)] if link else head
                    if len(stem_head) < MIN_PART or stem_head in self.stop_words:
                        continue
                    head_stem = self.stem(stem_head)
                    if head_stem in self.vocabulary or stem_head in self.vocabulary:
                        score = min(len(stem_head), len(tail))
                        if score > best[0]:
                            best = (
                                score,
                                (head_stem if head_stem in self.vocabulary else stem_head, tail_stem),
                            )
        self._splits[word] = best[1]
        return best[1]
