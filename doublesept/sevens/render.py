"""The Sevens table as static HTML, for notebooks: what a bare ``state`` shows, and the
picture a saved widget shows without a kernel.

The picture is drawn from what its viewer may see: ``state.observation(seat)`` for a
seat, the whole state for the teacher (``seat=None``). Every text is escaped.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ..cards import RANK_NAMES_EN, RANK_NAMES_FR, SUITS, card, parse_card
from ..errors import NotationError, PositionError

if TYPE_CHECKING:
    from .state import SevensState

_WORDS = {
    "to_play": (" ◀ to play", " ◀ à jouer"),
    "cards": ("{n} cards", "{n} cartes"),
    "one_card": ("1 card", "1 carte"),
    "no_cards": ("no cards", "aucune carte"),
    "score": ("score {score}", "score {score}"),
    "chips": ("{chips} chips", "{chips} jetons"),
    "pot": ("pot: {pot} chips", "pot : {pot} jetons"),
    "out": (" (out of the hand)", " (hors de la main)"),
    "sits_out": (" (sits out the tie-break)", " (ne joue pas le départage)"),
}


def _number(value) -> str:
    """A score as text; one too large to write is named, never written (Python refuses to
    write an int of more than 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if abs(value) < 10**18 else ("more than 10^18" if value > 0
                                                       else "less than -10^18")
    return "?"


def _short(value) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a huge int, a broken __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:39] + "…"


def render_html(state: SevensState, show_hands: bool = True, seat: int | None = None,
                lang: str = "en") -> str:
    """The table as HTML: the four rows, the hands (or their sizes), whose turn.

    ``show_hands=False`` hides every hand; ``seat`` draws only what that seat sees
    (its own hand, the others' sizes); ``lang`` is "en" or "fr" ("both" draws English).
    Names are escaped, so they always show as text. A seat that does not exist raises
    PositionError.

    >>> from doublesept import sevens
    >>> picture = render_html(sevens.new_game(["<script>", "Bob", "Cy"], seed=1), show_hands=False)
    >>> "<script>" in picture, "&lt;script&gt;" in picture, "17 cards" in picture
    (False, True, True)
    """
    from .state import SevensState  # at call time: state.py imports this module

    if not isinstance(state, SevensState):
        raise PositionError(f"render_html draws a Sevens state, not {type(state).__name__}")
    if lang not in ("en", "fr", "both"):
        raise NotationError(f"the language is 'en', 'fr' or 'both', not {_short(lang)}",
                            f"la langue est 'en', 'fr' ou 'both', pas {_short(lang)}")
    esc = html.escape
    fr = lang == "fr"

    def word(key, **values):
        return _WORDS[key][1 if fr else 0].format(**values)

    obs = state.observation(seat)
    names = obs["players"]
    if not show_hands:
        hands = [None] * len(names)
    elif seat is None:
        hands = [[str(c) for c in hand] for hand in state.hands]
    else:
        hands = [obs["hand"] if p == seat else None for p in range(len(names))]
    playing = obs["phase"] in ("open", "play")
    turn = obs["turn"]
    table = set(obs["table"])
    fitting = {str(c) for c in state.fitting_cards()} if playing else set()
    playable = set()
    if playing and hands[turn] is not None:
        playable = {str(m) for m in state.legal_moves()}
    rows = []
    rules = state.rules  # the deck's ranks, in row order: A-K, or 7-A for the German deck
    for s in range(4):
        cells = []
        for position in range(rules.bottom, rules.top + 1):
            rank = 1 if position == 14 else position
            text = str(card(rank, s))
            color = "#b00" if s in (1, 2) else "#000"
            if text in table:
                style = f"background:#fff;border:1px solid #555;color:{color}"
                shown = card(rank, s).text("fr") if fr else text
            elif text in playable:
                style = "background:#ffe98a;border:2px solid #a80"
                shown = (RANK_NAMES_FR if fr else RANK_NAMES_EN)[rank]
            elif text in fitting:
                style = "background:#fff8dc;border:1px dashed #a80"
                shown = "·"
            else:
                style = "color:#ccc;border:1px dotted #ddd"
                shown = "·"
            cells.append(f'<td style="{style};width:2.2em;text-align:center">{esc(shown)}</td>')
        rows.append(f"<tr><th>{SUITS[s]}</th>{''.join(cells)}</tr>")
    items = []
    for p, name in enumerate(names):
        hand = hands[p]
        size = obs["hand_sizes"][p]
        if hand is not None and hand:
            shown = " ".join(parse_card(c).text("fr") if fr else c for c in hand)
        elif size == 0:
            shown = word("no_cards")
        else:
            shown = word("one_card") if size == 1 else word("cards", n=size)
        marker = word("to_play") if p == turn else ""
        if p in obs.get("out", ()):
            marker += word("out")
        elif "tie_break" in obs and p not in obs["tie_break"]:
            marker += word("sits_out")
        score = word("score", score=_number(obs["scores"][p]))
        if "chips" in obs:  # a game played for chips (sevens.chips)
            score += ", " + word("chips", chips=_number(obs["chips"][p]))
        items.append(f"<li><b>{esc(name)}</b>{esc(marker)}: {esc(shown)} ({esc(score)})</li>")
    head = esc(repr(state))
    if "pot" in obs:
        head += " · " + esc(word("pot", pot=_number(obs["pot"])))
    return (f'<div class="ds-sevens"><div>{head}</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
            f'<ul>{"".join(items)}</ul></div>')
