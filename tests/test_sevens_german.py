"""German/Austrian Domino (seed 002, ruling S7): the 32-card German deck (sevens.german-deck)
and rows built from the Unter, the Ober or the 7 (sevens.german-start), with every other
Sevens option, in the notation, saves and observations, and through the random-game harness.
"""

from __future__ import annotations

import math
import random
import re

import pytest
from harness import assert_no_breaks, random_game_checks
from test_sevens_variants_random_games import SevensVariantAdapter, random_options

from doublesept import IllegalMove, PositionError, load, save, sevens
from doublesept.cards import DECK, parse_card
from doublesept.core.options import OptionError
from doublesept.sevens import PASS, SevensRules
from doublesept.sevens.rules import GERMAN_MASK, ROW_STARTS

GERMAN = [c for c in DECK if c.bit & GERMAN_MASK]


def names(moves):
    return [str(m) for m in moves]


def play_round(state, rng):
    while not state.is_round_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


# ---- sevens.german-deck


def test_sevens_german_deck_has_32_cards_7_to_ace():
    assert len(GERMAN) == 32
    assert {c.rank for c in GERMAN} == {1, 7, 8, 9, 10, 11, 12, 13}
    rules = SevensRules(preset="german")
    assert rules.deck_size == 32 and rules.deck_mask == GERMAN_MASK and rules.ace_high
    # the German deck's table of what fits is built as the engine is imported: this first
    # test of the file is the one a mutation run tries against it (benchmarks/mutation.py)
    game = sevens.position("""
    players: Ann, Bob, Cy
    rules: deck=german
    table: 7♦
    Ann: 8♦ 7♣ A♠ 9♥
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert names(game.legal_moves()) == ["7♣", "8♦"]  # an empty row takes its 7 only
    assert [game.check(c).reason_en for c in ("A♠", "9♥")] == [
        "Does not fit: A♠ waits for a spade row that reaches the king",
        "Does not fit: 9♥ waits for a heart row that reaches the 8"]


@pytest.mark.parametrize("players", range(3, 9))
def test_sevens_german_deck_deals_all_32_cards_from_dealers_left(players):
    game = sevens.new_game(players, seed=11, preset="german")
    sizes = game.hand_sizes()
    assert sum(sizes) == 32 and max(sizes) - min(sizes) <= 1
    first = (game.dealer + 1) % players
    assert sizes[first] == -(-32 // players)  # the dealer's left gets the extra cards first
    assert sorted(c for hand in game.hands for c in hand) == GERMAN
    step = sevens.new_game(players, seed=11, preset="german", rounds=1)
    step = play_round(step, random.Random(1))
    assert step.is_over  # one round: nothing to deal
    chance = sevens.new_game(players, seed=11, preset="german")
    chance = play_round(chance, random.Random(1)).chance()
    assert chance.deck_size == 32
    assert chance.count == math.factorial(32) // math.prod(math.factorial(n)
                                                           for n in chance.sizes)


def test_sevens_german_deck_deal_of_52_cards_is_refused():
    game = play_round(sevens.new_game(4, seed=3, preset="german"), random.Random(3))
    wrong = sevens.DealStep(4, (game.dealer + 1) % 4).sample(random.Random(0))
    verdict = game.check(wrong)
    assert not verdict.legal and verdict.rule_id == "sevens.deal"
    assert "32 cards" in verdict.reason_en
    with pytest.raises(IllegalMove):
        game.play(wrong)
    after = game.play("deal")
    assert sum(after.hand_sizes()) == 32 and after.round == 2


def test_sevens_german_deck_ace_is_above_the_king():
    game = sevens.position("""
    players: Ann, Bob, Cy
    rules: deck=german, row_start=unter
    table: 9♦-K♦
    Ann: A♦ 8♦ 7♣ J♣
    Bob: 7♦ ...
    Cy: ...
    turn: Ann
    """)
    assert game.row("♦") == (parse_card("9♦"), parse_card("K♦"))
    assert names(game.legal_moves()) == ["J♣", "A♦", "8♦"]  # by suit, then by index
    verdict = game.check("A♦")
    assert verdict.legal and verdict.rule_id == "sevens.build" and "above the king" in \
        verdict.reason_en
    after = game.play("A♦")
    assert after.row("♦") == (parse_card("9♦"), parse_card("A♦"))
    assert "9♦-A♦" in after.to_text() and sevens.position(after.to_text()) == after
    assert after.observation(0)["rows"][1] == ["9♦", "A♦"]


def test_sevens_german_deck_card_outside_the_deck_is_refused():
    game = sevens.new_game(4, seed=2, preset="german")
    verdict = game.check("5♦")
    assert not verdict.legal and verdict.rule_id == "sevens.german-deck"
    assert "not in the German 32-card deck" in verdict.reason_en
    with pytest.raises(IllegalMove) as err:
        game.play("5♦")
    assert err.value.rule_id == "sevens.german-deck"
    with pytest.raises(PositionError, match=r"\[sevens.german-deck\] 5♦"):
        sevens.position("""
        players: Ann, Bob, Cy
        rules: deck=german
        Ann: 5♦ ...
        Bob: ...
        Cy: ...
        turn: Ann
        """)
    with pytest.raises(PositionError, match="all 32 must be"):
        sevens.from_parts(players=3, hands=[["7♦"], ["8♦"], ["9♦"]], turn=0,
                          rules={"deck": "german"})


def test_sevens_german_deck_rest_of_the_cards_are_german():
    game = sevens.position("""
    players: Ann, Bob, Cy
    rules: deck=german
    Ann: ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert sorted(c for hand in game.hands for c in hand) == GERMAN
    assert game.hand_sizes() == [11, 11, 10]
    assert game.to_move == game.holder("7♦") == 0  # the Skat style: rows from the 7


def test_sevens_german_deck_saves_and_observations():
    game = sevens.new_game(5, seed=8, preset="german")
    rng = random.Random(8)
    for _ in range(12):
        game = game.play(rng.choice(game.legal_moves()))
    assert load(save(game)) == game
    assert sevens.position(game.to_text()) == game
    seen = game.observation(2)
    assert seen["rules"]["deck"] == "german" and seen["rules"]["row_start"] == "unter"
    assert sum(seen["hand_sizes"]) + len(seen["table"]) == 32
    assert "seed" not in seen
    played = play_round(game, rng)
    assert load(save(played.play("deal"))) == played.play("deal")


def test_sevens_german_deck_with_face_value_and_court_cards():
    game = sevens.position("""
    players: Ann, Bob, Cy
    rules: deck=german, scoring=face
    table: 7♦-A♦ 7♣-A♣ 7♥-A♥ 7♠-10♠
    Ann: -
    Bob: J♠ Q♠
    Cy: K♠ A♠
    turn: -
    """)
    assert game.round_penalties() == [0, 23, 14]


# ---- sevens.german-start


def test_sevens_german_start_unter_opens_with_the_jack_of_diamonds():
    game = sevens.new_game(4, seed=5, preset="german")
    opener = game.holder("J♦")
    assert game.to_move == opener and names(game.legal_moves()) == ["J♦"]
    assert game.decision.rule_id == "sevens.german-start"
    other = next(c for c in game.hand(opener) if str(c) != "J♦")
    refused = game.check(other)
    assert not refused.legal and refused.rule_id == "sevens.german-start"
    assert "J♦ opens every round" in refused.reason_en
    after = game.play("J♦")
    assert names(after.fitting_cards()) == ["J♣", "10♦", "Q♦", "J♥", "J♠"]
    assert after.events == () or all(e.rule_id for e in after.events)
    ok = after.check("J♣") if after.holder("J♣") == after.to_move else None
    if ok is not None:
        assert ok.legal and ok.rule_id == "sevens.german-start"
    waits = after.check("7♣") if after.holder("7♣") == after.to_move else None
    if waits is not None:
        assert not waits.legal and "waits for a club row that reaches the 8" in waits.reason_en


def test_sevens_german_start_rows_grow_from_the_unter_down_to_7_and_up_to_ace():
    game = sevens.position("""
    players: Ann, Bob, Cy
    rules: deck=german, row_start=unter
    table: J♦
    Ann: 10♦ Q♦ J♣ 7♣
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert names(game.legal_moves()) == ["J♣", "10♦", "Q♦"]
    verdict = game.check("7♣")
    assert not verdict.legal and "waits for a club row that reaches the 8" in verdict.reason_en
    assert game.check("J♣").rule_id == "sevens.german-start"
    assert "any jack (Unter) starts its suit's row" in game.check("J♣").reason_en
    with pytest.raises(PositionError, match=r"\[sevens.german-start\] the ♦ row 10♦ has no J♦"):
        sevens.position("""
        players: Ann, Bob, Cy
        rules: deck=german, row_start=unter
        table: 10♦
        Ann: ...
        Bob: ...
        Cy: ...
        turn: Ann
        """)


def test_sevens_german_start_ober():
    game = sevens.new_game(3, seed=4, deck="german", row_start="ober")
    assert names(game.legal_moves()) == ["Q♦"] and game.to_move == game.holder("Q♦")
    assert game.events == ()
    after = game.play("Q♦")
    assert names(after.fitting_cards()) == ["Q♣", "J♦", "K♦", "Q♥", "Q♠"]
    rng = random.Random(4)
    over = play_round(after, rng)
    nxt = over.play("deal")
    opens = [e for e in nxt.events if e.kind == "opens"]
    assert opens and opens[0].rule_id == "sevens.german-start" and "Q♦" in opens[0].en
    assert "la D♦" in opens[0].fr


def test_sevens_german_start_skat_style_from_the_seven():
    game = sevens.new_game(4, seed=6, deck="german")
    assert game.rules.start_rank == 7 and names(game.legal_moves()) == ["7♦"]
    after = game.play("7♦")
    assert names(after.fitting_cards()) == ["7♣", "8♦", "7♥", "7♠"]  # up only: no 6


def test_sevens_german_start_needs_the_german_deck():
    with pytest.raises(OptionError) as err:
        SevensRules(row_start="unter")
    assert "row_start=unter" in str(err.value) and "deck" in str(err.value)
    assert "sevens.german-start" in str(err.value)
    with pytest.raises(OptionError, match="row_start=ober needs deck to be german"):
        sevens.new_game(4, row_start="ober")
    with pytest.raises(OptionError, match="deck is one of standard, german"):
        sevens.new_game(4, deck="32")


def test_sevens_german_start_all_unters_laid_out_first():
    game = sevens.new_game(4, seed=9, preset="german", opening="all-sevens",
                           passing="shichi-narabe")
    assert sorted(names(game.table)) == ["J♠", "J♣", "J♥", "J♦"]
    assert sum(game.hand_sizes()) == 28
    assert names(game.fitting_cards()) == ["10♣", "Q♣", "10♦", "Q♦", "10♥", "Q♥", "10♠", "Q♠"]
    assert sevens.position(game.to_text()) == game
    nxt = play_round(game, random.Random(9)).play("deal")
    laid = [e for e in nxt.events if e.kind == "sevens-laid-out"]
    assert laid and laid[0].en.startswith("The four jacks (Unter) are laid out")


def test_sevens_german_start_flexible_opener_any_unter():
    game = sevens.new_game(4, seed=10, preset="german", opening="any")
    assert game.to_move == (game.dealer + 1) % 4
    jacks = [c for c in game.hand(game.to_move) if c.rank == 11]
    assert names(game.legal_moves()) == (names(jacks) if jacks else ["pass"])
    if not jacks:
        assert game.check(game.hand(game.to_move)[0]).reason_en == \
            "Does not fit yet: the round opens with a jack (Unter)."


def test_sevens_german_start_seven_penalty_counts_the_start_cards():
    rules = SevensRules(deck="german", row_start="unter", seven_penalty=5)
    hand = parse_card("J♦").bit | parse_card("7♦").bit
    assert rules.penalty(hand) == 2 + 5
    assert SevensRules(seven_penalty=5).penalty(hand) == 2 + 5  # the 7 in the base game


def test_sevens_german_start_runs_end_at_the_high_ace():
    game = sevens.position("""
    players: Ann, Bob, Cy
    rules: deck=german, row_start=unter, runs=on
    table: J♦
    Ann: Q♦ K♦ A♦ 7♣
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    moves = names(game.legal_moves())
    assert "Q♦-A♦" in moves and "Q♦-K♦" in moves
    run = sevens.parse_move("Q♦-A♦")
    assert names(run.cards) == ["Q♦", "K♦", "A♦"]
    after = game.play("Q♦-A♦")
    assert after.row("♦") == (parse_card("J♦"), parse_card("A♦"))
    # in the standard deck the same text is a run down to a low ace, which cannot be laid
    skat = sevens.position("""
    players: Ann, Bob, Cy
    rules: deck=german, runs=on
    table: -
    Ann: 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert "7♦-A♦" in names(skat.legal_moves())
    whole = skat.play("7♦-A♦")
    assert whole.is_round_over and whole.round_winner == 0


def test_sevens_german_start_fan_tan_chips():
    game = sevens.new_game(4, seed=12, preset="fan-tan", deck="german", row_start="ober")
    rng = random.Random(12)
    over = play_round(game, rng)
    assert sum(over.chips) + over.pot == 4 * 200


# ---- the random-game harness over the German deck


class GermanAdapter(SevensVariantAdapter):
    """Random compatible options, always with the German deck and a random start card."""

    def new_game(self, seed, rng):
        options = random_options(rng)
        options.update(deck="german", row_start=rng.choice(ROW_STARTS))
        players = rng.randint(sevens.MIN_PLAYERS, sevens.MAX_PLAYERS)
        return sevens.new_game(players, seed=seed, rounds=rng.choice((1, 2)),
                               dealer=rng.randrange(players), **options)


def test_sevens_german_deck_random_games_with_random_options():
    reports = [random_game_checks(GermanAdapter(), seed) for seed in range(83_000, 83_016)]
    assert_no_breaks(reports)
    assert {r.final.rules.row_start for r in reports} == set(ROW_STARTS)
    assert all(sum(r.final.hand_sizes()) + len(r.final.table) == 32 for r in reports)


def test_sevens_german_deck_base_game_unchanged():
    """The standard deck is the default: the same deal and the same opening as always."""
    assert SevensRules().deck == "standard" and SevensRules().row_start == "7"
    game = sevens.new_game(4, seed=1)
    assert names(game.legal_moves()) == ["7♦"] and sum(game.hand_sizes()) == 52
    assert PASS not in game.legal_moves()


def test_sevens_german_deck_picture_has_the_32_places_in_row_order():
    from doublesept.sevens.render import render_html

    game = sevens.new_game(4, seed=1, preset="german").play("J♦")
    picture = render_html(game)
    assert picture.count("<td") == 32
    row = picture[picture.index("<th>♦</th>"):]
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", row[:row.index("</tr>")])
    assert len(cells) == 8 and cells[4] == "J♦"  # 7 8 9 10 J Q K A
    assert render_html(sevens.new_game(4, seed=1)).count("<td") == 52


def test_sevens_german_deck_table_widget_shows_eight_places_a_row():
    from doublesept.widgets import SevensTable

    rows = SevensTable(sevens.new_game(4, seed=1, preset="german")).view["rows"]
    assert [[slot["text"] for slot in row["slots"]] for row in rows] == \
        [["7", "8", "9", "10", "J", "Q", "K", "A"]] * 4
    assert all(len(row["slots"]) == 13 for row in SevensTable(sevens.new_game(4, seed=1)).view["rows"])
