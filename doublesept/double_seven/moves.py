"""Double Seven's moves: values with a readable text in English and French that reads back.

The forms (English, then French), with players as seat numbers from 0 (``player 1``) or,
through ``parse_move(text, names)`` and ``state.move_text``, by name (``Bob``):

- chance steps: ``deal`` (donne), ``flip`` (retourner), ``reveal`` (révéler); a tile
  (``fox``, ``renard``) is a chance outcome that stacks the reserve;
- ``draw hidden`` (piocher cachée), ``draw face-up fox`` (piocher visible renard);
- ``rainbow`` (arc-en-ciel);
- ``start fox fox clover`` (commencer renard renard trèfle);
- ``expand 2 with fox clover`` (agrandir 2 avec renard trèfle): your family 2;
- ``exchange my 1 for player 1's 2`` (échanger ma 1 contre la 2 du joueur 1), or
  ``exchange my 1 for Bob's 2`` (échanger ma 1 contre la 2 de Bob);
- ``retrieve clover from my 1 with fox`` (récupérer trèfle de ma 1 avec renard),
  ``retrieve clover from player 1's 2 with fox`` (récupérer trèfle de la 2 du joueur 1
  avec renard);
- ``two-for-one fox bird`` (deux-contre-un renard oiseau); the tile taken then is a draw;
- ``pass`` (passe, also ``je passe``); ``discard fox`` (défausser renard).

Families are numbered from 1 in their owner's row, in the order they were put down; an
exchanged family takes the place of the one given for it.
"""

from __future__ import annotations

import re
from typing import ClassVar

from ..core.french import de
from ..core.moves import MoveValue, Word, move_or_key
from ..core.names import move_names
from ..core.numbers import read_whole
from ..errors import NotationError, shown
from .rules import ANIMALS, CLOVER, KINDS, MAX_PLAYERS, TILES, Tile, _key, tile_kind

MAX_FAMILY = 99  # a family number: 91 tiles make at most 45 families

DEAL = Word("deal", "donne")  # chance: the next tile of the deal (doubleseven.setup)
FLIP = Word("flip", "retourner")  # chance: the tile turned face up (doubleseven.flip)
REVEAL = Word("reveal", "révéler")  # chance: the hidden tile drawn (doubleseven.draw-source)
DRAW_HIDDEN = Word("draw hidden", "piocher cachée")  # doubleseven.draw-source
RAINBOW = Word("rainbow", "arc-en-ciel")  # doubleseven.rainbow
PASS = Word("pass", "passe")  # doubleseven.pass

_WORDS = {"deal": DEAL, "donne": DEAL, "distribuer": DEAL, "flip": FLIP, "retourner": FLIP,
          "reveal": REVEAL, "révéler": REVEAL, "reveler": REVEAL,
          "draw hidden": DRAW_HIDDEN, "piocher cachée": DRAW_HIDDEN,
          "piocher cachee": DRAW_HIDDEN, "draw face-down": DRAW_HIDDEN,
          "rainbow": RAINBOW, "arc-en-ciel": RAINBOW, "arc en ciel": RAINBOW,
          "pass": PASS, "passe": PASS, "je passe": PASS, "passer": PASS}


def _names(kinds, lang: str) -> str:
    return " ".join(ANIMALS[k].fr if lang == "fr" else ANIMALS[k].en for k in kinds)


# ---------------------------------------------------------------- the words of a move

# The words of each move that takes parts, written once: a move's ``text`` writes itself with
# them, and a move being built (the click-to-build panel) with GAP for each part it lacks.
GAP = "…"  # a part of a move not chosen yet


def _part(value) -> str:
    return GAP if value is None else str(value)


def _tiles_or_gap(kinds, lang: str) -> str:
    return _names(kinds, lang) if kinds else GAP


def start_words(kinds, lang: str = "en") -> str:
    """``start fox fox clover`` / ``commencer renard renard trèfle``; GAP for no tiles."""
    return ("commencer " if lang == "fr" else "start ") + _tiles_or_gap(kinds, lang)


def expand_words(family, kinds, lang: str = "en") -> str:
    """``expand 2 with fox`` / ``agrandir 2 avec renard``; GAP for a part not chosen
    (``family`` None, no ``kinds``)."""
    if lang == "fr":
        return f"agrandir {_part(family)} avec {_tiles_or_gap(kinds, 'fr')}"
    return f"expand {_part(family)} with {_tiles_or_gap(kinds, 'en')}"


def _whose(seat, family, lang: str, who: str | None) -> str:
    """Another player's family: ``player 1's 2`` / ``Bob's 2`` / ``la 2 du joueur 1`` /
    ``la 2 de Bob``; GAP for a part not chosen (``seat`` None and no ``who``)."""
    if lang == "fr":
        owner = de(who) if who else GAP if seat is None else f"du joueur {seat}"
        if owner is GAP:
            owner = f"de {GAP}"
        return f"la {_part(family)} {owner}"
    owner = f"{who}'s" if who else f"{GAP}'s" if seat is None else f"player {seat}'s"
    return f"{owner} {_part(family)}"


def exchange_words(mine, seat, theirs, lang: str = "en", who: str | None = None) -> str:
    """``exchange my 1 for player 1's 2`` (``who`` names the player: ``Bob's 2``) /
    ``échanger ma 1 contre la 2 du joueur 1``; GAP for a part not chosen."""
    if lang == "fr":
        return f"échanger ma {_part(mine)} contre {_whose(seat, theirs, 'fr', who)}"
    return f"exchange my {_part(mine)} for {_whose(seat, theirs, 'en', who)}"


def retrieve_words(owner, family, kind, lang: str = "en", who: str | None = None) -> str:
    """``retrieve clover from my 1 with fox`` (``owner`` -1: your own family) or ``from
    player 1's 2`` (``who``: ``from Bob's 2``) / ``récupérer trèfle de ma 1 avec renard``;
    GAP for a part not chosen (``owner`` and ``family`` None: no family yet)."""
    fr = lang == "fr"
    if owner is None and family is None:
        where = GAP
    elif owner == -1:
        where = f"ma {family}" if fr else f"my {family}"
    else:
        where = _whose(owner, family, lang, who)
    animal = GAP if kind is None else ANIMALS[kind].fr if fr else ANIMALS[kind].en
    if fr:
        return f"récupérer trèfle de {where} avec {animal}"
    return f"retrieve clover from {where} with {animal}"


def two_for_one_words(kinds, lang: str = "en") -> str:
    """``two-for-one fox bird`` / ``deux-contre-un renard oiseau``; GAP for no tiles."""
    return ("deux-contre-un " if lang == "fr" else "two-for-one ") + _tiles_or_gap(kinds, lang)


class _Interned(MoveValue):
    """A move made of small whole numbers, interned by its fields."""

    __slots__ = ("_sort",)
    _known: ClassVar[dict]
    _fields: ClassVar[tuple] = ()
    _rank: ClassVar[int] = 0

    @classmethod
    def _make(cls, *values):
        found = cls._known.get(values)
        if found is None:
            found = object.__new__(cls)
            for name, value in zip(cls._fields, values):
                object.__setattr__(found, name, value)
            object.__setattr__(found, "_sort", (cls._rank, *values))
            cls._known[values] = found
        return found

    @classmethod
    def of(cls, *values):
        """The move with these field values, already checked (the engine's fast path)."""
        found = cls._known.get(values)
        return found if found is not None else cls(*values)

    def __reduce__(self):
        return (type(self), tuple(getattr(self, f) for f in self._fields))

    def sort_key(self) -> tuple:
        return self._sort

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text()!r})"


def _kinds(tiles) -> tuple:
    kinds = []
    for t in tiles:
        kind = tile_kind(t) if not isinstance(t, int) or isinstance(t, bool) else t
        if kind is None or not 0 <= kind < KINDS:
            raise NotationError(f"{shown(t)} is not a tile", f"{shown(t)} n'est pas une tuile")
        kinds.append(kind)
    return tuple(sorted(kinds))


class DrawFaceUp(_Interned):
    """Draw one face-up tile: ``draw face-up fox``."""

    __slots__ = ("kind",)
    _known: ClassVar[dict] = {}
    _fields = ("kind",)
    _rank = 2

    def __new__(cls, kind):
        return cls._make(_kinds((kind,))[0])

    def text(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"piocher visible {ANIMALS[self.kind].fr}"
        return f"draw face-up {ANIMALS[self.kind].en}"


class Start(_Interned):
    """Start a family with these rack tiles: ``start fox fox clover``."""

    __slots__ = ("kinds",)
    _known: ClassVar[dict] = {}
    _fields = ("kinds",)
    _rank = 3

    def __new__(cls, kinds):
        kinds = _kinds(kinds)
        if not kinds:
            raise NotationError("a family starts with tiles: start fox fox",
                                "une famille commence avec des tuiles : commencer renard "
                                "renard")
        return cls._make(kinds)

    def text(self, lang: str = "en") -> str:
        return start_words(self.kinds, lang)


class Expand(_Interned):
    """Expand your family ``family`` (from 1) with rack tiles: ``expand 2 with fox``."""

    __slots__ = ("family", "kinds")
    _known: ClassVar[dict] = {}
    _fields = ("family", "kinds")
    _rank = 4

    def __new__(cls, family, kinds):
        _family(family)
        kinds = _kinds(kinds)
        if not kinds:
            raise NotationError("a family is expanded with tiles: expand 1 with fox",
                                "une famille s'agrandit avec des tuiles : agrandir 1 avec "
                                "renard")
        return cls._make(family, kinds)

    def text(self, lang: str = "en") -> str:
        return expand_words(self.family, self.kinds, lang)


class Exchange(_Interned):
    """Exchange your family ``mine`` for player ``seat``'s family ``theirs``:
    ``exchange my 1 for player 1's 2``."""

    __slots__ = ("mine", "seat", "theirs")
    _known: ClassVar[dict] = {}
    _fields = ("mine", "seat", "theirs")
    _rank = 5

    def __new__(cls, mine, seat, theirs):
        _family(mine), _seat(seat), _family(theirs)
        return cls._make(mine, seat, theirs)

    def text(self, lang: str = "en", who: str | None = None) -> str:
        return exchange_words(self.mine, self.seat, self.theirs, lang, who)


class Retrieve(_Interned):
    """Retrieve a clover from a family, giving the matching animal:
    ``retrieve clover from my 1 with fox`` (``owner`` -1: your own family) or
    ``retrieve clover from player 1's 2 with fox``."""

    __slots__ = ("family", "kind", "owner")
    _known: ClassVar[dict] = {}
    _fields = ("owner", "family", "kind")
    _rank = 6

    def __new__(cls, owner, family, kind):
        if owner != -1:
            _seat(owner)
        _family(family)
        kind = _kinds((kind,))[0]
        if kind == CLOVER:
            raise NotationError("a clover is retrieved with an animal tile, not a clover",
                                "un trèfle se récupère avec une tuile animal, pas un trèfle")
        return cls._make(owner, family, kind)

    def text(self, lang: str = "en", who: str | None = None) -> str:
        return retrieve_words(self.owner, self.family, self.kind, lang, who)


class TwoForOne(_Interned):
    """Two for One: discard these two rack tiles face up (the tile taken is then a draw):
    ``two-for-one fox bird``."""

    __slots__ = ("kinds",)
    _known: ClassVar[dict] = {}
    _fields = ("kinds",)
    _rank = 7

    def __new__(cls, kinds):
        kinds = _kinds(kinds)
        if len(kinds) != 2:
            raise NotationError("Two for One discards exactly 2 tiles: two-for-one fox bird",
                                "Deux contre Un défausse exactement 2 tuiles : "
                                "deux-contre-un renard oiseau")
        return cls._make(kinds)

    def text(self, lang: str = "en") -> str:
        return two_for_one_words(self.kinds, lang)


class Discard(_Interned):
    """The end-of-turn discard, out of the game: ``discard fox``."""

    __slots__ = ("kind",)
    _known: ClassVar[dict] = {}
    _fields = ("kind",)
    _rank = 8

    def __new__(cls, kind):
        return cls._make(_kinds((kind,))[0])

    def text(self, lang: str = "en") -> str:
        if lang == "fr":
            return f"défausser {ANIMALS[self.kind].fr}"
        return f"discard {ANIMALS[self.kind].en}"


MOVE_CLASSES = (Word, Tile, DrawFaceUp, Start, Expand, Exchange, Retrieve, TwoForOne, Discard)


def _family(n) -> int:
    if n.__class__ is not int or not 1 <= n <= MAX_FAMILY:
        raise NotationError(f"a family number is from 1 to {MAX_FAMILY}, not {shown(n)}",
                            f"un numéro de famille va de 1 à {MAX_FAMILY}, pas {shown(n)}")
    return n


def _seat(n) -> int:
    if n.__class__ is not int or not 0 <= n < MAX_PLAYERS:
        raise NotationError(f"a player's seat is from 0 to {MAX_PLAYERS - 1}, not {shown(n)}",
                            f"la place d'un joueur va de 0 à {MAX_PLAYERS - 1}, pas "
                            f"{shown(n)}")
    return n


# ---------------------------------------------------------------- reading

_HELP_EN = ("write deal, flip, reveal, draw hidden, draw face-up <tile>, rainbow, start <tiles>, "
            "expand <n> with <tiles>, exchange my <n> for <player>'s <n>, retrieve clover from "
            "<my|player's> <n> with <animal>, two-for-one <tile> <tile>, pass or discard <tile>")
_HELP_FR = ("écrivez donne, retourner, révéler, piocher cachée, piocher visible <tuile>, "
            "arc-en-ciel, commencer <tuiles>, agrandir <n> avec <tuiles>, échanger ma <n> "
            "contre la <n> de <joueur>, récupérer trèfle de <ma n | la n de joueur> avec "
            "<animal>, deux-contre-un <tuile> <tuile>, passe ou défausser <tuile>")


def _tiles(text: str) -> tuple:
    kinds = []
    for word in text.replace(",", " ").split():
        kind = tile_kind(word)
        if kind is None:
            raise NotationError(f"{shown(word)} is not a tile: write "
                                + ", ".join(a.en for a in ANIMALS),
                                f"{shown(word)} n'est pas une tuile : écrivez "
                                + ", ".join(a.fr for a in ANIMALS))
        kinds.append(kind)
    return tuple(kinds)


_FOLDED: dict = {}  # names (a tuple) -> their keys, case folded ("ΟΔΟΣ" -> "οδοσ")


def _folded(names) -> tuple:
    keys = tuple(_key(name).casefold() for name in names)
    if names.__class__ is tuple:
        if len(_FOLDED) > 256:
            _FOLDED.clear()
        _FOLDED[names] = keys
    return keys


def _who(text: str, names, move: str = "") -> int:
    """A player: ``player 2`` / ``joueur 2`` (a seat from 0) or a name among ``names``.
    ``text`` is read from the move lowercased; an error quotes it as the move ``move``
    spells it. Two names that read the same lowercased ("Bob", "bob") are told apart by
    the move as ``state.move_text`` writes it, else by the one spelling
    found in ``move``; NotationError when neither tells."""
    text = text.strip()
    for word in ("player ", "joueur "):
        if text.startswith(word) and text[len(word):].strip().isascii():
            return read_whole(text[len(word):], "the player's seat", 0, MAX_PLAYERS - 1,
                              "la place du joueur")
    keys = _FOLDED.get(names) if names.__class__ is tuple else None
    if keys is None:
        keys = _folded(names)
    folded = text.casefold()
    seats = [seat for seat, key in enumerate(keys) if key == folded]
    if len(seats) == 1:
        return seats[0]
    seat = _seat_as_written(move.strip(), names) if names else None
    if seat is not None:  # as state.move_text writes it: the name exactly
        return seat
    if seats:
        spelled = [seat for seat in seats if names[seat] in move]
        if len(spelled) != 1:
            both = " or ".join(names[seat] for seat in seats)
            raise NotationError(f"{shown(text)} could be {both}: write the name as it is "
                                "spelled at the table",
                                f"{shown(text)} peut être {both.replace(' or ', ' ou ')} : "
                                "écrivez le nom comme il s'écrit à la table")
        return spelled[0]
    written = re.search(r"[\s_]+".join(map(re.escape, text.split())), move, re.IGNORECASE)
    if written is not None:
        text = written[0]
    if names:
        listed = ", ".join(names)
        raise NotationError(f"{shown(text)} is not a player here: write a name ({listed}) or "
                            f"player <seat>, from 0",
                            f"{shown(text)} n'est pas un joueur de cette partie : écrivez un nom "
                            f"({listed}) ou joueur <place>, à partir de 0")
    raise NotationError(f"{shown(text)} is not a player: write player <seat> or a name",
                        f"{shown(text)} n'est pas un joueur : écrivez joueur <place> ou un nom")


def _number(text: str) -> int:
    return read_whole(text, "the family number", 1, MAX_FAMILY, "le numéro de famille")


_EXCHANGE_EN = re.compile(r"exchange my (\S+) (?:for|with) (.+)'s (\S+)")
_EXCHANGE_FR = re.compile(r"échanger ma (\S+) contre la (\S+) "
                          r"(?:du (joueur \S+)|(?:de |d['’])(.+))")
_RETRIEVE_EN = re.compile(r"retrieve (?:clover|joker) from (?:my|(.+)'s) (\S+) with (\S+)")
_RETRIEVE_FR = re.compile(r"récupérer (?:trèfle|joker) de (?:ma (\S+)|la (\S+) "
                          r"(?:du (joueur \S+)|(?:de |d['’])(.+))) avec (\S+)")
# The forms ``state.move_text`` writes with a player's name, read on the text as written, so
# the name is matched exactly (case, spaces, underscores, any script): English
# "exchange my 1 for Bob's 2", "retrieve clover from Bob's 1 with fox", French "échanger ma 1
# contre la 2 de Bob", "récupérer trèfle de la 1 d'Ann avec renard" (``de(name)``). The
# fixed words around the name split such a text one way only.
_NAMED_EXCHANGE_EN = re.compile(r"exchange my ([0-9]+) for (.+)'s ([0-9]+)")
_NAMED_EXCHANGE_FR = re.compile(r"échanger ma ([0-9]+) contre la ([0-9]+) (.+)")
_NAMED_RETRIEVE_EN = re.compile(r"retrieve clover from (.+)'s ([0-9]+) with (\S+)")
_NAMED_RETRIEVE_FR = re.compile(r"récupérer trèfle de la ([0-9]+) (.+) avec (\S+)")
_NAMED = ((_NAMED_EXCHANGE_EN, 2, False), (_NAMED_EXCHANGE_FR, 3, True),
          (_NAMED_RETRIEVE_EN, 1, False), (_NAMED_RETRIEVE_FR, 2, True))  # (form, name, de)
_EXPAND_EN = re.compile(r"expand (\S+) with (.+)")
_EXPAND_FR = re.compile(r"agrandir (\S+) avec (.+)")


def _seat_as_written(move: str, names):
    """The seat of the player ``move`` names, when it is an exchange or a retrieval written
    as ``state.move_text`` writes it with one of ``names`` exactly; None otherwise."""
    for pattern, group, french in _NAMED:
        found = pattern.fullmatch(move)
        if found:
            text = found[group]
            for seat, name in enumerate(names):
                if text == (de(name) if french else name):
                    return seat
            return None
    return None


def parse_move(move, names=()):
    """Read a move (see the module's forms). ``names`` are the players' names, so a move may
    name a player (``exchange my 1 for Bob's 2``) as well as give a seat (``player 1``).
    A name is read case aside; when two names read the same ("Bob", "bob", "Bob_Cy" and
    "Bob Cy"), a move written as ``state.move_text`` writes it is read with the names
    exactly, so it reads back whatever the names.

    >>> parse_move("start fox fox clover")
    Start('start fox fox clover')
    >>> parse_move("échanger ma 1 contre la 2 de Bob", ["Ann", "Bob"]).text()
    "exchange my 1 for player 1's 2"

    Raises NotationError, saying which forms exist."""
    if isinstance(move, str):
        move_names(names)
    text = move_or_key(move, MOVE_CLASSES, _WORDS, _key,
                       "a Double Seven move is text such as 'draw hidden' or 'pass'",
                       "un coup de Double Seven s'écrit comme « piocher cachée » ou « passe »")
    if text.__class__ is not str:
        return text
    head, _, rest = text.partition(" ")
    try:
        if head in ("draw", "piocher") and rest:
            side, _, what = rest.partition(" ")
            if side in ("face-up", "visible", "faceup") and what:
                kinds = _tiles(what)
                if len(kinds) == 1:
                    return DrawFaceUp(kinds[0])
        elif head in ("start", "commencer") and rest:
            return Start(_tiles(rest))
        elif head in ("two-for-one", "deux-contre-un") and rest:
            return TwoForOne(_tiles(rest))
        elif head in ("discard", "défausser", "defausser") and rest:
            kinds = _tiles(rest)
            if len(kinds) == 1:
                return Discard(kinds[0])
        elif head in ("expand", "agrandir"):
            found = _EXPAND_EN.fullmatch(text) or _EXPAND_FR.fullmatch(text)
            if found:
                return Expand(_number(found[1]), _tiles(found[2]))
        elif head == "exchange":
            found = _EXCHANGE_EN.fullmatch(text)
            if found:
                return Exchange(_number(found[1]), _who(found[2], names, move), _number(found[3]))
        elif head == "échanger":
            found = _EXCHANGE_FR.fullmatch(text)
            if found:
                who = _who(found[3] or found[4], names, move)
                return Exchange(_number(found[1]), who, _number(found[2]))
        elif head == "retrieve":
            found = _RETRIEVE_EN.fullmatch(text)
            if found:
                owner = -1 if found[1] is None else _who(found[1], names, move)
                return Retrieve(owner, _number(found[2]), _tiles(found[3])[0])
        elif head in ("récupérer", "recuperer"):
            found = _RETRIEVE_FR.fullmatch(text.replace("recuperer", "récupérer", 1))
            if found:
                if found[1] is not None:
                    owner, number = -1, found[1]
                else:
                    owner, number = _who(found[3] or found[4], names, move), found[2]
                return Retrieve(owner, _number(number), _tiles(found[5])[0])
        else:
            kind = tile_kind(text)
            if kind is not None:
                return TILES[kind]
    except NotationError as err:
        raise NotationError(f"{shown(move)}: {err.reason_en}",
                            f"{shown(move)} : {err.reason_fr}") from None
    raise NotationError(f"{shown(move)} is not a Double Seven move: {_HELP_EN}",
                        f"{shown(move)} n'est pas un coup de Double Seven : {_HELP_FR}")
