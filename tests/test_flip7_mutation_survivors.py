"""Tests that kill the mutants a mutation run of Flip 7 left alive (benchmarks/mutation.py,
issue 20).

They pin whole values (every field of a verdict, an event, an observation) in English and in
French, where the other tests only looked at one field, one language or one seat: the
observation and the French words are what the widgets and the computer players read, so a
changed word, a flipped condition or a dropped argument in the engine must fail a test.
Public API only.

The sample of session 13 (``benchmarks/mutation.py --game flip7 --sample 100 --seed 0 --rev
HEAD``, on 94af81a: all 98 mutants of rules.py, 100 of state.py's 3,072) left 6 alive, none of
which can change what a caller sees:

- rules ``endless_reshuffle``, ``range(13)`` -> ``range(14)``: kind 13 is a modifier, and a
  modifier in the pile returns False in either loop;
- rules ``Flip7Card.text`` and state ``Target.text``, the default ``lang="en"`` -> "EN" or
  "XXenXX" (3 mutants): every language but "fr" is English;
- state ``_card_verdict``, its ``isinstance(s, list)`` branch never taken: both callers pass
  the state, never the work list;
- state ``Flip7State._next_round_work``, ``_settle(w, None)``: at a round's start the deck
  was just refilled from the discards when empty, so the deal's first draws neither
  reshuffle nor find no card, the only steps that write to the log.
"""

from __future__ import annotations

import pytest

from doublesept import flip7
from doublesept.errors import NotationError
from doublesept.flip7 import position


def events(state):
    return [(e.kind, e.players, e.rule_id, e.en, e.fr) for e in state.events]


def verdict(state, move):
    v = state.check(move)
    return (v.legal, v.rule_id, v.reason_en, v.reason_fr)


# ---------------------------------------------------------------- Flip 7 and its bonus

SIX_NUMBERS = ("players: Ann, Bob, Cy\ndealer: Cy\nround: 2\nscores: 100, 20, 30\ndeck: 7, ...\n"
               "Ann: 0, 1, 2, 3, 4, 5, +2\nBob: 12 (stayed)\nCy: 9, 9 (busted)\nturn: Ann")


def test_flip7_flip_7_event_ends_the_round_word_for_word():
    drawn = position(SIX_NUMBERS).play("hit").play("draw")
    assert events(drawn) == [
        ("drew", (0,), "flip7.hit", "Ann draws a 7.", "Ann pioche un 7."),
        ("flip-7", (0,), "flip7.flip-7",
         "Flip 7! Ann has seven different numbers: the round ends at once for everyone.",
         ("Flip 7 ! Ann a sept Numéros différents : la manche se termine immédiatement pour "
         "tout le monde.")),
        ("round-over", (0, 1, 2), "flip7.scoring",
         "Round 2 is over. Points: Ann 39, Bob 12, Cy 0 (bust).",
         "La manche 2 est terminée. Points : Ann 39, Bob 12, Cy 0 (a sauté)."),
    ]
    assert drawn.scores == (139, 32, 30) and drawn.is_round_over
    assert drawn.observation(1) == {
        "game": "flip7",
        "seat": 1,
        "players": ["Ann", "Bob", "Cy"],
        "dealer": 2,
        "round": 2,
        "rules": {"deal_start": "dealer", "first_player": "dealer", "flip7_bonus": 15,
                  "deferred_after_bust": "give", "nested_actions": "depth-first",
                  "frozen_target_deferred": "played", "freeze_placement": "discards",
                  "set_aside_targets": "one-at-a-time", "deal_card_when_holding": "dealt"},
        "scores": [139, 32, 30],
        "turn": None,
        "to_move": "chance",
        "phase": "deal",
        "lines": [
            {"numbers": ["0", "1", "2", "3", "4", "5", "7"], "modifiers": ["+2"],
             "second_chance": False, "status": "active", "score": 39},
            {"numbers": ["12"], "modifiers": [], "second_chance": False, "status": "stayed",
             "score": 12},
            {"numbers": ["9", "9"], "modifiers": [], "second_chance": False,
             "status": "busted", "score": 0}],
        "set_aside": [],
        "discards": {},
        "discard_size": 0,
        "deck_size": 83,
        "deck": {"2": 1, "3": 2, "4": 3, "5": 4, "6": 6, "7": 6, "8": 8, "9": 7, "10": 10,
                 "11": 11, "12": 11, "×2": 1, "+4": 1, "+6": 1, "+8": 1, "+10": 1,
                 "Freeze": 3, "Flip Three": 3, "Second Chance": 3},
        "legal_moves": [],
        "last_move": "7",
        "events": [{"kind": kind, "players": list(players), "rule_id": rule_id, "en": en,
                    "fr": fr} for kind, players, rule_id, en, fr in events(drawn)],
    }


@pytest.mark.parametrize("bonus, points", [(15, 39), (0, 24), (50, 74)])
def test_flip7_flip7_bonus_is_added_to_the_flip_7_points(bonus, points):
    text = SIX_NUMBERS.replace("turn: Ann", f"turn: Ann\nrules: flip7_bonus={bonus}")
    drawn = position(text).play("hit").play("draw")
    assert drawn.observation(0)["lines"][0]["score"] == points  # 0 + 1 + ... + 5 + 7 + 2
    assert drawn.scores == (100 + points, 32, 30)
    assert events(drawn)[-1][3] == f"Round 2 is over. Points: Ann {points}, Bob 12, Cy 0 (bust)."


# ---------------------------------------------------------------- the end of a round

ROUND_3 = ("players: Ann, Bob, Cy, Dee\ndealer: Bob\nround: 3\nscores: 10, 20, 30, 40\n"
           "deck: 5, ...\nAnn: 12, 11, x2, +4\nBob: 3, 3 (busted)\nCy: 7 (stayed)\n"
           "Dee: 9, 8 (frozen)\nturn: Ann")


def test_flip7_scoring_round_summary_marks_the_busted_players_word_for_word():
    over = position(ROUND_3).play("stay")
    assert events(over) == [
        ("stayed", (0,), "flip7.stay", "Ann stays and leaves the round.",
         "Ann dit stop et sort de la manche."),
        ("round-over", (0, 1, 2, 3), "flip7.scoring",
         "Round 3 is over. Points: Ann 50, Bob 0 (bust), Cy 7, Dee 17.",
         "La manche 3 est terminée. Points : Ann 50, Bob 0 (a sauté), Cy 7, Dee 17."),
    ]
    assert over.scores == (60, 20, 37, 57)


def test_flip7_scoring_round_summary_with_the_first_and_last_players_busted():
    over = position("players: Ann, Bob, Cy\nAnn: 4, 4 (busted)\nBob: 6\nCy: 2, 2 (busted)\n"
                    "turn: Bob").play("stay")
    assert events(over)[-1] == (
        "round-over", (0, 1, 2), "flip7.scoring",
        "Round 1 is over. Points: Ann 0 (bust), Bob 6, Cy 0 (bust).",
        "La manche 1 est terminée. Points : Ann 0 (a sauté), Bob 6, Cy 0 (a sauté).")


@pytest.mark.parametrize("dealer, next_dealer", [("Ann", "Bob"), ("Bob", "Cy"), ("Cy", "Dee"),
                                                 ("Dee", "Ann")])
def test_flip7_dealer_rotates_the_verdict_between_rounds_names_the_next_dealer(dealer,
                                                                               next_dealer):
    over = position(ROUND_3.replace("dealer: Bob", f"dealer: {dealer}")).play("stay")
    assert over.tasks == () and over.turn is None
    assert verdict(over, "draw") == (
        True, "flip7.dealer-rotates",
        f"Deal the next round: {next_dealer} deals, with the rest of the deck.",
        (f"Distribuez les cartes de la manche suivante : c'est à {next_dealer} de donner, avec "
        "le reste de la pioche."))
    assert verdict(over, "stay") == (
        False, "flip7.round-end", "The round is over: deal the next round (draw).",
        "La manche est terminée : distribuez les cartes de la manche suivante (pioche).")
    dealt = over.play("draw")
    seat = ("Ann", "Bob", "Cy", "Dee").index(next_dealer)
    assert dealt.dealer == seat and dealt.round == 4


# ---------------------------------------------------------------- stay


@pytest.mark.parametrize("line, en, fr", [
    ("1", "Ann leaves the round, keeping 1 point.", "Ann sort de la manche et marquera 1."),
    ("0", "Ann leaves the round, keeping 0 points.", "Ann sort de la manche et marquera 0."),
    ("+4, Second Chance", "Ann leaves the round, keeping 4 points.",
     "Ann sort de la manche et marquera 4."),
    ("5, 6, ×2", "Ann leaves the round, keeping 22 points.",
     "Ann sort de la manche et marquera 22."),
    ("12, 11, x2, +4", "Ann leaves the round, keeping 50 points.",
     "Ann sort de la manche et marquera 50."),
])
def test_flip7_stay_reason_names_the_points_kept_word_for_word(line, en, fr):
    state = position(f"players: Ann, Bob, Cy\nAnn: {line}\nBob: 3\nCy: -\nturn: Ann")
    assert verdict(state, "stay") == (True, "flip7.stay", en, fr)
    assert verdict(state, "hit") == (True, "flip7.hit", "Ann draws one more card, face up.",
                                     "Ann pioche une carte de plus, face visible.")


def test_flip7_stay_needs_a_card_word_for_word():
    state = position("players: Ann, Bob, Cy\nAnn: -\nBob: 3\nCy: -\nturn: Ann")
    assert verdict(state, "stay") == (
        False, "flip7.stay-needs-a-card",
        "Ann has no card yet, so Ann cannot stay: Ann must hit.",
        "Ann n'a encore aucune carte, donc ne peut pas dire stop : il faut dire encore.")
    assert state.legal_moves() == (flip7.HIT,)


# ---------------------------------------------------------------- every kind of decision
# Each walk: at each step the decision awaited (phase, rule, English, French), a verdict of
# each wording the try-a-move table lists, the move played and the events it brings; at the
# end, the position reached (its text holds the lines, the deck and the discards).

def decision(state):
    d = state.decision
    return None if d is None else (d.phase, d.rule_id, d.en, d.fr)


def walk(text, steps):
    state = position(text)
    for move, awaited, verdicts, expected in steps:
        assert decision(state) == awaited, move
        for candidate, *answer in verdicts:
            assert verdict(state, candidate) == tuple(answer), candidate
        state = state.play(move)
        assert events(state) == expected, move
    return state


FREEZE = ("players: Ann, Bob, Cy\ndeck: Freeze, ...\nAnn: 3\nBob: 4\nCy: 6 (stayed)\nturn: Ann")

FREEZE_STEPS = [
    ("hit",
     ("hit-or-stay", "flip7.hit", "Ann to hit or stay", "Ann : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Ann draws one more card, face up.",
          "Ann pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Ann leaves the round, keeping 3 points.",
          "Ann sort de la manche et marquera 3."),
     ],
     [
     ]),
    ("draw",
     ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"),
     [
         ("draw", True, "flip7.hit", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("drew", (0,), "flip7.hit", "Ann draws a Freeze.", "Ann pioche la carte Gel."),
     ]),
    ("freeze Bob",
     ("choose-freeze-target", "flip7.freeze", "Ann to choose whom to freeze",
      "Ann choisit qui geler"),
     [
         ("freeze Ann", True, "flip7.freeze",
          "Ann takes the Freeze: out of the round, keeping 3 points.",
          "Ann se gèle : hors de la manche, avec 3 points acquis."),
         ("freeze Bob", True, "flip7.freeze",
          "Bob is frozen: out of the round, keeping 4 points.",
          "Gel pour Bob : hors de la manche, avec 4 points acquis."),
         ("freeze Cy", False, "flip7.freeze",
          "Cy is out of the round (stayed): the Freeze is played on an active player.",
          "Cy est hors de la manche (a dit stop) : la carte Gel se joue sur un joueur actif."),
     ],
     [
         ("frozen", (0, 1), "flip7.freeze",
          "Ann freezes Bob: Bob is out of the round; the cards already in front still score.",
          "Ann gèle Bob : Bob sort de la manche, en gardant ses points."),
     ]),
]



FREEZE_SELF = ("players: Ann, Bob, Cy\ndeck: Freeze, ...\nAnn: 3\nBob: 4 (stayed)\n"
               "Cy: 6, 6 (busted)\nturn: Ann")

FREEZE_SELF_STEPS = [
    ("hit",
     ("hit-or-stay", "flip7.hit", "Ann to hit or stay", "Ann : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Ann draws one more card, face up.",
          "Ann pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Ann leaves the round, keeping 3 points.",
          "Ann sort de la manche et marquera 3."),
     ],
     [
     ]),
    ("draw",
     ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"),
     [
         ("draw", True, "flip7.hit", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("drew", (0,), "flip7.hit", "Ann draws a Freeze.", "Ann pioche la carte Gel."),
     ]),
    ("freeze Ann",
     ("choose-freeze-target", "flip7.freeze", "Ann to choose whom to freeze",
      "Ann choisit qui geler"),
     [
         ("freeze Ann", True, "flip7.freeze-self",
          "Ann takes the Freeze: out of the round, keeping 3 points.",
          "Ann se gèle : hors de la manche, avec 3 points acquis."),
         ("freeze Bob", False, "flip7.freeze-self",
          "Ann is the only active player, so Ann must take the Freeze.",
          "Ann est le seul joueur actif, et doit donc se geler."),
     ],
     [
         ("frozen", (0,), "flip7.freeze",
          "Ann takes the Freeze and is out of the round; the cards already in front still score.",
          "Ann se gèle et sort de la manche, en gardant ses points."),
         ("round-over", (0, 1, 2), "flip7.scoring",
          "Round 1 is over. Points: Ann 3, Bob 4, Cy 0 (bust).",
          "La manche 1 est terminée. Points : Ann 3, Bob 4, Cy 0 (a sauté)."),
     ]),
]



FLIP_THREE = ("players: Ann, Bob, Cy\ndeck: Flip Three, Freeze, 1, 2, ...\nAnn: 3\nBob: 4\n"
              "Cy: 6\nturn: Ann")

FLIP_THREE_STEPS = [
    ("hit",
     ("hit-or-stay", "flip7.hit", "Ann to hit or stay", "Ann : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Ann draws one more card, face up.",
          "Ann pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Ann leaves the round, keeping 3 points.",
          "Ann sort de la manche et marquera 3."),
     ],
     [
     ]),
    ("draw",
     ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"),
     [
         ("draw", True, "flip7.hit", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("drew", (0,), "flip7.hit", "Ann draws a Flip Three.",
          "Ann pioche la carte Trois à la Suite."),
     ]),
    ("flip-three Bob",
     ("choose-flip-three-target", "flip7.flip-three", "Ann to choose who flips three cards",
      "Ann choisit qui retourne trois cartes"),
     [
         ("flip-three Ann", True, "flip7.flip-three", "Ann flips three cards, one at a time.",
          "Ann retourne trois cartes, une par une."),
         ("flip-three Bob", True, "flip7.flip-three", "Bob flips three cards, one at a time.",
          "Bob retourne trois cartes, une par une."),
         ("flip-three Cy", True, "flip7.flip-three", "Cy flips three cards, one at a time.",
          "Cy retourne trois cartes, une par une."),
     ],
     [
         ("flip-three", (0, 1), "flip7.flip-three", "Ann makes Bob flip three cards.",
          "Ann fait retourner trois cartes à Bob."),
     ]),
    ("draw",
     ("flip", "flip7.flip-three", "Flip card 1 of 3 for Bob",
      "Retournez la carte 1 sur 3 pour Bob"),
     [
         ("draw", True, "flip7.flip-three", "Draw the next card for Bob, face up.",
          "Piochez la carte suivante pour Bob, face visible."),
     ],
     [
         ("flipped", (1,), "flip7.flip-three", "Bob flips a Freeze (card 1 of 3).",
          "Bob retourne la carte Gel (carte 1 sur 3)."),
         ("action-set-aside", (1,), "flip7.flip-three-deferred",
          "Bob sets the Freeze aside until the three cards are flipped.",
          "Bob met la carte Gel de côté jusqu'à la fin des trois cartes."),
     ]),
    ("draw",
     ("flip", "flip7.flip-three", "Flip card 2 of 3 for Bob",
      "Retournez la carte 2 sur 3 pour Bob"),
     [
         ("draw", True, "flip7.flip-three", "Draw the next card for Bob, face up.",
          "Piochez la carte suivante pour Bob, face visible."),
     ],
     [
         ("flipped", (1,), "flip7.flip-three", "Bob flips a 1 (card 2 of 3).",
          "Bob retourne un 1 (carte 2 sur 3)."),
     ]),
    ("draw",
     ("flip", "flip7.flip-three", "Flip card 3 of 3 for Bob",
      "Retournez la carte 3 sur 3 pour Bob"),
     [
         ("draw", True, "flip7.flip-three", "Draw the next card for Bob, face up.",
          "Piochez la carte suivante pour Bob, face visible."),
     ],
     [
         ("flipped", (1,), "flip7.flip-three", "Bob flips a 2 (card 3 of 3).",
          "Bob retourne un 2 (carte 3 sur 3)."),
     ]),
    ("freeze Cy",
     ("choose-freeze-target", "flip7.freeze", "Bob to choose whom to freeze",
      "Bob choisit qui geler"),
     [
         ("freeze Ann", True, "flip7.flip-three-deferred",
          "Ann is frozen: out of the round, keeping 3 points.",
          "Gel pour Ann : hors de la manche, avec 3 points acquis."),
         ("freeze Bob", True, "flip7.flip-three-deferred",
          "Bob takes the Freeze: out of the round, keeping 7 points.",
          "Bob se gèle : hors de la manche, avec 7 points acquis."),
         ("freeze Cy", True, "flip7.flip-three-deferred",
          "Cy is frozen: out of the round, keeping 6 points.",
          "Gel pour Cy : hors de la manche, avec 6 points acquis."),
     ],
     [
         ("frozen", (1, 2), "flip7.freeze",
          "Bob freezes Cy: Cy is out of the round; the cards already in front still score.",
          "Bob gèle Cy : Cy sort de la manche, en gardant ses points."),
     ]),
]



SECOND_CHANCE = ("players: Ann, Bob, Cy\ndeck: Second Chance, 4, ...\nAnn: 5, Second Chance\n"
                 "Bob: 4\nCy: 6\nturn: Ann")

SECOND_CHANCE_STEPS = [
    ("hit",
     ("hit-or-stay", "flip7.hit", "Ann to hit or stay", "Ann : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Ann draws one more card, face up.",
          "Ann pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Ann leaves the round, keeping 5 points.",
          "Ann sort de la manche et marquera 5."),
     ],
     [
     ]),
    ("draw",
     ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"),
     [
         ("draw", True, "flip7.hit", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("drew", (0,), "flip7.hit", "Ann draws a Second Chance.",
          "Ann pioche la carte Seconde Chance."),
     ]),
    ("give second-chance Bob",
     ("give-second-chance", "flip7.second-chance-limit",
      "Ann to give the extra Second Chance to another active player",
      "Ann donne la Seconde Chance en trop à un autre joueur actif"),
     [
         ("give second-chance Ann", False, "flip7.second-chance-limit",
          ("Ann already holds a Second Chance, and may hold only one: give this one to "
          "another active player."),
          ("Ann a déjà une Seconde Chance, et ne peut en avoir qu'une : donnez celle-ci à un "
          "autre joueur actif.")),
         ("give second-chance Bob", True, "flip7.second-chance-limit",
          "Bob receives the extra Second Chance.", "Bob reçoit la Seconde Chance en trop."),
         ("give second-chance Cy", True, "flip7.second-chance-limit",
          "Cy receives the extra Second Chance.", "Cy reçoit la Seconde Chance en trop."),
     ],
     [
         ("second-chance-passed", (0, 1), "flip7.second-chance-limit",
          "Ann already has a Second Chance and passes this one to Bob.",
          "Ann a déjà une Seconde Chance et passe celle-ci à Bob."),
     ]),
    ("hit",
     ("hit-or-stay", "flip7.hit", "Bob to hit or stay", "Bob : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Bob draws one more card, face up.",
          "Bob pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Bob leaves the round, keeping 4 points.",
          "Bob sort de la manche et marquera 4."),
     ],
     [
     ]),
    ("draw",
     ("draw", "flip7.hit", "Draw Bob's card", "Piochez une carte pour Bob"),
     [
         ("draw", True, "flip7.hit", "Draw the next card for Bob, face up.",
          "Piochez la carte suivante pour Bob, face visible."),
     ],
     [
         ("drew", (1,), "flip7.hit", "Bob draws a 4.", "Bob pioche un 4."),
         ("second-chance-used", (1,), "flip7.second-chance",
          "Bob's Second Chance cancels the second 4: both cards are discarded, and Bob stays in.",
          ("La Seconde Chance de Bob annule le deuxième 4 : les deux cartes sont défaussées, "
          "et Bob reste en jeu.")),
     ]),
]



BUST_GIVE = ("players: Ann, Bob, Cy\ndeck: Flip Three, Freeze, 3, ...\nAnn: 3\nBob: 4 (stayed)\n"
             "Cy: 6\nturn: Ann")

BUST_GIVE_STEPS = [
    ("hit",
     ("hit-or-stay", "flip7.hit", "Ann to hit or stay", "Ann : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Ann draws one more card, face up.",
          "Ann pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Ann leaves the round, keeping 3 points.",
          "Ann sort de la manche et marquera 3."),
     ],
     [
     ]),
    ("draw",
     ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"),
     [
         ("draw", True, "flip7.hit", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("drew", (0,), "flip7.hit", "Ann draws a Flip Three.",
          "Ann pioche la carte Trois à la Suite."),
     ]),
    ("flip-three Ann",
     ("choose-flip-three-target", "flip7.flip-three", "Ann to choose who flips three cards",
      "Ann choisit qui retourne trois cartes"),
     [
         ("flip-three Ann", True, "flip7.flip-three", "Ann flips three cards, one at a time.",
          "Ann retourne trois cartes, une par une."),
         ("flip-three Bob", False, "flip7.flip-three",
          "Bob is out of the round (stayed): the Flip Three is played on an active player.",
          ("Bob est hors de la manche (a dit stop) : la carte Trois à la Suite se joue sur un "
          "joueur actif.")),
         ("flip-three Cy", True, "flip7.flip-three", "Cy flips three cards, one at a time.",
          "Cy retourne trois cartes, une par une."),
     ],
     [
         ("flip-three", (0,), "flip7.flip-three",
          "Ann takes the Flip Three: three cards to flip.", "Ann se fait retourner trois cartes."),
     ]),
    ("draw",
     ("flip", "flip7.flip-three", "Flip card 1 of 3 for Ann",
      "Retournez la carte 1 sur 3 pour Ann"),
     [
         ("draw", True, "flip7.flip-three", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("flipped", (0,), "flip7.flip-three", "Ann flips a Freeze (card 1 of 3).",
          "Ann retourne la carte Gel (carte 1 sur 3)."),
         ("action-set-aside", (0,), "flip7.flip-three-deferred",
          "Ann sets the Freeze aside until the three cards are flipped.",
          "Ann met la carte Gel de côté jusqu'à la fin des trois cartes."),
     ]),
    ("draw",
     ("flip", "flip7.flip-three", "Flip card 2 of 3 for Ann",
      "Retournez la carte 2 sur 3 pour Ann"),
     [
         ("draw", True, "flip7.flip-three", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("flipped", (0,), "flip7.flip-three", "Ann flips a 3 (card 2 of 3).",
          "Ann retourne un 3 (carte 2 sur 3)."),
         ("bust", (0,), "flip7.bust",
          "Ann already has the 3: Ann busts and is out of the round, scoring 0.",
          "Ann a déjà le 3 : Ann saute et sort de la manche, avec 0 point."),
     ]),
    ("give freeze Cy",
     ("give-deferred-card", "flip7.deferred-after-bust",
      "Ann busted: Ann gives the Freeze set aside to an active player",
      "Ann a sauté : Ann donne la carte Gel mise de côté à un joueur actif"),
     [
         ("give freeze Ann", False, "flip7.deferred-after-bust",
          "Ann is out of the round (busted): the Freeze is played on an active player.",
          "Ann est hors de la manche (a sauté) : la carte Gel se joue sur un joueur actif."),
         ("give freeze Bob", False, "flip7.deferred-after-bust",
          "Bob is out of the round (stayed): the Freeze is played on an active player.",
          "Bob est hors de la manche (a dit stop) : la carte Gel se joue sur un joueur actif."),
         ("give freeze Cy", True, "flip7.deferred-after-bust",
          "Cy is frozen: out of the round, keeping 6 points.",
          "Gel pour Cy : hors de la manche, avec 6 points acquis."),
     ],
     [
         ("frozen", (0, 2), "flip7.deferred-after-bust",
          ("Ann gives the Freeze to Cy: Cy is out of the round; the cards already in front "
          "still score."),
          "Ann donne le Gel à Cy : Cy sort de la manche, en gardant ses points."),
         ("round-over", (0, 1, 2), "flip7.scoring",
          "Round 1 is over. Points: Ann 0 (bust), Bob 4, Cy 6.",
          "La manche 1 est terminée. Points : Ann 0 (a sauté), Bob 4, Cy 6."),
     ]),
]



RESHUFFLE = ("players: Ann, Bob\ndeck: 9\ndiscards: ...\nAnn: 3, 4\nBob: 5, 5 (busted)\nturn: Ann")

RESHUFFLE_STEPS = [
    ("hit",
     ("hit-or-stay", "flip7.hit", "Ann to hit or stay", "Ann : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Ann draws one more card, face up.",
          "Ann pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Ann leaves the round, keeping 7 points.",
          "Ann sort de la manche et marquera 7."),
     ],
     [
     ]),
    ("draw",
     ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"),
     [
         ("draw", True, "flip7.hit", "Draw the next card for Ann, face up.",
          "Piochez la carte suivante pour Ann, face visible."),
     ],
     [
         ("drew", (0,), "flip7.hit", "Ann draws a 9.", "Ann pioche un 9."),
     ]),
    ("hit",
     ("hit-or-stay", "flip7.hit", "Ann to hit or stay", "Ann : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Ann draws one more card, face up.",
          "Ann pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Ann leaves the round, keeping 16 points.",
          "Ann sort de la manche et marquera 16."),
     ],
     [
         ("reshuffle", (), "flip7.reshuffle-mid-round",
          ("The deck is empty: the 89 discards are shuffled into a new deck; the cards in "
          "front of players stay there."),
          ("La pioche est vide : les 89 cartes défaussées sont mélangées en une nouvelle "
          "pioche ; les cartes devant les joueurs y restent.")),
     ]),
]



GAME_OVER = ("players: Ann, Bob, Cy\nround: 7\nscores: 190, 150, 199\nAnn: 10, 12 (stayed)\n"
             "Bob: 5 (frozen)\nCy: 0\nturn: Cy")

GAME_OVER_STEPS = [
    ("stay",
     ("hit-or-stay", "flip7.hit", "Cy to hit or stay", "Cy : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Cy draws one more card, face up.",
          "Cy pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Cy leaves the round, keeping 0 points.",
          "Cy sort de la manche et marquera 0."),
     ],
     [
         ("stayed", (2,), "flip7.stay", "Cy stays and leaves the round.",
          "Cy dit stop et sort de la manche."),
         ("round-over", (0, 1, 2), "flip7.scoring",
          "Round 7 is over. Points: Ann 22, Bob 5, Cy 0.",
          "La manche 7 est terminée. Points : Ann 22, Bob 5, Cy 0."),
         ("game-over", (0,), "flip7.game-end", "The game is over: Ann wins with 212 points.",
          "La partie est terminée : Ann gagne avec 212 points."),
     ]),
]



TIE = ("players: Ann, Bob, Cy\nround: 7\nscores: 190, 150, 195\nAnn: 10 (stayed)\n"
       "Bob: 5 (frozen)\nCy: 5\nturn: Cy")

TIE_STEPS = [
    ("stay",
     ("hit-or-stay", "flip7.hit", "Cy to hit or stay", "Cy : encore ou stop"),
     [
         ("hit", True, "flip7.hit", "Cy draws one more card, face up.",
          "Cy pioche une carte de plus, face visible."),
         ("stay", True, "flip7.stay", "Cy leaves the round, keeping 5 points.",
          "Cy sort de la manche et marquera 5."),
     ],
     [
         ("stayed", (2,), "flip7.stay", "Cy stays and leaves the round.",
          "Cy dit stop et sort de la manche."),
         ("round-over", (0, 1, 2), "flip7.scoring",
          "Round 7 is over. Points: Ann 10, Bob 5, Cy 5.",
          "La manche 7 est terminée. Points : Ann 10, Bob 5, Cy 5."),
         ("tie", (0, 2), "flip7.tie",
          "Ann and Cy are tied at the top with 200: everyone plays another round.",
          "Ann et Cy sont à égalité en tête avec 200 : tout le monde joue une manche de plus."),
     ]),
    ("draw",
     ("deal", "flip7.dealer-rotates", "Deal round 8: Bob deals",
      "Distribuez les cartes de la manche 8 : c'est à Bob de donner"),
     [
         ("draw", True, "flip7.dealer-rotates",
          "Deal the next round: Bob deals, with the rest of the deck.",
          ("Distribuez les cartes de la manche suivante : c'est à Bob de donner, avec le "
          "reste de la pioche.")),
     ],
     [
         ("new-round", (1,), "flip7.dealer-rotates",
          "Round 8: Bob deals, with the rest of the deck.",
          "Manche 8 : Bob distribue, avec le reste de la pioche."),
         ("dealt", (1,), "flip7.deal", "Bob is dealt a 5.", "Bob reçoit un 5."),
     ]),
]



def test_flip7_freeze_the_drawer_chooses_a_target_word_for_word():
    state = walk(FREEZE, FREEZE_STEPS)
    assert state.to_text() == ("players: Ann, Bob, Cy\ndealer: Ann\nround: 1\nscores: 0, 0, 0\n"
                               "deck: ...\ndiscards: Freeze\nAnn: 3\nBob: 4 (frozen)\n"
                               "Cy: 6 (stayed)\nturn: Ann\nseed: 0\ndraws: 1")
    assert state.scores == (0, 0, 0)


def test_flip7_freeze_self_when_the_drawer_is_alone_word_for_word():
    state = walk(FREEZE_SELF, FREEZE_SELF_STEPS)
    assert state.to_text() == ("players: Ann, Bob, Cy\ndealer: Ann\nround: 1\nscores: 3, 4, 0\n"
                               "deck: ...\ndiscards: Freeze\nAnn: 3 (frozen)\nBob: 4 (stayed)\n"
                               "Cy: 6, 6 (busted)\nturn: -\nseed: 0\ndraws: 1")
    assert state.scores == (3, 4, 0)


def test_flip7_flip_three_deferred_freeze_after_the_three_cards_word_for_word():
    state = walk(FLIP_THREE, FLIP_THREE_STEPS)
    assert state.to_text() == ("players: Ann, Bob, Cy\ndealer: Ann\nround: 1\nscores: 0, 0, 0\n"
                               "deck: ...\ndiscards: Freeze, Flip Three\nAnn: 3\nBob: 1, 2, 4\n"
                               "Cy: 6 (frozen)\nturn: Bob\nseed: 0\ndraws: 4")
    assert state.scores == (0, 0, 0)


def test_flip7_second_chance_limit_give_it_then_it_saves_word_for_word():
    state = walk(SECOND_CHANCE, SECOND_CHANCE_STEPS)
    assert state.to_text() == ("players: Ann, Bob, Cy\ndealer: Ann\nround: 1\nscores: 0, 0, 0\n"
                               "deck: ...\ndiscards: 4, Second Chance\nAnn: 5, Second Chance\n"
                               "Bob: 4\nCy: 6\nturn: Cy\nseed: 0\ndraws: 2")
    assert state.scores == (0, 0, 0)


def test_flip7_deferred_after_bust_the_buster_gives_the_freeze_word_for_word():
    state = walk(BUST_GIVE, BUST_GIVE_STEPS)
    assert state.to_text() == ("players: Ann, Bob, Cy\ndealer: Ann\nround: 1\nscores: 0, 4, 6\n"
                               "deck: ...\ndiscards: Freeze, Flip Three\nAnn: 3, 3 (busted)\n"
                               "Bob: 4 (stayed)\nCy: 6 (frozen)\nturn: -\nseed: 0\ndraws: 3")
    assert state.scores == (0, 4, 6)


def test_flip7_reshuffle_mid_round_word_for_word():
    state = walk(RESHUFFLE, RESHUFFLE_STEPS)
    assert state.to_text() == ("players: Ann, Bob\ndealer: Ann\nround: 1\nscores: 0, 0\n"
                               "deck: ...\ndiscards: -\nAnn: 3, 4, 9\nBob: 5, 5 (busted)\n"
                               "turn: Ann\npending: draw Ann\nseed: 0\ndraws: 1")
    assert state.scores == (0, 0)


def test_flip7_game_end_the_highest_total_wins_word_for_word():
    state = walk(GAME_OVER, GAME_OVER_STEPS)
    assert state.to_text() == ("players: Ann, Bob, Cy\ndealer: Ann\nround: 7\n"
                               "scores: 212, 155, 199\ndeck: ...\ndiscards: -\n"
                               "Ann: 10, 12 (stayed)\nBob: 5 (frozen)\nCy: 0 (stayed)\nturn: -\n"
                               "seed: 0")
    assert state.scores == (212, 155, 199)


def test_flip7_tie_everyone_plays_another_round_word_for_word():
    state = walk(TIE, TIE_STEPS)
    assert state.to_text() == ("players: Ann, Bob, Cy\ndealer: Bob\nround: 8\n"
                               "scores: 200, 155, 200\ndeck: ...\ndiscards: 5, 5, 10\nAnn: -\n"
                               "Bob: 5\nCy: -\nturn: Cy (deal)\npending: deal Cy\nseed: 0\n"
                               "draws: 1")
    assert state.scores == (200, 155, 200)


# ---------------------------------------------------------------- the cards and the bounds

KINDS = [  # kind: English, French, value, copies
    *((str(n), str(n), n, max(n, 1)) for n in range(13)),
    ("×2", "×2", 0, 1), ("+2", "+2", 2, 1), ("+4", "+4", 4, 1), ("+6", "+6", 6, 1),
    ("+8", "+8", 8, 1), ("+10", "+10", 10, 1),
    ("Freeze", "Gel", 0, 3), ("Flip Three", "Trois à la Suite", 0, 3),
    ("Second Chance", "Seconde Chance", 0, 3),
]


@pytest.mark.parametrize("kind", range(22))
def test_flip7_deck_every_kind_of_card_its_words_value_and_copies(kind):
    import pickle

    en, fr, value, copies = KINDS[kind]
    c = flip7.card(en)
    assert c is flip7.card(fr) is flip7.Flip7Card(kind) and c.kind == kind
    assert (c.text(), c.text("en"), c.text("fr"), str(c), repr(c)) == (
        en, en, fr, en, f"Flip7Card({en!r})")
    assert (c.is_number, c.is_modifier, c.is_action) == (kind <= 12, 13 <= kind <= 18,
                                                         kind >= 19)
    assert (c.value, c.copies) == (value, copies)
    assert pickle.loads(pickle.dumps(c)) is c
    assert c.sort_key() == (0, kind)


def test_flip7_deck_a_word_that_is_no_card_is_refused_word_for_word():
    with pytest.raises(NotationError) as err:
        flip7.card("Joker")
    assert err.value.reason_en == ("'Joker' is not a Flip 7 card: write 0 to 12, ×2 (or x2), "
                                   "+2 to +10, Freeze, Flip Three or Second Chance")
    assert err.value.reason_fr == ("'Joker' n'est pas une carte de Flip 7 : écrivez 0 à 12, ×2 "
                                   "(ou x2), +2 à +10, Gel, Trois à la Suite ou Seconde Chance")
    assert flip7.card(" flip-3 ") is flip7.card("Flip Three") is flip7.card("trois a la suite")
    assert flip7.card("07") is flip7.card("7") and flip7.card("X 2") is flip7.card("×2")


@pytest.mark.parametrize("nums, mods, made_7, bonus, points", [
    (0b1000010001000, 0b101, False, 15, 48),  # 3, 7, 12, ×2, +4: 22 * 2 + 4
    (0b1111111, 0, True, 15, 36),  # 0 to 6 and the bonus
    (0b10, 0b111110, True, 20, 51),  # 1, +2 +4 +6 +8 +10, bonus 20
    (0, 0b1, False, 15, 0),  # ×2 alone
    (0b1000000000000, 0b1, True, 0, 24),  # 12 doubled, a bonus of 0
])
def test_flip7_scoring_line_score(nums, mods, made_7, bonus, points):
    from doublesept.flip7.rules import line_score

    assert line_score(nums, mods, made_7, bonus) == points


def discards(**counts):
    found = [0] * 22
    for kind, n in counts.items():
        found[int(kind[1:])] = n
    return tuple(found)


@pytest.mark.parametrize("pile, held, endless", [
    (discards(k20=2, k21=1), 0, True),  # actions only
    ((0,) * 22, 0, True),  # nothing left at all
    (discards(k7=1), 1 << 7, True),  # one 7, held by a player still in
    (discards(k7=1), 1 << 5, False),  # a 7 nobody still in has: it joins a line
    (discards(k7=3), 1 << 7, True),  # 3 numbers: the 3 Second Chances could cancel them
    (discards(k7=4), 1 << 7, False),  # 4: one is sure to count
    (discards(k3=2, k9=2), 1 << 3 | 1 << 9, False),
    (discards(k3=1, k9=2), 1 << 3 | 1 << 9, True),
    (discards(k0=1), 1, True),  # the 0
    (discards(k12=1), 1 << 12, True),
    (discards(k13=1), 0, False),  # a modifier always joins a line
    (discards(k18=1, k20=1), 0, False),
])
def test_flip7_endless_reshuffle_when_nothing_is_sure_to_change(pile, held, endless):
    from doublesept.flip7.rules import endless_reshuffle

    assert endless_reshuffle(pile, held) is endless


@pytest.mark.parametrize("players, draws, steps", [(2, 2162, 6498), (3, 2820, 8473),
                                                   (4, 3478, 10448), (18, 12690, 38098)])
def test_flip7_endless_reshuffle_round_bounds(players, draws, steps):
    from doublesept.flip7.rules import round_draw_bound, round_step_bound

    assert round_draw_bound(players) == 94 * (7 * players + 9) == draws
    assert round_step_bound(players) == 3 * draws + players + 10 == steps


# ---------------------------------------------------------------- the moves' words


def test_flip7_freeze_and_flip_three_targets_and_gifts_are_moves_with_words():
    import pickle

    from doublesept.flip7.rules import FLIP_THREE, FREEZE, SECOND_CHANCE
    from doublesept.flip7.state import DRAW, HIT, STAY, Give, Target

    rows = [
        (Target(FREEZE, 2), "Target('freeze 2')", "freeze 2", "gel 2", (2, 19, 2), "Freeze"),
        (Target(FLIP_THREE, 0), "Target('flip-three 0')", "flip-three 0", "trois-à-la-suite 0",
         (2, 20, 0), "Flip Three"),
        (Give(SECOND_CHANCE, 1), "Give('give second-chance 1')", "give second-chance 1",
         "donner seconde-chance 1", (3, 21, 1), "Second Chance"),
        (Give(FREEZE, 3), "Give('give freeze 3')", "give freeze 3", "donner gel 3", (3, 19, 3),
         "Freeze"),
        (Give(FLIP_THREE, 17), "Give('give flip-three 17')", "give flip-three 17",
         "donner trois-à-la-suite 17", (3, 20, 17), "Flip Three"),
    ]
    for move, shown, en, fr, key, card in rows:
        assert (repr(move), move.text(), move.text("fr"), move.sort_key(), str(move.card)) == (
            shown, en, fr, key, card)
        assert pickle.loads(pickle.dumps(move)) is move
        assert type(move)(move.card, move.seat) is move  # interned, from a card or a kind
    assert [(w.text(), w.text("fr"), w.sort_key()) for w in (HIT, STAY, DRAW)] == [
        ("hit", "encore", (1, 6)), ("stay", "stop", (1, 7)), ("draw", "pioche", (1, 8))]
    assert sorted([Give(FREEZE, 0), Target(FREEZE, 1), flip7.card("3"), STAY]) == [
        flip7.card("3"), STAY, Target(FREEZE, 1), Give(FREEZE, 0)]


@pytest.mark.parametrize("make, en, fr", [
    (lambda: flip7.state.Target(21, 1), "only a Freeze or a Flip Three is played on a player",
     "seul un Gel ou un Trois à la Suite se joue sur un joueur"),
    (lambda: flip7.state.Give(5, 1),
     "only a Second Chance, or a Freeze or Flip Three set aside, is given",
     "on ne donne qu'une Seconde Chance, ou un Gel ou un Trois à la Suite mis de côté"),
    (lambda: flip7.state.Target(19, 18), "seat: must be from 0 to 17, not 18",
     "seat: must be from 0 to 17, not 18"),
    (lambda: flip7.state.Give(19, -1), "seat: must be from 0 to 17, not -1",
     "seat: must be from 0 to 17, not -1"),
])
def test_flip7_freeze_a_target_or_gift_that_cannot_be_is_refused_word_for_word(make, en, fr):
    with pytest.raises(NotationError) as err:
        make()
    assert (err.value.reason_en, err.value.reason_fr) == (en, fr)


@pytest.mark.parametrize("text, en, fr", [
    ("freeze Bob", "freeze Bob", "gel Bob"),
    ("geler Cy", "freeze Cy", "gel Cy"),
    ("flip-three 1", "flip-three Bob", "trois-à-la-suite Bob"),
    ("trois à la suite Ann", "flip-three Ann", "trois-à-la-suite Ann"),
    ("give second-chance Cy", "give second-chance Cy", "donner seconde-chance Cy"),
    ("donner seconde chance Bob", "give second-chance Bob", "donner seconde-chance Bob"),
    ("give freeze 2", "give freeze Cy", "donner gel Cy"),
    ("encore", "hit", "encore"), ("stop", "stay", "stop"), ("pioche", "draw", "pioche"),
    ("Gel", "Freeze", "Gel"), ("7", "7", "7"),
])
def test_flip7_hit_every_move_is_read_and_written_with_the_players_names(text, en, fr):
    state = position("players: Ann, Bob, Cy\nAnn: 3\nBob: 4\nCy: 6\nturn: Ann")
    move = state.parse_move(text)
    assert (state.move_text(move), state.move_text(move, "fr")) == (en, fr)
    assert state.parse_move(en) == state.parse_move(fr) == move


@pytest.mark.parametrize("text", ["freeze Dee", "jump"])
def test_flip7_hit_a_text_that_is_no_move_is_refused_word_for_word(text):
    state = position("players: Ann, Bob, Cy\nAnn: 3\nBob: 4\nCy: 6\nturn: Ann")
    with pytest.raises(NotationError) as err:
        state.parse_move(text)
    assert err.value.reason_en == (
        f"{text!r} is not a Flip 7 move: write hit, stay, draw, a card drawn (such as 7 or "
        "Freeze), freeze <player>, flip-three <player>, give second-chance <player> or give "
        "<card> <player>")
    assert err.value.reason_fr == (
        f"{text!r} n'est pas un coup de Flip 7 : écrivez encore, stop, pioche, une carte piochée "
        "(comme 7 ou Gel), gel <joueur>, trois-à-la-suite <joueur>, donner seconde-chance "
        "<joueur> ou donner <carte> <joueur>")


# ---------------------------------------------------------------- chance's cards, out of turn

CHANCE_CASES = {  # position, moves played first, the decision then, verdicts of moves tried
    "stacked": ("players: Ann, Bob, Cy\ndeck: 7, ...\nAnn: 3\nBob: 4\nCy: 6\nturn: Ann", ["hit"],
                ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"), [
        ("7", True, "flip7.hit", "Stack the deck: 7 comes next (for Ann).",
         "Paquet arrangé : un 7 vient ensuite (pour Ann)."),
        ("8", False, "flip7.deck", "The deck is stacked: the next card is 7, not 8.",
         "Le paquet est arrangé : c'est un 7 qui vient ensuite, pas un 8."),
        ("Freeze", False, "flip7.deck", "The deck is stacked: the next card is 7, not Freeze.",
         "Le paquet est arrangé : c'est un 7 qui vient ensuite, pas la carte Gel."),
        ("stay", False, "flip7.hit", "A card is being drawn for Ann: draw it first (draw).",
         "Une carte est piochée pour Ann : piochez-la d'abord (pioche)."),
        ("freeze Bob", False, "flip7.hit", "A card is being drawn for Ann: draw it first (draw).",
         "Une carte est piochée pour Ann : piochez-la d'abord (pioche)."),
    ]),
    "none-left": ("players: Ann, Bob, Cy\ndeck: ...\ndiscards: " + ", ".join(["12"] * 12)
                  + "\nAnn: 3\nBob: 4\nCy: 6\nturn: Ann", ["hit"],
                  ("draw", "flip7.hit", "Draw Ann's card", "Piochez une carte pour Ann"), [
        ("12", False, "flip7.deck", "No 12 is left in the deck: it cannot come next.",
         "Il ne reste aucune carte 12 dans la pioche : elle ne peut pas venir."),
        ("11", True, "flip7.hit", "Stack the deck: 11 comes next (for Ann).",
         "Paquet arrangé : un 11 vient ensuite (pour Ann)."),
        ("freeze 7", False, "flip7.players",
         "There is no player 7: the players are numbered 0 to 2.",
         "Il n'y a pas de joueur 7 : les joueurs sont numérotés de 0 à 2."),
    ]),
    "deal": ("players: Ann, Bob, Cy\ndeck: Freeze, ...\nAnn: -\nBob: -\nCy: -\nturn: Ann (deal)",
             [], ("deal", "flip7.deal", "Deal a card to Ann", "Distribuez une carte à Ann"), [
        ("draw", True, "flip7.deal", "Draw the next card for Ann, face up.",
         "Piochez la carte suivante pour Ann, face visible."),
        ("Freeze", True, "flip7.deal", "Stack the deck: Freeze comes next (for Ann).",
         "Paquet arrangé : la carte Gel vient ensuite (pour Ann)."),
        ("hit", False, "flip7.deal", "A card is being drawn for Ann: draw it first (draw).",
         "Une carte est piochée pour Ann : piochez-la d'abord (pioche)."),
    ]),
    "over": (("players: Ann, Bob, Cy\nround: 7\nscores: 190, 150, 199\nAnn: 10, 12 (stayed)\n"
             "Bob: 5 (frozen)\nCy: 0\nturn: Cy"), ["stay"], None, [
        ("draw", False, "flip7.game-end", "The game is over: Ann won with 212 points.",
         "La partie est terminée : Ann a gagné avec 212 points."),
        ("7", False, "flip7.game-end", "The game is over: Ann won with 212 points.",
         "La partie est terminée : Ann a gagné avec 212 points."),
        ("freeze 1", False, "flip7.game-end", "The game is over: Ann won with 212 points.",
         "La partie est terminée : Ann a gagné avec 212 points."),
    ]),
}


@pytest.mark.parametrize("case", sorted(CHANCE_CASES))
def test_flip7_deck_chance_cards_and_words_out_of_turn_word_for_word(case):
    text, moves, awaited, verdicts = CHANCE_CASES[case]
    state = position(text)
    for move in moves:
        state = state.play(move)
    assert decision(state) == awaited
    for move, *expected in verdicts:
        assert verdict(state, move) == tuple(expected), move
