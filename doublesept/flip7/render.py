"""The Flip 7 table as static HTML, for notebooks: what a bare ``state`` shows."""

from __future__ import annotations

import html

from ..core.state import CHANCE
from ..errors import PositionError
from .state import Flip7State

_STATUS = {"active": "", "stayed": "stayed", "frozen": "frozen ❄", "busted": "busted ✗"}


def render_html(state: Flip7State) -> str:
    """Each player's line (numbers, modifiers, a Second Chance), their status, the round's
    points and the totals, the deck and discard counts, and what is awaited. Names are
    escaped, so they always show as text. Raises PositionError for anything that is not a
    Flip 7 state."""
    if not isinstance(state, Flip7State):
        raise PositionError(f"render_html draws a Flip 7 state, not {type(state).__name__}")
    esc = html.escape
    view = state.observation(None)
    rows = []
    for p, name in enumerate(state.names):
        line = view["lines"][p]
        cards = " ".join(line["numbers"]) or "·"
        extra = " ".join(line["modifiers"] + (["Second Chance"] if line["second_chance"] else []))
        marker = " ◀" if p == state.turn else ""
        if state.to_move == p and state.to_move is not CHANCE and p != state.turn:
            marker = " ◀ to choose"
        rows.append(
            f"<tr><th style='text-align:left'>{esc(name)}{esc(marker)}</th>"
            f"<td>{esc(cards)}</td><td>{esc(extra)}</td><td>{esc(_STATUS[line['status']])}</td>"
            f"<td style='text-align:right'>{line['score']}</td>"
            f"<td style='text-align:right'>{state.scores[p]}</td></tr>")
    targets = view.get("set_aside_targets") or [None] * len(view["set_aside"])
    aside = ", ".join(text if target is None else f"{text} on {state.names[target]}"
                      for text, target in zip(view["set_aside"], targets))
    return (f'<div class="ds-flip7"><div>{esc(repr(state))}</div>'
            '<table style="border-collapse:collapse"><tr><th>player</th><th>numbers</th>'
            "<th>modifiers</th><th>status</th><th>this round</th><th>total</th></tr>"
            f'{"".join(rows)}</table>'
            f"<div>deck: {state.deck_size} cards · discards: {view['discard_size']} cards"
            f"{esc(' · set aside: ' + aside) if aside else ''}</div></div>")
