"""The referee widget (issue 24): a position of any game set up as text, checked by the
engine as it is used, any move asked about under each reading of the disputed rules (its
switches, the verdicts that change, Flip 7's exact odds, Sevens' chances of winning), and the
whole shared as a link."""

from __future__ import annotations

import ipywidgets
import pytest

from doublesept import double_seven, flip7, sevens
from doublesept.errors import DoubleseptError
from doublesept.sevens import analysis
from doublesept.widgets import DoubleSevenTryMoves, Flip7TryMoves, Referee, SevensTryMoves
from doublesept.widgets.referee import compare, with_options

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


# ---- the rulings' switches (issue 24, point 2)

RAINBOW = """players: Ann, Bob
turn: Ann
phase: rainbow
Ann: rack bird, squirrel, fox, butterfly, bear, clover
Bob: rack bird
face-up: frog
reserve: hedgehog, rabbit, ..."""

# Cy flips a Freeze, a Flip Three and a 6 on herself (Ann's Flip Three): the 6 busts her with
# both action cards set aside (lesson flip7-8)
BUST = """players: Ann, Bob, Cy
deck: Flip Three, Freeze, Flip Three, 6, 1, 2, 5, ...
Ann: 3, 10
Bob: 4, 9
Cy: 6, 11
turn: Ann"""

OPENER = """players: Ann, Bob, Cy
table: -
Ann: 7♦ 7♥ 5♣ 9♠
Bob: ...
Cy: ...
turn: Ann"""

DECLARED = {"sevens": sevens.rules.OPTIONS, "flip7": flip7.rules.OPTIONS,
            "doubleseven": double_seven.rules.OPTIONS}


def _group_of(referee, move: str) -> dict:
    return next(g for g in referee.table.view["candidates"]["groups"]
                if move in [m["send"] for m in g["moves"]])


def _changed_cell(referee, group: dict) -> str | None:
    """The text of ``group``'s cell in the table's column "Changed by the switch"."""
    columns = referee.table.view["candidates"]["columns"]
    cell = group["extra"][columns.index("Changed by the switch")]
    return None if cell is None else cell["text"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_reading_its_game_declares_is_a_switch_set_to_the_position_s_rules(game):
    referee = Referee(game, lang="en")
    readings = [o for o in DECLARED[game].options.values() if o.values]
    assert list(referee.switches) == [o.name for o in readings]  # read from rules.py
    values = referee.state.rules.as_dict()
    for option in readings:
        switch = referee.switches[option.name]
        assert isinstance(switch, ipywidgets.Dropdown)
        assert [value for _, value in switch.options] == list(option.values)
        assert switch.value == values[option.name]
        assert switch.description.startswith(f"{option.ruling} ")  # "D1 Rainbow clovers"
        assert option.rule_id in switch.tooltip
    assert referee.changes == [] and referee.changes_text.startswith("Switch a ruling")


def test_doubleseven_d1_rainbow_with_a_clover_switched_changes_its_verdict():
    referee = Referee("doubleseven", position=RAINBOW, lang="en")
    assert not referee.state.check("rainbow").legal
    referee.switches["rainbow_clovers"].value = "set-aside"  # what a pick on the page does
    assert referee.state.rules.rainbow_clovers == "set-aside"
    assert referee.state.check("rainbow").legal
    assert "rules: rainbow_clovers=set-aside" in referee.text_box.value
    assert referee.message.startswith("Position read again under rainbow_clovers=set-aside")
    [change] = referee.changes
    assert (referee.state.move_text(change.move), change.was_legal, change.legal,
            change.rule) == ("rainbow", False, True, "doubleseven.rainbow")
    assert referee.changes_text == ("Under rainbow_clovers=set-aside (not none-on-rack): 1 move "
                                    "changes: rainbow: illegal → legal [doubleseven.rainbow].")
    row = _group_of(referee, "rainbow")
    assert row["legal"] and _changed_cell(referee, row) == \
        "rainbow: illegal → legal [doubleseven.rainbow]"
    assert _changed_cell(referee, _group_of(referee, "pass")) is None
    # and back: the default reading, compared with the FAQ's
    assert referee.switch("rainbow_clovers", "none-on-rack")
    assert referee.changes_text.startswith("Under rainbow_clovers=none-on-rack (not set-aside): "
                                           "1 move changes: rainbow: legal → illegal")
    assert referee.state == double_seven.position(RAINBOW)


def test_doubleseven_start_with_clover_moves_the_table_no_longer_lists_get_a_row_of_their_own():
    referee = Referee("doubleseven", position=RAINBOW, lang="en")
    assert referee.switch("start_with_clover", "forbidden")
    texts = sorted(referee.state.move_text(c.move) for c in referee.changes)
    assert texts == sorted(f"start {a} clover" for a in
                           ("bird", "squirrel", "fox", "butterfly", "bear"))
    assert all(c.was_legal and not c.legal for c in referee.changes)
    row = referee.table.view["candidates"]["groups"][-1]
    assert row["key"] == "unlisted" and row["moves"] == []
    assert "start fox clover: legal → illegal [doubleseven.start-family]" in \
        _changed_cell(referee, row)


def _flip7_at_the_third_card():
    referee = Referee("flip7", position=BUST, lang="en")
    for move in ("hit", "draw", "flip-three Cy", "draw", "draw"):
        assert referee.table.play(move)
    assert referee.state.decision.en == "Flip card 3 of 3 for Cy"
    return referee


def test_flip7_deferred_after_bust_switched_changes_what_the_bust_does_to_the_freeze_set_aside():
    referee = _flip7_at_the_third_card()
    assert referee.switches["deferred_after_bust"].value == "give"
    referee.switches["deferred_after_bust"].value = "discard"
    assert referee.state.rules.deferred_after_bust == "discard"
    [change] = referee.changes  # the draw is legal both ways; what follows it is not
    assert referee.state.move_text(change.move) == "draw" and change.legal and change.was_legal
    assert change.follows[0] == ("Cy's Freeze is discarded: a bust discards the cards set aside "
                                 "(FAQ)")
    assert referee.changes_text.startswith("Under deferred_after_bust=discard (not give): 1 move "
                                           "changes: draw: what follows changes (Cy's Freeze is "
                                           "discarded")
    assert "what follows changes" in _changed_cell(referee, _group_of(referee, "draw"))
    # the seed's reading again: the bust makes Cy give the Freeze
    assert referee.switch("deferred_after_bust", "give")
    assert "Cy busted: Cy gives the Freeze set aside" in referee.changes[0].follows[0]
    assert referee.table.play("draw")  # played under seed 004's reading
    assert referee.state.decision.phase == "give-deferred-card"


def test_flip7_the_exact_odds_of_the_player_to_move_follow_every_change():
    referee = Referee("flip7", position=BUST, lang="en")
    state = referee.state
    odds = flip7.odds.exact_odds(state.observation(0), 0)
    assert referee.odds_text == f"Exact odds for Ann (to move): {odds.text('en')}"
    referee.table.play("stay")
    assert referee.odds_text.startswith("Exact odds for Bob (to move): bust ")
    assert referee.table.undo()
    assert referee.odds_text == f"Exact odds for Ann (to move): {odds.text('en')}"
    assert Referee("sevens").odds_text == ""  # Flip 7 only


def test_sevens_opener_switched_moves_the_opening_to_another_seven():
    referee = Referee("sevens", position=OPENER, lang="en")
    assert [str(m) for m in referee.state.legal_moves()] == ["7♦"]
    referee.switches["opening"].value = "7♥"
    assert [str(m) for m in referee.state.legal_moves()] == ["7♥"]
    assert [(str(c.move), c.was_legal, c.legal) for c in referee.changes] == [
        ("7♦", True, False), ("7♥", False, True)]  # in the order of the table's moves
    assert referee.changes_text == ("Under opening=7♥ (not 7♦): 2 moves change: 7♦: legal → "
                                    "illegal [sevens.opening]; 7♥: illegal → legal "
                                    "[sevens.opening].")
    assert _changed_cell(referee, _group_of(referee, "7♥")) == \
        "7♥: illegal → legal [sevens.opening]"
    # any 7: only 7♥ changes against 7♥ (7♦ becomes legal again); a rule's name alone is no change
    assert referee.switch("opening", "any")
    assert [(str(c.move), c.was_legal, c.legal) for c in referee.changes] == [("7♦", False, True)]


@pytest.mark.parametrize(("game", "name", "value", "why"), [
    ("sevens", "voluntary_pass_chip", "added", "needs passing to be fan-tan"),
    ("flip7", "deal_start", "left", "needs first_player to be left"),
])
def test_a_reading_the_engine_refuses_for_the_position_puts_its_switch_back(game, name, value,
                                                                             why):
    referee = Referee(game, lang="en")
    before, shown = referee.state, referee.switches[name].value
    referee.switches[name].value = value
    assert referee.switches[name].value == shown
    assert referee.state is before
    assert referee.message.startswith("This reading cannot apply to this position, the switch "
                                      "goes back: ") and why in referee.message
    assert not referee.switch(name, value) and referee.state is before


def test_the_switches_follow_a_position_used_and_the_comparison_goes_on_after_a_move():
    referee = Referee("sevens", position=OPENER, lang="en")
    assert referee.use(OPENER + "\nrules: opening=any")
    assert referee.switches["opening"].value == "any"
    assert referee.switch("opening", "7♦")
    assert [str(c.move) for c in referee.changes] == ["7♥"]
    assert referee.table.play("7♦")  # the comparison follows the position played to
    assert referee.changes_text.startswith("Under opening=7♦ (not any): ")


def test_with_options_reads_the_position_again_and_never_decides_a_rule():
    state = double_seven.position(RAINBOW)
    assert with_options(state, {}) == state
    switched = with_options(state, {"rainbow_clovers": "set-aside"})
    assert switched == double_seven.position(RAINBOW + "\nrules: rainbow_clovers=set-aside")
    assert with_options(switched, {"rainbow_clovers": "none-on-rack"}) == state
    assert compare(switched, state)[0].follows is None


def test_sevens_chances_of_winning_come_from_the_engine_s_analysis():
    small = sevens.position("players: Ann, Bob, Cy\ntable: 3♣-K♣ 3♦-Q♦ 2♥-K♥ 3♠-K♠\n"
                            "Ann: A♣ 2♣ 2♠\nBob: A♦ 2♦ K♦\nCy: A♥ A♠\nturn: Ann")
    referee = Referee("sevens", state=small, lang="en")
    assert referee.table.view["analysis"]["switch"] is not None  # the table's own switch
    assert referee.table.show_analysis(True)
    found = analysis.what_if(small)
    cells = {g["moves"][0]["send"]: g["extra"][0]["text"]
             for g in referee.table.view["candidates"]["groups"] if g["legal"]}
    assert cells == {row.move: row.text(list(small.names)) for row in found.rows}


def test_a_preset_switches_every_reading_it_names_at_once():
    referee = Referee("flip7", lang="en")
    assert referee.preset_switch.value == "seed-004"  # the defaults' preset
    assert not referee.switch("deal_start", "left")  # F2 goes with F13: one alone is refused
    referee.preset_switch.value = "dealers-left"
    assert (referee.state.rules.deal_start, referee.state.rules.first_player) == ("left", "left")
    assert (referee.switches["deal_start"].value, referee.switches["first_player"].value) == \
        ("left", "left")
    assert referee.changes_text.startswith("Under deal_start=left, first_player=left (not "
                                           "dealer, dealer): ")
    assert referee.switch("deferred_after_bust", "discard")
    assert referee.preset_switch.value == ""  # no preset is these rules
    assert referee.use_preset("seed-004") and referee.preset_switch.value == "seed-004"
    assert referee.state.rules.changes() == {}


def test_a_preset_the_position_cannot_take_is_refused_and_its_drop_down_goes_back():
    referee = Referee("sevens", lang="en")
    before = referee.state
    referee.preset_switch.value = "shichi-narabe"  # its four 7s are laid out before play
    assert referee.state is before and referee.preset_switch.value == "app"
    assert referee.message.startswith("This reading cannot apply to this position, the switch "
                                      "goes back: [sevens.all-sevens-first]")
    assert not referee.use_preset("no-such-preset") and "there is no preset" in referee.message


# ---- the click editor inside the referee (Sevens)

WORKED = """\
players: Ann, Bob, Cy
dealer: Cy
table: 6♦-8♦ 7♠
Ann: 6♣ 5♦ 9♦ K♥ 8♠
Bob: ...
Cy: ...
turn: Ann"""


def test_the_sevens_referee_s_click_editor_sets_the_position_and_follows_it():
    referee = Referee("sevens", position=WORKED, editor=True, lang="en")
    editor = referee.editor
    assert editor.layout.display == "none" and referee.editor_button.value is False
    referee.editor_button.value = True  # the toggle: the editor shows
    assert editor.layout.display is None
    referee.show_editor(False)
    assert editor.layout.display == "none" and referee.editor_button.value is False
    assert editor.state == referee.state
    # an edit accepted in the editor is the position shown: its text, its table, the reply
    assert editor.place("5♥", "Ann")
    assert "Ann: 6♣ 5♦ 9♦ 5♥ K♥ 8♠" in referee.text_box.value.splitlines()
    assert referee.state == editor.state
    assert [str(m) for m in referee.state.legal_moves()] == ["5♦", "9♦", "8♠"]
    assert referee.message == "Position set up by clicks: the table below is its moves."
    # an edit refused (the engine names the hole) leaves the referee's position as it was
    shown = referee.state
    assert not editor.place("2♠", "table")
    assert editor.refusal == "[sevens.build] the ♠ row has a hole: 3♠ is missing between 2♠ and 7♠"
    assert referee.state is shown
    # a move played in the table is the editor's position too
    assert referee.table.play("5♦")
    assert editor.state == sevens.position(referee.state.to_text())
    # a position used as text, and a ruling switched, reach the editor
    assert referee.use(WORKED)
    assert editor.state == sevens.position(WORKED)
    assert referee.switch("scoring", "face")
    assert editor.state.rules == referee.state.rules and editor.state.rules.scoring == "face"
    assert editor.state == sevens.position(referee.state.to_text())


def test_a_game_without_a_click_editor_says_so():
    with pytest.raises(DoubleseptError, match="no click editor"):
        Referee("doubleseven", editor=True)
    with pytest.raises(DoubleseptError, match="no click editor"):
        Referee("doubleseven").show_editor()


def test_the_flip7_referee_s_click_editor_sets_the_position_and_follows_it():
    referee = Referee("flip7", editor=True, lang="en")
    editor = referee.editor
    assert editor.state == flip7.position(referee.state.to_text())
    shown = referee.state
    assert editor.handle_message({"intent": "add_player"})
    assert len(referee.state.names) == len(shown.names) + 1
    assert referee.state == editor.state
    assert referee.message == "Position set up by clicks: the table below is its moves."
    # a move played in the table reaches the editor
    assert referee.table.play(referee.state.legal_moves()[0])
    assert editor.state == flip7.position(referee.state.to_text())
