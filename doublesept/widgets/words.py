"""The labels every widget draws, in English and French (``BASE_WORDS``), and the
language switch (``LANG_BUTTONS``). A game's widget adds its own labels in its ``WORDS``.
A French label writes ``{de_name}`` for « de » and a name (``text.fill``).
"""

from __future__ import annotations

BASE_WORDS = {
    "show_hands": ("Show hands", "Montrer les mains"),
    "hide_hands": ("Hide hands", "Cacher les mains"),
    "show_hands_label": ("show hands", "montrer les mains"),
    "hide_hands_label": ("hide hands", "cacher les mains"),
    "undo": ("↶ Undo", "↶ Annuler"),
    "undo_label": ("undo", "annuler"),
    "reset": ("⟲ Reset", "⟲ Recommencer"),
    "reset_label": ("reset", "recommencer"),
    "language_label": ("language", "langue"),
    "controls_label": ("controls", "commandes"),
    "message_label": ("message", "message"),
    "col_move": ("Move", "Coup"),
    "col_verdict": ("Verdict", "Verdict"),
    "col_why": ("Why", "Pourquoi"),
    "col_rule": ("Rule and source", "Règle et source"),
    "legal": ("✔ legal", "✔ permis"),
    "illegal": ("✘ illegal", "✘ interdit"),
    "hidden_verdict": ("? hidden", "? caché"),
    "try_caption": ("Try a move: ", "Essayez un coup : "),
    "moves_to_try_label": ("moves to try", "coups à essayer"),
    "moves_so_far": ("Moves so far: ", "Coups joués : "),
    "moves_label": ("moves", "coups"),
    "to_play": ("To play: ", "À jouer : "),
    "to_play_label": ("to play", "à jouer"),
    "last_move": ("Last move: ", "Dernier coup : "),
    "last_move_label": ("last move", "dernier coup"),
    "by": (" by ", " par "),
    "rules_label": ("rules", "règles"),
    "unfold": ("each move, its reason", "chaque coup, sa raison"),
    "unfold_legal_label": ("the {n} legal moves of {rule}, one by one",
                           "les {n} coups permis par {rule}, un par un"),
    "unfold_illegal_label": ("the {n} moves refused by {rule}, one by one",
                             "les {n} coups refusés par {rule}, un par un"),
    "moves_box_label": ("moves to try, scrolling", "coups à essayer, défilants"),
    "notation_source": ("(how moves are written)", "(comment s'écrivent les coups)"),
    "round": ("Round {round} of {rounds}", "Manche {round} sur {rounds}"),
    "game_over": ("The game is over.", "La partie est terminée."),
    "seat_view": ("{name}'s view", "Vue {de_name}"),
    "seat_view_label": ("seat", "place"),
    "play_label": ("play {move}", "jouer {move}"),
    "waiting": ("{name} is to move: this table plays for {seat} only.",
                "{name} doit jouer : cette table ne joue que pour {seat}."),
    "hidden_reason": ("Hidden with the hands: click to ask the engine.",
                      "Caché avec les mains : cliquez pour demander au moteur."),
    # a move this view may not name (a game says what it is: "a hidden tile")
    "hidden_move": ("a hidden move", "un coup caché"),
    # the replies: a move refused (its reason, or only where the reason is when its row,
    # just above the reply, already says it) and the rule's card behind its badge
    "refused": ("{move} is illegal{for_whom}.", "{move} est interdit{for_whom}."),
    "refused_for": (" for {name}", " pour {name}"),
    "refused_row": ("{move} is illegal{for_whom}: the reason is on its row, just above.",
                    "{move} est interdit{for_whom} : la raison est sur sa ligne, juste au-dessus."),
    "rule_card_label": ("rule {rule}: its statement and source",
                        "règle {rule} : son énoncé et sa source"),
    "ruling_label": ("ruling {number}: what it settles", "décision {number} : ce qu'elle tranche"),
    "ruling_text": ("Ruling {number} (docs/rulings.md): {text}",
                    "Décision {number} (docs/rulings.md, en anglais) : {text}"),
}

# The language switch: each language named in its own words.
LANG_BUTTONS = (("en", "EN", "English"), ("fr", "FR", "français"),
                ("both", "EN + FR", "English and French / anglais et français"))
