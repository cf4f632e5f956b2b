"""The Flip 7 widgets: the table (``Flip7Table``) and the try-a-move table (``Flip7TryMoves``).

Everything but Flip 7's own table comes from ``GameWidget`` in ``base.py``: the header,
the controls, the languages, the seat's view, the messages and the try-a-move rows (from
``state.verdicts()``, with their reasons, rule ids and sources). This module only lays
out what the engine's observation says: each player's line, their status, the scores, the
deck and the discards. It decides no rule; the browser side is ``widgets/flip7.js``.

Every Flip 7 card lies face up, so there is no hand to hide: the only hidden thing is the
order of the deck, and no view holds it (a view is built from ``state.observation(seat)``).
``show_hands`` is taken for the shared signature and changes nothing; the page shows no
hands toggle.

No meter of the bust probability yet: the engine offers no such computation, and a widget
never computes rules.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.state import CHANCE
from ..errors import NotationError
from ..flip7 import CARDS, SECOND_CHANCE, Flip7State, Give, Target, card, render_html
from .base import MAX_TEXT, GameWidget, Seen, number_text

__all__ = ["Flip7Table", "Flip7TryMoves"]

# Each status has a symbol and a word, so colour is never the only signal.
STATUSES = ("active", "stayed", "frozen", "busted")


class Flip7Table(GameWidget):
    """A Flip 7 position: each player's line (numbers, modifiers, a Second Chance held),
    who is in play, stayed, frozen or busted, who decides, the round's points and the
    totals, the dealer, the deck and the discards.

    ``lang`` is "en", "fr" or "both" (English with French beneath); ``seat`` shows only
    what that seat sees (``state.observation(seat)``); ``show_hands`` changes nothing, as
    every card lies face up.
    """

    state_class = Flip7State
    module = "flip7.js"
    styles = "flip7.css"
    css_class = "ds-flip7"
    # No hands to show or hide: the page sends only the language (and, with try_moves,
    # play, undo and reset); a show_hands message is refused as unknown.
    INTENTS: ClassVar[dict] = {"lang": {"lang": str}}
    WORDS: ClassVar[dict] = {
        "players_label": ("players", "joueurs"),
        "piles_label": ("deck and discards", "pioche et défausse"),
        "line_label": ("{name}'s cards", "cartes de {name}"),
        "no_card": ("no card", "aucune carte"),
        "status_active": ("● in play", "● en jeu"),
        "status_stayed": ("■ stayed", "■ stop"),
        "status_frozen": ("❄ frozen", "❄ gelé"),
        "status_busted": ("✘ busted", "✘ a sauté"),
        "flip7_tag": ("★ Flip 7", "★ Flip 7"),
        "dealer": ("dealer", "donneur"),
        "turn_tag": ("turn", "son tour"),
        "decides_tag": ("▶ decides", "▶ décide"),
        "twice": ("{card}, drawn twice", "{card}, piochée deux fois"),
        "twice_mark": ("‼", "‼"),
        "round_points": ("this round: {n}", "cette manche : {n}"),
        "total": ("total: {n}", "total : {n}"),
        "deck": ("Deck: {n}", "Pioche : {n}"),
        "discards": ("Discards: {n}", "Défausse : {n}"),
        "set_aside": ("Set aside: {cards}", "Mis de côté : {cards}"),
        "cards": ("{n} cards", "{n} cartes"),
        "one_card": ("1 card", "1 carte"),
        "no_cards": ("no cards", "aucune carte"),
        "moves": ("{n} moves", "{n} coups"),
        "round_number": ("Round {n}", "Manche {n}"),
    }

    def __init__(self, state: Flip7State, show_hands: bool = True, **kwargs):
        super().__init__(state, show_hands, **kwargs)

    # ---- hooks of the base

    def seen(self, state) -> Seen:
        """Every line is public: the viewer sees all of them, whatever ``show_hands``."""
        obs = state.observation(self._seat)
        to_move = state.to_move
        playing = isinstance(to_move, int) and to_move is not CHANCE
        hands = [[*line["numbers"], *line["modifiers"]]
                 + ([str(CARDS[SECOND_CHANCE])] if line["second_chance"] else [])
                 for line in obs["lines"]]
        legal = frozenset(self.move_text(m) for m in state.legal_moves()) if playing \
            else frozenset()
        return Seen(obs, self._seat, hands, legal, playing)

    def move_text(self, move, lang: str = "en") -> str:
        """A move as text, with the players' names ('freeze Bob', 'gel Bob'). What a click
        sends ("en") keeps the seat number when the name is too long to send, or does not
        read back as the same move."""
        state = self._state
        if move.__class__ in (Target, Give) and move.seat < len(state.names):
            named = state.move_text(move, lang)
            if lang == "fr":
                return named
            try:
                same = state.parse_move(named) is move
            except NotationError:  # a name the notation cannot read back
                same = False
            if len(named) <= MAX_TEXT and same:
                return named
        return move.text("fr" if lang == "fr" else "en")

    def shown_text(self, move, lang: str = "en") -> str:
        """A move as the page shows it: always with the players' names ('freeze Bob')."""
        state = self._state
        if move.__class__ in (Target, Give) and move.seat < len(state.names):
            return state.move_text(move, lang)
        return move.text("fr" if lang == "fr" else "en")

    def move_button(self, move) -> dict:
        button = super().move_button(move)  # sends move_text(move): short enough to send
        text = self.shown_text(move, self._main)
        return {**button, "text": text, "label": text}

    def played_text(self, mover, move) -> tuple[str, str]:
        if mover is None:  # a card drawn: the events say which
            return super().played_text(mover, move)
        return (f"{mover} chose {self.shown_text(move)}",
                f"{mover} a choisi {self.shown_text(move, 'fr')}")

    def count_text(self, count: int) -> str | None:
        return self.word("moves", n=count)

    def round_text(self, state) -> str | None:
        return self.word("round_number", n=number_text(state.round))

    def static_html(self) -> str:
        return render_html(self._state)

    # ---- Flip 7's own table

    def _count(self, n: int) -> str:
        if n == 0:
            return self.word("no_cards")
        return self.word("one_card") if n == 1 else self.word("cards", n=number_text(n))

    def _card(self, text: str) -> str:
        """A card of the observation, in the widget's language ('Freeze' -> 'Gel')."""
        return card(text).text(self._main)

    def table_view(self, state: Flip7State, seen: Seen) -> dict:
        obs = seen.obs
        to_move = obs["to_move"]
        flip7_player = state.flip7_player
        players = []
        for index, name in enumerate(obs["players"]):
            line = obs["lines"][index]
            numbers = []
            for i, text in enumerate(line["numbers"]):
                twice = text in line["numbers"][:i]  # a busted line shows its duplicate twice
                shown = self._card(text)
                numbers.append({"text": shown, "twice": twice,
                                "label": self.word("twice", card=shown) if twice else shown})
            status = line["status"]
            players.append({
                "name": name,
                "seat": index,
                "status": status,
                "status_text": self.word(f"status_{status}"),
                "flip7": index == flip7_player,
                "to_move": index == to_move,
                "turn": index == obs["turn"],
                "dealer": index == obs["dealer"],
                "line_label": self.word("line_label", name=name),
                "numbers": numbers,
                "modifiers": [self._card(text) for text in line["modifiers"]],
                "actions": [CARDS[SECOND_CHANCE].text(self._main)] if line["second_chance"]
                else [],
                "round_points": self.word("round_points", n=number_text(line["score"])),
                "total": self.word("total", n=number_text(obs["scores"][index])),
            })
        aside = [self._card(text) for text in obs["set_aside"]]
        return {
            "players": players,
            "piles": {
                "deck": self.word("deck", n=self._count(obs["deck_size"])),
                "discards": self.word("discards", n=self._count(obs["discard_size"])),
                "set_aside": self.word("set_aside", cards=", ".join(aside)) if aside else None,
            },
            "flip7_words": {key: self.word(key) for key in (
                "players_label", "piles_label", "no_card", "flip7_tag", "dealer", "turn_tag",
                "decides_tag", "twice_mark")},
        }


class Flip7TryMoves(Flip7Table):
    """The try-a-move table: every candidate move (hit, stay, each player as the target of
    a Freeze or a Flip Three, or as the receiver of a card given, or ``draw`` when a card
    is to be drawn) with its verdict, and buttons to play it.

    ``play(move)``, ``undo()`` and ``reset()`` take the same path as the buttons. ``moves``
    lists the moves played since ``start``; ``reset`` goes back to ``start``.
    """

    try_moves = True
