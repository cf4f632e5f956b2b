"""What the lessons use where SciPy and matplotlib are not (the zero-install JupyterLite site,
issue 9): doublesept.stats.binomtest, which must give SciPy's numbers, and
doublesept.widgets.figures.chart_table, a chart's numbers as a table. Also: the Flip 7
tournament's interval without SciPy."""

import builtins
import random

import pytest

from doublesept import OptionError
from doublesept.flip7.tournament import Standing
from doublesept.stats import binomtest
from doublesept.widgets.figures import ChartTable, chart_table

scipy_stats = pytest.importorskip("scipy.stats")

CASES = [(0, 5, 0.25), (5, 5, 0.25), (10, 40, 0.25), (20, 20, 0.25), (3, 24, 0.5),
         (12, 24, 0.5), (500, 2000, 0.25), (560, 2000, 0.25), (119, 500, 0.25), (1, 9, 0.5)]
rng = random.Random(9)
CASES += [(rng.randint(0, n), n, rng.choice((0.25, 0.5, 0.3)))
          for n in (rng.randint(1, 300) for _ in range(20))]


@pytest.mark.parametrize(("k", "n", "p"), CASES)
def test_binomtest_gives_scipys_pvalue_and_intervals(k, n, p):
    ours, theirs = binomtest(k, n, p), scipy_stats.binomtest(k, n, p)
    assert ours.pvalue == pytest.approx(theirs.pvalue, abs=1e-9)
    assert ours.statistic == theirs.statistic == k / n
    for method in ("exact", "wilson"):
        for level in (0.95, 0.9):
            low, high = ours.proportion_ci(level, method)  # a pair, as SciPy's
            expected = theirs.proportion_ci(level, method)
            assert (low, high) == pytest.approx((expected.low, expected.high), abs=1e-9)
            assert 0 <= low <= high <= 1 and low - 1e-12 <= k / n <= high + 1e-12


@pytest.mark.parametrize(("args", "words"), [((3, 2), "is not a count"), ((-1, 4), "count"),
                                             ((1, 0), "count"), ((1.5, 4), "count"),
                                             ((1, 4, 1.5), "not a chance"),
                                             ((1, 4, "0.5"), "not a chance"),
                                             ((1, 4, float("nan")), "not a chance")])
def test_binomtest_refuses_what_is_not_a_count_with_an_option_error(args, words):
    with pytest.raises(OptionError, match=words):
        binomtest(*args)


@pytest.mark.parametrize(("kwargs", "words"), [({"method": "wald"}, "wald"),
                                               ({"confidence_level": 1.0}, "between 0 and 1"),
                                               ({"confidence_level": "95%"}, "between 0 and 1")])
def test_proportion_ci_refuses_an_unknown_method_or_level(kwargs, words):
    with pytest.raises(OptionError, match=words):
        binomtest(3, 10).proportion_ci(**kwargs)


def test_the_tournament_interval_without_scipy_is_the_same(monkeypatch):
    standing = Standing("hard", games=24, wins=9, rounds=8.0, rounds_won=7.5)
    with_scipy = standing.interval()
    real_import = builtins.__import__

    def no_scipy(name, *args, **kwargs):
        if name.startswith("scipy"):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_scipy)
    with pytest.raises(ImportError):
        import scipy.stats  # noqa: F401  (the patch works)
    assert standing.interval() == pytest.approx(with_scipy, abs=1e-12)
    assert standing.interval(0.9) != pytest.approx(with_scipy)


def test_a_chart_table_shows_the_numbers_as_escaped_html_and_as_text():
    table = chart_table("Win rates <of> 24 games", ["policy", "win rate", "95% interval"],
                        [["hard", "44.6%", "38.9% to 50.5%"], ["<b>x</b>", 0.5, "1% to 2%"]])
    page = table._repr_html_()
    assert page.startswith('<table class="ds-chart-table"><caption>Win rates &lt;of&gt; 24 '
                           'games</caption><thead><tr><th scope="col">policy</th>')
    assert '<tr><th scope="row">&lt;b&gt;x&lt;/b&gt;</th><td>0.5</td>' in page
    assert "<b>" not in page
    assert repr(table).splitlines() == [
        "[chart as a table: Win rates <of> 24 games]",
        "policy    win rate    95% interval",
        "----------------------------------",
        "hard         44.6%  38.9% to 50.5%",
        "<b>x</b>       0.5        1% to 2%",
    ]


@pytest.mark.parametrize(("caption", "rows"), [("", [["a", "1"]]), (None, [["a", "1"]]),
                                               ("chart", [["a"]]), ("chart", [["a", "1", "2"]])])
def test_a_chart_table_needs_a_caption_and_one_cell_per_column(caption, rows):
    with pytest.raises(TypeError):
        ChartTable(caption, ["name", "value"], rows)
