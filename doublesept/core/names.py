"""Players' names, checked once for every game.

Every name the engine accepts must survive every output it has: the text
notation, the JSON save written as UTF-8, the HTML picture and the widgets. So
a name is printable text of 1 to 40 characters, with none of the notation's
separators, not a word of the notation, and different from the other names.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from ..errors import NotationError, PositionError, shown

MAX_NAME = 40  # characters: a name fits a table's column
RESERVED_NAMES = ("-", "...", "…")  # words of every notation: nothing, the rest of the cards


def player_names(players, *, rule_id: str, title: str, low: int, high: int,
                 default_names: tuple, separators: str = ",:", fields: tuple = (),
                 is_word: Callable[[str], bool] | None = None,
                 key: Callable[[str], str] | None = None) -> tuple:
    """The players' names (a tuple of str) from a count or a list of names.

    ``players`` is a count from ``low`` to ``high`` (then the first ``default_names``)
    or an iterable of names. Each name must be printable text of at most MAX_NAME
    characters, without a line break or one of ``separators``, not starting with '#'
    or a space, not a reserved word, a field of ``fields``, nor a word of the game's
    notation (``is_word``), and no two names may have the same ``key``. Raises
    PositionError naming the problem (with ``rule_id`` for the count of players).
    """
    if isinstance(players, str):
        raise PositionError(f"players must be a count or a list of names, not the text "
                            f"{shown(players)}")
    if isinstance(players, int) and not isinstance(players, bool):
        if not low <= players <= high:
            raise PositionError(f"[{rule_id}] {title} is for {low} to {high} players, "
                                f"not {shown(players)}")
        return tuple(default_names[:players])
    try:  # at most one name too many: range(10**9) or an endless iterator stops here
        names = tuple(itertools.islice(players, high + 1))
    except TypeError:
        raise PositionError(f"players must be a count or a list of names, "
                            f"not {shown(players)}") from None
    if not low <= len(names) <= high:
        count = len(names) if len(names) <= high else f"more than {high}"
        raise PositionError(f"[{rule_id}] {title} is for {low} to {high} players, not {count}")
    seen = set()
    banned = "', '".join(separators)
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise PositionError(f"a player's name must be non-empty text, not {shown(name)}")
        if len(name) > MAX_NAME:
            raise PositionError(f"the name {shown(name)} is longer than {MAX_NAME} characters")
        if name in RESERVED_NAMES:
            raise PositionError(f"{name!r} is a word of the notation (nothing, or the rest of "
                                "the cards) and cannot be a name")
        if any(ch in name for ch in separators) or len(name.splitlines()) != 1 \
                or name.strip() != name or name.startswith("#"):
            raise PositionError(f"the name {shown(name)} may not contain '{banned}' or a line "
                                "break, nor start with '#', nor start or end with a space")
        if not name.isprintable() or any(0xD800 <= ord(ch) <= 0xDFFF for ch in name):
            raise PositionError(f"the name {shown(name)} holds a character that cannot be "
                                "shown or saved: use printable letters, digits and signs")
        if name.lower() in fields or (is_word is not None and is_word(name)):
            raise PositionError(f"{name!r} is a word of the notation and cannot be a name")
        same = key(name) if key is not None else name
        if same in seen:
            raise PositionError("two players have the same name: names must differ")
        seen.add(same)
    return names


def move_names(names) -> tuple:
    """The players' names a move parser reads (a tuple of str), from a list or a tuple of
    texts. Raises NotationError, naming ``names``, for anything else."""
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise NotationError(f"names: the players' names are a list of texts, not "
                            f"{shown(names)}",
                            f"names : les noms des joueurs sont une liste de textes, pas "
                            f"{shown(names)}")
    return tuple(names)


def join_words(words, lang: str = "en") -> str:
    """Words joined as a sentence lists them: "a, b and c", « a, b et c » (``lang`` "fr")."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + (" et " if lang == "fr" else " and ") + words[-1]


def join_names(names, players, lang: str = "en") -> str:
    """The names of ``players`` (seats into ``names``) joined: "Ann, Bob and Cy"."""
    return join_words([names[p] for p in players], lang)
