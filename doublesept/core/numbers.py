"""Whole numbers, in every notation and argument: ASCII digits only, within bounds.

Python's ``int()`` also reads other scripts' digits ('١٢') and ``str.isdigit``
accepts '²' and '①', which ``int()`` then refuses with a bare ValueError. Every
number the engine reads goes through here instead, so each gets the engine's
own error, naming the field.
"""

from __future__ import annotations

import re
from numbers import Real

from ..errors import NotationError, PositionError, shown

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
MAX_WHOLE = 10**18 - 1  # beyond any score, count or round a game needs (seeds go higher)


def read_whole(text, what: str, low: int = 0, high: int = MAX_WHOLE,
               what_fr: str | None = None) -> int:
    """Read ``text`` as a whole number from ``low`` to ``high``, written in ASCII digits.

    Raises NotationError naming ``what`` for anything else: '²', '①', '١٢', '１２',
    '-3', '1e3', or a number beyond ``high`` (however many digits it has). Its French
    reason names ``what_fr``, or ``what`` when that is a notation's field name (``seed``).

    >>> read_whole(" 12 ", "scores")
    12
    """
    fr = what if what_fr is None else what_fr
    if not isinstance(text, str):
        raise NotationError(f"{what}: expected a number written in digits, not {shown(text)}",
                            f"{fr} : un nombre écrit en chiffres est attendu, pas {shown(text)}")
    token = text.strip()
    if not _DIGITS.fullmatch(token):
        raise NotationError(
            f"{what}: {shown(token, 24)} is not a whole number written with the digits 0-9",
            f"{fr} : {shown(token, 24)} n'est pas un nombre entier écrit avec les chiffres 0-9")
    significant = token.lstrip("0") or "0"
    if len(significant) > len(str(high)):  # too long to be in range: never convert it
        raise NotationError(f"{what}: a number of {len(significant)} digits is out of range "
                            f"({low} to {high})",
                            f"{fr} : un nombre de {len(significant)} chiffres est hors "
                            f"limites ({low} à {high})")
    value = int(significant)
    if not low <= value <= high:
        raise NotationError(f"{what}: {value} is out of range ({low} to {high})",
                            f"{fr} : {value} est hors limites ({low} à {high})")
    return value


def check_whole(value, what: str, low: int = 0, high: int = MAX_WHOLE,
                error: type = PositionError) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``; else ``error`` naming
    ``what``.

    >>> check_whole(10**5000, "seed")
    Traceback (most recent call last):
    ...
    doublesept.errors.PositionError: seed: must be from 0 to 999999999999999999, not a number of 5001 digits
    """
    if not isinstance(value, int) or isinstance(value, bool):
        raise error(f"{what}: must be a whole number, not {shown(value)}")
    if not low <= value <= high:
        raise error(f"{what}: must be from {low} to {high}, not {shown(value)}")
    return int(value)


def as_float(value: Real) -> float:
    """A number the engine computed (a ``Fraction``, an ``int``, a library's float) as a
    ``float``, for display and for a computer player's arithmetic. Text is never a number
    here: it is read with ``read_whole``. Raises TypeError for text, a bool or anything that
    is not a real number.

    >>> from fractions import Fraction
    >>> as_float(Fraction(1457, 88))
    16.556818181818183
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"as_float takes a number the engine computed, not {shown(value)}")
    return float(value)
