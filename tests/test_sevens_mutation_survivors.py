"""Tests that kill the mutants a mutation run of Sevens left alive (benchmarks/mutation.py).

They pin whole values (every field of a verdict, an event, an observation) where the
other tests only looked at one field, so a changed word, a flipped condition or a
dropped argument in the engine fails a test. Public API only.

The sample of session 12 (``benchmarks/mutation.py --game sevens --sample 100 --seed 0``, on
7fd4686) left 9 mutants alive. One showed a missing test, now in
``tests/test_sevens_german.py`` (``_german_fits``: the German table of what fits is built at
import, so only the first test of a file is tried against it). The other 8 cannot change
anything a caller sees (an eighth was in the Fan Tan fast path, deleted in issue 22):

- rules ``_suit_points`` ``[:13]`` -> ``[:14]``: a 13-bit mask reads indices 0 to 12 only;
- state ``_legal_cards``, the memo storing None: a miss computes the same tuple again;
- state ``_of_fr``, ``c.text("fr")`` -> ``c.text(None)`` for an ace: no round opens with an ace;
- state ``_ordinal_fr``, "première" -> "PREMIÈRE": a player is put out at the 3rd or 4th pass;
- state ``_check_chips``, its message: every door (``position()``, ``from_parts()``) refuses
  chips that are not conserved before it, and no move breaks conservation;
- state ``SevensState._card_verdict`` (now ``_misfit_words``), ``rank > high`` -> ``rank >= high``: a card at the
  row's end is on the table, refused earlier (sevens.from-hand);
- state ``SevensState._derive``, the dealer's default: its one caller gives the dealer;
"""

from fractions import Fraction
from math import factorial

import pytest

from doublesept import PositionError, sevens
from doublesept.sevens import DEAL, PASS, DealStep, Dealt

card = sevens.parse_card


def pos(text):
    return sevens.position(text)


def finish_round(state, pick=0):
    while not state.is_round_over:
        state = state.play(state.legal_moves()[pick])
    return state


# ---- every verdict of a card, word for word

BUILDING = """
players: Ann, Bob, Cy
table: 3♣-K♣ 7♦ 7♥-J♥ 5♠-10♠
Ann: A♣ 2♣ 6♦ 8♦ 9♦ 6♥ Q♥ 2♥ 3♠ 4♠ J♠ Q♠
Bob: ...
Cy: ...
turn: Ann
"""

BUILDING_VERDICTS = [
    ("A♣", False, "sevens.aces-low",
     "Does not fit: aces are low, so A♣ goes under the 2, never above the king",
     "Ne convient pas : les as sont bas, l'A♣ va sous le 2, jamais au-dessus du roi"),
    ("2♣", True, "sevens.build", "Fits: just below the 3", "Se pose : juste sous le 3"),
    ("6♦", True, "sevens.build", "Fits: just below the 7", "Se pose : juste sous le 7"),
    ("8♦", True, "sevens.build", "Fits: just above the 7", "Se pose : juste au-dessus du 7"),
    ("9♦", False, "sevens.build", "Does not fit: the next diamond up is 8♦",
     "Ne convient pas : le carreau suivant vers le haut est le 8♦"),
    ("6♥", True, "sevens.build", "Fits: just below the 7", "Se pose : juste sous le 7"),
    ("Q♥", True, "sevens.build", "Fits: just above the jack",
     "Se pose : juste au-dessus du valet"),
    ("2♥", False, "sevens.build", "Does not fit: the next heart down is 6♥",
     "Ne convient pas : le cœur suivant vers le bas est le 6♥"),
    ("3♠", False, "sevens.build", "Does not fit: the next spade down is 4♠",
     "Ne convient pas : le pique suivant vers le bas est le 4♠"),
    ("4♠", True, "sevens.build", "Fits: just below the 5", "Se pose : juste sous le 5"),
    ("J♠", True, "sevens.build", "Fits: just above the 10", "Se pose : juste au-dessus du 10"),
    ("Q♠", False, "sevens.build", "Does not fit: the next spade up is J♠",
     "Ne convient pas : le pique suivant vers le haut est le V♠"),
    ("Q♦", False, "sevens.from-hand", "Ann does not hold Q♦: play a card from your own hand.",
     "Ann n'a pas la D♦ en main : posez une carte de votre main."),
    ("8♣", False, "sevens.from-hand", "8♣ is already on the table.",
     "Le 8♣ est déjà sur la table."),
    ("pass", False, "sevens.must-play",
     "You cannot pass: 2♣, 6♦, 8♦, 6♥, Q♥, 4♠ and J♠ fit, so you must play.",
     ("Vous ne pouvez pas passer : le 2♣, le 6♦, le 8♦, le 6♥, la D♥, le 4♠ et le V♠ "
      "conviennent, vous devez jouer.")),
]


@pytest.mark.parametrize(("move", "legal", "rule_id", "en", "fr"), BUILDING_VERDICTS)
def test_sevens_build_every_verdict_word_for_word(move, legal, rule_id, en, fr):
    game = pos(BUILDING)
    expected_move = PASS if move == "pass" else card(move)
    assert game.check(move) == (expected_move, legal, rule_id, en, fr)
    assert game.check(move).move is expected_move


def test_sevens_build_a_king_goes_above_the_queen():
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦ 7♥-Q♥
    Ann: K♥ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.check("K♥") == (card("K♥"), True, "sevens.build", "Fits: just above the queen",
                                "Se pose : juste au-dessus de la dame")
    assert game.play("K♥").row("♥") == (card("7♥"), card("K♥"))


def test_sevens_aces_low_ace_fits_word_for_word():
    game = pos("""
    players: Ann, Bob, Cy
    table: 2♠-7♠ 7♦
    Ann: A♠ 8♦
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.check("A♠") == (card("A♠"), True, "sevens.aces-low",
                                "Fits: the ace goes under the 2, never above the king",
                                "Se pose : l'as va sous le 2, jamais au-dessus du roi")
    assert game.check("pass") == (
        PASS, False, "sevens.must-play", "You cannot pass: 8♦ and A♠ fit, so you must play.",
        "Vous ne pouvez pas passer : le 8♦ et l'A♠ conviennent, vous devez jouer.")
    after = game.play("A♠")
    assert after.row("♠") == (card("A♠"), card("7♠"))
    assert not after.fits("A♠") and after.fits("8♠")


def test_sevens_must_play_one_card_fits_is_singular():
    game = pos("""
    players: Ann, Bob, Cy
    table: 2♠-7♠ 7♦
    Ann: A♠ K♥
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.check("pass") == (
        PASS, False, "sevens.must-play", "You cannot pass: A♠ fits, so you must play.",
        "Vous ne pouvez pas passer : l'A♠ convient, vous devez jouer.")


OPENING_HAND = """
players: Ann, Bob, Cy
{rules}Ann: 7♣ 7♦ 7♥ 8♣ ...
Bob: ...
Cy: ...
turn: Ann
"""


@pytest.mark.parametrize("opening", ["7♦", "7♥"])
def test_sevens_opening_verdicts_word_for_word(opening):
    rules = "" if opening == "7♦" else f"rules: opening={opening}\n"
    game = pos(OPENING_HAND.format(rules=rules))
    refused = (f"Does not fit yet: {opening} opens every round, so it must be played first.",
               f"Ne convient pas encore : le {opening} ouvre chaque manche, il se pose en premier.")
    for text in ("7♣", "7♦", "7♥", "8♣"):
        verdict = game.check(text)
        if text == opening:
            assert verdict == (card(text), True, "sevens.opening", f"Fits: {opening} opens the round",
                               f"Se pose : le {opening} ouvre la manche")
        else:
            assert verdict == (card(text), False, "sevens.opening", *refused)
    assert game.check("pass") == (
        PASS, False, "sevens.must-play", f"You cannot pass: {opening} fits, so you must play.",
        f"Vous ne pouvez pas passer : le {opening} convient, vous devez jouer.")
    assert game.legal_moves() == (card(opening),)


def test_sevens_flexible_opener_verdicts_word_for_word():
    game = pos(OPENING_HAND.format(rules="rules: opening=any\n"))
    for text in ("7♣", "7♦", "7♥"):
        assert game.check(text) == (
            card(text), True, "sevens.flexible-opener",
            "Fits: with the flexible opener, any 7 opens the round",
            "Se pose : avec l'ouvreur flexible, tout 7 ouvre la manche")
    assert game.check("8♣") == (card("8♣"), False, "sevens.flexible-opener",
                                "Does not fit yet: the round opens with a 7.",
                                "Ne convient pas encore : la manche s'ouvre avec un 7.")
    assert game.check("pass") == (
        PASS, False, "sevens.must-play",
        "You cannot pass: 7♣, 7♦ and 7♥ fit, so you must play.",
        "Vous ne pouvez pas passer : le 7♣, le 7♦ et le 7♥ conviennent, vous devez jouer.")
    after = game.play("7♥")  # any 7 opens, and then every other 7 may start its row
    assert after.table == [card("7♥")]
    assert set(after.fitting_cards()) == {card("6♥"), card("8♥"), card("7♣"), card("7♦"),
                                          card("7♠")}


def test_sevens_flexible_opener_no_seven_passes_word_for_word():
    game = pos("""
    players: Ann, Bob, Cy
    rules: opening=any
    Ann: 8♣ ...
    Bob: 7♣ 7♦ 7♥ 7♠ ...
    Cy: ...
    turn: Ann
    """)
    assert game.legal_moves() == (PASS,)
    assert game.check("pass") == (PASS, True, "sevens.pass",
                                  "You pass; with a card that fits, you must play",
                                  "Vous passez ; avec une carte qui convient, vous devez jouer")
    assert game.play("pass").to_move == 1


# ---- check() outside a player's turn, word for word


def test_sevens_round_end_verdicts_word_for_word():
    game = pos("""
    players: Ann, Bob, Cy
    round: 2 of 3
    table: 7♦
    Ann: 8♦
    Bob: 6♦ 5♦
    Cy: ...
    turn: Ann
    """)
    assert game.check("deal") == (
        DEAL, False, "sevens.round-end",
        "The round is still on: the next deal comes once a hand is empty.",
        "La manche continue : la donne suivante vient quand une main est vide.")
    over = game.play("8♦")
    for move, expected in (("9♦", card("9♦")), ("pass", PASS)):
        assert over.check(move) == (expected, False, "sevens.round-end",
                                    "The round is over: deal the next round.",
                                    "La manche est terminée : distribuez la manche suivante.")


def test_sevens_match_winner_no_move_after_the_match_word_for_word():
    over = finish_round(sevens.new_game(3, seed=1, rounds=1))
    for move, expected in (("deal", DEAL), ("pass", PASS), ("2♣", card("2♣"))):
        assert over.check(move) == (expected, False, "sevens.match-winner",
                                    "The match is over: no more moves.",
                                    "La partie est terminée : plus aucun coup.")
    assert over.chance() is None and over.to_move is None and over.decision is None


# ---- repr


def test_sevens_round_end_repr_says_where_the_match_is():
    game = sevens.new_game(3, seed=1, rounds=2)  # Bob holds 7♦
    assert repr(game) == "<Sevens round 1/2, Bob to play, 0 cards on the table>"
    assert repr(game.play("7♦")) == "<Sevens round 1/2, Cy to play, 1 card on the table>"
    over = finish_round(game)
    assert repr(over) == "<Sevens round 1/2, round over, 50 cards on the table>"
    last = finish_round(over.play("deal"))
    assert repr(last) == "<Sevens round 2/2, match over, 49 cards on the table>"


# ---- events, word for word


def test_sevens_penalty_events_of_the_end_of_a_round():
    over = pos("""
    players: Ann, Bob, Cy
    round: 2 of 3
    scores: 2, 0, 5
    table: 7♦
    Ann: 8♦
    Bob: 6♦ 5♦
    Cy: ...
    turn: Ann
    """).play("8♦")
    assert [tuple(e) for e in over.events] == [
        ("went-out", (0,), "sevens.round-end", "Ann went out: the round is over.",
         "Ann a posé sa dernière carte : la manche est terminée."),
        ("penalties", (1, 2), "sevens.penalty", "Penalty points: Bob 2, Cy 48.",
         "Points de pénalité : Bob 2, Cy 48."),
    ]


def test_sevens_face_value_events_of_the_end_of_a_match():
    over = finish_round(sevens.new_game(3, seed=1, rounds=1, scoring="face", seven_penalty=5))
    assert [tuple(e) for e in over.events] == [
        ("went-out", (2,), "sevens.round-end", "Cy went out: the round is over.",
         "Cy a posé sa dernière carte : la manche est terminée."),
        ("penalties", (0, 1), "sevens.face-value", "Penalty points: Ann 12, Bob 13.",
         "Points de pénalité : Ann 12, Bob 13."),
        ("match-over", (2,), "sevens.match-winner",
         "The match is over: Cy wins with the lowest total, 0.",
         "La partie est terminée : Cy gagne avec le total le plus bas, 0."),
    ]


def test_sevens_match_winner_event_when_players_share_the_win():
    over = pos("""
    players: Ann, Bob, Cy
    round: 3 of 3
    scores: 5, 3, 0
    table: 7♦
    Ann: 8♦
    Bob: 6♦ 5♦
    Cy: ...
    turn: Ann
    """).play("8♦")
    assert tuple(over.events[-1]) == (
        "match-over", (0, 1), "sevens.match-winner",
        "The match is over: Ann and Bob share the win with the lowest total, 5.",
        "La partie est terminée : Ann et Bob partagent la victoire avec le total le plus bas, 5.")


DEAL_EVENTS = [
    ("7♦", ("opens", (1,), "sevens.opening", "Bob holds 7♦ and opens.",
            "Bob a le 7♦ et ouvre.")),
    ("7♥", ("opens", (0,), "sevens.opening", "Ann holds 7♥ and opens.", "Ann a le 7♥ et ouvre.")),
    ("any", ("starts", (1,), "sevens.flexible-opener",
             "Bob, left of the dealer, starts with any 7.",
             "Bob, à gauche du donneur, commence avec n'importe quel 7.")),
    ("all-sevens", ("sevens-laid-out", (1,), "sevens.all-sevens-first",
                    "The four 7s are laid out; Bob, who held 7♦, plays first.",
                    "Les quatre 7 sont posés ; Bob, qui avait le 7♦, joue en premier.")),
]


@pytest.mark.parametrize(("opening", "second"), DEAL_EVENTS)
def test_sevens_deal_rotates_events_of_a_deal(opening, second):
    over = finish_round(sevens.new_game(3, seed=1, opening=opening, rounds=2))
    dealt = over.play("deal")
    assert dealt.dealer == 0 and dealt.turn == second[1][0]
    assert [tuple(e) for e in dealt.events] == [
        ("dealt", (0,), "sevens.deal-rotates", "Round 2 is dealt by Ann.",
         "La manche 2 est distribuée par Ann."),
        second,
    ]
    assert dealt.last_mover is None and dealt.play(dealt.legal_moves()[0]).events == ()


# ---- observation: what one seat sees


OBSERVED = """
players: Ann, Bob, Cy
dealer: Cy
round: 2 of 3
scores: 4, 0, 1
table: 6♦-8♦ 7♠
Ann: 5♦ 9♦ 8♠ 6♣
Bob: K♥ 2♣ 7♣ 6♠ ...
Cy: 7♥ 9♠ ...
turn: Ann
seed: 77
"""


def test_observation_of_the_player_to_move_word_for_word():
    game = pos(OBSERVED)
    assert game.observation(0) == {
        "game": "sevens", "seat": 0, "players": ["Ann", "Bob", "Cy"], "dealer": 2, "round": 2,
        "rules": {"rounds": 3, "opening": "7♦", "scoring": "cards", "seven_penalty": 0},
        "scores": [4, 0, 1], "turn": 0, "to_move": 0, "phase": "play",
        "rows": [None, ["6♦", "8♦"], None, ["7♠", "7♠"]],
        "table": ["6♦", "7♦", "8♦", "7♠"], "hand_sizes": game.hand_sizes(), "deck_size": 0,
        "hand": ["6♣", "5♦", "9♦", "8♠"], "legal_moves": ["5♦", "9♦", "8♠"],
        "last_move": None, "events": [],
    }


def test_observation_of_a_spectator_and_of_the_next_player():
    after = pos(OBSERVED).play("8♠")
    common = {
        "game": "sevens", "players": ["Ann", "Bob", "Cy"], "dealer": 2, "round": 2,
        "rules": {"rounds": 3, "opening": "7♦", "scoring": "cards", "seven_penalty": 0},
        "scores": [4, 0, 1], "turn": 1, "to_move": 1, "phase": "play",
        "rows": [None, ["6♦", "8♦"], None, ["7♠", "8♠"]],
        "table": ["6♦", "7♦", "8♦", "7♠", "8♠"], "hand_sizes": after.hand_sizes(),
        "deck_size": 0,
        "last_move": "8♠", "events": [],
    }
    assert after.observation() == {**common, "seat": None, "hand": None, "legal_moves": []}
    assert after.observation(None) == after.observation()
    bob = after.observation(1)
    assert bob == {**common, "seat": 1, "hand": [str(c) for c in after.hand(1)],
                   "legal_moves": ["7♣", "6♠"]}
    assert after.observation(0)["legal_moves"] == []  # not Ann's turn
    assert after.observation(0)["hand"] == ["6♣", "5♦", "9♦"]


def test_observation_between_rounds_and_after_the_match():
    over = pos(OBSERVED.replace("Ann: 5♦ 9♦ 8♠ 6♣", "Ann: 5♦")).play("5♦")
    seen = over.observation(2)
    assert (seen["turn"], seen["to_move"], seen["phase"], seen["last_move"]) == (
        None, "chance", "deal", "5♦")
    bob, cy = over.hand_sizes()[1:]
    assert seen["legal_moves"] == [] and seen["scores"] == [4, bob, 1 + cy]
    assert seen["hand_sizes"] == [0, bob, cy] and bob + cy == 52 - 5
    assert [e["kind"] for e in seen["events"]] == ["went-out", "penalties"]
    assert seen["events"][0] == {"kind": "went-out", "players": [0], "rule_id": "sevens.round-end",
                                 "en": "Ann went out: the round is over.",
                                 "fr": "Ann a posé sa dernière carte : la manche est terminée."}
    last = finish_round(sevens.new_game(3, seed=1, rounds=1))
    seen = last.observation(0)
    assert (seen["turn"], seen["to_move"], seen["phase"]) == (None, None, None)


@pytest.mark.parametrize("seat", [3, -1, 4])
def test_observation_of_a_seat_that_does_not_exist(seat):
    with pytest.raises(PositionError, match=rf"seat: must be from 0 to 2, not {seat}"):
        pos(OBSERVED).observation(seat)


# ---- the deal as a chance step


def test_sevens_deal_step_sizes_count_and_probability():
    over = finish_round(sevens.new_game(3, seed=1, rounds=2))
    step = over.chance()
    assert isinstance(step, DealStep) and step.players == 3 and step.dealer == 0
    assert step.sizes == (17, 18, 17)  # one at a time from the new dealer's left
    assert step.count == factorial(52) // (factorial(17) ** 2 * factorial(18))
    dealt = over.play("deal").last_move
    assert step.probability(dealt) == Fraction(1, step.count)
    assert step.probability(Dealt([1] * 3)) == 0
    with pytest.raises(OverflowError, match=r"a deal has \d+ outcomes, too many to list; "
                                            r"use count, probability\(\) or sample\(\)"):
        step.outcomes()


def test_sevens_deal_impossible_deals_are_named():
    over = finish_round(sevens.new_game(3, seed=1, rounds=2))
    step = over.chance()
    real = over.play("deal").last_move
    masks = list(real.hand_masks)
    assert step.problem(real) is None
    assert step.problem("deal") == "a deal's outcome is the hands dealt"
    assert step.problem(Dealt(masks[:2])) == "there are 3 players but 2 hands"
    twice = Dealt([masks[0], masks[1] | (masks[0] & -masks[0]), masks[2]])
    assert step.problem(twice) == "a card is dealt twice"
    missing = Dealt([masks[0] & (masks[0] - 1), masks[1], masks[2]])
    assert step.problem(missing) == "every one of the 52 cards must be dealt"
    lowest = masks[1] & -masks[1]
    moved = Dealt([masks[0] | lowest, masks[1] ^ lowest, masks[2]])
    assert step.problem(moved) == ("dealt one at a time from the dealer's left, the hands hold "
                                   "17, 18, 17 cards, not 18, 17, 17")
    verdict = over.check(moved)
    assert verdict == (moved, False, "sevens.deal",
                       ("This deal cannot happen: dealt one at a time from the dealer's left, "
                        "the hands hold 17, 18, 17 cards, not 18, 17, 17."),
                       ("Cette donne est impossible : il faut distribuer les 52 cartes une à une "
                        "depuis la gauche du donneur."))


def test_sevens_deal_a_stacked_deal_is_played_as_dealt():
    over = finish_round(sevens.new_game(3, seed=1, rounds=2))
    hands = [
        "A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♦ 2♦ 3♦ 4♦",
        "5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥",
        "10♥ J♥ Q♥ K♥ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
    ]
    stacked = Dealt.of(hands)
    assert Dealt.of([h.split() for h in hands]) == stacked
    assert Dealt.of([[card(c) for c in h.split()] for h in hands]) == stacked
    assert over.check(stacked).legal
    after = over.play(stacked)
    assert [" ".join(map(str, h)) for h in after.hands] == hands
    assert after.to_move == 1 and after.dealer == 0 and after.last_move == stacked
    assert stacked.hands == [[card(c) for c in h.split()] for h in hands]


def test_sevens_deal_outcome_is_a_value():
    a = Dealt([1, 2, 4])
    b = Dealt((1, 2, 4))
    assert a == b and hash(a) == hash(b) and a != Dealt([1, 2, 8])
    assert a != (1, 2, 4) and a != "deal"
    assert {a, b} == {a}
    assert str(a) == "deal" and a.text() == "deal" and a.text("fr") == "donne"
    assert repr(Dealt.of(["A♣ 2♣", "3♣", ""])) == "Dealt(['A♣ 2♣', '3♣', ''])"
    assert a < Dealt([1, 2, 8]) and not Dealt([1, 2, 8]) < a and not a < b
    assert a.__lt__(5) is NotImplemented
    assert max([PASS, a, card("2♣")]) is a  # a deal sorts after cards and pass
    with pytest.raises(AttributeError, match="a move is a value and cannot change"):
        a.hand_masks = (0, 0, 0)


# ---- rows by any name of their suit


@pytest.mark.parametrize(("suit", "index"), [
    ("♣", 0), ("C", 0), ("c", 0), ("clubs", 0), ("Clubs", 0), ("trèfle", 0), ("TRÈFLE", 0),
    ("♦", 1), ("D", 1), ("diamonds", 1), ("carreau", 1),
    ("♥", 2), ("h", 2), ("Hearts", 2), ("cœur", 2), ("Cœur", 2),
    ("♠", 3), (" S ", 3), ("spades", 3), ("pique", 3), ("Pique", 3),
])
def test_sevens_build_row_of_a_suit_by_any_of_its_names(suit, index):
    game = pos(BUILDING)
    assert game.row(suit) == game.row(index)
    assert game.row(suit) == [(card("3♣"), card("K♣")), (card("7♦"), card("7♦")),
                              (card("7♥"), card("J♥")), (card("5♠"), card("10♠"))][index]


@pytest.mark.parametrize("suit", ["x", "coeur", "CD", "", "hearts!"])
def test_sevens_build_row_of_an_unknown_suit_is_a_notation_error(suit):
    from doublesept import NotationError

    with pytest.raises(NotationError) as err:
        pos(BUILDING).row(suit)
    assert err.value.reason_en == f"{suit!r} is not a suit: use ♣ ♦ ♥ ♠ or C D H S"


def test_sevens_build_rows_by_suit_symbol():
    game = pos(BUILDING)
    assert game.rows == {"♣": (card("3♣"), card("K♣")), "♦": (card("7♦"), card("7♦")),
                         "♥": (card("7♥"), card("J♥")), "♠": (card("5♠"), card("10♠"))}


# ---- what the players argument may be, and how a bad one is quoted


@pytest.mark.parametrize(("players", "message"), [
    (9, "[sevens.players] Sevens is for 3 to 8 players, not 9"),
    (3.5, "players must be a count or a list of names, not 3.5"),
    ("abc", "players must be a count or a list of names, not the text 'abc'"),
    (["Ann", "Bob"], "[sevens.players] Sevens is for 3 to 8 players, not 2"),
    (["Ann", "Bob", "C" * 41],
     "the name '" + "C" * 36 + "… is longer than 40 characters"),
    (["Ann", "Bob", 1], "a player's name must be non-empty text, not 1"),
    (["Ann", "Bob", [1] * 30],
     "a player's name must be non-empty text, not " + repr([1] * 30)[:37] + "…"),
], ids=["nine", "float", "text", "two", "long-name", "number-name", "long-bad-name"])
def test_sevens_players_bad_players_named_in_the_error(players, message):
    with pytest.raises(PositionError) as err:
        sevens.new_game(players)
    assert str(err.value) == message


def test_sevens_players_a_huge_count_is_quoted_without_writing_it_out():
    with pytest.raises(PositionError) as err:
        sevens.new_game(10**5000)  # str() of it would raise ValueError
    assert str(err.value).startswith("[sevens.players] Sevens is for 3 to 8 players, not a number")
    assert len(str(err.value)) < 100


def test_sevens_players_a_name_of_exactly_40_characters_is_quoted_whole():
    name = "N" * 40
    assert sevens.new_game(["Ann", "Bob", name]).names[2] == name
    with pytest.raises(PositionError) as err:
        sevens.new_game(["Ann", "Bob", name, name])
    assert str(err.value) == "two players have the same name: names must differ"


# ---- deal(): the hands of any round, from the seed and the round number


def test_sevens_deal_function_gives_the_hands_of_each_round():
    game = sevens.new_game(3, seed=1, rounds=3)
    assert sevens.deal(3, 2, 1, 1) == tuple(sum(c.bit for c in h) for h in game.hands)
    second = finish_round(game).play("deal")
    assert second.dealer == 0
    assert sevens.deal(3, 0, 1, 2) == tuple(sum(c.bit for c in h) for h in second.hands)
    assert sevens.deal(3, 0, 1, 2) != sevens.deal(3, 0, 1, 3)
    assert sevens.deal(3, 0, 2, 2) != sevens.deal(3, 0, 1, 2)


@pytest.mark.parametrize("suit", [4, -1, True, 1.0, None])
def test_sevens_build_row_of_a_suit_number_out_of_range(suit):
    from doublesept import NotationError

    with pytest.raises(NotationError) as err:
        pos(BUILDING).row(suit)
    assert (err.value.reason_en, err.value.reason_fr) == (
        f"a suit is 0 to 3 or one of ♣ ♦ ♥ ♠ (C D H S), not {suit!r}",
        f"une couleur est 0 à 3 ou ♣ ♦ ♥ ♠, pas {suit!r}")


# ---- to_text


def test_sevens_match_length_text_of_variant_rules_and_a_one_card_row():
    game = sevens.new_game(3, seed=1, rounds=2, opening="any", seven_penalty=5)
    text = game.play("7♠").to_text()
    assert text.splitlines()[:6] == [
        "players: Ann, Bob, Cy", "dealer: Cy", "round: 1 of 2",
        "rules: opening=any, seven_penalty=5", "scores: 0, 0, 0", "table: 7♠"]
    assert text.splitlines()[-2:] == ["turn: Bob", "seed: 1"]
    assert sevens.position(text) == game.play("7♠")
    assert "rules:" not in sevens.new_game(3, seed=1, rounds=2).to_text()


@pytest.mark.parametrize("style", ["emoji", "x" * 60, None])
def test_cards_notation_unknown_card_style_of_to_text(style):
    from doublesept import NotationError

    shown = repr(style) if len(repr(style)) <= 40 else repr(style)[:37] + "…"
    with pytest.raises(NotationError) as err:
        sevens.new_game(3, seed=1).to_text(style)
    assert (err.value.reason_en, err.value.reason_fr) == (
        f"the card style is one of symbol, en, letter, fr, not {shown}",
        f"le style des cartes est symbol, en, letter, fr, pas {shown}")


# ---- the last survivors: names, seeds, deal steps, hands, parse errors


def test_sevens_players_an_endless_list_of_names_is_refused():
    import itertools

    endless = (f"N{i}" for i in itertools.count())  # must not be read to the end
    with pytest.raises(PositionError) as err:
        sevens.new_game(endless)
    assert str(err.value) == "[sevens.players] Sevens is for 3 to 8 players, not more than 8"
    with pytest.raises(PositionError) as err:
        sevens.new_game([f"A{i}" for i in range(9)])
    assert str(err.value) == "[sevens.players] Sevens is for 3 to 8 players, not more than 8"
    assert sevens.new_game([f"A{i}" for i in range(8)]).players == 8


def test_sevens_players_names_that_are_refused_and_accepted():
    assert sevens.new_game(["Xavier", "Bob", "Cy"]).names == ("Xavier", "Bob", "Cy")
    with pytest.raises(PositionError) as err:
        sevens.new_game(["Ann", "Bob", "-"])
    assert str(err.value).startswith("'-' is a word of the notation")
    assert str(err.value).endswith("rest of the cards) and cannot be a name")
    for bad in ("#x", "A, B", "A:B", " Cy"):
        with pytest.raises(PositionError) as err:
            sevens.new_game(["Ann", "Bob", bad])
        assert str(err.value) == (f"the name {bad!r} may not contain ',', ':' or a line break, "
                                  "nor start with '#', nor start or end with a space")
    for bad in ("A\x07", "A\u200b", "A\ud800"):
        with pytest.raises(PositionError, match="holds a character that cannot be shown or "
                                                "saved: use printable letters, digits and signs"):
            sevens.new_game(["Ann", "Bob", bad])


def test_sevens_players_four_by_default():
    game = sevens.new_game()
    assert game.players == 4 and game.names == ("Ann", "Bob", "Cy", "Dee")
    assert 0 <= game.seed < 2**64 and sevens.position(game.to_text()) == game


@pytest.mark.parametrize(("seed", "round_number", "message"), [
    (-1, 1, "seed: must be from 0 to 18446744073709551615, not -1"),
    (2**64, 1, "seed: must be from 0 to 18446744073709551615, not 18446744073709551616"),
    (1, 0, "round: must be from 1 to 999999999999999999, not 0"),
])
def test_sevens_deal_function_refuses_a_seed_or_round_out_of_range(seed, round_number, message):
    with pytest.raises(PositionError) as err:
        sevens.deal(3, 0, seed, round_number)
    assert str(err.value) == message


def test_sevens_deal_the_lowest_and_highest_seeds_deal():
    for seed in (0, 2**64 - 1):
        hands = sevens.deal(3, 0, seed, 1)
        assert [h.bit_count() for h in hands] == [17, 18, 17]
        game = sevens.new_game(3, seed=seed, dealer=0)
        assert hands == tuple(sum(c.bit for c in hand) for hand in game.hands)
    with pytest.raises(PositionError) as err:
        sevens.new_game(4, seed=-1)
    assert str(err.value) == "seed: must be from 0 to 18446744073709551615, not -1"


def test_sevens_deal_step_refuses_players_and_dealer_out_of_range():
    with pytest.raises(PositionError) as err:
        DealStep(9, 0)
    assert str(err.value) == "players: must be from 3 to 8, not 9"
    with pytest.raises(PositionError) as err:
        DealStep(4, 4)
    assert str(err.value) == "dealer (a player number): must be from 0 to 3, not 4"
    assert DealStep(8, 7).sizes == (7,) * 4 + (6,) * 4


def test_sevens_deal_stacked_deal_of_garbage_is_a_notation_error():
    from doublesept import NotationError

    with pytest.raises(NotationError) as err:
        Dealt.of(5)
    assert err.value.reason_en == "a deal is one hand per player, not 5"
    with pytest.raises(NotationError) as err:
        Dealt.of([5])
    assert err.value.reason_en == "a hand is a list of cards, not 5"


def test_sevens_from_hand_hand_of_a_player_who_does_not_exist():
    game = sevens.new_game(3, seed=1)
    assert [str(c) for c in game.hand(2)][:3] == ["A♣", "4♣", "5♣"]
    for player in (3, -1):
        with pytest.raises(PositionError) as err:
            game.hand(player)
        assert str(err.value) == f"player: must be from 0 to 2, not {player}"


def test_cards_notation_a_move_that_is_not_text_is_refused_in_both_languages():
    verdict = sevens.new_game(3, seed=1).check(3.5)
    assert verdict == (3.5, False, "cards.notation",
                       "a move is a card such as '8♠', or 'pass' or 'deal'; not 3.5",
                       "un coup est une carte comme « 8♠ », ou « passe » ou « donne » ; pas 3.5")


def test_sevens_seven_starts_row_and_a_row_up_to_the_king_word_for_word():
    game = pos("""
    players: Ann, Bob, Cy
    table: 7♦ 5♠-K♠
    Ann: 3♠ 7♥ ...
    Bob: ...
    Cy: ...
    turn: Ann
    """)
    assert game.check("7♥") == (card("7♥"), True, "sevens.seven-starts-row",
                                "Fits: any 7 starts its suit's row",
                                "Se pose : tout 7 lance la rangée de sa couleur")
    assert game.check("3♠") == (card("3♠"), False, "sevens.build",
                                "Does not fit: the next spade down is 4♠",
                                "Ne convient pas : le pique suivant vers le bas est le 4♠")
