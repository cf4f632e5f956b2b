"""Double Seven's events: the log entries of a transition, told as words, from one table.

A state's log (``state.log``) holds plain records, ``(entry_kind, value, ...)``, written by
``transitions.py``. ``EVENTS`` gives each entry kind its row (``core.events.EventWords``):
the event's kind and rule id, the names of the entry's values, the seats among them, and
the English and French templates; ``_spell`` gives the templates their words (a seat as
the player's name, an animal, a family, the rack shown). Only the end of the game
("game-over", D12) is told by a function of its own, as its words branch: a shared victory,
the tie the '77' breaks, or one winner.

Imports ``core.events``, ``rules.py`` and the words ``verdicts.py`` shares (a family).
"""

from __future__ import annotations

from functools import partial

from ..core.events import Event, EventWords, Name, tell
from ..core.names import join_names
from .rules import ANIMALS, KINDS, name_of, one_of
from .verdicts import _fam_en, _fam_fr, _family_en, _family_fr

# entry kind -> how it is told. The fields name the entry's values after its kind, in order
# (see _spell for how each is worded); the seats are the event's players.
EVENTS = {
    "dealt": EventWords(
        "dealt", "doubleseven.setup", ("p",), ("p",),
        "{p} is dealt a tile.",
        "{p} reçoit une tuile."),
    "flipped": EventWords(
        "flipped", "doubleseven.flip", ("p", "k"), ("p",),
        "A {k} is turned face up.",
        "Une tuile {k} est retournée face visible."),
    "drew-hidden": EventWords(
        "drew", "doubleseven.draw-source", ("p",), ("p",),
        "{p} draws a hidden tile.",
        "{p} pioche une tuile cachée."),
    "drew-face-up": EventWords(
        "drew", "doubleseven.draw-source", ("p", "k"), ("p",),
        "{p} takes the face-up {k}.",
        "{p} prend la tuile visible {k}."),
    "nothing-left": EventWords(
        "nothing-left", "doubleseven.short-reserve", ("p",), ("p",),
        "No tile is left: {p} stops drawing.",
        "Il ne reste aucune tuile : {p} arrête de piocher."),
    "no-draw": EventWords(
        "no-draw", "doubleseven.short-reserve", ("p",), ("p",),
        "No tile is left to draw: {p} skips the draw.",
        "Il ne reste aucune tuile à piocher : {p} ne pioche pas."),
    "rainbow": EventWords(
        "rainbow", "doubleseven.rainbow", ("p", "rack"), ("p",),
        "Rainbow! {p} shows the rack: {rack}.",
        "Arc-en-ciel ! {p} montre son chevalet : {rack}."),
    "started": EventWords(
        "started", "doubleseven.start-family", ("p", "index", "family"), ("p",),
        "{p} starts family {index}: {family}.",
        "{p} commence la famille {index} : {family}."),
    "expanded": EventWords(
        "expanded", "doubleseven.expand-family", ("p", "index", "family"), ("p",),
        "{p}'s family {index} now has {family}.",
        "La famille {index} {p:de} a maintenant {family}."),
    "exchanged": EventWords(
        "exchanged", "doubleseven.exchange", ("p", "mine", "q", "theirs", "given", "taken"),
        ("p", "q"),
        "{p} gives {given} (family {mine}) to {q} for {taken} (family {theirs}).",
        "{p} donne {given} (famille {mine}) à {q} contre {taken} (famille {theirs})."),
    "retrieved": EventWords(
        "retrieved", "doubleseven.retrieve-clover", ("p", "owner", "index", "animal"),
        ("p", "owner"),
        "{p} puts a {animal} in {owners_family} and takes its clover.",
        "{p} met {animal.one} dans {owners_family} et prend son trèfle."),
    "two-for-one": EventWords(
        "two-for-one", "doubleseven.two-for-one", ("p", "a", "b"), ("p",),
        "{p} discards a {a} and a {b} face up (Two for One).",
        "{p} défausse {a.one} et {b.one} face visible (Deux contre Un)."),
    "sept": EventWords(
        "sept", "doubleseven.sept", ("p", "animal"), ("p",),
        "Sept! {p}'s family of {animal.many} has 7 or more tiles: a '7' token.",
        "Sept ! La famille {animal.many:de} {p:de} a 7 tuiles ou plus : un jeton « 7 »."),
    "sept-no-token": EventWords(
        "sept", "doubleseven.token-supply", ("p", "animal"), ("p",),
        "Sept! {p}'s {animal.many} reach 7, but the eight '7' tokens are gone: no token (it "
        "still counts toward the '77').",
        "Sept ! Les {animal.many} {p:de} atteignent 7, mais les huit jetons « 7 » sont "
        "épuisés : pas de jeton (cela compte quand même pour le « 77 »)."),
    "double-sept": EventWords(
        "double-sept", "doubleseven.double-sept", ("p",), ("p",),
        "Double Sept! {p} takes the '77' (2 points).",
        "Double Sept ! {p} prend le « 77 » (2 points)."),
    "end-77": EventWords(
        "end-triggered", "doubleseven.game-end", ("p",), ("p",),
        "The '77' triggers the end of the game: {p} finishes the turn, then every other "
        "player has one final turn.",
        "Le « 77 » déclenche la fin de la partie : {p} finit son tour, puis chaque autre "
        "joueur joue un dernier tour."),
    "end-last-tile": EventWords(
        "end-triggered", "doubleseven.game-end", ("p",), ("p",),
        "{p} drew the last tile: {p} finishes the turn, then every other player has one "
        "final turn.",
        "{p} a pioché la dernière tuile : {p} finit son tour, puis chaque autre joueur joue "
        "un dernier tour."),
    "first-trigger-stands": EventWords(
        "first-trigger-stands", "doubleseven.game-end", ("p", "q"), ("p", "q"),
        "The end was already triggered by {q}: that trigger stands, and the '77' still "
        "scores 2 (D18).",
        "La fin était déjà déclenchée par {q} : ce déclenchement compte, et le « 77 » "
        "rapporte quand même 2 (D18)."),
    "final-turn": EventWords(
        "final-turn", "doubleseven.final-turns", ("p",), ("p",),
        "{p}'s final turn.",
        "Dernier tour {p:de}."),
    "vide": EventWords(
        "vide", "doubleseven.vide", ("p",), ("p",),
        "Vide! {p}'s rack is empty: the turn ends.",
        "Vide ! Le chevalet {p:de} est vide : le tour se termine."),
    "passed": EventWords(
        "passed", "doubleseven.pass", ("p",), ("p",),
        "{p}: Je passe !",
        "{p} : Je passe !"),
    "discarded": EventWords(
        "discarded", "doubleseven.discard", ("p", "k"), ("p",),
        "{p} discards a {k} out of the game.",
        "{p} défausse {k.one} hors du jeu."),
}


class _Animal:
    """An animal in an event template, in one language: ``{k}`` its name ("fox", « renard
    »), ``{k.one}`` one tile of it with its article ("a fox", « une grenouille »),
    ``{k.many}`` its plural, ``{k.many:de}`` that after French « de » (« d'écureuils »)."""

    __slots__ = ("kind", "lang")

    def __init__(self, kind: int, lang: str):
        self.kind, self.lang = kind, lang

    def __format__(self, spec: str) -> str:
        return format(name_of(self.kind, self.lang), spec)

    @property
    def one(self) -> str:
        return one_of(self.kind, self.lang)

    @property
    def many(self) -> Name:  # a Name for its "de" form, which any French word takes alike
        return Name(name_of(self.kind, self.lang, 2))


def _seat(names, seat, lang):
    return Name(names[seat])


def _animal(names, kind, lang):
    return _Animal(kind, lang)


def _number(names, index, lang):
    return index + 1


def _family(names, family, lang):
    return _fam_fr(family) if lang == "fr" else _fam_en(family)


def _shown(names, rack, lang):
    """The rack Rainbow shows: every tile, in kind order, "fox, fox, owl"."""
    return ", ".join(ANIMALS[k].fr if lang == "fr" else ANIMALS[k].en
                     for k in range(KINDS) for _ in range(rack[k]))


# field -> how its value is told: a seat as the player's name (p, q, owner), a tile kind as
# an animal (k, a, b, animal), a family's index (from 0) as its number (from 1), a family
# (animal, animals, clovers) as "4 tiles: 3 foxes and 1 clover", a rack as the tiles shown
_FIELD_WORDS = {"p": _seat, "q": _seat, "owner": _seat, "k": _animal, "a": _animal,
                "b": _animal, "animal": _animal, "index": _number, "mine": _number,
                "theirs": _number, "family": _family, "given": _family, "taken": _family,
                "rack": _shown}


def _spell(names, values: dict, lang: str) -> dict:
    """The words of an entry's ``values`` in ``lang``, for its templates (see _FIELD_WORDS);
    a retrieval's family is also told as ``owners_family``: "their own family 2" for the
    mover's own, "Bob's family 2" (« la famille 2 de Bob ») for another player's."""
    spelled = {field: _FIELD_WORDS[field](names, value, lang) for field, value in values.items()}
    if "owner" in values:
        words = _family_fr if lang == "fr" else _family_en
        owner = values["owner"]
        spelled["owners_family"] = words(values["index"] + 1, names[owner],
                                         owner == values["p"])
    return spelled


def _game_over(names, entry) -> Event:
    """The end of the game (D12): the scores, then one winner, a shared victory, or the tie
    the holder of the '77' wins."""
    _, scores, winners, holder = entry
    listed = ", ".join(f"{names[p]} {q}" for p, q in enumerate(scores))
    if len(winners) > 1:
        en = f"{join_names(names, winners, 'en')} share the victory."
        fr = f"{join_names(names, winners, 'fr')} se partagent la victoire."
    elif holder in winners and list(scores).count(scores[holder]) > 1:
        en = f"{names[holder]} wins the tie with the '77'."
        fr = f"{names[holder]} l'emporte à égalité grâce au « 77 »."
    else:
        en = f"{names[winners[0]]} wins."
        fr = f"{names[winners[0]]} gagne."
    return Event("game-over", tuple(winners), "doubleseven.tie",
                 f"The game is over. Scores: {listed}. {en}",
                 f"La partie est terminée. Scores : {listed}. {fr}")


def _event(names, entry) -> Event:
    """The Event a log entry is, with the players' ``names``."""
    kind = entry[0]
    if kind == "game-over":
        return _game_over(names, entry)
    words = EVENTS.get(kind)
    if words is None:
        raise AssertionError(f"unknown event {kind!r}")
    return tell(words, entry, partial(_spell, names))
