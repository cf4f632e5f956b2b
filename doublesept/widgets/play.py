"""A game against the computer, for any game: the parts of a play widget that know no rule.

``PlayWidget`` is a mixin placed before a game's try-a-move table, as in
``class Flip7Play(PlayWidget, Flip7TryMoves)``. The reader plays one seat (or none, to
watch), computer players the others, one step at a time: a step is a chance step (a card
drawn, a round dealt) or one computer's choice. It adds the intents ``step`` (one step),
``run`` (steps until the reader is to move, the round ends or the game ends), ``undo``
(back to the reader's previous decision), ``reset`` (the game from its start), ``new_game``
(the next seed), ``level`` (every computer's level) and the teacher's switch (an intent
the game names), and the view's ``play`` panel: the status, the step buttons, the levels,
the switch and the history of the steps with the engine's events.

What a game supplies (class attributes and hooks):

- ``computers``: the game's players module, read at each step so a test may spy on it:
  ``computers.LEVELS`` (the level names), ``computers.LEVEL_ALIASES`` (easy, medium and
  hard, when the game's levels have names of their own) and
  ``computers.computer_move(state, level, rng_seed)``, which shows a computer only the
  observation of its seat; the widget never hands a computer anything else.
- ``start_game``: the game's ``new_game(players, seed=..., **options)``, as a staticmethod.
- ``chance_move``: the move that asks chance to act (``flip7.DRAW``, ``sevens.DEAL``);
  chance resolves it from the seed held in the state.
- ``TEACHER_INTENT``: the name of the teacher's switch intent (its one field is ``show``,
  true or false), e.g. "show_next_card"; put it in the game's ``TRY_INTENTS``
  (``play_intents`` builds them in the usual order) and define
  ``_intent_<name>(self, show)`` returning ``self._set_teacher(show)``; ``self._teacher``
  says whether it is on (the game decides what it shows: ``teacher_view``, ``seen``).
- ``WORDS``: the game's words with ``PLAY_WORDS`` under them; the game adds
  ``level_<name>`` for each of its levels (easy, medium, hard are here), and
  ``switch_on``, ``switch_off``, ``switch_label`` for its switch.
- optionally ``chance_words(move)`` (a chance step that brings no event, in English and
  French), ``teacher_view(state)`` (what the switch shows, merged into the panel),
  ``history_floor(state)`` (where the history starts: the game's start by default) and
  a ``shown_text(move, lang)`` of the table (how a move reads; ``move_text`` otherwise).

The game's ``__init__`` calls ``start_play(...)`` for the first state, then its table's
``__init__``.

After the reader's own move, the chance steps that follow play themselves (the card drawn on
hit, the hidden tile revealed), through the engine, until a player must decide or the round
ends (``chance_stops``); ``step_chance=True`` (a teacher's option) leaves each of them to Next
step. The reply to Next step and To my turn lists every step since the reader's last move,
seat by seat, in order, each as the history names it (never a hidden tile of another seat).
The header says whose view it is: the seat's, the spectator's, or with the teacher's switch
on, the teacher's (``teacher_view``: "Teacher's view: every hand shown"). The computers' randomness is ``computer_seed`` plus the number of moves from
the start of the game: never the game's seed, so the same seeds replay the same game.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.state import CHANCE
from ..errors import OptionError, PositionError
from .base import GameWidget, Seen

__all__ = ["PLAY_WORDS", "PlayWidget", "play_intents"]

PLAY_WORDS = {
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
    "new_game_done": ("A new game: the cards are shuffled again.",
                      "Une nouvelle partie : les cartes sont de nouveau mélangées."),
    "level_group": ("computer level", "niveau de l'ordinateur"),
    "level_easy": ("easy", "facile"),
    "level_medium": ("medium", "moyen"),
    "level_hard": ("hard", "difficile"),
    "level_label": ("computer level {level}", "niveau de l'ordinateur {level}"),
    "history_label": ("history", "historique"),
    "history_title": ("What happened, step by step", "Ce qui s'est passé, pas à pas"),
    "history_more": ("({n} earlier steps)", "({n} étapes précédentes)"),
    "you": ("you", "vous"),
    "computer": ("computer, {level}", "ordinateur, {level}"),
    "your_move": ("Your move, {name}: choose below.", "À vous, {name} : choisissez ci-dessous."),
    "step_refused": ("Your move, {name}: choose a move below.",
                     "À vous, {name} : choisissez un coup ci-dessous."),
    "press_step": ("{what}: press Next step.", "{what} : appuyez sur Étape suivante."),
    "watching": ("Every seat is a computer: press Next step.",
                 "Toutes les places sont tenues par l'ordinateur : appuyez sur Étape suivante."),
    "switch_on": ("Teacher: hide", "Enseignant : cacher"),
    "switch_off": ("Teacher: show", "Enseignant : montrer"),
    "switch_label": ("teacher's switch", "interrupteur de l'enseignant"),
    "teacher_view": ("Teacher's view: every hand shown",
                     "Vue de l'enseignant : toutes les mains montrées"),
    "spectator_view": ("Spectator's view: every seat is a computer",
                       "Vue du spectateur : toutes les places à l'ordinateur"),
    "since_move": ("Since your move, {n} steps:", "Depuis votre coup, {n} étapes :"),
    "steps_n": ("{n} steps:", "{n} étapes :"),
    "steps_earlier": ("({n} earlier steps: see the history)",
                      "({n} étapes précédentes : voir l'historique)"),
}


def play_intents(teacher_intent: str) -> dict:
    """The intents of a play widget, in the order their names are listed to the reader:
    play, step, run, undo, reset, new_game, level, then the teacher's switch."""
    return {"play": {"move": str}, "step": {}, "run": {}, "undo": {}, "reset": {},
            "new_game": {}, "level": {"level": str}, teacher_intent: {"show": bool}}


class PlayWidget:
    """A game against the computer; see the module for what a game supplies.

    Put it before the game's try-a-move table in the bases. Read-only ``levels``
    ({seat: level}); ``step()``, ``run()``, ``new_game()`` take the same path as the
    buttons. Setting ``state`` takes a position with the same number of players
    (PositionError otherwise), so each computer keeps its seat.
    """

    # ---- what a game supplies
    computers: ClassVar = None  # the players module: LEVELS, computer_move(state, level, rng_seed)
    start_game: ClassVar = None  # staticmethod(new_game): (players, seed=..., **options) -> state
    chance_move: ClassVar = None  # the move chance resolves (DRAW, DEAL)
    TEACHER_INTENT: ClassVar[str] = "teacher"
    HISTORY = 80  # how many steps the history shows, the latest last
    REPLY_STEPS = 30  # how many steps a reply lists, the latest last (the history has all)
    RUN_LIMIT = 2000  # the most steps one "run" plays (a round is far shorter)

    def start_play(self, players, seat, levels, seed, computer_seed, options: dict, *,
                   teacher: bool = False, teacher_switch: bool = True, learning: bool = True,
                   step_chance: bool = False):
        """Check the play arguments and deal the first state (before the table's
        ``__init__``). ``learning=False`` refuses undo (a match played for real);
        ``step_chance=True`` leaves each chance step after the reader's move to Next step
        (a teacher's option: by default they play themselves).
        Raises OptionError for the computer seed, a level or an option; PositionError for
        the players or a seat that does not exist."""
        if not isinstance(computer_seed, int) or isinstance(computer_seed, bool) \
                or not 0 <= computer_seed < 2**63:
            raise OptionError(f"computer_seed is a whole number from 0 to 2**63 - 1, not "
                              f"{computer_seed!r}")
        self._options = options
        self._seed = seed
        self._games = 0
        state = self.start_game(players, seed=seed, **options)
        if seat is not None:
            state.observation(seat)  # the engine refuses a seat that does not exist
        self._levels = self._checked_levels(state, seat, levels)
        self._computer_seed = computer_seed
        self._teacher = bool(teacher)
        self._teacher_switch = bool(teacher_switch)
        self._learning = bool(learning)
        self._step_chance = bool(step_chance)
        return state

    # ---- Python side

    def _set_state(self, state) -> None:
        """A position to play on (a lesson's stacked deck): the same number of players, so
        each computer keeps its seat. PositionError otherwise."""
        state = self._checked(state)
        if len(state.names) != len(self._state.names):
            raise PositionError(f"this game has {len(self._state.names)} players, and the "
                                f"position {len(state.names)}: make a new "
                                f"{type(self).__name__}")
        GameWidget.state.fset(self, state)

    state = property(GameWidget.state.fget, _set_state)

    @property
    def levels(self) -> dict:
        """The computers' levels: {seat: level}."""
        return dict(self._levels)

    @property
    def step_chance(self) -> bool:
        """True: each chance step after the reader's move waits for Next step (a teacher's
        option); False (the default): they play themselves."""
        return self._step_chance

    @property
    def learning(self) -> bool:
        """True: the reader may undo a move (learning mode)."""
        return self._learning

    @property
    def intents(self) -> dict:
        intents = super().intents
        if not self._teacher_switch:
            intents = {k: v for k, v in intents.items() if k != self.TEACHER_INTENT}
        return intents

    def step(self) -> bool:
        """One step, as the Next step button: a chance step, or one computer's choice."""
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
        known = self.computers.LEVELS
        aliases = self.computers.LEVEL_ALIASES  # easy, medium, hard in every game
        levels = tuple(aliases.get(level, level) if isinstance(level, str) else level
                       for level in levels)
        for level in levels:
            if level not in known:
                raise OptionError(f"levels: a level is one of {', '.join(known)}, not "
                                  f"{level!r}")
        return dict(zip(computers, levels, strict=True))

    def is_computer(self, seat) -> bool:
        return isinstance(seat, int) and seat is not CHANCE and seat in self._levels

    def _readers_turn(self, state) -> bool:
        to_move = state.to_move
        return self._seat is not None and to_move is not None and to_move is not CHANCE \
            and to_move == self._seat

    def _shown(self, move, lang: str = "en") -> str:
        """How a move reads: the table's ``shown_text`` if it has one, else ``move_text``."""
        shown = getattr(self, "shown_text", None)
        return shown(move, lang) if shown is not None else self.move_text(move, lang)

    # ---- hooks a game may refine

    def chance_words(self, move) -> tuple[str, str]:
        """A chance step that brought no event, in English and French."""
        return self.move_text(move), self.move_text(move, "fr")

    def teacher_view(self, state) -> dict:
        """What the teacher's switch adds to the play panel (after ``switch``)."""
        return {}

    @property
    def sources_in_rows(self) -> bool:
        return False  # the choices share one screen with the board: each source on its card

    def chance_stops(self, state) -> bool:
        """Whether the chance steps that follow the reader's move stop at ``state`` before a
        player is to decide: by default at the end of a round (the next deal waits for Next
        step, so the round's end stays on the page)."""
        return bool(getattr(state, "is_round_over", False))

    def _step_said(self, s) -> tuple[str, str, tuple]:
        """``step_words(s)``, remembered for each state and each set of hands shown (what
        the view may name), so the history and the reply cost one reading a step."""
        memo = self.__dict__.setdefault("_step_memo", {})
        key = (id(s), self._teacher)
        found = memo.get(key)
        if found is not None and found[0] is s:
            return found[1]
        said = self.step_words(s)
        if len(memo) >= 20_000:
            memo.clear()
        memo[key] = (s, said)
        return said

    def step_words(self, s) -> tuple[str, str, tuple]:
        """The step that led to ``s`` as this view names it: (English, French, the events
        left to tell). Who chose what; for a chance step its first event, or
        ``chance_words``. A game may name more where its view may (``hides_move``)."""
        before = s.parent
        mover = before.to_move
        events = tuple(s.events)
        if mover is CHANCE or mover is None:
            if events:  # a chance step: its first event says what happened
                return events[0].en, events[0].fr, events[1:]
            en, fr = self.chance_words(s.last_move)
            return en, fr, events
        en, fr = self.played_text(self.seat_name(before, mover), s.last_move)
        return en, fr, events

    def history_floor(self, state):
        """The state the history starts from: the start of the game."""
        return self.start

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
        if not self._readers_turn(state):
            en, fr = self._waiting_words(state)
            return self._refuse_play(f"Not your move: {en}", f"Ce n'est pas à vous : {fr}")
        with self.hold_sync():  # the page gets the move and its chance steps as one view
            if not super()._intent_play(move):
                return False
            if not self._step_chance and self._state.to_move is CHANCE:
                self._play_chance()
        return True

    def _play_chance(self) -> None:
        """The chance steps that follow the reader's move, through the engine (the state's
        chance request), until a player is to decide, the game ends or ``chance_stops``;
        each is added to the reply, as the history names it."""
        message = self._message
        said = []
        steps = 0
        while self._state.to_move is CHANCE and steps < self.RUN_LIMIT \
                and not self.chance_stops(self._state):
            self._advance()
            steps += 1
            en, fr, events = self._step_said(self._state)
            said.extend((_Said(en, fr), *events))
        if said and message is not None:
            self._say_more(said)
        elif said:
            self._redraw()

    def _intent_step(self) -> bool:
        state = self._state
        if state.to_move is None:
            return self._refuse_play("The game is over: press New game to play again.",
                                     "La partie est terminée : appuyez sur Nouvelle partie.")
        if self._readers_turn(state):
            en, fr = self._words["step_refused"]
            name = self.seat_name(state, self._seat)
            decision = state.decision  # a template may name what the engine awaits
            return self._refuse_play(en.format(name=name, decision=decision.en),
                                     fr.format(name=name, decision=decision.fr))
        self._advance()
        self._said_step(state)
        return True

    def _advance(self) -> None:
        """Play one step: chance (from the game's seed), or a computer's choice (through
        ``computers.computer_move``, on its seat's observation only)."""
        state = self._state
        if state.to_move is CHANCE:
            move = self.chance_move
        else:
            level = self._levels[state.to_move]
            rng_seed = (self._computer_seed + _depth(state)) % 2**63
            move = self.computers.computer_move(state, level, rng_seed)
        self._state = state.play(move)  # the engine refuses an illegal move (IllegalMove)

    def _said_step(self, before, steps: int = 1) -> None:
        """Say the steps since the reader's last move (watching: the ``steps`` just played),
        seat by seat, in order, each with its events: one step as one line, several as a
        list under "Since your move, 3 steps:". ``before`` is the state the last step
        started from."""
        line, after_move = self._since_reader(steps)
        self._tried = None
        if len(line) == 1:
            en, fr, events = self._step_said(line[0])
            self._say("ok", en, fr, at="table", events=events)
            return
        said = []
        earlier = max(0, len(line) - self.REPLY_STEPS)
        if earlier:
            said.append(_Said(*self._words["steps_earlier"]).filled(n=earlier))
        for s in line[earlier:]:
            en, fr, events = self._step_said(s)
            said.extend((_Said(en, fr), *events))
        en, fr = self._words["since_move" if after_move else "steps_n"]
        self._say("ok", en.format(n=len(line)), fr.format(n=len(line)), at="table",
                  events=said)

    def _since_reader(self, steps: int) -> tuple[list, bool]:
        """The states each step since the reader's last move led to, oldest first (at least
        the ``steps`` just played; watching, exactly those), and whether the list starts
        after a move of the reader's (False: from the start of the game, or watching)."""
        line = []
        s = self._state
        after_move = False
        while s.parent is not None and s is not self.start:
            if self._seat is None and len(line) >= steps:
                break
            if len(line) >= steps and self._readers_turn(s.parent):
                after_move = True  # s is the reader's own move: the list starts after it
                break
            line.append(s)
            s = s.parent
        line.reverse()
        return line, after_move

    def _intent_run(self) -> bool:
        state = self._state
        if state.to_move is None or self._readers_turn(state):
            return self._intent_step()  # says the game is over, or that it is the reader's move
        steps = 0
        while steps < self.RUN_LIMIT:
            before = self._state
            self._advance()
            steps += 1
            now = self._state
            if now.to_move is None or self._readers_turn(now) or self.run_stops(state, now):
                break
        self._said_step(before, steps)
        return True

    def run_stops(self, start, now) -> bool:
        """Whether ``run``, begun at ``start``, stops at ``now`` besides at the end of the game
        and at the reader's move. By default at the end of a round (a game without rounds
        has no ``is_round_over``); a game may stop elsewhere."""
        return bool(getattr(now, "is_round_over", False))

    def _intent_undo(self) -> bool:
        self._tried = None
        if not self._learning:
            self._say("error", "Undo is off: this match is played for real, not in learning "
                               "mode.",
                      "Annuler est désactivé : cette partie se joue pour de vrai, pas en mode "
                      "apprentissage.")
            return False
        state = self._state
        earlier = None if state is self.start else state.parent
        while earlier is not None and not self._readers_turn(earlier):
            if earlier is self.start:
                earlier = None
                break
            earlier = earlier.parent
        if earlier is None or self._seat is None:
            self._say("error", "Nothing to undo: you have made no move yet in this game.",
                      "Rien à annuler : vous n'avez encore joué aucun coup dans cette partie.")
            return False
        taken = _child_of(state, earlier).last_move
        self._state = earlier
        self._say("ok", f"Took back your move {self._shown(taken)}: your turn again.",
                  f"Coup repris : {self._shown(taken, 'fr')} ; à vous de nouveau.")
        return True

    def _intent_new_game(self) -> bool:
        self._games += 1
        seed = None if self._seed is None else (self._seed + self._games) % 2**63
        state = self.start_game(list(self._state.names), seed=seed, **self._options)
        self.start = state
        self._state = state
        self._tried = None
        self._say("ok", *self._words["new_game_done"])
        return True

    def _intent_level(self, level: str) -> bool:
        known = self.computers.LEVELS
        if isinstance(level, str):
            level = self.computers.LEVEL_ALIASES.get(level, level)
        if level not in known:
            listed = ", ".join(known)
            return self._refuse(f"the level is one of {listed}, not {level!r}",
                                f"le niveau est l'un de {listed}, pas {level!r}")
        self._levels = dict.fromkeys(self._levels, level)
        shown_en, shown_fr = self._words[f"level_{level}"]
        self._say("ok", f"Every computer now plays {shown_en}.",
                  f"Chaque ordinateur joue maintenant au niveau {shown_fr}.")
        return True

    def _set_teacher(self, show: bool) -> bool:
        """The teacher's switch, on or off (the game's TEACHER_INTENT calls it)."""
        self._teacher = bool(show)
        self._redraw()
        return True

    # ---- the view

    def _candidates(self, state, seen: Seen) -> dict:
        """The reader's choices, only when the reader is to move (never chance's)."""
        if not self._readers_turn(state):
            decision = state.decision
            caption = self.texts(decision.en, decision.fr) if decision is not None else \
                self.texts(*self._words["game_over"])
            return {"caption": caption, "groups": [], "can_act": False, "columns": []}
        table = super()._candidates(state, seen)
        # the rows whose moves are buttons first among the legal ones, so a move to click is
        # at the top of the play area (a folded row is built with the panel, or unfolded)
        table["groups"] = sorted(table["groups"],
                                 key=lambda g: (g["legal"] is not True, bool(g.get("folded"))))
        return table

    def _build_view(self) -> dict:
        view = super()._build_view()
        state = self._state
        view["can_undo"] = self._learning and self._seat is not None and \
            _decided_since(state, self.start, self._seat)
        if self._teacher and len(self.hands_shown(state)) == self.seats(state):
            view["seat_text"] = self.word("teacher_view")
        elif self._seat is None:
            view["seat_text"] = self.word("spectator_view")
        return view

    def moves_shown(self, state) -> list:
        """No list of moves: the history says it all, step by step."""
        return []

    def table_view(self, state, seen: Seen) -> dict:
        """The table's view, each player's role (you, or a computer and its level), and
        the play panel (``play``)."""
        view = super().table_view(state, seen)
        for seat, entry in enumerate(view.get("players", ())):
            if seat == self._seat:
                entry["role"] = self.word("you")
            else:
                level = self.word(f"level_{self._levels[seat]}")
                entry["role"] = self.word("computer", level=level)
        view["play"] = self.play_view(state)
        return view

    def play_view(self, state) -> dict:
        """The play panel: status, step and run, new game, levels, the teacher's switch
        (and what it shows), the history."""
        to_move = state.to_move
        mine = self._readers_turn(state)
        if to_move is None:
            status = self.texts(*self._words["game_over"])
        elif mine:
            en, fr = self._words["your_move"]
            name = self.seat_name(state, self._seat)
            status = self.texts(en.format(name=name), fr.format(name=name))
        elif self._seat is None:
            status = self.texts(*self._words["watching"])
        else:
            status = self.texts(*self._waiting_words(state))
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
                       for level in self.computers.LEVELS] if self._levels else [],
            "switch": None if not self._teacher_switch else {
                "text": self.word("switch_on" if self._teacher else "switch_off"),
                "label": self.word("switch_label"), "pressed": self._teacher,
                "intent": self.TEACHER_INTENT},
            **self.teacher_view(state),
            "history_label": self.word("history_label"),
            "history_title": self.word("history_title"),
        }
        play["history"], earlier = self._history(state)
        play["history_more"] = self.word("history_more", n=earlier) if earlier else None
        play["history_start"] = earlier + 1
        return play

    def _history(self, state) -> tuple[list, int]:
        """The latest steps from ``history_floor``, oldest first, each as its texts: who
        chose what (or the chance step), then the events it brought about."""
        floor = self.history_floor(state)
        steps = []
        s = state
        while s is not floor and s.parent is not None and len(steps) < self.HISTORY:
            steps.append(s)
            s = s.parent
        earlier = 0
        while s is not floor and s.parent is not None:
            earlier += 1
            s = s.parent
        entries = []
        for s in reversed(steps):
            mover = s.parent.to_move
            chance = mover is CHANCE or mover is None
            en, fr, events = self._step_said(s)
            entries.append({
                "round": s.round,
                "mine": not chance and mover == self._seat,
                "chance": chance,
                "what": self.texts(en, fr),
                "events": [self.texts(e.en, e.fr) for e in events],
            })
        return entries, earlier


class _Said:
    """A line the widget says itself (a step, in the reply), in English and French: it
    stands beside the engine's events, which have the same ``en`` and ``fr``."""

    __slots__ = ("en", "fr")

    def __init__(self, en: str, fr: str):
        self.en, self.fr = en, fr

    def filled(self, **values) -> _Said:
        return _Said(self.en.format(**values), self.fr.format(**values))


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
