"""The rules of Flip 7 as data: the rule catalog, the cards, the rule options and the tables.

Sources: seed 004 (a French quick-start guide) and rulings F1-F21 of docs/rulings.md
(the alternatives of F2/F13, F3, F6/F16, F15 and F20 are options of ``Flip7Rules``), and
the publisher's rulings of the "Flip 7 FAQ / Edge Cases" file that docs/engine-choices.md
quotes (freeze_placement, set_aside_targets, deal_card_when_holding).
"""

from __future__ import annotations

from ..catalog import EngineChoice, Quote, Rule, Ruling, register
from ..core.moves import MoveValue
from ..core.options import Option, Options, RuleSet
from ..errors import NotationError, shown

GAME = "flip7"
MIN_PLAYERS, MAX_PLAYERS = 2, 18  # ruling F12: seed 004 says 3-18, "2 à 6" in practice
WARN_UNDER = 3  # ruling F12: the engine warns under 3 players
TARGET = 200  # seed 004: "au moins 200 points"
DEFAULT_BONUS = 15  # seed 004: "Flip 7 = +15 points. (Valeur réglable dans l'appli)"
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ida", "Jo", "Kim",
                 "Lou", "Max", "Ned", "Ola", "Pat", "Quinn", "Roy")

# ---------------------------------------------------------------- the rules


def _q(text: str) -> Quote:
    return Quote("004", text)


register(
    Rule("flip7.players",
         "Flip 7 is for 2 to 18 players; the guide says 3 to 18, and 2 to 6 in practice, so the "
         "engine warns under 3.",
         "Flip 7 se joue de 2 à 18 joueurs ; le guide dit 3 à 18, et 2 à 6 en pratique, donc "
         "le moteur avertit en dessous de 3.",
         (_q("Nombre de joueurs : 3-18 (en pratique 2 à 6)"),
          Ruling("F12", "seed 004 says 3-18, 2-6 in practice; the engine allows 2-18 and "
                        "warns under 3."))),
    Rule("flip7.deck",
         "The deck has 94 cards: 79 number cards (twelve 12s, eleven 11s, … one 1 and one 0), "
         "9 action cards (3 Freeze, 3 Flip Three, 3 Second Chance) and 6 modifiers (×2, +2, "
         "+4, +6, +8, +10).",
         "Le paquet compte 94 cartes : 79 cartes Numéro (douze 12, onze 11, … un 1 et un 0), "
         "9 cartes Action (3 Gel, 3 Trois à la Suite, 3 Seconde Chance) et 6 cartes Bonus "
         "(×2, +2, +4, +6, +8, +10).",
         (_q("79 cartes Numéro (0-12, 12x12, 11x11 ... 1x1, plus 1x0)"),
          _q("9 cartes Action (3x chacune : Gel / Seconde Chance / Trois à la Suite)"),
          _q("6 cartes Bonus (x2, +2, +4, +6, +8, +10)"),
          Ruling("F1", "94 cards: 79 numbers, 9 actions, 6 modifiers."))),
    Rule("flip7.first-dealer",
         "The first dealer is chosen at random (from the game's seed), and the whole deck is "
         "shuffled.",
         "Le premier donneur est tiré au hasard (d'après la graine de la partie), et tout le "
         "paquet est mélangé.",
         (_q("Déterminez au hasard le premier Donneur."),
          _q("Mélangez toutes les cartes."))),
    Rule("flip7.deal",
         "The dealer deals one face-up card to each player, starting with themself.",
         "Le donneur distribue une carte face visible à chaque joueur, en commençant par "
         "lui-même.",
         (_q("Le Donneur distribue 1 carte face visible à chaque joueur, en commençant par "
             "lui-même."),
          Ruling("F2", "seed 004: the deal starts with the dealer; the alternative starts "
                       "with the dealer's left-hand neighbour."))),
    Rule("flip7.deal-actions",
         "An action card dealt is resolved at once, before the deal goes on with the next "
         "player; so after the deal some players hold several cards and some no number card.",
         "Une carte Action distribuée est résolue immédiatement, avant que la distribution se "
         "poursuive avec le joueur suivant ; après la donne, certains ont plusieurs cartes et "
         "d'autres aucune carte Numéro.",
         (_q("Si une carte Action est révélée → elle est résolue immédiatement."),
          _q("La distribution se poursuit ensuite avec le joueur suivant, jusqu'à ce que tout "
             "le monde ait reçu au moins 1 carte."),
          _q("C'est normal, ce n'est pas une erreur de distribution."),
          Ruling("F2", "an action card dealt is resolved at once, before the deal goes on."))),
    Rule("flip7.deal-card-each",
         "Ruling F14: every player still in the round gets one deal card, even one who "
         "already drew cards through a Flip Three; a player frozen or busted before their "
         "turn in the deal gets none. The guide's deal goes on 'until everyone has received "
         "at least 1 card'. Taken to the letter, a player who already has cards from an "
         "action card has received theirs, and a player frozen before their turn would "
         "still get one; F14 reads it as one deal card for each player still in, so the "
         "first gets one more and the second may end the deal with no card. The option "
         "deal_card_when_holding is dealt (the default, F14) or hit-or-stay (the FAQ / Edge "
         "Cases file, Case 18; card flip7.deal-card-optional): the dealer then asks a player "
         "who holds cards hit or stay instead.",
         "Décision F14 : chaque joueur encore dans la manche reçoit sa carte de la donne, "
         "même s'il a déjà pioché par un Trois à la Suite ; un joueur gelé ou qui a sauté "
         "avant son tour de donne n'en reçoit pas. La donne du guide se poursuit « jusqu'à ce "
         "que tout le monde ait reçu au moins 1 carte ». À la lettre, un joueur qui a déjà "
         "des cartes par une carte Action a reçu la sienne, et un joueur gelé avant son tour "
         "en recevrait encore une ; F14 y lit une carte de donne pour chaque joueur encore "
         "en jeu : le premier en reçoit une de plus, et le second peut finir la donne sans "
         "carte. L'option deal_card_when_holding vaut dealt (par défaut, F14) ou hit-or-stay "
         "(le fichier FAQ / Edge Cases, cas 18 ; carte flip7.deal-card-optional) : le "
         "donneur demande alors plutôt encore ou stop à un joueur qui a des cartes.",
         (Ruling("F14", "every player still in the round receives one deal card; a player "
                        "frozen or busted before their turn in the deal receives none."),
          _q("Qui a reçu des cartes supplémentaires via une carte Action peut déjà avoir trois "
             "ou quatre cartes."),
          _q("La distribution se poursuit ensuite avec le joueur suivant, jusqu'à ce que tout "
             "le monde ait reçu au moins 1 carte."),
          EngineChoice("A deal card for a player who already has cards",
                       "by default the deal card is dealt (F14); the FAQ / Edge Cases file "
                       "(Case 18) asks hit or stay: the option deal_card_when_holding."))),
    Rule("flip7.deal-card-optional",
         "A player who already has cards in front of them when the deal reaches them (from a "
         "Flip Three played on them earlier in the deal) gets their deal card by default "
         "(ruling F14). With the option deal_card_when_holding=hit-or-stay (the FAQ / Edge "
         "Cases file, Case 18) the dealer asks them hit or stay instead: taking the card is "
         "optional, and they may stay.",
         "Un joueur qui a déjà des cartes devant lui quand la donne arrive à lui (par un Trois "
         "à la Suite joué sur lui plus tôt dans la donne) reçoit sa carte de la donne par "
         "défaut (décision F14). Avec l'option deal_card_when_holding=hit-or-stay (le fichier "
         "FAQ / Edge Cases, cas 18) le donneur lui demande encore ou stop : prendre la carte "
         "est facultatif, et il peut dire stop.",
         (EngineChoice("A deal card for a player who already has cards",
                       "by default the deal card is dealt (F14); the FAQ / Edge Cases file "
                       "(Case 18) asks hit or stay: the option deal_card_when_holding."),
          Ruling("F14", "every player still in the round receives one deal card; a player "
                        "frozen or busted before their turn in the deal receives none."))),
    Rule("flip7.modifiers",
         "Modifier cards (×2, +2 … +10) sit above the player's number cards; they never bust.",
         "Les cartes Bonus (×2, +2 … +10) se placent au-dessus des cartes Numéro du joueur ; "
         "elles ne font jamais sauter.",
         (_q("Les cartes Bonus sont placées (pour chaque joueur) au-dessus de ses cartes "
             "Numéro."),
          _q("Utilisez les cartes Bonus intelligemment : elles rapportent des points sans "
             "aucun risque de sauter."))),
    Rule("flip7.first-player",
         "After the deal the dealer offers each player in turn, starting with the dealer and "
         "going on in the order of the deal.",
         "Après la donne, le donneur propose à chaque joueur à tour de rôle, en commençant par "
         "lui-même et dans l'ordre de la donne.",
         (_q("Le Donneur propose à chaque joueur, à tour de rôle :"),
          Ruling("F13", "the dealer first, then in the order of the deal; the alternative "
                        "starts at the dealer's left and goes with F2's alternative."))),
    Rule("flip7.hit",
         "On your turn you may hit: draw one more card, face up.",
         "À votre tour, vous pouvez dire encore : piocher une carte de plus, face visible.",
         (_q("ENCORE : piochez une carte de plus, face visible."),
          Ruling("F10", "a player with no card in front of them cannot stay, so must hit."))),
    Rule("flip7.stay",
         "On your turn you may stay: you leave the round and will score your cards.",
         "À votre tour, vous pouvez dire stop : vous sortez de la manche et marquerez vos "
         "cartes.",
         (_q("STOP : sortir de la manche → empilez vos cartes et tournez-les à 90°."),
          Ruling("F10", "a player with only modifiers can stay and scores them."))),
    Rule("flip7.stay-needs-a-card",
         "You cannot stay with no card in front of you: a number, a modifier or a Second "
         "Chance counts; a Freeze or Flip Three already played does not.",
         "Vous ne pouvez pas dire stop sans aucune carte devant vous : un Numéro, un Bonus ou "
         "une Seconde Chance compte ; un Gel ou un Trois à la Suite déjà joué, non.",
         (_q("STOP : sortir de la manche → empilez vos cartes et tournez-les à 90°."),
          Ruling("F10", "a player with no card in front of them cannot stay (FAQ sources)."),
          Ruling("F18", "a number, a modifier or a held Second Chance counts; a player "
                        "holding only a Second Chance may stay and scores 0."))),
    Rule("flip7.turn-order",
         "Turns go clockwise among the players still in; after a Freeze or Flip Three is "
         "resolved, play goes on from the player whose turn it was.",
         "Les tours vont dans le sens horaire parmi les joueurs encore en jeu ; après un Gel ou "
         "un Trois à la Suite, le jeu reprend après le joueur dont c'était le tour.",
         (_q("Le Donneur propose à chaque joueur, à tour de rôle :"),
          Ruling("F8", "after a Freeze or Flip Three is resolved, play goes on clockwise from "
                       "the player whose turn it was."))),
    Rule("flip7.new-number",
         "A number card you do not have yet is simply added to your line.",
         "Une carte Numéro que vous n'avez pas encore s'ajoute simplement à votre ligne.",
         (_q("Une nouvelle carte Numéro que vous n'avez pas encore → tout va bien."),)),
    Rule("flip7.bust",
         "A number card you already have makes you bust: you are out of the round and score 0, "
         "unless a Second Chance saves you.",
         "Une carte Numéro que vous avez déjà vous fait sauter : vous sortez de la manche et "
         "marquez 0, sauf si une Seconde Chance vous sauve.",
         (_q("Une carte Numéro que vous avez déjà → vous sautez, retournez toutes vos cartes "
             "face cachée → vous sortez de la manche."),
          Ruling("F3", "a player who busts scores 0."))),
    Rule("flip7.flip-7",
         "Seven different number cards make a Flip 7: 15 bonus points, and the round ends at "
         "once for everyone; the others who have not busted still score their cards.",
         "Sept cartes Numéro différentes font un Flip 7 : 15 points de bonus, et la manche se "
         "termine immédiatement pour tout le monde ; les autres qui n'ont pas sauté marquent "
         "quand même leurs cartes.",
         (_q("Flip 7 : 7 cartes Numéro différentes → 15 points bonus, la manche se termine "
             "immédiatement pour tout le monde."),
          _q("Qui était encore actif à ce moment-là et n'a pas sauté marque quand même ses "
             "cartes normalement, il ne repart pas les mains vides."),
          Ruling("F4", "players still in, and players who stayed or were frozen, score their "
                       "cards."))),
    Rule("flip7.round-end",
         "The round ends when someone makes a Flip 7, or when nobody is still in play.",
         "La manche se termine quand quelqu'un réalise un Flip 7, ou quand plus personne "
         "n'est en jeu.",
         (_q("Quelqu'un réalise un Flip 7, ou"),
          _q("plus personne n'est en jeu."))),
    Rule("flip7.scoring",
         "A round scores the sum of the number cards, doubled by ×2 (the numbers only), then "
         "plus the + modifiers, then plus the Flip 7 bonus; a bust scores 0.",
         "Une manche rapporte la somme des cartes Numéro, doublée par ×2 (les Numéros "
         "seulement), puis les Bonus +, puis le bonus Flip 7 ; qui a sauté marque 0.",
         (_q("Somme de toutes les cartes Numéro."),
          _q("Multipliez le cas échéant par la carte ×2 (uniquement pour les cartes Numéro)."),
          _q("Ajoutez la valeur de vos cartes Bonus."),
          Ruling("F3", "numbers, then ×2 on the numbers only, then the + modifiers, then the "
                       "Flip 7 bonus; 3, 7, 12, ×2 and +4 score 48, not 52."))),
    Rule("flip7.flip7-bonus",
         "A Flip 7 scores 15 bonus points; the value can be changed (0 to 100).",
         "Un Flip 7 rapporte 15 points de bonus ; la valeur est réglable (0 à 100).",
         (_q("Flip 7 = +15 points. (Valeur réglable dans l'appli)"),
          Ruling("F3", "the Flip 7 bonus value can be changed."))),
    Rule("flip7.totals",
         "Each round's points are added to the player's total of the previous rounds.",
         "Les points de chaque manche s'ajoutent au total des manches précédentes.",
         (_q("Notez les points et ajoutez-les à votre total des manches précédentes."),)),
    Rule("flip7.dealer-rotates",
         "After a round every card played goes to the discards, and the deal passes to the "
         "left with the rest of the deck.",
         "Après une manche toutes les cartes jouées vont à la défausse, et la donne passe à "
         "gauche avec le reste de la pioche.",
         (_q("Mettez de côté toutes les cartes de la dernière manche."),
          _q("Le précédent Donneur passe la pioche restante à sa gauche, au nouveau Donneur."),
          Ruling("F9", "the deck is not reshuffled between rounds."))),
    Rule("flip7.reshuffle-between-rounds",
         "If the deck is empty between two rounds, the discards are shuffled into a new deck.",
         "Si la pioche est vide entre deux manches, les cartes défaussées sont mélangées en "
         "une nouvelle pioche.",
         (_q("Si la pioche est vide entre deux manches → mélangez les cartes défaussées → "
             "nouvelle pioche."),
          Ruling("F9", "if the deck is empty between rounds, shuffle the discards."))),
    Rule("flip7.reshuffle-mid-round",
         "If the deck runs out during a round, the cards in front of players stay there and "
         "only the discards are shuffled into a new deck.",
         "Si la pioche s'épuise en pleine manche, les cartes devant les joueurs y restent et "
         "seules les cartes défaussées sont mélangées en une nouvelle pioche.",
         (_q("Si la pioche s'épuise en pleine manche, toutes les cartes déjà distribuées "
             "restent devant les joueurs (y compris ceux qui ont sauté) → seules les cartes "
             "mises de côté sont mélangées et utilisées comme nouvelle pioche."),
          Ruling("F9", "mid-round, cards in front of players stay; only the discards are "
                       "shuffled into a new deck."))),
    Rule("flip7.endless-reshuffle",
         "If the deck runs out in the middle of a round and the discards hold no modifier "
         "and at most 3 number cards, each a number that a player still in already has (or "
         "no card at all), the round ends at once: the players still in keep their points, "
         "as if they had stayed.",
         "Si la pioche s'épuise en pleine manche et que la défausse ne contient aucune carte "
         "Bonus et au plus 3 cartes Numéro, chacune un numéro qu'un joueur encore en jeu a "
         "déjà (ou aucune carte), la manche se termine aussitôt : les joueurs encore en jeu "
         "gardent leurs points, comme s'ils avaient dit stop.",
         (EngineChoice("No card left anywhere to draw, or discards that could only go round "
                       "for ever",
                       "seed 004 is silent; such discards could go round for ever, as the 3 "
                       "Second Chances can cancel every number in them, so the round ends "
                       "instead, as when no card is left."),
          Ruling("F9", "mid-round, cards in front of players stay; only the discards are "
                       "shuffled into a new deck."))),
    Rule("flip7.game-end",
         "After a round in which someone reaches 200 points or more, the game ends and the "
         "highest total wins.",
         "Après une manche où quelqu'un atteint au moins 200 points, la partie se termine et "
         "le plus haut total gagne.",
         (_q("Le jeu se déroule sur plusieurs manches, jusqu'à ce qu'un joueur atteigne au "
             "moins 200 points."),
          _q("Dès qu'un joueur atteint au moins 200 points à la fin d'une manche, la partie se "
             "termine. Celui qui a le plus de points gagne."),
          Ruling("F11", "after a round, if anyone has 200 or more, the highest total wins."))),
    Rule("flip7.tie",
         "On an exact tie for the highest total, everyone plays another round, until one "
         "player is clearly ahead.",
         "En cas d'égalité parfaite au plus haut total, tout le monde joue une manche de plus, "
         "jusqu'à ce qu'un joueur soit clairement devant.",
         (_q("Ce n'est qu'en cas d'égalité parfaite qu'une manche supplémentaire est jouée "
             "avec tous les joueurs, jusqu'à ce qu'il y ait un gagnant clair."),
          Ruling("F11", "on an exact tie at the top, everyone plays another round."))),
    Rule("flip7.freeze",
         "Freeze: the player who draws it chooses an active player, possibly themself; that "
         "player is out of the round and banks their points.",
         "Gel : qui la pioche choisit un joueur actif, éventuellement lui-même ; ce joueur "
         "sort de la manche et garde ses points.",
         (_q("STOP (Gel) : choisissez un joueur actif, il sort de la manche, il retourne ses "
             "cartes face cachée. Ses points comptent quand même à la fin de la manche."),
          Ruling("F5", "the drawer chooses an active player, possibly themself."))),
    Rule("flip7.freeze-self",
         "If the drawer of a Freeze is the only active player, they must freeze themself.",
         "Si le joueur qui pioche un Gel est le seul joueur actif, il doit se geler lui-même.",
         (_q("Si vous êtes le seul joueur encore actif, vous devez vous appliquer la carte à "
             "vous-même."),
          Ruling("F5", "if the drawer is the only active player, they must freeze "
                       "themself."))),
    Rule("flip7.second-chance",
         "A Second Chance saves you once from a duplicate number: it is used at once, and the "
         "duplicate and the Second Chance are set aside together; you stay in.",
         "Une Seconde Chance vous protège une fois d'un Numéro en double : elle sert aussitôt, "
         "et le doublon et la Seconde Chance sont mis de côté ensemble ; vous restez en jeu.",
         (_q("Seconde Chance : vous protège une fois de sauter, quand vous piochez une carte "
             "Numéro que vous avez déjà. Mettez les deux cartes de côté ensemble."),
          Ruling("F7", "when it is used, the duplicate and the Second Chance are both set "
                       "aside, and the player stays in."),
          Ruling("F21", "using it is automatic: a player cannot keep it and bust instead."))),
    Rule("flip7.second-chance-limit",
         "A player holds at most one Second Chance: a second one is given to another active "
         "player who has none, or discarded if nobody can take it.",
         "Un joueur a au plus une Seconde Chance : une deuxième est donnée à un autre joueur "
         "actif qui n'en a pas, ou défaussée si personne ne peut la prendre.",
         (_q("Max. 1 carte par joueur ; donnez la seconde à un autre joueur."),
          Ruling("F7", "a second copy goes to another active player who has none, or is "
                       "discarded if nobody can take it."))),
    Rule("flip7.second-chance-discarded",
         "A Second Chance not used is discarded at the end of the round.",
         "Une Seconde Chance non utilisée est défaussée à la fin de la manche.",
         (_q("Défaussée à la fin de la manche."),
          Ruling("F7", "all are discarded at the end of the round."))),
    Rule("flip7.flip-three",
         "Flip Three: the player who draws it chooses an active player, possibly themself, "
         "who flips 3 cards one at a time.",
         "Trois à la Suite : qui la pioche choisit un joueur actif, éventuellement lui-même, "
         "qui retourne 3 cartes une par une.",
         (_q("Trois à la Suite : choisissez un joueur actif, vous pouvez aussi vous choisir "
             "vous-même. Ce joueur pioche 3 cartes une par une."),
          Ruling("F6", "the chosen active player (possibly the drawer) flips 3 cards one by "
                       "one."))),
    Rule("flip7.flip-three-stops",
         "A Flip Three stops at once on a bust or a Flip 7; after a Flip 7 the cards set aside "
         "are dropped, as the round is over.",
         "Un Trois à la Suite s'arrête aussitôt si le joueur saute ou réalise un Flip 7 ; après "
         "un Flip 7 les cartes mises de côté sont abandonnées, la manche étant finie.",
         (_q("S'il saute ou réalise un Flip 7, la pioche s'arrête immédiatement."),
          Ruling("F6", "it stops at once on a bust or a Flip 7."),
          Ruling("F17", "a Flip 7 in the middle of a Flip Three ends the round at once; the "
                        "deferred cards are dropped."))),
    Rule("flip7.flip-three-deferred",
         "A Freeze or Flip Three revealed during a Flip Three waits until the 3 cards are "
         "flipped; then the player who flipped them plays each one, in the order revealed.",
         "Un Gel ou un Trois à la Suite révélé pendant un Trois à la Suite attend que les 3 "
         "cartes soient retournées ; puis le joueur qui les a retournées les joue, dans "
         "l'ordre.",
         (_q("Les cartes Action révélées pendant ce tirage ne sont résolues qu'après que les 3 "
             "cartes ont été données, ou que le joueur a sauté."),
          Ruling("F6", "Freeze and Flip Three cards revealed meanwhile are resolved after "
                       "the 3 cards."))),
    Rule("flip7.flip-three-second-chance",
         "A Second Chance revealed during a Flip Three works at once: it saves from a later "
         "duplicate, and a surplus one is passed on at once.",
         "Une Seconde Chance révélée pendant un Trois à la Suite sert aussitôt : elle protège "
         "d'un doublon suivant, et une Seconde Chance en trop est donnée aussitôt.",
         (_q("Cela vaut aussi si le doublon survient pendant un Trois à la Suite : la Seconde "
             "Chance peut être utilisée immédiatement dans ce cas aussi."),
          Ruling("F6", "a Second Chance revealed meanwhile works at once."),
          Ruling("F19", "a surplus Second Chance revealed during a Flip Three is passed on at "
                        "once, not deferred."))),
    Rule("flip7.deferred-after-bust",
         "If the player busts during a Flip Three, they give the action cards set aside to "
         "another active player of their choice. Ruling F16 reads this card by card: each is "
         "given, one at a time in the order revealed, to an active player the busted player "
         "chooses, and is played on them; with nobody active it is discarded. The "
         "publisher's later reading, which the FAQ / Edge Cases file (Case 14) calls an "
         "official change from the first printing, discards them instead: the option "
         "deferred_after_bust=discard (F6, the faq preset).",
         "Si le joueur saute pendant un Trois à la Suite, il donne les cartes Action mises de "
         "côté à un autre joueur actif de son choix. La décision F16 le lit carte par carte : "
         "chacune est donnée, une à une dans l'ordre, à un joueur actif que choisit celui qui "
         "a sauté, et jouée sur lui ; sans joueur actif, elle est défaussée. La lecture "
         "plus récente de l'éditeur, que le fichier FAQ / Edge Cases (cas 14) donne pour un "
         "changement officiel depuis la première édition, les défausse : l'option "
         "deferred_after_bust=discard (F6, le préréglage faq).",
         (_q("A sauté ? Ce joueur doit alors donner la ou les cartes Action à un autre joueur "
             "actif de son choix."),
          Ruling("F6", "seed 004: a busted player gives the action cards to another active "
                       "player; the Dized FAQ discards them."),
          Ruling("F16", "each deferred card is given separately, in the order revealed, and "
                        "played on its receiver; with nobody active it is discarded."),
          EngineChoice("Cards set aside when the flipper busts (which source says what)",
                       "seed 004 gives them away; the FAQ / Edge Cases file (Cases 14, 15) "
                       "discards them, an official change from the first printing."),
          EngineChoice("A card given away: « donner la ou les cartes Action »",
                       "a card given is played on its receiver (F16); the receiver does not "
                       "play it as if drawn, as no source reads it so."))),
    Rule("flip7.freeze-placement",
         "Where a played Freeze goes: by default to the discards at once, as a Flip Three "
         "does. With the option freeze_placement=in-front it stays in front of the frozen "
         "player, with their cards, until the round ends, so a reshuffle in the middle of "
         "the round does not take it in.",
         "Où va un Gel joué : par défaut à la défausse aussitôt, comme un Trois à la "
         "Suite. Avec l'option freeze_placement=in-front il reste devant le joueur gelé, "
         "avec ses cartes, jusqu'à la fin de la manche, si bien qu'un mélange en pleine "
         "manche ne le reprend pas.",
         (EngineChoice("Where a played Freeze or Flip Three goes",
                       "seed 004 does not say; by default both go to the discards at once. "
                       "The FAQ / Edge Cases file (Case 4) keeps a Freeze in front of the "
                       "frozen player until the round ends: the option freeze_placement."),
          Ruling("F9", "mid-round, cards in front of players stay; only the discards are "
                       "shuffled into a new deck."))),
    Rule("flip7.set-aside-targets",
         "When several cards are set aside during a Flip Three: by default each takes effect "
         "as soon as its player is chosen. With the option set_aside_targets=all-first (the "
         "FAQ / Edge Cases file, Case 16) they are given their players in the order flipped, "
         "and none takes effect until all have been given; they then take effect one by one "
         "in that order, and a card given to a player who is out of the round by then "
         "(frozen, or busted by an earlier card) is discarded.",
         "Quand plusieurs cartes sont mises de côté pendant un Trois à la Suite : par défaut "
         "chacune prend effet dès que son joueur est choisi. Avec l'option "
         "set_aside_targets=all-first (le fichier FAQ / Edge Cases, cas 16) elles sont "
         "attribuées dans l'ordre où elles ont été retournées, et aucune ne prend effet "
         "avant que toutes soient attribuées ; elles prennent ensuite effet une à une dans "
         "cet ordre, et une carte attribuée à un joueur déjà sorti de la manche (gelé, ou "
         "qui a sauté sur une carte précédente) est défaussée.",
         (EngineChoice("When the cards set aside take effect",
                       "by default each as soon as its player is chosen; the FAQ / Edge "
                       "Cases file (Case 16) gives them all their players first, in the "
                       "order flipped: the option set_aside_targets."),
          Ruling("F15", "depth first; the alternative is one shared queue."))),
    Rule("flip7.nested-flip-three",
         "Nested Flip Threes resolve depth first: a Flip Three played from a card set aside "
         "finishes, with its own cards set aside, before the next card set aside is played.",
         "Les Trois à la Suite imbriqués se résolvent en profondeur d'abord : un Trois à la "
         "Suite joué depuis une carte mise de côté se termine, avec ses propres cartes mises "
         "de côté, avant la carte suivante.",
         (_q("Les cartes Action révélées pendant ce tirage ne sont résolues qu'après que les 3 "
             "cartes ont été données, ou que le joueur a sauté."),
          Ruling("F15", "depth first; the alternative is one shared queue."))),
    Rule("flip7.frozen-target-deferred",
         "Ruling F20 (the guide is silent): if the player playing the cards set aside "
         "freezes themself with one of them, the remaining ones are still played, on the "
         "other active players; an option drops them instead.",
         "Décision F20 (le guide ne dit rien) : si le joueur qui joue les cartes mises de "
         "côté se gèle lui-même avec l'une d'elles, les suivantes sont quand même jouées, sur "
         "les autres joueurs actifs ; une option les écarte.",
         (Ruling("F20", "the remaining deferred cards are still played on the other active "
                        "players; the alternative drops them."),)),
)


# ---------------------------------------------------------------- cards

# Card kinds: 0-12 the number cards, 13 the ×2, 14-18 the +2 … +10 modifiers, then the
# three actions. A card's kind is its index in these tables, and its sort order.
X2 = 13
FREEZE, FLIP_THREE, SECOND_CHANCE = 19, 20, 21
KINDS = 22
COPIES = (1, 1, *range(2, 13), 1, 1, 1, 1, 1, 1, 3, 3, 3)  # ruling F1
DECK_SIZE = sum(COPIES)  # 94
ACTIONS = (FREEZE, FLIP_THREE, SECOND_CHANCE)
NAMES_EN = (*(str(n) for n in range(13)), "×2", "+2", "+4", "+6", "+8", "+10",
            "Freeze", "Flip Three", "Second Chance")
NAMES_FR = (*NAMES_EN[:19], "Gel", "Trois à la Suite", "Seconde Chance")
# the words a move uses for an action card ("freeze 2", "give flip-three 1")
ACTION_WORDS_EN = {FREEZE: "freeze", FLIP_THREE: "flip-three", SECOND_CHANCE: "second-chance"}
ACTION_WORDS_FR = {FREEZE: "gel", FLIP_THREE: "trois-à-la-suite",
                   SECOND_CHANCE: "seconde-chance"}
MOD_VALUE = (0, 0, 2, 4, 6, 8, 10)  # a modifier's bit in a line's mask: bit 0 is ×2


def _key(text: str) -> str:
    return " ".join(text.strip().lower().replace("-", " ").replace("_", " ").split())


_CARD_TOKENS: dict[str, int] = {}
for _kind in range(KINDS):
    _CARD_TOKENS[_key(NAMES_EN[_kind])] = _kind
    _CARD_TOKENS[_key(NAMES_FR[_kind])] = _kind
for _alias, _kind in (("x2", X2), ("*2", X2), ("times 2", X2), ("flip 3", FLIP_THREE),
                      ("flipthree", FLIP_THREE), ("3 à la suite", FLIP_THREE),
                      ("trois a la suite", FLIP_THREE), ("second", SECOND_CHANCE),
                      ("seconde chance", SECOND_CHANCE), ("chance", SECOND_CHANCE),
                      ("x 2", X2), ("× 2", X2)):
    _CARD_TOKENS.setdefault(_alias, _kind)
for _n in range(13):
    _CARD_TOKENS[f"0{_n}" if _n < 10 else str(_n)] = _n


class Flip7Card(MoveValue):
    """One kind of Flip 7 card: a number 0-12, a modifier (×2, +2 … +10) or an action.

    A move value: it is the outcome of a chance step (the card drawn), so playing it stacks
    the deck. Interned (one object per kind, so ``is`` works), immutable, ordered by kind
    (numbers, then modifiers, then actions), written with ``text(lang)``.

    >>> card("x2"), card("Gel").text("en"), card("flip three").text("fr")
    (Flip7Card('×2'), 'Freeze', 'Trois à la Suite')
    """

    __slots__ = ("kind",)

    def __new__(cls, kind: int):
        return CARDS[kind]

    @property
    def is_number(self) -> bool:
        return self.kind <= 12

    @property
    def is_modifier(self) -> bool:
        return 13 <= self.kind <= 18

    @property
    def is_action(self) -> bool:
        return self.kind >= 19

    @property
    def value(self) -> int:
        """A number card's number, a + modifier's points; 0 for ×2 and the actions."""
        kind = self.kind
        if kind <= 12:
            return kind
        if kind <= 18:
            return MOD_VALUE[kind - 12]
        return 0

    @property
    def copies(self) -> int:
        """How many copies of it the 94-card deck has (ruling F1)."""
        return COPIES[self.kind]

    def text(self, lang: str = "en") -> str:
        return NAMES_FR[self.kind] if lang == "fr" else NAMES_EN[self.kind]

    def __str__(self) -> str:
        return NAMES_EN[self.kind]

    def __repr__(self) -> str:
        return f"Flip7Card({NAMES_EN[self.kind]!r})"

    def __reduce__(self):
        return (Flip7Card, (self.kind,))

    def sort_key(self) -> tuple:
        return (0, self.kind)


def _make_card(kind: int) -> Flip7Card:
    made = object.__new__(Flip7Card)
    object.__setattr__(made, "kind", kind)
    return made


CARDS = tuple(_make_card(k) for k in range(KINDS))


def card(text) -> Flip7Card:
    """The card written ``text``: ``7``, ``12``, ``×2`` (or ``x2``), ``+4``, ``Freeze`` (or
    ``Gel``), ``Flip Three`` (``Trois à la Suite``), ``Second Chance`` (``Seconde Chance``).

    Raises NotationError, naming the card names, for anything else."""
    if text.__class__ is Flip7Card:
        return text
    if isinstance(text, str):
        kind = _CARD_TOKENS.get(_key(text))
        if kind is not None:
            return CARDS[kind]
    raise NotationError(
        f"{shown(text)} is not a Flip 7 card: write 0 to 12, ×2 (or x2), +2 to +10, Freeze, "
        "Flip Three or Second Chance",
        f"{shown(text)} n'est pas une carte de Flip 7 : écrivez 0 à 12, ×2 (ou x2), +2 à +10, "
        "Gel, Trois à la Suite ou Seconde Chance")


# ---------------------------------------------------------------- tables

NUM_SUM = tuple(sum(n for n in range(13) if mask >> n & 1) for mask in range(1 << 13))
PLUS_SUM = tuple(sum(MOD_VALUE[b + 1] for b in range(1, 6) if mask >> b & 1)
                 for mask in range(1 << 6))


def line_score(nums: int, mods: int, flip7: bool, bonus: int) -> int:
    """The points of a line that has not busted (ruling F3): the number cards, doubled by
    ×2 (the numbers only), then the + modifiers, then the Flip 7 bonus.

    >>> line_score(0b1000010001000, 0b101, False, 15)  # 3, 7, 12, ×2, +4
    48
    """
    total = NUM_SUM[nums]
    if mods & 1:
        total *= 2
    total += PLUS_SUM[mods]
    if flip7:
        total += bonus
    return total


# ---------------------------------------------------------------- how long a round lasts

# An engine choice (flip7.endless-reshuffle, docs/engine-choices.md): a mid-round reshuffle ends the round instead when
# the discards hold no modifier and at most this many number cards, each held by a player
# still in: the 3 Second Chances could cancel them all, so nothing is sure to change.
SURE_CHANGE_NUMBERS = COPIES[SECOND_CHANCE] + 1  # 4 number cards: one is sure to count


def endless_reshuffle(discards, held: int) -> bool:
    """Whether shuffling ``discards`` into a new deck in the middle of a round could go
    round for ever, so the round ends instead (flip7.endless-reshuffle, an engine choice).

    ``discards`` is the count of each of the 22 kinds of card in the discard pile;
    ``held`` the numbers in front of the players still in, as a mask (bit n: the number
    n). True when the pile holds no modifier and fewer than ``SURE_CHANGE_NUMBERS`` number
    cards, each a number in ``held``; an empty pile too (no card left at all). Otherwise
    every pass through the new deck is sure to add a card to a line or to bust a player:
    a modifier always joins a line; of 4 or more number cards at most 3 are cancelled by a
    Second Chance (a used one goes to the discards, not back into this deck); a number
    nobody still in has joins the line of whoever draws it, unless another copy did first.

    >>> endless_reshuffle((0,) * 20 + (2, 1), 0)  # two Flip Threes, a Second Chance
    True
    >>> endless_reshuffle((0,) * 7 + (1,) + (0,) * 14, 1 << 7), endless_reshuffle(
    ...     (0,) * 7 + (1,) + (0,) * 14, 1 << 5)  # one 7: held by a player still in, or not
    (True, False)
    """
    numbers = 0
    for kind in range(13):
        copies = discards[kind]
        if copies:
            if not held >> kind & 1:
                return False
            numbers += copies
    if numbers >= SURE_CHANGE_NUMBERS:
        return False
    for kind in range(13, 19):
        if discards[kind]:
            return False
    return True


def round_draw_bound(players: int) -> int:
    """The most cards a round of ``players`` players can draw, from its deal or from any
    position in it (the deal's cards included).

    Why (flip7.endless-reshuffle): call a *change* a number or a modifier joining a line, or a bust. A
    round has at most ``7 * players + 7`` changes: a line takes at most 6 different numbers
    before the seventh ends the round (``6 * players + 1``), each player busts once, and
    there are 6 modifiers. The deck holds at most 94 cards, and only a reshuffle of the
    discards refills it; after a reshuffle that does not end the round, the new deck is
    sure to bring a change before it runs out (``endless_reshuffle``). So a round has at
    most ``changes + 1`` reshuffles, each followed by at most 94 draws, plus the 94 cards
    of the deck it started with: ``94 * (7 * players + 9)`` draws.

    >>> round_draw_bound(4), round_draw_bound(18)
    (3478, 12690)
    """
    return DECK_SIZE * (7 * players + 9)


def round_step_bound(players: int) -> int:
    """The most steps (moves and chance steps) a round of ``players`` players can take,
    from its first deal card (the step that starts it) or from any position in it, to the
    step that ends it.

    Every card drawn is one chance step (``round_draw_bound``). Every hit is followed by a
    draw (or by the end of the round); each action card or Second Chance drawn is followed
    by at most one choice (its target, or whom to give it to; under
    ``set_aside_targets="all-first"`` the card then takes effect with no choice of its
    own), and at most 9 action cards
    can be waiting at the start; each player stays at most once. So at most
    ``3 * draws + players + 10`` steps.

    >>> round_step_bound(4), round_step_bound(18)
    (10448, 38098)
    """
    return 3 * round_draw_bound(players) + players + 10


# ---------------------------------------------------------------- options

DEAL_STARTS = ("dealer", "left")  # ruling F2: seed 004, then the dealer's left
FIRST_PLAYERS = ("dealer", "left")  # ruling F13: the dealer, then the dealer's left
AFTER_BUST = ("give", "discard")  # rulings F6, F16: seed 004, then the Dized FAQ
NESTING = ("depth-first", "shared-queue")  # ruling F15
FROZEN_DEFERRED = ("played", "dropped")  # ruling F20
FREEZE_PLACES = ("discards", "in-front")  # engine-choices.md; the FAQ / Edge Cases, Case 4
SET_ASIDE_TARGETS = ("one-at-a-time", "all-first")  # engine-choices.md; Edge Cases, Case 16
DEAL_WHEN_HOLDING = ("dealt", "hit-or-stay")  # ruling F14; engine-choices.md, Case 18

# The one declaration of Flip 7's rule options: positions, saves, new_game(**options),
# the widgets' rules line and the error messages all read it.
OPTIONS = Options("flip7", (
    Option("deal_start", "dealer", "F2", "flip7.deal", "where the deal starts",
           "où commence la donne", values=DEAL_STARTS,
           words={"left": ("deal from the dealer's left", "donne depuis la gauche du donneur")},
           requires=((("left",), "first_player", ("left",)),)),
    Option("first_player", "dealer", "F13", "flip7.first-player",
           "who is offered hit or stay first", "qui parle en premier", values=FIRST_PLAYERS,
           words={"left": ("the dealer's left speaks first",
                           "le joueur à gauche du donneur parle en premier")},
           requires=((("left",), "deal_start", ("left",)),)),
    Option("flip7_bonus", DEFAULT_BONUS, "F3", "flip7.flip7-bonus", "the Flip 7 bonus",
           "le bonus Flip 7", low=0, high=100,
           phrase=("Flip 7 bonus {value}", "bonus Flip 7 de {value}")),
    Option("deferred_after_bust", "give", "F6", "flip7.deferred-after-bust",
           "what happens to the cards set aside after a bust",
           "le sort des cartes mises de côté quand le joueur saute", values=AFTER_BUST,
           words={"discard": ("cards set aside discarded after a bust (FAQ)",
                              "cartes mises de côté défaussées si le joueur saute (FAQ)")}),
    Option("nested_actions", "depth-first", "F15", "flip7.nested-flip-three",
           "the order of nested actions", "l'ordre des actions imbriquées", values=NESTING,
           words={"shared-queue": ("nested actions in one shared queue",
                                   "actions imbriquées dans une seule file")}),
    Option("frozen_target_deferred", "played", "F20", "flip7.frozen-target-deferred",
           "the cards set aside of a player who froze themself",
           "les cartes mises de côté d'un joueur qui s'est gelé", values=FROZEN_DEFERRED,
           words={"dropped": ("cards set aside dropped once their player is out",
                              "cartes mises de côté abandonnées quand leur joueur est sorti")}),
    Option("freeze_placement", "discards", "F9", "flip7.freeze-placement",
           "where a played Freeze goes", "où va un Gel joué", values=FREEZE_PLACES,
           words={"in-front": ("a played Freeze stays in front of the frozen player",
                               "un Gel joué reste devant le joueur gelé")}),
    Option("set_aside_targets", "one-at-a-time", "F15", "flip7.set-aside-targets",
           "when the cards set aside take effect",
           "quand les cartes mises de côté prennent effet", values=SET_ASIDE_TARGETS,
           words={"all-first": ("cards set aside all given their players first",
                                "cartes mises de côté toutes attribuées d'abord")}),
    Option("deal_card_when_holding", "dealt", "F14", "flip7.deal-card-optional",
           "the deal card of a player who already has cards",
           "la carte de la donne d'un joueur qui a déjà des cartes", values=DEAL_WHEN_HOLDING,
           words={"hit-or-stay": ("the deal card optional for a player holding cards",
                                  "carte de donne facultative pour qui a des cartes")}),
), presets={
    "seed-004": {},
    "faq": {"deferred_after_bust": "discard"},
    # the publisher's rulings quoted by the "Flip 7 FAQ / Edge Cases" file (docs/engine-choices.md):
    # the cards set aside discarded after a bust (Cases 14, 15), a played Freeze kept in front
    # of the frozen player (Case 4), the cards set aside all given their players before any
    # takes effect, in one shared queue (Case 16, 16(c)), a player holding cards asked hit or
    # stay at their deal card (Case 18; the engine already plays Cases 17 and 19)
    "publisher-faq": {"deferred_after_bust": "discard", "freeze_placement": "in-front",
                      "set_aside_targets": "all-first", "nested_actions": "shared-queue",
                      "deal_card_when_holding": "hit-or-stay"},
    "dealers-left": {"deal_start": "left", "first_player": "left"},
})


class Flip7Rules(RuleSet):
    """The options of a game; the defaults are seed 004's rules with rulings F1-F21.

    ``deal_start`` and ``first_player``: "dealer" (default) or "left", which go together
    (F2, F13). ``flip7_bonus``: 0 to 100 (default 15, F3). ``deferred_after_bust``: "give"
    (seed 004, F16) or "discard" (the FAQ, F6). ``nested_actions``: "depth-first" or
    "shared-queue" (F15). ``frozen_target_deferred``: "played" or "dropped" (F20).
    ``freeze_placement``: "discards" or "in-front" (flip7.freeze-placement).
    ``set_aside_targets``: "one-at-a-time" or "all-first" (flip7.set-aside-targets).
    ``deal_card_when_holding``: "dealt" or "hit-or-stay" (flip7.deal-card-optional).
    Presets: "seed-004" (the defaults), "faq", "publisher-faq" (every publisher ruling the
    engine offers as an option: "faq", a Freeze kept in front, the cards set aside all given
    their players first in one shared queue, the deal card optional for a player holding
    cards), "dealers-left".

    >>> Flip7Rules(preset="faq").describe()
    'Rules: cards set aside discarded after a bust (FAQ)'
    """

    declaration = OPTIONS

    def deal_start_seat(self, dealer: int, players: int) -> int:
        """The seat the deal begins with (F2, flip7.deal): the dealer, or their left."""
        return dealer if self.deal_start == "dealer" else (dealer + 1) % players

    def first_seat(self, dealer: int, players: int) -> int:
        """The seat offered hit or stay first once the deal is over (F13,
        flip7.first-player): the dealer, or their left."""
        return dealer if self.first_player == "dealer" else (dealer + 1) % players
