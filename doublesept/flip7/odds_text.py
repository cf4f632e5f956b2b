"""How Flip 7's odds and the optimal policy write an exact figure for a reader: ``_decimal``
(a Fraction with a few decimals) and ``EXACT_SHOWN`` (the longest exact fraction shown beside
it). Read by ``odds.Odds.text``, ``policy.Policy.table_text`` and the Flip 7 widgets (as
``doublesept.flip7.odds.EXACT_SHOWN``)."""

from __future__ import annotations

from fractions import Fraction

# characters: an exact fraction longer than this is shown as a decimal only (the table's
# header, the try-a-move widget's expected score): 31 digits over 15 help nobody read it
EXACT_SHOWN = 24


def _decimal(value: Fraction, places: int) -> str:
    """``value`` (>= 0) written with ``places`` decimals, rounded half to even."""
    scaled = round(value * 10**places)
    whole, part = divmod(scaled, 10**places)
    return f"{whole}.{part:0{places}d}" if places else str(whole)
