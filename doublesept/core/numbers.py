"""Whole numbers, in every notation and argument: ASCII digits only, within bounds.

Python's ``int()`` also reads other scripts' digits ('١٢') and ``str.isdigit``
accepts '²' and '①', which ``int()`` then refuses with a bare ValueError. Every
number the engine reads goes through here instead, so each gets the engine's
own error, naming the field.
"""

from __future__ import annotations

import re

from ..errors import NotationError, PositionError

_WHOLE = re.compile(r"[0-9]{1,18}", re.ASCII)
MAX_WHOLE = 10**18 - 1  # 18 digits: beyond any score, seed or count a game needs


def read_whole(text, what: str, low: int = 0, high: int = MAX_WHOLE) -> int:
    """Read ``text`` as a whole number from ``low`` to ``high``, written in ASCII digits.

    Raises NotationError naming ``what`` for anything else: '²', '①', '١٢', '-3',
    '1e3' or 19 digits.

    >>> read_whole(" 12 ", "scores")
    12
    """
    if not isinstance(text, str):
        raise NotationError(f"{what}: expected a number written in digits, not {text!r}",
                            f"{what} : un nombre écrit en chiffres est attendu, pas {text!r}")
    token = text.strip()
    if not _WHOLE.fullmatch(token):
        shown = token if len(token) <= 24 else token[:21] + "…"
        raise NotationError(
            f"{what}: {shown!r} is not a whole number written with the digits 0-9",
            f"{what} : {shown!r} n'est pas un nombre entier écrit avec les chiffres 0-9")
    value = int(token)
    if not low <= value <= high:
        raise NotationError(f"{what}: {value} is out of range ({low} to {high})",
                            f"{what} : {value} est hors limites ({low} à {high})")
    return value


def check_whole(value, what: str, low: int = 0, high: int = MAX_WHOLE,
                error: type = PositionError) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``; else ``error`` naming
    ``what``."""
    if value.__class__ is not int and (not isinstance(value, int) or isinstance(value, bool)):
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "…"
        raise error(f"{what}: must be a whole number, not {shown}")
    if not low <= value <= high:
        shown = (str(value) if -10**24 < value < 10**24
                 else f"a number of about {int(value.bit_length() * 0.30103)} digits")
        raise error(f"{what}: must be from {low} to {high}, not {shown}")
    return value
