"""Tests that kill the mutants a mutation run of Double Seven left alive (benchmarks/mutation.py,
issue 20).

They pin whole values (every field of a verdict, an event, an observation) in English and in
French, where the other tests only looked at one field or one language: the observation and
the French words are what the widgets and the computer players read, so a changed word, a
flipped condition or a dropped argument in the engine must fail a test. Public API only.
"""

from __future__ import annotations

import pytest

from doublesept import double_seven
from doublesept.double_seven import position


def events(state):
    return [(e.kind, e.players, e.rule_id, e.en, e.fr) for e in state.events]


def verdict(state, move):
    v = state.check(move)
    return (v.legal, v.rule_id, v.reason_en, v.reason_fr)


def last_moves(state):
    """The last move as each seat sees it, then as a spectator sees it."""
    return [state.observation(seat)["last_move"] for seat in (*range(state.players), None)]


# ---------------------------------------------------------------- what each seat sees


def test_doubleseven_draw_source_only_the_drawer_sees_a_hidden_tile():
    state = position("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack fox\nface-up: bird\n"
                     "reserve: squirrel, ...")
    asked = state.play("draw hidden")
    assert last_moves(asked) == ["draw hidden"] * 3  # asking is public: which tile is not
    revealed = asked.play("reveal")
    assert last_moves(revealed) == ["squirrel", "a hidden tile", "a hidden tile"]
    assert events(revealed) == [("drew", (0,), "doubleseven.draw-source",
                                 "Ann draws a hidden tile.", "Ann pioche une tuile cachée.")]
    face_up = revealed.play("draw face-up bird")
    assert last_moves(face_up) == ["draw face-up bird"] * 3
    assert events(face_up) == [("drew", (0,), "doubleseven.draw-source",
                                "Ann takes the face-up bird.", "Ann prend la tuile visible oiseau.")]
    passed = face_up.play("pass")
    assert last_moves(passed) == ["pass"] * 3  # a move after a hidden tile is public again


def test_doubleseven_setup_a_tile_dealt_is_seen_by_its_player_alone():
    game = double_seven.new_game(["Ann", "Bob", "Cy"], seed=3, first=1)
    assert game.dealt_to() == 1
    dealt = game.play("fox")  # Bob, the first player, is dealt first
    assert last_moves(dealt) == ["a hidden tile", "fox", "a hidden tile", "a hidden tile"]
    assert events(dealt) == [("dealt", (1,), "doubleseven.setup", "Bob is dealt a tile.",
                              "Bob reçoit une tuile.")]
    second = dealt.play("bear")
    assert last_moves(second) == ["a hidden tile", "a hidden tile", "bear", "a hidden tile"]


def test_doubleseven_flip_a_tile_turned_face_up_is_seen_by_everyone():
    state = position("players: Ann, Bob\nturn: Bob\nphase: flip\nAnn: rack fox\nBob: rack fox")
    flipped = state.play("frog")
    assert last_moves(flipped) == ["frog", "frog", "frog"]
    assert events(flipped) == [("flipped", (1,), "doubleseven.flip", "A frog is turned face up.",
                                "Une tuile grenouille est retournée face visible.")]


PER_ANIMAL = """
players: Ann, Bob, Cy
turn: Ann
trigger: Ann
Ann: rack fox, bird, clover; families squirrel 4, frog 7, fox 8; tokens 7, 7, 77; earned frog, fox
Bob: rack frog, frog; families bird 6 + clover; tokens 7; earned bird
Cy: rack -; families bear 7; tokens 7; earned bear
face-up: bear
out: rabbit
rules: token_award=per-animal
"""


def test_doubleseven_sept_per_animal_observation_word_for_word():
    state = position(PER_ANIMAL)
    table = {
        "game": "doubleseven",
        "players": ["Ann", "Bob", "Cy"],
        "dealer": 0,
        "round": 1,
        "rules": {"rainbow_clovers": "none-on-rack", "two_for_one_take_back": "forbidden",
                  "token_award": "per-animal", "token_supply": "eight",
                  "last_turn_discard": "applies"},
        "scores": [23, 8, 8],
        "turn": 0,
        "to_move": 0,
        "phase": "act",
        "first": 0,
        "rack_sizes": [3, 2, 0],
        "families": [
            [{"animal": "squirrel", "tiles": 4, "animals": 4, "clovers": 0},
             {"animal": "frog", "tiles": 7, "animals": 7, "clovers": 0},
             {"animal": "fox", "tiles": 8, "animals": 8, "clovers": 0}],
            [{"animal": "bird", "tiles": 7, "animals": 6, "clovers": 1}],
            [{"animal": "bear", "tiles": 7, "animals": 7, "clovers": 0}]],
        "face_up": {"bear": 1},
        "reserve_size": 51,
        "out": {"rabbit": 1},
        "tokens": [2, 1, 1],
        "septs": [2, 1, 1],
        # the animals that earned each player a '7' (D5): fox is bit 2, frog bit 7
        "earned": [["fox", "frog"], ["bird"], ["bear"]],
        "supply": 4,
        "double_seven": 0,
        "trigger": 0,
        "to_draw": 0,
        "draw_for": "turn",
        "rainbow_window": False,
        "rainbow_used": False,
        "two_for_one_used": False,
        "just_discarded": [],
        "winners": [],
        "last_move": None,
        "events": [],
    }
    assert state.observation(1) == {**table, "seat": 1, "rack": ["frog", "frog"],
                                    "legal_moves": []}
    assert state.observation(None) == {**table, "seat": None, "rack": None, "legal_moves": []}
    mine = state.observation(0)
    assert mine == {**table, "seat": 0, "rack": ["bird", "fox", "clover"],
                    "legal_moves": mine["legal_moves"]}
    assert mine["legal_moves"] == [state.move_text(m) for m in state.legal_moves()]
    assert mine["legal_moves"] == [
        "pass", "start bird clover", "expand 1 with clover", "expand 2 with clover",
        "expand 3 with fox", "expand 3 with fox clover", "expand 3 with clover",
        "exchange my 2 for Bob's 1", "exchange my 2 for Cy's 1",
        "retrieve clover from Bob's 1 with bird", "two-for-one bird fox",
        "two-for-one bird clover", "two-for-one fox clover"]


# ---------------------------------------------------------------- the end of the game


def game_over(text):
    return position(text).play("pass")


def test_doubleseven_tie_three_players_share_the_victory_word_for_word():
    over = game_over("players: Ann, Bob, Cy, Dee\nturn: Dee\ntrigger: Ann\n"
                     "Ann: families bird 7, fox 3\nBob: families bear 10\n"
                     "Cy: families frog 5, squirrel 5\nDee: rack fox; families rabbit 2\n"
                     "reserve: -\nout: ...")
    assert over.scores == (10, 10, 10, 2) and over.winners == (0, 1, 2)
    assert events(over) == [
        ("passed", (3,), "doubleseven.pass", "Dee: Je passe !", "Dee : Je passe !"),
        ("game-over", (0, 1, 2), "doubleseven.tie",
         "The game is over. Scores: Ann 10, Bob 10, Cy 10, Dee 2. Ann, Bob and Cy share the "
         "victory.",
         "La partie est terminée. Scores : Ann 10, Bob 10, Cy 10, Dee 2. Ann, Bob et Cy se "
         "partagent la victoire."),
    ]
    assert over.observation(None)["winners"] == [0, 1, 2]


def test_doubleseven_tie_two_players_share_the_victory_word_for_word():
    over = game_over("players: Ann, Bob, Cy\nturn: Cy\ntrigger: Ann\nAnn: families bird 4\n"
                     "Bob: families bear 4\nCy: rack fox; families rabbit 2\nreserve: -\nout: ...")
    assert events(over)[-1] == (
        "game-over", (0, 1), "doubleseven.tie",
        "The game is over. Scores: Ann 4, Bob 4, Cy 2. Ann and Bob share the victory.",
        "La partie est terminée. Scores : Ann 4, Bob 4, Cy 2. Ann et Bob se partagent la "
        "victoire.")


def test_doubleseven_tie_the_77_wins_the_tie_word_for_word():
    over = game_over("players: Ann, Bob\nturn: Bob\ntrigger: Ann\n"
                     "Ann: families bird 7, fox 7; tokens 7, 7, 77\n"
                     "Bob: rack fox; families bear 11, frog 7\nreserve: -\nout: ...")
    assert over.scores == (18, 18) and over.winners == (0,)
    assert events(over)[-1] == (
        "game-over", (0,), "doubleseven.tie",
        "The game is over. Scores: Ann 18, Bob 18. Ann wins the tie with the '77'.",
        "La partie est terminée. Scores : Ann 18, Bob 18. Ann l'emporte à égalité grâce au "
        "« 77 ».")


def test_doubleseven_tie_a_clear_winner_word_for_word():
    over = game_over("players: Ann, Bob\nturn: Bob\ntrigger: Ann\n"
                     "Ann: families bird 7, fox 7; tokens 7, 7, 77\n"
                     "Bob: rack fox; families bear 3\nreserve: -\nout: ...")
    assert events(over)[-1] == (
        "game-over", (0,), "doubleseven.tie",
        "The game is over. Scores: Ann 18, Bob 3. Ann wins.",
        "La partie est terminée. Scores : Ann 18, Bob 3. Ann gagne.")


# ---------------------------------------------------------------- every verdict of a turn

ACT = ("players: Ann, Bob, Cy\nturn: Ann\nAnn: rack fox, fox, bird, clover; "
       "families fox 2 + clover, bird 3\nBob: rack bear; families fox 3 + clover, bear 4\n"
       "Cy: families frog 2")

ACT_VERDICTS = [
    ("rainbow", False, "doubleseven.rainbow-timing",
     "Rainbow is called straight after the draw, before any other action (D2, D14).",
     "Arc-en-ciel s'annonce juste après la pioche, avant toute autre action (D2, D14)."),
    ("pass", True, "doubleseven.pass", "Ann passes (Je passe !).", "Ann passe (Je passe !)."),
    ("start bird", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two birds, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux oiseaux, ou un oiseau et un trèfle)."),
    ("start fox", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two foxes, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux renards, ou un renard et un trèfle)."),
    ("start fox fox", False, "doubleseven.one-family-per-animal",
     "Ann already has a family of foxes: a second one cannot be started (D10).",
     "Ann a déjà une famille de renards : on ne peut pas en commencer une deuxième (D10)."),
    ("expand 1 with bird", False, "doubleseven.expand-family",
     "Family 1 is a family of foxes: a bird cannot join it (one animal a family).",
     "La famille 1 est une famille de renards : un oiseau ne peut pas s'y joindre (un animal "
     "par famille)."),
    ("expand 1 with fox", True, "doubleseven.expand-family",
     "Ann's family 1 of foxes grows to 4 tiles.",
     "La famille 1 d'Ann (renards) passe à 4 tuiles."),
    ("expand 1 with fox fox", True, "doubleseven.expand-family",
     "Ann's family 1 of foxes grows to 5 tiles.",
     "La famille 1 d'Ann (renards) passe à 5 tuiles."),
    ("expand 1 with fox fox clover", True, "doubleseven.expand-family",
     "Ann's family 1 of foxes grows to 6 tiles.",
     "La famille 1 d'Ann (renards) passe à 6 tuiles."),
    ("expand 1 with fox clover", True, "doubleseven.expand-family",
     "Ann's family 1 of foxes grows to 5 tiles.",
     "La famille 1 d'Ann (renards) passe à 5 tuiles."),
    ("expand 1 with clover", True, "doubleseven.expand-family",
     "Ann's family 1 of foxes grows to 4 tiles.",
     "La famille 1 d'Ann (renards) passe à 4 tuiles."),
    ("expand 2 with bird", True, "doubleseven.expand-family",
     "Ann's family 2 of birds grows to 4 tiles.",
     "La famille 2 d'Ann (oiseaux) passe à 4 tuiles."),
    ("expand 2 with bird clover", True, "doubleseven.expand-family",
     "Ann's family 2 of birds grows to 5 tiles.",
     "La famille 2 d'Ann (oiseaux) passe à 5 tuiles."),
    ("expand 2 with fox", False, "doubleseven.expand-family",
     "Family 2 is a family of birds: a fox cannot join it (one animal a family).",
     "La famille 2 est une famille d'oiseaux : un renard ne peut pas s'y joindre (un animal "
     "par famille)."),
    ("expand 2 with clover", True, "doubleseven.expand-family",
     "Ann's family 2 of birds grows to 4 tiles.",
     "La famille 2 d'Ann (oiseaux) passe à 4 tuiles."),
    ("exchange my 1 for Bob's 1", False, "doubleseven.exchange",
     "Ann's family 1 has 3 tiles and Bob's family 1 has 4: an exchange needs exactly the same "
     "size.",
     "La famille 1 d'Ann a 3 tuiles et la famille 1 de Bob en a 4 : un échange demande "
     "exactement la même taille."),
    ("exchange my 1 for Bob's 2", False, "doubleseven.exchange",
     "Ann's family 1 has 3 tiles and Bob's family 2 has 4: an exchange needs exactly the same "
     "size.",
     "La famille 1 d'Ann a 3 tuiles et la famille 2 de Bob en a 4 : un échange demande "
     "exactement la même taille."),
    ("exchange my 1 for Cy's 1", False, "doubleseven.exchange",
     "Ann's family 1 has 3 tiles and Cy's family 1 has 2: an exchange needs exactly the same "
     "size.",
     "La famille 1 d'Ann a 3 tuiles et la famille 1 de Cy en a 2 : un échange demande "
     "exactement la même taille."),
    ("exchange my 2 for Bob's 1", False, "doubleseven.exchange",
     "Ann's family 2 has 3 tiles and Bob's family 1 has 4: an exchange needs exactly the same "
     "size.",
     "La famille 2 d'Ann a 3 tuiles et la famille 1 de Bob en a 4 : un échange demande "
     "exactement la même taille."),
    ("exchange my 2 for Bob's 2", False, "doubleseven.exchange",
     "Ann's family 2 has 3 tiles and Bob's family 2 has 4: an exchange needs exactly the same "
     "size.",
     "La famille 2 d'Ann a 3 tuiles et la famille 2 de Bob en a 4 : un échange demande "
     "exactement la même taille."),
    ("exchange my 2 for Cy's 1", False, "doubleseven.exchange",
     "Ann's family 2 has 3 tiles and Cy's family 1 has 2: an exchange needs exactly the same "
     "size.",
     "La famille 2 d'Ann a 3 tuiles et la famille 1 de Cy en a 2 : un échange demande "
     "exactement la même taille."),
    ("retrieve clover from my 1 with fox", True, "doubleseven.retrieve-clover",
     "Ann puts a fox in their own family 1 and takes its clover.",
     "Ann met un renard dans sa famille 1 et prend son trèfle."),
    ("retrieve clover from Bob's 1 with fox", True, "doubleseven.retrieve-clover",
     "Ann puts a fox in Bob's family 1 and takes its clover.",
     "Ann met un renard dans la famille 1 de Bob et prend son trèfle."),
    ("two-for-one bird fox", True, "doubleseven.two-for-one",
     "Ann discards a bird and a fox face up, then draws 1 tile.",
     "Ann défausse un oiseau et un renard face visible, puis pioche 1 tuile."),
    ("two-for-one bird clover", True, "doubleseven.two-for-one",
     "Ann discards a bird and a clover face up, then draws 1 tile.",
     "Ann défausse un oiseau et un trèfle face visible, puis pioche 1 tuile."),
    ("two-for-one fox fox", True, "doubleseven.two-for-one",
     "Ann discards a fox and a fox face up, then draws 1 tile.",
     "Ann défausse un renard et un renard face visible, puis pioche 1 tuile."),
    ("two-for-one fox clover", True, "doubleseven.two-for-one",
     "Ann discards a fox and a clover face up, then draws 1 tile.",
     "Ann défausse un renard et un trèfle face visible, puis pioche 1 tuile."),
    ("discard bird", False, "doubleseven.discard",
     "A tile is discarded only at the end of the turn, with 6 or more on the rack: pass first.",
     "On ne défausse qu'à la fin du tour, avec 6 tuiles ou plus : passez d'abord."),
]


def test_doubleseven_actions_every_candidate_verdict_word_for_word():
    state = position(ACT)
    rows = [(state.move_text(m), *verdict(state, m)) for m in state.candidate_moves()]
    assert rows == ACT_VERDICTS
    assert [state.move_text(m) for m in state.legal_moves()] == \
        [row[0] for row in ACT_VERDICTS if row[1]]


ACT_EVENTS = {
    "pass": [("passed", (0,), "doubleseven.pass", "Ann: Je passe !", "Ann : Je passe !")],
    "expand 1 with fox": [
        ("expanded", (0,), "doubleseven.expand-family",
         "Ann's family 1 now has 4 tiles: 3 foxes and 1 clover.",
         "La famille 1 d'Ann a maintenant 4 tuiles : 3 renards et 1 trèfle.")],
    "expand 1 with fox fox clover": [
        ("expanded", (0,), "doubleseven.expand-family",
         "Ann's family 1 now has 6 tiles: 4 foxes and 2 clovers.",
         "La famille 1 d'Ann a maintenant 6 tuiles : 4 renards et 2 trèfles.")],
    "expand 2 with bird": [
        ("expanded", (0,), "doubleseven.expand-family", "Ann's family 2 now has 4 birds.",
         "La famille 2 d'Ann a maintenant 4 oiseaux.")],
    "expand 2 with clover": [
        ("expanded", (0,), "doubleseven.expand-family",
         "Ann's family 2 now has 4 tiles: 3 birds and 1 clover.",
         "La famille 2 d'Ann a maintenant 4 tuiles : 3 oiseaux et 1 trèfle.")],
    "retrieve clover from my 1 with fox": [
        ("retrieved", (0, 0), "doubleseven.retrieve-clover",
         "Ann puts a fox in their own family 1 and takes its clover.",
         "Ann met un renard dans sa famille 1 et prend son trèfle.")],
    "retrieve clover from Bob's 1 with fox": [
        ("retrieved", (0, 1), "doubleseven.retrieve-clover",
         "Ann puts a fox in Bob's family 1 and takes its clover.",
         "Ann met un renard dans la famille 1 de Bob et prend son trèfle.")],
    "two-for-one bird clover": [
        ("two-for-one", (0,), "doubleseven.two-for-one",
         "Ann discards a bird and a clover face up (Two for One).",
         "Ann défausse un oiseau et un trèfle face visible (Deux contre Un).")],
}


@pytest.mark.parametrize("move", sorted(ACT_EVENTS))
def test_doubleseven_actions_events_word_for_word(move):
    assert events(position(ACT).play(move)) == ACT_EVENTS[move]


def test_doubleseven_retrieve_clover_moves_the_clover_to_the_rack():
    state = position(ACT)
    mine = state.play("retrieve clover from my 1 with fox")
    assert mine.families[0] == ((2, 3, 0), (0, 3, 0))
    assert state.observation(0)["rack"] == ["bird", "fox", "fox", "clover"]
    assert mine.observation(0)["rack"] == ["bird", "fox", "clover", "clover"]  # fox for clover
    theirs = state.play("retrieve clover from Bob's 1 with fox")
    assert theirs.families[1] == ((2, 4, 0), (4, 4, 0))
    assert theirs.families[0] == state.families[0]
    assert theirs.observation(0)["rack"] == ["bird", "fox", "clover", "clover"]


def test_doubleseven_vide_expand_or_start_emptying_the_rack_word_for_word():
    state = position("players: Ann, Bob\nturn: Ann\nAnn: rack fox, clover; families fox 3\n"
                     "Bob: rack bear; families bear 2")
    assert verdict(state, "expand 1 with fox clover") == (
        True, "doubleseven.vide", "Ann's family 1 of foxes grows to 5 tiles: the rack is empty, "
        "Vide !", "La famille 1 d'Ann (renards) passe à 5 tuiles : le chevalet est vide, Vide !")
    assert verdict(state, "expand 1 with fox") == (
        True, "doubleseven.expand-family", "Ann's family 1 of foxes grows to 4 tiles.",
        "La famille 1 d'Ann (renards) passe à 4 tuiles.")
    emptied = state.play("expand 1 with fox clover")
    assert events(emptied)[:2] == [
        ("expanded", (0,), "doubleseven.expand-family",
         "Ann's family 1 now has 5 tiles: 4 foxes and 1 clover.",
         "La famille 1 d'Ann a maintenant 5 tuiles : 4 renards et 1 trèfle."),
        ("vide", (0,), "doubleseven.vide", "Vide! Ann's rack is empty: the turn ends.",
         "Vide ! Le chevalet d'Ann est vide : le tour se termine."),
    ]
    assert emptied.turn == 1
    start = position("players: Ann, Bob\nturn: Ann\nAnn: rack bird, bird, clover\n"
                     "Bob: rack bear; families bear 2")
    assert verdict(start, "start bird bird clover") == (
        True, "doubleseven.vide",
        "Ann starts a family of birds with 3 tiles: 2 birds and 1 clover: the rack is empty, "
        "Vide !",
        "Ann commence une famille d'oiseaux de 3 tuiles : 2 oiseaux et 1 trèfle : le chevalet "
        "est vide, Vide !")
    assert verdict(start, "start bird bird") == (
        True, "doubleseven.start-family", "Ann starts a family of 2 birds.",
        "Ann commence une famille de 2 oiseaux.")
