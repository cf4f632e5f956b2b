"""Flip7Play (doublesept/widgets/flip7.py) without a browser: a game against the computer.

The reader plays one seat; the computers move one step at a time, only through
``players.computer_move`` (spied on here); chance draws are steps too. Checked: a game of
computers reaches 200; every step is in the history with the engine's events; undo goes back
to the reader's previous decision; the next card reaches the view only while the teacher's
switch is on, and it is the card drawn; every bad message is refused, says why, and changes
nothing. The browser side is tests/browser/test_flip7_play_in_browser.py.
"""

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import CHANCE, flip7
from doublesept.errors import OptionError, PositionError
from doublesept.widgets import MAX_MESSAGE
from doublesept.widgets import flip7 as flip7_widgets
from doublesept.widgets.flip7 import Flip7Play, next_card

# Ann to hit or stay; the deck stacked two ways: the same observation for every seat.
STACKED = """
players: Ann, Bob, Cy
deck: {order}, ...
Ann: 3
Bob: 4
Cy: 6
turn: Ann
"""


@pytest.fixture
def calls(monkeypatch):
    """Every call of ``players.computer_move`` the widget makes: (state, level, rng_seed)."""
    module = flip7_widgets.players
    real = module.computer_move
    made = []

    def spy(state, level, rng_seed=0):
        made.append((state, level, rng_seed))
        return real(state, level, rng_seed)

    monkeypatch.setattr(module, "computer_move", spy)
    return made


def shown_message(widget) -> dict:
    message = widget.view["message"]
    assert message is not None, "no message shown"
    return message


def line(widget) -> list:
    """The states from the widget's start to its state, oldest first."""
    states = [widget.state]
    while states[-1] is not widget.start:
        states.append(states[-1].parent)
    return states[::-1]


def mine(widget) -> str:
    """The reader's first legal move, as the page sends it."""
    return widget.move_text(widget.state.legal_moves()[0])


def decisions(widget) -> list:
    """The states of the line where a player (not chance) chose, with the move chosen."""
    states = line(widget)
    return [(s, after.last_move) for s, after in itertools.pairwise(states)
            if s.to_move is not CHANCE]


# ---- a game of computers, to 200


def test_a_game_of_computers_reaches_200(calls):
    widget = Flip7Play(4, seat=None, levels=("easy", "medium", "hard", "medium"), seed=11)
    steps = 0
    while not widget.state.is_over:
        assert widget.step(), widget.message
        steps += 1
        assert steps < 5_000, "the game did not end"
    over = widget.state
    assert max(over.scores) >= 200 and len(over.winners) == 1
    assert widget.view["play"]["status"]["text"] == "The game is over."
    assert widget.view["play"]["step"]["disabled"] and widget.view["play"]["run"]["disabled"]
    # every choice came from players.computer_move, for the seat to move, at its level
    chosen = decisions(widget)
    assert len(calls) == len(chosen) > 0
    for (state, level, _), (decided, _move) in zip(calls, chosen, strict=True):
        assert state is decided
        assert level == widget.levels[state.to_move]
    # every card was drawn by chance, from the seed: the same seed replays the same game
    again = flip7.new_game(4, seed=11)
    for s in line(widget)[1:]:
        again = again.play(s.last_move)
    assert again == over
    # a step after the end: refused, and nothing changes
    assert not widget.step() and widget.state is over
    assert widget.message == "The game is over: press New game to play again."


def test_the_computers_randomness_is_not_the_game_seed(calls):
    a = Flip7Play(3, seat=None, seed=1, computer_seed=5)
    b = Flip7Play(3, seat=None, seed=2, computer_seed=5)
    for widget in (a, b):
        while len(calls) < 3 * (1 + (widget is b)):
            widget.step()
    seeds = [rng_seed for _, _, rng_seed in calls]
    depths = [sum(1 for _ in iter_parents(state)) for state, _, _ in calls]
    # the computer's seed is its own seed plus the step count: nothing of the game's seed
    assert seeds == [5 + depth for depth in depths]


def iter_parents(state):
    while state.parent is not None:
        state = state.parent
        yield state


def test_run_stops_at_the_readers_turn_and_at_the_end_of_a_round(calls):
    widget = Flip7Play(4, seat=2, seed=3)
    assert widget.run()
    state = widget.state
    assert state.to_move == 2 and state.decision.phase == "hit-or-stay" or state.is_round_over
    for s in line(widget)[1:-1]:  # nothing stopped earlier
        assert s.to_move != 2 and not s.is_round_over
    steps = len(line(widget)) - 1
    # the reply lists every step, in order, as the history names them (Cy has not moved yet)
    message = shown_message(widget)
    assert message["en"] == f"{steps} steps:"
    history = widget.view["play"]["history"]
    assert [e["text"] for e in message["events"]] == \
        [t for entry in history for t in [entry["what"]["text"]]
         + [e["text"] for e in entry["events"]]]
    chosen = [f"{s.parent.names[s.parent.to_move]} chose {widget.shown_text(s.last_move)}"
              for s in line(widget)[1:] if s.parent.to_move is not CHANCE]
    assert chosen and [t for t in [e["text"] for e in message["events"]] if " chose " in t] \
        == chosen
    if state.to_move == 2:
        view = widget.view
        assert view["play"]["status"]["text"] == "Your move, Cy: choose below."
        assert view["play"]["step"]["disabled"] and view["play"]["run"]["disabled"]
        assert [g["moves"][0]["send"] for g in view["candidates"]["groups"]] == ["hit", "stay"]
        # the reader's turn: step and run refuse, and say why
        assert not widget.step() and widget.state is state
        assert widget.message == "It is your move (Cy to hit or stay): choose it below."
        assert not widget.run() and widget.state is state


# ---- the history


def test_the_history_shows_every_step_with_the_engines_events(calls):
    widget = Flip7Play(3, seat=0, seed=21, lang="en")
    for _ in range(40):
        if widget.state.to_move == 0:
            assert widget.play(mine(widget))
        else:
            assert widget.step()
    states = line(widget)
    history = widget.view["play"]["history"]
    # the cards drawn after Ann's hits are steps too, played at once
    assert len(history) == len(states) - 1 > 40
    for entry, before, after in zip(history, states[:-1], states[1:], strict=True):
        if before.to_move is CHANCE:  # a card drawn: its events say it, the first one first
            assert entry["chance"] and not entry["mine"]
            assert [entry["what"]["text"]] + [e["text"] for e in entry["events"]] == \
                [e.en for e in after.events]
            assert any(str(after.last_move) in e.en for e in after.events)
        else:
            assert [e["text"] for e in entry["events"]] == [e.en for e in after.events]
            name = before.names[before.to_move]
            assert entry["what"]["text"] == \
                f"{name} chose {widget.shown_text(after.last_move)}"
            assert entry["mine"] == (before.to_move == 0)
        assert entry["round"] == after.round
    assert widget.view["play"]["history_more"] is None
    assert widget.view["play"]["history_start"] == 1


def test_a_long_history_shows_the_latest_steps(calls):
    widget = Flip7Play(3, seat=None, seed=4)
    for _ in range(Flip7Play.HISTORY + 7):
        widget.step()
    play = widget.view["play"]
    assert len(play["history"]) == Flip7Play.HISTORY
    assert play["history_more"] == "(7 earlier steps)" and play["history_start"] == 8
    last = play["history"][-1]
    said = [last["what"]["text"]] + [e["text"] for e in last["events"]]
    if widget.state.parent.to_move is CHANCE:  # a card drawn: its events say it all
        assert said == [e.en for e in widget.state.events]
    else:
        assert said[1:] == [e.en for e in widget.state.events]


# ---- undo, restart, new game


def test_undo_goes_back_to_the_readers_previous_decision(calls):
    widget = Flip7Play(3, seat=1, seed=8)
    assert not widget.view["can_undo"]
    assert not widget.undo()
    assert widget.message == "Nothing to undo: you have made no move yet in this game."
    widget.run()
    while widget.state.to_move != 1:
        widget.run()
    decided = widget.state
    chosen = mine(widget)
    assert widget.play(chosen)
    assert widget.view["can_undo"]
    widget.run()
    assert widget.state is not decided
    assert widget.undo()
    assert widget.state is decided
    assert widget.message == f"Took back your move {chosen}: your turn again."
    assert not widget.view["can_undo"]
    # two decisions later: undo goes back to the second, not to the first
    assert widget.play(chosen)
    while widget.state.to_move != 1:
        assert widget.step()
    second = widget.state
    assert widget.play(mine(widget))
    widget.run()
    assert widget.undo() and widget.state is second
    assert widget.undo() and widget.state is decided


def test_restart_and_new_game(calls):
    widget = Flip7Play(3, seat=0, seed=30)
    start = widget.start
    for _ in range(5):
        widget.run() if widget.state.to_move != 0 else widget.play("stay")
    assert widget.reset() and widget.state is start
    assert widget.new_game()
    assert widget.state.seed == 31 and widget.state.parent is None
    assert widget.start is widget.state and widget.view["play"]["history"] == []
    assert widget.state.names == start.names
    assert widget.message == "A new game: the cards are shuffled again."


def test_the_level_of_the_computers(calls):
    widget = Flip7Play(3, seat=0, levels=("easy", "hard"), seed=2, lang="en")
    assert widget.levels == {1: "easy", 2: "hard"}
    roles = [p["role"] for p in widget.view["players"]]
    assert roles == ["you", "computer, easy", "computer, hard"]
    assert [b["pressed"] for b in widget.view["play"]["levels"]] == [False, False, False]
    assert widget.handle_message({"intent": "level", "level": "medium"})
    assert widget.levels == {1: "medium", 2: "medium"}
    assert [b["pressed"] for b in widget.view["play"]["levels"]] == [False, True, False]
    while not calls:
        widget.run() if widget.state.to_move != 0 else widget.play(mine(widget))
    assert {level for _, level, _ in calls} == {"medium"}


# ---- the teacher's switch: the next card


def test_the_next_card_reaches_the_view_only_when_the_switch_is_on(calls):
    first = flip7.position(STACKED.format(order="8, Freeze, 3, 12"))
    second = flip7.position(STACKED.format(order="12, 3, Freeze, 8"))
    assert first.observation(0) == second.observation(0)
    a, b = Flip7Play(3, seat=0), Flip7Play(3, seat=0)
    a.state, b.state = first, second
    # switch off: the two views are the same, so nothing in them holds the next card
    assert a._view == b._view and a.view["play"]["next_card"] is None
    for widget in (a, b):
        assert widget.handle_message({"intent": "show_next_card", "show": True})
        assert widget.show_next_card
    assert a.view["play"]["next_card"]["text"] == "Next card of the deck: 8"
    assert b.view["play"]["next_card"]["text"] == "Next card of the deck: 12"
    assert a.view["play"]["switch"] == {"text": "Hide the next card",
                                        "label": "show the next card", "pressed": True,
                                        "intent": "show_next_card"}
    # switched off again: gone from the view
    assert a.handle_message({"intent": "show_next_card", "show": False})
    assert a.view["play"]["next_card"] is None and '"Next card of the deck' not in a._view


def test_without_the_teacher_switch_the_page_cannot_ask(calls):
    widget = Flip7Play(3, seat=0, seed=5, teacher_switch=False)
    assert widget.view["play"]["switch"] is None
    state = widget.state
    assert not widget.handle_message({"intent": "show_next_card", "show": True})
    assert widget.state is state and widget.view["play"]["next_card"] is None
    assert widget.message.startswith("Message refused: unknown intent 'show_next_card'")


def test_the_next_card_shown_is_the_card_drawn(calls):
    widget = Flip7Play(4, seat=None, seed=17, show_next_card=True, lang="en")
    checked = 0
    for _ in range(150):
        shown = widget.view["play"]["next_card"]["text"]
        before = widget.state
        assert shown == f"Next card of the deck: {next_card(before)}"
        widget.step()
        if before.to_move is CHANCE:
            assert shown == f"Next card of the deck: {widget.state.last_move}"
            checked += 1
    assert checked > 50


def test_next_card_at_hit_or_stay_is_the_card_a_hit_brings():
    state = flip7.position(STACKED.format(order="8, Freeze"))
    assert next_card(state) == flip7.card("8")
    assert state.play("hit").play("draw").last_move == flip7.card("8")


# ---- bad messages: refused, said, nothing changes


BAD = [
    ({"intent": "play", "move": "hit"}, "Not your move: Deal a card to "),  # a card to deal
    ({"intent": "play", "move": "8"}, "Not your move: "),  # stacking the deck: refused
    ({"intent": "play", "move": "draw"}, "Not your move: "),
    ({"intent": "play", "move": 8}, "Message refused: the 'play' message needs 'move'"),
    ({"intent": "step", "fast": True}, "Message refused: the 'step' message has unexpected"),
    ({"intent": "level", "level": "expert"}, "Message refused: the level is one of easy, "),
    ({"intent": "level"}, "Message refused: the 'level' message needs 'level' as text"),
    ({"intent": "show_next_card", "show": "yes"}, "Message refused: the 'show_next_card' "),
    ({"intent": "show_hands", "show": True}, "Message refused: unknown intent 'show_hands'"),
    ({"intent": "undo"}, "Nothing to undo"),
    ({"intent": "new_game", "seed": 1}, "Message refused: the 'new_game' message has "),
    ({"intent": "run", "steps": 10**6}, "Message refused: the 'run' message has unexpected"),
    ("step", "Message refused: a message must be an object"),
]


@pytest.mark.parametrize(("content", "said"), BAD)
def test_a_bad_message_is_refused_and_changes_nothing(calls, content, said):
    widget = Flip7Play(3, seat=0, seed=9)
    state, levels = widget.state, widget.levels
    assert widget.handle_message(content) is False
    assert widget.state is state and widget.levels == levels and not widget.show_next_card
    assert widget.message.startswith(said), widget.message
    assert shown_message(widget)["kind"] == "error"
    assert calls == []


def test_the_reader_cannot_choose_for_a_computer(calls):
    widget = Flip7Play(3, seat=0, seed=9)
    while widget.state.to_move in (0, CHANCE):
        widget.step() if widget.state.to_move is CHANCE else widget.play("stay")
        if widget.state.to_move is None:
            pytest.fail("no computer decision met")
    state = widget.state
    name = state.names[state.to_move]
    assert not widget.play("stay") and widget.state is state
    assert widget.message == f"Not your move: {state.decision.en}: press Next step."
    assert name in widget.message
    assert widget.view["candidates"]["groups"] == []


messages = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40)
    | st.sampled_from(["play", "step", "run", "undo", "reset", "new_game", "level", "easy",
                       "show_next_card", "hit", "stay", "draw", "8", "freeze Bob"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["intent", "move", "level", "show"]) | st.text(max_size=5),
                      inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(content=messages)
def test_any_message_is_answered_and_a_refusal_changes_nothing(calls, content):
    widget = Flip7Play(3, seat=0, seed=13)
    state = widget.state
    if not widget.handle_message(content):
        assert widget.state is state
        assert shown_message(widget)["kind"] == "error"
    message = widget.view["message"]
    if message is not None:
        for text in (message["en"], message["fr"]):
            assert text and len(text) <= MAX_MESSAGE and text.isprintable()


def test_a_trait_written_by_the_page_is_refused(calls):
    widget = Flip7Play(3, seat=0, seed=9)
    state = widget.state
    widget.set_state({"_view": '{"play": {"next_card": "8"}}'})
    assert widget.state is state and "the page tried to change '_view'" in widget.message


# ---- the arguments


def test_bad_arguments_name_what_is_wrong(calls):
    with pytest.raises(OptionError, match="unknown rule option 'target'"):
        Flip7Play(3, target=100)  # the game ends at 200 points: there is no such option
    with pytest.raises(OptionError, match="levels: a level is one of easy, medium, hard"):
        Flip7Play(3, levels=("medium", "genius"))
    with pytest.raises(OptionError, match="levels: one level for each of the 2 computer"):
        Flip7Play(3, levels=("easy", "easy", "easy"))
    with pytest.raises(OptionError, match="computer_seed"):
        Flip7Play(3, computer_seed=-1)
    with pytest.raises(PositionError):
        Flip7Play(3, seat=3)
    with pytest.raises(OptionError):
        Flip7Play(3, no_such_rule=1)
    widget = Flip7Play(4, seat=0, seed=1)
    start = widget.state
    with pytest.raises(PositionError, match="this game has 4 players, and the position 3"):
        widget.state = flip7.position(STACKED.format(order="8"))
    assert widget.state is start


# ---- text, never HTML; French


def test_a_hostile_name_never_reaches_the_page_as_raw_html(calls):
    widget = Flip7Play(["<b>&amp</b>", "Bob", "Cy"], seat=0, seed=3, show_next_card=True)
    widget.run()
    for key, value in widget.get_state().items():
        if key not in ("_esm", "_css"):
            text = json.dumps(value, ensure_ascii=False)
            assert "<" not in text and ">" not in text and "&" not in text, key
    assert widget.view["players"][0]["name"] == "<b>&amp</b>"


def test_lang_fr(calls):
    widget = Flip7Play(3, seat=0, seed=3, lang="fr", show_next_card=True)
    play = widget.view["play"]
    assert play["step"]["text"] == "Étape suivante ▸"
    assert play["new_game"]["label"] == "nouvelle partie"
    assert play["next_card"]["text"].startswith("Prochaine carte de la pioche : ")
    assert [b["text"] for b in play["levels"]] == ["facile", "moyen", "difficile"]
    assert [p["role"] for p in widget.view["players"]] == [
        "vous", "ordinateur, moyen", "ordinateur, moyen"]
    widget.step()
    assert widget.view["play"]["history"][0]["what"]["text"] == widget.state.events[0].fr
    assert widget.message == widget.state.events[0].en  # ``message`` is always English
    assert widget.view["message"]["text"] == widget.state.events[0].fr


def test_a_computer_sees_only_its_seats_observation(monkeypatch):
    """What ``ComputerPlayer.choose`` receives from the widget's steps: the observation of
    the seat to move and the legal move texts, nothing else, even with the next card shown."""
    seen = []
    real = flip7_widgets.players.ComputerPlayer.choose

    def choose(self, observation, legal):
        seen.append((json.dumps(observation, sort_keys=True), legal))
        return real(self, observation, legal)

    monkeypatch.setattr(flip7_widgets.players.ComputerPlayer, "choose", choose)
    widget = Flip7Play(3, seat=None, levels="medium", seed=987654321012, show_next_card=True)
    expected = []
    for _ in range(120):
        state = widget.state
        if state.to_move is not CHANCE:
            expected.append((json.dumps(state.observation(state.to_move), sort_keys=True),
                             tuple(state.move_text(m) for m in state.legal_moves())))
        widget.step()
    assert seen == expected and len(seen) > 20
    for observation, _ in seen:  # never the seed, never the next card's words
        assert str(widget.state.seed) not in observation and "Next card" not in observation


# ---- games on one screen (issue 21): hit draws the card


def test_hit_draws_the_card_at_once_and_step_chance_keeps_one_step(calls):
    for step_chance in (False, True):
        widget = Flip7Play(["Ann", "Bob", "Cy"], seat=0, seed=2026, lang="en",
                           step_chance=step_chance)
        assert widget.step_chance is step_chance
        while widget.state.to_move != 0:
            assert widget.run(), widget.message
        before = widget.state
        coming = next_card(before)
        assert widget.play("hit")
        hit = _child(widget.state, before)
        assert hit.last_move == flip7.HIT
        if step_chance:  # the draw waits for Next step, as before
            assert widget.state is hit and hit.to_move is CHANCE
            assert widget.step()
            assert widget.state.last_move == coming
            continue
        # the card is drawn at once, and every chance step after it, until a player decides
        drawn = _child(widget.state, hit)
        assert drawn.last_move == coming and widget.state.to_move is not CHANCE
        message = shown_message(widget)
        assert message["en"] == "Ann draws one more card, face up."
        said = [e["text"] for e in message["events"]]
        assert drawn.events and drawn.events[0].en in said  # the card drawn, in the reply
        assert widget.view["play"]["history"][-1]["what"]["text"] in said


def _child(state, ancestor):
    while state.parent is not ancestor:
        state = state.parent
    return state


def test_the_header_says_the_teachers_view(calls):
    widget = Flip7Play(["Ann", "Bob", "Cy"], seat=0, seed=1, lang="en")
    assert widget.view["seat_text"] == "Ann's view"
    widget.show_next_card = True
    assert widget.view["seat_text"] == "Teacher's view: the next card shown"
