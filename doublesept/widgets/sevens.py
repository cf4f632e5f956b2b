"""The Sevens widgets: the table (``SevensTable``) and the try-a-move table (``TryMoves``).

Everything but Sevens' own table (the four rows, the players and their hands,
the legend) comes from ``GameWidget`` in ``base.py``; the browser side is
``widgets/sevens.js`` on top of ``widgets/common.js``.
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import (
    RANK_NAMES_EN,
    RANK_NAMES_FR,
    SUIT_NAMES_EN,
    SUIT_NAMES_FR,
    SUITS,
    Card,
    card,
    parse_card,
)
from ..sevens import DEAL, PASS, SevensRules, SevensState, render_html
from ..sevens.state import Dealt
from .base import GameWidget, Seen, number_text

__all__ = ["RED", "SevensTable", "TryMoves", "rules_text"]

RED = (1, 2)  # the suits drawn in red: ♦ and ♥


def rules_text(rules: SevensRules, lang: str = "en") -> str:
    """The options that differ from the app's rules, in words; '' for the default rules.

    >>> rules_text(SevensRules(opening="any", scoring="face", seven_penalty=5))
    'Rules: opening any 7, scoring face value, seven penalty 5'
    >>> rules_text(SevensRules(opening="7♥"), "fr")
    'Règles : ouverture au 7♥'
    """
    return rules.describe("fr" if lang == "fr" else "en")


class SevensTable(GameWidget):
    """A Sevens position: the four rows, the hands (or their sizes), whose turn, what fits.

    ``show_hands`` shows the hands (all of them for the teacher's view, the seat's own for
    ``seat=``); ``lang`` is "en", "fr" or "both" (English with French beneath);
    ``seat`` shows only what that seat sees (``state.observation(seat)``).
    """

    state_class = SevensState
    module = "sevens.js"
    styles = "sevens.css"
    css_class = "ds-sevens"
    WORDS: ClassVar[dict] = {
        "game_over": ("The match is over.", "La partie est terminée."),
        "on_table": ("on the table", "sur la table"),
        "fits_here": ("fits here", "se pose ici"),
        "not_on_table": ("not on the table", "pas sur la table"),
        "playable_now": ("playable now", "jouable maintenant"),
        "last_card": ("last move", "dernier coup"),
        "row_label": ("{suit} row", "rangée de {suit}"),
        "table_label": ("table", "table"),
        "players_label": ("players", "joueurs"),
        "legend_label": ("legend", "légende"),
        "dealer": ("dealer", "donneur"),
        "to_play_tag": ("to play", "à jouer"),
        "score": ("penalty points: {score}", "points de pénalité : {score}"),
        "cards": ("{n} cards", "{n} cartes"),
        "one_card": ("1 card", "1 carte"),
        "no_cards": ("no cards", "aucune carte"),
        "hand_label": ("{name}'s hand", "main de {name}"),
        "fits_title": ("{card}: fits, can be played now", "{card} : se pose, jouable maintenant"),
        "legend_table": ("on the table", "sur la table"),
        "legend_fits": ("fits: a card can go here now", "se pose : une carte peut aller ici"),
        "legend_playable": ("fits, and the player to move holds it",
                            "se pose, et le joueur qui joue l'a en main"),
        "legend_last": ("the last card played", "la dernière carte posée"),
        "legend_empty": ("not played yet", "pas encore posée"),
        "hidden_hand": ("{n} cards in {name}'s hand, hidden",
                        "{n} cartes en main de {name}, cachées"),
    }

    def __init__(self, state: SevensState, show_hands: bool = False, **kwargs):
        super().__init__(state, show_hands, **kwargs)

    # ---- hooks of the base

    def all_hands(self, state) -> list:
        return [[str(c) for c in hand] for hand in state.hands]

    def is_public_move(self, move) -> bool:
        return move is DEAL or move.__class__ is Dealt

    def played_text(self, mover, move) -> tuple[str, str]:
        if move is PASS and mover is not None:
            return f"{mover} passed", f"{mover} passe"
        return super().played_text(mover, move)

    def is_red(self, move) -> bool:
        return getattr(move, "suit", None) in RED

    def count_text(self, count: int) -> str | None:
        return self.word("cards", n=count)

    def hidden_rows(self, state, verdicts, seen: Seen) -> list:
        """The mover's cards as one row that names none of them, then pass (verdict hidden)."""
        mover = state.to_move
        name = self.seat_name(state, mover)
        size = seen.obs["hand_sizes"][mover]
        en, fr = self._words["hidden_hand"]
        rows = [self.summary_row(en.format(n=size, name=name), fr.format(n=size, name=name))]
        for verdict in verdicts:
            if verdict.move.__class__ is not Card:  # pass: its button only, not its verdict
                rows.append(self._group([verdict], seen, hidden=True))
        return rows

    def static_html(self) -> str:
        return render_html(self._state, show_hands=self._show_hands, seat=self._seat,
                           lang=self._main)

    # ---- Sevens' own table

    def _count(self, n: int) -> str:
        if n == 0:
            return self.word("no_cards")
        return self.word("one_card") if n == 1 else self.word("cards", n=number_text(n))

    def table_view(self, state: SevensState, seen: Seen) -> dict:
        obs = seen.obs
        fr = self._main == "fr"
        table = set(obs["table"])
        fitting = {str(c) for c in state.fitting_cards()} if seen.playing else set()
        last = obs["last_move"]
        rows = []
        for suit, symbol in enumerate(SUITS):
            slots = []
            for rank in range(1, 14):
                text = str(card(rank, suit))
                shown = card(rank, suit).text("fr") if fr else text
                where = "table" if text in table else "fits" if text in fitting else "empty"
                playable = text in seen.legal
                words = [self.word({"table": "on_table", "fits": "fits_here",
                                    "empty": "not_on_table"}[where])]
                if playable:
                    words.append(self.word("playable_now"))
                if text == last:
                    words.append(self.word("last_card"))
                slots.append({
                    "card": text,
                    # a place not on the table shows its rank only: the row names the suit
                    "text": shown if where == "table" else (RANK_NAMES_FR if fr else
                                                            RANK_NAMES_EN)[rank],
                    "label": f"{shown} {', '.join(words)}",
                    "where": where, "playable": playable, "last": text == last,
                })
            name = (SUIT_NAMES_FR if fr else SUIT_NAMES_EN)[suit]
            rows.append({"suit": symbol, "name": name, "red": suit in RED,
                         "label": self.word("row_label", suit=name), "slots": slots})
        players = []
        for index, name in enumerate(obs["players"]):
            hand = seen.hands[index]
            count = obs["hand_sizes"][index]
            players.append({
                "name": name,
                "count": count,
                "count_text": self._count(count),
                "score": number_text(obs["scores"][index]),
                "score_text": self.word("score", score=number_text(obs["scores"][index])),
                "to_move": index == obs["turn"],
                "dealer": index == obs["dealer"],
                "hand_label": self.word("hand_label", name=name),
                "cards": None if hand is None else [{
                    "card": text,
                    "text": card_text(text, fr),
                    "red": text[-1] in "♦♥",
                    "playable": text in seen.legal,
                    "title": self.word("fits_title", card=card_text(text, fr))
                    if text in seen.legal else card_text(text, fr),
                } for text in hand],
            })
        return {
            "rows": rows,
            "players": players,
            "legend": self._legend(rows),
            "table_label": self.word("table_label"),
            "players_label": self.word("players_label"),
            "legend_label": self.word("legend_label"),
            "dealer_tag": self.word("dealer"),
            "to_play_tag": self.word("to_play_tag"),
        }

    def _legend(self, rows) -> list:
        # Each sample is a place of this very table, so the legend matches what is on screen.
        slots = [{**slot, "red": row["red"]} for row in rows for slot in row["slots"]]

        def item(test, cls, key):
            found = next((s for s in slots if test(s)), None)
            return None if found is None else {"text": found["text"], "red": found["red"],
                                               "class": cls, "words": self.word(key)}

        items = [
            item(lambda s: s["where"] == "table", "ds-table", "legend_table"),
            item(lambda s: s["where"] == "fits" and not s["playable"], "ds-fits", "legend_fits"),
            item(lambda s: s["playable"], "ds-fits ds-playable", "legend_playable"),
            item(lambda s: s["last"], "ds-table ds-last", "legend_last"),
            item(lambda s: s["where"] == "empty", "ds-empty", "legend_empty"),
        ]
        return [i for i in items if i is not None]


def card_text(text: str, fr: bool) -> str:
    """A card's text in the French ranks (V D R) when ``fr``."""
    return parse_card(text).text("fr") if fr else text


class TryMoves(SevensTable):
    """The try-a-move table: every candidate move with its verdict, and buttons to play it.

    Moves with the same verdict (legality, rule and reason) share one row. ``play(move)``,
    ``undo()`` and ``reset()`` take the same path as the buttons. ``moves`` lists the moves
    played since ``start``; ``reset`` goes back to ``start``, the state the widget was
    created with (or last given through ``.state``).
    """

    try_moves = True

    def __init__(self, state: SevensState, show_hands: bool = True, **kwargs):
        super().__init__(state, show_hands, **kwargs)
