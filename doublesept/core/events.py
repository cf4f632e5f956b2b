"""Events: the automatic consequences of a move, for lessons and widgets to narrate.

A move such as playing a last card has consequences nobody chose: the round
ends, penalties are scored. The state that results lists them in
``state.events``. Each event names its kind, the seats concerned, the rule
behind it, and says it in English and French, so no game wording lives in
widget code.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import NamedTuple

from .french import de


class Event(NamedTuple):
    """One automatic consequence: ``kind`` (a short name such as "went-out" or "bust"),
    ``players`` (a tuple of seat indices), ``rule_id``, and the words ``en`` and ``fr``."""

    kind: str
    players: tuple
    rule_id: str
    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en

    def as_json(self) -> dict:
        """The event as JSON-safe data."""
        return {"kind": self.kind, "players": list(self.players), "rule_id": self.rule_id,
                "en": self.en, "fr": self.fr}


class EventWords(NamedTuple):
    """How one kind of log entry is told, as data: a row of a game's events table.

    A state's log holds plain tuples, ``(entry_kind, value, ...)``; ``fields`` names the
    values after the entry kind, in order (``("p", "k")`` for ``("flipped", 2, 5)``).
    ``kind`` and ``rule_id`` are the :class:`Event`'s; ``seats`` names the fields whose
    values are the event's players (seat indices), in order. ``en`` and ``fr`` are
    :meth:`str.format` templates over the fields as the game's speller gives them (see
    :func:`tell`), such as ``"{p} is dealt a tile."`` and ``"Dernier tour {p:de}."``.
    """

    kind: str
    rule_id: str
    fields: tuple
    seats: tuple
    en: str
    fr: str


class Name(str):
    """A player's name in an event template: ``{p}`` is the name, ``{p:de}`` the name after
    French « de » (« de Bob », « d'Ann »: :func:`doublesept.core.french.de`)."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        if spec == "de":
            return de(str(self))
        return format(str(self), spec)


Speller = Callable[[dict, str], Mapping]


def tell(words: EventWords, entry: tuple, spell: Speller) -> Event:
    """The :class:`Event` that ``entry`` (a log tuple) is, told by its table row ``words``.

    ``spell(values, lang)`` turns the entry's values (a dict, field name → value) into the
    mapping the templates read in ``lang`` ("en" or "fr"): typically each seat field as a
    :class:`Name`, each card or tile as its word, plus any field computed from them.
    Raises ``KeyError`` when a template names a field the speller does not give (a table
    error, caught by the games' event tests)."""
    values = dict(zip(words.fields, entry[1:]))
    return Event(words.kind, tuple(values[field] for field in words.seats), words.rule_id,
                 words.en.format_map(spell(values, "en")),
                 words.fr.format_map(spell(values, "fr")))


def observation_text(observation: dict) -> str:
    """``observation`` as canonical JSON text (sorted keys, ASCII) without the words of its
    events: their kind, players and rule id stay, their ``en`` and ``fr`` go. A computer
    player seeds its random choices with it, so rewording a message never changes a seeded
    game (the seed stays a text: ``random`` hashes it with SHA-512, the same everywhere)."""
    events = observation.get("events")
    if isinstance(events, list):
        observation = {**observation, "events": [
            {k: v for k, v in e.items() if k not in ("en", "fr")} if isinstance(e, dict) else e
            for e in events]}
    return json.dumps(observation, sort_keys=True, ensure_ascii=True)
