"""What every game shares: verdicts, history, undo and replay.

A game state is immutable. ``play(move)`` returns a new state whose ``parent``
is the old one, so undo is ``state.parent`` and a game's history is the chain
of moves back to its ``root``. Each game implements ``legal_moves``, ``check``
and ``play``; ``check`` never raises, ``play`` raises ``IllegalMove``.
"""

from __future__ import annotations

from typing import NamedTuple


class Verdict(NamedTuple):
    """What the rules say about one move, in the mover's position."""

    move: object  # the move as read, or the raw input if it could not be read
    legal: bool
    rule_id: str
    reason_en: str
    reason_fr: str

    def __str__(self) -> str:
        word = "legal" if self.legal else "illegal"
        return f"{self.move}: {word} [{self.rule_id}] {self.reason_en}"


class GameState:
    """Shared behaviour of immutable game states; subclasses set the slots."""

    # Subclasses provide ``parent`` (the state before, None at the root) and
    # ``last_move`` (the move that led here), and make every field read-only.
    __slots__ = ()

    # Subclasses implement these three.
    def legal_moves(self) -> tuple:
        raise NotImplementedError

    def check(self, move) -> Verdict:
        raise NotImplementedError

    def play(self, move) -> GameState:
        raise NotImplementedError

    def is_legal(self, move) -> bool:
        return self.check(move).legal

    def undo(self) -> GameState:
        """The state before the last move; the root has nothing to undo."""
        if self.parent is None:
            raise ValueError("nothing to undo: this is the starting position")
        return self.parent

    @property
    def root(self) -> GameState:
        state = self
        while state.parent is not None:
            state = state.parent
        return state

    @property
    def history(self) -> list:
        """The moves played since the root, oldest first."""
        moves = []
        state = self
        while state.parent is not None:
            moves.append(state.last_move)
            state = state.parent
        moves.reverse()
        return moves

    def replay(self, moves) -> GameState:
        """Play ``moves`` one after another from this state."""
        state = self
        for move in moves:
            state = state.play(move)
        return state
