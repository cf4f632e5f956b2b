"""The rules of Double Seven as data: the tiles, the rule catalog and the rule options.

Sources: seed 000 (a French rules summary), seed 001 (a Russian page with an English
rules summary) and rulings D1-D19 of docs/rulings.md. The alternatives of D1, D4, D5/D6,
D7 and D19 are options of ``DoubleSevenRules``; the preset ``game-park`` plays as the
open-source digital edition (Game Park, repository ``gamepark/double-seven``) does.

The animals. The seeds name four: birds, squirrels, foxes and butterflies (seed 000's
worked example and its exchange example). The digital edition names only its eight tile
colours (orange, pink, green, purple, grey, red, blue, maroon: ``Tile.ts`` and the
translations of ``gamepark/double-seven``), and its pictures are not text. No published
source reachable from this project names the other four animals, so bear, rabbit,
hedgehog and frog are this project's stand-ins, marked ``sourced=False`` below. Each
animal has a colour from the Okabe-Ito palette (chosen to stay distinct for colour-blind
readers) and a symbol, and is always shown with its symbol and name, never by colour
alone.
"""

from __future__ import annotations

from typing import NamedTuple

from ..catalog import EngineChoice, Quote, Rule, Ruling, register
from ..core.moves import MoveValue
from ..core.options import Option, Options, RuleSet
from ..errors import NotationError, shown

GAME = "doubleseven"
MIN_PLAYERS, MAX_PLAYERS = 2, 4  # ruling D13
START_TILES = 3  # ruling D13: 3 tiles each
COPIES_PER_ANIMAL, CLOVERS = 11, 3
TILE_COUNT = 8 * COPIES_PER_ANIMAL + CLOVERS  # 91
SEVEN_TOKENS = 8  # seed 000: "huit jetons ‘7’"
SEVEN = 7  # a family of 7 or more earns a '7' token (D5)


def is_sept(tiles: int) -> bool:
    """Whether a family of ``tiles`` tiles (animals and clovers) is a Sept!: 7 or more (D5).
    The engine's Sept! call and the widgets' mark of a family both read it."""
    return tiles >= SEVEN


FAMILY_START = 2  # doubleseven.start-family, D10: a family starts with at least 2 tiles


def starts_family(animals: int, clovers: int, with_clover: str = "allowed") -> bool:
    """Whether ``animals`` tiles of one animal and ``clovers`` clovers may start a family
    (doubleseven.start-family, D10): at least ``FAMILY_START`` tiles, never clovers alone.
    With ``with_clover`` "forbidden" (the option ``start_with_clover``: seed 000's rules
    text, « au moins deux tuiles du même animal »), at least ``FAMILY_START`` tiles of the
    animal, clovers besides. The verdict of a start, the act phase's legal starts and the
    computer players all read it."""
    if with_clover == "allowed":
        return animals > 0 and animals + clovers >= FAMILY_START
    return animals >= FAMILY_START


RAINBOW_SIZE = 5  # D1: five or more tiles


def rainbow_rack(rack: tuple, rainbow_clovers: str) -> bool:
    """Whether ``rack`` (tiles by kind, the clover last) allows Rainbow (doubleseven.rainbow,
    D1): at least ``RAINBOW_SIZE`` animals, all different; with ``rainbow_clovers``
    "none-on-rack" (D1's default) no clover on the rack, with "set-aside" the clovers do
    not count. The verdict of Rainbow and the act phase's legal moves both read it; when
    and how often it may be called is ``verdicts._rainbow_reason``'s."""
    animals = rack[:CLOVER]
    if max(animals) > 1 or sum(animals) < RAINBOW_SIZE:
        return False
    return rainbow_clovers != "none-on-rack" or not rack[CLOVER]
DISCARD_AT = 6  # D9: 6 or more rack tiles at the end of the turn
DRAW_TILES, DRAW_TILES_EMPTY_RACK = 2, 3  # D3: 2 tiles a turn, 3 from an empty rack
DOUBLE_SEVEN_POINTS = 2  # D12: the '77' scores 2 (each family tile and each '7' scores 1)


def next_seat(seat: int, players: int) -> int:
    """The seat whose turn follows ``seat`` (doubleseven.turn-order: clockwise), seats
    numbered from 0 in the order of play."""
    return seat + 1 if seat + 1 < players else 0


def deal_seat(first: int, players: int, to_deal: int) -> int:
    """During the deal, the seat the next tile goes to when ``to_deal`` tiles of the
    ``START_TILES * players`` are still to deal: one at a time in the order of play from
    ``first`` (doubleseven.setup, ruling D13; the order is the engine's, the rules say only
    that each player draws 3)."""
    return (first + START_TILES * players - to_deal) % players


def tiles_to_draw(rack_size: int) -> int:
    """How many tiles a turn draws (D3, doubleseven.draw): 2, or 3 when the rack is empty."""
    return DRAW_TILES if rack_size else DRAW_TILES_EMPTY_RACK


def points(families, tokens: int, holds_77: bool) -> int:
    """A player's points (D12, doubleseven.scoring): 1 a family tile (animals and clovers),
    1 a '7' token, 2 for the '77'; rack tiles score nothing. ``families``: (animal, animals,
    clovers) each."""
    return (sum(a + c for _, a, c in families) + tokens
            + (DOUBLE_SEVEN_POINTS if holds_77 else 0))
DEFAULT_NAMES = ("Ann", "Bob", "Cy", "Dee")


class Animal(NamedTuple):
    """One kind of tile: an animal (kinds 0-7) or the clover (kind 8)."""

    en: str
    fr: str
    plural_en: str
    plural_fr: str
    symbol: str
    colour: str  # a colour name
    hex: str  # the colour, #rrggbb (Okabe-Ito)
    sourced: bool  # named by a seed (True) or this project's stand-in (False)


ANIMALS = (
    Animal("bird", "oiseau", "birds", "oiseaux", "🐦", "sky blue", "#56B4E9", True),
    Animal("squirrel", "écureuil", "squirrels", "écureuils", "🐿", "vermillion", "#D55E00",
           True),
    Animal("fox", "renard", "foxes", "renards", "🦊", "orange", "#E69F00", True),
    Animal("butterfly", "papillon", "butterflies", "papillons", "🦋", "reddish purple",
           "#CC79A7", True),
    Animal("bear", "ours", "bears", "ours", "🐻", "black", "#000000", False),
    Animal("rabbit", "lapin", "rabbits", "lapins", "🐰", "yellow", "#F0E442", False),
    Animal("hedgehog", "hérisson", "hedgehogs", "hérissons", "🦔", "blue", "#0072B2", False),
    Animal("frog", "grenouille", "frogs", "grenouilles", "🐸", "bluish green", "#009E73",
           False),
    Animal("clover", "trèfle", "clovers", "trèfles", "🍀", "white", "#FFFFFF", True),
)
CLOVER = 8
KINDS = 9
COPIES = (COPIES_PER_ANIMAL,) * 8 + (CLOVERS,)


def _key(text: str) -> str:
    return " ".join(text.strip().lower().replace("_", " ").split())


_TILE_WORDS: dict[str, int] = {}
for _kind, _a in enumerate(ANIMALS):
    for _word in (_a.en, _a.fr, _a.plural_en, _a.plural_fr, _a.symbol):
        _TILE_WORDS[_key(_word)] = _kind
for _alias, _kind in (("joker", CLOVER), ("jokers", CLOVER), ("wild", CLOVER),
                      ("trefle", CLOVER), ("trefles", CLOVER), ("ecureuil", 1),
                      ("ecureuils", 1), ("herisson", 6), ("herissons", 6),
                      ("☘", CLOVER), ("🐿️", 1)):
    _TILE_WORDS.setdefault(_alias, _kind)


class Tile(MoveValue):
    """One kind of tile: an animal or a clover. Interned (one object per kind), immutable,
    ordered by kind. A move value, because a tile drawn hidden is a chance outcome: playing
    it stacks the reserve.

    >>> tile("renard").text(), tile("fox").text("fr"), tile("clovers") is TILES[8]
    ('fox', 'renard', True)
    """

    __slots__ = ("kind",)

    def __new__(cls, kind: int):
        return TILES[kind]

    @property
    def animal(self) -> Animal:
        return ANIMALS[self.kind]

    @property
    def is_clover(self) -> bool:
        return self.kind == CLOVER

    def text(self, lang: str = "en") -> str:
        return ANIMALS[self.kind].fr if lang == "fr" else ANIMALS[self.kind].en

    def __repr__(self) -> str:
        return f"Tile({ANIMALS[self.kind].en!r})"

    def __reduce__(self):
        return (Tile, (self.kind,))

    def sort_key(self) -> tuple:
        return (0, self.kind)


def _make_tile(kind: int) -> Tile:
    made = object.__new__(Tile)
    object.__setattr__(made, "kind", kind)
    return made


TILES = tuple(_make_tile(k) for k in range(KINDS))


def tile_kind(text) -> int | None:
    """The kind (0-8) written ``text`` (English or French, singular or plural, or the
    symbol), or None."""
    if text.__class__ is Tile:
        return text.kind
    if isinstance(text, str):
        return _TILE_WORDS.get(_key(text))
    return None


def tile(text) -> Tile:
    """The tile written ``text``: ``fox``, ``renard``, ``foxes``, ``🦊``, ``clover`` (also
    ``joker``, ``trèfle``). Raises NotationError, naming the tiles, for anything else."""
    kind = tile_kind(text)
    if kind is None:
        raise NotationError(
            f"{shown(text)} is not a Double Seven tile: write one of "
            + ", ".join(a.en for a in ANIMALS),
            f"{shown(text)} n'est pas une tuile de Double Seven : écrivez l'un de ces mots : "
            + ", ".join(a.fr for a in ANIMALS))
    return TILES[kind]


_FEMININE_FR = frozenset({"grenouille"})  # the French names that take "une"


def one_of(kind: int, lang: str = "en") -> str:
    """One tile of that kind with its article: "a fox", « un renard », « une grenouille »."""
    a = ANIMALS[kind]
    if lang == "fr":
        return f"{'une' if a.fr in _FEMININE_FR else 'un'} {a.fr}"
    return f"a {a.en}"


def name_of(kind: int, lang: str = "en", count: int = 1) -> str:
    """The animal's name, plural when ``count`` is not 1."""
    a = ANIMALS[kind]
    if lang == "fr":
        return a.fr if count == 1 else a.plural_fr
    return a.en if count == 1 else a.plural_en


# ---------------------------------------------------------------- the rules


def _q(text: str) -> Quote:
    return Quote("000", text)


def _q1(text: str) -> Quote:
    return Quote("001", text)


register(
    Rule("doubleseven.players",
         "Double Seven is for 2 to 4 players.",
         "Double Seven se joue de 2 à 4 joueurs.",
         (_q("2 à 4 joueurs"), _q1("Игроков: 2 - 4"),
          Ruling("D13", "2-4 players, 3 tiles each."))),
    Rule("doubleseven.tiles",
         "The game has 91 tiles: 8 animal families of 11 tiles, and 3 clovers, which are "
         "wild (jokers).",
         "Le jeu compte 91 tuiles : 8 familles d'animaux de 11 tuiles, et 3 trèfles, qui sont "
         "des jokers.",
         (_q("Le jeu contient 91 tuiles magnifiquement illustrées, réparties en huit familles "
             "d’animaux distinctes, ainsi que trois de ces précieux Jokers."),
          _q1("There are 91 tiles in the game: 8 different animal families with 11 tiles "
              "each, plus three clover tiles that act as wilds."),
          Ruling("D13", "the 91 tiles are 8 animals × 11, plus 3 clovers."))),
    Rule("doubleseven.tokens",
         "There are eight '7' tokens and one '77' token.",
         "Il y a huit jetons « 7 » et un jeton « 77 ».",
         (_q("vous disposerez de huit jetons ‘7’ et d’un unique et très convoité jeton ’77’."),
          Ruling("D7", "the game has eight '7' tokens."))),
    Rule("doubleseven.setup",
         "The tiles are shuffled face down into the reserve; each player draws 3 at random "
         "onto a rack that hides them from the others.",
         "Les tuiles sont mélangées face cachée pour former la réserve ; chaque joueur en "
         "pioche 3 au hasard sur un chevalet qui les cache aux autres.",
         (_q("chaque personne pioche trois tuiles au hasard dans la pioche centrale et les "
             "dispose secrètement sur son chevalet."),
          _q1("Each player starts with three tiles in front of them."),
          Ruling("D13", "2-4 players, 3 tiles each."))),
    Rule("doubleseven.turn-order",
         "Players take turns clockwise, from the first player.",
         "Les joueurs jouent à tour de rôle dans le sens horaire, à partir du premier joueur.",
         (_q("la partie peut commencer et se déroulera dans le sens des aiguilles d’une "
             "montre."),)),
    Rule("doubleseven.flip",
         "A turn starts by turning one hidden tile face up when no tile is face up.",
         "Un tour commence par retourner une tuile cachée face visible quand aucune tuile "
         "n'est face visible.",
         (_q("S’il n’y a aucune tuile face visible, votre toute première action est d’en "
             "retourner une depuis la pile face cachée."),
          _q1("Before the turn starts, if there are no tiles in the face-up area, one is put "
              "there."),
          Ruling("D3", "first, if no tile is face up, turn one face up."),
          Ruling("D14", "the flip is an explicit step, required before drawing when no tile "
                        "is face up."))),
    Rule("doubleseven.draw",
         "Then the player draws 2 tiles, or 3 if the rack is empty.",
         "Puis le joueur pioche 2 tuiles, ou 3 si son chevalet est vide.",
         (_q("si votre chevalet est complètement vide, vous avez droit à trois nouvelles "
             "tuiles."),
          _q("Si vous avez au moins une tuile sur votre chevalet, vous en piocherez deux."),
          _q1("If you start your turn with an empty rack, take three tiles instead."),
          Ruling("D3", "draw 3 tiles if the rack is empty, otherwise 2."))),
    Rule("doubleseven.draw-source",
         "Tiles are drawn one at a time, each from the face-up area or hidden from the "
         "reserve, so a hidden tile is seen before the next is chosen.",
         "Les tuiles se piochent une à une, chacune parmi les tuiles face visible ou cachée "
         "dans la réserve, si bien qu'on voit une tuile cachée avant de choisir la suivante.",
         (_q("Vous pouvez mixer vos choix, par exemple prendre une tuile visible et une tuile "
             "cachée."),
          _q1("You can take either of them from the face-down deck or the face-up tiles in "
              "the center."),
          Ruling("D3", "draw them one by one, each visible or hidden."))),
    Rule("doubleseven.short-reserve",
         "With no hidden tile left, only face-up tiles are drawn; a player takes whatever is "
         "left; with no tile left at all, the draw is skipped.",
         "Sans tuile cachée, on ne pioche que des tuiles face visible ; le joueur prend ce "
         "qui reste ; sans aucune tuile, on passe la phase de pioche.",
         (_q("Si la pioche cachée est vide, il reste à choisir parmi les tuiles visibles "
             "uniquement. Si toutes les tuiles sont épuisées, passez simplement la phase de "
             "pioche."),
          Ruling("D3", "if the hidden pile is empty, draw only visible tiles; if no tile is "
                       "left, skip the draw."),
          Ruling("D16", "a player who must draw takes whatever is left."))),
    Rule("doubleseven.rainbow",
         "Rainbow: with 5 or more tiles on the rack, all different animals, the player may "
         "call Rainbow, show the rack and draw one extra tile. By default no clover may be on "
         "the rack; an option sets the clovers aside instead.",
         "Arc-en-ciel : avec 5 tuiles ou plus sur le chevalet, toutes d'animaux "
         "différents, le joueur peut annoncer Arc-en-ciel, montrer son chevalet et piocher "
         "une tuile de plus. Par défaut aucun trèfle ne doit être sur le chevalet ; une "
         "option met les trèfles de côté.",
         (_q("(les Jokers ne comptent pas pour cette annonce)"),
          _q1("you have five or more tiles of all different colors, AND no Jokers"),
          Ruling("D1", "default: no clover may be on the rack; alternative: set the clovers "
                       "aside, the remaining 5+ animal tiles must all differ."))),
    Rule("doubleseven.rainbow-timing",
         "Rainbow is called straight after the draw, before any action, at most once a turn; "
         "it is refused when no tile is left to draw.",
         "Arc-en-ciel s'annonce juste après la pioche, avant toute action, une fois par tour "
         "au plus ; il est refusé quand il ne reste aucune tuile à piocher.",
         (_q("C’est un bonus sympathique qui ne peut être réalisé qu’une seule fois par tour, "
             "juste après la pioche initiale."),
          Ruling("D2", "just after the draw, before any action, at most once per turn."),
          Ruling("D14", "any other action closes the window; refused when no tile is left "
                        "to draw."))),
    Rule("doubleseven.actions",
         "After the draw, the player takes any number of actions, in any order: start, "
         "expand, exchange, retrieve a clover, and Two for One once.",
         "Après la pioche, le joueur fait autant d'actions qu'il veut, dans l'ordre de son "
         "choix : commencer, agrandir, échanger, récupérer un trèfle, et Deux contre Un une "
         "fois.",
         (_q("Vous pouvez réaliser autant d’actions que vous le souhaitez et dans l’ordre de "
             "votre choix."),
          _q1("You can perform as many of the actions below as you like in any order:"))),
    Rule("doubleseven.start-family",
         "Start a family: put down at least 2 tiles from the rack, of one animal or clovers, "
         "with at least one animal tile: two of the same animal, or one animal and a clover; "
         "never clovers alone. Seed 000's rules ask for two tiles of the same animal; its "
         "FAQ and seed 001 allow one animal with a clover, and so does the engine by default; "
         "the option start_with_clover=forbidden plays the rules text.",
         "Commencer une famille : poser au moins 2 tuiles du chevalet, d'un même animal ou "
         "des trèfles, dont au moins une tuile d'animal : deux du même animal, ou un animal "
         "et un trèfle ; jamais des trèfles seuls. Les règles de la source 000 demandent deux "
         "tuiles du même animal ; sa FAQ et la source 001 permettent un animal avec un trèfle, "
         "et le moteur aussi par défaut ; l'option start_with_clover=forbidden joue le texte "
         "de la règle.",
         (_q1("Place at least two identical animals (or an animal plus a Clover (wild tile) ) "
              "in your play area."),
          _q("Vous devez avoir au moins une tuile d’animal pour fonder une famille."),
          _q("il est interdit de commencer une famille composée uniquement de Jokers."),
          _q("vous devez poser au moins deux tuiles du même animal depuis votre chevalet."),
          Ruling("D10", "at least 2 tiles of one animal, or animal tiles plus clovers, never "
                        "clovers alone."))),
    Rule("doubleseven.families-visible",
         "A family is put down in front of its owner, visible to all: every player, and a "
         "spectator, sees every family, its animal, its size and its clovers.",
         "Une famille se pose devant son propriétaire, visible de tous : chaque joueur, et un "
         "spectateur, voit toutes les familles, leur animal, leur taille et leurs trèfles.",
         (_q("Placez-les devant vous, visibles de tous."),
          EngineChoice("What a seat observes",
                       "a seat observes its own rack, every rack's size and all families, "
                       "the face-up area and the reserve's size."))),
    Rule("doubleseven.one-family-per-animal",
         "A player may not start a family of an animal they already have a family of, even "
         "after an exchange gave them two; another player's family does not matter.",
         "Un joueur ne peut pas commencer une famille d'un animal dont il a déjà une famille, "
         "même si un échange lui en a donné deux ; la famille d'un autre joueur ne compte "
         "pas.",
         (_q("vous ne pouvez pas commencer une famille d’un animal dont vous possédez déjà une "
             "famille devant vous."),
          _q1("You may only have one family per animal species."),
          Ruling("D10", "a player may not start an animal they already have a family of."))),
    Rule("doubleseven.expand-family",
         "Expand a family: add one or more rack tiles, of its animal or clovers, to one of "
         "your own families.",
         "Agrandir une famille : ajouter une ou plusieurs tuiles du chevalet, de son animal "
         "ou des trèfles, à l'une de vos familles.",
         (_q("Prenez une ou plusieurs tuiles de votre chevalet (l’animal correspondant ou un "
             "Joker) et ajoutez-les à l’une de vos familles déjà posées."),
          Ruling("D10", "rack tiles (animals or clovers) go onto one of your own families."))),
    Rule("doubleseven.golden-rule",
         "The Golden Rule: a family is never split and never merged; two families of the "
         "same animal stay separate.",
         "La Règle d'Or : une famille n'est jamais séparée ni fusionnée ; deux familles du "
         "même animal restent distinctes.",
         (_q("Vous ne pourrez plus jamais la séparer pour en faire plusieurs petites familles, "
             "ni la fusionner avec une autre."),
          _q1("Keep in mind: Families cannot be split or merged."),
          Ruling("D10", "families are never split or merged."))),
    Rule("doubleseven.exchange",
         "Exchange: swap one of your families with another player's family of exactly the "
         "same size; the other player cannot refuse.",
         "Échanger : échanger une de vos familles contre celle d'un autre joueur qui a "
         "exactement le même nombre de tuiles ; l'autre joueur ne peut pas refuser.",
         (_q("votre famille et la sienne doivent avoir exactement le même nombre de tuiles."),
          _q("L’autre joueur ne peut refuser cet échange."),
          Ruling("D10", "exactly the same size, and the other player cannot refuse."),
          Ruling("D17", "exchanging with yourself is refused: 'with another player'."))),
    Rule("doubleseven.retrieve-clover",
         "Retrieve a clover: from any family, yours or another player's, put the matching "
         "animal from your rack in the clover's place and take the clover onto your rack.",
         "Récupérer un trèfle : dans n'importe quelle famille, la vôtre ou celle d'un autre, "
         "mettez l'animal correspondant de votre chevalet à la place du trèfle et prenez le "
         "trèfle sur votre chevalet.",
         (_q("vous devez avoir sur votre chevalet la tuile de l’animal correspondant."),
          Ruling("D11", "the clover goes to your rack; the family's size does not change."))),
    Rule("doubleseven.two-for-one",
         "Two for One: discard 2 rack tiles face up into the face-up area, then draw 1, face "
         "up or hidden. By default neither tile just discarded may be taken back; an option "
         "allows it.",
         "Deux contre Un : défausser 2 tuiles du chevalet face visible, puis piocher 1 "
         "tuile, visible ou cachée. Par défaut aucune des deux tuiles défaussées ne peut être "
         "reprise ; une option le permet.",
         (_q("Défaussez deux tuiles de votre choix de votre chevalet (elles sont placées face "
             "visible à côté de la pioche) et piochez en contrepartie une seule nouvelle "
             "tuile, visible ou cachée."),
          Ruling("D4", "Game Park forbids taking back either tile just discarded (default); "
                       "the alternative allows it."),
          Ruling("D16", "refused when the only tiles it could take are the two just "
                        "discarded."))),
    Rule("doubleseven.two-for-one-once",
         "Two for One may be used only once a turn.",
         "Deux contre Un ne peut servir qu'une fois par tour.",
         (_q("Une seule fois par tour, vous avez la possibilité de réaliser cette action."),
          _q1("You can only do this once per turn."),
          Ruling("D4", "once per turn."))),
    Rule("doubleseven.sept",
         "Sept!: when an expansion brings a family from under 7 to 7 or more tiles, its owner "
         "takes a '7' token; starting a family of 7 or more counts too. An exchange or a "
         "retrieval awards nothing. An option follows Game Park: a token for each animal. "
         "Every player can earn '7's, not only the first and second players to make a set "
         "of seven, as seed 001's overview might be read: the engine reads it as naming the "
         "two bonuses.",
         "Sept ! : quand un agrandissement fait passer une famille de moins de 7 à 7 tuiles "
         "ou plus, son propriétaire prend un jeton « 7 » ; commencer une famille de 7 ou plus "
         "compte aussi. Un échange ou une récupération ne rapporte rien. Une option suit Game "
         "Park : un jeton par animal. Tout joueur peut gagner des « 7 », pas seulement le "
         "premier et le deuxième joueur à faire une famille de sept, comme on pourrait lire "
         "l'aperçu de la source 001 : le moteur y lit les deux bonus.",
         (_q("Chaque fois que l’une de vos familles atteint le nombre magique de sept tuiles ou "
             "plus (grâce à l’action ‘Agrandir’), vous criez ‘Sept !’ et vous empochez "
             "immédiatement un jeton ‘7’."),
          _q1("Each time one of your families reaches 7 tiles, a"),
          Ruling("D5", "a token when an expansion takes a family from under 7 to 7 or more; "
                       "Game Park's alternative remembers each animal that earned one."),
          EngineChoice("Seed 001's \"the first and second players to make a set of seven\"",
                       "seed 001's overview (points come from the families \"and the first "
                       "and second players to make a set of seven\") names the '7' and '77' "
                       "bonuses, not two players: every player earns a '7' each time, as "
                       "both seeds' rules say."))),
    Rule("doubleseven.double-sept",
         "Double Sept!: a player's second '7' takes the '77' too, if it is still there; the "
         "'77' triggers the end of the game.",
         "Double Sept ! : le deuxième « 7 » d'un joueur lui fait prendre aussi le « 77 », "
         "s'il est encore là ; le « 77 » déclenche la fin de la partie.",
         (_q("Si vous êtes le tout premier joueur de la partie à former une deuxième famille "
             "d’au moins sept tuiles, vous prenez non seulement un autre jeton ‘7’, mais aussi "
             "le précieux jeton ’77’."),
          _q1("The first player to have two families with seven tiles will receive a"),
          Ruling("D6", "awarded with the player's second '7' token, while the '77' is "
                       "unclaimed; this triggers the end of the game."))),
    Rule("doubleseven.token-supply",
         "The eight '7' tokens are a real limit: once they are gone no '7' is given, though a "
         "Sept! still counts toward the '77'. An option (Game Park) makes the supply "
         "unlimited.",
         "Les huit jetons « 7 » sont une vraie limite : une fois épuisés, aucun « 7 » n'est "
         "donné, mais un Sept ! compte quand même pour le « 77 ». Une option (Game Park) rend "
         "la réserve illimitée.",
         (_q("vous disposerez de huit jetons ‘7’ et d’un unique et très convoité jeton ’77’."),
          Ruling("D7", "the supply of 8 is a real limit; the '77' is still taken as in D6; "
                       "Game Park's alternative is an unlimited supply."))),
    Rule("doubleseven.vide",
         "Vide!: a start or an expansion that empties the rack ends the turn at once.",
         "Vide ! : commencer ou agrandir une famille en vidant le chevalet termine le tour "
         "aussitôt.",
         (_q("Soit vous avez réussi à poser toutes les tuiles de votre chevalet. Dans ce cas, "
             "annoncez fièrement ‘Vide !’ à vos adversaires, et votre tour est terminé."),
          _q1("Your turn ends if your rack is empty or you choose to end your actions."),
          Ruling("D15", "a start or an expansion that empties the rack ends the turn at "
                        "once."))),
    Rule("doubleseven.pass",
         "Je passe!: the player ends the turn whenever they choose; no action is compulsory.",
         "Je passe ! : le joueur termine son tour quand il le veut ; aucune action n'est "
         "obligatoire.",
         (_q("Vous annoncez alors ‘Je passe !’."),
          Ruling("D9", "the turn ends when the player passes."))),
    Rule("doubleseven.discard",
         "With 6 or more tiles on the rack at the end of the turn, the player discards "
         "exactly one, out of the game; this holds in the final turns too (an option skips "
         "it on the very last turn, as Game Park does).",
         "Avec 6 tuiles ou plus sur le chevalet à la fin du tour, le joueur en défausse "
         "exactement une, hors du jeu ; cela vaut aussi pendant les derniers tours (une "
         "option l'omet au tout dernier tour, comme Game Park).",
         (_q("si à la fin de votre tour, après toutes vos actions, il vous reste six tuiles ou "
             "plus sur votre chevalet, vous êtes contraint d’en défausser une."),
          _q("Cette tuile est définitivement retirée de la partie."),
          Ruling("D9", "with 6 or more rack tiles, discard exactly one, out of the game."),
          Ruling("D19", "it still applies in the final turns; Game Park skips it on the last "
                        "final turn."))),
    Rule("doubleseven.game-end",
         "The game ends when a player takes the '77' or draws the last tile of the reserve "
         "(hidden and face up together); the first trigger stands.",
         "La partie se termine quand un joueur prend le « 77 » ou pioche la dernière tuile "
         "de la réserve (cachée et visible ensemble) ; le premier déclencheur compte.",
         (_q("soit un joueur réussit l’exploit de prendre le jeton ’77’ en formant sa deuxième "
             "famille de sept tuiles, soit un joueur pioche la toute dernière tuile de la "
             "pioche centrale."),
          Ruling("D8", "the '77', or the last tile of the reserve (hidden and visible "
                       "together)."),
          Ruling("D18", "if the '77' is taken after the reserve ran out, the first trigger "
                        "stands and the '77' still scores 2."))),
    Rule("doubleseven.final-turns",
         "The player who triggers the end finishes the turn; every other player then has "
         "one final turn, without a draw if nothing is left.",
         "Le joueur qui déclenche la fin termine son tour ; chaque autre joueur joue ensuite "
         "un dernier tour, sans pioche s'il ne reste rien.",
         (_q("Le joueur qui déclenche cet événement termine son tour normalement, en effectuant "
             "toutes les actions qu’il souhaite."),
          _q("Si la pioche est vide, ces derniers tours se jouent simplement sans la phase de "
             "pioche."),
          Ruling("D8", "every other player has one final turn, with no draw phase if "
                       "nothing is left."))),
    Rule("doubleseven.scoring",
         "Each tile in a family scores 1, each '7' token 1, the '77' 2; rack tiles score "
         "nothing.",
         "Chaque tuile d'une famille rapporte 1, chaque jeton « 7 » 1, le « 77 » 2 ; les "
         "tuiles du chevalet ne rapportent rien.",
         (_q("Les tuiles qui se trouvent encore sur votre chevalet ne valent malheureusement "
             "rien."),
          _q("Son score total est donc de 7 + 8 + 2 + 2 + 2 = 21 points."),
          Ruling("D12", "1 per family tile, 1 per '7', 2 for the '77'; rack tiles score "
                        "nothing."))),
    Rule("doubleseven.tie",
         "The highest score wins; on a tie the holder of the '77' wins, otherwise the tied "
         "players share the victory.",
         "Le plus haut score gagne ; en cas d'égalité le détenteur du « 77 » gagne, sinon "
         "les ex aequo se partagent la victoire.",
         (_q("En cas d’égalité, le joueur qui possède le jeton ’77’ est déclaré vainqueur."),
          _q("Si aucun des joueurs à égalité ne le possède, ils se partagent la victoire dans "
             "la joie et la bonne humeur !"),
          Ruling("D12", "on a tie the holder of the '77' wins; otherwise the victory is "
                        "shared."))),
)


# ---------------------------------------------------------------- options

RAINBOW_CLOVERS = ("none-on-rack", "set-aside")  # ruling D1
TAKE_BACK = ("forbidden", "allowed")  # ruling D4
# ruling D10 and seed 001 allow a start of one animal and a clover; seed 000's rules text
# asks for two tiles of the same animal
START_WITH_CLOVER = ("allowed", "forbidden")
TOKEN_AWARDS = ("crossing", "per-animal")  # rulings D5, D6
TOKEN_SUPPLIES = ("eight", "unlimited")  # ruling D7
LAST_TURN_DISCARDS = ("applies", "skipped")  # ruling D19

# The one declaration of Double Seven's rule options: positions, saves,
# new_game(**options), the widgets' rules line and the error messages all read it.
OPTIONS = Options(GAME, (
    Option("rainbow_clovers", "none-on-rack", "D1", "doubleseven.rainbow",
           "clovers and the Rainbow call", "les trèfles et l'annonce Arc-en-ciel",
           values=RAINBOW_CLOVERS,
           words={"set-aside": ("Rainbow sets the clovers aside",
                                "Arc-en-ciel met les trèfles de côté")}),
    Option("two_for_one_take_back", "forbidden", "D4", "doubleseven.two-for-one",
           "taking back a tile just discarded by Two for One",
           "reprendre une tuile que Deux contre Un vient de défausser", values=TAKE_BACK,
           words={"allowed": ("Two for One may take back a tile just discarded",
                              "Deux contre Un peut reprendre une tuile défaussée")}),
    Option("start_with_clover", "allowed", "D10", "doubleseven.start-family",
           "starting a family with one animal and a clover",
           "commencer une famille avec un animal et un trèfle", values=START_WITH_CLOVER,
           words={"forbidden": ("two tiles of the same animal start a family (seed 000)",
                                "deux tuiles du même animal pour une famille (règle 000)")}),
    Option("token_award", "crossing", "D5", "doubleseven.sept",
           "when a '7' token is won", "quand un jeton « 7 » est gagné", values=TOKEN_AWARDS,
           words={"per-animal": ("a '7' for each animal, as Game Park",
                                 "un « 7 » par animal, comme Game Park")}),
    Option("token_supply", "eight", "D7", "doubleseven.token-supply",
           "the supply of '7' tokens", "la réserve de jetons « 7 »", values=TOKEN_SUPPLIES,
           words={"unlimited": ("unlimited '7' tokens", "jetons « 7 » illimités")}),
    Option("last_turn_discard", "applies", "D19", "doubleseven.discard",
           "the discard on the very last turn", "la défausse au tout dernier tour",
           values=LAST_TURN_DISCARDS,
           words={"skipped": ("no discard on the very last turn, as Game Park",
                              "pas de défausse au tout dernier tour, comme Game Park")}),
), presets={
    "rulebook": {},
    "game-park": {"token_award": "per-animal", "token_supply": "unlimited",
                  "last_turn_discard": "skipped"},
})


class DoubleSevenRules(RuleSet):
    """The options of a game; the defaults are rulings D1-D19.

    ``rainbow_clovers``: "none-on-rack" (D1 default) or "set-aside". ``two_for_one_take_back``:
    "forbidden" (D4 default, Game Park) or "allowed". ``start_with_clover``: "allowed" (D10
    default, seed 001, seed 000's FAQ: one animal and a clover start a family) or
    "forbidden" (seed 000's rules text: two tiles of the same animal). ``token_award``: "crossing" (D5
    default) or "per-animal" (Game Park; D6 follows it). ``token_supply``: "eight" (D7
    default) or "unlimited" (Game Park). ``last_turn_discard``: "applies" (D19 default) or
    "skipped" (Game Park). Presets: "rulebook" (the defaults) and "game-park".

    >>> DoubleSevenRules(preset="game-park").describe()
    "Rules: a '7' for each animal, as Game Park, unlimited '7' tokens, no discard on the very last turn, as Game Park"
    """

    declaration = OPTIONS


def game_turn_bound(available: int, players: int) -> int:
    """The most turns a game can still take, from a position with ``available`` tiles left
    to draw (the hidden reserve and the face-up area, ``state.available``), the turn under
    way counted as one; the deal before the first turn is ``START_TILES * players`` steps.

    Why (rulings D3, D4, D8, D16): until the end is triggered, every turn takes at least one
    tile out of what is left to draw: its draw takes 2 (3 with an empty rack), or the last
    tile, which triggers the end; Rainbow takes one more; Two for One gives back 2 and takes
    1, once a turn; the end-of-turn discard (D9) goes out of the game. So at most
    ``available`` turns up to the trigger's, then one final turn for each other player.
    A turn itself has no bound in the rules: an exchange can be undone by the next one, as
    often as the player likes; only the player's choice ends it.

    >>> game_turn_bound(91 - 3 * 4, 4)
    83
    """
    return available + players
