"""Events: the automatic consequences of a move, for lessons and widgets to narrate.

A move such as playing a last card has consequences nobody chose: the round
ends, penalties are scored. The state that results lists them in
``state.events``. Each event names its kind, the seats concerned, the rule
behind it, and says it in English and French, so no game wording lives in
widget code.
"""

from __future__ import annotations

import json
from typing import NamedTuple


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
