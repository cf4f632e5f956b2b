"""The Double Seven table as static HTML, for notebooks: what a bare ``state`` shows."""

from __future__ import annotations

import html

from ..errors import PositionError
from .rules import ANIMALS
from .state import DoubleSevenState

_BY_NAME = {a.en: a for a in ANIMALS}


def _tile(name: str, count: int = 1) -> str:
    """A tile as its symbol and name, on its colour: never the colour alone."""
    a = _BY_NAME[name]
    text = f"{a.symbol} {a.en}" + (f" ×{count}" if count > 1 else "")
    return (f"<span style='border-left:6px solid {a.hex};padding:0 4px;margin:1px;"
            f"display:inline-block'>{html.escape(text)}</span>")


def render_html(state: DoubleSevenState) -> str:
    """Each player's families (animal, size, clovers), rack size and tokens, the face-up
    area, the reserve's size, the tiles out of the game and what is awaited, drawn from
    the spectator's observation (no rack shown). Names are escaped. Raises PositionError
    for anything that is not a Double Seven state."""
    if not isinstance(state, DoubleSevenState):
        raise PositionError(f"render_html draws a Double Seven state, not "
                            f"{type(state).__name__}")
    esc = html.escape
    view = state.observation(None)
    rows = []
    for p, name in enumerate(state.names):
        fams = " ".join(
            _tile(f["animal"]) + esc(f" {f['tiles']}" + (f" (+{f['clovers']} 🍀)" if f["clovers"]
                                                         else ""))
            for f in view["families"][p]) or "·"
        tokens = " ".join(["7"] * view["tokens"][p] + (["77"] if view["double_seven"] == p
                                                        else []))
        marker = " ◀" if p == state.turn else ""
        rows.append(f"<tr><th style='text-align:left'>{esc(name + marker)}</th><td>{fams}</td>"
                    f"<td style='text-align:right'>{view['rack_sizes'][p]}</td>"
                    f"<td>{esc(tokens)}</td><td style='text-align:right'>{view['scores'][p]}</td>"
                    "</tr>")
    face_up = " ".join(_tile(k, v) for k, v in view["face_up"].items()) or "·"
    out = " ".join(_tile(k, v) for k, v in view["out"].items()) or "·"
    decision = state.decision
    awaited = decision.en if decision is not None else "The game is over."
    return ('<div class="ds-doubleseven">'
            f"<div>{esc(awaited)}</div>"
            '<table style="border-collapse:collapse"><tr><th>player</th><th>families</th>'
            "<th>rack</th><th>tokens</th><th>score</th></tr>"
            f'{"".join(rows)}</table>'
            f"<div>face up: {face_up}</div>"
            f"<div>reserve: {view['reserve_size']} hidden tiles · '7' tokens left: "
            f"{view['supply']} · out of the game: {out}</div></div>")
