"""The Flip 7 widgets (doublesept/widgets/flip7.py) without a browser, on stacked positions.

Each view is checked against the engine: the rows are ``state.verdicts()``, the lines and
scores are ``state.observation(seat)``, the replies are the verdicts' reasons and the new
state's events. An action card chosen out of turn, a bust and a Flip 7 are played through
the widget; every bad message is refused with a short visible answer; no view holds the
order of the deck; the labels follow ``lang``; the bust meter and the odds columns are the
exact odds (``flip7.odds``) of the player to act. The browser side is checked in
tests/browser/test_flip7_lesson.py and tests/browser/test_flip7_play_in_browser.py.
"""

import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import CHANCE, catalog, flip7
from doublesept.flip7 import odds
from doublesept.widgets import MAX_MESSAGE, Flip7Table, Flip7TryMoves
from doublesept.widgets.flip7 import fraction_text, odds_texts, percent_text, points_text

# Cy flipped a Freeze during a Flip Three: Cy chooses its target while it is Ann's turn.
FREEZE_CHOICE = """
players: Ann, Bob, Cy
Ann: 3
Bob: 4, 4 (busted)
Cy: 1, 2, 6, ×2, Second Chance
turn: Ann
pending: play Freeze aside by Cy
"""

# Ann hits and draws a second 8: she busts.
BUST = """
players: Ann, Bob, Cy
deck: 8, ...
Ann: 3, 8
Bob: 4 (stayed)
Cy: 6
turn: Ann
"""

# Ann hits and draws her seventh different number: a Flip 7 ends the round.
FLIP_7 = """
players: Ann, Bob, Cy
deck: 6, ...
Ann: 0, 1, 2, 3, 4, 5, +4
Bob: 11, 12 (stayed)
Cy: 7, 7 (busted)
turn: Ann
"""

# Every status at once: Ann in play, Bob stayed, Cy frozen, Dee busted.
STATUSES = """
players: Ann, Bob, Cy, Dee
dealer: Bob
round: 3
scores: 10, 20, 30, 40
Ann: 3
Bob: 4 (stayed)
Cy: 5 (frozen)
Dee: 9, 9 (busted)
turn: Ann
"""

STACKED = """
players: Ann, Bob, Cy
deck: {order}, ...
Ann: 3
Bob: 4
Cy: 6
turn: Ann
seed: 987654321
"""


def shown_message(widget) -> dict:
    message = widget.view["message"]
    assert message is not None, "no message shown"
    return message


def assert_short_and_printable(widget):
    message = shown_message(widget)
    for line in (message["en"], message["fr"], message["text"], message["sub"] or "",
                 *(e["text"] for e in message["events"])):
        assert line and len(line) <= MAX_MESSAGE, line
        assert line.isprintable(), repr(line)


def rows(view) -> list:
    return [(tuple(m["send"] for m in g["moves"]), g["legal"], g["rule_id"], g["reason_en"])
            for g in view["candidates"]["groups"]]


def engine_rows(widget) -> list:
    """The rows the table should show, from the engine: the legal moves first, one row per
    verdict; then the refused ones, one row per rule, with the rule's statement when their
    reasons differ."""
    state = widget.state
    order, moves = [], {}
    for v in state.verdicts():
        key = (v.legal, v.rule_id, v.reason_en if v.legal else None)
        if key not in moves:
            order.append(key)
            moves[key] = []
        moves[key].append(v)
    order.sort(key=lambda key: not key[0])
    rows = []
    for key in order:
        vs = moves[key]
        reasons = {v.reason_en for v in vs}
        reason = vs[0].reason_en if len(reasons) == 1 else catalog.rule(vs[0].rule_id).en
        rows.append((tuple(widget.move_text(v.move) for v in vs), key[0], key[1], reason))
    return rows


def texts(value) -> list:
    """Every text of a view (its values, not its keys)."""
    if isinstance(value, dict):
        return [t for v in value.values() for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return [value] if isinstance(value, str) else []


def player(view, name) -> dict:
    return next(p for p in view["players"] if p["name"] == name)


# ---- the table: lines, statuses, scores, piles, the dealer


def test_the_table_draws_each_line_from_the_observation():
    state = flip7.position(FREEZE_CHOICE)
    view = Flip7Table(state, lang="en").view
    obs = state.observation(None)
    for p, line in enumerate(obs["lines"]):
        drawn = view["players"][p]
        assert [c["text"] for c in drawn["numbers"]] == line["numbers"]
        assert drawn["modifiers"] == line["modifiers"]
        assert drawn["actions"] == (["Second Chance"] if line["second_chance"] else [])
        assert drawn["round_points"] == f"this round: {line['score']}"
        assert drawn["total"] == f"total: {obs['scores'][p]}"
    cy = player(view, "Cy")
    assert cy["modifiers"] == ["×2"] and cy["actions"] == ["Second Chance"]
    assert cy["round_points"] == "this round: 18"  # (1 + 2 + 6) × 2, from the engine
    # the busted line shows its duplicate twice, the second one marked with a word too
    bob = player(view, "Bob")
    assert [(c["text"], c["twice"], c["label"]) for c in bob["numbers"]] == [
        ("4", False, "4"), ("4", True, "4, drawn twice")]
    assert view["piles"] == {"deck": f"Deck: {state.deck_size} cards",
                             "discards": "Discards: no cards", "set_aside": "Set aside: Freeze"}
    assert view["round_text"] == "Round 1"
    assert player(view, "Ann")["dealer"] and not player(view, "Bob")["dealer"]
    assert not view["hands_toggle"]  # every card face up: nothing to show or hide


def test_every_status_has_a_symbol_and_a_word():
    view = Flip7Table(flip7.position(STATUSES), lang="en").view
    assert [(p["status"], p["status_text"]) for p in view["players"]] == [
        ("active", "● in play"), ("stayed", "■ stayed"), ("frozen", "❄ frozen"),
        ("busted", "✘ busted")]
    assert [p["total"] for p in view["players"]] == ["total: 10", "total: 20", "total: 30",
                                                     "total: 40"]
    assert [p["dealer"] for p in view["players"]] == [False, True, False, False]
    french = Flip7Table(flip7.position(STATUSES), lang="fr").view
    assert [p["status_text"] for p in french["players"]] == [
        "● en jeu", "■ stop", "❄ gel", "✘ a sauté"]
    symbols = {text.split()[0] for text in
               [p["status_text"] for p in view["players"] + french["players"]]}
    assert len(symbols) == 4  # the same symbol in both languages, one per status


# ---- an action card chosen by a player whose turn it is not


def test_an_action_choice_out_of_turn():
    state = flip7.position(FREEZE_CHOICE)
    assert state.turn == 0 and state.to_move == 2
    widget = Flip7TryMoves(state, lang="en")
    view = widget.view
    assert view["mover"] == "Cy"
    ann, cy = player(view, "Ann"), player(view, "Cy")
    assert ann["turn"] and not ann["to_move"] and cy["to_move"] and not cy["turn"]
    assert view["candidates"]["caption"]["text"] == state.decision.en
    # one row per target, each with the engine's verdict; names, not seat numbers
    assert rows(view) == engine_rows(widget)
    assert [r[0][0] for r in rows(view)] == ["freeze Ann", "freeze Cy", "freeze Bob"]
    assert [r[1] for r in rows(view)] == [True, True, False]  # the legal rows first
    cited = set()
    for group in view["candidates"]["groups"]:  # each rule's source quoted once, first
        assert group["citation"] and bool(group["source"]) == (group["rule_id"] not in cited)
        cited.add(group["rule_id"])
    # a busted target: refused with the engine's reason, beside its row
    assert not widget.play("freeze Bob") and widget.state is state
    assert shown_message(widget)["at"] == "row"
    assert widget.message == (f"freeze Bob is illegal for Cy. "
                              f"{state.check('freeze Bob').reason_en}")
    assert [g["tried"] for g in widget.view["candidates"]["groups"]] == [False, False, True]
    # a legal target: played, and the events narrated
    assert widget.play("freeze Ann")
    after = widget.state
    assert after.parent is state and after.status(0) == "frozen"
    message = shown_message(widget)
    assert message["en"] == f"Cy chose freeze Ann. {state.check('freeze Ann').reason_en}"
    assert message["rule"]["id"] == "flip7.flip-three-deferred"
    assert [e["text"] for e in message["events"]] == [e.en for e in after.events]
    assert player(widget.view, "Ann")["status_text"] == "❄ frozen"
    assert widget.moves == ["freeze Ann"]
    assert widget.undo() and widget.state is state


def test_a_seat_decides_only_its_own_choice():
    state = flip7.position(FREEZE_CHOICE)
    ann = Flip7TryMoves(state, seat=0)
    assert ann.view["candidates"]["groups"] == [] and not ann.view["candidates"]["can_act"]
    assert not ann.play("freeze Bob") and ann.state is state
    assert ann.message == "Cy is to move: this table plays for Ann only."
    cy = Flip7TryMoves(state, seat=2)
    assert rows(cy.view) == engine_rows(cy)
    assert cy.play("freeze Cy") and cy.state.status(2) == "frozen"


# ---- a bust and a Flip 7, clicked through, the draw step included


def test_a_bust_through_the_draw_button():
    state = flip7.position(BUST)
    widget = Flip7TryMoves(state, lang="en")
    assert rows(widget.view) == engine_rows(widget)
    assert [r[0][0] for r in rows(widget.view)] == ["hit", "stay"]
    assert widget.play("hit") and widget.state.to_move is CHANCE
    # chance is to move: one button, draw, with the engine's verdict
    view = widget.view
    assert view["mover"] is None and view["status"]["text"] == "Draw Ann's card"
    assert rows(view) == [(("draw",), True, "flip7.hit", "Draw the next card for Ann, face up.")]
    assert widget.play("draw")
    busted = widget.state
    assert busted.status(0) == "busted"
    message = shown_message(widget)  # a chance step: its first event, then the others
    assert [message["text"], *(e["text"] for e in message["events"])] == \
        [e.en for e in busted.events]
    assert message["events"][-1]["text"].startswith("Ann already has the 8: Ann busts")
    ann = player(widget.view, "Ann")
    assert ann["status_text"] == "✘ busted" and ann["round_points"] == "this round: 0"
    assert [c["twice"] for c in ann["numbers"]] == [False, False, True]
    assert widget.view["last_move"] == {"move": "8", "player": None}
    assert widget.moves == ["hit", "8"]  # a card drawn is recorded as the card
    assert widget.reset() and widget.state is state


def test_a_flip_7_ends_the_round():
    widget = Flip7TryMoves(flip7.position(FLIP_7), lang="en")
    assert widget.play("hit") and widget.play("draw")
    over = widget.state
    assert over.is_round_over and over.flip7_player == 0
    message = shown_message(widget)
    events = [message["text"], *(e["text"] for e in message["events"])]
    assert events == [e.en for e in over.events]
    assert any(text.startswith("Flip 7! Ann has seven different numbers") for text in events)
    view = widget.view
    ann = player(view, "Ann")
    assert ann["flip7"] and view["flip7_words"]["flip7_tag"] == "★ Flip 7"
    assert ann["total"] == f"total: {over.scores[0]}" and over.scores[0] == 15 + 4 + 21
    assert not player(view, "Bob")["flip7"]
    # between rounds, the next deal is the one move: draw
    assert view["mover"] is None and view["status"]["text"] == over.decision.en
    assert rows(view) == engine_rows(widget) and rows(view)[0][:2] == (("draw",), True)
    # a table shown on that state says its events at once
    table = Flip7Table(over)
    assert table.message == over.events[0].en and shown_message(table)["kind"] == "info"


# ---- every bad message: a short visible answer, and nothing changes


BAD = [
    None, 5, "hit", [], {"intent": "fly"}, {"intent": "play"}, {"intent": "play", "move": 7},
    {"intent": "play", "move": "x" * 33}, {"intent": "play", "move": "hit", "extra": 1},
    {"intent": "show_hands", "show": True},  # no hands to hide in Flip 7: an unknown intent
    {"intent": "lang", "lang": "de"}, {"intent": "play", "move": "\x00\u202e"},
    {"intent": "play", "move": "freeze 40"}, {"intent": "play", "move": "freeze 17"},
    {"intent": "play", "move": "hit"}, {"intent": "play", "move": "draw"},
    {"intent": "play", "move": "Freeze"}, {"intent": "play", "move": "give second-chance Ann"},
    {"intent": "play", "move": "flip-three Ann"}, {"intent": "undo"},
    {"intent": "x" * 10_000}, {"intent": 10**5000},
]


@pytest.mark.parametrize("content", BAD)
def test_every_bad_message_gets_a_short_visible_answer(content):
    state = flip7.position(FREEZE_CHOICE)
    widget = Flip7TryMoves(state)
    assert widget.handle_message(content) is False
    assert widget.state is state and widget.moves == []
    assert shown_message(widget)["kind"] == "error"
    assert_short_and_printable(widget)
    widget._view.encode("utf-8")


def test_a_table_takes_no_moves():
    state = flip7.position(BUST)
    table = Flip7Table(state)
    for content in ({"intent": "play", "move": "hit"}, {"intent": "undo"}, {"intent": "reset"}):
        assert not table.handle_message(content) and table.state is state
        assert table.message.startswith("Message refused: unknown intent")
    assert table.handle_message({"intent": "lang", "lang": "fr"}) and table.lang == "fr"


messages = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40)
    | st.sampled_from(["play", "undo", "reset", "lang", "fr", "hit", "stay", "draw",
                       "freeze Bob", "freeze 1", "give freeze 0"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["intent", "move", "lang"]) | st.text(max_size=5),
                      inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=messages)
def test_any_message_is_answered_and_a_refusal_changes_nothing(content):
    state = flip7.position(FREEZE_CHOICE)
    widget = Flip7TryMoves(state)
    if not widget.handle_message(content):
        assert widget.state is state
        assert shown_message(widget)["kind"] == "error"
    if widget.view["message"] is not None:
        assert_short_and_printable(widget)


def test_a_trait_written_by_the_page_is_refused():
    state = flip7.position(BUST)
    widget = Flip7TryMoves(state)
    widget.set_state({"_view": '{"players": []}'})
    assert widget.state is state and "the page tried to change '_view'" in widget.message


# ---- nothing hidden: no view holds the order of the deck


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_no_view_holds_the_order_of_the_deck(seat):
    first = flip7.position(STACKED.format(order="8, Freeze, 3, 12"))
    second = flip7.position(STACKED.format(order="12, 3, Freeze, 8"))
    assert first != second and first.observation(seat) == second.observation(seat)
    for widget_class in (Flip7Table, Flip7TryMoves):
        for lang in ("en", "fr", "both"):
            a = widget_class(first, seat=seat, lang=lang)
            b = widget_class(second, seat=seat, lang=lang)
            # two positions that differ only in the order of the deck: the same payload
            assert a._view == b._view
            assert a._repr_mimebundle_()[0]["text/html"] == \
                b._repr_mimebundle_()[0]["text/html"]
            assert "987654321" not in a._view  # nor the seed
    # still the same once the hit is asked for and the card is about to be drawn
    a, b = Flip7TryMoves(first, seat=seat), Flip7TryMoves(second, seat=seat)
    if seat in (None, 0):
        assert a.play("hit") and b.play("hit")
        assert a.state.to_move is CHANCE and a._view == b._view


def test_a_long_name_is_sent_by_its_seat_number():
    long_name = "Maximilienne-Antoinette de la Tour"  # 34 characters: too long to send
    state = flip7.position(FREEZE_CHOICE.replace("Ann", long_name))
    widget = Flip7TryMoves(state, lang="en")
    first = widget.view["candidates"]["groups"][0]["moves"][0]
    assert first["send"] == "freeze 0" and first["text"] == f"freeze {long_name}"
    assert widget.play(first["send"]) and widget.state.status(0) == "frozen"


def test_a_hostile_name_never_reaches_the_page_as_raw_html():
    state = flip7.position(BUST.replace("Bob", "<b>&amp</b>"))
    widget = Flip7TryMoves(state)
    widget.play("stay")
    for key, value in widget.get_state().items():
        if key not in ("_esm", "_css"):
            text = json.dumps(value, ensure_ascii=False)
            assert "<" not in text and ">" not in text and "&" not in text, key
    assert widget.view["players"][1]["name"] == "<b>&amp</b>"
    assert "<b>&amp</b>" not in widget._repr_mimebundle_()[0]["text/html"]


# ---- French


def test_lang_fr_draws_every_label_in_french():
    state = flip7.position(FREEZE_CHOICE)
    view = Flip7TryMoves(state, lang="fr").view
    assert view["words"]["undo"] == "↶ Annuler" and view["round_text"] == "Manche 1"
    assert view["piles"]["set_aside"] == "Mis de côté : Gel"
    assert view["piles"]["discards"] == "Défausse : aucune carte"
    assert view["piles"]["deck"].startswith("Pioche : ") and view["piles"]["deck"].endswith(
        " cartes")
    cy = player(view, "Cy")
    assert cy["actions"] == ["Seconde Chance"] and cy["round_points"] == "cette manche : 18"
    assert cy["total"] == "total : 0" and cy["status_text"] == "● en jeu"
    assert player(view, "Bob")["numbers"][1]["label"] == "4, piochée deux fois"
    assert view["flip7_words"]["decides_tag"] == "▶ décide"
    assert view["flip7_words"]["dealer"] == "donneur"
    caption = view["candidates"]["caption"]
    assert caption == {"text": state.decision.fr, "sub": None}
    first = view["candidates"]["groups"][0]
    assert first["moves"][0]["text"] == "gel Ann" and first["moves"][0]["send"] == "freeze Ann"
    assert first["verdict"] == "✔ permis" and first["reason"]["text"] == \
        state.check("freeze Ann").reason_fr
    hit = Flip7TryMoves(flip7.position(BUST), lang="fr")
    assert [m["text"] for g in hit.view["candidates"]["groups"] for m in g["moves"]] == \
        ["encore", "stop"]
    assert hit.play("hit") and shown_message(hit)["text"] == \
        "Ann pioche une carte de plus, face visible."
    assert hit.view["candidates"]["groups"][0]["moves"][0]["text"] == "pioche"
    english = json.dumps(texts({k: v for k, v in view.items() if k != "langs"}),
                         ensure_ascii=False)
    for word in ("Undo", "in play", "Deck", "Discards", "this round", "dealer", "Round"):
        assert word not in english, word


# ---- the bust meter and the odds columns: the exact odds, from the mover's observation


def exact(state):
    seat = state.to_move
    return odds.exact_odds(state.observation(seat), seat)


def meters(view) -> list:
    return [(p["seat"], p["meter"]) for p in view["players"] if p["meter"] is not None]


def test_the_bust_meter_shows_the_exact_odds_of_the_player_to_act():
    state = flip7.position(BUST)  # Ann holds 3 and 8: 2 threes and 7 eights among 90 cards
    view = Flip7Table(state, lang="en").view
    [(seat, meter)] = meters(view)
    assert seat == 0 and meter["seat"] == 0
    assert Fraction(meter["numerator"], meter["denominator"]) == exact(state).bust \
        == Fraction(9, 90)
    assert (meter["fraction"], meter["percent"]) == ("1/10", "10%")
    assert meter["text"] == "bust 1/10 (10%)"
    assert meter["label"] == "chance that Ann busts on the next card: 1/10, 10%"
    french = Flip7Table(state, lang="fr").view["players"][0]["meter"]
    assert french["label"] == "risque pour Ann de sauter à la prochaine carte : 1/10, 10%"
    # no meter while a target is chosen, or a card is drawn
    assert meters(Flip7Table(flip7.position(FREEZE_CHOICE)).view) == []
    assert meters(Flip7Table(state.play("hit")).view) == []


def test_the_meter_follows_the_player_to_act_through_a_game():
    state = flip7.new_game(4, seed=99)
    checked = 0
    while not state.is_over and checked < 60:
        if state.decision.phase == "hit-or-stay":
            [(seat, meter)] = meters(Flip7Table(state, seat=1).view)
            assert seat == state.to_move
            odds_now = exact(state)
            assert Fraction(meter["numerator"], meter["denominator"]) == odds_now.bust
            assert meter["fraction"] == fraction_text(odds_now.bust)
            checked += 1
        moves = state.legal_moves()
        state = state.play(flip7.STAY if flip7.STAY in moves and state.score_now(
            state.to_move) >= 15 else moves[0])
    assert checked == 60


def test_an_exact_expected_score_too_long_to_read_is_shown_as_a_decimal_only():
    state = flip7.position("players: Ann, Bob, Cy\ndealer: Ann\nround: 1\nscores: 0, 0, 0\n"
                           "deck: ...\ndiscards: Freeze, Flip Three\nAnn: 8 (frozen)\n"
                           "Bob: 2, 10, 11, 12, 12 (busted)\nCy: 9, +4\nturn: Cy\nseed: 0\n"
                           "draws: 10")
    long_fraction = fraction_text(exact(state).hit)
    assert len(long_fraction) > 24  # 17569087727137/951166812960
    hit = Flip7TryMoves(state, lang="en").view["candidates"]["groups"][0]
    assert hit["extra"][1]["text"] == f"{points_text(exact(state).hit)} after one more card"
    assert long_fraction not in str(hit)


def test_the_hit_and_stay_rows_give_the_odds_and_the_expected_score():
    state = flip7.position(BUST)
    widget = Flip7TryMoves(state, lang="en")
    table = widget.view["candidates"]
    assert table["columns"] == ["Chance of busting", "Expected round score"]
    odds_now = exact(state)
    hit, stay = table["groups"]
    assert hit["moves"][0]["send"] == "hit" and stay["moves"][0]["send"] == "stay"
    assert hit["extra"][0]["text"] == "1/10 (10%)"
    expected = hit["extra"][1]["text"]
    assert expected.startswith(f"{points_text(odds_now.hit)} after one more card")
    if odds_now.hit.denominator > 1:
        assert expected.endswith(f"(= {fraction_text(odds_now.hit)})")
    assert [cell["text"] for cell in stay["extra"]] == ["none (0%)", "11, banked"]
    assert odds_now.stay == state.score_now(0) == 11
    # both languages for "both"; French alone for "fr"
    both = Flip7TryMoves(state).view["candidates"]["groups"][1]["extra"][1]
    assert both == {"text": "11, banked", "sub": "11, acquis"}
    # no odds columns while a target is chosen
    assert Flip7TryMoves(flip7.position(FREEZE_CHOICE)).view["candidates"]["columns"] == []


def test_the_expected_score_after_a_hit_is_written_exactly():
    assert points_text(Fraction(237, 13)) == "18.2" and points_text(Fraction(17)) == "17"
    assert percent_text(Fraction(1, 300)) == "<1%" and percent_text(Fraction(299, 300)) == ">99%"
    assert odds_texts(Fraction(4, 13)) == ("4/13", "31%")
