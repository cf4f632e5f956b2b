"""A chart a lesson shows, with the words a screen reader reads for it.

JupyterLab draws a matplotlib figure as an ``<img>`` with no alternative text, which axe
counts as a critical accessibility finding and which tells a blind reader nothing. A lesson
ends its plotting cell with ``described_figure(fig, alt)`` instead of ``plt.show()``: the
figure is drawn once, as a PNG inside an ``<img alt="…">`` (HTML output), and closed so the
inline backend does not draw it again.

Where matplotlib is not (the zero-install JupyterLite site: Pyodide serves it only from its
CDN), a lesson shows the chart's numbers instead, ``chart_table(alt, columns, rows)``: a table
with the alt text as its caption.

Needs matplotlib only through the figure it is given; imports nothing from Jupyter.
"""

from __future__ import annotations

import base64
import html
import io

__all__ = ["ChartTable", "DescribedFigure", "chart_table", "described_figure"]


class DescribedFigure:
    """A figure as PNG bytes with its alternative text; shown as HTML (``<figure><img>``),
    as its alt text where only text is shown."""

    def __init__(self, png: bytes, alt: str):
        if not isinstance(alt, str) or not alt.strip():
            raise TypeError("alt is the text a screen reader reads for the chart: a non-empty str")
        self.png = png
        self.alt = " ".join(alt.split())

    def _repr_html_(self) -> str:
        source = base64.b64encode(self.png).decode("ascii")
        return (f'<figure class="ds-figure"><img alt="{html.escape(self.alt)}" '
                f'src="data:image/png;base64,{source}"/></figure>')

    def __repr__(self) -> str:
        return f"[chart: {self.alt}]"


def described_figure(figure, alt: str, *, dpi: int = 100) -> DescribedFigure:
    """``figure`` (a matplotlib ``Figure``) drawn as a PNG at ``dpi`` dots per inch, with
    ``alt`` (one or two sentences saying what the chart shows) as its alternative text.
    The figure is closed. Raises TypeError for an empty ``alt``."""
    if not isinstance(alt, str) or not alt.strip():
        raise TypeError("alt is the text a screen reader reads for the chart: a non-empty str")
    buffer = io.BytesIO()
    # no "Software" stamp: the same chart gives the same bytes, whatever matplotlib's version
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight",
                   metadata={"Software": None})
    import matplotlib.pyplot as plt  # only here: the caller already has matplotlib

    plt.close(figure)
    return DescribedFigure(buffer.getvalue(), alt)


class ChartTable:
    """A chart's numbers, where the chart cannot be drawn: a caption (the chart's alt text),
    column headings and rows of text, the first cell of a row naming it. Shown as an HTML
    ``<table>`` (every text escaped), as aligned plain text where only text is shown."""

    def __init__(self, caption: str, columns, rows):
        if not isinstance(caption, str) or not caption.strip():
            raise TypeError("caption says what the chart shows: a non-empty str")
        self.caption = " ".join(caption.split())
        self.columns = tuple(str(column) for column in columns)
        self.rows = tuple(tuple(str(cell) for cell in row) for row in rows)
        if any(len(row) != len(self.columns) for row in self.rows):
            raise TypeError(f"every row has {len(self.columns)} cells, one per column")

    def _repr_html_(self) -> str:
        head = "".join(f'<th scope="col">{html.escape(c)}</th>' for c in self.columns)
        body = "".join(
            f'<tr><th scope="row">{html.escape(row[0])}</th>'
            + "".join(f"<td>{html.escape(cell)}</td>" for cell in row[1:]) + "</tr>"
            for row in self.rows)
        return (f'<table class="ds-chart-table"><caption>{html.escape(self.caption)}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def __repr__(self) -> str:
        widths = [max(len(line[i]) for line in (self.columns, *self.rows))
                  for i in range(len(self.columns))]
        lines = [(line[0].ljust(widths[0]) + "  "
                  + "  ".join(cell.rjust(w) for cell, w in zip(line[1:], widths[1:]))).rstrip()
                 for line in (self.columns, *self.rows)]
        lines.insert(1, "-" * max(len(line) for line in lines))
        return "\n".join([f"[chart as a table: {self.caption}]", *lines])


def chart_table(caption: str, columns, rows) -> ChartTable:
    """The numbers of a chart that cannot be drawn here (no matplotlib), as a table:
    ``caption`` (the chart's alt text), ``columns`` (the headings, the first one naming the
    rows) and ``rows`` (one sequence of cells per bar or point; cells become text).
    Raises TypeError for an empty caption or a row of the wrong length."""
    return ChartTable(caption, columns, rows)
