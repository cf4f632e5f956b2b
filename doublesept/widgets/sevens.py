"""The Sevens widgets: the table (``SevensTable``), the try-a-move table (``SevensTryMoves``,
with its analysis column) and a match against the computer (``SevensPlay``).

Everything but Sevens' own table (the four rows, the players and their hands,
the legend) comes from ``GameWidget`` in ``base.py``; the game against the computer
from ``PlayWidget`` in ``play.py``; the browser side is ``widgets/sevens.js`` on top of
``widgets/common.js``. The chances of the analysis column come from
``doublesept.sevens.analysis.what_if``, the computers' moves from
``doublesept.sevens.players.computer_move``: no rule is decided here.
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
    parse_card,
)
from ..core.numbers import as_float, read_whole
from ..core.state import CHANCE
from ..errors import DoubleseptError, OptionError
from ..sevens import (
    DEAL,
    DEFAULT_NAMES,
    DEFAULT_ROUNDS,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    MIN_ROUNDS,
    PASS,
    PRESETS,
    SevensRules,
    SevensState,
    analysis,
    new_game,
    players,
    render_html,
)
from ..sevens.rules import card_at
from ..sevens.state import Dealt
from .base import GameWidget, Seen, fill, number_text, short
from .play import PLAY_WORDS, PlayWidget, play_intents

__all__ = ["ANALYSIS_LEVELS", "RED", "SevensPlay", "SevensTable", "SevensTryMoves", "TryMoves",
           "rules_text"]

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
        "stack": ("chips: {n}", "jetons : {n}"),
        "table_pot": ("Pot: {n} chips", "Pot : {n} jetons"),
        "cards": ("{n} cards", "{n} cartes"),
        "one_card": ("1 card", "1 carte"),
        "no_cards": ("no cards", "aucune carte"),
        "hand_label": ("{name}'s hand", "main {de_name}"),
        "fits_title": ("{card}: fits, can be played now", "{card} : se pose, jouable maintenant"),
        "legend_table": ("on the table", "sur la table"),
        "legend_fits": ("fits: a card can go here now", "se pose : une carte peut aller ici"),
        "legend_playable": ("fits, and the player to move holds it",
                            "se pose, et le joueur qui joue l'a en main"),
        "legend_last": ("the last card played", "la dernière carte posée"),
        "legend_empty": ("not played yet", "pas encore posée"),
        "hidden_hand": ("{n} cards in {name}'s hand, hidden",
                        "{n} cartes en main {de_name}, cachées"),
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
        rows = [self.summary_row(en.format(n=size, name=name), fill(fr, n=size, name=name))]
        for verdict in verdicts:
            if verdict.move.__class__ is not Card:  # pass: its button only, not its verdict
                rows.append(self._group([verdict], seen, hidden=True))
        return rows

    def static_html(self) -> str:
        """The engine's picture (``sevens.render_html``) with the hands this view shows
        (``hands_shown``): every hand, the observer's own, or none."""
        state = self._state
        shown = self.hands_shown(state)
        every = len(shown) == len(state.names)
        return render_html(state, show_hands=bool(shown),
                           seat=None if every else self.observer(state), lang=self._main)

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
            # the deck's places in row order: A to K, or 7 to A for the German deck (S7)
            for position in range(state.rules.bottom, state.rules.top + 1):
                placed = card_at(position, suit)  # the engine's mapping (S7's high ace)
                rank = placed.rank
                text = str(placed)
                shown = placed.text("fr") if fr else text
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
        chips = obs.get("chips")  # Fan Tan: each stack, and the pot (sevens.chips, sevens.pot)
        for index, name in enumerate(obs["players"]):
            hand = seen.hands[index]
            count = obs["hand_sizes"][index]
            players.append({
                "name": name,
                "count": count,
                "count_text": self._count(count),
                "score": number_text(obs["scores"][index]),
                "score_text": self.word("stack", n=number_text(chips[index])) if chips
                else self.word("score", score=number_text(obs["scores"][index])),
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
            "pot_text": self.word("table_pot", n=number_text(obs["pot"])) if chips else None,
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


KEEP = object()  # SevensPlay.setup: keep this setting
ANALYSIS_LEVELS = ("random", "medium", "hard")  # the levels the analysis column offers
ANALYSIS_SAMPLES = 500  # random play: rounds sampled a move when not exact (± 5.8 points at 99%)
ANALYSIS_HARD_SAMPLES = 20  # hard play: rounds sampled a move (about 0.2 s a round)
ANALYSIS_MEMO = 16  # analyses remembered (undo and redo do not count them again)

ANALYSIS_WORDS = {
    "col_chances": ("Chance of winning the round", "Chances de gagner la manche"),
    "analysis_on": ("Hide the chances", "Cacher les chances"),
    "analysis_off": ("Teacher: chances of winning", "Enseignant : chances de gagner"),
    "analysis_label": ("chances of winning the round for each move",
                       "chances de gagner la manche pour chaque coup"),
    "analysis_group": ("the others then play", "les autres jouent ensuite"),
    "analysis_level_random": ("at random", "au hasard"),
    "analysis_level_medium": ("medium", "moyen"),
    "analysis_level_hard": ("hard", "difficile"),
    # how a level reads after "plays" ("chacun joue ensuite au niveau moyen")
    "analysis_plays_random": ("at random", "au hasard"),
    "analysis_plays_medium": ("medium", "au niveau moyen"),
    "analysis_plays_hard": ("hard", "au niveau difficile"),
    "analysis_level_label": ("everyone then plays {level}", "chacun joue ensuite {level}"),
    "analysis_needs_hands": (
        ("The chances column is the teacher's view: it reads every hand. Show every hand "
        "(show_hands=True, no seat) first."),
        ("La colonne des chances est la vue de l'enseignant : elle lit toutes les mains. "
        "Montrez d'abord toutes les mains (show_hands=True, sans place).")),
    "analysis_failed": ("The chances could not be worked out: {why}",
                        "Les chances n'ont pas pu être calculées : {why}"),
}


def _checked_analysis_level(level) -> str:
    if not isinstance(level, str) or level not in ANALYSIS_LEVELS:
        raise OptionError(f"analysis_level: one of {', '.join(ANALYSIS_LEVELS)}, not "
                          f"{short(level)}")
    return level


def _checked_samples(samples):
    if samples is not None and (not isinstance(samples, int) or isinstance(samples, bool)
                                or not 1 <= samples <= 100_000):
        raise OptionError(f"analysis_samples: a whole number from 1 to 100000, or None, not "
                          f"{short(samples)}")
    return samples


class SevensTryMoves(SevensTable):
    """The try-a-move table: every candidate move with its verdict, and buttons to play it.

    Moves with the same verdict (legality, rule and reason) share one row. ``play(move)``,
    ``undo()`` and ``reset()`` take the same path as the buttons. ``moves`` lists the moves
    played since ``start``; ``reset`` goes back to ``start``, the state the widget was
    created with (or last given through ``.state``).

    The analysis column (off by default; ``analysis=True``, or the ``analysis`` intent,
    ``{"intent": "analysis", "show": true}``): for each legal move, on a row of its own,
    the chance that each player wins the round if everyone then plays at
    ``analysis_level`` ("random", the default, "medium" or "hard"; the
    ``analysis_level`` intent changes it), from ``doublesept.sevens.analysis.what_if``.
    Exact when the round's tree allows it; otherwise sampled from ``analysis_samples``
    rounds a move (default ANALYSIS_SAMPLES, 500, for random play: ± 5.8 points at 99%;
    ANALYSIS_HARD_SAMPLES, 20, for hard), and the column's heading states the margin. A
    random analysis takes up to a few seconds (a tree too big to count, then sampling);
    each is remembered for the last ANALYSIS_MEMO positions. It is the teacher's view: it
    reads every hand, so it needs every hand shown (``show_hands=True``, no ``seat``):
    OptionError in the constructor, a refusal of the intent with a message otherwise, and
    hiding the hands turns it off. ``analysis_switch`` puts its switch on the page
    (default: when ``analysis`` is on). OptionError for a bad level or sample count.
    """

    try_moves = True
    TRY_INTENTS: ClassVar[dict] = {**GameWidget.TRY_INTENTS, "analysis": {"show": bool},
                                   "analysis_level": {"level": str}}
    WORDS: ClassVar[dict] = {**SevensTable.WORDS, **ANALYSIS_WORDS}

    def __init__(self, state: SevensState, show_hands: bool = True, *, analysis: bool = False,
                 analysis_level: str = "random", analysis_samples: int | None = None,
                 analysis_switch: bool | None = None, **kwargs):
        self._analysis = False
        self._analysis_level = _checked_analysis_level(analysis_level)
        self._analysis_samples = _checked_samples(analysis_samples)
        self._analysis_switch = bool(analysis) if analysis_switch is None \
            else bool(analysis_switch)
        self._analyses: dict = {}
        super().__init__(state, show_hands, **kwargs)
        if analysis:
            if not self.sees_every_hand():
                raise OptionError("analysis: " + self._words["analysis_needs_hands"][0])
            self._analysis = True
            self._redraw()

    # ---- Python side

    @property
    def analysis(self) -> bool:
        """True while the analysis column is shown (switch it with ``show_analysis``)."""
        return self._analysis

    @property
    def analysis_level(self) -> str:
        return self._analysis_level

    def show_analysis(self, show: bool = True) -> bool:
        """Switch the analysis column on or off, as the page's switch does: refused (False,
        with a message) while the hands are hidden."""
        return self.handle_message({"intent": "analysis", "show": bool(show)})

    def sees_every_hand(self) -> bool:
        """True when this view shows every hand: the teacher's view."""
        return self._show_hands and self._seat is None

    def _set_show_hands(self, show: bool) -> None:
        if not show:
            self._analysis = False  # the column reads every hand: hidden hands turn it off
        GameWidget.show_hands.fset(self, show)

    show_hands = property(GameWidget.show_hands.fget, _set_show_hands)

    def what_if(self, state=None):
        """The analysis of ``state`` (default: the widget's) at the widget's level
        (``analysis.WhatIf``); None when no player is to move. Remembered."""
        state = self._state if state is None else state
        if state.to_move is None or state.to_move is CHANCE or state.is_round_over:
            return None
        level = self._analysis_level
        key = (state, level)
        found = self._analyses.get(key)
        if found is None:
            samples = self._analysis_samples or (ANALYSIS_HARD_SAMPLES if level == "hard"
                                                 else ANALYSIS_SAMPLES)
            found = analysis.what_if(state, level, samples=samples)
            if len(self._analyses) >= ANALYSIS_MEMO:
                self._analyses.pop(next(iter(self._analyses)))
            self._analyses[key] = found
        return found

    # ---- the intents

    def _intent_analysis(self, show: bool) -> bool:
        if show and not self.sees_every_hand():
            self._tried = None
            self._say("error", *self._words["analysis_needs_hands"])
            return False
        self._analysis = show
        self._tried = None
        if show:
            self._say("ok", "The chances of winning are shown for each legal move.",
                      "Les chances de gagner sont affichées pour chaque coup permis.")
        else:
            self._say("ok", "The chances are hidden.", "Les chances sont cachées.")
        return True

    def _intent_analysis_level(self, level: str) -> bool:
        if level not in ANALYSIS_LEVELS:
            listed = ", ".join(ANALYSIS_LEVELS)
            return self._refuse(f"the analysis level is one of {listed}, not {short(level)}",
                                f"le niveau d'analyse est l'un de {listed}, pas {short(level)}")
        self._analysis_level = level
        en, fr = self._words[f"analysis_plays_{level}"]
        self._say("ok", f"The chances now assume everyone plays {en}.",
                  f"Les chances supposent maintenant que chacun joue {fr}.")
        return True

    # ---- the view

    def _analysis_shown(self) -> bool:
        return self._analysis and self.sees_every_hand()

    def _grouped(self, verdicts, seen: Seen) -> list:
        """With the analysis on, each legal move has its own row (its own chances)."""
        if not self._analysis_shown():
            return super()._grouped(verdicts, seen)
        legal = [self._group([v], seen) for v in verdicts if v.legal]
        return legal + super()._grouped([v for v in verdicts if not v.legal], seen)

    def _candidates(self, state, seen: Seen) -> dict:
        table = super()._candidates(state, seen)
        if not self._analysis_shown() or not any(g["legal"] for g in table["groups"]):
            return table
        try:
            found = self.what_if(state)
        except DoubleseptError as err:
            en, fr = self._words["analysis_failed"]
            table["columns"] = [self.word("col_chances")]
            for group in table["groups"]:
                group["extra"] = [self.texts(en.format(why=short(err, 120)),
                                             fr.format(why=short(err, 120)))
                                  if group["legal"] else None]
            return table
        if found is None:
            return table
        heading_en, heading_fr = found.text("en").split("\n")[0], found.text("fr").split("\n")[0]
        table["columns"] = [self.word("col_chances")]
        table["chances_heading"] = self.texts(heading_en, heading_fr)
        rows = {row.move: row for row in found.rows}
        names = list(state.names)
        for group in table["groups"]:
            row = rows.get(group["moves"][0]["send"]) if group["legal"] else None
            if row is None:
                group["extra"] = [None]
                continue
            group["extra"] = [self.texts(row.text(names, "en"), row.text(names, "fr"))]
            group["chances"] = [as_float(p) for p in row.wins]
        return table

    def _build_view(self) -> dict:
        view = super()._build_view()
        if self._analysis or self._analysis_switch:
            view["analysis"] = self._analysis_view()
        return view

    def _analysis_view(self) -> dict:
        allowed = self.sees_every_hand()
        shown = self._analysis_shown()
        return {
            "on": shown,
            "switch": None if not (self._analysis_switch and allowed) else {
                "text": self.word("analysis_on" if shown else "analysis_off"),
                "label": self.word("analysis_label"), "pressed": shown},
            "level_group": self.word("analysis_group"),
            "levels": [] if not shown else [
                {"level": level, "text": self.word(f"analysis_level_{level}"),
                 "label": self.word("analysis_level_label",
                                    level=self.word(f"analysis_plays_{level}")),
                 "pressed": level == self._analysis_level}
                for level in ANALYSIS_LEVELS],
        }


class SevensPlay(PlayWidget, SevensTryMoves):
    """A Sevens match against the computer: the reader plays one seat, computer players the
    others, one step at a time (``PlayWidget`` in ``play.py``, on ``SevensTryMoves``).

    ``players`` is a count (3 to 8; the preset may allow fewer) or a list of names;
    ``seat`` the reader's seat (None: every seat is a computer, to watch); ``levels`` the
    computers' levels, one per computer seat in seating order, or one for all
    (``sevens.players.LEVELS``: "easy", "medium", "hard"); ``seed`` chooses every deal of
    the match (None: a fresh seed); ``rounds`` the match's length (1 to 10); ``preset``
    ("app", "international", "fan-tan", "shichi-narabe", ...: ``sevens.PRESETS``) and
    ``options`` go to ``sevens.new_game``; ``computer_seed`` the computers' own randomness
    (never the match seed); ``show_all_hands`` the teacher's switch (every hand shown),
    ``teacher_switch=False`` leaves it out of the page; ``learning=False`` refuses undo (a
    match played for real); ``analysis`` and the other ``analysis_*`` arguments are
    ``SevensTryMoves``' column, which needs the teacher's switch on; ``step_chance=True`` leaves
    a deal that follows the reader's move to Next step (Sevens deals only between rounds,
    and the next deal waits for Next step anyway: ``chance_stops``).

    The page shows the table with the reader's hand (its playable cards are buttons), the
    try-a-move rows on the reader's turn, the match scoreboard (each finished round's
    penalty points and the totals, and with chips, every stack and the pot), and the
    round's history. Intents: ``play``, ``step``, ``run``, ``undo``, ``reset``,
    ``new_game``, ``level``, ``show_all_hands`` (the teacher's switch), ``analysis``,
    ``analysis_level``, ``setup`` (``players``, ``seat``, ``preset``, ``rounds``, each as
    text: a new match; seat "none" to watch, preset "none" for the engine's defaults) and
    ``lang``. Each is checked in Python first; a refusal says why and changes nothing.

    A computer moves only through ``sevens.players.computer_move(state, level, rng_seed)``,
    which shows it the observation of its seat and the round's public history: never the
    other hands or the seed. Raises PositionError (OptionError for an option or a level)
    naming what is wrong.
    """

    computers = players
    start_game = staticmethod(new_game)
    chance_move = DEAL
    TEACHER_INTENT = "show_all_hands"
    INTENTS: ClassVar[dict] = {"lang": {"lang": str}}
    TRY_INTENTS: ClassVar[dict] = {
        **play_intents("show_all_hands"), "analysis": {"show": bool},
        "analysis_level": {"level": str},
        "setup": {"players": str, "seat": str, "preset": str, "rounds": str},
    }
    WORDS: ClassVar[dict] = {
        **SevensTryMoves.WORDS,
        **PLAY_WORDS,
        "step_refused": ("Your move, {name}: play a card or pass, below.",
                         "À vous, {name} : posez une carte ou passez, ci-dessous."),
        "new_game_done": ("A new match: the cards are dealt again.",
                          "Une nouvelle partie : les cartes sont de nouveau distribuées."),
        "switch_on": ("Hide the other hands", "Cacher les autres mains"),
        "switch_off": ("Teacher: show every hand", "Enseignant : montrer toutes les mains"),
        "switch_label": ("show every hand", "montrer toutes les mains"),
        "analysis_needs_hands": (
            ("The chances column is the teacher's view: it reads every hand. Turn on the "
            "teacher's switch (show every hand) first."),
            ("La colonne des chances est la vue de l'enseignant : elle lit toutes les mains. "
            "Activez d'abord l'interrupteur de l'enseignant (montrer toutes les mains).")),
        "score_title": ("Match scoreboard", "Tableau des scores"),
        "score_player": ("Player", "Joueur"),
        "score_round": ("R{n}", "M{n}"),
        "score_round_label": ("round {n}", "manche {n}"),
        "score_tie_break": ("TB", "DP"),
        "score_tie_break_label": ("tie-break deal", "donne de départage"),
        "score_total": ("Total", "Total"),
        "score_chips": ("Chips", "Jetons"),
        "score_pot": ("Pot: {n} chips", "Pot : {n} jetons"),
        "score_goal": ("Penalty points: the lowest total after {rounds} wins.",
                       "Points de pénalité : le total le plus bas après {rounds} gagne."),
        "score_goal_chips": (("Chips: the most chips after {rounds} wins (the match also "
                             "ends when a player has none left)."),
                             ("Jetons : le joueur qui a le plus de jetons après {rounds} gagne "
                             "(la partie s'arrête aussi quand un joueur n'en a plus).")),
        "rounds_1": ("1 round", "1 manche"),
        "rounds_n": ("{n} rounds", "{n} manches"),
        "score_winner": ("★ winner", "★ gagnant"),
        "round_won": ("won the round", "a gagné la manche"),
        "score_sat_out": ("sat out", "n'a pas joué"),
        "setup_title": ("New match", "Nouvelle partie"),
        "setup_players": ("players", "joueurs"),
        "setup_seat": ("your seat", "votre place"),
        "setup_watch": ("watch only", "regarder seulement"),
        "setup_preset": ("rules", "règles"),
        "setup_none": ("base rules", "règles de base"),
        "setup_rounds": ("rounds", "manches"),
        "setup_start": ("Start a new match", "Commencer une nouvelle partie"),
        "setup_start_label": ("start a new match with these settings",
                              "commencer une nouvelle partie avec ces réglages"),
        "play_card_label": ("play {card}", "jouer {card}"),
    }

    def __init__(self, players=4, seat: int | None = 0, levels=("medium",), seed=None,
                 rounds: int = DEFAULT_ROUNDS, preset: str | None = None, *,
                 computer_seed: int = 0, show_all_hands: bool = False,
                 teacher_switch: bool = True, learning: bool = True, analysis: bool = False,
                 analysis_level: str = "random", analysis_samples: int | None = None,
                 analysis_switch: bool = True, step_chance: bool = False, lang: str = "both",
                 **options):
        state = self.start_play(players, seat, levels, seed, computer_seed,
                                {"rounds": rounds, "preset": preset, **options},
                                teacher=show_all_hands, teacher_switch=teacher_switch,
                                learning=learning, step_chance=step_chance)
        self._extra_options = options
        super().__init__(state, True, lang=lang, seat=seat, analysis=analysis,
                         analysis_level=analysis_level, analysis_samples=analysis_samples,
                         analysis_switch=analysis_switch)

    # ---- Python side

    @property
    def show_all_hands(self) -> bool:
        """The teacher's switch: True shows every hand on the page."""
        return self._teacher

    @show_all_hands.setter
    def show_all_hands(self, show: bool) -> None:
        self._intent_show_all_hands(bool(show))

    def sees_every_hand(self) -> bool:
        return self._teacher

    def setup(self, players: int | None = None, seat=KEEP, preset=KEEP,
              rounds: int | None = None) -> bool:
        """A new match, as the page's Start button: ``players`` (a count) and ``rounds``,
        None to keep them; ``seat`` (None to watch) and ``preset`` (None for the base
        rules), left out to keep them. Sent as the ``setup`` intent, so it is checked the
        same way: False, with a message, when refused."""
        state = self._state
        seat = self._seat if seat is KEEP else seat
        preset = self._options.get("preset") if preset is KEEP else preset
        return self.handle_message({
            "intent": "setup",
            "players": str(len(state.names) if players is None else players),
            "seat": "none" if seat is None else str(seat),
            "preset": "none" if preset is None else str(preset),
            "rounds": str(state.rules.rounds if rounds is None else rounds)})

    # ---- what the reader sees

    def hands_shown(self, state) -> frozenset:
        """The reader's own hand (none when watching), or every hand while the teacher's
        switch is on."""
        if self._teacher:
            return frozenset(range(len(state.names)))
        return frozenset() if self._seat is None else frozenset((self._seat,))

    def history_floor(self, state):
        """The round's history starts at its deal (or at the start of the game)."""
        s = state
        while s is not self.start and s.parent is not None:
            if s.last_move.__class__ is Dealt:
                return s.parent
            s = s.parent
        return s

    # ---- the intents

    def _intent_show_all_hands(self, show: bool) -> bool:
        if not show:
            self._analysis = False  # the column reads every hand
            self._message = None  # hidden means hidden: the last reply may name a card held
            self._tried = None
        return self._set_teacher(show)

    def _intent_setup(self, players: str, seat: str, preset: str, rounds: str) -> bool:
        count = _whole_text(players)
        if count is None or not MIN_PLAYERS <= count <= MAX_PLAYERS:
            return self._refuse(f"players: a number from {MIN_PLAYERS} to {MAX_PLAYERS}, not "
                                f"{short(players)}",
                                f"joueurs : un nombre de {MIN_PLAYERS} à {MAX_PLAYERS}, pas "
                                f"{short(players)}")
        reader = None if seat == "none" else _whole_text(seat)
        if seat != "none" and (reader is None or reader >= count):
            return self._refuse(f"seat: a seat from 0 to {count - 1}, or 'none' to watch, not "
                                f"{short(seat)}",
                                f"place : une place de 0 à {count - 1}, ou 'none' pour "
                                f"regarder, pas {short(seat)}")
        if preset != "none" and preset not in PRESETS:
            listed = ", ".join(PRESETS)
            return self._refuse(f"preset: one of {listed}, or 'none', not {short(preset)}",
                                f"préréglage : l'un de {listed}, ou 'none', pas {short(preset)}")
        length = _whole_text(rounds)
        if length is None or not MIN_ROUNDS <= length <= MAX_ROUNDS:
            return self._refuse(f"rounds: a number from {MIN_ROUNDS} to {MAX_ROUNDS}, not "
                                f"{short(rounds)}",
                                f"manches : un nombre de {MIN_ROUNDS} à {MAX_ROUNDS}, pas "
                                f"{short(rounds)}")
        chosen = None if preset == "none" else preset
        extra = self._extra_options if chosen == self._options.get("preset") else {}
        names = list(self._state.names) if count == len(self._state.names) else count
        options = {"rounds": length, "preset": chosen, **extra}
        kept = set(self._levels.values())
        level = kept.pop() if len(kept) == 1 else "medium"
        seed = None if self._seed is None else (self._seed + self._games + 1) % 2**63
        try:
            state = self.start_game(names, seed=seed, **options)
        except DoubleseptError as err:
            self._tried = None
            self._say("error", f"This match cannot be set up: {short(err, 160)}",
                      f"Cette partie ne peut pas être réglée : {short(err, 160)}")
            return False
        self._games += 1
        self._options = options
        self._extra_options = extra
        self._seat = reader
        self._levels = {p: level for p in range(count) if p != reader}
        self.start = state
        self._state = state
        self._tried = None
        if not self.sees_every_hand():
            self._analysis = False
        who_en = "you watch" if reader is None else f"you are {state.names[reader]}"
        who_fr = "vous regardez" if reader is None else f"vous êtes {state.names[reader]}"
        rules_en = state.rules.describe("en") or "the base rules"
        rules_fr = state.rules.describe("fr") or "les règles de base"
        self._say("ok", f"A new match: {count} players, {who_en}, {length} round"
                        f"{'' if length == 1 else 's'}; {rules_en}.",
                  f"Une nouvelle partie : {count} joueurs, {who_fr}, {length} manche"
                  f"{'' if length == 1 else 's'} ; {rules_fr}.")
        return True

    # ---- the view

    def table_view(self, state: SevensState, seen: Seen) -> dict:
        view = super().table_view(state, seen)
        mine = self._readers_turn(state)
        for seat, entry in enumerate(view["players"]):
            entry["mine"] = seat == self._seat
            if entry["mine"] and entry["cards"] is not None:
                for c in entry["cards"]:
                    c["send"] = c["card"] if mine and c["playable"] else None
                    c["label"] = self.word("play_card_label", card=c["text"])
        view["scoreboard"] = self.scoreboard(state)
        view["setup"] = self._setup_view(state)
        return view

    def scoreboard(self, state=None) -> dict:
        """The match so far, as JSON-safe data: each finished round's penalty points, the
        totals, and with chips every stack and the pot; the match's winners once it is
        over. Read from the engine's states on the way to ``state``."""
        state = self._state if state is None else state
        finished = []  # (round, penalties, winner, who played it), oldest first
        s = state
        while s is not None:
            parent = s.parent
            if s.turn is None and (parent is None or parent.turn is not None):
                finished.append((s.round, s.round_penalties(), s.round_winner,
                                 s.tie_break_players or range(len(s.names))))
            s = parent
        finished.reverse()
        rules = state.rules
        chips = list(state.chips)
        winners = set(state.winners) if state.is_over else set()
        rounds_text = self.word("rounds_1") if rules.rounds == 1 else \
            self.word("rounds_n", n=rules.rounds)
        head = [self.word("score_player")]
        labels = []
        for number, _, _, _ in finished:
            tie = number > rules.rounds
            head.append(self.word("score_tie_break") if tie else
                        self.word("score_round", n=number))
            labels.append(self.word("score_tie_break_label") if tie else
                          self.word("score_round_label", n=number))
        head.append(self.word("score_total"))
        if chips:
            head.append(self.word("score_chips"))
        rows = []
        for seat, name in enumerate(state.names):
            rows.append({
                "name": name,
                "you": seat == self._seat,
                "cells": [self._score_cell(seat, penalties, winner, seat in played, label)
                          for (_, penalties, winner, played), label in zip(finished, labels,
                                                                           strict=True)],
                "total": number_text(state.scores[seat]),
                "chips": number_text(chips[seat]) if chips else None,
                "winner": seat in winners,
            })
        return {
            "title": self.word("score_title"),
            "goal": self.word("score_goal_chips" if chips else "score_goal",
                              rounds=rounds_text),
            "head": head,
            "rows": rows,
            "pot": self.word("score_pot", n=number_text(state.pot)) if chips else None,
            "winner_tag": self.word("score_winner"),
        }

    def _score_cell(self, seat, penalties, winner, played, label) -> dict:
        """One round's penalty points of one player ("—" for a player sitting out a
        tie-break deal)."""
        if not played:
            return {"text": "—", "won": False,
                    "label": f"{label}: {self.word('score_sat_out')}"}
        text = number_text(penalties[seat])
        won = f", {self.word('round_won')}" if winner == seat else ""
        return {"text": text, "won": winner == seat, "label": f"{label}: {text}{won}"}

    def _setup_view(self, state) -> dict:
        rules = state.rules
        preset = self._options.get("preset")
        return {
            "title": self.word("setup_title"),
            "players": {"label": self.word("setup_players"), "value": str(len(state.names)),
                        "choices": [{"value": str(n), "text": str(n)}
                                    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]},
            "seat": {"label": self.word("setup_seat"),
                     "value": "none" if self._seat is None else str(self._seat),
                     "choices": [{"value": str(p), "text": f"{p + 1} ({DEFAULT_NAMES[p]})"}
                                 for p in range(MAX_PLAYERS)]
                     + [{"value": "none", "text": self.word("setup_watch")}]},
            "preset": {"label": self.word("setup_preset"), "value": preset or "none",
                       "choices": [{"value": "none", "text": self.word("setup_none")}]
                       + [{"value": p, "text": p} for p in PRESETS]},
            "rounds": {"label": self.word("setup_rounds"), "value": str(rules.rounds),
                       "choices": [{"value": str(n), "text": str(n)}
                                   for n in range(MIN_ROUNDS, MAX_ROUNDS + 1)]},
            "start": {"text": self.word("setup_start"), "label": self.word("setup_start_label")},
        }


def _whole_text(text: str) -> int | None:
    """A small whole number written in ASCII digits ('4'), or None."""
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        return None
    return read_whole(text, "a number")


# the name the try-a-move table had before every game's was named after it (issue 22): old
# notebooks and code keep working
TryMoves = SevensTryMoves
