"""Flip 7's moves: the values a player or chance plays, and how they are read from text.

``HIT`` (flip7.hit), ``STAY`` (flip7.stay) and ``DRAW`` (asks chance for the next card: a
deal card, a hit, a card of a Flip Three) are words; a card drawn is a
:class:`doublesept.flip7.rules.Flip7Card` (a chance outcome); a :class:`Target` plays a
Freeze or a Flip Three on a player (flip7.freeze, flip7.flip-three); a :class:`Give` gives
a surplus Second Chance (flip7.second-chance-limit) or a card a busted player had set aside
(flip7.deferred-after-bust). ``parse_move`` reads any of them, with the players' names or
their seat numbers. Whether a move is legal is decided in ``verdicts.py``.

Imports only the core's move values, names and numbers, the errors and ``rules.py``.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.moves import MoveValue, Word, move_or_key
from ..core.names import move_names
from ..core.numbers import check_whole, read_whole
from ..errors import NotationError, shown
from .rules import (
    _CARD_TOKENS,
    ACTION_WORDS_EN,
    ACTION_WORDS_FR,
    CARDS,
    FLIP_THREE,
    FREEZE,
    MAX_PLAYERS,
    SECOND_CHANCE,
    Flip7Card,
    _key,
    card,
)

HIT = Word("hit", "encore")  # flip7.hit
STAY = Word("stay", "stop")  # flip7.stay
DRAW = Word("draw", "pioche")  # asks chance for the next card (a deal card, a hit, a flip)
_WORDS = {"hit": HIT, "encore": HIT, "stay": STAY, "stop": STAY, "draw": DRAW, "flip": DRAW,
          "deal": DRAW, "pioche": DRAW, "piocher": DRAW, "donne": DRAW, "retourne": DRAW}


class Target(MoveValue):
    """Choosing the player an action card is played on: ``freeze 2`` or ``flip-three 2``
    (seat numbers from 0). Interned, immutable and ordered."""

    __slots__ = ("action", "seat")
    _known: ClassVar[dict] = {}

    def __new__(cls, action, seat: int):
        action = action.kind if action.__class__ is Flip7Card else action
        found = cls._known.get((action, seat))
        if found is None:
            if action not in (FREEZE, FLIP_THREE):
                raise NotationError("only a Freeze or a Flip Three is played on a player",
                                    "seul un Gel ou un Trois à la Suite se joue sur un joueur")
            check_whole(seat, "seat", 0, MAX_PLAYERS - 1, NotationError)
            found = object.__new__(cls)
            object.__setattr__(found, "action", action)
            object.__setattr__(found, "seat", seat)
            cls._known[(action, seat)] = found
        return found

    @property
    def card(self) -> Flip7Card:
        return CARDS[self.action]

    def text(self, lang: str = "en") -> str:
        words = ACTION_WORDS_FR if lang == "fr" else ACTION_WORDS_EN
        return f"{words[self.action]} {self.seat}"

    def __repr__(self) -> str:
        return f"Target({self.text()!r})"

    def __reduce__(self):
        return (Target, (self.action, self.seat))

    def sort_key(self) -> tuple:
        return (2, self.action, self.seat)


class Give(MoveValue):
    """Giving a card to a player: a surplus Second Chance (``give second-chance 2``), or a
    card a busted player had set aside (``give freeze 2``, ``give flip-three 2``)."""

    __slots__ = ("action", "seat")
    _known: ClassVar[dict] = {}

    def __new__(cls, action, seat: int):
        action = action.kind if action.__class__ is Flip7Card else action
        found = cls._known.get((action, seat))
        if found is None:
            if action not in (FREEZE, FLIP_THREE, SECOND_CHANCE):
                raise NotationError("only a Second Chance, or a Freeze or Flip Three set aside, "
                                    "is given",
                                    "on ne donne qu'une Seconde Chance, ou un Gel ou un Trois "
                                    "à la Suite mis de côté")
            check_whole(seat, "seat", 0, MAX_PLAYERS - 1, NotationError)
            found = object.__new__(cls)
            object.__setattr__(found, "action", action)
            object.__setattr__(found, "seat", seat)
            cls._known[(action, seat)] = found
        return found

    @property
    def card(self) -> Flip7Card:
        return CARDS[self.action]

    def text(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"donner {ACTION_WORDS_FR[self.action]} {self.seat}"
        return f"give {ACTION_WORDS_EN[self.action]} {self.seat}"

    def __repr__(self) -> str:
        return f"Give({self.text()!r})"

    def __reduce__(self):
        return (Give, (self.action, self.seat))

    def sort_key(self) -> tuple:
        return (3, self.action, self.seat)


_MOVE_CLASSES = (Word, Flip7Card, Target, Give)
_TARGET_WORDS = {"freeze": FREEZE, "gel": FREEZE, "geler": FREEZE, "flip three": FLIP_THREE,
                 "flip 3": FLIP_THREE, "trois à la suite": FLIP_THREE,
                 "trois a la suite": FLIP_THREE}
_GIVE_WORDS = ("give ", "donner ", "donne ", "pass ", "passer ")
# The words before the player exactly as Target.text and Give.text write them (keys, as
# ``_key`` reads them): none is the start of another, so a text written by the engine
# splits one way only, whatever the names.
_WRITTEN = {}
for _words in (ACTION_WORDS_EN, ACTION_WORDS_FR):
    _give = "give " if _words is ACTION_WORDS_EN else "donner "
    for _kind, _word in _words.items():
        if _kind != SECOND_CHANCE:
            _WRITTEN[_key(_word)] = (Target, _kind)
        _WRITTEN[_key(_give + _word)] = (Give, _kind)
_WRITTEN_MOST = max(len(words.split()) for words in _WRITTEN)
_SEAT_KEYS: dict = {}  # names (a tuple) -> {_key(name): seat}


def _seat_keys(names) -> dict:
    names = move_names(names)
    found = _SEAT_KEYS.get(names)
    if found is None:
        found = {_key(name): seat for seat, name in enumerate(names)}
        if len(_SEAT_KEYS) > 256:
            _SEAT_KEYS.clear()
        _SEAT_KEYS[names] = found
    return found


def _seat_of(who: str, seat_keys: dict):
    """The seat ``who`` names (a key): a player's name, or a seat number; None otherwise."""
    seat = seat_keys.get(who)
    if seat is None and who.isascii() and who.isdigit():
        seat = read_whole(who, "the player's seat number", 0, MAX_PLAYERS - 1,
                          "le numéro de place du joueur")
    return seat


def parse_move(move, names=()):
    """Read a move: ``hit``, ``stay``, ``draw`` (also ``flip``), a card drawn (``7``,
    ``Freeze``: a chance outcome), ``freeze 2``, ``flip-three 2``, ``give second-chance 2``
    or ``give freeze 2``; in French ``encore``, ``stop``, ``pioche``, ``gel 2``,
    ``trois-à-la-suite 2``, ``donner seconde-chance 2``. A player is a seat number from 0,
    or a name among ``names`` (case, hyphens and spaces aside, as names differ).

    The words as the engine writes them are read first, so every text ``move.text`` and
    ``state.move_text`` write reads back, whatever the names ("give second-chance 2 Bob"
    with players "2 Bob" and "Bob"); then the other spellings (``gel``, ``flip 3``, ``give
    second``...), the longest name first.

    >>> parse_move("freeze Bob", ["Ann", "Bob"]), parse_move("donner seconde-chance 0")
    (Target('freeze 1'), Give('give second-chance 0'))

    Raises NotationError, saying which notation is expected."""
    text = move_or_key(move, _MOVE_CLASSES, _WORDS, _key,
                       "a Flip 7 move is text such as 'hit', 'stay' or 'freeze 1'",
                       "un coup de Flip 7 s'écrit comme « encore », « stop » ou « gel 1 »")
    if text.__class__ is not str:
        return text
    seat_keys = _seat_keys(names) if names else {}
    tokens = text.split(" ")
    for cut in range(1, min(len(tokens), _WRITTEN_MOST + 1)):
        written = _WRITTEN.get(" ".join(tokens[:cut]))
        if written is not None:
            seat = _seat_of(" ".join(tokens[cut:]), seat_keys)
            if seat is not None:
                return written[0](written[1], seat)
            break  # no other written words start the same way
    for cut in range(1, len(tokens)):  # the other spellings: the longest name first
        who, what = " ".join(tokens[cut:]), " ".join(tokens[:cut])
        seat = _seat_of(who, seat_keys)
        if seat is None:
            continue
        if what in _TARGET_WORDS:
            return Target(_TARGET_WORDS[what], seat)
        for prefix in _GIVE_WORDS:
            if (what + " ").startswith(prefix):
                kind = _CARD_TOKENS.get(what[len(prefix):])
                if kind is not None:
                    return Give(kind, seat)
    try:
        return card(move)
    except NotationError:
        pass
    raise NotationError(
        f"{shown(move)} is not a Flip 7 move: write hit, stay, draw, a card drawn (such as 7 "
        "or Freeze), freeze <player>, flip-three <player>, give second-chance <player> or "
        "give <card> <player>",
        f"{shown(move)} n'est pas un coup de Flip 7 : écrivez encore, stop, pioche, une carte "
        "piochée (comme 7 ou Gel), gel <joueur>, trois-à-la-suite <joueur>, donner "
        "seconde-chance <joueur> ou donner <carte> <joueur>")


def _reads_as_move(key: str) -> bool:
    """Whether ``key`` (a name, as ``_key`` reads it) reads as a move word or a card: a
    player may not be named so (``state.names_of``)."""
    if key in _WORDS:
        return True
    try:
        card(key)
    except NotationError:
        return False
    return True
