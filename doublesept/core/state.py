"""The state contract every game implements: who decides, verdicts, history and undo.

A game state is an immutable record. ``play(move)`` returns a new state whose
``parent`` is the old one, so undo is ``state.parent`` and a game's history is
the chain of moves back to its ``root``. Each game implements ``legal_moves``,
``check``, ``play``, ``decision`` and ``observation``; ``check`` never raises,
``play`` raises ``IllegalMove`` and leaves the state as it was.
See docs/developing.md for the whole contract.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import NotationError, OptionError, UndoError, shown
from .numbers import check_whole


class _Chance:
    """The marker ``to_move`` holds while chance acts: a deal, a draw."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "CHANCE"

    def __reduce__(self):
        return "CHANCE"

    def __bool__(self) -> bool:  # so "if state.to_move:" is never mistaken for seat 0
        return True


CHANCE = _Chance()


def check_lang(lang) -> str:
    """``lang`` if it is "en" or "fr" (the languages moves and reasons are written in);
    raises OptionError naming it otherwise."""
    if lang.__class__ is str and lang in ("en", "fr"):
        return lang
    raise OptionError(f"lang: a move is written in 'en' or 'fr', not {shown(lang)}")


class Verdict(NamedTuple):
    """What the rules say about one move, in the mover's position."""

    move: object  # the move as read, or the raw input if it could not be read
    legal: bool
    rule_id: str
    reason_en: str
    reason_fr: str

    def __str__(self) -> str:
        word = "legal" if self.legal else "illegal"
        shown_move = getattr(self, "move_text", None) or self.move  # see NamedVerdict
        return f"{shown_move}: {word} [{self.rule_id}] {self.reason_en}"

    def reason(self, lang: str = "en") -> str:
        """The reason in ``lang``: "en" or "fr"."""
        return self.reason_fr if lang == "fr" else self.reason_en


class NamedVerdict(Verdict):
    """A Verdict that prints its move with the players' names ("exchange my 1 for Bob's 2",
    not "player 1's 2"): ``move_text`` is that text. It equals the same Verdict (the five
    fields), so tests and callers compare it as one."""

    def __new__(cls, move, legal, rule_id, reason_en, reason_fr, move_text: str = ""):
        verdict = super().__new__(cls, move, legal, rule_id, reason_en, reason_fr)
        verdict.move_text = move_text
        return verdict

    def __getnewargs__(self):  # pickle and copy keep the text
        return (*self, self.move_text)


class Decision(NamedTuple):
    """What kind of decision is awaited, and under which rule.

    ``phase`` is a short name such as "play", "deal", "draw" or "choose who is
    frozen"; ``seat`` is who decides (a seat index, or CHANCE); ``en`` and
    ``fr`` say it in words, for the title of a try-a-move table.
    """

    phase: str
    rule_id: str
    seat: object
    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


# The fields every game's observation holds (GameState.observed writes them); each game's
# state module adds its own table's fields to make its OBSERVATION_FIELDS, the schema its
# computer players read.
OBSERVED_FIELDS = ("game", "seat", "players", "dealer", "round", "rules", "scores", "turn",
                   "to_move", "phase", "legal_moves", "last_move", "events")


class GameState:
    """Shared behaviour of immutable game states.

    Subclasses are records (a NamedTuple) with ``parent`` (the state before,
    None at the root) and ``last_move`` (the move that led here) among their
    fields, and implement ``legal_moves``, ``check``, ``play``, ``decision``,
    ``observation`` and ``to_move``.
    """

    __slots__ = ()
    game = ""  # the registry name, set by each game's state class

    # ---- what every game implements

    def legal_moves(self) -> tuple:
        raise NotImplementedError

    def check(self, move) -> Verdict:
        raise NotImplementedError

    def play(self, move) -> GameState:
        raise NotImplementedError

    def observation(self, seat) -> dict:
        raise NotImplementedError

    # ---- defaults a game may refine

    def candidate_moves(self) -> tuple:
        """The moves a try-a-move table lists: the legal ones and the instructive illegal ones."""
        return self.legal_moves()

    def verdicts(self) -> list[Verdict]:
        """A verdict for every candidate move: the rows of the try-a-move table."""
        return [self.check(move) for move in self.candidate_moves()]

    def chance(self):
        """The ChanceStep awaited now, or None when a player (or nobody) is to move."""
        return

    @property
    def events(self) -> tuple:
        """The automatic consequences of the move that led here (a tuple of Event)."""
        return ()

    def observed(self, seat, table: dict, write=None) -> dict:
        """An observation (see ``observation``) as every game writes it: who sees, the
        players, the dealer, the round, the rules, the scores, whose turn and who decides,
        then the game's own ``table`` (what ``seat`` may see of it), then its legal moves
        when ``seat`` decides, the last move and the events. ``write(move)`` writes a move
        (default ``move.text()``). Raises PositionError for a seat that does not exist."""
        if seat is not None:
            check_whole(seat, "seat", 0, len(self.names) - 1)
        write = write or (lambda move: move.text())
        to_move, decision, last = self.to_move, self.decision, self.last_move
        return {
            "game": self.game,
            "seat": seat,
            "players": list(self.names),
            "dealer": self.dealer,
            "round": self.round,
            "rules": self.rules.as_dict(),
            "scores": list(self.scores),
            "turn": self.turn,
            "to_move": "chance" if to_move is CHANCE else to_move,
            "phase": None if decision is None else decision.phase,
            **table,
            "legal_moves": ([write(m) for m in self.legal_moves()]
                            if seat is not None and seat == to_move else []),
            "last_move": None if last is None else write(last),
            "events": [event.as_json() for event in self.events],
        }

    def is_legal(self, move) -> bool:
        return self.check(move).legal

    def to_text(self, *args, **kwargs) -> str:
        """The position in the game's notation, which its ``position()`` reads back: the
        game's notation module writes it (found through the registry, so a state's module
        never imports its notation, which imports the state)."""
        from .registry import game_spec

        return game_spec(self.game).to_text(self, *args, **kwargs)

    def _repr_html_(self) -> str | None:
        """What a bare state shows in a notebook: the game's HTML picture, found through the
        registry, so a state's module never imports its renderer."""
        from .registry import game_spec

        render = game_spec(self.game).render
        return None if render is None else render(self)

    # ---- history

    def undo(self) -> GameState:
        """The state before the last move.

        Raises UndoError at the starting position, where there is nothing to undo.
        """
        if self.parent is None:
            raise UndoError("nothing to undo: this is the starting position",
                            "rien à annuler : c'est la position de départ")
        return self.parent

    @property
    def root(self) -> GameState:
        state = self
        while state.parent is not None:
            state = state.parent
        return state

    @property
    def history(self) -> list:
        """The moves played since the root, oldest first (chance outcomes included)."""
        moves = []
        state = self
        while state.parent is not None:
            moves.append(state.last_move)
            state = state.parent
        moves.reverse()
        return moves

    def replay(self, moves) -> GameState:
        """Play ``moves`` (a list of moves) one after another from this state."""
        if isinstance(moves, (str, bytes, dict)) or not hasattr(moves, "__iter__"):
            raise NotationError(f"replay() takes a list of moves, not {shown(moves)}",
                                f"replay() prend une liste de coups, pas {shown(moves)}")
        state = self
        for move in moves:
            state = state.play(move)
        return state
