"""The engine core's contract (docs/developing.md), as Sevens implements it: who decides,
chance steps, events, observations, move values, options declared once, and the registry."""

import json
import random
from fractions import Fraction

import pytest

from doublesept import (
    CHANCE,
    Decision,
    Event,
    NotationError,
    OptionError,
    PositionError,
    UndoError,
    UnknownGame,
    double_seven,
    load,
    save,
    sevens,
)
from doublesept.core import Option, Options, RuleSet, WeightedDraw, Word, game_spec, games
from doublesept.sevens import DEAL, PASS, DealStep, Dealt, SevensRules


def finished_round(seed=4, rounds=3, **options):
    state = sevens.new_game(4, seed=seed, rounds=rounds, **options)
    while state.turn is not None:
        state = state.play(state.legal_moves()[0])
    return state


# ---- turn, to_move, decision


def test_to_move_is_the_seat_while_a_round_is_on_then_chance_then_none():
    state = sevens.new_game(4, seed=4, rounds=2)
    assert state.to_move == state.turn == state.holder("7♦")
    assert state.decision == Decision("open", "sevens.opening", state.turn,
                                      f"{state.names[state.turn]} to open the round",
                                      f"{state.names[state.turn]} ouvre la manche")
    after = state.play("7♦")
    assert after.decision.phase == "play" and after.decision.rule_id == "sevens.from-hand"
    over = finished_round(rounds=2)
    assert over.turn is None and over.to_move is CHANCE
    assert over.decision.phase == "deal" and over.decision.seat is CHANCE
    assert over.decision.rule_id == "sevens.deal-rotates"
    last = finished_round(seed=4, rounds=1)
    assert last.to_move is None and last.decision is None and last.is_over


def test_flexible_opener_decision_names_its_rule():
    state = sevens.new_game(4, seed=2, opening="any")
    assert state.decision.rule_id == "sevens.flexible-opener"


# ---- chance


def test_the_deal_is_a_chance_step_with_exact_probabilities():
    step = DealStep(4, 3)
    assert step.sizes == (13, 13, 13, 13)
    assert step.count == 53644737765488792839237440000  # 52! / (13!)^4
    dealt = step.sample(random.Random(1))
    assert step.probability(dealt) == Fraction(1, step.count)
    assert step.probability(Dealt(dealt.hand_masks[1:] + dealt.hand_masks[:1])) == Fraction(1, step.count)
    assert step.problem(dealt) is None
    with pytest.raises(OverflowError):
        step.outcomes()
    five = DealStep(5, 4)  # the dealer's left gets the extra cards
    assert five.sizes == (11, 11, 10, 10, 10)


def test_an_impossible_deal_has_probability_zero_and_is_refused():
    over = finished_round(rounds=2)
    step = over.chance()
    good = step.sample(random.Random(3))
    masks = list(good.hand_masks)
    moved = masks[0] & -masks[0]
    masks[0] ^= moved
    masks[1] |= moved  # 12 and 14 cards: not a deal from the dealer's left
    bad = Dealt(masks)
    assert step.probability(bad) == 0
    verdict = over.check(bad)
    assert not verdict.legal and verdict.rule_id == "sevens.deal"
    assert "cannot happen" in verdict.reason_en


def test_a_stacked_deal_is_played_as_an_outcome_and_recorded_in_the_save():
    over = finished_round(rounds=2)
    hands = [[c for c in sevens.parse_cards("A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")]]
    suits = ["♦", "♥", "♠"]
    for suit in suits:
        hands.append(sevens.parse_cards(" ".join(f"{r}{suit}" for r in
                                                 ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])))
    # the new dealer is seat 1, so seat 2 gets the first card: sizes are all 13
    stacked = over.play(Dealt.of(hands))
    assert stacked.hand(0)[0] == sevens.parse_card("A♣") and stacked.round == 2
    assert stacked.turn == 1  # the holder of 7♦
    record = json.loads(save(stacked))
    assert record["moves"][-1] == {"deal": [[str(c) for c in h] for h in hands]}
    assert load(save(stacked)) == stacked


def test_loading_never_depends_on_the_random_number_generator(monkeypatch):
    over = finished_round(rounds=2).play(DEAL)
    text = save(over)

    class Broken(random.Random):
        def shuffle(self, x):
            raise AssertionError("load() must not draw a deal")

    monkeypatch.setattr(random, "Random", Broken)
    assert load(text) == over


def test_a_version_1_save_replays_its_deals_from_the_seed():
    over = finished_round(rounds=2).play(DEAL)
    record = json.loads(save(over))
    record["version"] = 1
    del record["game_version"]
    record["moves"] = ["deal" if isinstance(m, dict) else m for m in record["moves"]]
    assert load(json.dumps(record)) == over


def test_new_game_without_a_seed_picks_one_and_keeps_it():
    first, second = sevens.new_game(4), sevens.new_game(4)
    assert first.seed != second.seed  # 63 random bits: equal only by a miracle
    assert sevens.new_game(4, seed=first.seed).hands == first.hands
    assert load(save(first)).seed == first.seed


def test_weighted_draw_probabilities_are_exact_fractions():
    draw = WeightedDraw({"12": 12, "0": 1, "Freeze": 3})
    assert draw.outcomes() == (("0", Fraction(1, 16)), ("12", Fraction(12, 16)),
                               ("Freeze", Fraction(3, 16)))
    assert sum(p for _, p in draw.outcomes()) == 1
    assert draw.probability("7") == 0
    assert draw.sample(random.Random(5)) in {"12", "0", "Freeze"}


# ---- events


def test_going_out_ends_the_round_with_events():
    over = finished_round(rounds=2)
    kinds = [e.kind for e in over.events]
    assert kinds == ["went-out", "penalties"]
    went = over.events[0]
    assert went.rule_id == "sevens.round-end" and went.players == (over.round_winner,)
    assert went.en == f"{over.names[over.round_winner]} went out: the round is over."
    assert went.fr.endswith("la manche est terminée.")
    penalties = over.events[1]
    assert penalties.rule_id == "sevens.penalty"
    for p in penalties.players:
        assert f"{over.names[p]} {over.round_penalties()[p]}" in penalties.en
    dealt = over.play(DEAL)
    assert [e.kind for e in dealt.events] == ["dealt", "opens"]
    assert dealt.events[1].en == f"{dealt.names[dealt.turn]} holds 7♦ and opens."


def test_the_last_round_ends_the_match_with_an_event():
    last = finished_round(rounds=1)
    event = last.events[-1]
    assert event.kind == "match-over" and event.rule_id == "sevens.match-winner"
    assert set(event.players) == set(last.winners)
    assert isinstance(event, Event) and json.dumps(event.as_json())


def test_ordinary_moves_have_no_events():
    state = sevens.new_game(4, seed=4)
    assert state.events == () and state.play("7♦").events == ()


# ---- observation


def test_observation_shows_a_seat_its_own_hand_and_only_sizes_of_the_others():
    state = sevens.new_game(4, seed=6).play("7♦")
    for seat in range(4):
        seen = state.observation(seat)
        json.dumps(seen)
        assert seen["hand"] == [str(c) for c in state.hand(seat)]
        assert seen["hand_sizes"] == state.hand_sizes()
        assert "seed" not in seen
        text = json.dumps(seen, ensure_ascii=False)
        for other in range(4):
            if other != seat:
                for c in state.hand(other):
                    assert f'"{c}"' not in text
    assert state.observation(None)["hand"] is None


def test_two_positions_differing_only_in_hidden_cards_look_the_same():
    text = """players: Ann, Bob, Cy
table: 7♦
Ann: 8♦ 2♣ 3♣ ...
Bob: 9♦ 4♣ ...
Cy: ...
turn: Ann"""
    one = sevens.position(text)
    hands = one.hands
    pool = hands[1] + hands[2]
    random.Random(9).shuffle(pool)  # Bob's and Cy's cards dealt again, the sizes kept
    swapped = [hands[0], pool[:len(hands[1])], pool[len(hands[1]):]]
    two = sevens.from_parts(players=one.names, hands=swapped, table=one.table, turn="Ann")
    assert two != one
    assert two.observation(0) == one.observation(0)
    assert two.observation(1) != one.observation(1)


def test_observation_refuses_a_seat_that_does_not_exist():
    state = sevens.new_game(4, seed=1)
    for seat in (4, -1, True, "Ann"):
        with pytest.raises(PositionError):
            state.observation(seat)


# ---- moves are values


def test_moves_are_frozen_hashable_ordered_values_with_text():
    card = sevens.parse_card("8♠")
    with pytest.raises(AttributeError):
        card.rank = 9
    with pytest.raises(AttributeError):
        PASS.en = "skip"
    assert sorted([PASS, card, sevens.parse_card("2♣")]) == [sevens.parse_card("2♣"), card, PASS]
    assert len({card, sevens.parse_card("8S"), PASS, sevens.parse_move("passe")}) == 2
    assert card.text("en") == "8♠" and card.text("fr") == "8♠"
    assert sevens.parse_card("Q♥").text("fr") == "D♥"
    assert PASS.text("fr") == "passe" and DEAL.text("en") == "deal"
    for move in (card, PASS, DEAL):
        assert sevens.parse_move(move.text("en")) is move
        assert sevens.parse_move(move.text("fr")) is move
    assert Word("pass", "passe") is PASS


def test_candidate_moves_are_the_hand_then_pass():
    state = sevens.new_game(4, seed=6)
    assert state.candidate_moves() == (*state.hand(state.turn), PASS)
    assert set(state.legal_moves()) <= set(state.candidate_moves())
    assert [v.move for v in state.verdicts()] == list(state.candidate_moves())


def test_states_are_readable_records():
    state = sevens.new_game(4, seed=1)
    assert state._fields[:3] == ("rules", "names", "hand_masks")
    assert state._asdict()["seed"] == 1


def test_undo_at_the_start_raises_the_engines_own_error():
    with pytest.raises(UndoError, match="nothing to undo"):
        sevens.new_game(4, seed=1).undo()


# ---- options


def test_sevens_options_come_from_one_declaration():
    assert sevens.OPTIONS.names[:4] == ("rounds", "opening", "scoring", "seven_penalty")
    rules = SevensRules(opening="7h", seven_penalty=5)
    assert rules.opening == "7♥" and rules.changes() == {"opening": "7♥", "seven_penalty": 5}
    assert rules.describe() == "Rules: opening 7♥, seven penalty 5"
    assert rules.describe("fr") == "Règles : ouverture au 7♥, pénalité de 5 par 7"
    assert SevensRules(preset="app") == SevensRules()
    assert sevens.new_game(4, seed=1, preset="app").rules == SevensRules()
    with pytest.raises(OptionError, match="no preset 'parliament'"):
        SevensRules(preset="parliament")


def test_unknown_options_are_refused_naming_the_options():
    with pytest.raises(OptionError, match="unknown rule option 'colour'.*opening, scoring"):
        sevens.new_game(4, colour="red")
    with pytest.raises(OptionError, match=r"\[sevens.opening\] opening: the opening is one of"):
        sevens.new_game(4, opening="8♦")
    # the keyword to fix is named, in every game
    with pytest.raises(OptionError, match=r"\] token_award: when a '7' token is won is one of"):
        double_seven.new_game(2, token_award="x")
    with pytest.raises(OptionError, match=r"\] rainbow_clovers: .* not 3"):
        double_seven.new_game(2, rainbow_clovers=3)


def test_options_that_cannot_go_together_are_refused_naming_both():
    declaration = Options("toy", (
        Option("deal_start", "dealer", "F2", "toy.deal", "where the deal starts", "",
               values=("dealer", "left"), requires=((("left",), "first_actor", ("left",)),)),
        Option("first_actor", "dealer", "F13", "toy.first", "who acts first", "",
               values=("dealer", "left")),
        Option("bonus", 15, "F3", "toy.bonus", "the bonus", "", low=0, high=100,
               conflicts=(((0,), "deal_start", ("left",)),)),
    ), presets={"faq": {"deal_start": "left", "first_actor": "left"}})

    class Toy(RuleSet):
        pass

    Toy.declaration = declaration
    assert Toy(preset="faq").deal_start == "left"
    with pytest.raises(OptionError, match="deal_start=left needs first_actor to be left"):
        Toy(deal_start="left")
    with pytest.raises(OptionError, match="bonus=0 cannot go with deal_start=left"):
        Toy(preset="faq", bonus=0)
    assert declaration.read_text("bonus=20, deal-start=left") == {"bonus": 20,
                                                                  "deal_start": "left"}
    for bad in ("bonus=²", "bonus=①", "bonus=١٢", "bonus=-1"):
        with pytest.raises(NotationError, match="digits 0-9"):
            declaration.read_text(bad)


# ---- registry


def test_the_registry_knows_sevens_and_refuses_unknown_games():
    assert "sevens" in games()
    spec = game_spec("sevens")
    assert spec.state_class is sevens.SevensState and spec.version == 2 and 1 in spec.reads
    with pytest.raises(UnknownGame, match="no game 'sevnes'; the games are .*sevens"):
        game_spec("sevnes")
    from doublesept import rules_for

    with pytest.raises(UnknownGame, match="the games are .*sevens"):
        rules_for("sevnes")
    assert rules_for("sevens")[0].id == "sevens.players"
