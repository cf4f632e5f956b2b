"""doublesept.widgets.figures: a chart with its alternative text (accessibility, issue 9)."""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pytest

from doublesept.widgets.figures import DescribedFigure, described_figure


def test_a_chart_is_an_img_with_its_alt_text_and_the_figure_is_closed():
    fig, axis = plt.subplots()
    axis.bar(["a", "b"], [1, 2])
    shown = described_figure(fig, 'Win rates: "hard" wins <most> & often.')
    page = shown._repr_html_()
    assert page.startswith('<figure class="ds-figure"><img alt="Win rates: &quot;hard&quot; '
                           'wins &lt;most&gt; &amp; often." src="data:image/png;base64,')
    assert shown.png.startswith(b"\x89PNG")
    assert repr(shown) == '[chart: Win rates: "hard" wins <most> & often.]'
    assert not plt.fignum_exists(fig.number)


def test_the_same_chart_gives_the_same_bytes():
    def draw():
        fig, axis = plt.subplots()
        axis.plot([1, 2, 3], [3, 1, 2])
        return described_figure(fig, "a line").png
    assert draw() == draw()


@pytest.mark.parametrize("alt", ["", "   ", None, 3])
def test_a_chart_needs_words(alt):
    fig, _ = plt.subplots()
    with pytest.raises(TypeError, match="screen reader"):
        described_figure(fig, alt)
    with pytest.raises(TypeError):
        DescribedFigure(b"", alt)
    plt.close(fig)
