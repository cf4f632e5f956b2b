"""More tests killing the mutants a mutation run of Flip 7 left alive (benchmarks/mutation.py
--game flip7 --sample 100 --seed 0, issue 20); tests/test_flip7_mutation_survivors.py holds
the first ones.

Each pins real behaviour as a user meets it: the exact English and French words of a verdict
or an event, its rule id, the observation's fields and the position reached. Public API only.
"""

from __future__ import annotations

import pytest

from doublesept.flip7 import position


def events(state):
    return [(e.kind, e.players, e.rule_id, e.en, e.fr) for e in state.events]


def verdict(state, move):
    v = state.check(move)
    return (v.legal, v.rule_id, v.reason_en, v.reason_fr)


# ---------------------------------------------------------------- a tie of three or four

TIED = ("players: Ann, Bob, Cy, Dee\nround: 5\nscores: 196, 198, 186, {dee}\nAnn: 4 (stayed)\n"
        "Bob: 2 (stayed)\nCy: 12, 2 (frozen)\nDee: 1\nturn: Dee")


@pytest.mark.parametrize("dee, leaders, en, fr", [
    (50, (0, 1, 2), "Ann, Bob and Cy", "Ann, Bob et Cy"),
    (199, (0, 1, 2, 3), "Ann, Bob, Cy and Dee", "Ann, Bob, Cy et Dee"),
])
def test_flip7_tie_of_three_or_four_players_names_them_all_word_for_word(dee, leaders, en, fr):
    over = position(TIED.format(dee=dee)).play("stay")
    assert events(over)[-1] == (
        "tie", leaders, "flip7.tie",
        f"{en} are tied at the top with 200: everyone plays another round.",
        f"{fr} sont à égalité en tête avec 200 : tout le monde joue une manche de plus.")
    assert over.scores == (200, 200, 200, dee + 1)
    assert not over.is_over and over.winners == () and over.decision.en == "Deal round 6: Bob deals"


# ---------------------------------------------------------------- endless_reshuffle's actions

def pile(**counts):
    """The 22 counts of a discard pile: pile(k19=1) is one Freeze."""
    found = [0] * 22
    for kind, n in counts.items():
        found[int(kind[1:])] = n
    return tuple(found)


@pytest.mark.parametrize("discards, held, endless", [
    (pile(k19=1), 0, True),  # a Freeze alone: it changes no line
    (pile(k19=3, k20=3, k21=3), 0, True),  # every action card, nothing else
    (pile(k19=2, k7=1), 1 << 7, True),  # Freezes and a 7 that a player still in has
    (pile(k19=1, k18=1), 0, False),  # the +10 is sure to join a line
    (pile(k13=1), 1 << 13, False),  # the ×2 is a modifier, not a number, whatever held says
])
def test_flip7_endless_reshuffle_action_cards_never_count_as_a_change(discards, held, endless):
    from doublesept.flip7.rules import endless_reshuffle

    assert endless_reshuffle(discards, held) is endless


# ---------------------------------------------------------------- another game's word


def test_flip7_hit_another_games_word_at_hit_or_stay_is_refused_word_for_word():
    from doublesept.errors import IllegalMove
    from doublesept.sevens.state import PASS  # Sevens' "pass": a move value, not Flip 7's

    state = position("players: Ann, Bob\nAnn: 3\nBob: 4\nturn: Ann")
    assert verdict(state, PASS) == (
        False, "flip7.hit", "No action card is waiting for a player: Ann is to hit or stay.",
        "Aucune carte Action n'attend de joueur : Ann dit encore ou stop.")
    with pytest.raises(IllegalMove) as raised:
        state.play(PASS)
    assert (raised.value.rule_id, raised.value.reason_fr) == (
        "flip7.hit", "Aucune carte Action n'attend de joueur : Ann dit encore ou stop.")
    assert state.legal_moves() == (state.parse_move("hit"), state.parse_move("stay"))


# ---------------------------------------------------------------- the deck runs out for good


def eighteen_at_the_end(discarded_sevens: int) -> str:
    """18 players holding every card but ``discarded_sevens`` 7s (in the discards) and the
    actions waiting: P1's 3 Freezes and 3 Flip Threes, P2's last card of a Flip Three, and
    P6's extra Second Chance to pass on. The deck is empty."""
    from doublesept.flip7.rules import COPIES

    names = [f"P{i}" for i in range(18)]
    lines = [[] for _ in names]
    pool = [n for n in range(12, -1, -1) for _ in range(COPIES[n])]
    for i, n in enumerate(pool):  # round robin: nobody gets the same number twice
        lines[i % 18].append(str(n))
    for i, extra in enumerate(["×2", "+2", "+4", "+6", "+8", "+10", "Second Chance",
                               "Second Chance"]):
        lines[i].append(extra)
    taken = 0
    for cards in lines:  # the first players holding a 7 (P1, P2) lose it to the discards
        if taken < discarded_sevens and "7" in cards:
            cards.remove("7")
            taken += 1
    discards = ", ".join(["7"] * discarded_sevens) or "-"
    text = "players: " + ", ".join(names) + f"\ndeck: -\ndiscards: {discards}\n"
    text += "".join(f"{name}: {', '.join(cards)}\n" for name, cards in zip(names, lines))
    return text + "turn: P0\npending: play " + ", ".join(
        [f"{c} aside by P1" for c in ["Freeze"] * 3 + ["Flip Three"] * 3]) + \
        "; flip-three P2 1; second-chance P6\n"


@pytest.mark.parametrize("sevens, kind, en, fr", [
    (0, "no-cards",
     ("No card is left to draw, in the deck or the discards: the round ends, and the players "
      "still in keep their points."),
     ("Il ne reste aucune carte à piocher, ni dans la pioche ni dans la défausse : la manche "
      "se termine, et les joueurs encore en jeu gardent leurs points.")),
    (1, "endless-reshuffle",
     ("The deck is empty and the discards (1 card) hold no modifier and only one number card, "
      "each a number a player still in already has: Second Chances could cancel them all, "
      "so the same cards could go round for ever; the round ends, and the players still in "
      "keep their points."),
     ("La pioche est vide et la défausse (1 carte) ne contient aucune carte Bonus et "
      "seulement une carte Numéro, chacune un numéro qu'un joueur encore en jeu a déjà : des "
      "Secondes Chances pourraient toutes les annuler, et les mêmes cartes tourner sans "
      "fin ; la manche se termine, et les joueurs encore en jeu gardent leurs points.")),
    (2, "endless-reshuffle",
     ("The deck is empty and the discards (2 cards) hold no modifier and only 2 number cards, "
      "each a number a player still in already has: Second Chances could cancel them all, "
      "so the same cards could go round for ever; the round ends, and the players still in "
      "keep their points."),
     ("La pioche est vide et la défausse (2 cartes) ne contient aucune carte Bonus et "
      "seulement 2 cartes Numéro, chacune un numéro qu'un joueur encore en jeu a déjà : des "
      "Secondes Chances pourraient toutes les annuler, et les mêmes cartes tourner sans "
      "fin ; la manche se termine, et les joueurs encore en jeu gardent leurs points.")),
])
def test_flip7_endless_reshuffle_the_round_ends_word_for_word(sevens, kind, en, fr):
    state = position(eighteen_at_the_end(sevens))
    over = state.play("give second-chance P8")
    assert events(over)[:2] == [
        ("second-chance-passed", (6, 8), "flip7.second-chance-limit",
         "P6 already has a Second Chance and passes this one to P8.",
         "P6 a déjà une Seconde Chance et passe celle-ci à P8."),
        (kind, (), "flip7.endless-reshuffle", en, fr),
    ]
    # then P1's six cards waiting are dropped (F17), and the round is scored
    assert [e[0] for e in events(over)[2:]] == ["action-discarded"] * 6 + ["round-over"]
    assert over.is_round_over and over.card_count() == 94
    assert over.discards[7] == sevens and over.discards[19] == 3 and over.discards[20] == 3


# ---------------------------------------------------------------- Flip Three's cards given or alone

THREE = "players: Ann, Bob, Cy\ndeck: {deck}, ...\nAnn: 3\nBob: {bob}\nCy: {cy}\nturn: Ann\n"


def three(deck, bob="4", cy="6"):
    return position(THREE.format(deck=deck, bob=bob, cy=cy))


def walk(state, *moves):
    for move in moves:
        state = state.play(move)
    return state


def test_flip7_deferred_after_bust_the_buster_gives_the_flip_three_word_for_word():
    # Ann flips three on herself: a Flip Three (set aside), then a 3: she busts and gives it
    busted = walk(three("Flip Three, Flip Three, 3, 1, 2, 5"), "hit", "draw", "flip-three Ann",
                  "draw", "draw")
    assert busted.decision.en == ("Ann busted: Ann gives the Flip Three set aside to an "
                                  "active player")
    assert [busted.move_text(m) for m in busted.legal_moves()] == [
        "give flip-three Bob", "give flip-three Cy"]
    assert verdict(busted, "give flip-three Bob") == (
        True, "flip7.deferred-after-bust", "Bob flips three cards, one at a time.",
        "Bob retourne trois cartes, une par une.")
    given = busted.play("give flip-three Bob")
    assert events(given) == [
        ("flip-three", (0, 1), "flip7.deferred-after-bust",
         "Ann gives the Flip Three to Bob, who flips three cards.",
         "Ann donne le Trois à la Suite à Bob, qui retourne trois cartes.")]
    assert given.decision.en == "Flip card 1 of 3 for Bob" and given.discards[20] == 2
    flipped = walk(given, "draw", "draw", "draw")
    assert [c.value for c in flipped.line(1).numbers] == [1, 2, 4, 5]


def test_flip7_deferred_after_bust_nobody_active_the_card_is_discarded_word_for_word():
    # Bob stayed, Cy is frozen: when Ann busts, nobody can receive her Freeze set aside
    over = walk(three("Flip Three, Freeze, 3", bob="4 (stayed)", cy="6 (frozen)"), "hit",
                "draw", "flip-three Ann", "draw", "draw")
    assert events(over) == [
        ("flipped", (0,), "flip7.flip-three", "Ann flips a 3 (card 2 of 3).",
         "Ann retourne un 3 (carte 2 sur 3)."),
        ("bust", (0,), "flip7.bust",
         "Ann already has the 3: Ann busts and is out of the round, scoring 0.",
         "Ann a déjà le 3 : Ann saute et sort de la manche, avec 0 point."),
        ("action-discarded", (0,), "flip7.deferred-after-bust",
         "Ann's Freeze is discarded: nobody is active to receive it.",
         "La carte Gel d'Ann est défaussée : personne n'est actif pour la recevoir."),
        ("round-over", (0, 1, 2), "flip7.scoring",
         "Round 1 is over. Points: Ann 0 (bust), Bob 4, Cy 6.",
         "La manche 1 est terminée. Points : Ann 0 (a sauté), Bob 4, Cy 6."),
    ]
    assert over.is_round_over and over.scores == (0, 4, 6)
    assert over.discards[19] == 1 and over.discards[20] == 1 and over.card_count() == 94


def test_flip7_flip_three_the_only_active_player_flips_three_themself_word_for_word():
    # Ann alone draws a Flip Three: it is no Freeze, so flip7.freeze-self is not the rule
    drawn = walk(three("Flip Three, 1, 2, 5", bob="4 (stayed)", cy="6 (frozen)"), "hit", "draw")
    assert [drawn.move_text(m) for m in drawn.legal_moves()] == ["flip-three Ann"]
    assert verdict(drawn, "flip-three Ann") == (
        True, "flip7.flip-three", "Ann flips three cards, one at a time.",
        "Ann retourne trois cartes, une par une.")
    assert verdict(drawn, "flip-three Bob") == (
        False, "flip7.flip-three",
        "Bob is out of the round (stayed): the Flip Three is played on an active player.",
        ("Bob est hors de la manche (a dit stop) : la carte Trois à la Suite se joue sur un "
         "joueur actif."))
    assert verdict(drawn, "flip-three Cy") == (
        False, "flip7.flip-three",
        "Cy is out of the round (frozen): the Flip Three is played on an active player.",
        ("Cy est hors de la manche (a reçu un Gel) : la carte Trois à la Suite se joue sur "
         "un joueur actif."))
    assert verdict(drawn, "freeze Ann") == (
        False, "flip7.flip-three", "The card to play is the Flip Three, not the Freeze.",
        "Il faut jouer la carte Trois à la Suite, pas la carte Gel.")


def test_flip7_players_a_seat_number_out_of_range_is_refused_word_for_word():
    from doublesept.errors import IllegalMove

    drawn = walk(three("Freeze, 1, 2, 5"), "hit", "draw")
    reasons = ("the player's seat number: 25 is out of range (0 to 17)",
               "le numéro de place du joueur : 25 est hors limites (0 à 17)")
    assert verdict(drawn, "freeze 25") == (False, "flip7.deck", *reasons)
    with pytest.raises(IllegalMove) as raised:
        drawn.play("freeze 25")
    assert (raised.value.rule_id, raised.value.reason_en, raised.value.reason_fr) == (
        "flip7.deck", *reasons)
    assert verdict(drawn, "freeze 17") == (
        False, "flip7.players", "There is no player 17: the players are numbered 0 to 2.",
        "Il n'y a pas de joueur 17 : les joueurs sont numérotés de 0 à 2.")


# ---------------------------------------------------------------- stacking the next deal


def test_flip7_dealer_rotates_the_first_card_of_the_next_deal_can_be_stacked_word_for_word():
    from doublesept.errors import IllegalMove

    over = position("players: Ann, Bob, Cy\nround: 3\nscores: 10, 20, 30\ndeck: ...\n"
                    "discards: 0\nAnn: 12 (stayed)\nBob: 5 (frozen)\nCy: 1\nturn: Cy").play("stay")
    assert verdict(over, "Freeze") == (
        True, "flip7.dealer-rotates",
        "Stack the deck: Freeze comes next (the first card of the next deal).",
        "Paquet arrangé : la carte Gel vient ensuite (la première carte de la donne suivante).")
    dealt = over.play("Freeze")
    assert events(dealt) == [
        ("new-round", (1,), "flip7.dealer-rotates",
         "Round 4: Bob deals, with the rest of the deck.",
         "Manche 4 : Bob distribue, avec le reste de la pioche."),
        ("dealt", (1,), "flip7.deal", "Bob is dealt a Freeze.", "Bob reçoit la carte Gel."),
    ]
    assert (dealt.to_move, dealt.decision.en, dealt.deck_size, str(dealt.last_move)) == (
        1, "Bob to choose whom to freeze", 89, "Freeze")
    reasons = ("No 0 is left in the deck: it cannot come next.",
               "Il ne reste aucune carte 0 dans la pioche : elle ne peut pas venir.")
    assert verdict(over, "0") == (False, "flip7.deck", *reasons)
    with pytest.raises(IllegalMove) as raised:
        over.play("0")
    assert (raised.value.rule_id, raised.value.reason_en, raised.value.reason_fr) == (
        "flip7.deck", *reasons)


# ---------------------------------------------------------------- an extra Second Chance


@pytest.mark.parametrize("turn, receivers", [
    ("Ann", ["give second-chance Bob", "give second-chance Cy"]),
    ("Bob", ["give second-chance Ann", "give second-chance Cy"]),
    ("Cy", ["give second-chance Ann", "give second-chance Bob"]),
])
def test_flip7_second_chance_limit_the_extra_one_goes_to_each_other_active_player(turn,
                                                                                   receivers):
    text = ("players: Ann, Bob, Cy\ndeck: Second Chance, ...\nAnn: 3\nBob: 4\nCy: 6\n"
            f"turn: {turn}\n").replace(f"{turn}: ", f"{turn}: Second Chance, ", 1)
    extra = walk(position(text), "hit", "draw")
    assert extra.decision.phase == "give-second-chance"
    assert [extra.move_text(m) for m in extra.legal_moves()] == receivers
    assert [extra.check(m).legal for m in extra.candidate_moves()] == [
        extra.move_text(m) in receivers for m in extra.candidate_moves()]


# ---------------------------------------------------------------- the generator's rejection


def _counter_reading(seed: int, z: int) -> int:
    """The counter at which draw_index(seed, counter, size) reads the 64-bit value ``z``
    (its SplitMix64 finaliser inverted, then the stream's step undone)."""
    from doublesept.flip7.state import _splitmix

    mask, gamma = (1 << 64) - 1, 0x9E3779B97F4A7C15

    def unshift(y, s):
        x = y
        for _ in range(64 // s + 1):
            x = y ^ (x >> s)
        return x & mask

    x = unshift(z, 31)
    x = x * pow(0x94D049BB133111EB, -1, 1 << 64) & mask
    x = unshift(x, 27)
    x = x * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & mask
    x = unshift(x, 30)
    base = _splitmix(seed ^ 0x5EED_F1B7)
    return ((x - base) * pow(gamma, -1, 1 << 64) - 1) & mask


@pytest.mark.parametrize("size", [94, 18, 13])  # 2**64 % size: 72, 16 and 3
def test_flip7_first_dealer_draw_index_is_uniform_by_rejection(size):
    from doublesept.flip7.state import draw_index

    # 2**64 values: the top 2**64 % size are rejected (read further along), so each of the
    # size positions comes from the same number of values
    limit = (1 << 64) - (1 << 64) % size
    last = _counter_reading(7, limit - 1)  # the last value accepted
    assert draw_index(7, last, size) == (limit - 1) % size
    # (read further along, it would give another position: the test can tell)
    assert draw_index(7, last + (1 << 48), size) != (limit - 1) % size
    first = _counter_reading(7, limit)  # the first value rejected: read further along
    assert draw_index(7, first, size) == draw_index(7, first + (1 << 48), size)


# ---------------------------------------------------------------- underscores read as spaces


@pytest.mark.parametrize("text, kind", [("second_chance", 21), ("Flip_Three", 20),
                                        ("TROIS_A_LA_SUITE", 20), ("_7_", 7), ("seconde_chance", 21)])
def test_flip7_deck_a_card_written_with_underscores_is_read(text, kind):
    from doublesept import flip7

    assert flip7.card(text) is flip7.Flip7Card(kind)


def test_flip7_hit_a_move_written_with_underscores_is_read():
    from doublesept.flip7 import parse_move

    assert parse_move("give_second_chance 2").text() == "give second-chance 2"
    assert parse_move("flip_three Bob", ["Ann", "Bob"]).text() == "flip-three 1"
    assert parse_move("donner_gel 1").text("fr") == "donner gel 1"
    state = position("players: Ann, Bob, Cy\ndeck: Freeze, ...\nAnn: 3\nBob: 4\nCy: 6\n"
                     "turn: Ann").play("hit").play("draw")
    assert verdict(state, "FREEZE_Bob") == (
        True, "flip7.freeze", "Bob is frozen: out of the round, keeping 4 points.",
        "Gel pour Bob : hors de la manche, avec 4 points acquis.")
