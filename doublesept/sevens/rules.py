"""The rules of Sevens as data: the rule catalog, the match options, and the row tables.

Sources: seed 002 (international rules) and seed 003 (app rules), with rulings
S1-S3 and S5 (the alternatives of S1 and S5 are options of SevensRules).
"""

from __future__ import annotations

from ..cards import FULL_MASK, card, parse_card
from ..catalog import EngineChoice, Quote, Rule, Ruling, register
from ..core.options import Option, Options, RuleSet
from ..errors import NotationError

GAME = "sevens"
_FIELDS = ("players", "dealer", "round", "tie-break", "rules", "scores", "chips", "pot",
           "passes", "table", "turn", "seed")
MIN_PLAYERS, MAX_PLAYERS = 3, 8  # seed 002: "De 3 à 8 joueurs"; the app (003) stops at 7
MIN_ROUNDS, MAX_ROUNDS, DEFAULT_ROUNDS = 1, 10, 3  # seed 003: "3 par défaut, de 1 à 10"
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal")
OPENING = card(7, 1)  # 7♦ (ruling S1)

# ---------------------------------------------------------------- the rules

register(
    Rule("sevens.players",
         "Sevens is for 3 to 8 players, each playing alone. The app (seed 003) seats 3 to 7: "
         "its preset refuses 8, while the default rules, the app's in every other way, keep "
         "seed 002's 8 seats.",
         "Le Sevens se joue de 3 à 8 joueurs, chacun pour soi. L'application (source 003) "
         "accueille de 3 à 7 joueurs : son préréglage refuse 8, tandis que les règles par "
         "défaut, celles de l'application pour tout le reste, gardent les 8 places de la "
         "source 002.",
         (Quote("002", "De 3 à 8 joueurs ; chaque joueur joue pour lui-même"),
          Quote("003", "De 3 à 7 joueurs avec un jeu standard de 52 cartes."),
          Ruling("S2", "seed 002 allows 3–8 players, seed 003 (the app) 3–7; the engine allows 3–8."),
          EngineChoice("Seats of the app preset",
                       "the app preset seats 3 to 7; without a preset the engine seats 3 to 8, "
                       "so games and saves of 8 players made before the presets still load."))),
    Rule("sevens.deal",
         "All 52 cards are dealt one at a time, starting at the dealer's left; some hands may have one card more.",
         "Les 52 cartes sont distribuées une à une en partant de la gauche du donneur ; "
         "certaines mains peuvent avoir une carte de plus.",
         (Quote("003", "Tout le jeu est distribué une carte à la fois en partant de la gauche du donneur, "
                       "donc certains joueurs peuvent avoir une carte de plus."),
          Ruling("S2", "all 52 cards are dealt one at a time from the dealer's left."))),
    Rule("sevens.opening",
         "The holder of 7♦ opens every round by playing it (7♥ in some traditions).",
         "Celui qui détient le 7♦ ouvre chaque manche en le jouant (le 7♥ dans d'autres traditions).",
         (Quote("003", "Celui qui détient le 7♦ ouvre chaque manche en le jouant."),
          Ruling("S1", "both seeds open with 7♦; 7♥, any 7 and all 7s first are alternatives."))),
    Rule("sevens.flexible-opener",
         "Variant: any 7 may open, and the player holding the first playable 7 opens. Seed 002 "
         "does not say where that search starts; the engine's choice: play starts at the "
         "dealer's left, and a player with no 7 passes.",
         "Variante : n'importe quel 7 peut ouvrir, et le joueur qui tient le premier 7 jouable "
         "ouvre. La source 002 ne dit pas d'où part cette recherche ; le choix du moteur : le "
         "jeu part de la gauche du donneur, et un joueur sans 7 passe.",
         (Quote("002", "Ouvreur flexible : Commencez avec n'importe quel 7 au lieu de strictement ; "
                       "le joueur qui tient le premier 7 jouable ouvre."),
          Ruling("S1", "'any 7' is an alternative opening."),
          EngineChoice('Who plays first with the flexible opener (ruling S1, "any 7")',
                       "the player on the dealer's left, as in seed 002's Fan Tan; a player "
                       "with no 7 passes, and the first player holding a 7 opens."))),
    Rule("sevens.all-sevens-first",
         "Variant (Shichi Narabe): the four 7s are laid out before play. No source names who "
         "then plays first; the engine's choice: the player who held 7♦.",
         "Variante (Shichi Narabe) : les quatre 7 sont posés avant le jeu. Aucune source ne "
         "dit qui joue alors en premier ; le choix du moteur : celui qui avait le 7♦.",
         (Ruling("S1", "in Shichi Narabe all four 7s are laid out first."),
          Quote("002", "Shichi Narabe (japonais) : Joué avec 52 cartes"),
          EngineChoice("Who plays first with all sevens laid out first (ruling S1, Shichi "
                       "Narabe)",
                       "the player who held the 7♦ before the layout, as with the default "
                       "opening."))),
    Rule("sevens.turn-order",
         "Play passes one place to the left after each card or pass.",
         "Le tour passe d'une place vers la gauche après chaque carte ou passe.",
         (Quote("003", "Le joueur qui détient le 7♦ le pose pour lancer la rangée de carreau, "
                       "puis le tour passe d'une place vers la gauche."),)),
    Rule("sevens.from-hand",
         "On your turn you play one card from your own hand.",
         "À votre tour, vous posez une carte de votre main.",
         (Quote("003", "À votre tour, posez une carte"),
          Quote("002", "La règle de base est une carte par tour."))),
    Rule("sevens.seven-starts-row",
         "Any 7 starts the row of its suit.",
         "Tout 7 lance la rangée de sa couleur.",
         (Quote("003", "Tout autre 7 lance sa propre rangée quand son détenteur le pose."),
          Quote("003", "Se pose : tout 7 lance la rangée de sa couleur"))),
    Rule("sevens.build",
         "Any other card must be the next card up or down at an end of its suit's started row.",
         "Toute autre carte doit être la suivante, vers le haut ou vers le bas, à une extrémité "
         "de la rangée déjà commencée de sa couleur.",
         (Quote("003", "ou la carte suivante vers le haut ou vers le bas à l'une des extrémités "
                       "d'une rangée déjà commencée"),
          Quote("003", "Une rangée grandit d'une carte à la fois par l'une ou l'autre extrémité"))),
    Rule("sevens.aces-low",
         "Aces are low only: an ace goes under a 2, never above a king.",
         "Les as sont uniquement bas : un as se pose sous un 2, jamais au-dessus d'un roi.",
         (Quote("003", "Les as sont uniquement bas : un as se pose sous un 2, jamais au-dessus d'un roi."),)),
    Rule("sevens.must-play",
         "A player who holds a card that fits must play one; passing is then forbidden.",
         "Un joueur qui a une carte qui convient doit en poser une ; il ne peut pas passer.",
         (Quote("003", "Si une carte convient, vous devez en poser une. Vous choisissez laquelle, "
                       "mais vous ne pouvez pas passer."),
          Quote("002", "vous devez jouer s'il existe au moins un jeu légal"),
          Ruling("S3", "base rule: must play; Fan Tan and Shichi Narabe passes are variants."))),
    Rule("sevens.pass",
         "A player with no card that fits passes, and play goes on to the left.",
         "Un joueur sans carte qui convient passe, et le tour continue vers la gauche.",
         (Quote("003", "Si rien dans votre main ne convient, vous passez et le tour continue vers la gauche."),
          Quote("002", "Vous ne perdez rien en passant dans le jeu de base"))),
    Rule("sevens.never-blocks",
         "While a round is on, some player always holds a card that fits, so a round never blocks.",
         "Tant que la manche dure, quelqu'un a toujours une carte qui convient : une manche ne se bloque jamais.",
         (Quote("003", "Quelqu'un a toujours une carte qui convient, donc une manche ne se bloque jamais."),)),
    Rule("sevens.round-end",
         "The round ends the moment a player plays their last card.",
         "La manche s'arrête dès qu'un joueur pose sa dernière carte.",
         (Quote("003", "La manche s'arrête dès qu'un joueur pose sa dernière carte."),
          Quote("002", "La main se termine à l'instant où un joueur joue sa dernière carte."))),
    Rule("sevens.penalty",
         "When a round ends, every other player takes 1 penalty point per card left in hand, whatever its value.",
         "À la fin d'une manche, chacun des autres prend 1 point de pénalité par carte restée en main, "
         "quelle que soit sa valeur.",
         (Quote("003", "Chacun des autres prend 1 point de pénalité par carte restée en main. "
                       "La valeur ne compte pas : un roi et un 2 valent 1 chacun."),
          Ruling("S5", "the app's scoring is the default for a match; seed 002's schemes are variants."))),
    Rule("sevens.face-value",
         "Variant scoring: each card left counts its face value (A = 1, or 15 in some variants; "
         "J = 11, Q = 12, K = 13).",
         "Variante de décompte : chaque carte restée compte sa valeur nominale (As = 1, ou 15 "
         "dans certaines variantes ; Valet = 11, Dame = 12, Roi = 13).",
         (Quote("002", "Chaque perdant compte ses cartes restantes à leur valeur nominale."),
          Quote("002", "Valet = 11, Dame = 12, Roi = 13, As = 1 (ou 15 dans certaines variantes)"),
          Ruling("S5", "face-value count is one of seed 002's schemes."))),
    Rule("sevens.seven-penalty",
         "Variant scoring: a player still holding a 7 when the round ends pays extra points for each.",
         "Variante de décompte : un joueur qui tient encore un 7 à la fin de la manche paie des "
         "points en plus pour chacun.",
         (Quote("002", "Un joueur tenant encore un 7 à la fin de la donne paie une pénalité plus "
                       "importante (par exemple 5 ou 10 jetons chacun)"),
          Ruling("S5", "the seven penalty is one of seed 002's schemes."))),
    Rule("sevens.match-length",
         "A match lasts 3 rounds by default, and may be set from 1 to 10.",
         "Une partie dure 3 manches par défaut, et se règle de 1 à 10.",
         (Quote("003", "Réglez les manches : 3 par défaut, de 1 à 10."),
          Ruling("S5", "app match scoring: 3 rounds by default, 1 to 10."))),
    Rule("sevens.deal-rotates",
         "The deal passes one place to the left each round, but the holder of 7♦ still opens.",
         "La donne passe d'une place vers la gauche à chaque manche, mais c'est encore le détenteur "
         "du 7♦ qui ouvre.",
         (Quote("003", "La donne passe d'une place vers la gauche à chaque manche, et le détenteur "
                       "du 7♦ ouvre de nouveau."),
          Ruling("S2", "the deal passes left each round; the holder of the opening card still opens."))),
    Rule("sevens.court-cards-ten",
         "Variant scoring, from other public rules and not from the seeds (which count J 11, "
         "Q 12, K 13): face value with the jack, queen and king at 10 each (ace 1).",
         "Variante de décompte, tirée d'autres règles publiques et non des sources (qui comptent "
         "V 11, D 12, R 13) : valeur nominale, avec le valet, la dame et le roi à 10 chacun "
         "(as 1).",
         (EngineChoice("Court cards at 10",
                       "scoring='face-court-10': J, Q and K count 10, the ace 1, as several "
                       "public rules count them (Wikipedia's Sevens, bellaonline's Shichi "
                       "Narabe); seed 002 counts them 11, 12, 13."),
          Ruling("S5", "face-value count is one of seed 002's schemes, and the scoring "
                       "schemes are options."))),
    Rule("sevens.hand-winner",
         "Variant (international basic game): the round has only a winner, with no further "
         "count. A match of several hands needs one, so the engine adds it: every other "
         "player takes 1 point for the hand lost, and over a match the lowest total has won "
         "the most hands.",
         "Variante (jeu de base international) : la manche n'a qu'un gagnant, sans autre "
         "décompte. Une partie de plusieurs mains en demande un, que le moteur ajoute : chacun "
         "des autres prend 1 point pour la main perdue, et sur une partie le joueur au total "
         "le plus bas est celui qui a gagné le plus de mains.",
         (Quote("002", "Le joueur qui vide sa main en premier gagne la main ; pas de décompte des "
                       "points supplémentaire."),
          Ruling("S5", "seed 002: the basic game has only a hand winner."),
          EngineChoice("The international preset's scoring",
                       "scoring='winner': each player who did not win the hand takes 1 point, "
                       "so that a match of several hands ranks the players by hands won."))),
    Rule("sevens.chips",
         "Variant (chips): the match is played for chips, until a player has none; the most "
         "chips wins. Seed 002 gives no stack and says nothing of debts; the engine's choices: "
         "each player starts with the same stack, chips only move between the stacks and the "
         "pot, so their total never changes, and nobody pays more than their stack.",
         "Variante (jetons) : la partie se joue aux jetons, jusqu'à ce qu'un joueur n'en ait "
         "plus ; le plus de jetons gagne. La source 002 ne donne pas de pile et ne dit rien des "
         "dettes ; les choix du moteur : chaque joueur commence avec la même pile, les jetons "
         "ne font que passer des piles au pot, leur total ne change jamais, et personne ne "
         "paie plus que sa pile.",
         (Quote("002", "Jouez un nombre convenu de donnes (généralement 7 ou 10) ou jusqu'à ce "
                       "qu'un joueur n'ait plus de jetons ; le joueur avec le plus de jetons "
                       "gagne la partie."),
          Ruling("S5", "Fan Tan chips are one of seed 002's schemes."),
          EngineChoice("The starting stack of a chip game",
                       "the chips option gives every player the same stack (200 in the "
                       "fan-tan preset)."),
          EngineChoice("Paying more than one has",
                       "nobody pays more than their stack; a voluntary pass needs its whole "
                       "cost."))),
    Rule("sevens.ante",
         "Variant (chips): at each deal every player puts 1 chip into the pot.",
         "Variante (jetons) : à chaque donne, chaque joueur met 1 jeton au pot.",
         (Quote("002", "chaque joueur peut d'abord verser une mise initiale d'un jeton dans un pot "
                       "central"),
          Ruling("S5", "Fan Tan: an ante into a central pot."))),
    Rule("sevens.pass-chip",
         "Variant (chips): each pass costs the player 1 chip, paid into the pot.",
         "Variante (jetons) : chaque passe coûte 1 jeton au joueur, versé au pot.",
         (Quote("002", "Chaque fois qu'un joueur passe (volontairement ou par nécessité), il paie "
                       "un jeton au pot central."),
          Ruling("S5", "Fan Tan: one chip per pass."))),
    Rule("sevens.voluntary-pass",
         "Variant (Fan Tan): a player may pass even when a card fits, paying a heavier cost into "
         "the pot (5 chips by default). The engine adds: a player who cannot pay it must play.",
         "Variante (Fan Tan) : un joueur peut passer même quand une carte convient, en payant au "
         "pot un coût plus lourd (5 jetons par défaut). Le moteur ajoute : qui ne peut pas le "
         "payer doit jouer.",
         (Quote("002", "Dans Fan Tan et d'autres variantes stratégiques, la passe volontaire est "
                       "permise mais entraîne une pénalité de jeton plus importante."),
          Quote("002", "Un joueur pris en train de passer alors qu'il tient un jeu légal paie une "
                       "pénalité plus lourde (généralement cinq jetons, ou la perte de la donne en "
                       "cours)."),
          Ruling("S3", "Fan Tan allows a voluntary pass at a higher chip cost."),
          EngineChoice("Paying more than one has",
                       "a voluntary pass needs its whole cost in the stack; otherwise the "
                       "player must play."))),
    Rule("sevens.voluntary-pass-chip-added",
         "Variant (Fan Tan): a voluntary pass pays the 1 chip of every pass and then its "
         "heavier cost (5 chips by default): 6 chips in all. By default the heavier cost is "
         "the whole price of a voluntary pass, 5 chips in all.",
         "Variante (Fan Tan) : une passe volontaire paie le jeton de toute passe, puis son "
         "coût plus lourd (5 jetons par défaut) : 6 jetons en tout. Par défaut, le coût plus "
         "lourd est tout le prix d'une passe volontaire, 5 jetons en tout.",
         (Quote("002", "Chaque fois qu'un joueur passe (volontairement ou par nécessité), il "
                       "paie un jeton au pot central."),
          Quote("002", "Un joueur pris en train de passer alors qu'il tient un jeu légal paie "
                       "une pénalité plus lourde (généralement cinq jetons, ou la perte de la "
                       "donne en cours)."),
          Ruling("S5", "Fan Tan chips: one chip per pass, a heavier penalty for passing when "
                       "able."),
          EngineChoice("What a voluntary pass costs in Fan Tan",
                       "by default the heavier penalty replaces the pass chip (5 chips in "
                       "all); voluntary_pass_chip='added' charges both (6 chips)."))),
    Rule("sevens.wrong-card-turn-lost",
         "Seed 002's table rule (a switch): a card laid that does not fit goes back to the "
         "hand, and the turn passes. By default the engine refuses it, and the same player "
         "plays again.",
         "Règle de table de la source 002 (une option) : une carte posée qui ne convient pas "
         "revient dans la main, et le tour passe. Par défaut, le moteur la refuse, et le même "
         "joueur rejoue.",
         (Quote("002", "Poser une carte de rang ou de couleur incorrects est illégal ; le "
                       "fautif reprend la carte et le tour passe."),
          EngineChoice("An illegal card is laid",
                       "refused by default; faults='turn-lost' plays seed 002's rule."))),
    Rule("sevens.voluntary-pass-turn-lost",
         "Seed 002's table rule (a switch): under must-play, a player who passes while "
         "holding a card that fits loses a turn in the basic game (and chips in a chip "
         "game). By default the engine refuses that pass.",
         "Règle de table de la source 002 (une option) : avec l'obligation de jouer, un "
         "joueur qui passe alors qu'il a une carte qui convient perd un tour dans le jeu de "
         "base (et des jetons dans une partie aux jetons). Par défaut, le moteur refuse "
         "cette passe.",
         (Quote("002", "Un joueur qui passe volontairement alors qu'il tient un jeu légal "
                       "(dans la règle d'obligation de jouer) perd des jetons dans la "
                       "variante avec pénalités ou perd un tour dans le jeu de base."),
          Ruling("S3", "base rule: must play."),
          EngineChoice("A voluntary pass under must-play",
                       "refused by default; with faults='turn-lost' the pass stands: the "
                       "turn it gives up is the turn lost, and with chips it costs "
                       "voluntary_pass_cost chips."))),
    Rule("sevens.misdeal",
         "A misdeal (a card shown during the deal, or a hand of a plainly wrong size) is "
         "cancelled, and the same dealer deals again.",
         "Une fausse donne (une carte montrée pendant la distribution, ou une main d'un "
         "nombre de cartes manifestement faux) est annulée, et le même donneur redistribue.",
         (Quote("002", "Fausse donne : Si une carte est exposée pendant la distribution ou si "
                       "quelqu'un reçoit un nombre manifestement incorrect de cartes, la donne "
                       "est annulée et le même donneur redistribue."),)),
    Rule("sevens.first-dealer-cut",
         "The first dealer is chosen by cutting the deck: the highest card deals.",
         "Le premier donneur est désigné en coupant le jeu : la carte la plus haute donne.",
         (Quote("002", "Le premier donneur est désigné en coupant le jeu pour la carte la "
                       "plus haute"),)),
    Rule("sevens.tie-break-zero",
         "Fan Tan tie-break of some groups: the tied players receive zero for that round, "
         "while every other player scores the usual penalty for the cards left, and the "
         "match goes on.",
         "Départage de certains groupes en Fan Tan : les joueurs à égalité reçoivent zéro "
         "pour ce tour, tandis que tous les autres marquent la pénalité habituelle des "
         "cartes restantes, et la partie continue.",
         (Quote("002", "Certains groupes utilisent un départage : les joueurs à égalité "
                       "reçoivent zéro pour ce tour tandis que tous les autres marquent selon "
                       "la pénalité standard des cartes restantes, et la partie continue."),
          Ruling("S5", "ties between players are broken by one extra deal among them."))),
    Rule("sevens.pot",
         "Variant (chips): the winner of the round takes the pot.",
         "Variante (jetons) : le gagnant de la manche prend le pot.",
         (Quote("002", "Le fonds central de jetons alimenté par les passes ; le gagnant de la "
                       "manche le récupère."),
          Ruling("S5", "Fan Tan: the pot goes to the hand winner."))),
    Rule("sevens.chip-payments",
         "Variant (chips): when the round ends, every other player pays the winner their penalty "
         "count in chips (the engine: as much as their stack allows).",
         "Variante (jetons) : à la fin de la manche, chacun des autres paie au gagnant son "
         "décompte de pénalité en jetons (le moteur : autant que sa pile le permet).",
         (Quote("002", "Chaque joueur paie des jetons au gagnant de la manche égaux au total de son "
                       "comptage de cartes"),
          Ruling("S5", "Fan Tan: losers pay the winner their card count."),
          EngineChoice("Paying more than one has",
                       "a loser pays the winner as much of their penalty as the stack "
                       "holds."))),
    Rule("sevens.chip-match",
         "Variant (chips): the match ends after the last round, or as soon as a round leaves a "
         "player without chips; the most chips wins.",
         "Variante (jetons) : la partie s'arrête après la dernière manche, ou dès qu'une manche "
         "laisse un joueur sans jetons ; le joueur qui a le plus de jetons gagne.",
         (Quote("002", "Jouez un nombre convenu de donnes (généralement 7 ou 10) ou jusqu'à ce "
                       "qu'un joueur n'ait plus de jetons ; le joueur avec le plus de jetons "
                       "gagne la partie."),
          Ruling("S5", "Fan Tan chips: the most chips wins the match."))),
    Rule("sevens.free-passes",
         "Variant (Shichi Narabe): each player may choose to pass up to 3 times a hand, even "
         "when a card fits, at no cost. Seed 002 does not say whether a pass with no card "
         "that fits counts; the engine's choice: every pass, forced or chosen, uses one.",
         "Variante (Shichi Narabe) : chaque joueur peut choisir de passer jusqu'à 3 fois par "
         "main, même quand une carte convient, sans frais. La source 002 ne dit pas si une passe "
         "sans carte qui convient compte ; le choix du moteur : chaque passe, forcée ou "
         "choisie, en consomme une.",
         (Quote("002", "les joueurs peuvent choisir de passer jusqu'à trois fois par main sans "
                       "frais."),
          Ruling("S3", "Shichi Narabe allows 3 free passes per hand."),
          EngineChoice("Which passes use a Shichi Narabe free pass",
                       "every pass, forced or chosen; the player who has none left and cannot "
                       "play goes out of the hand (ruling S4's choice)."))),
    Rule("sevens.last-pass",
         "Variant (Shichi Narabe): a player who has used their 3 passes and cannot play is out "
         "of the hand: their cards stay in their hand and count against them, and play goes on "
         "without them. When one player is left in, that player wins the hand.",
         "Variante (Shichi Narabe) : un joueur qui a épuisé ses 3 passes et ne peut pas jouer "
         "sort de la main : ses cartes restent en main et comptent contre lui, et le jeu continue "
         "sans lui. Quand il ne reste qu'un joueur, il gagne la main.",
         (Ruling("S4", "Pagat: a player who has used the 3 passes loses if unable to play; "
                       "the engine puts that player out of the hand, as seed 002 does."),
          Quote("002", "Après trois passes, un joueur est éliminé de la main en cours ; évite "
                       "les blocages."))),
    Rule("sevens.three-pass-elimination",
         "Variant: a player's third pass of a hand puts them out of the hand: their cards stay "
         "in their hand and count against them, and play goes on without them. When one player "
         "is left in, that player wins the hand.",
         "Variante : la troisième passe d'un joueur dans une main l'élimine de la main : ses "
         "cartes restent en main et comptent contre lui, et le jeu continue sans lui. Quand il "
         "ne reste qu'un joueur, il gagne la main.",
         (Quote("002", "Après trois passes, un joueur est éliminé de la main en cours ; évite "
                       "les blocages."),
          Ruling("S4", "seed 002: after three passes a player is eliminated from the hand."))),
    Rule("sevens.runs",
         "Variant: in one turn a player may lay a run of consecutive cards of one suit, from the "
         "end where the first card fits, outwards.",
         "Variante : en un tour, un joueur peut poser une suite de cartes consécutives d'une "
         "couleur, depuis l'extrémité où se pose la première, vers l'extérieur.",
         (Quote("002", "Certaines maisons permettent de jouer plusieurs cartes consécutives en un "
                       "seul tour quand on tient une suite"),
          Ruling("S6", "a house rule: a run of one suit in one turn."))),
    Rule("sevens.tie-break-deal",
         "Variant: players tied for the win after the last round play one more deal among "
         "themselves (the others sit out); the winner of that deal wins the match.",
         "Variante : les joueurs à égalité pour la victoire après la dernière manche jouent une "
         "donne de plus entre eux (les autres ne jouent pas) ; le gagnant de cette donne gagne "
         "la partie.",
         (Quote("002", "si deux joueurs ou plus sont à égalité, jouez une donne supplémentaire "
                       "entre les joueurs à égalité ; le gagnant remporte la partie."),
          Ruling("S5", "seed 002 breaks ties between players by one extra deal among them."))),
    Rule("sevens.german-deck",
         "Variant (German/Austrian Domino): a 32-card German deck, 7 to ace in each suit, the "
         "ace high (7 8 9 10 J/Unter Q/Ober K A); all 32 cards are dealt, one at a time from "
         "the dealer's left. The other rules are the same.",
         "Variante (Domino allemand/autrichien) : un jeu allemand de 32 cartes, du 7 à l'as "
         "dans chaque couleur, l'as en haut (7 8 9 10 V/Unter D/Ober R A) ; les 32 cartes sont "
         "distribuées une à une depuis la gauche du donneur. Les autres règles sont les mêmes.",
         (Quote("002", "Domino (allemand / autrichien) : Construit à partir d'un Unter (Valet) "
                       "ou d'un Ober (Dame) dans le jeu allemand de 32 cartes"),
          Ruling("S7", "seed 002: a 32-card German deck (German/Austrian Domino), a preset "
                       "that is off by default."))),
    Rule("sevens.german-start",
         "Variant (German/Austrian Domino): each row is started by its Unter (J), or by its "
         "Ober (Q), as agreed before the match (or by its 7, in the Skat style), and grows down "
         "to the 7 and up to the ace; the holder of that card of diamonds opens.",
         "Variante (Domino allemand/autrichien) : chaque rangée est lancée par son Unter (V), "
         "ou par son Ober (D), comme convenu avant la partie (ou par son 7, dans le style "
         "Skat), et grandit vers le bas jusqu'au 7 et vers le haut jusqu'à l'as ; le détenteur "
         "de cette carte de carreau ouvre.",
         (Quote("002", "Construit à partir d'un Unter (Valet) ou d'un Ober (Dame) dans le jeu "
                       "allemand de 32 cartes, ou depuis le 7 dans le style Skat ; les règles "
                       "sont par ailleurs identiques."),
          Ruling("S7", "seed 002: built from an Unter or an Ober (or from the 7 in the Skat "
                       "style)."))),
    Rule("sevens.match-winner",
         "After the last round the lowest total wins the match; players tied for lowest share the win.",
         "Après la dernière manche, le total le plus bas gagne ; les joueurs à égalité au plus bas "
         "partagent la victoire.",
         (Quote("003", "Après la dernière manche, le total le plus bas gagne la partie ; les joueurs "
                       "à égalité au plus bas partagent la victoire."),
          Ruling("S5", "lowest total wins, ties shared."))),
)


# ---------------------------------------------------------------- tables

_SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_SEVEN_BITS = tuple(card(7, s).bit for s in range(4))


def _row_fits(suit: int, low: int, high: int) -> int:
    """The cards that fit a suit's row with ends low..high (0, 0 if not started)."""
    if low == 0:
        return _SEVEN_BITS[suit]
    fits = 0
    if low > 1:
        fits |= card(low - 1, suit).bit
    if high < 13:
        fits |= card(high + 1, suit).bit
    return fits


# _FITS[suit][low][high], precomputed so a move updates the fits with a lookup
_FITS = tuple(
    tuple(tuple(_row_fits(s, lo, hi) for hi in range(14)) for lo in range(14)) for s in range(4)
)

# ruling S7 (German/Austrian Domino): the 32-card German deck, 7 to ace, the ace high.
# A row's ends are kept as positions: the rank, except a high ace, which is 14.
DECKS = ("standard", "german")
ROW_STARTS = ("7", "unter", "ober")  # the card that starts each row: 7, J (Unter), Q (Ober)
_START_RANK = {"7": 7, "unter": 11, "ober": 12}
GERMAN_MASK = sum(card(rank, s).bit for s in range(4) for rank in (1, 7, 8, 9, 10, 11, 12, 13))
ACE_HIGH = 14  # the position of the ace in the German deck


# sevens.turn-order: the seat to the left of each seat, by number of players (seats numbered
# to the left from 0): LEFT_OF[players][seat]. A table, read on every move.
LEFT_OF = tuple(tuple((seat + 1) % players for seat in range(players))
                for players in range(MAX_PLAYERS + 1))


def next_seat(seat: int, players: int, out: int = 0) -> int:
    """The seat that plays after ``seat`` among ``players`` seats numbered to the left from 0:
    one place to the left (sevens.turn-order, ``LEFT_OF``), past every player out of the hand
    (``out``, a bit per seat: sevens.three-pass-elimination). The dealer passes to the left
    the same way (sevens.deal-rotates). ``out`` must leave someone in."""
    left_of = LEFT_OF[players]
    seat = left_of[seat]
    while out >> seat & 1:
        seat = left_of[seat]
    return seat


def card_at(position: int, suit: int):
    """The card at a row position: a rank from 1 to 13, or 14 for the German deck's high ace."""
    return card(1 if position == ACE_HIGH else position, suit)


def _german_fits(start: int) -> tuple:
    """_FITS for the German deck whose rows start at ``start``: [suit][low][high], 0 to 14."""
    def fits(suit, low, high):
        if low == 0:
            return card(start, suit).bit
        found = 0
        if low > 7:
            found |= card_at(low - 1, suit).bit
        if high < ACE_HIGH:
            found |= card_at(high + 1, suit).bit
        return found
    return tuple(tuple(tuple(fits(s, lo, hi) for hi in range(15)) for lo in range(15))
                 for s in range(4))


_GERMAN_FITS = {start: _german_fits(start) for start in _START_RANK.values()}
# how the rules name the start card of the rows: English, French with "a" and with
# "every", then the plurals
_START_WORDS = {7: ("7", "un 7", "tout 7", "7s", "7"),
                11: ("jack (Unter)", "un valet (Unter)", "tout valet (Unter)", "jacks (Unter)",
                     "valets (Unter)"),
                12: ("queen (Ober)", "une dame (Ober)", "toute dame (Ober)", "queens (Ober)",
                     "dames (Ober)")}


OPENINGS = ("7♦", "7♥", "any", "all-sevens")  # ruling S1: the default, then the alternatives
# ruling S5: 1 a card, the face value (ace 1 or 15, or the court cards at 10), or the hand
# winner only (international basic game: 1 point a hand lost)
SCORINGS = ("cards", "face", "face-ace-15", "face-court-10", "winner")
PASSINGS = ("must-play", "fan-tan", "shichi-narabe")  # ruling S3
ELIMINATIONS = ("off", "three-passes")
# seed 002's table rules (sevens.wrong-card-turn-lost, sevens.voluntary-pass-turn-lost):
# refused (the tutorial's default) or played as a fault that costs the turn
FAULTS = ("refused", "turn-lost")
# what a Fan Tan voluntary pass pays: its cost in all, or the pass chip and its cost
VOLUNTARY_PASS_CHIPS = ("included", "added")
TIE_BREAKS = ("shared", "extra-deal")  # ruling S5: the app shares ties; seed 002 deals again  # seed 002's three-pass elimination (ruling S4)
MAX_CHIPS = 10**6  # a starting stack; far beyond any table
FREE_PASSES = 3  # Shichi Narabe: « jusqu'à trois fois par main sans frais »
# the penalty of each card index under each scoring: suit * 13 + rank - 1 -> points
_CARD_POINTS = {
    "cards": (1,) * 52,
    "face": tuple(rank for _ in range(4) for rank in range(1, 14)),
    "face-ace-15": tuple(15 if rank == 1 else rank for _ in range(4) for rank in range(1, 14)),
    "face-court-10": tuple(min(rank, 10) for _ in range(4) for rank in range(1, 14)),
}

_SUIT_POINTS: dict = {}  # scoring -> the points of each 13-bit part of a hand (one suit)


def _suit_points(scoring: str) -> tuple:
    """The points of every set of cards of one suit, as a 13-bit mask (bit = rank - 1),
    under ``scoring``: a card is worth the same in every suit (``_CARD_POINTS``)."""
    values = _CARD_POINTS[scoring][:13]
    table = [0] * 8192
    for mask in range(1, 8192):
        low = mask & -mask
        table[mask] = table[mask ^ low] + values[low.bit_length() - 1]
    _SUIT_POINTS[scoring] = found = tuple(table)
    return found


def _opening_spelling(text: str) -> str:
    """Any notation of 7♦ or 7♥ ('7d', '7H') reads as that card."""
    try:
        return parse_card(text).text()
    except NotationError:
        return text


_NOT_FIVE = tuple(v for v in range(1, 101) if v != 5)

# The one declaration of Sevens' rule options (rulings S1 and S3-S6): positions, saves,
# new_game(**options), the widget's rules line and the error messages all read it.
OPTIONS = Options("sevens", (
    Option("rounds", DEFAULT_ROUNDS, "S5", "sevens.match-length",
           "the number of rounds in a match", "le nombre de manches d'une partie",
           low=MIN_ROUNDS, high=MAX_ROUNDS, phrase=("{value} rounds", "{value} manches")),
    Option("opening", "7♦", "S1", "sevens.opening", "the opening", "l'ouverture",
           values=OPENINGS, normalise=_opening_spelling,
           words={"7♥": ("opening 7♥", "ouverture au 7♥"),
                  "any": ("opening any 7", "ouverture par n'importe quel 7"),
                  "all-sevens": ("all sevens laid out first", "les quatre 7 posés d'abord")}),
    Option("scoring", "cards", "S5", "sevens.penalty", "the scoring", "le décompte",
           values=SCORINGS,
           words={"face": ("scoring face value", "décompte à la valeur nominale"),
                  "face-ace-15": ("scoring face value, ace 15",
                                  "décompte à la valeur nominale, as à 15"),
                  "face-court-10": ("scoring face value, court cards 10",
                                    "décompte à la valeur nominale, figures à 10"),
                  "winner": ("only a hand winner (1 point a hand lost)",
                             "seulement un gagnant de la main (1 point par main perdue)")}),
    Option("seven_penalty", 0, "S5", "sevens.seven-penalty", "the seven penalty",
           "la pénalité des 7", low=0, high=100,
           phrase=("seven penalty {value}", "pénalité de {value} par 7")),
    Option("chips", 0, "S5", "sevens.chips", "the starting stack of chips (0: no chips)",
           "la pile de jetons de départ (0 : sans jetons)", low=0, high=MAX_CHIPS,
           phrase=("{value} chips each", "{value} jetons chacun")),
    Option("passing", "must-play", "S3", "sevens.must-play", "the passing rule",
           "la règle de la passe", values=PASSINGS,
           words={"fan-tan": ("Fan Tan passing (a voluntary pass costs chips)",
                              "passe à la Fan Tan (une passe volontaire coûte des jetons)"),
                  "shichi-narabe": ("3 free passes a hand", "3 passes libres par main")},
           conflicts=((("fan-tan",), "chips", (0,),
                       ("a Fan Tan pass is paid in chips, so give each player chips (for "
                       "example chips=200), or take preset='fan-tan'")),
                      (("shichi-narabe",), "chips", range(1, MAX_CHIPS + 1),
                       ("Shichi Narabe's passes are free and its game has no chips, so leave "
                       "chips at 0")))),
    Option("voluntary_pass_cost", 5, "S3", "sevens.voluntary-pass",
           "the cost of a voluntary pass", "le coût d'une passe volontaire", low=1, high=100,
           phrase=("a voluntary pass costs {value} chips",
                   "une passe volontaire coûte {value} jetons"),
           requires=((_NOT_FIVE, "passing", ("fan-tan",)),)),
    Option("voluntary_pass_chip", "included", "S5", "sevens.voluntary-pass-chip-added",
           "the pass chip of a voluntary pass", "le jeton de passe d'une passe volontaire",
           values=VOLUNTARY_PASS_CHIPS,
           words={"added": ("a voluntary pass pays 1 chip more",
                            "une passe volontaire paie 1 jeton de plus")},
           requires=((("added",), "passing", ("fan-tan",)),)),
    Option("faults", "refused", "S3", "sevens.wrong-card-turn-lost",
           "a card that does not fit, or a pass under must-play with a card that fits",
           "une carte qui ne convient pas, ou une passe obligée alors qu'une carte convient",
           values=FAULTS,
           words={"turn-lost": ("a fault costs the turn (seed 002)",
                                "une faute coûte le tour (source 002)")}),
    Option("elimination", "off", "S4", "sevens.three-pass-elimination", "the elimination rule",
           "la règle d'élimination", values=ELIMINATIONS,
           words={"three-passes": ("out of the hand at the third pass",
                                   "éliminé de la main à la troisième passe")},
           conflicts=((("three-passes",), "passing", ("shichi-narabe",)),)),
    Option("runs", "off", "S6", "sevens.runs", "several cards in one turn",
           "plusieurs cartes en un tour", values=("off", "on"),
           words={"on": ("runs of cards in one turn", "suites de cartes en un tour")}),
    Option("deck", "standard", "S7", "sevens.german-deck", "the deck", "le jeu de cartes",
           values=DECKS,
           words={"german": ("German 32-card deck (7 to ace, ace high)",
                             "jeu allemand de 32 cartes (du 7 à l'as, as haut)")}),
    Option("row_start", "7", "S7", "sevens.german-start", "the card that starts each row",
           "la carte qui lance chaque rangée", values=ROW_STARTS,
           words={"unter": ("rows built from the Unter (J)",
                            "rangées construites depuis l'Unter (valet)"),
                  "ober": ("rows built from the Ober (Q)",
                           "rangées construites depuis l'Ober (dame)")},
           requires=((("unter", "ober"), "deck", ("german",)),)),
    Option("tie_break", "shared", "S5", "sevens.tie-break-deal", "the tie-break",
           "le départage", values=TIE_BREAKS,
           words={"extra-deal": ("ties broken by one extra deal",
                                 "égalités départagées par une donne de plus")}),
), presets={
    "app": {},  # seed 003: 3 to 7 players
    "international": {"scoring": "winner"},  # seed 002: 3 to 8 players, only a hand winner
    "fan-tan": {"opening": "any", "passing": "fan-tan", "chips": 200, "scoring": "face"},
    "shichi-narabe": {"opening": "all-sevens", "passing": "shichi-narabe"},
    "german": {"deck": "german", "row_start": "unter"},  # seed 002, ruling S7
})

# The seats each preset allows (sevens.players): the app stops at 7 (seed 003), seed 002
# allows 8. Without a preset the engine allows 3 to 8 (ruling S2).
PRESET_PLAYERS = {"app": (3, 7), "international": (3, 8), "fan-tan": (3, 8),
                  "shichi-narabe": (3, 8), "german": (3, 8)}
PRESETS = tuple(OPTIONS.presets)
FIRST_OPTIONS = ("rounds", "opening", "scoring", "seven_penalty")  # in every save since v1


class SevensRules(RuleSet):
    """The options of a match; the defaults are the app's rules (seed 003).

    ``rounds``: 1 to 10 (default 3). ``opening``: "7♦" (default), "7♥", "any"
    (flexible opener) or "all-sevens" (Shichi Narabe). ``scoring``: "cards" (1 a
    card, default), "face", "face-ace-15", "face-court-10" or "winner" (1 point a
    hand lost). ``seven_penalty``: extra points for each 7 left in a hand, 0 to
    100. ``chips``: the starting stack of a chip game (0, the default: no chips).
    ``passing``: "must-play" (default), "fan-tan" (a voluntary pass costs
    ``voluntary_pass_cost`` chips, default 5; needs chips) or "shichi-narabe" (3
    free passes a hand). ``elimination``: "off" or "three-passes". ``runs``: "off"
    or "on" (several cards of a run in one turn). ``tie_break``: "shared" (default)
    or "extra-deal" (the tied players play one more deal). ``voluntary_pass_chip``:
    "included" (default: a Fan Tan voluntary pass costs ``voluntary_pass_cost`` in all)
    or "added" (the pass chip too). ``faults``: "refused" (default) or "turn-lost"
    (seed 002: a card that does not fit goes back and the turn passes; a pass under
    must-play with a card that fits stands). ``deck``: "standard" (52
    cards, default) or "german" (32 cards, 7 to ace, ace high; ruling S7).
    ``row_start``: "7" (default), "unter" or "ober" (the J or Q starts each row; needs
    the German deck); with ``opening`` "7♦" or "7♥", the start card of that suit opens.
    ``seven_penalty`` counts the start cards held (the 7s, unless rows start elsewhere).
    Raises OptionError (a
    PositionError) naming the option, or both options when two cannot go
    together. Declared once, in ``OPTIONS``; ``preset=`` names a bundle of them.
    """

    declaration = OPTIONS
    positional = ("rounds",)

    def __init__(self, *args, preset: str | None = None, **values):
        super().__init__(*args, preset=preset, **values)
        put = object.__setattr__
        # what the engine asks on its hot paths, worked out once
        put(self, "eliminated_at", 4 if self.passing == "shichi-narabe"
            else 3 if self.elimination == "three-passes" else 0)
        put(self, "free_passes", FREE_PASSES if self.passing == "shichi-narabe" else 0)
        put(self, "plain_passes", self.passing == "must-play" and not self.eliminated_at
            and not self.chips and self.faults == "refused")
        put(self, "runs_on", self.runs == "on")
        put(self, "recorded", tuple(self.record().items()))  # observations copy it
        # the chips a voluntary pass pays: its cost, and the pass chip too with
        # voluntary_pass_chip="added" (sevens.voluntary-pass-chip-added)
        put(self, "voluntary_charge", self.voluntary_pass_cost
            + (self.voluntary_pass_chip == "added"))
        # the chips a voluntary pass needs (Fan Tan), 0 when there is no such pass
        put(self, "pass_cost", self.voluntary_charge if self.passing == "fan-tan" else 0)
        # seed 002's table rules: a card that does not fit, or a pass under must-play with a
        # card that fits, is played and costs the turn (sevens.wrong-card-turn-lost,
        # sevens.voluntary-pass-turn-lost)
        put(self, "faults_on", self.faults == "turn-lost")
        # whether a player may ever pass with a card that fits (SevensState._may_pass)
        put(self, "voluntary_passes", bool(self.pass_cost or self.free_passes
                                           or self.faults_on))
        # the deck and the rows' start card (ruling S7): the hot paths read these
        german = self.deck == "german"
        start = _START_RANK[self.row_start]
        put(self, "ace_high", german)
        put(self, "deck_mask", GERMAN_MASK if german else FULL_MASK)
        put(self, "deck_size", 32 if german else 52)
        put(self, "start_rank", start)
        put(self, "bottom", 7 if german else 1)  # the lowest and highest row positions
        put(self, "top", ACE_HIGH if german else 13)
        put(self, "fits_table", _GERMAN_FITS[start] if german else _FITS)
        put(self, "start_mask", sum(card(start, s).bit for s in range(4)))
        opening = None if self.opening in ("any", "all-sevens") else parse_card(self.opening)
        put(self, "opening_card", card(start, 1 if opening is None else opening.suit))
        words = _START_WORDS[start]
        put(self, "start_en", words[0])
        put(self, "start_fr", words[1])
        put(self, "every_start_fr", words[2])
        put(self, "starts_en", words[3])
        put(self, "starts_fr", words[4])

    @property
    def opening_cards(self) -> int:
        """The cards that may open a round on an empty table, as a mask."""
        if self.opening == "any":
            return self.start_mask
        if self.opening == "all-sevens":
            return 0  # the table is never empty: the 7s are laid out at the deal
        return self.opening_card.bit

    def position(self, c) -> int:
        """Where card ``c`` sits in its row: its rank, or 14 for the German deck's high ace."""
        return ACE_HIGH if c.rank == 1 and self.ace_high else c.rank

    def penalty(self, hand: int) -> int:
        """The penalty points of a hand left when the round ends (sevens.penalty)."""
        if self.scoring == "cards":
            points = hand.bit_count()
        elif self.scoring == "winner":
            points = 1 if hand else 0
        else:  # a suit at a time (13 bits), from a table: every round's end adds these up
            values = _SUIT_POINTS.get(self.scoring) or _suit_points(self.scoring)
            points = (values[hand & 0x1FFF] + values[hand >> 13 & 0x1FFF]
                      + values[hand >> 26 & 0x1FFF] + values[hand >> 39])
        if self.seven_penalty:
            points += self.seven_penalty * (hand & self.start_mask).bit_count()
        return points

    def record(self) -> dict:
        """The options as saves and observations write them: the four the first saves knew
        (rounds, opening, scoring, seven_penalty) always, the others only when they differ
        from the default, so a game with the app's rules is written as it always was.
        ``SevensRules(**rules.record()) == rules``."""
        changed = super().changes()
        return {k: v for k, v in self._values if k in FIRST_OPTIONS or k in changed}

    def changes(self) -> dict:
        """The options that differ from the defaults, other than the number of rounds
        (which the position's round line carries)."""
        changed = super().changes()
        changed.pop("rounds", None)
        return changed

    def describe(self, lang: str = "en", skip: tuple = ("rounds",)) -> str:
        """The rules line: the non-default options in words ('' for the app's rules).

        >>> SevensRules(opening="any", scoring="face", seven_penalty=5).describe()
        'Rules: opening any 7, scoring face value, seven penalty 5'
        """
        return super().describe(lang, skip)


def round_move_bound(players: int, rules: SevensRules, chips=()) -> int | None:
    """The most moves a round of ``players`` players can take under ``rules`` after its
    deal (the deal is one more step), from the deal or from any position in the round;
    ``chips`` is each player's stack now (a chip game).

    Why: every card is played at most once (``rules.deck_size`` cards; a run plays several
    in one move), and only passes come between. With a pass limit (``eliminated_at``:
    Shichi Narabe's 3 free passes and the one that puts a player out, ruling S4; three-pass
    elimination) every pass counts, so a player passes at most ``eliminated_at`` times.
    Otherwise a player who cannot play must pass, but someone always holds a card that
    fits (every card not on the table is in a hand, and the next card of some row or a
    start card fits), so among any ``players`` moves in a row one is a card or a voluntary
    pass; and a voluntary pass (Fan Tan) costs ``voluntary_pass_cost`` chips, which a
    stack only loses during a round, so a stack of c chips pays for at most c // cost.
    None with ``faults="turn-lost"``: nothing stops a player laying a card that does not fit
    every turn (sevens.wrong-card-turn-lost), so such a round has no bound.

    >>> round_move_bound(4, SevensRules()), round_move_bound(4, SevensRules(
    ...     passing="shichi-narabe"))
    (208, 68)
    >>> round_move_bound(3, SevensRules(passing="fan-tan", chips=20), chips=(20, 20, 9))
    183
    """
    if rules.faults_on:
        return None
    cards = rules.deck_size
    if rules.eliminated_at:
        return cards + rules.eliminated_at * players
    voluntary = sum(stack // rules.pass_cost for stack in chips) if rules.pass_cost else 0
    return players * (cards + voluntary)
