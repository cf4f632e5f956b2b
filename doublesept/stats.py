"""The binomial test of a win rate, by the standard library alone, for where SciPy is not.

The tutorial takes its statistics from SciPy (``scipy.stats.binomtest``). The zero-install
JupyterLite site runs the lessons in Pyodide, whose SciPy is served only by Pyodide's CDN, so
the site has none; there a lesson (and ``Standing.interval`` of the Flip 7 tournament) falls
back to this ``binomtest``, which gives the same numbers (to about 1e-9) for what the
tutorial asks of it::

    try:
        from scipy.stats import binomtest
    except ImportError:  # the zero-install site (Pyodide) has no SciPy
        from doublesept.stats import binomtest

Only the two-sided test is offered, and the ``exact`` (Clopper-Pearson) and ``wilson``
intervals. Pure Python: ``math`` and ``statistics`` only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import NamedTuple

from .errors import OptionError

__all__ = ["BinomTest", "ConfidenceInterval", "binomtest"]

_METHODS = ("exact", "wilson")


class ConfidenceInterval(NamedTuple):
    """An interval of a proportion: ``low`` and ``high``, between 0 and 1 (a pair, as
    SciPy's)."""

    low: float
    high: float


@dataclass(frozen=True)
class BinomTest:
    """``k`` successes in ``n`` trials, tested against a chance of success ``p``.
    ``statistic`` is k / n; ``pvalue`` the two-sided p-value (SciPy's definition: the chance,
    if the true chance is p, of an outcome no likelier than k)."""

    k: int
    n: int
    p: float
    statistic: float
    pvalue: float

    @property
    def proportion_estimate(self) -> float:
        return self.statistic

    def proportion_ci(self, confidence_level: float = 0.95,
                      method: str = "exact") -> ConfidenceInterval:
        """The two-sided confidence interval of the chance of success: ``exact``
        (Clopper-Pearson) or ``wilson`` (the Wilson score interval, no continuity
        correction). Raises OptionError for another method or a level outside (0, 1)."""
        if method not in _METHODS:
            raise OptionError(f"method: {method!r} is not one of {', '.join(_METHODS)}")
        if not (isinstance(confidence_level, (int, float)) and 0 < confidence_level < 1):
            raise OptionError(f"confidence_level: {confidence_level!r} is not between 0 and 1")
        alpha = 1 - confidence_level
        k, n = self.k, self.n
        if method == "wilson":
            z = NormalDist().inv_cdf(1 - alpha / 2)
            center = (k + z * z / 2) / (n + z * z)
            half = z * math.sqrt(k * (n - k) / n + z * z / 4) / (n + z * z)
            return ConfidenceInterval(max(0.0, center - half), min(1.0, center + half))
        # Clopper-Pearson: the chances at which k or more (k or fewer) successes have
        # probability alpha / 2, found by bisection on the exact binomial sums
        low = 0.0 if k == 0 else _solve(lambda q: _tail_from(k, n, q) - alpha / 2)
        high = 1.0 if k == n else _solve(lambda q: alpha / 2 - _tail_to(k, n, q))
        return ConfidenceInterval(low, high)


def binomtest(k: int, n: int, p: float = 0.5) -> BinomTest:
    """The two-sided binomial test of ``k`` successes in ``n`` trials against chance ``p``
    (the arguments of ``scipy.stats.binomtest``). Raises OptionError for counts that are not
    whole numbers with 0 <= k <= n, n >= 1, or a chance outside [0, 1]."""
    if not (isinstance(k, int) and isinstance(n, int) and 0 <= k <= n and n >= 1):
        raise OptionError(f"k, n: {k!r} successes in {n!r} trials is not a count")
    if not (isinstance(p, (int, float)) and 0 <= p <= 1):
        raise OptionError(f"p: {p!r} is not a chance between 0 and 1")
    if k == p * n:
        pvalue = 1.0
    else:
        # every outcome no likelier than k (SciPy's relative tolerance of 1e-7)
        observed = _pmf(k, n, p) * (1 + 1e-7)
        pvalue = min(1.0, math.fsum(q for i in range(n + 1) if (q := _pmf(i, n, p)) <= observed))
    return BinomTest(k, n, p, k / n, pvalue)


def _pmf(i: int, n: int, p: float) -> float:
    if p in (0, 1):
        return 1.0 if i == (0 if p == 0 else n) else 0.0
    return math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                    + i * math.log(p) + (n - i) * math.log1p(-p))


def _tail_from(k: int, n: int, p: float) -> float:
    """P(X >= k), X binomial (n, p); grows with p."""
    return math.fsum(_pmf(i, n, p) for i in range(k, n + 1))


def _tail_to(k: int, n: int, p: float) -> float:
    """P(X <= k), X binomial (n, p); falls as p grows."""
    return math.fsum(_pmf(i, n, p) for i in range(k + 1))


def _solve(grows) -> float:
    """The root in (0, 1) of ``grows``, a function rising from below 0 to above 0."""
    low, high = 0.0, 1.0
    for _ in range(60):
        middle = (low + high) / 2
        low, high = (middle, high) if grows(middle) < 0 else (low, middle)
    return (low + high) / 2
