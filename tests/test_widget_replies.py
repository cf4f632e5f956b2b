"""Words a learner reads (issue 21, item 5): what every reply of every try-a-move widget says.

A reply is a sentence or two: the rule it is about is the reply's badge (``message["rule"]``,
which opens the rule's card: the catalog's statement and source), never a "[rule.id]" inside
the words; no grammar placeholder ("<tile>") reaches the page; each ruling cited in a text,
"(D2)", has its words in ``view["rulings"]`` (the page draws the number as a button that
opens them); and a refused move's reason is said once: under the row that gives it, the
reply only says where it is.

The games are played at random through the widgets' own intents, every legal and every
refused move of each position tried, in English, French and both.
"""

from __future__ import annotations

import random
import re

import pytest

from doublesept import CHANCE, catalog, double_seven, flip7, sevens
from doublesept.widgets import DoubleSevenTryMoves, Flip7TryMoves, SevensTryMoves
from doublesept.widgets.base import RULING_CITE, rulings_in, sentence

BRACKETED_ID = re.compile(r"\[[a-z0-9]+\.[a-z0-9.-]+\]")
PLACEHOLDER = re.compile(r"<[a-zéè' |]+>")

GAMES = {
    "sevens": (SevensTryMoves, lambda seed: sevens.new_game(4, seed=seed)),
    "doubleseven": (DoubleSevenTryMoves, lambda seed: double_seven.new_game(3, seed=seed)),
    "flip7": (Flip7TryMoves, lambda seed: flip7.new_game(3, seed=seed)),
}


def every_text(message: dict) -> list[str]:
    """The words of a message as the page draws them: its lines, in each language shown."""
    items = [message, *message["events"]]
    return [t for item in items for t in (item["text"], item["sub"]) if t]


def check_reply(widget, move_text: str) -> None:
    message = widget.view["message"]
    assert message is not None, f"no reply to {move_text!r}"
    texts = every_text(message)
    for text in texts:
        assert not BRACKETED_ID.search(text), f"a rule id in the words: {text!r}"
        assert not PLACEHOLDER.search(text), f"a placeholder reached the page: {text!r}"
    if message["rule_id"] is not None:
        card = message["rule"]
        found = catalog.rule(message["rule_id"])
        assert card["id"] == message["rule_id"] and card["citation"] == found.citation()
        assert card["statement"]["text"] in (found.en, found.fr)
    for number in rulings_in(texts):  # each ruling cited opens its words
        assert widget.view["rulings"][number]["text"].startswith(
            (f"Ruling {number} (docs/rulings.md): ", f"Décision {number} (docs/rulings.md"))


def tried_rows(widget) -> list:
    return [g for g in widget.view["candidates"]["groups"] if g["tried"]]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["en", "fr", "both"])
def test_every_reply_is_words_with_its_rule_as_a_badge(game, lang):
    make, new_game = GAMES[game]
    rng = random.Random(f"{game} {lang}")
    replies = refused = 0
    for seed in range(3):
        state = new_game(seed)
        widget = make(state, lang=lang, show_hands=True)
        for _ in range(60):
            state = widget.state
            if state.to_move is None:
                break
            verdicts = state.verdicts()
            for verdict in [v for v in verdicts if not v.legal][:4]:
                text = widget.move_text(verdict.move)
                assert not widget.play(text) and widget.state is state
                check_reply(widget, text)
                refused += 1
                row = tried_rows(widget)
                shown = widget.view["message"]
                if row and not row[0]["folded"] and row[0]["reason_en"] == verdict.reason_en:
                    # the row just above gives the reason: the reply does not say it again
                    assert verdict.reason_en not in shown["text"] + (shown["sub"] or "")
                    assert shown["text"].endswith(("just above.", "juste au-dessus."))
                else:  # the reason is the reply's second sentence
                    said = verdict.reason_fr if lang == "fr" else verdict.reason_en
                    assert shown["text"].endswith(sentence(said))
            legal = [v for v in verdicts if v.legal]
            move = rng.choice(legal).move
            assert widget.play(widget.move_text(move))
            check_reply(widget, str(move))
            replies += 1
    # Flip 7 refuses little (most choices are hit or stay): its busted targets, say
    assert replies > 60 and refused >= (1 if game == "flip7" else 60)


def test_a_refused_move_names_the_move_the_player_and_the_reason_in_sentences():
    state = sevens.position("""
        players: Ann, Bob, Cy
        table: 7♦
        Ann: 6♦ 3♣
        Bob: 8♦
        Cy: ...
        turn: Ann
        """)
    widget = SevensTryMoves(state, lang="en")
    assert not widget.play("3♣")
    reason = state.check("3♣").reason_en
    assert widget.message == f"3♣ is illegal for Ann. {sentence(reason)}"
    assert widget.view["message"]["rule"]["id"] == state.check("3♣").rule_id
    assert widget.play("6♦")
    assert widget.message == f"Ann played 6♦. {sentence(state.check('6♦').reason_en)}"


def test_a_move_the_reason_tells_is_said_once():
    """Double Seven's reason says what the mover did ("Ann takes the face-up ..."): it is the
    reply, and the engine's event that says it again is not listed under it."""
    state = double_seven.new_game(2, seed=4)
    while state.to_move is CHANCE or state.phase != "draw":
        state = state.play(state.legal_moves()[0])
    face_up = next(m for m in state.legal_moves() if m.text().startswith("draw face-up"))
    widget = DoubleSevenTryMoves(state, lang="en", show_hands=True)
    assert widget.play(face_up.text())
    message = widget.view["message"]
    reason = state.check(face_up).reason_en
    assert message["text"] == sentence(reason) and reason.startswith(state.names[state.turn])
    assert all(e["text"] != message["text"] for e in message["events"])


def test_the_rulings_cited_are_found_in_brackets_once_each():
    assert rulings_in(["no tile left (D14).", "before any other action (D2, D14).", None]) \
        == ["D14", "D2"]
    assert rulings_in(["D2 is not in brackets", "(D2 and D14)"]) == []
    assert RULING_CITE.findall("(S5) and (F14, F15)") == ["S5", "F14, F15"]
    assert catalog.ruling_summary("D2").startswith("Just after the draw")
    assert catalog.ruling_summary("D99") == ""


def test_compact_shows_one_language_line_and_the_sources_behind_their_badges(monkeypatch):
    state = sevens.new_game(4, seed=2)
    full = SevensTryMoves(state, lang="both")
    compact = SevensTryMoves(state, lang="both", compact=True)
    assert full.view["candidates"]["caption"]["sub"] and not full.view["compact"]
    assert compact.view["compact"] and compact.view["candidates"]["caption"]["sub"] is None
    assert any(g["source"] for g in full.view["candidates"]["groups"])
    groups = compact.view["candidates"]["groups"]
    assert not any(g["source"] for g in groups)
    assert all(g["card"]["citation"] == catalog.rule(g["rule_id"]).citation() for g in groups)
    monkeypatch.setenv("DOUBLESEPT_COMPACT", "1")  # scripts/classroom.sh --compact
    assert SevensTryMoves(state).compact and not SevensTryMoves(state, compact=False).compact
    compact.compact = False
    assert compact.view["candidates"]["caption"]["sub"]


def test_a_game_against_the_computer_keeps_each_source_on_its_rule_card():
    """The choices of a play widget share one screen with the board (issue 21): no row quotes
    a source; each rule's badge opens its card, source included."""
    from doublesept.widgets import SevensPlay
    game = SevensPlay(4, seat=0, seed=11)
    while game.state.to_move != 0:
        assert game.step()
    groups = game.view["candidates"]["groups"]
    assert groups and not game.sources_in_rows
    assert not any(g["source"] for g in groups)
    assert all(g["card"]["citation"] == catalog.rule(g["rule_id"]).citation() for g in groups)


def test_a_double_seven_move_in_play_is_said_by_the_engine_s_sentence():
    """A reply to a game against the computer says each Double Seven move as the engine's
    event does ("Bob draws a hidden tile."), not as "Bob played draw hidden" (issue 21,
    item 5), in both languages, and still names nothing the seat may not see."""
    from doublesept.widgets import DoubleSevenPlay
    game = DoubleSevenPlay(["Ann", "Bob", "Cy"], seat=0, seed=4)
    said = []
    for _ in range(60):
        if game.state.to_move is None:
            break
        if game.state.to_move == 0:
            assert game.play(game.state.legal_moves()[0])
        else:
            assert game.step()
        said += [step["what"] for step in game.view["play"]["history"] if not step["chance"]]
    assert said, "no player's step was told"
    words = [w for step in said for w in (step["text"], step["sub"]) if w]
    assert not [w for w in words if " played " in w or " a joué " in w]
    assert any(w.startswith(("Bob draws", "Bob takes")) for w in words)
    assert any(w.startswith(("Bob pioche", "Bob prend")) for w in words)
