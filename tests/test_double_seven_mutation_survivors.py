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
from doublesept.errors import IllegalMove, NotationError


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
                                "Ann takes the face-up bird.",
                                "Ann prend la tuile visible oiseau.")]
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
                  "start_with_clover": "allowed", "token_award": "per-animal",
                  "token_supply": "eight",
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
         ("The game is over. Scores: Ann 10, Bob 10, Cy 10, Dee 2. Ann, Bob and Cy share the "
         "victory."),
         ("La partie est terminée. Scores : Ann 10, Bob 10, Cy 10, Dee 2. Ann, Bob et Cy se "
         "partagent la victoire.")),
    ]
    assert over.observation(None)["winners"] == [0, 1, 2]


def test_doubleseven_tie_two_players_share_the_victory_word_for_word():
    over = game_over("players: Ann, Bob, Cy\nturn: Cy\ntrigger: Ann\nAnn: families bird 4\n"
                     "Bob: families bear 4\nCy: rack fox; families rabbit 2\nreserve: -\nout: ...")
    assert events(over)[-1] == (
        "game-over", (0, 1), "doubleseven.tie",
        "The game is over. Scores: Ann 4, Bob 4, Cy 2. Ann and Bob share the victory.",
        ("La partie est terminée. Scores : Ann 4, Bob 4, Cy 2. Ann et Bob se partagent la "
        "victoire."))


def test_doubleseven_tie_the_77_wins_the_tie_word_for_word():
    over = game_over("players: Ann, Bob\nturn: Bob\ntrigger: Ann\n"
                     "Ann: families bird 7, fox 7; tokens 7, 7, 77\n"
                     "Bob: rack fox; families bear 11, frog 7\nreserve: -\nout: ...")
    assert over.scores == (18, 18) and over.winners == (0,)
    assert events(over)[-1] == (
        "game-over", (0,), "doubleseven.tie",
        "The game is over. Scores: Ann 18, Bob 18. Ann wins the tie with the '77'.",
        ("La partie est terminée. Scores : Ann 18, Bob 18. Ann l'emporte à égalité grâce au "
        "« 77 »."))


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
     ("La famille 1 est une famille de renards : un oiseau ne peut pas s'y joindre (un animal "
     "par famille).")),
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
     ("La famille 2 est une famille d'oiseaux : un renard ne peut pas s'y joindre (un animal "
     "par famille).")),
    ("expand 2 with clover", True, "doubleseven.expand-family",
     "Ann's family 2 of birds grows to 4 tiles.",
     "La famille 2 d'Ann (oiseaux) passe à 4 tuiles."),
    ("exchange my 1 for Bob's 1", False, "doubleseven.exchange",
     ("Ann's family 1 has 3 tiles and Bob's family 1 has 4: an exchange needs exactly the same "
     "size."),
     ("La famille 1 d'Ann a 3 tuiles et la famille 1 de Bob en a 4 : un échange demande "
     "exactement la même taille.")),
    ("exchange my 1 for Bob's 2", False, "doubleseven.exchange",
     ("Ann's family 1 has 3 tiles and Bob's family 2 has 4: an exchange needs exactly the same "
     "size."),
     ("La famille 1 d'Ann a 3 tuiles et la famille 2 de Bob en a 4 : un échange demande "
     "exactement la même taille.")),
    ("exchange my 1 for Cy's 1", False, "doubleseven.exchange",
     ("Ann's family 1 has 3 tiles and Cy's family 1 has 2: an exchange needs exactly the same "
     "size."),
     ("La famille 1 d'Ann a 3 tuiles et la famille 1 de Cy en a 2 : un échange demande "
     "exactement la même taille.")),
    ("exchange my 2 for Bob's 1", False, "doubleseven.exchange",
     ("Ann's family 2 has 3 tiles and Bob's family 1 has 4: an exchange needs exactly the same "
     "size."),
     ("La famille 2 d'Ann a 3 tuiles et la famille 1 de Bob en a 4 : un échange demande "
     "exactement la même taille.")),
    ("exchange my 2 for Bob's 2", False, "doubleseven.exchange",
     ("Ann's family 2 has 3 tiles and Bob's family 2 has 4: an exchange needs exactly the same "
     "size."),
     ("La famille 2 d'Ann a 3 tuiles et la famille 2 de Bob en a 4 : un échange demande "
     "exactement la même taille.")),
    ("exchange my 2 for Cy's 1", False, "doubleseven.exchange",
     ("Ann's family 2 has 3 tiles and Cy's family 1 has 2: an exchange needs exactly the same "
     "size."),
     ("La famille 2 d'Ann a 3 tuiles et la famille 1 de Cy en a 2 : un échange demande "
     "exactement la même taille.")),
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
        True, "doubleseven.vide", ("Ann's family 1 of foxes grows to 5 tiles: the rack is empty, "
        "Vide !"), "La famille 1 d'Ann (renards) passe à 5 tuiles : le chevalet est vide, Vide !")
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
        ("Ann starts a family of birds with 3 tiles: 2 birds and 1 clover: the rack is empty, "
        "Vide !"),
        ("Ann commence une famille d'oiseaux de 3 tuiles : 2 oiseaux et 1 trèfle : le chevalet "
        "est vide, Vide !"))
    assert verdict(start, "start bird bird") == (
        True, "doubleseven.start-family", "Ann starts a family of 2 birds.",
        "Ann commence une famille de 2 oiseaux.")


# ---------------------------------------------------------------- every phase, word for word
# Each table: the position, the decision awaited (phase, rule, English, French), a verdict of
# each kind the try-a-move table lists (one move per wording), and what each legal move of a
# different wording leads to (its events, then the next decision).


def decision(state):
    d = state.decision
    return None if d is None else (d.phase, d.rule_id, d.en, d.fr)


def pin_phase(text, awaited, verdicts, after):
    state = position(text)
    assert decision(state) == awaited
    for move, *expected in verdicts:
        assert verdict(state, move) == tuple(expected), move
    for move, (expected, next_decision) in after.items():
        played = state.play(move)
        assert events(played) == expected, move
        assert decision(played) == next_decision, move


DRAW = ("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack fox\nBob: rack bear\n"
        "face-up: bird, bear\nreserve: squirrel, ...")

DRAW_DECISION = ("draw", "doubleseven.draw", "Ann to draw 2 tiles", "Ann pioche 2 tuiles")

DRAW_VERDICTS = [
    ("draw hidden", True, "doubleseven.draw-source", "Ann draws a hidden tile.",
     "Ann pioche une tuile cachée."),
    ("pass", False, "doubleseven.draw",
     "Ann must first draw 2 tiles, hidden or face up.",
     "Ann doit d'abord piocher 2 tuiles, cachées ou visibles."),
    ("draw face-up bird", True, "doubleseven.draw-source", "Ann takes the face-up bird.",
     "Ann prend la tuile visible oiseau."),
]

DRAW_EVENTS = {
    "draw hidden": ([
    ], ("draw", "doubleseven.draw-source", "Reveal the hidden tile Ann draws",
        "Révélez la tuile cachée que pioche Ann")),
    "draw face-up bird": ([
        ("drew", (0,), "doubleseven.draw-source", "Ann takes the face-up bird.",
         "Ann prend la tuile visible oiseau."),
    ], ("draw", "doubleseven.draw", "Ann to draw 1 more tile", "Ann pioche encore 1 tuile")),
}


DRAW_3 = ("players: Ann, Bob\nturn: Bob\nphase: draw\nAnn: rack fox\nBob: rack -\nface-up: frog\n"
          "reserve: squirrel, ...")

DRAW_3_DECISION = ("draw", "doubleseven.draw", "Bob to draw 3 tiles", "Bob pioche 3 tuiles")

DRAW_3_VERDICTS = [
    ("draw hidden", True, "doubleseven.draw-source", "Bob draws a hidden tile.",
     "Bob pioche une tuile cachée."),
    ("pass", False, "doubleseven.draw",
     "Bob must first draw 3 tiles, hidden or face up.",
     "Bob doit d'abord piocher 3 tuiles, cachées ou visibles."),
    ("draw face-up frog", True, "doubleseven.draw-source", "Bob takes the face-up frog.",
     "Bob prend la tuile visible grenouille."),
]

DRAW_3_EVENTS = {
    "draw hidden": ([
    ], ("draw", "doubleseven.draw-source", "Reveal the hidden tile Bob draws",
        "Révélez la tuile cachée que pioche Bob")),
    "draw face-up frog": ([
        ("drew", (1,), "doubleseven.draw-source", "Bob takes the face-up frog.",
         "Bob prend la tuile visible grenouille."),
    ], ("draw", "doubleseven.draw", "Bob to draw 2 tiles", "Bob pioche 2 tuiles")),
}


DRAW_RAINBOW = ("players: Ann, Bob\nturn: Ann\nphase: draw\ndraw: 1 rainbow\nused: rainbow\n"
                "Ann: rack bird, squirrel, fox, butterfly, bear\nBob: rack frog\nface-up: frog\n"
                "reserve: rabbit, ...")

DRAW_RAINBOW_DECISION = ("draw", "doubleseven.rainbow", "Ann called Rainbow: draw 1 extra tile",
                         "Ann a annoncé Arc-en-ciel : piochez 1 tuile de plus")

DRAW_RAINBOW_VERDICTS = [
    ("draw hidden", True, "doubleseven.draw-source", "Ann draws a hidden tile.",
     "Ann pioche une tuile cachée."),
    ("pass", False, "doubleseven.rainbow",
     "Ann must first draw 1 more tile, hidden or face up.",
     "Ann doit d'abord piocher encore 1 tuile, cachée ou visible."),
    ("draw face-up frog", True, "doubleseven.draw-source", "Ann takes the face-up frog.",
     "Ann prend la tuile visible grenouille."),
]

DRAW_RAINBOW_EVENTS = {
    "draw hidden": ([
    ], ("draw", "doubleseven.draw-source", "Reveal the hidden tile Ann draws",
        "Révélez la tuile cachée que pioche Ann")),
    "draw face-up frog": ([
        ("drew", (0,), "doubleseven.draw-source", "Ann takes the face-up frog.",
         "Ann prend la tuile visible grenouille."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
}


DRAW_TWO_FOR_ONE = ("players: Ann, Bob\nturn: Ann\nphase: draw\ndraw: 1 two-for-one\n"
                    "used: two-for-one\njust-discarded: bird, fox\nAnn: rack bear\n"
                    "Bob: rack frog\nface-up: bird, fox, frog\nreserve: rabbit, ...")

DRAW_TWO_FOR_ONE_DECISION = ("draw", "doubleseven.two-for-one", "Ann's Two for One: draw 1 tile",
                             "Deux contre Un d'Ann : piochez 1 tuile")

DRAW_TWO_FOR_ONE_VERDICTS = [
    ("draw hidden", True, "doubleseven.draw-source", "Ann draws a hidden tile.",
     "Ann pioche une tuile cachée."),
    ("pass", False, "doubleseven.two-for-one",
     "Ann must first draw 1 more tile, hidden or face up.",
     "Ann doit d'abord piocher encore 1 tuile, cachée ou visible."),
    ("draw face-up bird", False, "doubleseven.two-for-one",
     "Ann just discarded that bird with Two for One: it cannot be taken back (D4).",
     ("Ann vient de défausser cette tuile oiseau avec Deux contre Un : elle ne peut pas être "
     "reprise (D4).")),
    ("draw face-up frog", True, "doubleseven.draw-source", "Ann takes the face-up frog.",
     "Ann prend la tuile visible grenouille."),
]

DRAW_TWO_FOR_ONE_EVENTS = {
    "draw hidden": ([
    ], ("draw", "doubleseven.draw-source", "Reveal the hidden tile Ann draws",
        "Révélez la tuile cachée que pioche Ann")),
    "draw face-up frog": ([
        ("drew", (0,), "doubleseven.draw-source", "Ann takes the face-up frog.",
         "Ann prend la tuile visible grenouille."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
}


RAINBOW = ("players: Ann, Bob\nturn: Ann\nphase: rainbow\n"
           "Ann: rack bird, squirrel, fox, butterfly, bear\nBob: rack frog\nface-up: frog")

RAINBOW_DECISION = ("rainbow", "doubleseven.rainbow-timing",
                    ("Ann may call Rainbow now if the rack holds 5 or more different animals, "
                    "or act"),
                    ("Ann peut annoncer Arc-en-ciel maintenant si son chevalet a 5 animaux "
                    "différents ou plus, ou agir"))

RAINBOW_VERDICTS = [
    ("rainbow", True, "doubleseven.rainbow",
     "Ann calls Rainbow, shows the rack and draws 1 extra tile.",
     "Ann annonce Arc-en-ciel, montre son chevalet et pioche 1 tuile de plus."),
    ("pass", True, "doubleseven.pass", "Ann passes (Je passe !).", "Ann passe (Je passe !)."),
    ("start bird", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two birds, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux oiseaux, ou un oiseau et un trèfle)."),
    ("start squirrel", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two squirrels, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux écureuils, ou un écureuil et un trèfle)."),
    ("start bear", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two bears, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux ours, ou un ours et un trèfle)."),
    ("two-for-one bird squirrel", True, "doubleseven.two-for-one",
     "Ann discards a bird and a squirrel face up, then draws 1 tile.",
     "Ann défausse un oiseau et un écureuil face visible, puis pioche 1 tuile."),
    ("discard bird", False, "doubleseven.discard",
     "A tile is discarded only at the end of the turn, with 6 or more on the rack: pass first.",
     "On ne défausse qu'à la fin du tour, avec 6 tuiles ou plus : passez d'abord."),
]

RAINBOW_EVENTS = {
    "rainbow": ([
        ("rainbow", (0,), "doubleseven.rainbow",
         "Rainbow! Ann shows the rack: bird, squirrel, fox, butterfly, bear.",
         "Arc-en-ciel ! Ann montre son chevalet : oiseau, écureuil, renard, papillon, ours."),
    ], ("draw", "doubleseven.rainbow", "Ann called Rainbow: draw 1 extra tile",
        "Ann a annoncé Arc-en-ciel : piochez 1 tuile de plus")),
    "pass": ([
        ("passed", (0,), "doubleseven.pass", "Ann: Je passe !", "Ann : Je passe !"),
    ], ("draw", "doubleseven.draw", "Bob to draw 2 tiles", "Bob pioche 2 tuiles")),
    "two-for-one bird squirrel": ([
        ("two-for-one", (0,), "doubleseven.two-for-one",
         "Ann discards a bird and a squirrel face up (Two for One).",
         "Ann défausse un oiseau et un écureuil face visible (Deux contre Un)."),
    ], ("draw", "doubleseven.two-for-one", "Ann's Two for One: draw 1 tile",
        "Deux contre Un d'Ann : piochez 1 tuile")),
}


DISCARD = ("players: Ann, Bob\nturn: Ann\nphase: discard\n"
           "Ann: rack bird, bird, fox, fox, bear, clover\nBob: rack frog")

DISCARD_DECISION = ("discard", "doubleseven.discard", "Ann to discard one tile out of the game",
                    "Ann défausse une tuile hors du jeu")

DISCARD_VERDICTS = [
    ("discard bird", True, "doubleseven.discard", "Ann discards a bird out of the game.",
     "Ann défausse un oiseau hors du jeu."),
    ("pass", False, "doubleseven.discard",
     "Ann ends the turn with 6 tiles: one must be discarded out of the game first.",
     "Ann finit son tour avec 6 tuiles : il faut d'abord en défausser une hors du jeu."),
    ("discard frog", False, "doubleseven.discard", "Ann has no frog on the rack.",
     "Ann n'a pas de tuile grenouille sur son chevalet."),
]

DISCARD_EVENTS = {
    "discard bird": ([
        ("discarded", (0,), "doubleseven.discard", "Ann discards a bird out of the game.",
         "Ann défausse un oiseau hors du jeu."),
    ], ("flip", "doubleseven.flip", "No tile is face up: turn one face up for Bob",
        "Aucune tuile n'est visible : retournez-en une pour Bob")),
}


ACT_REFUSALS = ("players: Ann, Bob, Cy\nturn: Ann\nused: two-for-one\n"
                "Ann: rack fox, clover, bird, bear; families fox 2 + clover, squirrel 3\n"
                "Bob: rack bear; families bird 3, squirrel 3\nCy: families frog 2 + clover")

ACT_REFUSALS_DECISION = ("act", "doubleseven.actions",
                         "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
                         ("Ann agit (commencer, agrandir, échanger, récupérer, Deux contre "
                         "Un) ou passe"))

ACT_REFUSALS_VERDICTS = [
    ("rainbow", False, "doubleseven.rainbow-timing",
     "Rainbow is called straight after the draw, before any other action (D2, D14).",
     "Arc-en-ciel s'annonce juste après la pioche, avant toute autre action (D2, D14)."),
    ("pass", True, "doubleseven.pass", "Ann passes (Je passe !).", "Ann passe (Je passe !)."),
    ("start bird", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two birds, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux oiseaux, ou un oiseau et un trèfle)."),
    ("start bird clover", True, "doubleseven.start-family",
     "Ann starts a family of birds with 2 tiles: 1 bird and 1 clover.",
     "Ann commence une famille d'oiseaux de 2 tuiles : 1 oiseau et 1 trèfle."),
    ("start fox", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two foxes, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux renards, ou un renard et un trèfle)."),
    ("start bear", False, "doubleseven.start-family",
     "A family starts with at least 2 tiles (two bears, or one and a clover).",
     "Une famille commence avec au moins 2 tuiles (deux ours, ou un ours et un trèfle)."),
    ("start bear clover", True, "doubleseven.start-family",
     "Ann starts a family of bears with 2 tiles: 1 bear and 1 clover.",
     "Ann commence une famille d'ours de 2 tuiles : 1 ours et 1 trèfle."),
    ("expand 1 with bird", False, "doubleseven.expand-family",
     "Family 1 is a family of foxes: a bird cannot join it (one animal a family).",
     ("La famille 1 est une famille de renards : un oiseau ne peut pas s'y joindre (un animal "
     "par famille).")),
    ("expand 1 with fox", True, "doubleseven.expand-family",
     "Ann's family 1 of foxes grows to 4 tiles.",
     "La famille 1 d'Ann (renards) passe à 4 tuiles."),
    ("expand 2 with bird", False, "doubleseven.expand-family",
     "Family 2 is a family of squirrels: a bird cannot join it (one animal a family).",
     ("La famille 2 est une famille d'écureuils : un oiseau ne peut pas s'y joindre (un "
     "animal par famille).")),
    ("exchange my 1 for Bob's 1", True, "doubleseven.exchange",
     ("Ann exchanges their own family 1 (3 tiles, foxes, 1 clover) for Bob's family 1 (3 "
     "tiles, birds); Bob cannot refuse."),
     ("Ann échange sa famille 1 (3 tuiles, renards dont 1 trèfle) contre la famille 1 de Bob "
     "(3 tuiles, oiseaux) ; Bob ne peut pas refuser.")),
    ("exchange my 1 for Bob's 2", True, "doubleseven.exchange",
     ("Ann exchanges their own family 1 (3 tiles, foxes, 1 clover) for Bob's family 2 (3 "
     "tiles, squirrels); Bob cannot refuse."),
     ("Ann échange sa famille 1 (3 tuiles, renards dont 1 trèfle) contre la famille 2 de Bob "
     "(3 tuiles, écureuils) ; Bob ne peut pas refuser.")),
    ("exchange my 1 for Cy's 1", True, "doubleseven.exchange",
     ("Ann exchanges their own family 1 (3 tiles, foxes, 1 clover) for Cy's family 1 (3 "
     "tiles, frogs, 1 clover); Cy cannot refuse."),
     ("Ann échange sa famille 1 (3 tuiles, renards dont 1 trèfle) contre la famille 1 de Cy "
     "(3 tuiles, grenouilles dont 1 trèfle) ; Cy ne peut pas refuser.")),
    ("exchange my 2 for Bob's 1", True, "doubleseven.exchange",
     ("Ann exchanges their own family 2 (3 tiles, squirrels) for Bob's family 1 (3 tiles, "
     "birds); Bob cannot refuse."),
     ("Ann échange sa famille 2 (3 tuiles, écureuils) contre la famille 1 de Bob (3 tuiles, "
     "oiseaux) ; Bob ne peut pas refuser.")),
    ("exchange my 2 for Bob's 2", True, "doubleseven.exchange",
     ("Ann exchanges their own family 2 (3 tiles, squirrels) for Bob's family 2 (3 tiles, "
     "squirrels); Bob cannot refuse."),
     ("Ann échange sa famille 2 (3 tuiles, écureuils) contre la famille 2 de Bob (3 tuiles, "
     "écureuils) ; Bob ne peut pas refuser.")),
    ("exchange my 2 for Cy's 1", True, "doubleseven.exchange",
     ("Ann exchanges their own family 2 (3 tiles, squirrels) for Cy's family 1 (3 tiles, "
     "frogs, 1 clover); Cy cannot refuse."),
     ("Ann échange sa famille 2 (3 tuiles, écureuils) contre la famille 1 de Cy (3 tuiles, "
     "grenouilles dont 1 trèfle) ; Cy ne peut pas refuser.")),
    ("retrieve clover from my 1 with fox", True, "doubleseven.retrieve-clover",
     "Ann puts a fox in their own family 1 and takes its clover.",
     "Ann met un renard dans sa famille 1 et prend son trèfle."),
    ("retrieve clover from Cy's 1 with frog", False, "doubleseven.retrieve-clover",
     "Ann needs a frog on the rack to retrieve this clover.",
     "Ann doit avoir une grenouille sur son chevalet pour récupérer ce trèfle."),
    ("two-for-one bird fox", False, "doubleseven.two-for-one-once",
     "Two for One was already used this turn: once a turn.",
     "Deux contre Un a déjà servi ce tour : une fois par tour."),
    ("discard bird", False, "doubleseven.discard",
     "A tile is discarded only at the end of the turn, with 6 or more on the rack: pass first.",
     "On ne défausse qu'à la fin du tour, avec 6 tuiles ou plus : passez d'abord."),
    ("start clover clover", False, "doubleseven.start-family",
     "A family is never clovers alone: it needs at least one animal tile (D10).",
     "Une famille n'est jamais faite de trèfles seuls : il faut au moins une tuile animal (D10)."),
    ("start fox bird", False, "doubleseven.start-family",
     "A family holds one animal: birds and foxes cannot start one family together.",
     ("Une famille n'a qu'un animal : oiseaux et renards ne peuvent pas commencer une famille "
     "ensemble.")),
    ("start bird bird", False, "doubleseven.start-family",
     "The move needs 2 birds, but Ann has only 1 on the rack.",
     "Le coup demande 2 oiseaux, mais Ann en a seulement 1 sur son chevalet."),
    ("expand 3 with fox", False, "doubleseven.expand-family",
     "Ann has no family 3 (Ann has 2 families).", "Ann n'a pas de famille 3 (Ann en a 2)."),
    ("retrieve clover from Dee's 1 with bird", False, "doubleseven.actions",
     ('"retrieve clover from Dee\'s 1 with bird": \'Dee\' is not a player here: write a name '
     '(Ann, Bob, Cy) or player <seat>, from 0'),
     ('"retrieve clover from Dee\'s 1 with bird" : \'Dee\' n\'est pas un joueur de cette '
     'partie : écrivez un nom (Ann, Bob, Cy) ou joueur <place>, à partir de 0')),
    ("retrieve clover from Ann's 1 with fox", False, "doubleseven.retrieve-clover",
     "Ann's own family is written 'my 1': retrieve clover from my 1 with fox.",
     "La famille d'Ann s'écrit « ma 1 » : récupérer trèfle de ma 1 avec renard."),
    ("retrieve clover from Cy's 2 with frog", False, "doubleseven.retrieve-clover",
     "Cy has no family 2 (Cy has 1 family).", "Cy n'a pas de famille 2 (Cy en a 1)."),
    ("retrieve clover from Cy's 1 with fox", False, "doubleseven.retrieve-clover",
     "Cy's family 1 is a family of frogs: its clover is retrieved with a frog, not a fox.",
     ("La famille 1 de Cy est une famille de grenouilles : son trèfle se récupère avec une "
     "grenouille, pas un renard.")),
    ("retrieve clover from Bob's 1 with fox", False, "doubleseven.retrieve-clover",
     "Bob's family 1 holds no clover.", "La famille 1 de Bob n'a pas de trèfle."),
    ("exchange my 1 for Ann's 1", False, "doubleseven.exchange",
     "One cannot exchange a family with oneself: an exchange is with another player (D17).",
     ("On ne peut pas échanger une famille avec soi-même : un échange se fait avec un autre "
     "joueur (D17).")),
    ("exchange my 3 for Bob's 1", False, "doubleseven.exchange",
     "Ann has no family 3 (Ann has 2 families).", "Ann n'a pas de famille 3 (Ann en a 2)."),
    ("exchange my 1 for Bob's 3", False, "doubleseven.exchange",
     "Bob has no family 3 (Bob has 2 families).", "Bob n'a pas de famille 3 (Bob en a 2)."),
    ("draw hidden", False, "doubleseven.draw", "The draw is over for this turn: act, or pass.",
     "La pioche est finie pour ce tour : agissez, ou passez."),
    ("exchange my 1 for player 5's 1", False, "doubleseven.actions",
     '"exchange my 1 for player 5\'s 1": the player\'s seat: 5 is out of range (0 to 3)',
     '"exchange my 1 for player 5\'s 1" : la place du joueur : 5 est hors limites (0 à 3)'),
]

ACT_REFUSALS_EVENTS = {
    "pass": ([
        ("passed", (0,), "doubleseven.pass", "Ann: Je passe !", "Ann : Je passe !"),
    ], ("flip", "doubleseven.flip", "No tile is face up: turn one face up for Bob",
        "Aucune tuile n'est visible : retournez-en une pour Bob")),
    "start bird clover": ([
        ("started", (0,), "doubleseven.start-family",
         "Ann starts family 3: 2 tiles: 1 bird and 1 clover.",
         "Ann commence la famille 3 : 2 tuiles : 1 oiseau et 1 trèfle."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "expand 1 with fox": ([
        ("expanded", (0,), "doubleseven.expand-family",
         "Ann's family 1 now has 4 tiles: 3 foxes and 1 clover.",
         "La famille 1 d'Ann a maintenant 4 tuiles : 3 renards et 1 trèfle."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "expand 1 with fox clover": ([
        ("expanded", (0,), "doubleseven.expand-family",
         "Ann's family 1 now has 5 tiles: 3 foxes and 2 clovers.",
         "La famille 1 d'Ann a maintenant 5 tuiles : 3 renards et 2 trèfles."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "exchange my 1 for Bob's 1": ([
        ("exchanged", (0, 1), "doubleseven.exchange",
         "Ann gives 3 tiles: 2 foxes and 1 clover (family 1) to Bob for 3 birds (family 1).",
         ("Ann donne 3 tuiles : 2 renards et 1 trèfle (famille 1) à Bob contre 3 oiseaux "
         "(famille 1).")),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "exchange my 1 for Bob's 2": ([
        ("exchanged", (0, 1), "doubleseven.exchange",
         "Ann gives 3 tiles: 2 foxes and 1 clover (family 1) to Bob for 3 squirrels (family 2).",
         ("Ann donne 3 tuiles : 2 renards et 1 trèfle (famille 1) à Bob contre 3 écureuils "
         "(famille 2).")),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "exchange my 1 for Cy's 1": ([
        ("exchanged", (0, 2), "doubleseven.exchange",
         ("Ann gives 3 tiles: 2 foxes and 1 clover (family 1) to Cy for 3 tiles: 2 frogs and "
         "1 clover (family 1)."),
         ("Ann donne 3 tuiles : 2 renards et 1 trèfle (famille 1) à Cy contre 3 tuiles : 2 "
         "grenouilles et 1 trèfle (famille 1).")),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "exchange my 2 for Bob's 1": ([
        ("exchanged", (0, 1), "doubleseven.exchange",
         "Ann gives 3 squirrels (family 2) to Bob for 3 birds (family 1).",
         "Ann donne 3 écureuils (famille 2) à Bob contre 3 oiseaux (famille 1)."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "exchange my 2 for Bob's 2": ([
        ("exchanged", (0, 1), "doubleseven.exchange",
         "Ann gives 3 squirrels (family 2) to Bob for 3 squirrels (family 2).",
         "Ann donne 3 écureuils (famille 2) à Bob contre 3 écureuils (famille 2)."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "exchange my 2 for Cy's 1": ([
        ("exchanged", (0, 2), "doubleseven.exchange",
         "Ann gives 3 squirrels (family 2) to Cy for 3 tiles: 2 frogs and 1 clover (family 1).",
         ("Ann donne 3 écureuils (famille 2) à Cy contre 3 tuiles : 2 grenouilles et 1 trèfle "
         "(famille 1).")),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    "retrieve clover from my 1 with fox": ([
        ("retrieved", (0, 0), "doubleseven.retrieve-clover",
         "Ann puts a fox in their own family 1 and takes its clover.",
         "Ann met un renard dans sa famille 1 et prend son trèfle."),
    ], ("act", "doubleseven.actions",
        "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
        "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
}


@pytest.mark.parametrize("text, awaited, verdicts, after", [
    (DRAW, DRAW_DECISION, DRAW_VERDICTS, DRAW_EVENTS),
    (DRAW_3, DRAW_3_DECISION, DRAW_3_VERDICTS, DRAW_3_EVENTS),
], ids=["2 tiles", "3 tiles"])
def test_doubleseven_draw_verdicts_events_and_decisions_word_for_word(text, awaited, verdicts,
                                                                      after):
    pin_phase(text, awaited, verdicts, after)


def test_doubleseven_rainbow_extra_draw_word_for_word():
    pin_phase(DRAW_RAINBOW, DRAW_RAINBOW_DECISION, DRAW_RAINBOW_VERDICTS, DRAW_RAINBOW_EVENTS)


def test_doubleseven_two_for_one_draw_and_no_take_back_word_for_word():
    pin_phase(DRAW_TWO_FOR_ONE, DRAW_TWO_FOR_ONE_DECISION, DRAW_TWO_FOR_ONE_VERDICTS,
              DRAW_TWO_FOR_ONE_EVENTS)


def test_doubleseven_rainbow_timing_window_verdicts_and_events_word_for_word():
    pin_phase(RAINBOW, RAINBOW_DECISION, RAINBOW_VERDICTS, RAINBOW_EVENTS)


def test_doubleseven_discard_verdicts_and_events_word_for_word():
    pin_phase(DISCARD, DISCARD_DECISION, DISCARD_VERDICTS, DISCARD_EVENTS)


def test_doubleseven_actions_refusals_and_events_word_for_word():
    pin_phase(ACT_REFUSALS, ACT_REFUSALS_DECISION, ACT_REFUSALS_VERDICTS, ACT_REFUSALS_EVENTS)


# ---------------------------------------------------------------- Sept!, the '77', the end


def play_steps(text, steps):
    """Play each step's move, checking its verdict, the events and the next decision."""
    state = position(text)
    for move, expected, expected_events, next_decision in steps:
        assert verdict(state, move) == expected, move
        state = state.play(move)
        assert events(state) == expected_events, move
        assert decision(state) == next_decision, move
    return state


SEPT = ("players: Ann, Bob\nturn: Ann\nAnn: rack fox, fox, bird; families fox 5\nBob: rack bear")

SEPT_STEPS = [
    ("expand 1 with fox fox",
     (True, "doubleseven.expand-family", "Ann's family 1 of foxes grows to 7 tiles.",
      "La famille 1 d'Ann (renards) passe à 7 tuiles."),
     [
         ("expanded", (0,), "doubleseven.expand-family", "Ann's family 1 now has 7 foxes.",
          "La famille 1 d'Ann a maintenant 7 renards."),
         ("sept", (0,), "doubleseven.sept",
          "Sept! Ann's family of foxes has 7 or more tiles: a '7' token.",
          "Sept ! La famille de renards d'Ann a 7 tuiles ou plus : un jeton « 7 »."),
     ],
     ("act", "doubleseven.actions",
      "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
      "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
]



DOUBLE_SEPT = ("players: Ann, Bob\nturn: Ann\n"
               "Ann: rack fox, fox, bird; families fox 5, bird 7; tokens 7\n"
               "Bob: rack bear; families bear 7; tokens 7")

DOUBLE_SEPT_STEPS = [
    ("expand 1 with fox fox",
     (True, "doubleseven.expand-family", "Ann's family 1 of foxes grows to 7 tiles.",
      "La famille 1 d'Ann (renards) passe à 7 tuiles."),
     [
         ("expanded", (0,), "doubleseven.expand-family", "Ann's family 1 now has 7 foxes.",
          "La famille 1 d'Ann a maintenant 7 renards."),
         ("sept", (0,), "doubleseven.sept",
          "Sept! Ann's family of foxes has 7 or more tiles: a '7' token.",
          "Sept ! La famille de renards d'Ann a 7 tuiles ou plus : un jeton « 7 »."),
         ("double-sept", (0,), "doubleseven.double-sept",
          "Double Sept! Ann takes the '77' (2 points).",
          "Double Sept ! Ann prend le « 77 » (2 points)."),
         ("end-triggered", (0,), "doubleseven.game-end",
          ("The '77' triggers the end of the game: Ann finishes the turn, then every other "
          "player has one final turn."),
          ("Le « 77 » déclenche la fin de la partie : Ann finit son tour, puis chaque autre "
          "joueur joue un dernier tour.")),
     ],
     ("act", "doubleseven.actions",
      "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
      "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
]



NO_TOKEN_LEFT = ("players: Ann, Bob, Cy, Dee\nturn: Ann\n"
                 "Ann: rack fox, fox, bird; families fox 5, bird 7; tokens 7\n"
                 "Bob: families bear 7, frog 7; tokens 7, 7, 77\n"
                 "Cy: families rabbit 7, squirrel 7, hedgehog 7; tokens 7, 7, 7\n"
                 "Dee: families butterfly 7, frog 4 + clover 3; tokens 7, 7\ntrigger: Bob")

NO_TOKEN_LEFT_STEPS = [
    ("expand 1 with fox fox",
     (True, "doubleseven.expand-family", "Ann's family 1 of foxes grows to 7 tiles.",
      "La famille 1 d'Ann (renards) passe à 7 tuiles."),
     [
         ("expanded", (0,), "doubleseven.expand-family", "Ann's family 1 now has 7 foxes.",
          "La famille 1 d'Ann a maintenant 7 renards."),
         ("sept", (0,), "doubleseven.token-supply",
          ("Sept! Ann's foxes reach 7, but the eight '7' tokens are gone: no token (it still "
          "counts toward the '77')."),
          ("Sept ! Les renards d'Ann atteignent 7, mais les huit jetons « 7 » sont épuisés : "
          "pas de jeton (cela compte quand même pour le « 77 »).")),
     ],
     ("act", "doubleseven.actions",
      "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
      "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
]



START_7 = ("players: Ann, Bob\nturn: Ann\nAnn: rack fox, fox, fox, fox, fox, fox, fox, bird\n"
           "Bob: rack bear")

START_7_STEPS = [
    ("start fox fox fox fox fox fox fox",
     (True, "doubleseven.start-family", "Ann starts a family of 7 foxes.",
      "Ann commence une famille de 7 renards."),
     [
         ("started", (0,), "doubleseven.start-family", "Ann starts family 1: 7 foxes.",
          "Ann commence la famille 1 : 7 renards."),
         ("sept", (0,), "doubleseven.sept",
          "Sept! Ann's family of foxes has 7 or more tiles: a '7' token.",
          "Sept ! La famille de renards d'Ann a 7 tuiles ou plus : un jeton « 7 »."),
     ],
     ("act", "doubleseven.actions",
      "Ann to act (start, expand, exchange, retrieve, Two for One) or pass",
      "Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
]



LAST_TILE = ("players: Ann, Bob, Cy\nturn: Ann\nphase: draw\nAnn: rack fox\n"
             "Bob: rack fox; families fox 3\nCy: families bear 2\nface-up: bird\n"
             "reserve: squirrel\nout: ...")

LAST_TILE_STEPS = [
    ("draw face-up bird",
     (True, "doubleseven.draw-source", "Ann takes the face-up bird.",
      "Ann prend la tuile visible oiseau."),
     [
         ("drew", (0,), "doubleseven.draw-source", "Ann takes the face-up bird.",
          "Ann prend la tuile visible oiseau."),
     ],
     ("draw", "doubleseven.draw", "Ann to draw 1 more tile", "Ann pioche encore 1 tuile")),
    ("draw hidden",
     (True, "doubleseven.draw-source", "Ann draws a hidden tile.", "Ann pioche une tuile cachée."),
     [
     ],
     ("draw", "doubleseven.draw-source", "Reveal the hidden tile Ann draws",
      "Révélez la tuile cachée que pioche Ann")),
    ("reveal",
     (True, "doubleseven.draw-source", "Chance picks a hidden tile.",
      "Le hasard choisit une tuile cachée."),
     [
         ("drew", (0,), "doubleseven.draw-source", "Ann draws a hidden tile.",
          "Ann pioche une tuile cachée."),
         ("end-triggered", (0,), "doubleseven.game-end",
          ("Ann drew the last tile: Ann finishes the turn, then every other player has one "
          "final turn."),
          ("Ann a pioché la dernière tuile : Ann finit son tour, puis chaque autre joueur "
          "joue un dernier tour.")),
     ],
     ("rainbow", "doubleseven.rainbow-timing",
      ("Ann to act (start, expand, exchange, retrieve, Two for One) or pass: no tile is left "
      "to draw, so no Rainbow (D14)"),
      ("Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe : il ne "
      "reste aucune tuile à piocher, donc pas d'Arc-en-ciel (D14)"))),
    ("pass",
     (True, "doubleseven.pass", "Ann passes (Je passe !).", "Ann passe (Je passe !)."),
     [
         ("passed", (0,), "doubleseven.pass", "Ann: Je passe !", "Ann : Je passe !"),
         ("final-turn", (1,), "doubleseven.final-turns", "Bob's final turn.",
          "Dernier tour de Bob."),
         ("no-draw", (1,), "doubleseven.short-reserve",
          "No tile is left to draw: Bob skips the draw.",
          "Il ne reste aucune tuile à piocher : Bob ne pioche pas."),
     ],
     ("act", "doubleseven.actions",
      "Bob to act (start, expand, exchange, retrieve, Two for One) or pass",
      "Bob agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    ("expand 1 with fox",
     (True, "doubleseven.vide",
      "Bob's family 1 of foxes grows to 4 tiles: the rack is empty, Vide !",
      "La famille 1 de Bob (renards) passe à 4 tuiles : le chevalet est vide, Vide !"),
     [
         ("expanded", (1,), "doubleseven.expand-family", "Bob's family 1 now has 4 foxes.",
          "La famille 1 de Bob a maintenant 4 renards."),
         ("vide", (1,), "doubleseven.vide", "Vide! Bob's rack is empty: the turn ends.",
          "Vide ! Le chevalet de Bob est vide : le tour se termine."),
         ("final-turn", (2,), "doubleseven.final-turns", "Cy's final turn.",
          "Dernier tour de Cy."),
         ("no-draw", (2,), "doubleseven.short-reserve",
          "No tile is left to draw: Cy skips the draw.",
          "Il ne reste aucune tuile à piocher : Cy ne pioche pas."),
     ],
     ("act", "doubleseven.actions",
      "Cy to act (start, expand, exchange, retrieve, Two for One) or pass",
      "Cy agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    ("pass",
     (True, "doubleseven.pass", "Cy passes (Je passe !).", "Cy passe (Je passe !)."),
     [
         ("passed", (2,), "doubleseven.pass", "Cy: Je passe !", "Cy : Je passe !"),
         ("game-over", (1,), "doubleseven.tie",
          "The game is over. Scores: Ann 0, Bob 4, Cy 2. Bob wins.",
          "La partie est terminée. Scores : Ann 0, Bob 4, Cy 2. Bob gagne."),
     ],
     None),
]



NOTHING_LEFT = ("players: Ann, Bob\nturn: Ann\nphase: draw\nAnn: rack fox\nBob: rack fox\n"
                "face-up: bird\nreserve: -\nout: ...")

NOTHING_LEFT_STEPS = [
    ("draw face-up bird",
     (True, "doubleseven.draw-source", "Ann takes the face-up bird.",
      "Ann prend la tuile visible oiseau."),
     [
         ("drew", (0,), "doubleseven.draw-source", "Ann takes the face-up bird.",
          "Ann prend la tuile visible oiseau."),
         ("nothing-left", (0,), "doubleseven.short-reserve",
          "No tile is left: Ann stops drawing.",
          "Il ne reste aucune tuile : Ann arrête de piocher."),
         ("end-triggered", (0,), "doubleseven.game-end",
          ("Ann drew the last tile: Ann finishes the turn, then every other player has one "
          "final turn."),
          ("Ann a pioché la dernière tuile : Ann finit son tour, puis chaque autre joueur "
          "joue un dernier tour.")),
     ],
     ("rainbow", "doubleseven.rainbow-timing",
      ("Ann to act (start, expand, exchange, retrieve, Two for One) or pass: no tile is left "
      "to draw, so no Rainbow (D14)"),
      ("Ann agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe : il ne "
      "reste aucune tuile à piocher, donc pas d'Arc-en-ciel (D14)"))),
]



FIRST_TRIGGER = ("players: Ann, Bob\nturn: Bob\nAnn: families fox 2\n"
                 "Bob: rack frog, fox; families frog 6, bear 7; tokens 7\nreserve: -\nout: ...\n"
                 "trigger: Ann")

FIRST_TRIGGER_STEPS = [
    ("expand 1 with frog",
     (True, "doubleseven.expand-family", "Bob's family 1 of frogs grows to 7 tiles.",
      "La famille 1 de Bob (grenouilles) passe à 7 tuiles."),
     [
         ("expanded", (1,), "doubleseven.expand-family", "Bob's family 1 now has 7 frogs.",
          "La famille 1 de Bob a maintenant 7 grenouilles."),
         ("sept", (1,), "doubleseven.sept",
          "Sept! Bob's family of frogs has 7 or more tiles: a '7' token.",
          "Sept ! La famille de grenouilles de Bob a 7 tuiles ou plus : un jeton « 7 »."),
         ("double-sept", (1,), "doubleseven.double-sept",
          "Double Sept! Bob takes the '77' (2 points).",
          "Double Sept ! Bob prend le « 77 » (2 points)."),
         ("first-trigger-stands", (1, 0), "doubleseven.game-end",
          ("The end was already triggered by Ann: that trigger stands, and the '77' still "
          "scores 2 (D18)."),
          ("La fin était déjà déclenchée par Ann : ce déclenchement compte, et le « 77 » "
          "rapporte quand même 2 (D18).")),
     ],
     ("act", "doubleseven.actions",
      "Bob to act (start, expand, exchange, retrieve, Two for One) or pass",
      "Bob agit (commencer, agrandir, échanger, récupérer, Deux contre Un) ou passe")),
    ("pass",
     (True, "doubleseven.pass", "Bob passes (Je passe !).", "Bob passe (Je passe !)."),
     [
         ("passed", (1,), "doubleseven.pass", "Bob: Je passe !", "Bob : Je passe !"),
         ("game-over", (1,), "doubleseven.tie",
          "The game is over. Scores: Ann 2, Bob 18. Bob wins.",
          "La partie est terminée. Scores : Ann 2, Bob 18. Bob gagne."),
     ],
     None),
]



def test_doubleseven_sept_a_family_reaching_7_earns_a_token_word_for_word():
    state = play_steps(SEPT, SEPT_STEPS)
    assert (state.tokens, state.septs, state.supply, state.scores) == ((1, 0), (1, 0), 7, (8, 0))


def test_doubleseven_sept_starting_a_family_of_7_earns_a_token_word_for_word():
    state = play_steps(START_7, START_7_STEPS)
    assert (state.tokens, state.septs, state.supply, state.scores) == ((1, 0), (1, 0), 7, (8, 0))


def test_doubleseven_double_sept_second_7_takes_the_77_word_for_word():
    state = play_steps(DOUBLE_SEPT, DOUBLE_SEPT_STEPS)
    assert (state.tokens, state.septs, state.supply) == ((2, 1), (2, 1), 5)
    assert (state.holder, state.trigger, state.scores) == (0, 0, (18, 8))


def test_doubleseven_token_supply_no_token_once_the_eight_are_gone_word_for_word():
    state = play_steps(NO_TOKEN_LEFT, NO_TOKEN_LEFT_STEPS)
    assert (state.tokens, state.septs, state.supply) == ((1, 2, 3, 2), (2, 2, 3, 2), 0)
    assert (state.holder, state.trigger, state.scores) == (1, 1, (15, 18, 24, 16))


def test_doubleseven_final_turns_after_the_last_tile_word_for_word():
    state = play_steps(LAST_TILE, LAST_TILE_STEPS)
    assert state.is_over and (state.trigger, state.scores, state.winners) == (0, (0, 4, 2), (1,))


def test_doubleseven_short_reserve_nothing_left_ends_the_draw_word_for_word():
    state = play_steps(NOTHING_LEFT, NOTHING_LEFT_STEPS)
    assert (state.trigger, state.available) == (0, 0)


def test_doubleseven_game_end_first_trigger_stands_word_for_word():
    state = play_steps(FIRST_TRIGGER, FIRST_TRIGGER_STEPS)
    assert state.is_over and (state.holder, state.trigger, state.scores) == (1, 0, (2, 18))


# ---------------------------------------------------------------- the tiles' words


@pytest.mark.parametrize("text", ["wolf", 3, None])
def test_doubleseven_tiles_a_word_that_is_no_tile_is_refused_word_for_word(text):
    with pytest.raises(NotationError) as err:
        double_seven.tile(text)
    assert err.value.reason_en == (
        f"{text!r} is not a Double Seven tile: write one of bird, squirrel, fox, butterfly, "
        "bear, rabbit, hedgehog, frog, clover")
    assert err.value.reason_fr == (
        f"{text!r} n'est pas une tuile de Double Seven : écrivez l'un de ces mots : oiseau, "
        "écureuil, renard, papillon, ours, lapin, hérisson, grenouille, trèfle")


@pytest.mark.parametrize("text, kind", [("fox", 2), (" Renards ", 2), ("FOXES", 2), ("🦊", 2),
                                        ("joker", 8), ("trèfle", 8), ("grenouille", 7)])
def test_doubleseven_tiles_are_read_in_english_french_or_as_symbols(text, kind):
    assert double_seven.tile(text) is double_seven.TILES[kind]
    assert double_seven.tile(double_seven.TILES[kind]) is double_seven.TILES[kind]


TILE_WORDS = [  # English, French, plural English, plural French, French with its article
    ("bird", "oiseau", "birds", "oiseaux", "un oiseau"),
    ("squirrel", "écureuil", "squirrels", "écureuils", "un écureuil"),
    ("fox", "renard", "foxes", "renards", "un renard"),
    ("butterfly", "papillon", "butterflies", "papillons", "un papillon"),
    ("bear", "ours", "bears", "ours", "un ours"),
    ("rabbit", "lapin", "rabbits", "lapins", "un lapin"),
    ("hedgehog", "hérisson", "hedgehogs", "hérissons", "un hérisson"),
    ("frog", "grenouille", "frogs", "grenouilles", "une grenouille"),
    ("clover", "trèfle", "clovers", "trèfles", "un trèfle"),
]


@pytest.mark.parametrize("kind", range(9))
def test_doubleseven_tiles_every_kind_its_words_and_order(kind):
    import pickle

    from doublesept.double_seven.rules import name_of, one_of

    en, fr, plural_en, plural_fr, one_fr = TILE_WORDS[kind]
    t = double_seven.TILES[kind]
    assert t is double_seven.Tile(kind) and t.kind == kind and t.animal.en == en
    assert (t.text(), t.text("en"), t.text("fr"), repr(t)) == (en, en, fr, f"Tile({en!r})")
    assert t.is_clover is (kind == 8)
    assert t.sort_key() == (0, kind) and pickle.loads(pickle.dumps(t)) is t
    assert (one_of(kind), one_of(kind, "fr")) == (f"a {en}", one_fr)
    assert (name_of(kind), name_of(kind, "fr"), name_of(kind, "en", 2), name_of(kind, "fr", 2),
            name_of(kind, "en", 0)) == (en, fr, plural_en, plural_fr, plural_en)


@pytest.mark.parametrize("available, players, turns", [(0, 2, 2), (1, 2, 3), (79, 4, 83),
                                                       (91, 3, 94)])
def test_doubleseven_final_turns_game_turn_bound(available, players, turns):
    from doublesept.double_seven.rules import game_turn_bound

    assert game_turn_bound(available, players) == turns


@pytest.mark.parametrize("name", ["My", "ma", "La", "Player 1", "joueur 3", "fox", "Renards",
                                  "pass", "draw hidden"])
def test_doubleseven_players_a_word_of_the_notation_cannot_be_a_name(name):
    from doublesept import PositionError

    with pytest.raises(PositionError) as err:
        double_seven.new_game([name, "Bob"], seed=1)
    assert str(err.value) == f"{name!r} is a word of the notation and cannot be a name"
    assert double_seven.new_game([f"x{name}", "Bob"], seed=1).names[0] == f"x{name}"


# ---------------------------------------------------------------- chance's words, out of turn
# The words that ask chance (deal, flip, reveal) and the tiles that stack the reserve, tried
# in every phase: legal at their own step only, each refusal in its own words.

DEALING_VERDICTS = [
    ("deal", True, "doubleseven.setup", "Chance picks a hidden tile.",
     "Le hasard choisit une tuile cachée."),
    ("fox", True, "doubleseven.setup", "The hidden tile is a fox (stacked).",
     "La tuile cachée est : renard (réserve arrangée)."),
    ("flip", False, "doubleseven.setup",
     "The tiles are being dealt, 3 to each player: the next goes to Ann (deal).",
     "Les tuiles sont distribuées, 3 par joueur : la prochaine va à Ann (donne)."),
    ("reveal", False, "doubleseven.setup",
     "The tiles are being dealt, 3 to each player: the next goes to Ann (deal).",
     "Les tuiles sont distribuées, 3 par joueur : la prochaine va à Ann (donne)."),
    ("pass", False, "doubleseven.setup",
     "The tiles are being dealt, 3 to each player: the next goes to Ann (deal).",
     "Les tuiles sont distribuées, 3 par joueur : la prochaine va à Ann (donne)."),
    ("draw hidden", False, "doubleseven.setup",
     "The tiles are being dealt, 3 to each player: the next goes to Ann (deal).",
     "Les tuiles sont distribuées, 3 par joueur : la prochaine va à Ann (donne)."),
]

FLIPPING = ("players: Ann, Bob\nturn: Bob\nphase: flip\nAnn: rack fox\nBob: rack fox")

FLIPPING_VERDICTS = [
    ("flip", True, "doubleseven.flip", "Chance picks a hidden tile.",
     "Le hasard choisit une tuile cachée."),
    ("fox", True, "doubleseven.flip", "The hidden tile is a fox (stacked).",
     "La tuile cachée est : renard (réserve arrangée)."),
    ("deal", False, "doubleseven.flip",
     "No tile is face up: one hidden tile is turned face up first (flip).",
     "Aucune tuile n'est visible : on retourne d'abord une tuile cachée (retourner)."),
    ("reveal", False, "doubleseven.flip",
     "No tile is face up: one hidden tile is turned face up first (flip).",
     "Aucune tuile n'est visible : on retourne d'abord une tuile cachée (retourner)."),
    ("draw hidden", False, "doubleseven.flip",
     "No tile is face up: one hidden tile is turned face up first (flip).",
     "Aucune tuile n'est visible : on retourne d'abord une tuile cachée (retourner)."),
    ("pass", False, "doubleseven.flip",
     "No tile is face up: one hidden tile is turned face up first (flip).",
     "Aucune tuile n'est visible : on retourne d'abord une tuile cachée (retourner)."),
]

STACKED_FLIP = ("players: Ann, Bob\nturn: Bob\nphase: flip\nAnn: rack fox\nBob: rack fox\n"
                "reserve: frog, ...")

STACKED_FLIP_VERDICTS = [
    ("frog", True, "doubleseven.flip", "The hidden tile is a frog (stacked).",
     "La tuile cachée est : grenouille (réserve arrangée)."),
    ("fox", False, "doubleseven.flip",
     "The reserve is stacked: its next tile is a frog, not a fox.",
     "La réserve est arrangée : sa prochaine tuile est une grenouille, pas un renard."),
]

NO_FROG_LEFT = ("players: Ann, Bob\nturn: Bob\nphase: flip\nAnn: rack fox; families frog 6\n"
                "Bob: rack fox; families frog 5\nreserve: ...")

NO_FROG_LEFT_VERDICTS = [
    ("frog", False, "doubleseven.flip", "No frog is left in the hidden reserve.",
     "Il ne reste aucune tuile grenouille cachée dans la réserve."),
    ("fox", True, "doubleseven.flip", "The hidden tile is a fox (stacked).",
     "La tuile cachée est : renard (réserve arrangée)."),
]

REVEALING = ("players: Ann, Bob\nturn: Ann\nphase: hidden\nAnn: rack fox\nBob: rack bear")

REVEALING_VERDICTS = [
    ("reveal", True, "doubleseven.draw-source", "Chance picks a hidden tile.",
     "Le hasard choisit une tuile cachée."),
    ("fox", True, "doubleseven.draw-source", "The hidden tile is a fox (stacked).",
     "La tuile cachée est : renard (réserve arrangée)."),
    ("deal", False, "doubleseven.draw-source",
     "Ann is drawing a hidden tile: chance reveals it first (reveal).",
     "Ann pioche une tuile cachée : le hasard la révèle d'abord (révéler)."),
    ("flip", False, "doubleseven.draw-source",
     "Ann is drawing a hidden tile: chance reveals it first (reveal).",
     "Ann pioche une tuile cachée : le hasard la révèle d'abord (révéler)."),
    ("pass", False, "doubleseven.draw-source",
     "Ann is drawing a hidden tile: chance reveals it first (reveal).",
     "Ann pioche une tuile cachée : le hasard la révèle d'abord (révéler)."),
]

ACTING = ("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird\nBob: rack bear")

ACTING_VERDICTS = [
    ("fox", False, "doubleseven.draw-source",
     ("A tile is picked by chance only when a hidden tile is drawn: to draw, write draw "
     "hidden, or draw face-up and an animal (draw face-up fox)."),
     ("Une tuile n'est choisie par le hasard que pour une pioche cachée : écrivez piocher "
     "cachée, ou piocher visible et un animal (piocher visible renard).")),
    ("deal", False, "doubleseven.setup", "This is not a chance step: Ann decides now.",
     "Ce n'est pas une étape du hasard : Ann décide maintenant."),
    ("reveal", False, "doubleseven.draw-source", "This is not a chance step: Ann decides now.",
     "Ce n'est pas une étape du hasard : Ann décide maintenant."),
    ("flip", False, "doubleseven.flip",
     "A tile is turned face up only at the start of a turn, when none is face up.",
     "On ne retourne une tuile qu'au début d'un tour, quand aucune n'est visible."),
    ("draw hidden", False, "doubleseven.draw", "The draw is over for this turn: act, or pass.",
     "La pioche est finie pour ce tour : agissez, ou passez."),
    ("discard fox", False, "doubleseven.discard",
     "A tile is discarded only at the end of the turn, with 6 or more on the rack: pass first.",
     "On ne défausse qu'à la fin du tour, avec 6 tuiles ou plus : passez d'abord."),
]

OVER = ("players: Ann, Bob\nturn: -\nphase: over\nAnn: families bird 3\nBob: families bear 2\n"
        "reserve: -\nout: ...\ntrigger: Ann")

OVER_VERDICTS = [
    ("pass", False, "doubleseven.game-end", "The game is over: no move is left.",
     "La partie est terminée : plus aucun coup."),
    ("deal", False, "doubleseven.game-end", "The game is over: no move is left.",
     "La partie est terminée : plus aucun coup."),
    ("fox", False, "doubleseven.game-end", "The game is over: no move is left.",
     "La partie est terminée : plus aucun coup."),
]


@pytest.mark.parametrize("text, verdicts", [
    (None, DEALING_VERDICTS), (FLIPPING, FLIPPING_VERDICTS), (STACKED_FLIP, STACKED_FLIP_VERDICTS),
    (NO_FROG_LEFT, NO_FROG_LEFT_VERDICTS), (REVEALING, REVEALING_VERDICTS),
    (ACTING, ACTING_VERDICTS), (OVER, OVER_VERDICTS),
], ids=["deal", "flip", "stacked", "none-left", "reveal", "act", "over"])
def test_doubleseven_draw_source_chance_words_in_every_phase_word_for_word(text, verdicts):
    state = double_seven.new_game(["Ann", "Bob"], seed=5) if text is None else position(text)
    for move, *expected in verdicts:
        assert verdict(state, move) == tuple(expected), move


@pytest.mark.parametrize("move", ["draw hidden", "reveal", "flip", "deal", "fox"])
def test_doubleseven_rainbow_timing_a_word_of_another_phase_is_refused_in_the_window(move):
    state = position(RAINBOW)  # Rainbow may be called: the window's fast path must not play
    expected = verdict(state, move)
    assert expected[0] is False
    with pytest.raises(IllegalMove) as err:
        state.play(move)
    assert (err.value.rule_id, err.value.reason_en, err.value.reason_fr) == expected[1:]
    assert state.play("rainbow").events[0].kind == "rainbow"


WINDOW = "players: Ann, Bob\nturn: Ann\nphase: rainbow\nBob: rack frog\nAnn: rack "
SET_ASIDE = "\nrules: rainbow_clovers=set-aside"
RAINBOW_REFUSED = [
    ("already", ("players: Ann, Bob\nturn: Ann\nused: rainbow\nBob: rack frog\n"
                "Ann: rack bird, squirrel, fox, butterfly, bear, rabbit")),
    ("nothing_left", WINDOW + "bird, squirrel, fox, butterfly, bear\nreserve: -\nout: ...\n"
                     "trigger: Ann"),
    ("clover", WINDOW + "bird, squirrel, fox, butterfly, clover"),
    ("two_alike", WINDOW + "bird, bird, fox, butterfly, bear"),
    ("four", WINDOW + "bird, squirrel, fox, butterfly"),
    ("four_set_aside", WINDOW + "bird, squirrel, fox, butterfly, clover" + SET_ASIDE),
    ("five_set_aside", WINDOW + "bird, squirrel, fox, butterfly, bear, clover" + SET_ASIDE),
]

RAINBOW_REFUSED_VERDICTS = {
    "already": (False, "doubleseven.rainbow-timing",
                "Rainbow was already called this turn: once a turn (D2).",
                "Arc-en-ciel a déjà été annoncé ce tour : une fois par tour (D2)."),
    "nothing_left": (False, "doubleseven.rainbow-timing",
                     "No tile is left to draw, so Rainbow is refused (D14).",
                     "Il ne reste aucune tuile à piocher, donc Arc-en-ciel est refusé (D14)."),
    "clover": (False, "doubleseven.rainbow",
               "Ann has a clover on the rack: Rainbow is refused with a clover (D1).",
               "Ann a un trèfle sur son chevalet : Arc-en-ciel est refusé avec un trèfle (D1)."),
    "two_alike": (False, "doubleseven.rainbow",
                  "Rainbow needs all different animals; Ann has 2 birds.",
                  "Arc-en-ciel demande des animaux tous différents ; Ann a 2 oiseaux."),
    "four": (False, "doubleseven.rainbow", "Rainbow needs 5 different animals; Ann has 4 tiles.",
             "Arc-en-ciel demande 5 animaux différents ; Ann a 4 tuiles."),
    "four_set_aside": (
        False, "doubleseven.rainbow",
        "Rainbow needs 5 different animals; Ann has 4 animal tiles (clovers set aside).",
        "Arc-en-ciel demande 5 animaux différents ; Ann a 4 tuiles animal (trèfles à part)."),
    "five_set_aside": (True, "doubleseven.rainbow",
                       "Ann calls Rainbow, shows the rack and draws 1 extra tile.",
                       "Ann annonce Arc-en-ciel, montre son chevalet et pioche 1 tuile de plus."),
}


@pytest.mark.parametrize("case, text", RAINBOW_REFUSED, ids=[c for c, _ in RAINBOW_REFUSED])
def test_doubleseven_rainbow_every_refusal_word_for_word(case, text):
    assert verdict(position(text), "rainbow") == RAINBOW_REFUSED_VERDICTS[case]


def test_doubleseven_two_for_one_refused_when_it_could_take_only_its_own_tiles_d16():
    text = ("players: Ann, Bob\nturn: Ann\nAnn: rack fox, bird, bear\nBob: rack frog\n"
            "reserve: -\nout: ...\ntrigger: Ann")
    assert verdict(position(text), "two-for-one bird fox") == (
        False, "doubleseven.two-for-one",
        "Two for One is refused: the only tiles it could take are the two just discarded (D16).",
        ("Deux contre Un est refusé : les seules tuiles à prendre seraient les deux défaussées "
        "(D16)."))
    allowed = position(text + "\nrules: two_for_one_take_back=allowed")
    assert verdict(allowed, "two-for-one bird fox") == (
        True, "doubleseven.two-for-one",
        "Ann discards a bird and a fox face up, then draws 1 tile.",
        "Ann défausse un oiseau et un renard face visible, puis pioche 1 tuile.")


@pytest.mark.parametrize("name", ["turn", "Players", "rules", "seed", "reserve", "face-up"])
def test_doubleseven_players_a_field_of_the_notation_cannot_be_a_name(name):
    from doublesept import PositionError

    with pytest.raises(PositionError) as err:
        double_seven.new_game([name, "Bob"], seed=1)
    assert str(err.value) == f"{name!r} is a word of the notation and cannot be a name"


@pytest.mark.parametrize("text", ["_fox_", "Fox_", "  FOX  ", "renard_"])
def test_doubleseven_tiles_underscores_and_spaces_around_a_tile_word_are_ignored(text):
    assert double_seven.tile(text) is double_seven.TILES[2]


def test_doubleseven_exchange_a_ninth_family_has_its_exchanges_too():
    # exchanges can give a player two families of one animal, so more than 8 families
    state = position("players: Ann, Bob\nturn: Ann\nAnn: rack fox; families bird 2, squirrel 2, "
                     "fox 2, butterfly 2, bear 2, rabbit 2, hedgehog 2, frog 2, bird 3\n"
                     "Bob: rack bear; families frog 2, bird 3")
    assert [state.move_text(m) for m in state.legal_moves() if "exchange" in m.text()] == [
        *(f"exchange my {n} for Bob's 1" for n in range(1, 9)), "exchange my 9 for Bob's 2"]
    assert events(state.play("exchange my 9 for Bob's 2")) == [
        ("exchanged", (0, 1), "doubleseven.exchange",
         "Ann gives 3 birds (family 9) to Bob for 3 birds (family 2).",
         "Ann donne 3 oiseaux (famille 9) à Bob contre 3 oiseaux (famille 2).")]
