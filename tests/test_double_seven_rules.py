"""Double Seven's rules, one test (or a few) per rule id, on positions set up in a few lines."""

from __future__ import annotations

import json

import pytest

from doublesept import CHANCE, IllegalMove, PositionError, double_seven, load, rules_for, save
from doublesept.double_seven import (
    COPIES,
    DRAW_HIDDEN,
    PASS,
    RAINBOW,
    REVEAL,
    TILES,
    DoubleSevenRules,
    position,
    tile,
)
from doublesept.errors import NotationError, SaveFormatError


def pos(text: str, **rules):
    """A position; ``rules`` adds a rules line."""
    if rules:
        text += "\nrules: " + ", ".join(f"{k}={v}" for k, v in rules.items())
    return position(text)


def play(state, *moves):
    for move in moves:
        state = state.play(move)
    return state


def refused(state, move, rule_id, *words):
    verdict = state.check(move)
    assert not verdict.legal, verdict
    assert verdict.rule_id == rule_id, verdict
    for word in words:
        assert word in verdict.reason_en, verdict.reason_en
    assert verdict.reason_fr and verdict.reason_fr != verdict.reason_en
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert err.value.rule_id == rule_id
    return verdict


def kinds(state, seat):
    return [t.text() for t in state.rack(seat)]


def families(state, seat):
    return list(state.families[seat])


def test_doubleseven_catalog_has_every_rule_with_a_source():
    ids = {r.id for r in rules_for("doubleseven")}
    assert len(ids) == 31 and "doubleseven.rainbow" in ids


# ---------------------------------------------------------------- components and set-up


def test_doubleseven_players_are_2_to_4():
    for n in (2, 3, 4):
        assert double_seven.new_game(n, seed=1).players == n
    for n in (1, 5):
        with pytest.raises(PositionError, match=r"doubleseven.players"):
            double_seven.new_game(n, seed=1)


def test_doubleseven_tiles_are_8_animals_of_11_and_3_clovers():
    game = double_seven.new_game(2, seed=1)
    assert game.reserve == COPIES == (11,) * 8 + (3,)
    assert game.tile_count() == 91
    assert len({a.symbol for a in double_seven.ANIMALS}) == 9
    assert len({a.hex for a in double_seven.ANIMALS}) == 9
    assert [a.en for a in double_seven.ANIMALS[:4]] == ["bird", "squirrel", "fox", "butterfly"]
    assert tile("renards") is tile("fox") and tile("joker") is TILES[8]
    with pytest.raises(PositionError, match="12 foxes"):
        pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families fox 11")


def test_doubleseven_tokens_eight_sevens_and_one_77():
    game = double_seven.new_game(3, seed=1)
    assert double_seven.SEVEN_TOKENS == 8
    assert game.supply == 8 and game.holder == -1 and game.tokens == (0, 0, 0)


def test_doubleseven_setup_deals_3_tiles_each_one_at_a_time():
    game = double_seven.new_game(["Ann", "Bob", "Cy"], seed=3, first=1)
    assert game.to_move is CHANCE and game.decision.en == "Deal a tile to Bob"
    state = game
    for _ in range(9):
        assert state.legal_moves() == (double_seven.DEAL,)
        state = state.play("deal")
        assert all("is dealt a tile" in e.en for e in state.events)
    assert [sum(r) for r in state.racks] == [3, 3, 3]
    assert state.turn == 1 and state.phase == "flip"
    seen = state.observation(0)
    assert seen["rack"] and len(seen["rack"]) == 3 and seen["rack_sizes"] == [3, 3, 3]
    assert seen["last_move"] != "a hidden tile"  # the 9th tile went to Ann
    assert state.observation(2)["last_move"] == "a hidden tile"
    # the same seed deals the same tiles; a stacked tile is dealt as written
    assert play(game, *["deal"] * 9) == state
    assert game.play("fox").racks[1][2] == 1


def test_doubleseven_turn_order_is_clockwise():
    state = pos("players: Ann, Bob, Cy\nturn: Bob\nBob: rack fox\nCy: rack fox\nface-up: bird")
    state = state.play("pass")
    assert state.turn == 2 and state.phase == "draw"
    state = play(state, "draw face-up bird", "draw hidden", "reveal", "pass")
    assert state.turn == 0


# ---------------------------------------------------------------- the draw


def test_doubleseven_flip_when_no_tile_is_face_up():
    state = pos("players: Ann, Bob\nturn: Bob\nAnn: rack fox\nBob: rack fox\nface-up: bird")
    state = play(state, "pass")  # Ann's turn: a bird is face up, no flip
    assert state.phase == "draw"
    state = play(state, "draw face-up bird", "draw hidden", "fox", "pass")
    assert state.turn == 1 and state.phase == "flip" and state.to_move is CHANCE
    assert state.decision.rule_id == "doubleseven.flip"
    refused(state, "draw hidden", "doubleseven.flip", "turned face up")
    flipped = state.play("frog")
    assert flipped.face_up[7] == 1 and flipped.phase == "draw"
    assert [e.kind for e in flipped.events] == ["flipped"]
    assert state.play("flip").phase == "draw"


def test_doubleseven_draw_2_tiles_or_3_with_an_empty_rack():
    two = pos("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack fox\nface-up: bird")
    assert two.to_draw == 2
    after = play(two, "draw hidden", "bear", "draw hidden", "frog")
    assert after.phase == "act" and kinds(after, 0) == ["fox", "bear", "frog"]
    three = pos("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack -\nface-up: bird")
    assert three.to_draw == 3 and three.decision.en == "Ann to draw 3 tiles"
    after = play(three, "draw hidden", "bear", "draw hidden", "frog")
    assert after.phase == "draw" and after.to_draw == 1
    assert after.decision.en == "Ann to draw 1 more tile"
    assert play(after, "draw face-up bird").phase == "act"


def test_doubleseven_draw_source_one_at_a_time_hidden_or_face_up():
    state = pos("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack fox\nface-up: bird\n"
                "reserve: squirrel, ...")
    hidden = state.play(DRAW_HIDDEN)
    assert hidden.to_move is CHANCE and hidden.chance().outcomes() == ((TILES[1], 1),)
    revealed = hidden.play(REVEAL)
    assert kinds(revealed, 0) == ["squirrel", "fox"]
    # Ann saw the squirrel and chooses the next tile: the face-up bird
    assert revealed.phase == "draw" and revealed.to_move == 0
    done = revealed.play("draw face-up bird")
    assert done.phase == "act" and done.face_up[0] == 0
    # Bob is told a hidden tile was drawn, never which
    assert revealed.observation(1)["last_move"] == "a hidden tile"
    assert revealed.observation(0)["last_move"] == "squirrel"
    assert all("squirrel" not in e.en for e in revealed.events)
    refused(state, "draw face-up fox", "doubleseven.draw-source", "No fox is face up")
    refused(state, "pass", "doubleseven.draw", "must first draw 2 tiles")


def test_doubleseven_short_reserve_takes_whatever_is_left():
    state = pos("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack fox\nface-up: bird\n"
                "reserve: -\nout: ...")
    refused(state, "draw hidden", "doubleseven.short-reserve", "No hidden tile is left")
    after = state.play("draw face-up bird")
    assert after.phase == "act" and after.trigger == 0  # one tile taken, not two
    assert [e.kind for e in after.events] == ["drew", "nothing-left", "end-triggered"]
    nothing = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox\nBob: rack -\nreserve: -\n"
                  "out: ...\ntrigger: Ann").play("pass")
    assert nothing.phase == "act" and nothing.turn == 1  # Bob's draw is skipped
    assert [e.kind for e in nothing.events] == ["passed", "final-turn", "no-draw"]


# ---------------------------------------------------------------- Rainbow

RAINBOW_RACK = ("players: Ann, Bob\nturn: Ann\nphase: rainbow\n"
                "Ann: rack fox, bird, bear, frog, {fifth}\nface-up: squirrel")


def test_doubleseven_rainbow_5_different_animals_draw_one_more():
    state = pos(RAINBOW_RACK.format(fifth="rabbit"))
    assert state.decision.phase == "rainbow"
    assert RAINBOW in state.legal_moves()
    called = state.play("rainbow")
    assert called.phase == "draw" and called.to_draw == 1 and called.draw_for == "rainbow"
    assert "Rainbow! Ann shows the rack: bird, fox, bear, rabbit, frog." == called.events[0].en
    assert play(called, "draw face-up squirrel").phase == "act"


def test_doubleseven_rainbow_clovers_d1_default_and_set_aside_option():
    text = RAINBOW_RACK.format(fifth="rabbit, clover")
    refused(pos(text), "rainbow", "doubleseven.rainbow", "clover on the rack", "(D1)")
    assert pos(text, rainbow_clovers="set-aside").check("rainbow").legal
    four = RAINBOW_RACK.format(fifth="clover")
    assert not pos(four).check("rainbow").legal
    refused(pos(four, rainbow_clovers="set-aside"), "rainbow", "doubleseven.rainbow",
            "Rainbow needs 5 different animals; Ann has 4 animal tiles")


def test_doubleseven_rainbow_needs_5_tiles_all_different():
    refused(pos(RAINBOW_RACK.replace(", {fifth}", "")), "rainbow", "doubleseven.rainbow",
            "Rainbow needs 5 different animals; Ann has 4 tiles.")
    refused(pos(RAINBOW_RACK.format(fifth="fox")), "rainbow", "doubleseven.rainbow",
            "all different animals; Ann has 2 foxes")


def test_doubleseven_rainbow_timing_straight_after_the_draw_once():
    state = pos(RAINBOW_RACK.format(fifth="rabbit"))
    after_action = state.play("two-for-one fox bird").play("draw hidden").play("reveal")
    refused(after_action, "rainbow", "doubleseven.rainbow-timing", "straight after the draw")
    called = play(state, "rainbow", "draw face-up squirrel")
    refused(called, "rainbow", "doubleseven.rainbow-timing", "already called this turn")
    # not before the draw either
    drawing = pos("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack fox\nface-up: bird")
    refused(drawing, "rainbow", "doubleseven.draw")
    # and refused with nothing left to draw (D14)
    empty = pos("players: Ann, Bob\nturn: Ann\nphase: rainbow\n"
                "Ann: rack fox, bird, bear, frog, rabbit\nreserve: -\nout: ...\ntrigger: Ann")
    refused(empty, "rainbow", "doubleseven.rainbow-timing", "No tile is left to draw")
    # so the table does not offer it: the decision says why, as everyone can see the reserve
    assert "no tile is left to draw, so no Rainbow (D14)" in empty.decision.en
    assert "donc pas d'Arc-en-ciel (D14)" in empty.decision.fr
    # with tiles left, it is offered, on a condition: the decision is public, the rack is not
    assert state.decision.en == ("Ann may call Rainbow now if the rack holds 5 or more "
                                 "different animals, or act")
    assert "si son chevalet a 5 animaux différents ou plus" in state.decision.fr


# ---------------------------------------------------------------- actions

ACTIONS = ("players: Ann, Bob\nturn: Ann\n"
           "Ann: rack fox, fox, fox, clover, bird, squirrel{more}; families {mine}\n"
           "Bob: rack bear; families {theirs}\nface-up: bear")


def actions(mine="bird 3", theirs="fox 3", more="", **rules):
    return pos(ACTIONS.format(mine=mine, theirs=theirs, more=more), **rules)


def test_doubleseven_actions_any_number_in_any_order():
    state = actions()
    assert state.decision.phase == "act"
    after = play(state, "start fox fox clover", "exchange my 2 for Bob's 1", "expand 2 with fox",
                 "expand 1 with bird", "pass")
    assert after.turn == 1
    assert families(after, 0) == [(0, 4, 0), (2, 4, 0)]
    assert families(after, 1) == [(2, 2, 1)]


def test_doubleseven_start_family_2_tiles_of_one_animal_never_clovers_alone():
    state = actions(mine="bird 3", theirs="bear 2")
    assert state.check("start fox fox").legal and state.check("start fox clover").legal
    refused(state, "start fox", "doubleseven.start-family", "at least 2 tiles")
    refused(state, "start clover", "doubleseven.start-family", "never clovers alone")
    refused(state, "start fox squirrel", "doubleseven.start-family", "one animal")
    refused(state, "start squirrel squirrel", "doubleseven.start-family",
            "The move needs 2 squirrels, but Ann has only 1 on the rack.")
    started = state.play("start fox fox fox clover")
    assert families(started, 0) == [(0, 3, 0), (2, 3, 1)]
    assert "Ann starts family 2: 4 tiles: 3 foxes and 1 clover." == started.events[0].en


def test_doubleseven_start_family_one_animal_and_a_clover_as_seed_001_and_000_faq():
    state = actions(mine="bird 3", theirs="bear 2")
    started = state.play("start fox clover")
    assert families(started, 0) == [(0, 3, 0), (2, 1, 1)]


def test_doubleseven_families_visible_to_every_seat_and_a_spectator():
    state = pos("players: Ann, Bob, Cy\nturn: Ann\nAnn: rack fox, fox, clover; families bird 3\n"
                "Bob: rack bear; families fox 4 + clover 1, bear 2\nCy: families frog 7\n"
                "face-up: bear").play("start fox fox clover")
    every = [[{"animal": "bird", "tiles": 3, "animals": 3, "clovers": 0},
              {"animal": "fox", "tiles": 3, "animals": 2, "clovers": 1}],
             [{"animal": "fox", "tiles": 5, "animals": 4, "clovers": 1},
              {"animal": "bear", "tiles": 2, "animals": 2, "clovers": 0}],
             [{"animal": "frog", "tiles": 7, "animals": 7, "clovers": 0}]]
    for seat in (0, 1, 2, None):  # each player, the owner or not, and a spectator
        assert state.observation(seat)["families"] == every
    assert state.observation(1)["rack"] != state.observation(0)["rack"]  # racks stay hidden


def test_doubleseven_one_family_per_animal():
    state = actions(mine="fox 2", theirs="fox 3")
    refused(state, "start fox fox", "doubleseven.one-family-per-animal",
            "Ann already has a family of foxes: a second one cannot be started (D10).")
    assert actions(mine="bird 2", theirs="fox 3").check("start fox fox").legal  # Bob's is his
    # two families of foxes after an exchange: still no third
    two = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, fox; families fox 2, bird 3\n"
              "Bob: families fox 3\nface-up: bear").play("exchange my 2 for Bob's 1")
    assert [f[0] for f in two.families[0]] == [2, 2]
    refused(two, "start fox fox", "doubleseven.one-family-per-animal")


def test_doubleseven_expand_family_with_its_animal_or_clovers():
    state = actions(mine="fox 2")
    after = state.play("expand 1 with fox fox clover")
    assert families(after, 0) == [(2, 4, 1)]
    refused(state, "expand 2 with fox", "doubleseven.expand-family", "no family 2")
    refused(state, "expand 1 with fox fox fox fox", "doubleseven.expand-family",
            "The move needs 4 foxes, but Ann has only 3 on the rack.")


def test_doubleseven_refusals_say_what_the_rack_and_the_families_hold():
    state = actions(mine="bird 3")
    verdict = refused(state, "start bear bear", "doubleseven.start-family",
                      "The move needs 2 bears, but Ann has none on the rack.")
    assert verdict.reason_fr == ("Le coup demande 2 ours, mais Ann n'en a pas sur son "
                                 "chevalet.")
    verdict = refused(state, "expand 1 with bird bird", "doubleseven.expand-family",
                      "The move needs 2 birds, but Ann has only 1 on the rack.")
    assert "mais Ann en a seulement 1 sur son chevalet" in verdict.reason_fr
    refused(state, "expand 2 with fox", "doubleseven.expand-family",
            "Ann has no family 2 (Ann has 1 family).")
    refused(actions(mine="bird 3, fox 2"), "expand 3 with fox", "doubleseven.expand-family",
            "Ann has no family 3 (Ann has 2 families).")
    nobody = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families fox 2\nBob: rack bird")
    verdict = refused(nobody, "exchange my 1 for Bob's 1", "doubleseven.exchange",
                      "Bob has no family 1: Bob has no family yet.")
    assert "Bob n'a encore aucune famille" in verdict.reason_fr


def test_doubleseven_check_names_the_players_when_it_prints():
    state = actions(mine="bird 3", theirs="fox 2 + clover")
    verdict = state.check("exchange my 1 for Bob's 1")
    assert str(verdict).startswith("exchange my 1 for Bob's 1: legal [doubleseven.exchange] ")
    assert verdict == (verdict.move, True, "doubleseven.exchange", verdict.reason_en,
                       verdict.reason_fr)  # still the five fields of a Verdict
    assert str(state.check("retrieve clover from Bob's 1 with fox")).startswith(
        "retrieve clover from Bob's 1 with fox: legal")
    assert str(state.check("start fox fox")).startswith("start fox fox: legal")


def test_doubleseven_move_text_refuses_a_language_it_does_not_write():
    from doublesept.errors import OptionError

    state = actions()
    assert state.move_text("pass", "fr") == "passe"
    for lang in ("de", None, "both"):
        with pytest.raises(OptionError, match="lang: a move is written in 'en' or 'fr'"):
            state.move_text("pass", lang)


def test_doubleseven_golden_rule_never_split_nor_merged():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack butterfly; families squirrel 4, "
                "butterfly 2\nBob: families butterfly 4\nface-up: bear")
    # a butterfly cannot go into the squirrels: the expansion's rule says so (one animal a
    # family); no move splits or merges a family, and a position that mixes two is refused
    refused(state, "expand 1 with butterfly", "doubleseven.expand-family",
            "a family of squirrels: a butterfly cannot join it")
    with pytest.raises(PositionError, match="golden-rule"):
        pos("players: Ann, Bob\nturn: Ann\nAnn: families squirrel 2 + butterfly 2")
    after = play(state, "exchange my 1 for Bob's 1", "expand 2 with butterfly")
    # two families of butterflies, side by side, never merged
    assert families(after, 0) == [(3, 4, 0), (3, 3, 0)]
    assert after.score(0) == 7 and after.tokens[0] == 0


def test_doubleseven_exchange_same_size_cannot_be_refused():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families squirrel 4\n"
                "Bob: families butterfly 4, bird 3\nface-up: bear")
    verdict = state.check("exchange my 1 for Bob's 1")
    assert verdict.legal and "Bob cannot refuse" in verdict.reason_en
    after = state.play("exchange my 1 for Bob's 1")
    assert families(after, 0) == [(3, 4, 0)] and families(after, 1) == [(1, 4, 0), (0, 3, 0)]
    assert after.turn == 0 and after.to_move == 0  # Bob is not asked
    refused(state, "exchange my 1 for Bob's 2", "doubleseven.exchange",
            "Ann's family 1 has 4 tiles and Bob's family 2 has 3")
    refused(state, "exchange my 1 for Ann's 1", "doubleseven.exchange", "(D17)")
    refused(state, "exchange my 1 for player 3's 1", "doubleseven.exchange",
            "There is no player 3")


def test_doubleseven_retrieve_clover_with_the_matching_animal():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack bird, fox; families fox 2 + clover\n"
                "Bob: families bird 3 + clover, bear 2\nface-up: bear")
    after = state.play("retrieve clover from Bob's 1 with bird")
    assert families(after, 1)[0] == (0, 4, 0) and kinds(after, 0) == ["fox", "clover"]
    assert after.score(1) == state.score(1)  # the family's size does not change
    own = state.play("retrieve clover from my 1 with fox")
    assert families(own, 0) == [(2, 3, 0)] and kinds(own, 0) == ["bird", "clover"]
    refused(state, "retrieve clover from Bob's 1 with fox", "doubleseven.retrieve-clover",
            "retrieved with a bird, not a fox")
    refused(state, "retrieve clover from Bob's 2 with bear", "doubleseven.retrieve-clover",
            "holds no clover")
    refused(pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox\n"
                "Bob: families bird 3 + clover\nface-up: bear"),
            "retrieve clover from Bob's 1 with bird", "doubleseven.retrieve-clover",
            "needs a bird on the rack")


def test_doubleseven_two_for_one_discard_2_draw_1_not_taken_back():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird, bear\nface-up: fox")
    after = state.play("two-for-one fox bird")
    assert after.phase == "draw" and after.to_draw == 1 and after.face_up[2] == 2
    assert after.blocked == (0, 2)
    refused(after, "draw face-up bird", "doubleseven.two-for-one", "cannot be taken back (D4)")
    took = after.play("draw face-up fox")  # the fox that was there before is another tile
    assert took.phase == "act" and kinds(took, 0) == ["fox", "bear"] and took.blocked == ()
    allowed = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird, bear\nface-up: fox",
                  two_for_one_take_back="allowed").play("two-for-one fox bird")
    assert allowed.check("draw face-up bird").legal


def test_doubleseven_two_for_one_refused_when_only_the_discarded_could_come_back():
    text = ("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird, bear\nreserve: -\nout: ...\n"
            "trigger: Ann")
    refused(pos(text), "two-for-one fox bird", "doubleseven.two-for-one", "(D16)")
    assert pos(text, two_for_one_take_back="allowed").check("two-for-one fox bird").legal


def test_doubleseven_two_for_one_once_a_turn():
    state = play(pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird, bear, frog\n"
                     "face-up: fox"), "two-for-one fox bird", "draw hidden", "reveal")
    refused(state, "two-for-one bear frog", "doubleseven.two-for-one-once", "once a turn")


# ---------------------------------------------------------------- Sept !, Double Sept !

SEPT = ("players: Ann, Bob\nturn: Ann\nAnn: rack fox, fox, bird{more}; families fox 5{mine}\n"
        "Bob: families {theirs}\nface-up: bear")


def sept(mine="", theirs="bear 2", more="", **rules):
    return pos(SEPT.format(mine=mine, theirs=theirs, more=more), **rules)


def test_doubleseven_sept_when_an_expansion_reaches_7():
    state = sept()
    six = state.play("expand 1 with fox")
    assert six.tokens == (0, 0)
    seven = six.play("expand 1 with fox")
    assert seven.tokens == (1, 0) and seven.supply == 7
    assert [e.kind for e in seven.events] == ["expanded", "sept"]
    assert state.play("expand 1 with fox fox").tokens == (1, 0)
    # beyond 7, no new token for the same family
    assert sept(mine=" + clover 2").play("expand 1 with fox").tokens == (0, 0)


def test_doubleseven_sept_start_of_7_counts_exchange_and_retrieve_do_not():
    start = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, fox, fox, fox, fox, fox, clover\n"
                "face-up: bear").play("start fox fox fox fox fox fox clover")
    assert start.tokens == (1, 0)
    swapped = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families bird 8\n"
                  "Bob: families fox 6 + clover 2\nface-up: bear")
    after = swapped.play("exchange my 1 for Bob's 1")
    assert after.tokens == (0, 0)
    assert after.play("retrieve clover from my 1 with fox").tokens == (0, 0)
    assert after.play("expand 1 with fox").tokens == (0, 0)  # crossing: 8 to 9 is no Sept


def test_doubleseven_sept_per_animal_option_as_game_park():
    swapped = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families bird 8\n"
                  "Bob: families fox 8\nface-up: bear", token_award="per-animal")
    after = swapped.play("exchange my 1 for Bob's 1").play("expand 1 with fox")
    assert after.tokens == (1, 0) and after.earned == (1 << 2, 0)
    again = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families fox 8; tokens 7; "
                "earned fox\nface-up: bear", token_award="per-animal")
    assert again.play("expand 1 with fox").tokens == (1, 0)  # foxes already earned theirs


def test_doubleseven_double_sept_the_second_7_takes_the_77_and_ends():
    state = sept(mine=", bird 6; tokens 7", more=", bird")
    after = state.play("expand 2 with bird")
    assert after.tokens == (2, 0) and after.holder == 0 and after.trigger == 0
    assert [e.kind for e in after.events] == ["expanded", "sept", "double-sept",
                                              "end-triggered"]
    assert after.score(0) == 5 + 7 + 2 + 2
    # once the '77' is gone, another player's second 7 takes no '77'
    late = pos("players: Ann, Bob\nturn: Bob\nAnn: families bird 7, fox 7; tokens 7, 7, 77\n"
               "Bob: rack frog; families frog 6, bear 7; tokens 7\nface-up: bear\ntrigger: Ann")
    assert late.play("expand 1 with frog").holder == 0


def test_doubleseven_token_supply_eight_or_unlimited():
    text = ("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families fox 6, bird 7, bear 7, "
            "frog 7, rabbit 7; tokens 7, 7, 7, 7, 77\nBob: families squirrel 7, butterfly 7, "
            "hedgehog 7, frog 4 + clover 3; tokens 7, 7, 7, 7\nface-up: bear\ntrigger: Ann")
    state = pos(text)
    assert state.supply == 0
    after = state.play("expand 1 with fox")
    assert after.tokens == (4, 4) and after.septs == (5, 4)
    assert "the eight '7' tokens are gone" in after.events[1].en
    assert after.events[1].rule_id == "doubleseven.token-supply"
    unlimited = pos(text, token_supply="unlimited").play("expand 1 with fox")
    assert unlimited.tokens == (5, 4)


# ---------------------------------------------------------------- the end of the turn


def test_doubleseven_vide_an_empty_rack_ends_the_turn_at_once():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, fox; families bird 2\n"
                "Bob: families bird 2\nface-up: bear")
    after = state.play("start fox fox")
    assert after.turn == 1 and after.phase == "draw"
    assert [e.kind for e in after.events] == ["started", "vide"]
    assert state.check("start fox fox").rule_id == "doubleseven.vide"


def test_doubleseven_pass_ends_the_turn_without_a_discard_under_6():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird, bear, frog, rabbit\n"
                "face-up: bear")
    after = state.play("pass")
    assert after.turn == 1 and after.out == (0,) * 9
    assert state.check("passe").legal and state.check("je passe").legal


def test_doubleseven_discard_one_tile_out_of_the_game_from_6():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird, bear, frog, rabbit, fox\n"
                "face-up: bear")
    after = state.play("pass")
    assert after.phase == "discard" and after.to_move == 0
    refused(after, "pass", "doubleseven.discard", "one must be discarded")
    refused(after, "discard squirrel", "doubleseven.discard", "no squirrel")
    done = after.play("discard fox")
    assert done.out[2] == 1 and done.face_up[4] == 1 and done.turn == 1
    refused(state, "discard fox", "doubleseven.discard", "pass first")


def test_doubleseven_discard_in_final_turns_d19_and_game_parks_last_turn():
    text = ("players: Ann, Bob\nturn: Bob\nAnn: families fox 2\n"
            "Bob: rack fox, bird, bear, frog, rabbit, squirrel\nreserve: -\nout: ...\n"
            "trigger: Ann")
    assert pos(text).play("pass").phase == "discard"
    skipped = pos(text, last_turn_discard="skipped").play("pass")
    assert skipped.is_over
    assert DoubleSevenRules(preset="game-park").last_turn_discard == "skipped"


# ---------------------------------------------------------------- the end of the game

LAST = ("players: Ann, Bob, Cy\nturn: Ann\nphase: draw\nAnn: rack fox\n"
        "Bob: rack fox; families fox 3\nCy: families bear 2\nface-up: bird\nreserve: squirrel\n"
        "out: ...")


def test_doubleseven_game_end_on_the_last_tile_drawn():
    state = play(pos(LAST), "draw face-up bird")
    assert state.trigger == -1
    last = state.play("draw hidden").play("reveal")
    assert last.trigger == 0 and last.available == 0
    assert "Ann drew the last tile" in last.events[1].en


def test_doubleseven_game_end_first_trigger_stands_d18():
    state = pos("players: Ann, Bob\nturn: Bob\nAnn: families fox 2\nBob: rack frog, fox; "
                "families frog 6, bear 7; tokens 7\nreserve: -\nout: ...\ntrigger: Ann")
    after = state.play("expand 1 with frog")
    assert after.holder == 1 and after.trigger == 0 and after.score(1) == 7 + 7 + 2 + 2
    assert after.events[-1].kind == "first-trigger-stands"
    assert after.play("pass").is_over


def test_doubleseven_final_turns_one_each_without_a_draw():
    state = play(pos(LAST), "draw face-up bird", "draw hidden", "reveal", "pass")
    assert state.turn == 1 and state.phase == "act"  # nothing to draw: straight to act
    assert [e.kind for e in state.events] == ["passed", "final-turn", "no-draw"]
    state = play(state, "expand 1 with fox")  # Vide! ends Bob's final turn
    assert state.turn == 2
    over = state.play("pass")
    assert over.is_over and over.to_move is None and over.decision is None
    assert over.legal_moves() == () and over.chance() is None
    refused(over, "pass", "doubleseven.game-end", "over")
    assert over.events[-1].kind == "game-over"


def test_doubleseven_final_turns_after_the_77_the_trigger_finishes_its_turn():
    state = sept(mine=", bird 6; tokens 7", more=", bird, frog, frog").play("expand 2 with bird")
    assert state.turn == 0 and state.to_move == 0  # Ann finishes her turn
    state = play(state, "start frog frog", "pass")
    assert state.turn == 1 and state.phase == "draw"  # Bob's final turn, with a draw
    state = play(state, *["draw hidden", "reveal"] * 3, "pass")
    assert state.is_over and state.winners == (0,)


def test_doubleseven_scoring_seed_000_example_scores_21():
    state = pos("players: Ann, Bob\nturn: -\nphase: over\nAnn: rack fox, fox, clover; "
                "families bird 7, squirrel 8, fox 2; tokens 7, 7, 77\nBob: families bear 3\n"
                "trigger: Ann")
    assert state.score(0) == 7 + 8 + 2 + 2 + 2 == 21  # the rack's 3 tiles score nothing
    assert state.scores == (21, 3) and state.winners == (0,)


def test_doubleseven_tie_goes_to_the_77_else_shared():
    with_77 = pos("players: Ann, Bob\nturn: -\nphase: over\nAnn: families bird 7, fox 7; "
                  "tokens 7, 7, 77\nBob: families bear 11, frog 7\ntrigger: Ann")
    assert with_77.scores == (18, 18) and with_77.winners == (0,)
    shared = pos("players: Ann, Bob, Cy\nturn: -\nphase: over\nAnn: families bird 7, fox 7; "
                 "tokens 7, 7, 77\nBob: families bear 11, frog 8\nCy: families fox 4, "
                 "frog 1 + clover 3, squirrel 6, rabbit 5\ntrigger: Ann")
    assert shared.scores == (18, 19, 19) and shared.winners == (1, 2)


# ---------------------------------------------------------------- notation, saves, observation


def test_doubleseven_notation_a_lesson_in_a_few_lines_reads_back():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack squirrel; families squirrel 4\n"
                "Bob: families butterfly 4")
    assert position(state.to_text()) == state
    assert state.to_text().splitlines()[:3] == ["players: Ann, Bob", "turn: Ann", "phase: act"]
    game = play(double_seven.new_game(3, seed=11, token_award="per-animal"), *["deal"] * 9,
                "flip", "draw hidden", "reveal", "draw hidden", "reveal")
    assert position(game.to_text()) == game
    assert load(save(game)) == game
    record = json.loads(save(game))
    assert record["game"] == "doubleseven" and {"tile": game.history[0].text()} == \
        record["moves"][0]


@pytest.mark.parametrize("text, words", [
    ("players: Ann, Bob\nturn: Ann\nAnn: families clover 2", "clovers alone"),
    ("players: Ann, Bob\nturn: Ann\nAnn: families fox 1",
     "Ann has a family of 1 fox: a family has at least 2 tiles"),
    ("players: Ann, Bob\nturn: Ann\nAnn: families fox 0 + clover 2",
     "Ann's family of foxes has no fox, only clovers: clovers alone are never a family"),
    # D8: the end comes with the '77' or the last tile drawn, so hidden tiles cannot be left
    ("players: Ann, Bob\nturn: Ann\nAnn: rack fox\nBob: rack bird\ntrigger: Bob",
     "Bob triggered the end, but nobody holds the '77' and 89 hidden tiles are left"),
    ("players: Ann, Bob\nturn: Ann\nAnn: families fox 7, bird 7; tokens 7, 7, 77",
     "write 'trigger"),
    ("players: Ann, Bob\nturn: Ann\nphase: discard\nAnn: rack fox", "6 or more"),
    ("players: Ann, Bob\nturn: Ann\nAnn: families fox 3 + bird 2", "one animal"),
    ("players: Ann, Bob\nturn: Ann\nreserve: fox", "write 'reserve: ...'"),
    ("players: Ann, Bob\nturn: Ann\nAnn: tokens 77; families fox 9", "Sept! calls"),
    ("players: Ann, Bob\nturn: Ann\nphase: flip\nface-up: fox", "none is face up"),
])
def test_doubleseven_notation_refuses_impossible_positions(text, words):
    with pytest.raises(PositionError, match=None) as err:
        position(text)
    assert words in str(err.value)


@pytest.mark.parametrize("line, words", [
    ("phase: bogus", "one of deal, flip, draw, hidden, rainbow, act, discard, over, not 'bogus'"),
    ("used: x", "what was used is rainbow or two-for-one, not 'x'"),
    ("phase: draw\ndraw: 2 party", "(nothing for the turn's draw), not 'party'"),
    ("Ann: rack fox fox bear", "separate the tiles with commas, as in 'fox, fox, bear'"),
    ("Ann: rack fox unicorn", "'fox unicorn' is not a tile: write bird, squirrel"),
])
def test_doubleseven_notation_names_the_bad_word_and_what_to_write(line, words):
    with pytest.raises(NotationError) as err:
        position("players: Ann, Bob\nturn: Ann\n" + line)
    assert words in str(err.value)


def test_doubleseven_a_save_with_an_unknown_tile_names_it():
    record = json.loads(save(play(double_seven.new_game(2, seed=3), "deal")))
    record["moves"][0] = {"tile": "unicorn"}
    with pytest.raises(SaveFormatError, match="'unicorn' is not a tile: write bird, squirrel"):
        load(json.dumps(record))


def test_doubleseven_french_elides_de_before_a_vowel():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack squirrel, squirrel; families squirrel 4\n"
                "Bob: families bird 4")
    assert state.check("start squirrel squirrel").reason_fr.startswith(
        "Ann a déjà une famille d'écureuils")
    bob = state._replace(turn=1)
    assert bob.move_text("exchange my 1 for Ann's 1", "fr") == "échanger ma 1 contre la 1 d'Ann"
    assert bob.parse_move("échanger ma 1 contre la 1 d'Ann") == \
        bob.parse_move("échanger ma 1 contre la 1 de Ann") == bob.parse_move("exchange my 1 for Ann's 1")
    assert state.move_text("exchange my 1 for Bob's 1", "fr") == "échanger ma 1 contre la 1 de Bob"


def test_doubleseven_observation_hides_racks_reserve_and_seed():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird\nBob: rack frog, frog\n"
                "face-up: bear\nreserve: rabbit, ...\nseed: 123456789")
    seen = state.observation(0)
    text = json.dumps(seen)
    assert seen["rack"] == ["bird", "fox"] and seen["rack_sizes"] == [2, 2]
    assert "frog" not in text and "123456789" not in text and "rabbit" not in text
    assert seen["reserve_size"] == 91 - 5 and state.observation(None)["rack"] is None
    assert seen["legal_moves"] and state.observation(1)["legal_moves"] == []


def test_doubleseven_move_text_reads_back_in_english_and_french():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack bird; families fox 2 + clover\n"
                "Bob: families bird 3 + clover, fox 3")
    for move in state.legal_moves():
        for lang in ("en", "fr"):
            assert state.parse_move(state.move_text(move, lang)) == move
            assert double_seven.parse_move(move.text(lang)) == move
    assert state.move_text("exchange my 1 for player 1's 2") == "exchange my 1 for Bob's 2"
    assert state.move_text("retrieve clover from Bob's 1 with bird", "fr") == \
        "récupérer trèfle de la 1 de Bob avec oiseau"
    assert PASS in state.legal_moves()


def test_doubleseven_retrieve_clover_from_your_own_family_is_written_my():
    state = pos("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families fox 2 + clover")
    refused(state, "retrieve clover from Ann's 1 with fox", "doubleseven.retrieve-clover",
            "written 'my 1'")
    assert state.check("retrieve clover from my 1 with fox").legal


def test_doubleseven_players_names_that_read_as_moves_are_refused():
    for bad in ("fox", "pass", "player 1", "my"):
        with pytest.raises(PositionError, match="word of the notation"):
            double_seven.new_game(["Ann", bad])


def test_doubleseven_draw_counts_and_doubleseven_scoring_are_data_of_the_rules_module():
    """The numbers of D3 and D12 live in double_seven/rules.py (issue 22), read by the
    engine's transitions, its notation and its score."""
    from doublesept.double_seven.rules import (
        DOUBLE_SEVEN_POINTS,
        DRAW_TILES,
        DRAW_TILES_EMPTY_RACK,
        is_sept,
        points,
        tiles_to_draw,
    )

    assert (DRAW_TILES, DRAW_TILES_EMPTY_RACK, DOUBLE_SEVEN_POINTS) == (2, 3, 2)
    assert [tiles_to_draw(n) for n in (0, 1, 5)] == [3, 2, 2]
    assert points(((0, 5, 2), (3, 2, 0)), 1, True) == 5 + 2 + 2 + 1 + 2
    assert points((), 0, False) == 0
    assert [is_sept(n) for n in (6, 7, 9)] == [False, True, True]
