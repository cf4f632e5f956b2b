"""The engine's own errors. Each is a ValueError, so callers can catch either.

``shown(value)`` is how an error message quotes what it was given: it never raises,
whatever the value (Python refuses to write an int of more than 4,300 digits, and an
object's own ``repr`` may fail), and it stays short.
"""

from __future__ import annotations

import re

SHOWN = 40  # characters: how much of a bad value an error message quotes


def shown(value, limit: int = SHOWN) -> str:
    """``repr(value)`` for an error message: cut to ``limit - 3`` characters and "…" when it
    is longer than ``limit``, and never an error of its own.

    >>> shown("seven of diamonds")
    "'seven of diamonds'"
    >>> shown(10**5000)
    'a number of 5001 digits'
    >>> shown("x" * 100, 10)
    "'xxxxxx…"
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        sign = "a negative number" if value < 0 else "a number"
        return f"{sign} of {_digits(abs(value))} digits"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__, or a value too long to write
        text = f"<{type(value).__name__}>"
    if not isinstance(text, str):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "…"


_NUMBER_SHOWN = re.compile(r"\ba (negative )?number of (\d+) digits\b")


def in_french(reason: str) -> str:
    """``reason`` (French) with the words ``shown`` writes for a number too long to show put
    in French: "a number of 5001 digits" becomes "un nombre de 5001 chiffres"."""
    return _NUMBER_SHOWN.sub(lambda m: ("un nombre négatif" if m[1] else "un nombre")
                             + f" de {m[2]} chiffres", reason)


def _digits(n: int) -> int:
    """How many decimal digits ``n`` (> 0) has, without writing it out."""
    estimate = max(1, n.bit_length() * 30103 // 100000)  # log10(2) is about 0.30103
    while 10**estimate <= n:
        estimate += 1
    while estimate > 1 and 10**(estimate - 1) > n:
        estimate -= 1
    return estimate


class DoubleseptError(ValueError):
    """Base of every error the engine raises on bad input."""


class _Bilingual(DoubleseptError):
    """An error a learner reads: its reason in English (the message) and in French."""

    def __init__(self, message: str, fr: str | None = None):
        super().__init__(message)
        self.reason_en = message
        self.reason_fr = in_french(fr or message)

    def __reduce__(self):
        return (type(self), (self.reason_en, self.reason_fr))


class NotationError(_Bilingual):
    """Text that does not read as a card, a move, a number or a position."""


class LinkError(NotationError):
    """A link (``core.links``) that does not read: too long, cut, tampered with, of a newer
    format, or for a game this engine does not have."""


class PositionError(DoubleseptError):
    """A position that cannot happen: a card twice, a row with a hole, a turn for nobody."""


class OptionError(PositionError):
    """A rule option that does not exist, has a value it cannot take, or cannot go with
    another option; the message names the option (and the other one). A widget's options
    (``lang``, the computer levels) raise it too."""


class SaveFormatError(DoubleseptError):
    """A saved game that is malformed or tampered with (the message names the field), or
    something that is not a game state given to ``save``."""


class UnknownGame(DoubleseptError, LookupError):
    """A game name that is not in the registry; the message lists the games."""


class UnknownRule(DoubleseptError, LookupError):
    """A rule id that is not in the catalog; the message says which ids exist."""


class UndoError(_Bilingual):
    """Undo asked of a starting position, where there is nothing to undo."""


class IllegalMove(DoubleseptError):
    """A move the rules forbid. Carries the rule id and the reason in English and French."""

    def __init__(self, rule_id: str, reason_en: str, reason_fr: str, move=None):
        super().__init__(f"[{rule_id}] {reason_en}")
        self.rule_id = rule_id
        self.reason_en = reason_en
        self.reason_fr = in_french(reason_fr)
        self.move = move

    def __reduce__(self):
        return (IllegalMove, (self.rule_id, self.reason_en, self.reason_fr, self.move))
