"""The Flip 7 widgets: the table (``Flip7Table``), the try-a-move table (``Flip7TryMoves``)
and a game against the computer (``Flip7Play``).

Everything but Flip 7's own table comes from ``GameWidget`` in ``base.py``: the header,
the controls, the languages, the seat's view, the messages and the try-a-move rows (from
``state.verdicts()``, with their reasons, rule ids and sources). This module only lays
out what the engine's observation says: each player's line, their status, the scores, the
deck and the discards. It decides no rule; the browser side is ``widgets/flip7.js``.

Every Flip 7 card lies face up, so there is no hand to hide: the only hidden thing is the
order of the deck, and no view holds it (a view is built from ``state.observation(seat)``).
``show_hands`` is taken for the shared signature and changes nothing; the page shows no
hands toggle.

The meter of the bust probability, and the odds columns of the try-a-move rows, come from
``doublesept.flip7.odds.exact_odds`` on the observation of the player to act; the computer
players of ``Flip7Play`` from ``doublesept.flip7.players.computer_move``, which shows them
only the observation of their seat (the game against the computer itself is ``PlayWidget``
in ``play.py``, given Flip 7's new_game, players, draw and teacher's switch). The next card (the teacher's switch of ``Flip7Play``)
is read from the state by the engine itself (``next_card``), and reaches the page only
while the switch is on.
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from ..core.numbers import as_float
from ..core.state import CHANCE
from ..errors import DoubleseptError, NotationError
from ..flip7 import (
    CARDS,
    DRAW,
    HIT,
    SECOND_CHANCE,
    STAY,
    Flip7Card,
    Flip7State,
    Give,
    Target,
    card,
    new_game,
    odds,
    players,
    render_html,
)
from .base import MAX_TEXT, GameWidget, Seen, number_text
from .play import PLAY_WORDS, PlayWidget, play_intents

__all__ = ["Flip7Play", "Flip7Table", "Flip7TryMoves", "next_card", "odds_texts"]

# Each status has a symbol and a word, so colour is never the only signal.
STATUSES = ("active", "stayed", "frozen", "busted")

# How far ``next_card`` follows the choices before the next card is drawn (a round has at
# most 18 players to choose a target or a receiver between two draws).
LOOKAHEAD = 64


def next_card(state: Flip7State) -> Flip7Card | None:
    """The card the next draw takes, read from the state by the engine: the teacher's
    switch of ``Flip7Play``. Hidden information: never in a player's observation, and never
    given to a computer player.

    At a draw, the card ``draw`` brings; at hit or stay, the card a hit brings; while a
    player chooses a target or a receiver (no card moves), the card of the next draw after
    the first legal choice. None once the game is over, or when no card is left anywhere.

    >>> from doublesept import flip7
    >>> state = flip7.position("players: Ann, Bob\\ndeck: 8, 3, ...\\nAnn: 5\\nBob: 6\\nturn: Ann")
    >>> next_card(state)
    Flip7Card('8')
    """
    for _ in range(LOOKAHEAD):
        to_move = state.to_move
        if to_move is None:
            return None
        try:
            if to_move is CHANCE:
                drawn = state.play(DRAW).last_move
                return drawn if isinstance(drawn, Flip7Card) else None
            legal = state.legal_moves()
            if not legal:
                return None
            state = state.play(HIT if HIT in legal else legal[0])
        except DoubleseptError:  # no card left to draw, even after a reshuffle
            return None
    return None


def fraction_text(value: Fraction) -> str:
    """An exact probability as a fraction: '4/13', '0', '1'."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else \
        f"{value.numerator}/{value.denominator}"


def percent_text(value: Fraction) -> str:
    """A probability as a whole percent; never '0%' or '100%' unless it is exactly so.

    >>> percent_text(Fraction(4, 13)), percent_text(Fraction(1, 300)), percent_text(Fraction(0))
    ('31%', '<1%', '0%')
    """
    value = Fraction(value)
    if value == 0 or value == 1:
        return f"{value.numerator * 100}%"  # 0 or 1
    percent = round(value * 100)
    if percent < 1:
        return "<1%"
    if percent > 99:
        return ">99%"
    return f"{percent}%"


def points_text(value: Fraction) -> str:
    """An expected score, to one decimal place ('18.2'), or exactly when whole ('17')."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{as_float(value):.1f}"


def odds_texts(value: Fraction) -> tuple[str, str]:
    """A probability as the page writes it: ('4/13', '31%')."""
    return fraction_text(value), percent_text(value)


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
        "line_label": ("{name}'s cards", "cartes {de_name}"),
        "no_card": ("no card", "aucune carte"),
        "status_active": ("● in play", "● en jeu"),
        "status_stayed": ("■ stayed", "■ stop"),
        "status_frozen": ("❄ frozen", "❄ gel"),
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
        "aimed": ("{card} on {name}", "{card} sur {name}"),
        "cards": ("{n} cards", "{n} cartes"),
        "one_card": ("1 card", "1 carte"),
        "no_cards": ("no cards", "aucune carte"),
        "moves": ("{n} moves", "{n} coups"),
        "round_number": ("Round {n}", "Manche {n}"),
        "meter": ("bust {fraction} ({percent})", "risque {fraction} ({percent})"),
        "meter_label": ("chance that {name} busts on the next card: {fraction}, {percent}",
                        "risque pour {name} de sauter à la prochaine carte : {fraction}, {percent}"),
        "col_bust": ("Chance of busting", "Risque de sauter"),
        "col_expected": ("Expected round score", "Score de manche espéré"),
        "bust_cell": ("{fraction} ({percent})", "{fraction} ({percent})"),
        "no_bust": ("none (0%)", "aucun (0 %)"),
        "expected_hit": ("{points} after one more card", "{points} après une carte de plus"),
        "expected_hit_exact": ("{points} after one more card (= {fraction})",
                               "{points} après une carte de plus (= {fraction})"),
        "expected_stay": ("{points}, banked", "{points}, acquis"),
    }

    def __init__(self, state: Flip7State, show_hands: bool = True, **kwargs):
        super().__init__(state, show_hands, **kwargs)

    # ---- hooks of the base

    def hands_shown(self, state) -> frozenset:
        """Every line, whatever ``show_hands``: all the cards lie face up (only the deck's
        order is hidden, and no view holds it)."""
        return frozenset(range(len(state.names)))

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

    def both(self, key: str, **values) -> dict:
        """A label of WORDS with its values, as a text of the view ({text, sub}: French
        beneath for "both")."""
        en, fr = self._words[key]
        return self.texts(en.format(**values), fr.format(**values))

    def odds(self, state: Flip7State):
        """The exact odds of the player offered hit or stay (``odds.Odds``), computed from
        that player's observation only; None at any other decision."""
        cached = getattr(self, "_odds_of", None)
        if cached is not None and cached[0] is state:  # the meter and the rows share them
            return cached[1]
        decision = state.decision
        exact = None
        if decision is not None and decision.phase == "hit-or-stay":
            seat = state.to_move
            exact = odds.exact_odds(state.observation(seat), seat)
        self._odds_of = (state, exact)
        return exact

    def _meter(self, state: Flip7State, exact) -> dict | None:
        """The bust meter of the player to act: the exact probability as a fraction (its
        numerator and denominator, for the page's <meter>) and as a percent, with its words."""
        if exact is None:
            return None
        fraction, percent = odds_texts(exact.bust)
        name = state.names[exact.seat]
        return {"seat": exact.seat, "numerator": exact.bust.numerator,
                "denominator": exact.bust.denominator, "fraction": fraction,
                "percent": percent,
                "text": self.word("meter", fraction=fraction, percent=percent),
                "label": self.word("meter_label", name=name, fraction=fraction,
                                   percent=percent)}

    def table_view(self, state: Flip7State, seen: Seen) -> dict:
        obs = seen.obs
        to_move = obs["to_move"]
        meter = self._meter(state, self.odds(state))
        flip7_player = state.flip7_player
        lines = []
        for index, name in enumerate(obs["players"]):
            line = obs["lines"][index]
            numbers = []
            for i, text in enumerate(line["numbers"]):
                twice = text in line["numbers"][:i]  # a busted line shows its duplicate twice
                shown = self._card(text)
                numbers.append({"text": shown, "twice": twice,
                                "label": self.word("twice", card=shown) if twice else shown})
            status = line["status"]
            lines.append({
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
                "meter": meter if meter is not None and meter["seat"] == index else None,
            })
        aside = [self._card(text) for text in obs["set_aside"]]
        # each card's player once named, under set_aside_targets=all-first (the engine's
        # observation says it: flip7.set-aside-targets)
        for i, target in enumerate(obs.get("set_aside_targets") or ()):
            if target is not None:
                aside[i] = self.word("aimed", card=aside[i], name=obs["players"][target])
        return {
            "players": lines,
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

    def _candidates(self, state, seen: Seen) -> dict:
        """The base's rows, and for hit and stay two columns more: the exact chance of
        busting and the expected round score (``odds.exact_odds`` on the mover's view)."""
        table = super()._candidates(state, seen)
        exact = self.odds(state) if table["groups"] else None
        if exact is None:
            table["columns"] = []
            return table
        table["columns"] = [self.word("col_bust"), self.word("col_expected")]
        for group in table["groups"]:
            sends = [move["send"] for move in group["moves"]]
            if sends == [HIT.text("en")]:
                fraction, percent = odds_texts(exact.bust)
                points = points_text(exact.hit)
                exact_text = fraction_text(exact.hit)
                expected = "expected_hit" if exact.hit.denominator == 1 or \
                    len(exact_text) > odds.EXACT_SHOWN else "expected_hit_exact"
                group["extra"] = [self.both("bust_cell", fraction=fraction, percent=percent),
                                  self.both(expected, points=points,
                                            fraction=exact_text)]
            elif sends == [STAY.text("en")] and group["legal"]:
                group["extra"] = [self.both("no_bust"),
                                  self.both("expected_stay", points=number_text(exact.stay))]
            else:
                group["extra"] = [None, None]
        return table


class Flip7Play(PlayWidget, Flip7TryMoves):
    """A game of Flip 7 to 200 points: the reader plays one seat, computer players the
    others, one step at a time (``PlayWidget`` in ``play.py``, on ``Flip7TryMoves``).

    ``players`` is a count (2 to 18) or a list of names; ``seat`` the reader's seat (None:
    every seat is a computer, to watch); ``levels`` the computers' levels, one per computer
    seat in seating order, or one level for all (``players.LEVELS``: "easy", "medium",
    "hard"); ``seed`` chooses every card drawn (None: a fresh seed); ``computer_seed`` the
    computers' own randomness (never the game's seed); ``target`` must be 200, the engine's
    end of the game (flip7.game-end); ``show_next_card`` the teacher's switch;
    ``teacher_switch=False`` leaves the switch out of the page; ``step_chance=True`` leaves
    the card drawn on the reader's hit to Next step (by default it is drawn at once, with
    every card that follows until a player is to decide). Rule options go to
    ``flip7.new_game``.

    Intents: ``play`` (the reader's choice, only when the reader is to move), ``step`` (one
    card drawn or one computer's choice), ``run`` (steps until the reader is to move, the
    round ends or the game ends), ``undo`` (back to the reader's previous decision),
    ``reset`` (this game from its start), ``new_game`` (a new seed), ``level`` (every
    computer's level), ``show_next_card`` and ``lang``. Each is checked in Python first;
    a refusal says why and changes nothing.

    A computer moves only through ``players.computer_move(state, level, rng_seed)``, which
    shows it the observation of its seat: never the deck's order, the seed or the next card.
    Raises PositionError (OptionError for an option or a level) naming what is wrong.
    """

    computers = players
    start_game = staticmethod(new_game)
    chance_move = DRAW
    TEACHER_INTENT = "show_next_card"
    INTENTS: ClassVar[dict] = {"lang": {"lang": str}}
    TRY_INTENTS: ClassVar[dict] = play_intents("show_next_card")
    WORDS: ClassVar[dict] = {
        **Flip7Table.WORDS,
        **PLAY_WORDS,
        "step_refused": ("It is your move ({decision}): choose it below.",
                         "C'est à vous ({decision}) : choisissez ci-dessous."),
        "switch_on": ("Hide the next card", "Cacher la prochaine carte"),
        "switch_off": ("Teacher: show the next card", "Enseignant : montrer la prochaine carte"),
        "switch_label": ("show the next card", "montrer la prochaine carte"),
        "next_card": ("Next card of the deck: {card}", "Prochaine carte de la pioche : {card}"),
        "next_card_none": ("Next card of the deck: none left", "Prochaine carte : plus aucune"),
        "next_card_label": ("next card", "prochaine carte"),
        "teacher_view": ("Teacher's view: the next card shown",
                         "Vue de l'enseignant : la prochaine carte montrée"),
        "chose": ("{name} chose {move}", "{name} a choisi {move}"),
        "drawn": ("Card drawn: {card}", "Carte piochée : {card}"),
    }

    def __init__(self, players=4, seat: int | None = 0, levels=("medium",), seed=None, *,
                 computer_seed: int = 0, show_next_card: bool = False,
                 teacher_switch: bool = True, step_chance: bool = False, lang: str = "both",
                 **options):
        state = self.start_play(players, seat, levels, seed, computer_seed, options,
                                teacher=show_next_card, teacher_switch=teacher_switch,
                                step_chance=step_chance)
        super().__init__(state, lang=lang, seat=seat)

    @property
    def show_next_card(self) -> bool:
        """The teacher's switch: True shows the next card of the deck on the page."""
        return self._teacher

    @show_next_card.setter
    def show_next_card(self, show: bool) -> None:
        self._set_teacher(show)

    def _intent_show_next_card(self, show: bool) -> bool:
        return self._set_teacher(show)

    def chance_words(self, move) -> tuple[str, str]:
        en, fr = self._words["drawn"]
        return en.format(card=self.shown_text(move)), fr.format(card=self.shown_text(move, "fr"))

    def teacher_view(self, state) -> dict:
        """The next card, only while the switch is on (the only place it is read)."""
        if not self._teacher:
            return {"next_card": None}
        upcoming = next_card(state)
        return {"next_card": {
            "text": self.word("next_card_none") if upcoming is None else
            self.word("next_card", card=upcoming.text(self._main)),
            "label": self.word("next_card_label")}}
