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
only the observation of their seat. The next card (the teacher's switch of ``Flip7Play``)
is read from the state by the engine itself (``next_card``), and reaches the page only
while the switch is on.
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from ..core.numbers import as_float
from ..core.state import CHANCE
from ..errors import DoubleseptError, NotationError, OptionError, PositionError
from ..flip7 import (
    CARDS,
    DRAW,
    HIT,
    SECOND_CHANCE,
    STAY,
    TARGET,
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
        "meter": ("bust {fraction} ({percent})", "risque {fraction} ({percent})"),
        "meter_label": ("chance that {name} busts on the next card: {fraction}, {percent}",
                        "risque que {name} saute à la prochaine carte : {fraction}, {percent}"),
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
                expected = "expected_hit" if exact.hit.denominator == 1 else "expected_hit_exact"
                group["extra"] = [self.both("bust_cell", fraction=fraction, percent=percent),
                                  self.both(expected, points=points,
                                            fraction=fraction_text(exact.hit))]
            elif sends == [STAY.text("en")] and group["legal"]:
                group["extra"] = [self.both("no_bust"),
                                  self.both("expected_stay", points=number_text(exact.stay))]
            else:
                group["extra"] = [None, None]
        return table


class Flip7Play(Flip7TryMoves):
    """A game of Flip 7 to 200 points: the reader plays one seat, computer players the
    others, one step at a time.

    ``players`` is a count (2 to 18) or a list of names; ``seat`` the reader's seat (None:
    every seat is a computer, to watch); ``levels`` the computers' levels, one per computer
    seat in seating order, or one level for all (``players.LEVELS``: "easy", "medium",
    "hard"); ``seed`` chooses every card drawn (None: a fresh seed); ``computer_seed`` the
    computers' own randomness (never the game's seed); ``target`` must be 200, the engine's
    end of the game (flip7.game-end); ``show_next_card`` the teacher's switch;
    ``teacher_switch=False`` leaves the switch out of the page. Rule options go to
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

    INTENTS: ClassVar[dict] = {"lang": {"lang": str}}
    TRY_INTENTS: ClassVar[dict] = {
        "play": {"move": str}, "step": {}, "run": {}, "undo": {}, "reset": {},
        "new_game": {}, "level": {"level": str}, "show_next_card": {"show": bool},
    }
    HISTORY = 80  # how many steps the history shows, the latest last
    RUN_LIMIT = 2000  # the most steps one "run" plays (a round is far shorter)
    WORDS: ClassVar[dict] = {
        **Flip7Table.WORDS,
        "try_caption": ("Now: ", "Maintenant : "),
        "reset": ("⟲ Restart", "⟲ Rejouer"),
        "reset_label": ("restart this game", "rejouer cette partie"),
        "undo": ("↶ Undo my move", "↶ Annuler mon coup"),
        "undo_label": ("undo my last move", "annuler mon dernier coup"),
        "step": ("Next step ▸", "Étape suivante ▸"),
        "step_label": ("next step", "étape suivante"),
        "run": ("To my turn ▸▸", "Jusqu'à mon tour ▸▸"),
        "run_watch": ("To the end of the round ▸▸", "Jusqu'à la fin de la manche ▸▸"),
        "run_label": ("play to my turn", "jouer jusqu'à mon tour"),
        "new_game": ("New game", "Nouvelle partie"),
        "new_game_label": ("new game", "nouvelle partie"),
        "level_group": ("computer level", "niveau de l'ordinateur"),
        "level_easy": ("easy", "facile"),
        "level_medium": ("medium", "moyen"),
        "level_hard": ("hard", "difficile"),
        "level_label": ("computer level {level}", "niveau de l'ordinateur {level}"),
        "switch_on": ("Hide the next card", "Cacher la prochaine carte"),
        "switch_off": ("Teacher: show the next card", "Enseignant : montrer la prochaine carte"),
        "switch_label": ("show the next card", "montrer la prochaine carte"),
        "next_card": ("Next card of the deck: {card}", "Prochaine carte de la pioche : {card}"),
        "next_card_none": ("Next card of the deck: none left", "Prochaine carte : plus aucune"),
        "next_card_label": ("next card", "prochaine carte"),
        "history_label": ("history", "historique"),
        "history_title": ("What happened, step by step", "Ce qui s'est passé, pas à pas"),
        "history_more": ("({n} earlier steps)", "({n} étapes plus tôt)"),
        "you": ("you", "vous"),
        "computer": ("computer, {level}", "ordinateur, {level}"),
        "your_move": ("Your move, {name}: choose below.", "À vous, {name} : choisissez ci-dessous."),
        "press_step": ("{what}: press Next step.", "{what} : appuyez sur Étape suivante."),
        "watching": ("Every seat is a computer: press Next step.",
                     "Toutes les places sont des ordinateurs : appuyez sur Étape suivante."),
        "chose": ("{name} chose {move}", "{name} a choisi {move}"),
        "drawn": ("Card drawn: {card}", "Carte piochée : {card}"),
    }

    def __init__(self, players=4, seat: int | None = 0, levels=("medium",), seed=None,
                 target: int = 200, *, computer_seed: int = 0, show_next_card: bool = False,
                 teacher_switch: bool = True, lang: str = "both", **options):
        if target != TARGET:
            raise OptionError(f"target: the game ends at {TARGET} points (flip7.game-end), "
                              f"not {target!r}")
        if not isinstance(computer_seed, int) or isinstance(computer_seed, bool) \
                or not 0 <= computer_seed < 2**63:
            raise OptionError(f"computer_seed is a whole number from 0 to 2**63 - 1, not "
                              f"{computer_seed!r}")
        self._options = options
        self._seed = seed
        self._games = 0
        state = new_game(players, seed=seed, **options)
        if seat is not None:
            state.observation(seat)  # the engine refuses a seat that does not exist
        self._levels = self._checked_levels(state, seat, levels)
        self._computer_seed = computer_seed
        self._show_next = bool(show_next_card)
        self._teacher_switch = bool(teacher_switch)
        super().__init__(state, lang=lang, seat=seat)

    # ---- Python side

    def _set_state(self, state) -> None:
        """A position to play on (a lesson's stacked deck): the same number of players, so
        each computer keeps its seat. PositionError otherwise."""
        state = self._checked(state)
        if len(state.names) != len(self._state.names):
            raise PositionError(f"this game has {len(self._state.names)} players, and the "
                                f"position {len(state.names)}: make a new Flip7Play")
        GameWidget.state.fset(self, state)

    state = property(GameWidget.state.fget, _set_state)

    @property
    def levels(self) -> dict:
        """The computers' levels: {seat: level}."""
        return dict(self._levels)

    @property
    def show_next_card(self) -> bool:
        """The teacher's switch: True shows the next card of the deck on the page."""
        return self._show_next

    @show_next_card.setter
    def show_next_card(self, show: bool) -> None:
        self._show_next = bool(show)
        self._redraw()

    @property
    def intents(self) -> dict:
        intents = super().intents
        if not self._teacher_switch:
            intents = {k: v for k, v in intents.items() if k != "show_next_card"}
        return intents

    def step(self) -> bool:
        """One step, as the Next step button: a card drawn, or one computer's choice."""
        return self.handle_message({"intent": "step"})

    def run(self) -> bool:
        """Steps until the reader is to move, the round ends or the game ends."""
        return self.handle_message({"intent": "run"})

    def new_game(self) -> bool:
        return self.handle_message({"intent": "new_game"})

    def _checked_levels(self, state, seat, levels) -> dict:
        computers = [p for p in range(len(state.names)) if p != seat]
        if isinstance(levels, str):
            levels = (levels,)
        levels = tuple(levels)
        if len(levels) == 1:
            levels = levels * len(computers)
        if len(levels) != len(computers):
            raise OptionError(f"levels: one level for each of the {len(computers)} computer "
                              f"players (or one for all), not {len(levels)}")
        known = players.LEVELS
        for level in levels:
            if level not in known:
                raise OptionError(f"levels: a level is one of {', '.join(known)}, not "
                                  f"{level!r}")
        return dict(zip(computers, levels, strict=True))

    def is_computer(self, seat) -> bool:
        return isinstance(seat, int) and seat is not CHANCE and seat in self._levels

    # ---- the intents

    def _refuse_play(self, en: str, fr: str) -> bool:
        self._tried = None
        self._say("error", en, fr)
        return False

    def _waiting_words(self, state) -> tuple[str, str]:
        """Why the reader may not choose now, in English and French."""
        to_move = state.to_move
        if to_move is None:
            return self._words["game_over"]
        decision = state.decision
        en, fr = self._words["press_step"]
        return en.format(what=decision.en), fr.format(what=decision.fr)

    def _intent_play(self, move: str) -> bool:
        state = self._state
        if self._seat is None or state.to_move is CHANCE or state.to_move != self._seat:
            en, fr = self._waiting_words(state)
            return self._refuse_play(f"Not your move: {en}", f"Ce n'est pas à vous : {fr}")
        return super()._intent_play(move)

    def _intent_step(self) -> bool:
        state = self._state
        if state.to_move is None:
            return self._refuse_play("The game is over: press New game to play again.",
                                     "La partie est terminée : appuyez sur Nouvelle partie.")
        if state.to_move is not CHANCE and state.to_move == self._seat:
            name = self.seat_name(state, self._seat)
            return self._refuse_play(f"Your move, {name}: choose hit or stay, or a player, "
                                     "below.",
                                     f"À vous, {name} : choisissez encore ou stop, ou un "
                                     "joueur, ci-dessous.")
        self._advance()
        self._said_step(state)
        return True

    def _advance(self) -> None:
        """Play one step: a card drawn (chance, from the game's seed), or a computer's choice
        (through ``players.computer_move``, on its seat's observation only)."""
        state = self._state
        if state.to_move is CHANCE:
            move = DRAW
        else:
            level = self._levels[state.to_move]
            rng_seed = (self._computer_seed + _depth(state)) % 2**63
            move = players.computer_move(state, level, rng_seed)
        self._state = state.play(move)  # the engine refuses an illegal move (IllegalMove)

    def _said_step(self, before, steps: int = 1) -> None:
        """Say the last step (``before`` is the state it started from) and its events;
        after several steps, how many (the history shows each)."""
        new = self._state
        mover = None if before.to_move is CHANCE else self.seat_name(before, before.to_move)
        events = new.events
        if mover is not None:
            en, fr = self.played_text(mover, new.last_move)
        elif events:  # a card drawn: its first event says which and to whom
            en, fr, events = events[0].en, events[0].fr, events[1:]
        else:
            en, fr = (self._words["drawn"][0].format(card=self.shown_text(new.last_move)),
                      self._words["drawn"][1].format(card=self.shown_text(new.last_move, "fr")))
        if steps > 1:
            en, fr = f"{steps} steps, the last: {en}", f"{steps} étapes, la dernière : {fr}"
        self._tried = None
        self._say("ok", en, fr, at="table", events=events)

    def _intent_run(self) -> bool:
        state = self._state
        if state.to_move is None:
            return self._intent_step()  # says the game is over
        if state.to_move is not CHANCE and state.to_move == self._seat:
            return self._intent_step()  # says it is the reader's move
        steps = 0
        while steps < self.RUN_LIMIT:
            before = self._state
            self._advance()
            steps += 1
            now = self._state
            if now.to_move is None or now.is_round_over or \
                    (now.to_move is not CHANCE and now.to_move == self._seat):
                break
        self._said_step(before, steps)
        return True

    def _intent_undo(self) -> bool:
        state = self._state
        earlier = None if state is self.start else state.parent
        while earlier is not None and not (earlier.to_move is not CHANCE
                                           and earlier.to_move == self._seat):
            if earlier is self.start:
                earlier = None
                break
            earlier = earlier.parent
        self._tried = None
        if earlier is None or self._seat is None:
            self._say("error", "Nothing to undo: you have made no move yet in this game.",
                      "Rien à annuler : vous n'avez encore joué aucun coup dans cette partie.")
            return False
        taken = _child_of(state, earlier).last_move
        self._state = earlier
        self._say("ok", f"Took back your move {self.shown_text(taken)}: your turn again.",
                  f"Coup repris : {self.shown_text(taken, 'fr')} ; à vous de nouveau.")
        return True

    def _intent_new_game(self) -> bool:
        self._games += 1
        seed = None if self._seed is None else (self._seed + self._games) % 2**63
        state = new_game(list(self._state.names), seed=seed, **self._options)
        self.start = state
        self._state = state
        self._tried = None
        self._say("ok", "A new game: the cards are shuffled again.",
                  "Une nouvelle partie : les cartes sont de nouveau mélangées.")
        return True

    def _intent_level(self, level: str) -> bool:
        known = players.LEVELS
        if level not in known:
            listed = ", ".join(known)
            return self._refuse(f"the level is one of {listed}, not {level!r}",
                                f"le niveau est l'un de {listed}, pas {level!r}")
        self._levels = dict.fromkeys(self._levels, level)
        shown_en, shown_fr = self._words[f"level_{level}"]
        self._say("ok", f"Every computer now plays {shown_en}.",
                  f"Chaque ordinateur joue maintenant au niveau {shown_fr}.")
        return True

    def _intent_show_next_card(self, show: bool) -> bool:
        self._show_next = show
        self._redraw()
        return True

    # ---- the view

    def _candidates(self, state, seen: Seen) -> dict:
        """The reader's choices, only when the reader is to move (never a card to stack)."""
        if self._seat is None or state.to_move is CHANCE or state.to_move != self._seat:
            decision = state.decision
            caption = self.texts(decision.en, decision.fr) if decision is not None else \
                self.texts(*self._words["game_over"])
            return {"caption": caption, "groups": [], "can_act": False, "columns": []}
        return super()._candidates(state, seen)

    def _build_view(self) -> dict:
        view = super()._build_view()
        state = self._state
        view["can_undo"] = self._seat is not None and _decided_since(state, self.start,
                                                                      self._seat)
        view["moves_shown"] = []  # the history says it all, step by step
        return view

    def table_view(self, state: Flip7State, seen: Seen) -> dict:
        view = super().table_view(state, seen)
        for entry in view["players"]:
            seat = entry["seat"]
            if seat == self._seat:
                entry["role"] = self.word("you")
            else:
                level = self.word(f"level_{self._levels[seat]}")
                entry["role"] = self.word("computer", level=level)
        to_move = state.to_move
        mine = to_move is not None and to_move is not CHANCE and to_move == self._seat
        if to_move is None:
            status = self.texts(*self._words["game_over"])
        elif mine:
            status = self.both("your_move", name=self.seat_name(state, self._seat))
        elif self._seat is None:
            status = self.both("watching")
        else:
            en, fr = self._waiting_words(state)
            status = self.texts(en, fr)
        levels = set(self._levels.values())
        play = {
            "status": status,
            "step": {"text": self.word("step"), "label": self.word("step_label"),
                     "disabled": to_move is None or mine},
            "run": {"text": self.word("run" if self._seat is not None else "run_watch"),
                    "label": self.word("run_label"), "disabled": to_move is None or mine},
            "new_game": {"text": self.word("new_game"), "label": self.word("new_game_label")},
            "level_group": self.word("level_group"),
            "levels": [{"level": level, "text": self.word(f"level_{level}"),
                        "label": self.word("level_label", level=self.word(f"level_{level}")),
                        "pressed": levels == {level}}
                       for level in players.LEVELS] if self._levels else [],
            "switch": None if not self._teacher_switch else {
                "text": self.word("switch_on" if self._show_next else "switch_off"),
                "label": self.word("switch_label"), "pressed": self._show_next},
            "next_card": None,
            "history_label": self.word("history_label"),
            "history_title": self.word("history_title"),
        }
        if self._show_next:  # the only place the next card is read, and only when asked
            upcoming = next_card(state)
            play["next_card"] = {
                "text": self.word("next_card_none") if upcoming is None else
                self.word("next_card", card=upcoming.text(self._main)),
                "label": self.word("next_card_label")}
        play["history"], earlier = self._history(state)
        play["history_more"] = self.word("history_more", n=earlier) if earlier else None
        play["history_start"] = earlier + 1
        view["play"] = play
        return view

    def _history(self, state) -> tuple[list, int]:
        """The latest steps from the start of the game, oldest first, each as its texts:
        who chose what (or the card drawn), then the events it brought about."""
        steps = []
        s = state
        while s is not self.start and s.parent is not None and len(steps) < self.HISTORY:
            steps.append(s)
            s = s.parent
        earlier = 0
        while s is not self.start and s.parent is not None:
            earlier += 1
            s = s.parent
        entries = []
        for s in reversed(steps):
            before = s.parent
            mover = before.to_move
            chance = mover is CHANCE or mover is None
            events = s.events
            if chance and events:  # a card drawn: its first event says which and to whom
                what, events = self.texts(events[0].en, events[0].fr), events[1:]
            elif chance:
                what = self.both("drawn", card=self.shown_text(s.last_move, self._main))
            else:
                name = self.seat_name(before, mover)
                what = self.texts(
                    self._words["chose"][0].format(name=name, move=self.shown_text(s.last_move)),
                    self._words["chose"][1].format(name=name,
                                                   move=self.shown_text(s.last_move, "fr")))
            entries.append({
                "round": s.round,
                "mine": not chance and mover == self._seat,
                "chance": chance,
                "what": what,
                "events": [self.texts(e.en, e.fr) for e in events],
            })
        return entries, earlier


def _depth(state) -> int:
    """How many moves led to ``state`` from the start of its game."""
    depth = 0
    while state.parent is not None:
        depth += 1
        state = state.parent
    return depth


def _child_of(state, ancestor):
    """The state right after ``ancestor`` on the way to ``state``."""
    while state.parent is not ancestor:
        state = state.parent
    return state


def _decided_since(state, start, seat) -> bool:
    """True if ``seat`` made a choice between ``start`` and ``state``."""
    s = None if state is start else state.parent
    while s is not None:
        if s.to_move is not CHANCE and s.to_move == seat:
            return True
        if s is start:
            return False
        s = s.parent
    return False
