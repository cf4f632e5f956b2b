"""The referee widget (issue 24): a position of any game set up as text, checked by the
engine as it is used, any move asked about, and the whole shared as a link."""

from __future__ import annotations

import ipywidgets
import pytest

from doublesept import double_seven, flip7, sevens
from doublesept.widgets import DoubleSevenTryMoves, Flip7TryMoves, Referee, SevensTryMoves

GAMES = {"sevens": SevensTryMoves, "flip7": Flip7TryMoves, "doubleseven": DoubleSevenTryMoves}


def _every_child(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _every_child(child)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_referee_shows_its_position_as_text_and_its_moves_in_the_game_s_table(game):
    referee = Referee(game)
    assert isinstance(referee.table, GAMES[game])
    assert referee.text_box.value == referee.state.to_text()
    assert referee.table.view["candidates"]["groups"], "no move to try"
    # text only: no child draws HTML
    assert not [w for w in _every_child(referee) if isinstance(w, ipywidgets.HTML)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_move_played_in_the_table_writes_the_new_position_in_the_box(game):
    referee = Referee(game)
    before = referee.state
    assert referee.table.play(referee.state.legal_moves()[0])
    assert referee.state is not before
    assert referee.text_box.value == referee.state.to_text()
    assert referee.table.undo()
    assert referee.text_box.value == before.to_text()


def test_a_position_edited_as_text_is_used_when_it_reads():
    referee = Referee("sevens")
    text = sevens.position("players: Ann, Bob, Cy\ntable: 6♦-8♦\nAnn: 5♦ ...\nBob: ...\n"
                           "Cy: ...\nturn: Ann")
    assert referee.use(text.to_text())
    assert referee.state == text
    assert referee.message.startswith("Position read")
    assert "5♦" in [str(m) for m in referee.state.legal_moves()]


@pytest.mark.parametrize(("game", "text", "why"), [
    ("sevens", "players: Ann, Bob, Cy\nAnn: 7♦ 7♦\nBob: -\nCy: -\nturn: Ann", "7♦"),
    ("sevens", "players: Ann\nturn: Ann", "hand is missing"),
    ("flip7", ("players: Ann, Bob\nAnn: 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12\n"
               "Bob: -\nturn: Ann"), "duplicate numbers"),
    ("doubleseven", "nonsense", "should read 'field: value'"),
])
def test_an_impossible_position_is_refused_with_the_engine_s_words_and_the_last_one_stays(
        game, text, why):
    referee = Referee(game)
    before, shown = referee.state, referee.text_box.value
    assert not referee.use(text)
    assert referee.state is before and referee.text_box.value == shown
    assert referee.message.startswith("This position is refused, the last one stays: ")
    assert why in referee.message


def test_asking_about_a_move_gives_its_verdict_without_playing_it():
    referee = Referee("sevens")
    before = referee.state
    assert referee.ask("7♦")
    assert referee.message.startswith("7♦ is legal: ") and "(rule sevens.opening)" in referee.message
    assert not referee.ask("5♦")
    assert referee.message.startswith("5♦ is illegal: ")
    assert not referee.ask("zzz")  # not a move: the notation's verdict
    assert referee.state is before


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_link_opens_the_same_position_and_question_in_another_referee(game):
    first = Referee(game)
    first.table.play(first.state.legal_moves()[-1])
    asked = "pass"
    first.ask(asked)
    token = first.copy_link()
    assert first.link_box.value == token
    other = Referee(game, lang="fr")
    assert other.open_link(f"https://example.org/referee#{token}")
    assert other.state == first.state and other.text_box.value == first.text_box.value
    assert other.move_box.value == asked
    assert other.state.check(asked) == first.state.check(asked)
    again = Referee(game, link=token)
    assert again.state == first.state and again.move_box.value == asked


@pytest.mark.parametrize("bad", ["", "ds1.sevens.zzz", "ds7.sevens.abc", "https://example.org/",
                                 "<script>alert(1)</script>"])
def test_a_link_that_does_not_open_leaves_the_position_and_says_why(bad):
    referee = Referee("sevens")
    before = referee.state
    assert not referee.open_link(bad)
    assert referee.state is before
    assert referee.message.startswith("This link does not open, the position stays: ")


def test_another_game_s_link_is_refused_by_name():
    referee = Referee("sevens")
    assert not referee.open_link(Referee("flip7").copy_link())
    assert "this link is for flip7" in referee.message


def test_the_referee_starts_from_a_state_a_position_or_a_link():
    state = flip7.new_game(3, seed=9)
    assert Referee("flip7", state=state).state == state
    assert Referee("flip-7", position=state.to_text()).state == state
    game = double_seven.new_game(2, seed=2)
    assert Referee("double_seven", state=game).game == "doubleseven"
