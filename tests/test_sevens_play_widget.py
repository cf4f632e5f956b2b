"""SevensPlay (doublesept/widgets/sevens.py, on PlayWidget in play.py) without a browser.

The reader plays one seat of a Sevens match; the computers move one step at a time, only
through ``sevens.players.computer_move`` (spied on here), and see only their seat's
observation (twin states that differ only in hidden hands give the same choice and the
same arguments). Checked: a match of computers ends, and the same seed replays it; the
scoreboard says what the engine's states say (penalties per round, totals, chips and the
pot); the history is the round's; undo goes back to the reader's previous decision, and
only in learning mode; the teacher's switch is the only way other hands reach the page;
the setup intent starts the match asked for; every bad message is refused, says why and
changes nothing.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doublesept import CHANCE, sevens
from doublesept.errors import OptionError, PositionError
from doublesept.sevens import players as sevens_players
from doublesept.widgets import MAX_MESSAGE, SevensPlay


@pytest.fixture
def calls(monkeypatch):
    """Every call of ``players.computer_move`` the widget makes: (state, level, rng_seed)."""
    real = sevens_players.computer_move
    made = []

    def spy(state, level, rng_seed=0):
        made.append((state, level, rng_seed))
        return real(state, level, rng_seed)

    monkeypatch.setattr(sevens_players, "computer_move", spy)
    return made


def line(widget) -> list:
    """The states from the widget's start to its state, oldest first."""
    states = [widget.state]
    while states[-1] is not widget.start:
        states.append(states[-1].parent)
    return states[::-1]


def to_my_turn(widget) -> None:
    """Run until the reader is to move (dealing rounds as needed)."""
    for _ in range(50):
        state = widget.state
        if state.to_move == widget.seat:
            return
        assert state.to_move is not None, "the match ended before the reader's turn"
        assert widget.run(), widget.message
    pytest.fail("the reader's turn never came")


def mine(widget) -> str:
    """The reader's first legal move, as the page sends it."""
    return widget.move_text(widget.state.legal_moves()[0])


# ---- a match of computers


def test_a_match_of_computers_ends_and_replays_from_its_seed(calls):
    widget = SevensPlay(4, seat=None, levels=("easy", "medium", "hard", "medium"), seed=5,
                        rounds=2, preset="fan-tan", lang="en")
    steps = 0
    while not widget.state.is_over:
        assert widget.step(), widget.message
        steps += 1
        assert steps < 5_000, "the match did not end"
    over = widget.state
    play = widget.view["play"]
    assert play["status"]["text"] == "The match is over."
    assert play["step"]["disabled"] and play["run"]["disabled"]
    # every choice came from players.computer_move, for the seat to move, at its level
    chosen = [s for s in line(widget)[:-1] if s.to_move is not CHANCE]
    assert len(calls) == len(chosen) > 0
    for (state, level, _), decided in zip(calls, chosen, strict=True):
        assert state is decided and level == widget.levels[state.to_move]
    # every deal came from the seed: the same seed replays the same match
    again = sevens.new_game(4, seed=5, rounds=2, preset="fan-tan")
    for s in line(widget)[1:]:
        again = again.play(s.last_move)
    assert again == over
    assert not widget.step() and widget.state is over
    assert widget.message == "The game is over: press New game to play again."


def test_the_scoreboard_says_what_the_engine_says_with_chips(calls):
    widget = SevensPlay(4, seat=None, seed=5, rounds=2, preset="fan-tan", lang="en")
    board = widget.view["scoreboard"]
    assert board["head"] == ["Player", "Total", "Chips"]
    assert board["pot"] == f"Pot: {widget.state.pot} chips" and widget.state.pot == 4
    assert [row["chips"] for row in board["rows"]] == [str(c) for c in widget.state.chips]
    ends = []
    while not widget.state.is_over:
        widget.step()
        state = widget.state
        if state.is_round_over and state.parent.turn is not None:
            ends.append(state)
            board = widget.view["scoreboard"]
            assert board["head"][1:-2] == [f"R{n}" for n in range(1, len(ends) + 1)]
            for seat, row in enumerate(board["rows"]):
                assert [c["text"] for c in row["cells"]] == \
                    [str(end.round_penalties()[seat]) for end in ends]
                assert [c["won"] for c in row["cells"]] == \
                    [end.round_winner == seat for end in ends]
                assert row["total"] == str(state.scores[seat])
                assert row["chips"] == str(state.chips[seat])
            assert board["pot"] == f"Pot: {state.pot} chips"
    assert sum(widget.state.chips) + widget.state.pot == 4 * 200  # chips conserved
    winners = [row["winner"] for row in widget.view["scoreboard"]["rows"]]
    assert winners == [seat in widget.state.winners for seat in range(4)] and any(winners)


def test_the_scoreboard_without_chips(calls):
    widget = SevensPlay(3, seat=0, seed=2, rounds=1, lang="en")
    board = widget.view["scoreboard"]
    assert board["head"] == ["Player", "Total"] and board["pot"] is None
    assert board["goal"] == "Penalty points: the lowest total after 1 round wins."
    assert [row["chips"] for row in board["rows"]] == [None, None, None]
    assert [row["you"] for row in board["rows"]] == [True, False, False]


def test_the_scoreboard_of_a_tie_break_deal(calls):
    """With the extra-deal tie-break, the deal between the tied players has its column;
    the players sitting it out show a dash."""
    for seed in range(60):
        widget = SevensPlay(3, seat=None, seed=seed, levels="easy", rounds=2,
                            preset="international", tie_break="extra-deal", lang="en")
        while not widget.state.is_over:
            widget.step()
        if widget.state.round > 2:
            break
    else:
        pytest.fail("no tie-break deal in 60 seeded matches")
    board = widget.view["scoreboard"]
    assert board["head"] == ["Player", "R1", "R2", "TB", "Total"]
    played = widget.state.tie_break_players
    assert 2 <= len(played) < 3
    for seat, row in enumerate(board["rows"]):
        cell = row["cells"][2]
        if seat in played:
            assert cell["text"] == str(widget.state.round_penalties()[seat])
        else:
            assert cell == {"text": "—", "won": False, "label": "tie-break deal: sat out"}
    assert [row["winner"] for row in board["rows"]] == \
        [seat in widget.state.winners for seat in range(3)]


def test_run_stops_at_the_readers_turn_or_the_end_of_the_round(calls):
    widget = SevensPlay(4, seat=2, seed=3, lang="en")
    if widget.state.to_move == 2:
        assert widget.play(mine(widget))
    assert widget.run()
    state = widget.state
    assert state.to_move == 2 or state.is_round_over
    for s in line(widget)[1:-1]:
        assert s.to_move != 2 or s is widget.start
    if state.to_move == 2:
        view = widget.view
        assert view["play"]["status"]["text"] == "Your move, Cy: choose below."
        assert view["play"]["step"]["disabled"] and view["play"]["run"]["disabled"]
        assert not widget.step() and widget.state is state
        assert widget.message == "Your move, Cy: play a card or pass, below."


def test_the_readers_playable_cards_are_buttons_only_on_the_readers_turn(calls):
    widget = SevensPlay(4, seat=1, seed=8, lang="en")
    to_my_turn(widget)
    state = widget.state
    legal = {widget.move_text(m) for m in state.legal_moves()}
    players = widget.view["players"]
    assert [p["mine"] for p in players] == [False, True, False, False]
    assert [p["role"] for p in players] == ["computer, medium", "you", "computer, medium",
                                            "computer, medium"]
    cards = players[1]["cards"]
    assert [c["card"] for c in cards] == [str(c) for c in state.hand(1)]
    assert {c["send"] for c in cards if c["send"]} == legal - {"pass"}
    assert all(p["cards"] is None for i, p in enumerate(players) if i != 1)
    card = next(c["send"] for c in cards if c["send"])
    assert widget.handle_message({"intent": "play", "move": card})
    assert widget.state.parent is state and str(widget.state.last_move) == card
    if widget.state.to_move != 1:  # not the reader's turn: no card is a button
        assert not any(c["send"] for c in widget.view["players"][1]["cards"] or [])


# ---- the history of the round, undo


def test_the_history_is_the_rounds_with_the_engines_events(calls):
    widget = SevensPlay(3, seat=None, seed=21, rounds=2, lang="en")
    while widget.state.round == 1 or widget.state.parent.round == 1:
        widget.step()
    for _ in range(6):
        widget.step()
    history = widget.view["play"]["history"]
    deal = history[0]
    assert deal["chance"] and deal["what"]["text"] == "Round 2 is dealt by Ann."
    assert all(entry["round"] == 2 for entry in history)
    states = line(widget)
    after = states[-len(history):]
    for entry, s in zip(history[1:], after[1:], strict=True):
        name = s.names[s.parent.to_move]
        move = widget.move_text(s.last_move)
        said = f"{name} passed" if move == "pass" else f"{name} played {move}"
        assert entry["what"]["text"] == said
        assert [e["text"] for e in entry["events"]] == [e.en for e in s.events]


def test_undo_goes_back_to_the_readers_previous_decision(calls):
    widget = SevensPlay(4, seat=1, seed=8, lang="en")
    assert not widget.view["can_undo"] and not widget.undo()
    assert widget.message == "Nothing to undo: you have made no move yet in this game."
    to_my_turn(widget)
    decided = widget.state
    chosen = mine(widget)
    assert widget.play(chosen) and widget.view["can_undo"]
    widget.run()
    assert widget.undo() and widget.state is decided
    assert widget.message == f"Took back your move {chosen}: your turn again."
    assert not widget.view["can_undo"]


def test_without_learning_mode_undo_is_refused(calls):
    widget = SevensPlay(4, seat=1, seed=8, learning=False, lang="en")
    to_my_turn(widget)
    assert widget.play(mine(widget))
    state = widget.state
    assert not widget.view["can_undo"] and not widget.learning
    assert not widget.undo() and widget.state is state
    assert widget.message.startswith("Undo is off: this match is played for real")


def test_restart_new_game_and_level(calls):
    widget = SevensPlay(3, seat=0, levels=("easy", "hard"), seed=30, lang="en")
    start = widget.start
    assert widget.levels == {1: "easy", 2: "hard"}
    for _ in range(4):
        widget.run() if widget.state.to_move != 0 else widget.play(mine(widget))
    assert widget.reset() and widget.state is start
    assert widget.new_game()
    assert widget.state.seed == 31 and widget.state.parent is None
    assert widget.message == "A new match: the cards are dealt again."
    assert widget.handle_message({"intent": "level", "level": "medium"})
    assert widget.levels == {1: "medium", 2: "medium"}


# ---- the teacher's switch, and what a computer sees


def twin_states(seed: int, level_seat_ok=lambda seat: True):
    """Two states of 4 players that differ only in the hands the seat to move cannot see,
    with two or more legal moves for that seat; None if the seeded round offers none."""
    state = sevens.new_game(4, seed=seed, rounds=1)
    rng = random.Random(seed)
    for _ in range(8 + seed % 12):
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
        if state.is_round_over:
            return None
    while len(state.legal_moves()) < 2 or not level_seat_ok(state.to_move):
        moves = state.legal_moves()
        state = state.play(moves[rng.randrange(len(moves))])
        if state.is_round_over:
            return None
    seat = state.to_move
    hidden = [c for p in range(4) if p != seat for c in state.hand(p)]
    rng.shuffle(hidden)
    hands, at = [], 0
    for p in range(4):
        size = len(state.hand(p))
        hands.append(state.hand(p) if p == seat else hidden[at:at + size])
        at += 0 if p == seat else size
    parts = {"players": 4, "table": state.table, "turn": seat, "rounds": 1}
    first = sevens.from_parts(hands=state.hands, **parts)
    second = sevens.from_parts(hands=hands, **parts)
    if first.hands == second.hands:
        return None
    assert first.observation(seat) == second.observation(seat)
    return first, second


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_computer_chooses_from_its_seats_observation_only(monkeypatch, level):
    """Twin states that differ only in hidden hands: the widget's step makes the same
    choice, and ``ComputerPlayer.choose`` receives the same observation (the seat's)."""
    seen = []
    real = sevens_players.ComputerPlayer.choose

    def choose(self, observation, legal, history=()):
        seen.append((json.dumps(observation, sort_keys=True), tuple(legal), tuple(history)))
        return real(self, observation, legal, history)

    monkeypatch.setattr(sevens_players.ComputerPlayer, "choose", choose)
    checked = 0
    for seed in range(30):
        # hard searches (within a time budget) once the hands hold 24 cards or fewer: keep
        # to earlier positions so its choice does not depend on the machine's speed
        twins = twin_states(seed)
        if twins is None or (level == "hard" and sum(twins[0].hand_sizes()) <= 24):
            continue
        seat = twins[0].to_move
        reader = (seat + 1) % 4
        chosen = []
        for state in twins:
            widget = SevensPlay(4, seat=reader, levels=level, seed=1, show_all_hands=True)
            widget.state = state
            seen.clear()
            assert widget.step(), widget.message
            chosen.append((widget.state.last_move, list(seen)))
            assert seen[0][0] == json.dumps(state.observation(seat), sort_keys=True)
        assert chosen[0] == chosen[1]
        checked += 1
    assert checked >= 8


def test_other_hands_reach_the_page_only_with_the_teachers_switch(calls):
    twins = None
    for seed in range(30):
        twins = twin_states(seed, lambda seat: seat == 0)
        if twins is not None:
            break
    assert twins is not None
    first, second = twins  # seat 0 to move; the other hands differ
    a, b = SevensPlay(4, seat=0, seed=1), SevensPlay(4, seat=0, seed=1)
    a.state, b.state = first, second
    assert a._view == b._view  # nothing of the other hands in the page's data
    assert [p["cards"] is None for p in a.view["players"]] == [False, True, True, True]
    for widget in (a, b):
        assert widget.handle_message({"intent": "show_all_hands", "show": True})
        assert widget.show_all_hands
    assert a._view != b._view
    assert [[c["card"] for c in p["cards"]] for p in a.view["players"]] == \
        [[str(c) for c in hand] for hand in first.hands]
    assert a.view["play"]["switch"] == {"text": "Hide the other hands",
                                        "label": "show every hand", "pressed": True,
                                        "intent": "show_all_hands"}
    for widget in (a, b):
        assert widget.handle_message({"intent": "show_all_hands", "show": False})
    assert a._view == b._view  # switched off: the other hands are gone again
    assert [p["cards"] is None for p in a.view["players"]] == [False, True, True, True]


def test_without_the_teacher_switch_the_page_cannot_ask(calls):
    widget = SevensPlay(4, seat=0, seed=5, teacher_switch=False)
    assert widget.view["play"]["switch"] is None
    state = widget.state
    assert not widget.handle_message({"intent": "show_all_hands", "show": True})
    assert widget.state is state and not widget.show_all_hands
    assert widget.message.startswith("Message refused: unknown intent 'show_all_hands'")


# ---- choosing the match: players, seat, preset, rounds


def test_setup_starts_the_match_asked_for(calls):
    widget = SevensPlay(4, seat=0, seed=40, lang="en")
    assert widget.handle_message({"intent": "setup", "players": "5", "seat": "2",
                                  "preset": "fan-tan", "rounds": "2"})
    state = widget.state
    assert len(state.names) == 5 and widget.seat == 2 and state.rules.rounds == 2
    assert state.chips and state.rules.passing == "fan-tan" and state.parent is None
    assert widget.start is state and widget.levels == {0: "medium", 1: "medium",
                                                       3: "medium", 4: "medium"}
    assert widget.message.startswith("A new match: 5 players, you are Cy, 2 rounds;")
    setup = widget.view["setup"]
    assert [setup[k]["value"] for k in ("players", "seat", "preset", "rounds")] == \
        ["5", "2", "fan-tan", "2"]
    assert widget.view["scoreboard"]["head"] == ["Player", "Total", "Chips"]
    assert widget.setup(seat=None, preset=None, rounds=1)
    assert widget.seat is None and widget.state.rules.rounds == 1 and not widget.state.chips
    assert len(widget.levels) == 5


BAD_SETUP = [
    ({"players": "9", "seat": "0", "preset": "app", "rounds": "3"}, "players: a number"),
    ({"players": "four", "seat": "0", "preset": "app", "rounds": "3"}, "players: a number"),
    ({"players": "4", "seat": "4", "preset": "app", "rounds": "3"}, "seat: a seat from 0"),
    ({"players": "4", "seat": "-1", "preset": "app", "rounds": "3"}, "seat: a seat from 0"),
    ({"players": "4", "seat": "0", "preset": "poker", "rounds": "3"}, "preset: one of"),
    ({"players": "4", "seat": "0", "preset": "app", "rounds": "11"}, "rounds: a number"),
    ({"players": "4", "seat": "0", "preset": "app", "rounds": "٣"}, "rounds: a number"),
    ({"players": "4", "seat": "0", "preset": "app"}, "Message refused: the 'setup' message"),
    ({"players": 4, "seat": "0", "preset": "app", "rounds": "3"},
     "Message refused: the 'setup' message needs 'players' as text"),
]


@pytest.mark.parametrize(("fields", "said"), BAD_SETUP)
def test_a_bad_setup_is_refused_and_changes_nothing(calls, fields, said):
    widget = SevensPlay(4, seat=0, seed=9)
    state, seat, levels = widget.state, widget.seat, widget.levels
    assert widget.handle_message({"intent": "setup", **fields}) is False
    assert widget.state is state and widget.seat == seat and widget.levels == levels
    assert said in widget.message, widget.message
    assert widget.view["message"]["kind"] == "error"


def test_a_setup_the_engine_refuses_says_why(calls):
    widget = SevensPlay(4, seat=0, seed=9)
    state = widget.state
    assert not widget.setup(players=8, preset="app")
    assert widget.state is state and widget.seat == 0
    assert "the app preset seats 3 to 7 players, not 8" in widget.message


# ---- bad messages: refused, said, nothing changes


BAD = [
    ({"intent": "play", "move": "7♦"}, "Not your move: "),
    ({"intent": "play", "move": "deal"}, "Not your move: "),
    ({"intent": "play", "move": 8}, "Message refused: the 'play' message needs 'move'"),
    ({"intent": "step", "fast": True}, "Message refused: the 'step' message has unexpected"),
    ({"intent": "level", "level": "expert"}, "Message refused: the level is one of easy, "),
    ({"intent": "show_all_hands", "show": "yes"}, "Message refused: the 'show_all_hands' "),
    ({"intent": "show_hands", "show": True}, "Message refused: unknown intent 'show_hands'"),
    ({"intent": "undo"}, "Nothing to undo"),
    ({"intent": "analysis", "show": True}, "The chances column is the teacher's view"),
    ({"intent": "analysis_level", "level": "genius"}, "Message refused: the analysis level"),
    ({"intent": "new_game", "seed": 1}, "Message refused: the 'new_game' message has "),
    ("step", "Message refused: a message must be an object"),
]


@pytest.mark.parametrize(("content", "said"), BAD)
def test_a_bad_message_is_refused_and_changes_nothing(calls, content, said):
    widget = SevensPlay(4, seat=1, seed=9)  # Dee (a computer) opens with 7♦
    assert widget.state.to_move == 3
    state, levels = widget.state, widget.levels
    assert widget.handle_message(content) is False
    assert widget.state is state and widget.levels == levels and not widget.show_all_hands
    assert not widget.analysis
    assert widget.message.startswith(said), widget.message
    assert widget.view["message"]["kind"] == "error"
    assert calls == []


messages = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=40)
    | st.sampled_from(["play", "step", "run", "undo", "reset", "new_game", "level", "easy",
                       "show_all_hands", "analysis", "setup", "7♦", "pass", "deal", "4"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["intent", "move", "level", "show", "players", "seat",
                                       "preset", "rounds"]) | st.text(max_size=5),
                      inner, max_size=5),
    max_leaves=10,
)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(content=messages)
def test_any_message_is_answered_and_a_refusal_changes_nothing(calls, content):
    widget = SevensPlay(4, seat=0, seed=13, teacher_switch=False)
    state = widget.state
    if not widget.handle_message(content):
        assert widget.state is state
        assert widget.view["message"]["kind"] == "error"
    message = widget.view["message"]
    if message is not None:
        for text in (message["en"], message["fr"]):
            assert text and len(text) <= MAX_MESSAGE and text.isprintable()


def test_a_trait_written_by_the_page_is_refused(calls):
    widget = SevensPlay(4, seat=0, seed=9)
    state = widget.state
    widget.set_state({"_view": '{"players": []}'})
    assert widget.state is state and "the page tried to change '_view'" in widget.message


# ---- the arguments, text and French


def test_bad_arguments_name_what_is_wrong(calls):
    with pytest.raises(OptionError, match="levels: a level is one of easy, medium, hard"):
        SevensPlay(3, levels=("medium", "genius"))
    with pytest.raises(OptionError, match="levels: one level for each of the 2 computer"):
        SevensPlay(3, levels=("easy", "easy", "easy"))
    with pytest.raises(OptionError, match="computer_seed"):
        SevensPlay(3, computer_seed=-1)
    with pytest.raises(PositionError):
        SevensPlay(3, seat=3)
    with pytest.raises(PositionError, match="app preset seats 3 to 7"):
        SevensPlay(8, preset="app")
    with pytest.raises(OptionError):
        SevensPlay(3, no_such_rule=1)
    with pytest.raises(OptionError, match="analysis"):
        SevensPlay(3, analysis=True)  # the teacher's switch is off: the hands are hidden
    widget = SevensPlay(4, seat=0, seed=1)
    start = widget.state
    with pytest.raises(PositionError, match="this game has 4 players, and the position 3"):
        widget.state = sevens.new_game(3, seed=1)
    assert widget.state is start


def test_a_hostile_name_never_reaches_the_page_as_raw_html(calls):
    widget = SevensPlay(["<b>&amp</b>", "Bob", "Cy"], seat=0, seed=3, show_all_hands=True)
    widget.run()
    for key, value in widget.get_state().items():
        if key not in ("_esm", "_css"):
            text = json.dumps(value, ensure_ascii=False)
            assert "<" not in text and ">" not in text and "&" not in text, key
    assert widget.view["players"][0]["name"] == "<b>&amp</b>"
    assert widget.view["scoreboard"]["rows"][0]["name"] == "<b>&amp</b>"


def test_lang_fr(calls):
    widget = SevensPlay(3, seat=1, seed=3, lang="fr", preset="fan-tan")
    play = widget.view["play"]
    assert play["step"]["text"] == "Étape suivante ▸"
    assert [b["text"] for b in play["levels"]] == ["facile", "moyen", "difficile"]
    assert [p["role"] for p in widget.view["players"]] == ["ordinateur, moyen", "vous",
                                                           "ordinateur, moyen"]
    assert widget.view["scoreboard"]["head"] == ["Joueur", "Total", "Jetons"]
    assert widget.view["scoreboard"]["pot"] == "Pot : 3 jetons"
    widget.step()
    assert widget.view["play"]["history"][-1]["what"]["text"].endswith(
        widget.move_text(widget.state.last_move, "fr"))


def test_sevens_chips_every_stack_and_the_pot_on_a_fan_tan_table():
    """Fan Tan is a chip game: the table shows each player's stack and the pot (never
    "penalty points: 0"), in both languages, after every pass as the state says; a game
    without chips shows penalty points and no pot (issue 21)."""
    from doublesept.widgets import SevensTryMoves

    widget = SevensTryMoves(sevens.new_game(4, seed=1, preset="fan-tan"))
    for _ in range(6):
        state = widget.state
        for lang, word, pot in (("en", "chips", "Pot"), ("fr", "jetons", "Pot")):
            widget.lang = lang
            view = json.loads(widget._view)
            assert [p["score_text"] for p in view["players"]] == [
                f"{word} : {c}" if lang == "fr" else f"{word}: {c}" for c in state.chips]
            assert view["pot_text"] == (f"{pot} : {state.pot} {word}" if lang == "fr"
                                        else f"{pot}: {state.pot} {word}")
        widget.lang = "en"
        assert widget.play("pass") or widget.play(state.legal_moves()[0])
    assert widget.state.pot > 4  # passes paid in: the figures above moved
    plain = json.loads(SevensTryMoves(sevens.new_game(4, seed=1))._view)
    assert plain["pot_text"] is None
    assert {p["score_text"] for p in plain["players"]} == {"penalty points: 0"}


# ---- games on one screen (issue 21): the reply lists every move since the reader's


def test_the_reply_lists_every_move_since_the_readers_last_decision(calls):
    widget = SevensPlay(["Ann", "Bob", "Cy", "Dee"], seat=0, seed=11, lang="en")
    to_my_turn(widget)
    assert widget.play(mine(widget)), widget.message
    after_mine = widget.state
    assert widget.step()  # one step: one line, who played what
    first = widget.state
    name = after_mine.names[after_mine.to_move]
    assert widget.message.startswith(f"{name} ")
    assert widget.view["message"]["en"] == widget.played_text(name, first.last_move)[0]
    to_my_turn(widget)  # the other computers: each move since mine, seat by seat, in order
    moves = _since(widget, after_mine)
    assert len(moves) >= 2 and moves[0] is first
    message = widget.view["message"]
    assert message["en"] == f"Since your move, {len(moves)} steps:"
    expected = []
    for s in moves:  # Sevens: a computer's move, or a deal, and the events each brought
        if s.parent.to_move is CHANCE:
            expected += [e.en for e in s.events]
        else:
            expected.append(widget.played_text(s.parent.names[s.parent.to_move],
                                               s.last_move)[0])
            expected += [e.en for e in s.events]
    assert [e["text"] for e in message["events"]] == expected


def _since(widget, state) -> list:
    """The states after ``state`` up to the widget's, oldest first."""
    found, s = [], widget.state
    while s is not state:
        found.append(s)
        s = s.parent
    return found[::-1]


def test_the_header_says_whose_view_it_is(calls):
    widget = SevensPlay(["Ann", "Bob", "Cy"], seat=0, seed=3, lang="en")
    assert widget.view["seat_text"] == "Ann's view"
    widget.show_all_hands = True
    assert widget.view["seat_text"] == "Teacher's view: every hand shown"
    widget.lang = "fr"
    assert widget.view["seat_text"] == "Vue de l'enseignant : toutes les mains montrées"
    widget.show_all_hands = False
    assert widget.view["seat_text"] == "Vue d'Ann"
    watch = SevensPlay(3, seat=None, seed=3, lang="en")
    assert watch.view["seat_text"] == "Spectator's view: every seat is a computer"
    watch.show_all_hands = True
    assert watch.view["seat_text"] == "Teacher's view: every hand shown"
