"""Flip 7's events: the log entries of a transition, told as words, from one table.

A state's log (``state.log``) holds plain records, ``(entry_kind, value, ...)``, written by
``transitions.py``. ``EVENTS`` gives each of them its row (``core.events.EventWords``): the
event's kind and rule id, the names of the entry's values, the seats among them, and the
English and French templates; ``_spell`` gives the templates their words (a seat as the
player's name, a card as its name or with its article, the leaders' names joined). An
entry whose rule or words depend on its values is told by the row of a variant, its key
``kind/variant`` (``_VARIANTS`` gives it): a Freeze or Flip Three taken by its own drawer
(``/self``) or given by a busted player (``/given``: flip7.deferred-after-bust); why an
action card is discarded (``action-discarded/<why>``: ``target-out``, a card given its
player first whose player is out by the time it would take effect, flip7.set-aside-targets); a reshuffle in the middle of a round
or between rounds; discards that hold no number card (``endless-reshuffle/none``); a new
round from a new deck. Only the end of a round ("round-over", flip7.scoring) is told by a
function of its own, as it lists every player's points.

Imports ``core.events``, the core's names, ``rules.py`` and the words ``verdicts.py``
shares (a card with its article).
"""

from __future__ import annotations

from functools import partial

from ..core.events import Event, EventWords, Name, tell
from ..core.names import join_names
from .rules import NAMES_EN, NAMES_FR
from .verdicts import _a_card_en, _a_card_fr

# the words of the events that two rules share (a card taken by its own drawer)
_FROZEN_SELF = (("owner", "target", "given"), ("target",),
                ("{target} takes the Freeze and is out of the round; the cards already in "
                 "front still score."),
                "{target} se gèle et sort de la manche, en gardant ses points.")
_FLIP_THREE_SELF = (("owner", "target", "given"), ("target",),
                    "{target} takes the Flip Three: three cards to flip.",
                    "{target} se fait retourner trois cartes.")
_DISCARDED = ("owner", "c", "why")


def _discarded(rule_id: str, en: str, fr: str) -> EventWords:
    """An action card discarded (``action-discarded/<why>``), ``en`` and ``fr`` saying why."""
    return EventWords("action-discarded", rule_id, _DISCARDED, ("owner",),
                      f"{{owner}}'s {{c}} is discarded: {en}.",
                      f"La carte {{c}} {{owner:de}} est défaussée : {fr}.")


# entry kind (or kind/variant, see _VARIANTS) -> how it is told. The fields name the entry's
# values after its kind, in order (see _spell for how each is worded); the seats are the
# event's players.
EVENTS = {
    # ---- a card drawn
    "dealt": EventWords(
        "dealt", "flip7.deal", ("p", "c"), ("p",),
        "{p} is dealt {c.a}.",
        "{p} reçoit {c.a}."),
    "drew": EventWords(
        "drew", "flip7.hit", ("p", "c"), ("p",),
        "{p} draws {c.a}.",
        "{p} pioche {c.a}."),
    "flipped": EventWords(
        "flipped", "flip7.flip-three", ("p", "c", "which"), ("p",),
        "{p} flips {c.a} (card {which} of 3).",
        "{p} retourne {c.a} (carte {which} sur 3)."),
    "stayed": EventWords(
        "stayed", "flip7.stay", ("p",), ("p",),
        "{p} stays and leaves the round.",
        "{p} dit stop et sort de la manche."),
    "bust": EventWords(
        "bust", "flip7.bust", ("p", "c"), ("p",),
        "{p} already has the {c}: {p} busts and is out of the round, scoring 0.",
        "{p} a déjà le {c} : {p} saute et sort de la manche, avec 0 point."),
    "flip-7": EventWords(
        "flip-7", "flip7.flip-7", ("p",), ("p",),
        "Flip 7! {p} has seven different numbers: the round ends at once for everyone.",
        "Flip 7 ! {p} a sept Numéros différents : la manche se termine immédiatement pour "
        "tout le monde."),
    # ---- Second Chance
    "second-chance-used": EventWords(
        "second-chance-used", "flip7.second-chance", ("p", "c"), ("p",),
        "{p}'s Second Chance cancels the second {c}: both cards are discarded, and {p} stays "
        "in.",
        "La Seconde Chance {p:de} annule le deuxième {c} : les deux cartes sont défaussées, "
        "et {p} reste en jeu."),
    "second-chance-kept": EventWords(
        "second-chance-kept", "flip7.second-chance", ("p",), ("p",),
        "{p} keeps the Second Chance.",
        "{p} garde la Seconde Chance."),
    "second-chance-passed": EventWords(
        "second-chance-passed", "flip7.second-chance-limit", ("owner", "p"), ("owner", "p"),
        "{owner} already has a Second Chance and passes this one to {p}.",
        "{owner} a déjà une Seconde Chance et passe celle-ci à {p}."),
    "second-chance-discarded": EventWords(
        "second-chance-discarded", "flip7.second-chance-limit", ("owner",), ("owner",),
        "{owner} already has a Second Chance and no other active player can take this one: "
        "it is discarded.",
        "{owner} a déjà une Seconde Chance et aucun autre joueur actif ne peut prendre "
        "celle-ci : elle est défaussée."),
    # ---- action cards
    "set-aside": EventWords(
        "action-set-aside", "flip7.flip-three-deferred", ("p", "c"), ("p",),
        "{p} sets the {c} aside until the three cards are flipped.",
        "{p} met la carte {c} de côté jusqu'à la fin des trois cartes."),
    "frozen": EventWords(
        "frozen", "flip7.freeze", ("owner", "target", "given"), ("owner", "target"),
        "{owner} freezes {target}: {target} is out of the round; the cards already in front "
        "still score.",
        "{owner} gèle {target} : {target} sort de la manche, en gardant ses points."),
    "frozen/given": EventWords(
        "frozen", "flip7.deferred-after-bust", ("owner", "target", "given"),
        ("owner", "target"),
        "{owner} gives the Freeze to {target}: {target} is out of the round; the cards "
        "already in front still score.",
        "{owner} donne le Gel à {target} : {target} sort de la manche, en gardant ses "
        "points."),
    "frozen/self": EventWords("frozen", "flip7.freeze", *_FROZEN_SELF),
    # (a busted owner is out of the round, never its own target: told as the chain did)
    "frozen/self/given": EventWords("frozen", "flip7.deferred-after-bust", *_FROZEN_SELF),
    "flip-three": EventWords(
        "flip-three", "flip7.flip-three", ("owner", "target", "given"), ("owner", "target"),
        "{owner} makes {target} flip three cards.",
        "{owner} fait retourner trois cartes à {target}."),
    "flip-three/given": EventWords(
        "flip-three", "flip7.deferred-after-bust", ("owner", "target", "given"),
        ("owner", "target"),
        "{owner} gives the Flip Three to {target}, who flips three cards.",
        "{owner} donne le Trois à la Suite à {target}, qui retourne trois cartes."),
    "flip-three/self": EventWords("flip-three", "flip7.flip-three", *_FLIP_THREE_SELF),
    "flip-three/self/given": EventWords("flip-three", "flip7.deferred-after-bust",
                                        *_FLIP_THREE_SELF),
    "aimed": EventWords(
        "target-chosen", "flip7.set-aside-targets", ("owner", "c", "target", "given"),
        ("owner", "target"),
        "{owner} gives the {c} to {target}: it takes effect once every card set aside has "
        "its player.",
        "{owner} attribue la carte {c} à {target} : elle prendra effet quand toutes les "
        "cartes mises de côté auront leur joueur."),
    "action-discarded/target-out": _discarded(
        "flip7.set-aside-targets", "the player it was given to is out of the round by now",
        "le joueur à qui elle a été attribuée est déjà sorti de la manche"),
    "action-discarded/nobody": _discarded(
        "flip7.deferred-after-bust", "nobody is active to receive it",
        "personne n'est actif pour la recevoir"),
    "action-discarded/faq": _discarded(
        "flip7.deferred-after-bust", "a bust discards the cards set aside (FAQ)",
        "un joueur qui saute perd les cartes mises de côté (FAQ)"),
    "action-discarded/dropped": _discarded(
        "flip7.frozen-target-deferred", "{owner} is out of the round",
        "{owner} est hors de la manche"),
    "action-discarded/round-over": _discarded(
        "flip7.flip-three-stops", "the round is over", "la manche est terminée"),
    # ---- the deck
    "reshuffle/mid-round": EventWords(
        "reshuffle", "flip7.reshuffle-mid-round", ("mid_round", "size"), (),
        "The deck is empty: the {size} discards are shuffled into a new deck; the cards in "
        "front of players stay there.",
        "La pioche est vide : les {size} cartes défaussées sont mélangées en une nouvelle "
        "pioche ; les cartes devant les joueurs y restent."),
    "reshuffle/between-rounds": EventWords(
        "reshuffle", "flip7.reshuffle-between-rounds", ("mid_round", "size"), (),
        "The deck is empty between rounds: the {size} discards are shuffled into a new deck.",
        "La pioche est vide entre deux manches : les {size} cartes défaussées sont mélangées "
        "en une nouvelle pioche."),
    "no-cards": EventWords(
        "no-cards", "flip7.endless-reshuffle", (), (),
        "No card is left to draw, in the deck or the discards: the round ends, and the "
        "players still in keep their points.",
        "Il ne reste aucune carte à piocher, ni dans la pioche ni dans la défausse : la "
        "manche se termine, et les joueurs encore en jeu gardent leurs points."),
    "endless-reshuffle/none": EventWords(
        "endless-reshuffle", "flip7.endless-reshuffle", ("size", "numbers"), (),
        "The deck is empty and {cards} hold no number card and no modifier: shuffling them "
        "would change nothing, so the round ends, and the players still in keep their "
        "points.",
        "La pioche est vide et {cards} ne contient ni carte Numéro ni carte Bonus : la "
        "mélanger ne changerait rien, donc la manche se termine, et les joueurs encore en "
        "jeu gardent leurs points."),
    "endless-reshuffle": EventWords(
        "endless-reshuffle", "flip7.endless-reshuffle", ("size", "numbers"), (),
        "The deck is empty and {cards} hold no modifier and only {some}, each a number a "
        "player still in already has: Second Chances could cancel them all, so the same "
        "cards could go round for ever; the round ends, and the players still in keep their "
        "points.",
        "La pioche est vide et {cards} ne contient aucune carte Bonus et seulement {some}, "
        "chacune un numéro qu'un joueur encore en jeu a déjà : des Secondes Chances "
        "pourraient toutes les annuler, et les mêmes cartes tourner sans fin ; la manche se "
        "termine, et les joueurs encore en jeu gardent leurs points."),
    # ---- rounds and the game
    "new-round": EventWords(
        "new-round", "flip7.dealer-rotates", ("number", "dealer", "reshuffled"), ("dealer",),
        "Round {number}: {dealer} deals, with the rest of the deck.",
        "Manche {number} : {dealer} distribue, avec le reste de la pioche."),
    "new-round/new-deck": EventWords(  # the deck ran out at the end of the last round
        "new-round", "flip7.dealer-rotates", ("number", "dealer", "reshuffled"), ("dealer",),
        "Round {number}: {dealer} deals, from a new deck.",
        "Manche {number} : {dealer} distribue, avec une nouvelle pioche."),
    "game-over": EventWords(
        "game-over", "flip7.game-end", ("winner", "total"), ("winner",),
        "The game is over: {winner} wins with {total} points.",
        "La partie est terminée : {winner} gagne avec {total} points."),
    "tie": EventWords(
        "tie", "flip7.tie", ("leaders", "total"), ("leaders",),
        "{leaders} are tied at the top with {total}: everyone plays another round.",
        "{leaders} sont à égalité en tête avec {total} : tout le monde joue une manche de "
        "plus."),
}


def _played(entry) -> str:
    """A Freeze or a Flip Three played, ``(kind, owner, target, given)``: on its own drawer
    (``/self``), given by a busted player (``/given``)."""
    _, owner, target, given = entry
    return entry[0] + ("/self" if owner == target else "") + ("/given" if given else "")


# entry kind -> the key of the row that tells an entry of that kind, from its values
_VARIANTS = {
    "frozen": _played,
    "flip-three": _played,
    "action-discarded": lambda entry: f"action-discarded/{entry[3]}",
    "reshuffle": lambda entry: "reshuffle/mid-round" if entry[1] else "reshuffle/between-rounds",
    "endless-reshuffle": lambda entry: "endless-reshuffle" if entry[2] else
                         "endless-reshuffle/none",
    "new-round": lambda entry: "new-round/new-deck" if entry[3] else "new-round",
}

_SEATS = frozenset(("p", "owner", "target", "dealer", "winner"))  # a seat: the player's name


class _Card:
    """A card in an event template, in one language: ``{c}`` its name ("7", "Freeze", « Gel
    »), ``{c.a}`` with its article ("a 7", "an 8", « la carte Gel »)."""

    __slots__ = ("kind", "lang")

    def __init__(self, kind: int, lang: str):
        self.kind, self.lang = kind, lang

    def __format__(self, spec: str) -> str:
        return format((NAMES_FR if self.lang == "fr" else NAMES_EN)[self.kind], spec)

    @property
    def a(self) -> str:
        return _a_card_fr(self.kind) if self.lang == "fr" else _a_card_en(self.kind)


def _spell(names, values: dict, lang: str) -> dict:
    """The words of an entry's ``values`` in ``lang``, for its templates: a seat (``p``,
    ``owner``, ``target``, ``dealer``, ``winner``) as the player's :class:`Name`, a card
    (``c``) as a :class:`_Card`, the ``leaders`` as their names joined ("Ann and Bob"), a
    number as itself. An endless reshuffle's discards are also told as ``cards`` ("the
    discards (3 cards)") and its number cards as ``some`` ("one number card")."""
    fr = lang == "fr"
    words = {}
    for field, value in values.items():
        if field in _SEATS:
            value = Name(names[value])
        elif field == "c":
            value = _Card(value, lang)
        elif field == "leaders":
            value = join_names(names, value, lang)
        words[field] = value
    if "numbers" in values:
        size, numbers = values["size"], values["numbers"]
        plural = "" if size == 1 else "s"
        if fr:
            words["cards"] = f"la défausse ({size} carte{plural})"
            words["some"] = "une carte Numéro" if numbers == 1 else f"{numbers} cartes Numéro"
        else:
            words["cards"] = f"the discards ({size} card{plural})"
            words["some"] = "one number card" if numbers == 1 else f"{numbers} number cards"
    return words


def _round_over(names, entry) -> Event:
    """The end of a round (flip7.scoring): every player's points, a bust marked."""
    _, number, points, _, busted = entry
    listed_en = ", ".join(f"{names[p]} {q}" + (" (bust)" if busted >> p & 1 else "")
                          for p, q in enumerate(points))
    listed_fr = ", ".join(f"{names[p]} {q}" + (" (a sauté)" if busted >> p & 1 else "")
                          for p, q in enumerate(points))
    return Event("round-over", tuple(range(len(points))), "flip7.scoring",
                 f"Round {number} is over. Points: {listed_en}.",
                 f"La manche {number} est terminée. Points : {listed_fr}.")


def _event(names, entry) -> Event:
    """The Event a log entry is, with the players' ``names``."""
    kind = entry[0]
    if kind == "round-over":
        return _round_over(names, entry)
    variant = _VARIANTS.get(kind)
    words = EVENTS.get(kind if variant is None else variant(entry))
    if words is None:
        raise AssertionError(f"unknown event {kind!r}")
    event = tell(words, entry, partial(_spell, names))
    if kind == "tie":  # its seats field holds the leaders, a group of seats
        return event._replace(players=event.players[0])
    return event
