"""The engine's own errors. Each is a ValueError, so callers can catch either."""

from __future__ import annotations


class DoubleseptError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(DoubleseptError):
    """Text that does not read as a card, a move, a number or a position."""

    def __init__(self, message: str, fr: str | None = None):
        super().__init__(message)
        self.reason_en = message
        self.reason_fr = fr or message

    def __reduce__(self):
        return (type(self), (self.reason_en, self.reason_fr))


class PositionError(DoubleseptError):
    """A position that cannot happen: a card twice, a row with a hole, a turn for nobody."""


class OptionError(PositionError):
    """A rule option that does not exist, has a value it cannot take, or cannot go with
    another option; the message names the option (and the other one)."""


class SaveFormatError(DoubleseptError):
    """A saved game that is malformed or tampered with; the message names the field."""


class UnknownGame(DoubleseptError, LookupError):
    """A game name that is not in the registry; the message lists the games."""


class UndoError(DoubleseptError):
    """Undo asked of a starting position, where there is nothing to undo."""

    def __init__(self, message: str, fr: str | None = None):
        super().__init__(message)
        self.reason_en = message
        self.reason_fr = fr or message

    def __reduce__(self):
        return (type(self), (self.reason_en, self.reason_fr))


class IllegalMove(DoubleseptError):
    """A move the rules forbid. Carries the rule id and the reason in English and French."""

    def __init__(self, rule_id: str, reason_en: str, reason_fr: str, move=None):
        super().__init__(f"[{rule_id}] {reason_en}")
        self.rule_id = rule_id
        self.reason_en = reason_en
        self.reason_fr = reason_fr
        self.move = move

    def __reduce__(self):
        return (IllegalMove, (self.rule_id, self.reason_en, self.reason_fr, self.move))
