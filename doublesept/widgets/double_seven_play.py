"""A game of Double Seven against the computer: ``DoubleSevenPlay``.

``PlayWidget`` (``play.py``) brings what knows no rule: the levels, the steps, undo to the
reader's last decision, reset, a new game, the history and the teacher's switch. The table,
the try-a-move rows and the move builder are ``DoubleSevenTryMoves``. A computer moves only
through ``double_seven.players.computer_move(state, level, rng_seed)``, which hands it the
observation of its seat: never another rack, the reserve's order or the seed.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.state import CHANCE
from ..double_seven import Tile, new_game, players
from ..double_seven.rules import one_of
from .double_seven_try import DoubleSevenTryMoves
from .play import PLAY_WORDS, PlayWidget, play_intents

__all__ = ["DoubleSevenPlay"]


class DoubleSevenPlay(PlayWidget, DoubleSevenTryMoves):
    """A game of Double Seven: the reader plays one seat, computer players the others, one
    step at a time.

    ``players`` is a count (2 to 4) or a list of names; ``seat`` the reader's seat (None:
    every seat is a computer, to watch); ``levels`` the computers' levels, one per computer
    seat in seating order, or one for all (``double_seven.players.LEVELS``: "random",
    "greedy", "strategy"); ``seed`` chooses every hidden tile (None: a fresh seed);
    ``computer_seed`` the computers' own randomness (never the game's seed);
    ``show_hands`` the teacher's switch (every rack shown), ``teacher_switch=False`` leaves
    it out of the page; ``preset`` and the rule ``options`` go to ``double_seven.new_game``.

    ``step_chance=True`` (a teacher's option) leaves each chance step to Next step; by
    default a tile the reader draws hidden is revealed at once.

    Intents: ``play`` (the reader's move, only on the reader's turn; a hidden tile the
    reader draws is revealed at once, unless ``step_chance``), the builder's (``pick``, ``unpick``,
    ``pick_family``, ``pick_kind``, ``confirm``, ``clear``), ``step`` (one chance step or
    one computer's move), ``run`` (steps until the reader is to move or the game ends;
    watching, to the next player's turn), ``undo`` (back to the reader's last decision),
    ``reset``, ``new_game``, ``level``, ``show_all_racks`` (the teacher's switch) and
    ``lang``. Each is checked in Python first; a refusal says why and changes nothing.

    Raises PositionError (OptionError for an option, a level or the computer seed) naming
    what is wrong.
    """

    computers = players
    start_game = staticmethod(new_game)
    TEACHER_INTENT = "show_all_racks"
    INTENTS: ClassVar[dict] = {"lang": {"lang": str}}
    TRY_INTENTS: ClassVar[dict] = {
        **play_intents("show_all_racks"),
        **{k: v for k, v in DoubleSevenTryMoves.TRY_INTENTS.items()
           if k not in ("play", "undo", "reset")},
    }
    WORDS: ClassVar[dict] = {
        **DoubleSevenTryMoves.WORDS,
        **PLAY_WORDS,
        "level_random": ("random", "au hasard"),
        "level_greedy": ("greedy", "glouton"),
        "level_strategy": ("strategy", "stratège"),
        "run_watch": ("To the next turn ▸▸", "Jusqu'au tour suivant ▸▸"),
        "new_game_done": ("A new game: the tiles are shuffled again.",
                          "Une nouvelle partie : les tuiles sont de nouveau mélangées."),
        "step_refused": ("Your move, {name}: choose a move below, or build one.",
                         "À vous, {name} : choisissez un coup ci-dessous, ou construisez-en un."),
        "switch_on": ("Hide the other racks", "Cacher les autres chevalets"),
        "switch_off": ("Teacher: show every rack", "Enseignant : montrer tous les chevalets"),
        "switch_label": ("show every rack", "montrer tous les chevalets"),
        "teacher_view": ("Teacher's view: every rack shown",
                         "Vue de l'enseignant : tous les chevalets montrés"),
        "drew": ("{name} drew {tile}.", "{name} a pioché {tile}."),
        "dealt": ("{name} is dealt {tile}.", "{name} reçoit {tile}."),
        "a_tile": ("a tile from the reserve", "une tuile de la réserve"),
    }

    def __init__(self, players=4, seat: int | None = 0, levels=("greedy",), seed=None, *,
                 computer_seed: int = 0, teacher_switch: bool = True, show_hands: bool = False,
                 step_chance: bool = False, lang: str = "both", **options):
        state = self.start_play(players, seat, levels, seed, computer_seed, options,
                                teacher=show_hands, teacher_switch=teacher_switch,
                                step_chance=step_chance)
        super().__init__(state, True, lang=lang, seat=seat)

    # ---- Python side

    @property
    def show_all_racks(self) -> bool:
        """The teacher's switch: True shows every rack on the page."""
        return self._teacher

    @show_all_racks.setter
    def show_all_racks(self, show: bool) -> None:
        self._intent_show_all_racks(bool(show))

    @property
    def chance_move(self):
        """The request word of the chance step awaited (deal, flip or reveal)."""
        return self._state.legal_moves()[0]

    # ---- what the reader sees

    def hands_shown(self, state) -> frozenset:
        """The reader's own rack (none when watching), or every rack while the teacher's
        switch is on."""
        if self._teacher:
            return frozenset(range(len(state.names)))
        return frozenset() if self._seat is None else frozenset((self._seat,))

    def chance_words(self, move) -> tuple[str, str]:
        """A chance step without an event: a tile is never named (it may be hidden)."""
        if move.__class__ is Tile:
            return self._words["a_tile"]
        return super().chance_words(move)

    def _closed(self, state) -> tuple | None:
        if state.to_move is not None and state.to_move is not CHANCE \
                and not self._readers_turn(state):
            en, fr = self._waiting_words(state)
            return f"Not your move: {en}", f"Ce n'est pas à vous : {fr}"
        return super()._closed(state)

    # ---- the intents

    def _intent_show_all_racks(self, show: bool) -> bool:
        if not show:
            self._message = None  # hidden means hidden: the last reply may name a tile
            self._tried = None
        return self._set_teacher(show)

    def run_stops(self, start, now) -> bool:
        """Watching (no seat), ``run`` stops when the next player's turn begins; Double Seven
        has no rounds, so with a seat it runs to the reader's move or the end of the game."""
        return self._seat is None and now.turn != start.turn

    # ---- the view

    def step_words(self, s) -> tuple[str, str, tuple]:
        """The base's words ("Bob is dealt a tile.", the engine's event), in which a tile
        dealt or drawn hidden is named when this view may name it (``hides_move``: to its
        receiver, and to the teacher with every rack shown). A player's move is said by its
        first event, which the engine words as a sentence ("Bob draws a hidden tile.",
        "Ann starts family 1: ..."), not as "Bob played draw hidden" beside it."""
        mover = s.parent.to_move
        if mover is not CHANCE and mover is not None and s.events \
                and s.events[0].players[:1] == (mover,):
            return s.events[0].en, s.events[0].fr, tuple(s.events[1:])
        en, fr, events = super().step_words(s)
        if s.last_move.__class__ is not Tile:
            return en, fr, events
        every = s.events
        if not every \
                or every[0].kind not in ("dealt", "drew") or self.hides_move(s):
            return en, fr, events
        en, fr = self._words[every[0].kind]
        kind = s.last_move.kind
        name = self.seat_name(s, every[0].players[0])
        return (en.format(name=name, tile=one_of(kind, "en")),
                fr.format(name=name, tile=one_of(kind, "fr")), events)
