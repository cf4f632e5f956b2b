"""The analysis column of the Sevens try-a-move table (SevensTryMoves, and SevensPlay on it).

Off by default; switched on by the constructor's ``analysis=True`` or the ``analysis``
intent, only in the teacher's view (every hand shown): otherwise refused with a message
that says why, and nothing changes. For each legal move, on a row of its own, the chances
come from ``sevens.analysis.what_if`` (spied on here): exact when the tree allows, sampled
with the margin stated in the heading otherwise; the ``analysis_level`` intent picks the
computer level everyone then plays at.
"""

import pytest

from doublesept import sevens
from doublesept.errors import OptionError
from doublesept.sevens import analysis
from doublesept.widgets import SevensPlay, SevensTryMoves
from doublesept.widgets import sevens as sevens_widgets

# analysis.py's example: holding 2♠ keeps Cy's A♠ off the table
SMALL = """
players: Ann, Bob, Cy
table: 3♣-K♣ 3♦-Q♦ 2♥-K♥ 3♠-K♠
Ann: A♣ 2♣ 2♠
Bob: A♦ 2♦ K♦
Cy: A♥ A♠
turn: Ann
"""


@pytest.fixture
def asked(monkeypatch):
    """Every call of ``analysis.what_if`` the widget makes: (state, level, samples)."""
    real = analysis.what_if
    made = []

    def spy(state, level="random", **kwargs):
        made.append((state, level, kwargs.get("samples")))
        return real(state, level, **kwargs)

    monkeypatch.setattr(sevens_widgets.analysis, "what_if", spy)
    return made


def small():
    return sevens.position(SMALL)


def legal_rows(widget) -> list:
    return [g for g in widget.view["candidates"]["groups"] if g["legal"]]


def test_off_by_default(asked):
    widget = SevensTryMoves(small(), lang="en")
    table = widget.view["candidates"]
    assert "columns" not in table and "analysis" not in widget.view
    assert all("extra" not in g for g in table["groups"])
    assert not widget.analysis and asked == []


def test_each_legal_move_has_its_own_row_and_exact_chances(asked):
    state = small()
    widget = SevensTryMoves(state, analysis=True, lang="en")
    table = widget.view["candidates"]
    assert table["columns"] == ["Chance of winning the round"]
    assert table["chances_heading"]["text"] == \
        "Exact chances of winning the round (random play, 26 positions counted)"
    rows = legal_rows(widget)
    assert [[m["send"] for m in g["moves"]] for g in rows] == [["2♣"], ["2♠"]]
    assert [g["extra"][0]["text"] for g in rows] == ["2♣: Ann 50% · Bob 0% · Cy 50%",
                                                     "2♠: Ann 0% · Bob 0% · Cy 100%"]
    assert [g["chances"] for g in rows] == [[0.5, 0.0, 0.5], [0.0, 0.0, 1.0]]
    for group in table["groups"]:
        if not group["legal"]:
            assert group["extra"] == [None]
    assert widget.view["analysis"]["on"] and widget.view["analysis"]["switch"]["pressed"]
    assert asked == [(state, "random", 500)]
    expected = analysis.what_if(state)
    assert [g["extra"][0]["text"] for g in rows] == \
        [row.text(list(state.names)) for row in expected.rows]


def test_in_both_languages_the_french_is_beneath():
    widget = SevensTryMoves(small(), analysis=True, lang="both")
    cell = legal_rows(widget)[0]["extra"][0]
    assert cell == {"text": "2♣: Ann 50% · Bob 0% · Cy 50%",
                    "sub": "2♣: Ann 50 % · Bob 0 % · Cy 50 %"}


def test_sampled_with_the_margin_stated(asked):
    state = sevens.new_game(4, seed=3)
    for _ in range(14):
        state = state.play(state.legal_moves()[-1])
    widget = SevensTryMoves(state, analysis=True, analysis_samples=40, lang="en")
    heading = widget.view["candidates"]["chances_heading"]["text"]
    margin = 100 * analysis.sampling_margin(40)
    assert heading == ("Chances of winning the round, from 40 rounds a move (random play; "
                       f"± {margin:.1f} points at 99%)")
    for group in legal_rows(widget):
        assert group["extra"][0]["text"].endswith(f"(± {margin:.1f})")
        assert sum(group["chances"]) == pytest.approx(1)


def test_the_level_everyone_then_plays(asked):
    state = small()
    widget = SevensTryMoves(state, analysis=True, lang="en")
    assert widget.handle_message({"intent": "analysis_level", "level": "medium"})
    assert widget.analysis_level == "medium"
    assert widget.message == "The chances now assume everyone plays medium."
    assert widget.view["candidates"]["chances_heading"]["text"].startswith(
        "Chances of winning the round (medium play")
    for group in legal_rows(widget):
        assert sorted(group["chances"]) == [0.0, 0.0, 1.0]
    assert [b["pressed"] for b in widget.view["analysis"]["levels"]] == [False, True, False]
    assert asked[-1] == (state, "medium", 500)


def test_an_analysis_is_remembered(asked):
    widget = SevensTryMoves(small(), analysis=True)
    for lang in ("en", "fr", "both"):
        widget.lang = lang
    widget.play("2♣")
    widget.undo()
    assert len(asked) == 2  # the start, and the position after 2♣; undo asks nothing


def test_switched_on_and_off_by_the_intent(asked):
    widget = SevensTryMoves(small(), analysis_switch=True, lang="en")
    assert widget.view["analysis"] == {
        "on": False, "level_group": "the others then play", "levels": [],
        "switch": {"text": "Teacher: chances of winning",
                   "label": "chances of winning the round for each move", "pressed": False}}
    assert asked == []
    assert widget.handle_message({"intent": "analysis", "show": True}) and widget.analysis
    assert widget.message == "The chances of winning are shown for each legal move."
    assert legal_rows(widget)[0]["extra"][0]["text"].startswith("2♣: Ann 50%")
    assert widget.show_analysis(False) and not widget.analysis
    assert "columns" not in widget.view["candidates"]


def test_refused_while_the_hands_are_hidden():
    hidden = SevensTryMoves(small(), show_hands=False, lang="en")
    state = hidden.state
    assert not hidden.handle_message({"intent": "analysis", "show": True})
    assert hidden.state is state and not hidden.analysis
    assert hidden.message.startswith("The chances column is the teacher's view: it reads "
                                     "every hand. Show every hand")
    assert hidden.view["message"]["kind"] == "error"
    seat = SevensTryMoves(small(), seat=0, lang="en")  # one seat's view: the others are hidden
    assert not seat.show_analysis() and not seat.analysis
    with pytest.raises(OptionError, match="analysis: The chances column is the teacher's"):
        SevensTryMoves(small(), show_hands=False, analysis=True)
    with pytest.raises(OptionError, match="analysis: The chances column"):
        SevensTryMoves(small(), seat=1, analysis=True)


def test_hiding_the_hands_turns_it_off(asked):
    widget = SevensTryMoves(small(), analysis=True, lang="en")
    assert widget.handle_message({"intent": "show_hands", "show": False})
    assert not widget.analysis and widget.view["analysis"]["switch"] is None
    assert "columns" not in widget.view["candidates"]
    widget.show_hands = True
    assert not widget.analysis  # it stays off until asked again


BAD = [
    ({"intent": "analysis", "show": "yes"}, "Message refused: the 'analysis' message needs"),
    ({"intent": "analysis", "show": True, "level": "hard"}, ("Message refused: the 'analysis' "
                                                           "message has unexpected fields")),
    ({"intent": "analysis"}, "Message refused: the 'analysis' message needs 'show'"),
    ({"intent": "analysis_level", "level": "expert"}, ("Message refused: the analysis level "
                                                      "is one of random, medium, hard")),
    ({"intent": "analysis_level", "level": 2}, "Message refused: the 'analysis_level' message"),
]


@pytest.mark.parametrize(("content", "said"), BAD)
def test_a_malformed_message_is_refused_and_changes_nothing(asked, content, said):
    widget = SevensTryMoves(small(), analysis=True, lang="en")
    state, view = widget.state, widget.view["candidates"]
    assert widget.handle_message(content) is False
    assert widget.state is state and widget.analysis and widget.analysis_level == "random"
    assert widget.message.startswith(said), widget.message
    assert widget.view["candidates"] == view


def test_bad_arguments():
    with pytest.raises(OptionError, match="analysis_level: one of random, medium, hard"):
        SevensTryMoves(small(), analysis_level="expert")
    with pytest.raises(OptionError, match="analysis_samples"):
        SevensTryMoves(small(), analysis_samples=0)


def test_in_a_match_it_needs_the_teachers_switch(asked, monkeypatch):
    widget = SevensPlay(3, seat=0, seed=4, lang="en")
    widget.state = small()  # Ann, the reader, is to move
    assert widget.view["analysis"]["switch"] is None  # hands hidden: no switch to press
    assert not widget.show_analysis()
    assert widget.message.startswith("The chances column is the teacher's view: it reads "
                                     "every hand. Turn on the teacher's switch")
    assert widget.handle_message({"intent": "show_all_hands", "show": True})
    assert widget.view["analysis"]["switch"]["pressed"] is False
    assert widget.show_analysis()
    rows = legal_rows(widget)
    assert [g["extra"][0]["text"] for g in rows] == ["2♣: Ann 50% · Bob 0% · Cy 50%",
                                                     "2♠: Ann 0% · Bob 0% · Cy 100%"]
    # the teacher's switch off: the column reads every hand, so it goes too
    assert widget.handle_message({"intent": "show_all_hands", "show": False})
    assert not widget.analysis and "columns" not in widget.view["candidates"]
