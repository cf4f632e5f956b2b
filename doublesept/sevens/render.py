"""The Sevens table as static HTML, for notebooks: what a bare ``state`` shows."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..cards import SUITS, card, cards_in

if TYPE_CHECKING:
    from .state import SevensState

# ---------------------------------------------------------------- display


def render_html(state: SevensState, show_hands: bool = True) -> str:
    """The table as HTML: the four rows, the hands (or their sizes), whose turn.

    Names are escaped, so they always show as text.
    """
    esc = html.escape
    fit = state._fits
    mover_hand = state._hands[state.turn] if state.turn is not None else 0
    rows = []
    for s in range(4):
        cells = []
        for rank in range(1, 14):
            c = card(rank, s)
            if state._table & c.bit:
                style = "background:#fff;border:1px solid #555"
            elif fit & c.bit and mover_hand & c.bit:
                style = "background:#ffe98a;border:1px dashed #a80"
            else:
                style = "color:#ccc;border:1px dotted #ddd"
            text = str(c) if state._table & c.bit else "·"
            color = "#b00" if s in (1, 2) else "#000"
            if state._table & c.bit:
                style += f";color:{color}"
            cells.append(f'<td style="{style};width:2.2em;text-align:center">{text}</td>')
        rows.append(f"<tr><th>{SUITS[s]}</th>{''.join(cells)}</tr>")
    hands = []
    for p, name in enumerate(state.names):
        cards = cards_in(state._hands[p])
        shown = " ".join(str(c) for c in cards) if show_hands else f"{len(cards)} cards"
        marker = " ◀ to play" if p == state.turn else ""
        hands.append(f"<li><b>{esc(name)}</b>{esc(marker)}: {esc(shown)} "
                     f"(score {state.scores[p]})</li>")
    return (f'<div class="ds-sevens"><div>{esc(repr(state))}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
            f'<ul>{"".join(hands)}</ul></div>')
