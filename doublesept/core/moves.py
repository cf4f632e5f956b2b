"""Move values shared by the games: named moves such as pass, deal, hit or stay.

A move is a value: immutable, hashable, ordered, written with ``text(lang)``
and read back by its game's ``parse_move``. Cards and tiles are moves of their
own classes; ``Word`` is for the moves that are a word.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from ..errors import NotationError, shown


class MoveValue:
    """Base of every move value: immutable, hashable, ordered by ``sort_key()`` (a tuple
    whose first item ranks the kind of move), and written with ``text(lang)``."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"a move is a value and cannot change ({name})")

    def sort_key(self) -> tuple:
        raise NotImplementedError

    def text(self, lang: str = "en") -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    def __lt__(self, other) -> bool:
        key = getattr(other, "sort_key", None)
        return NotImplemented if key is None else self.sort_key() < key()

    def __gt__(self, other) -> bool:
        key = getattr(other, "sort_key", None)
        return NotImplemented if key is None else self.sort_key() > key()


class Word(MoveValue):
    """A move that is a word (pass, deal). Interned: one object per name, so ``is`` works.

    Words sort after every card or tile, then by their order of creation.
    """

    __slots__ = ("en", "fr", "order")
    _known: ClassVar[dict[str, Word]] = {}

    def __new__(cls, en: str, fr: str):
        found = cls._known.get(en)
        if found is not None:
            return found
        word = object.__new__(cls)
        object.__setattr__(word, "en", en)
        object.__setattr__(word, "fr", fr)
        object.__setattr__(word, "order", len(cls._known))
        cls._known[en] = word
        return word

    @property
    def name(self) -> str:
        return self.en

    def text(self, lang: str = "en") -> str:
        """The word in ``lang``: "en" (also "symbol" and "letter") or "fr"."""
        return self.fr if lang == "fr" else self.en

    def __str__(self) -> str:
        return self.en

    def __repr__(self) -> str:
        return self.en.upper().replace("-", "_")

    def __reduce__(self):
        return (Word, (self.en, self.fr))

    def sort_key(self) -> tuple:
        return (1, self.order)


def move_or_key(move, classes, words: dict, key: Callable[[str], str], expected_en: str,
                expected_fr: str):
    """The start every game's ``parse_move`` shares: ``move`` itself when it is already one
    of the game's moves (of a class in ``classes``); for text, the word it names (``words``,
    by its ``key(text)``), else that key (a str) for the game to read on. Anything else
    raises NotationError: "``expected_en``, not <what was given>" (and in French,
    "``expected_fr``, pas ...")."""
    if move.__class__ in classes:
        return move
    if not isinstance(move, str):
        raise NotationError(f"{expected_en}, not {shown(move)}", f"{expected_fr}, pas {shown(move)}")
    text = key(move)
    return words.get(text, text)
