"""The Sevens position editor (issue 24, point 1): set up any position by clicks, no code.

``SevensEditor`` holds a *draft*: the players' names, where each of the 52 cards is (a
player's hand, the table, or unplaced), who receives the unplaced cards (the notation's
``Name: ...``), whose turn it is and the rules line. Every edit the page sends (a card put
somewhere, a player added, removed or renamed, the turn, the rules' preset, "deal the rest
at random", a pasted text) makes a new draft; Python writes its text in the notation and
reads it back with the engine (``sevens.position``). A position the engine refuses (a card
in two places, a row with a hole, 2 or 9 players, a card before the opening 7...) is refused
with the engine's own message, and the draft and ``state`` stay the last possible position.
No rule is decided here.

One convenience, said in the reply when it happens: an edit of the cards keeps the turn when
the engine allows it; when the engine refuses the turn only (the table is empty and another
player now holds the opening card, or a hand is now empty so the round is over), the turn
goes to the first player (or to nobody) that the engine accepts, and the reply quotes the
engine's reason. Without it, moving the 7♦ before the first card would be refused for the
turn, and the turn refused for the 7♦.

Python API (each call is the same path as a click): ``state`` (the last possible position;
set it to start from another), ``text`` (its text, as the page shows it), ``on_change(callback)``
(``callback(state)`` after each edit that changes the position), ``select``, ``place``,
``set_turn``, ``set_rest``, ``add_player``, ``remove_player``, ``rename``, ``set_preset``,
``deal_rest``, ``clear``, ``read`` (a text), ``undo_edit``; ``refusal`` is the engine's message
for the last edit refused ('' after an edit accepted).

The browser side is ``widgets/sevens_editor.js`` (on ``common.js`` and the editors' shared
``editor_common.js``) and ``widgets/sevens_editor.css`` (on ``editor_common.css``); every text
is drawn as text, never as HTML. The plumbing every editor shares (undo, the text box,
refusals, ``on_change``) is ``PositionEditor`` in ``editor_base.py``.
"""

from __future__ import annotations

import random
from typing import ClassVar, NamedTuple

from ..cards import (
    DECK,
    RANK_NAMES_EN,
    RANK_NAMES_FR,
    SUIT_NAMES_EN,
    SUIT_NAMES_FR,
    SUITS,
    Card,
    cards_in,
    parse_card,
    parse_cards,
)
from ..core.notation import position_lines
from ..errors import DoubleseptError
from ..sevens import DEFAULT_NAMES, PRESETS, SevensRules, SevensState, position, render_html
from ..sevens.notation import position_text
from ..sevens.rules import _FIELDS, card_at
from ..sevens.state import _names
from .base import Seen, short
from .editor_base import EDITOR_WORDS as SHARED_WORDS
from .editor_base import PositionEditor, _Said, marked_or_plain, seat_after
from .sevens import RED

__all__ = ["TABLE", "Draft", "SevensEditor", "draft_of", "draft_text"]

TABLE = -1  # a card's place in a draft: a seat (0 to 7), TABLE, or None (unplaced)
MAX_POSITION_TEXT = 4000  # characters: a position of 8 players with 40-character names fits
# the longest each text field of a message may be (the base refuses longer ones, saying so)
FIELD_LIMITS = {"card": 12, "to": 12, "lang": 8, "preset": 24, "name": 100,
                "text": MAX_POSITION_TEXT}


class Draft(NamedTuple):
    """What the editor holds: a position as it is being set up, each card in its place."""

    names: tuple  # the players' names
    places: tuple  # 52 places, one per card in deck order (Card.index): a seat, TABLE or None
    rest: tuple  # one bool per seat: the seat receives the unplaced cards ('Name: ...')
    turn: int | None  # the seat to play, None once the round is over
    dealer: int
    round: int
    rounds: int
    rules: str  # the rules line ('' for the app's rules), without the rounds
    scores: tuple | None  # None: the engine's default (every score 0)
    chips: tuple | None
    pot: int | None
    passes: tuple | None
    tie_break: tuple | None  # the seats of a tie-break deal
    seed: int


def draft_text(draft: Draft, table: str | None = None) -> str:
    """The draft in the notation ``sevens.position`` reads (written by the notation's own
    ``position_text``): each card where the draft puts it, and ``...`` after the hand of each
    player who receives the unplaced cards. ``table`` replaces the table's line (the engine's
    own runs, '6♦-8♦ 7♠', once the position is known to be possible); by default each card on
    the table is written alone, so that a row with a hole reads, and the engine names the
    hole."""
    places = draft.places
    if table is None:
        table = " ".join(str(c) for c in DECK if places[c.index] == TABLE)
    unplaced = None in places
    hands = [[str(c) for c in DECK if places[c.index] == seat]
             + (["..."] if draft.rest[seat] and unplaced else [])
             for seat in range(len(draft.names))]
    return position_text(
        names=draft.names, dealer=draft.dealer, round=draft.round, rounds=draft.rounds,
        tie_break=draft.tie_break, rules=draft.rules, scores=draft.scores, chips=draft.chips,
        pot=draft.pot, passes=draft.passes, table=table, hands=hands, turn=draft.turn,
        seed=draft.seed)


def draft_of(state: SevensState) -> Draft:
    """The draft of a position: every card where the position has it, nothing unplaced."""
    places: list = [None] * len(DECK)
    for seat, mask in enumerate(state.hand_masks):
        for c in cards_in(mask):
            places[c.index] = seat
    for c in state.table:
        places[c.index] = TABLE
    rules = state.rules
    n = len(state.names)
    return Draft(
        names=tuple(state.names), places=tuple(places), rest=(False,) * n, turn=state.turn,
        dealer=state.dealer, round=state.round, rounds=rules.rounds,
        rules=rules.to_text(skip=("rounds",)) if rules.changes() else "",
        scores=tuple(state.scores), chips=tuple(state.chips) if state.chips else None,
        pot=state.pot if state.chips else None,
        passes=tuple(state.passes) if state.passes else None,
        tie_break=tuple(state.tie_break_players) if state.round > rules.rounds else None,
        seed=state.seed)


def _table_line(state: SevensState) -> str:
    """The table's line of the engine's own text of ``state`` (its rows as runs)."""
    for line in state.to_text().splitlines():
        if line.startswith("table: "):
            return line[len("table: "):]
    return "-"


def _read_text(text: str) -> tuple[Draft, SevensState]:
    """A written position as a draft, and its state: the engine reads the text (and refuses
    it with its own message); the hands that end with ``...`` keep their mark, and the cards
    they received from it are unplaced in the draft, as in the text."""
    state = position(text)
    draft = draft_of(state)
    _fields, hand_lines = position_lines(text, _FIELDS)
    places = list(draft.places)
    rest = []
    for seat, name in enumerate(draft.names):
        tokens = hand_lines[name].split()
        marked = bool(tokens) and tokens[-1] in ("...", "…")
        rest.append(marked)
        if not marked:
            continue
        tokens.pop()
        written = {c.index for c in parse_cards(" ".join(t for t in tokens if t != "-"))}
        for c in cards_in(state.hand_masks[seat]):
            if c.index not in written:
                places[c.index] = None
    marked = draft._replace(places=tuple(places), rest=tuple(rest))
    return marked_or_plain(marked, draft, state, lambda d: position(draft_text(d)))


# the editor's labels: key -> (English, French)
EDITOR_WORDS = {
    **SHARED_WORDS,
    "title": ("Sevens: set up a position", "Sept : préparez une position"),
    "picker_label": ("the 52 cards: choose one", "les 52 cartes : choisissez-en une"),
    "chosen": ("Card chosen: {card}, {where}.", "Carte choisie : {card}, {where}."),
    "none_chosen": ("Choose a card, then where it goes (arrow keys: from card to card).",
                    "Choisissez une carte, puis sa place (flèches : de carte en carte)."),
    "in_hand": ("in {name}'s hand", "dans la main {de_name}"),
    "from_rest": ("unplaced: {name} receives it with the rest",
                  "non placée : {name} la reçoit avec le reste"),
    "on_table": ("on the table", "sur la table"),
    "table_tag": ("table", "table"),
    "unplaced": ("unplaced", "non placée"),
    "out_of_deck": ("unplaced, not in this deck", "non placée, hors de ce jeu"),
    "put_label": ("where the card goes", "où va la carte"),
    "put_in": ("Put {card} in {name}'s hand", "Mettre {card} dans la main {de_name}"),
    "put_table": ("Table", "Table"),
    "put_table_label": ("Put {card} on the table", "Poser {card} sur la table"),
    "put_unplaced": ("Unplaced", "Non placée"),
    "put_unplaced_label": ("Leave {card} unplaced", "Laisser {card} non placée"),
    "put_what": ("the card chosen", "la carte choisie"),
    "put_to": ("Put it:", "La mettre :"),
    "deal_rest": ("Deal the rest at random", "Distribuer le reste au hasard"),
    "deal_rest_label": ("deal the unplaced cards at random", "distribuer au hasard les cartes non placées"),
    "clear": ("Clear the cards", "Vider les cartes"),
    "clear_label": ("every card unplaced", "toutes les cartes non placées"),
    "players_label": ("players and their hands", "les joueurs et leurs mains"),
    "rest": ("+ rest", "+ reste"),
    "rest_label": ("{name} receives the unplaced cards", "{name} reçoit les cartes non placées"),
    "hand_label": ("{name}'s hand", "main {de_name}"),
    "rest_count": ("+ {n} from the rest", "+ {n} du reste"),
    "count": ("{n} cards", "{n} cartes"),
    "one_card": ("1 card", "1 carte"),
    "rows_label": ("the table", "la table"),
    "row_label": ("{suit} row", "rangée de {suit}"),
    "unplaced_none": ("Every card is placed.", "Toutes les cartes sont placées."),
    "unplaced_some": ("Unplaced: {n}, shared in deck order among {names}.",
                      "Non placées : {n}, partagées dans l'ordre du jeu entre {names}."),
    "unplaced_nobody": ("Unplaced: {n}, and nobody receives them.",
                        "Non placées : {n}, et personne ne les reçoit."),
    # replies
    "chose": ("{card} chosen: now choose where it goes.", "{card} choisie : choisissez sa place."),
    "now_in": ("{card} is now in {name}'s hand.", "{card} est maintenant dans la main {de_name}."),
    "now_table": ("{card} is now on the table.", "{card} est maintenant sur la table."),
    "now_unplaced": ("{card} is now unplaced.", "{card} n'est plus placée."),
    "rest_on": ("{name} receives the unplaced cards.", "{name} reçoit les cartes non placées."),
    "rest_off": ("{name} no longer receives the unplaced cards.",
                 "{name} ne reçoit plus les cartes non placées."),
    "removed": ("{name} leaves the table; their cards are unplaced.",
                "{name} quitte la table ; ses cartes ne sont plus placées."),
    "dealt": ("{n} cards dealt at random among {names}.",
              "{n} cartes distribuées au hasard entre {names}."),
    "nothing_to_deal": ("Every card is placed: nothing to deal.",
                        "Toutes les cartes sont placées : rien à distribuer."),
    "cleared": ("Every card is unplaced; each player receives a share.",
                "Toutes les cartes sont non placées ; chaque joueur en reçoit une part."),
    "everyone_rest": ("Nobody else received the unplaced cards, so every player does now.",
                      ("Personne d'autre ne recevait les cartes non placées : tous les "
                       "joueurs les reçoivent maintenant.")),
}


class SevensEditor(PositionEditor):
    """A Sevens position set up by clicks: the players (3 to 8, named), each hand, the rows
    on the table, whose turn, the rules' preset; "deal the rest at random".

    Start from ``state`` (any Sevens state), ``position`` (its text, ``Name: ...`` marks
    kept) or, with neither, from scratch: four players, every card unplaced and shared
    among them. ``seed`` seeds "deal the rest at random" (None: a fresh one). ``lang`` and
    ``compact`` as for every widget. Raises the engine's error for a ``position`` it refuses.
    """

    state_class = SevensState
    module = "sevens_editor.js"
    styles = "sevens_editor.css"
    css_class = "ds-sevens-editor"
    shared_assets = True
    WORDS: ClassVar[dict] = EDITOR_WORDS
    FIELD_LIMITS: ClassVar[dict] = FIELD_LIMITS
    NAMES: ClassVar[tuple] = DEFAULT_NAMES
    max_text = MAX_POSITION_TEXT
    INTENTS: ClassVar[dict] = {
        "lang": {"lang": str},
        "select": {"card": str},
        "place": {"card": str, "to": str},  # to: "table" or "unplaced"
        "give": {"card": str, "seat": int},
        "turn": {"seat": int},  # -1: nobody (the round is over)
        "rest": {"seat": int, "on": bool},
        "add_player": {},
        "remove_player": {"seat": int},
        "rename": {"seat": int, "name": str},
        "preset": {"preset": str},
        "deal_rest": {},
        "clear": {},
        "text": {"text": str},
        "undo_edit": {},
    }

    def __init__(self, state: SevensState | None = None, *, position: str | None = None,
                 seed: int | None = None, lang: str = "both", compact: bool | None = None,
                 **kwargs):
        self._selected: Card | None = None
        self._rng = random.Random(seed)
        super().__init__(state, position=position, lang=lang, compact=compact, **kwargs)

    # ---- where a draft comes from

    @staticmethod
    def _draft_of(state: SevensState) -> Draft:
        return draft_of(state)

    @classmethod
    def _scratch(cls) -> tuple[Draft, SevensState]:
        """Four players, every card unplaced and shared among them, the table empty, the
        turn the first the engine accepts."""
        names = DEFAULT_NAMES[:4]
        draft = Draft(names=names, places=(None,) * len(DECK), rest=(True,) * len(names),
                      turn=0, dealer=len(names) - 1, round=1, rounds=SevensRules().rounds,
                      rules="", scores=None, chips=None, pot=None, passes=None,
                      tie_break=None, seed=0)
        draft, state, _moved = cls._settle(draft)
        return draft, state

    @staticmethod
    def _read_text(text: str) -> tuple[Draft, SevensState]:
        return _read_text(text)

    # ---- Python side

    @property
    def selected(self) -> str | None:
        return None if self._selected is None else str(self._selected)

    # the same path as the clicks
    def select(self, card) -> bool:
        return self.handle_message({"intent": "select", "card": str(card)})

    def place(self, card, where) -> bool:
        """Put ``card`` in a player's hand (a seat number or a name), on the "table", or
        leave it "unplaced"."""
        if isinstance(where, str) and where in self._draft.names:
            where = self._draft.names.index(where)
        if isinstance(where, int) and not isinstance(where, bool):
            return self.handle_message({"intent": "give", "card": str(card), "seat": where})
        return self.handle_message({"intent": "place", "card": str(card), "to": where})

    def set_rest(self, who, on: bool = True) -> bool:
        return self.handle_message({"intent": "rest", "seat": self._seat_of(who), "on": on})

    def deal_rest(self) -> bool:
        return self.handle_message({"intent": "deal_rest"})

    def clear(self) -> bool:
        return self.handle_message({"intent": "clear"})

    # ---- checking a draft with the engine

    @staticmethod
    def _read(draft: Draft) -> SevensState:
        return position(draft_text(draft))

    @staticmethod
    def _shown_text(draft: Draft, state: SevensState) -> str:
        return draft_text(draft, _table_line(state))

    @staticmethod
    def _check_names(names) -> None:
        _names(names)  # the engine's own check (sevens.players)

    def _with_player(self, draft: Draft, name: str) -> Draft:
        return self._players_changed(draft._replace(names=(*draft.names, name),
                                                    rest=(*draft.rest, True)))

    # ---- what a message names: a card

    def _card(self, text: str) -> Card | None:
        return self._parsed(parse_card, text)

    def _moved(self, c: Card, place) -> Draft:
        places = list(self._draft.places)
        places[c.index] = place
        return self._draft._replace(places=tuple(places))

    # ---- the intents

    def _intent_select(self, card: str) -> bool:
        c = self._card(card)
        if c is None:
            return False
        self._selected = c
        self._say("info", *self._both("chose", card=str(c)))
        return True

    def _intent_place(self, card: str, to: str) -> bool:
        if to not in ("table", "unplaced"):
            return self._refuse(f"a card goes to 'table' or 'unplaced' (or a player's seat), "
                                f"not {short(to)}",
                                f"une carte va sur 'table' ou 'unplaced' (ou à la place d'un "
                                f"joueur), pas {short(to)}")
        c = self._card(card)
        if c is None:
            return False
        self._selected = c
        if to == "table":
            return self._edit(self._moved(c, TABLE), *self._both("now_table", card=str(c)))
        return self._edit(self._moved(c, None), *self._both("now_unplaced", card=str(c)))

    def _intent_give(self, card: str, seat: int) -> bool:
        if not self._seat_ok(seat):
            return False
        c = self._card(card)
        if c is None:
            return False
        self._selected = c
        name = self._draft.names[seat]
        return self._edit(self._moved(c, seat), *self._both("now_in", card=str(c), name=name))

    def _intent_rest(self, seat: int, on: bool) -> bool:
        if not self._seat_ok(seat):
            return False
        rest = list(self._draft.rest)
        rest[seat] = on
        name = self._draft.names[seat]
        return self._edit(self._draft._replace(rest=tuple(rest)),
                          *self._both("rest_on" if on else "rest_off", name=name))

    def _players_changed(self, draft: Draft) -> Draft:
        """Scores, chips and passes are the engine's defaults again once the players change."""
        return draft._replace(scores=None, chips=None, pot=None, passes=None, tie_break=None)

    def _intent_remove_player(self, seat: int) -> bool:
        if not self._seat_ok(seat):
            return False
        draft = self._draft
        names = draft.names[:seat] + draft.names[seat + 1:]
        if not self._new_names(names):
            return False

        def shifted(place):
            if place is None or place == TABLE or place < seat:
                return place
            return None if place == seat else place - 1

        rest = draft.rest[:seat] + draft.rest[seat + 1:]
        notes = ()
        places = tuple(shifted(p) for p in draft.places)
        if None in places and not any(rest):
            rest = (True,) * len(names)
            notes = (_Said(*self._words["everyone_rest"]),)

        new = self._players_changed(draft._replace(
            names=names, places=places, rest=rest, turn=seat_after(draft.turn, seat, len(names)),
            dealer=seat_after(draft.dealer, seat, len(names))))
        return self._edit(new, *self._both("removed", name=draft.names[seat]), notes=notes)

    def _intent_preset(self, preset: str) -> bool:
        draft = self._draft
        try:
            rules = SevensRules(draft.rounds, preset=preset)
        except DoubleseptError as error:
            return self._refused(error)
        text = rules.to_text(skip=("rounds",)) if rules.changes() else ""
        new = draft._replace(rules=text, chips=None, pot=None, passes=None)
        return self._edit(new, *self._both("preset_set", preset=preset))

    def _intent_deal_rest(self) -> bool:
        draft = self._draft
        deck = self._state.rules.deck_mask
        cards = [c for c in DECK if draft.places[c.index] is None and c.bit & deck]
        if not cards:
            self._say("info", *self._both("nothing_to_deal"))
            return False
        receivers = [s for s, on in enumerate(draft.rest) if on] or list(range(len(draft.names)))
        counts = {s: sum(1 for p in draft.places if p == s) for s in receivers}
        self._rng.shuffle(cards)
        places = list(draft.places)
        for c in cards:
            seat = min(receivers, key=lambda s: (counts[s], s))
            places[c.index] = seat
            counts[seat] += 1
        names = ", ".join(draft.names[s] for s in receivers)
        new = draft._replace(places=tuple(places), rest=(False,) * len(draft.names))
        return self._edit(new, *self._both("dealt", n=len(cards), names=names))

    def _intent_clear(self) -> bool:
        draft = self._draft
        new = draft._replace(places=(None,) * len(DECK), rest=(True,) * len(draft.names))
        return self._edit(new, *self._both("cleared"))

    # ---- the view

    def rules_line(self, lang: str | None = None) -> str:
        return self._state.rules.describe(lang or self._main)

    def all_hands(self, state) -> list:
        return [[str(c) for c in cards_in(mask)] for mask in state.hand_masks]

    def _picture(self) -> str:
        return render_html(self._state, show_hands=True, lang=self._main)

    def _where(self, c: Card, holders: dict, deck: int) -> tuple[str, str]:
        """Where a card is, for the page: its kind and its words."""
        place = self._draft.places[c.index]
        names = self._draft.names
        if place == TABLE:
            return "table", self.word("on_table")
        if place is not None:
            return "hand", self.word("in_hand", name=names[place])
        if c.bit & deck and c.index in holders:
            return "rest", self.word("from_rest", name=names[holders[c.index]])
        return ("unplaced", self.word("unplaced")) if c.bit & deck \
            else ("out", self.word("out_of_deck"))

    def table_view(self, state: SevensState, seen: Seen) -> dict:
        draft = self._draft
        names = draft.names
        fr = self._main == "fr"
        ranks = RANK_NAMES_FR if fr else RANK_NAMES_EN
        suit_names = SUIT_NAMES_FR if fr else SUIT_NAMES_EN
        deck = state.rules.deck_mask
        holders = {c.index: seat for seat, mask in enumerate(state.hand_masks)
                   for c in cards_in(mask)}
        selected = self._selected

        def shown(c: Card) -> str:
            return c.text("fr") if fr else str(c)

        picker = []
        for suit, symbol in enumerate(SUITS):
            cards = []
            for rank in range(1, 14):
                c = DECK[suit * 13 + rank - 1]
                where, words = self._where(c, holders, deck)
                place = draft.places[c.index]
                holder = place if where == "hand" else holders.get(c.index) \
                    if where == "rest" else None
                cards.append({
                    "card": str(c), "text": ranks[rank], "where": where,
                    "tag": self.word("table_tag") if where == "table" else
                    (names[holder][:3] if holder is not None else ""),
                    "selected": c is selected, "label": f"{shown(c)}, {words}",
                })
            picker.append({"suit": symbol, "red": suit in RED, "name": suit_names[suit],
                           "cards": cards})
        chosen = None
        if selected is not None:
            chosen = self.word("chosen", card=shown(selected),
                               where=self._where(selected, holders, deck)[1])
        what = shown(selected) if selected is not None else self.word("put_what")
        places = [{"text": self.word("put_table"),
                   "label": self.word("put_table_label", card=what),
                   "send": {"intent": "place", "card": str(selected), "to": "table"},
                   "key": "place:table", "current": selected is not None
                   and draft.places[selected.index] == TABLE},
                  {"text": self.word("put_unplaced"),
                   "label": self.word("put_unplaced_label", card=what),
                   "send": {"intent": "place", "card": str(selected), "to": "unplaced"},
                   "key": "place:unplaced", "current": selected is not None
                   and draft.places[selected.index] is None}]
        places += [{"text": name, "label": self.word("put_in", card=what, name=name),
                    "send": {"intent": "give", "card": str(selected), "seat": seat},
                    "key": f"give:{seat}", "current": selected is not None
                    and draft.places[selected.index] == seat}
                   for seat, name in enumerate(names)]
        players = []
        for seat, name in enumerate(names):
            written = [c for c in DECK if draft.places[c.index] == seat]
            from_rest = sum(1 for i, s in holders.items() if s == seat
                            and draft.places[i] is None)
            total = len(written) + from_rest
            players.append({
                "seat": seat, "name": name,
                "name_label": self.word("name_label", name=name),
                "turn": draft.turn == seat,
                "turn_label": self.word("to_play_label", name=name),
                "rest": draft.rest[seat],
                "rest_label": self.word("rest_label", name=name),
                "remove_label": self.word("remove_label", name=name),
                "dealer": draft.dealer == seat,
                "hand_label": self.word("hand_label", name=name),
                "cards": [{"text": shown(c), "red": c.suit in RED} for c in written],
                "rest_count": self.word("rest_count", n=from_rest) if from_rest else None,
                "count_text": self.word("one_card") if total == 1
                else self.word("count", n=total),
            })
        rows = []
        on_table = {c.index for c in state.table}
        for suit, symbol in enumerate(SUITS):
            slots = []
            for index in range(state.rules.bottom, state.rules.top + 1):
                c = card_at(index, suit)
                there = c.index in on_table
                slots.append({"text": ranks[c.rank], "table": there,
                              "label": f"{shown(c)}, {self.word('on_table' if there else 'unplaced')}"
                              if there else shown(c)})
            rows.append({"suit": symbol, "red": suit in RED,
                         "label": self.word("row_label", suit=suit_names[suit]), "slots": slots})
        unplaced = sum(1 for c in DECK if draft.places[c.index] is None and c.bit & deck)
        receivers = [names[s] for s, on in enumerate(draft.rest) if on]
        if not unplaced:
            unplaced_text = self.word("unplaced_none")
        elif receivers:
            unplaced_text = self.word("unplaced_some", n=unplaced, names=", ".join(receivers))
        else:
            unplaced_text = self.word("unplaced_nobody", n=unplaced)
        presets = [{"preset": p, "text": p, "label": self.word("preset_label", preset=p),
                    "pressed": state.rules == SevensRules(draft.rounds, preset=p)}
                   for p in PRESETS]
        return {"editor": {
            "title": self.word("title"),
            "picker": picker, "picker_label": self.word("picker_label"),
            "chosen": chosen or self.word("none_chosen"),
            "places": places, "put_label": self.word("put_label"),
            "put_to": self.word("put_to"), "can_put": selected is not None,
            "unplaced": unplaced_text,
            "actions": [
                {"text": self.word("deal_rest"), "label": self.word("deal_rest_label"),
                 "send": {"intent": "deal_rest"}, "key": "deal_rest", "disabled": not unplaced},
                {"text": self.word("clear"), "label": self.word("clear_label"),
                 "send": {"intent": "clear"}, "key": "clear", "disabled": False},
                {"text": self.word("add_player"), "label": self.word("add_player_label"),
                 "send": {"intent": "add_player"}, "key": "add_player", "disabled": False},
                self.undo_action(),
            ],
            "actions_label": self.word("actions_label"),
            "presets": presets, "presets_label": self.word("presets_label"),
            "players": players, "players_label": self.word("players_label"),
            "to_play_tag": self.word("to_play_tag"), "rest": self.word("rest"),
            "remove": self.word("remove"), "dealer": self.word("dealer"),
            "rows": rows, "rows_label": self.word("rows_label"),
            **self.text_view(),
        }}
