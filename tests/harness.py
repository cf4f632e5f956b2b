"""The shared random-game test: play random games to the end, checking the contract at every step.

In the spirit of OpenSpiel's random simulation test (``open_spiel/tests/basic_tests``,
``RandomSimTest``), for any game of the engine. A game plugs in with a small adapter
(``GameAdapter``): how to start a game from a seed, its conservation check, its length
bound, and how to change what a seat cannot see. ``random_game_checks(adapter, seed)``
then plays one random game and, at every step, checks that:

- ``legal_moves()`` is a sorted tuple without duplicates, every legal move is a
  candidate, and ``check()`` agrees with it over ``candidate_moves()`` (and over the
  adapter's ``extra_moves``); ``decision``, ``to_move`` and ``chance()`` agree;
- every legal move plays, with ``parent``, ``last_move`` and ``undo()`` right, and its
  text (English and French) and save record read back as the same move;
- a refused move changes nothing: illegal candidates raise ``IllegalMove`` with the
  verdict's rule and reason, garbage input (``GARBAGE``; the costly ``HUGE_INPUTS`` at
  the ends, at chance steps and at a tenth of the others) gets a refusing verdict and an
  engine error from ``play``, and the state keeps its fields, hash, text and observations;
- at a chance step, resolving it with the request move (twice: the same outcome) and
  stacking a sampled outcome both work, the outcome has a probability in (0, 1], and
  listed outcomes sum to 1;
- the game's conservation check holds and the game ends within its length bound;
- ``load(save(s)) == s`` with the same text and the same save, and
  ``position(s.to_text()) == s``;
- for every seat and a spectator, the observation is JSON data (it survives a JSON round
  trip unchanged), never holds the seed, and stays the same when the adapter changes
  what that seat cannot see;
- the same seed and the same choices give equal states and identical saves (the whole
  game is replayed at the end).

The expensive checks (save/load, position text, observations) run at every step by
default; ``sample`` below 1 runs them on that fraction of the steps (and always at the
first and the last), for the long benchmark runs. The moves chosen never depend on
``sample``, so a break found with sampling reproduces with ``sample=1``.

A failed check is not an exception: it is a ``Break`` (game, seed, step, check, message)
in the ``GameReport``, so a benchmark can count them. Each check breaks at most once
per game; the game stops only when it cannot go on (a legal move that does not play).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction

from doublesept import CHANCE, Decision, DoubleseptError, Event, IllegalMove, Verdict, load, save
from doublesept.core.registry import game_spec

HUGE = 10**5000  # a whole number too long to write in decimal (Python's int-to-text limit)
HUGE_INPUTS = (HUGE, [HUGE])  # repr() of these raises ValueError
# Refusing a huge number costs the engine about half a millisecond (it counts the digits to
# quote it), more than all the other checks of a step: at every step in CI it would double
# the time. So HUGE_INPUTS are thrown at the first and last step of a game, at chance
# steps, and at COSTLY_RATE of the other steps (of the sampled ones, with ``sample``).
COSTLY_RATE = 0.1


class _Opaque:
    """Garbage that is no move of any game, with a fixed repr."""

    def __repr__(self) -> str:
        return "<opaque>"


# Input that is no move at all: every game must refuse it with a verdict, and play()
# must raise one of the engine's own errors (IllegalMove, or NotationError for text
# that does not read as a move), never a TypeError or a bare ValueError.
GARBAGE = (
    "", " ", "zz", "\x00", "pass pass", "7♦" * 2000, "\ud800", None, HUGE, -1, 10**20,
    3.5, float("nan"), True, b"7D", [], {}, (), *HUGE_INPUTS, _Opaque(),
)


class GameAdapter:
    """What a game gives the harness. Subclass it and fill in the four methods.

    ``name`` is the game's registry name; ``garbage`` the junk input thrown at it.
    """

    name = ""
    garbage = GARBAGE

    def new_game(self, seed: int, rng: random.Random):
        """A new game with this seed (a whole number below 2**63, long enough that its
        digits never appear by chance); ``rng`` picks the rule options and the seats."""
        raise NotImplementedError

    def conservation(self, state) -> None:
        """Raise AssertionError, saying what is wrong, if the components are not all
        there, each in exactly one place (cards, tiles, tokens)."""
        raise NotImplementedError

    def length_bound(self, root) -> int:
        """The most moves (chance steps included) a game from ``root`` can take."""
        raise NotImplementedError

    def resample_hidden(self, state, seat, rng: random.Random):
        """A position that differs from ``state`` only in what ``seat`` (None: a
        spectator) cannot see, so its observation for ``seat`` must be the same. Keep the
        history fields (``parent``, ``last_move``): the observation may show the last
        move and its events."""
        raise NotImplementedError

    def seats(self, state) -> range:
        """The seats of the game."""
        return range(len(state.observation(None)["players"]))

    def extra_moves(self, state, rng: random.Random) -> tuple:
        """More moves to judge at this step, beyond ``candidate_moves()``: ``check()``
        must call them legal exactly when they are legal moves (or, at a chance step,
        outcomes of positive probability), and refused ones must change nothing."""
        return ()

    def describe(self, root) -> str:
        """The players and options of a game, for break messages."""
        return ""


@dataclass(frozen=True)
class Break:
    """One failed check, with what it takes to reproduce it."""

    game: str
    seed: int
    step: int  # moves played before the failing state
    check: str
    message: str

    def __str__(self) -> str:
        return (f"{self.game} seed {self.seed}, step {self.step}: [{self.check}] {self.message}"
                f"\n  reproduce: .venv/bin/python benchmarks/random_games.py --game {self.game}"
                f" --seed {self.seed} --games 1 --sample 1")


@dataclass
class GameReport:
    """What one random game found: its breaks, and counts showing the checks ran."""

    game: str
    seed: int
    options: str = ""
    moves: int = 0
    breaks: list = field(default_factory=list)
    repeats: int = 0  # further failures of a check that had already broken in this game
    checked_steps: int = 0  # steps where the expensive checks ran
    resamples: int = 0  # hidden-information resamplings compared
    resamples_changed: int = 0  # ... that gave a different position
    chance_steps: int = 0
    final: object = None

    @property
    def ok(self) -> bool:
        return not self.breaks


class _Failed(Exception):
    """A check that failed, with its message."""


def _require(condition, message) -> None:
    if not condition:
        raise _Failed(message() if callable(message) else message)


def _short(value, limit: int = 60) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long to write, or something holding one
        if isinstance(value, int):
            text = f"<int of {len(format(value, 'x'))} hex digits>"
        else:
            text = f"<{type(value).__name__} too long to write>"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _diff(a: dict, b: dict) -> str:
    keys = sorted({*a, *b}, key=str)
    changed = [k for k in keys if a.get(k) != b.get(k)]
    return ", ".join(f"{k}: {_short(a.get(k), 80)} != {_short(b.get(k), 80)}" for k in changed)


def _is_chance(state) -> bool:
    return state.to_move is CHANCE


class _Run:
    """One random game and its checks."""

    def __init__(self, adapter: GameAdapter, seed: int, sample: float, moves_sample: float):
        self.adapter = adapter
        self.spec = game_spec(adapter.name)
        self.seed = seed
        self.sample = sample
        self.moves_sample = moves_sample
        # separate generators for the options (and the game's own seed), the moves, the
        # checks and the sampling of steps: the game played never depends on the checks
        self.options_key = f"{adapter.name}/{seed}/options"
        options_rng = random.Random(self.options_key)
        self.game_seed = options_rng.getrandbits(62) | 1 << 62  # 19 digits, never there by chance
        self.moves_rng = random.Random(f"{adapter.name}/{seed}/moves")
        self.checks_rng = random.Random(f"{adapter.name}/{seed}/checks")
        self.sample_rng = random.Random(f"{adapter.name}/{seed}/sample")
        self.costly_rng = random.Random(f"{adapter.name}/{seed}/costly")
        self.moves_sample_rng = random.Random(f"{adapter.name}/{seed}/moves-sample")
        self.costly = tuple(j for j in adapter.garbage if any(j is h for h in HUGE_INPUTS))
        self.cheap = tuple(j for j in adapter.garbage if not any(j is h for h in HUGE_INPUTS))
        self.report = GameReport(adapter.name, seed)
        self.step = 0
        self.broken: set = set()

    # ---- recording failures

    def fail(self, check: str, message: str) -> None:
        if check in self.broken:
            self.report.repeats += 1
            return
        self.broken.add(check)
        if self.report.options:
            message = f"{message} ({self.report.options})"
        self.report.breaks.append(Break(self.adapter.name, self.seed, self.step, check, message))

    def guard(self, check: str, function, *args):
        """Run one check; a failure or an unexpected exception becomes a break."""
        try:
            return function(*args)
        except (_Failed, AssertionError) as err:
            self.fail(check, str(err) or f"{type(err).__name__} in {function.__name__}")
        except Exception as err:  # noqa: BLE001 - the engine raised where it must not
            self.fail(check, f"raised {type(err).__name__}: {_short(str(err), 200)}")
        return None

    # ---- the game

    def new_game(self):
        return self.adapter.new_game(self.game_seed, random.Random(self.options_key + "/game"))

    def run(self) -> GameReport:
        report = self.report
        state = self.guard("new-game", self.new_game)
        if state is None:
            return report
        report.options = self.adapter.describe(state)
        bound = self.guard("length", self.adapter.length_bound, state)
        self.guard("seats", self.check_bad_seats, state)
        states, played = [state], []
        while True:
            last = state.to_move is None
            expensive = (self.sample >= 1 or not self.step or last
                         or self.sample_rng.random() < self.sample)
            every_move = (expensive or self.moves_sample >= 1
                          or self.moves_sample_rng.random() < self.moves_sample)
            legal = (self.step_checks(state, expensive) if every_move
                     else self.light_step_checks(state))
            if last or legal is None:
                break
            if bound is not None and self.step >= bound:
                self.fail("length", f"the game is still on after {self.step} moves, "
                          f"beyond its bound of {bound}")
                break
            move = self.guard("chance", self.choose, state, legal)
            if move is None:
                break
            try:
                state = state.play(move)
            except Exception as err:  # noqa: BLE001 - a legal move must play
                self.fail("play", f"{_short(move)} did not play: {type(err).__name__}: "
                          f"{_short(str(err), 200)}")
                break
            played.append(move)
            states.append(state)
            self.step += 1
        report.moves = self.step
        report.final = state
        self.guard("history", self.check_history, states)
        self.guard("same-seed", self.check_replay, states, played)
        return report

    def choose(self, state, legal):
        rng = self.moves_rng
        if _is_chance(state):
            self.report.chance_steps += 1
            if rng.random() < 0.5:  # stack an outcome drawn here, or let the seed resolve it
                return state.chance().sample(rng)
        return legal[rng.randrange(len(legal))]

    def step_checks(self, state, expensive: bool):
        """Every check of one state; the legal moves, or None if the game cannot go on."""
        self.refused = []
        before = self.guard("refusal", self.snapshot, state, expensive)
        legal = self.guard("legal-moves", self.check_moves, state)
        if legal is None:
            legal = self.guard("legal-moves", state.legal_moves)
        self.guard("decision", self.check_decision, state, legal)
        self.guard("conservation", self.adapter.conservation, state)
        self.guard("events", self.check_events, state)
        if legal is not None:
            self.guard("play", self.check_play_all, state, legal)
            self.guard("move-text", self.check_move_records, state, legal)
            self.guard("chance", self.check_chance, state, legal)
        for move, verdict in self.refused:
            self.guard("refusal", self.check_refusal, state, move, verdict)
        garbage = self.cheap
        if self.costly and expensive and (not self.step or state.to_move is None
                                          or _is_chance(state)
                                          or self.costly_rng.random() < COSTLY_RATE):
            garbage += self.costly
        for junk in garbage:
            self.guard("garbage", self.check_garbage, state, junk)
        if before is not None:  # nothing above may change the state: it is immutable
            self.guard("refusal", lambda: _require(
                self.snapshot(state, expensive) == before,
                "a refused move, or garbage, or playing a legal move changed the state "
                "(its fields, hash, text, observation or legal moves)"))
        if expensive:
            self.report.checked_steps += 1
            self.guard("save-load", self.check_save_load, state)
            self.guard("position-text", self.check_position_text, state)
            for seat in (None, *self.adapter.seats(state)):
                self.guard("observation", self.check_observation, state, seat)
        return legal

    def light_step_checks(self, state):
        """The checks of a step outside both samples: the legal moves' shape, the
        decision, conservation and the events (the move chosen is then played, and a
        refusal is a break); not every candidate move, refusal and garbage input."""
        legal = self.guard("legal-moves", self.check_legal_shape, state)
        if legal is None:
            return None
        self.guard("decision", self.check_decision, state, legal)
        self.guard("conservation", self.adapter.conservation, state)
        self.guard("events", self.check_events, state)
        return legal

    # ---- the checks

    def check_legal_shape(self, state) -> tuple:
        legal = state.legal_moves()
        _require(isinstance(legal, tuple), lambda: f"legal_moves() is a {type(legal).__name__}")
        _require(list(legal) == sorted(legal), lambda: f"legal_moves() is not sorted: {legal}")
        _require(len(set(legal)) == len(legal), lambda: f"legal_moves() repeats a move: {legal}")
        return legal

    def check_moves(self, state) -> tuple:
        legal = self.check_legal_shape(state)
        candidates = state.candidate_moves()
        _require(isinstance(candidates, tuple), "candidate_moves() is not a tuple")
        missing = set(legal) - set(candidates)
        _require(not missing, lambda: f"legal moves missing from candidate_moves(): {missing}")
        judged = list(candidates) + list(self.adapter.extra_moves(state, self.checks_rng))
        step = state.chance() if _is_chance(state) else None
        legal_set = set(legal)
        for move in judged:  # the hot loop: no closures
            verdict = state.check(move)
            if not isinstance(verdict, Verdict):
                raise _Failed(f"check({_short(move)}) is not a Verdict: {_short(verdict)}")
            expected = move in legal_set
            if not expected and step is not None:
                expected = step.probability(move) > 0  # an outcome: legal, though not listed
            if verdict.legal != expected:
                raise _Failed(f"check({_short(move)}) says legal={verdict.legal} "
                              f"[{verdict.rule_id}] but legal_moves() is {legal}")
            if not (verdict.rule_id and verdict.reason_en and verdict.reason_fr
                    and isinstance(verdict.reason_en + verdict.reason_fr, str)):
                raise _Failed(f"check({_short(move)}) has an empty rule id or reason")
            if not expected:
                self.refused.append((move, verdict))
        return legal

    def check_decision(self, state, legal) -> None:
        to_move, decision = state.to_move, state.decision
        if to_move is None:
            _require(decision is None, lambda: f"the game is over but decision is {decision}")
            _require(legal == (), lambda: f"the game is over but legal_moves() is {legal}")
            _require(state.chance() is None, "the game is over but chance() is a step")
            return
        _require(isinstance(decision, Decision), lambda: f"decision is {decision!r}")
        if to_move is CHANCE:
            _require(decision.seat is CHANCE, lambda: f"chance acts but decision.seat is "
                                                     f"{decision.seat!r}")
        else:
            _require(decision.seat == to_move,
                     lambda: f"decision.seat {decision.seat!r} is not to_move {to_move!r}")
        _require(legal, "the game is on but legal_moves() is empty")

    def check_events(self, state) -> None:
        events = state.events
        _require(isinstance(events, tuple), "events is not a tuple")
        for event in events:
            if not isinstance(event, Event):
                raise _Failed(f"{event!r} is not an Event")
            if not (event.rule_id and event.en and event.fr):
                raise _Failed(f"{event} lacks its rule or its words")
            json.dumps(event.as_json(), allow_nan=False)
        if state.parent is None:
            _require(events == (), "the root has events")

    def check_play_all(self, state, legal) -> None:
        chance = _is_chance(state)
        for move in legal:
            after = state.play(move)
            if after.parent is not state or after.undo() is not state:
                raise _Failed(f"after {move}, parent (or undo()) is not the state before")
            if not chance and after.last_move != move:
                raise _Failed(f"after {move}, last_move is {after.last_move!r}")

    def check_move_records(self, state, legal) -> None:
        if _is_chance(state):
            return  # request moves; their outcomes are checked by check_chance
        parse, record, read = self.spec.parse_move, self.spec.move_record, self.spec.move_from_record
        for move in legal:
            for lang in ("en", "fr"):
                text = move.text(lang)
                if parse(text) != move:
                    raise _Failed(f"{move!r}.text({lang!r}) = {text!r} reads as {parse(text)!r}")
            entry = json.loads(json.dumps(record(move), ensure_ascii=False))
            if read(entry) != move:
                raise _Failed(f"the save record {entry!r} of {move!r} does not read back")

    def snapshot(self, state, full: bool) -> tuple:
        """What must not change: the fields, hash and legal moves; with ``full``, the
        text and the observations of the spectator and of the seat to move too."""
        fields = (tuple(state) if isinstance(state, tuple) else None, hash(state),
                  state.legal_moves())
        if not full:
            return fields
        seat = state.to_move if isinstance(state.to_move, int) else None
        return (*fields, state.to_text(), json.dumps(state.observation(None), sort_keys=True),
                json.dumps(state.observation(seat), sort_keys=True))

    def check_refusal(self, state, move, verdict) -> None:
        """play() refuses what check() refuses, with the same rule and reason."""
        try:
            state.play(move)
        except IllegalMove as err:
            if (err.rule_id, err.reason_en, err.reason_fr) \
                    != (verdict.rule_id, verdict.reason_en, verdict.reason_fr):
                raise _Failed(f"play({_short(move)}) refuses with [{err.rule_id}] "
                              f"{err.reason_en!r} but check() says [{verdict.rule_id}] "
                              f"{verdict.reason_en!r}") from None
        else:
            raise _Failed(f"play({_short(move)}) was accepted, but check() refuses it: "
                          f"{verdict.reason_en}")

    def check_garbage(self, state, junk) -> None:
        """Input that is no move: a refusing verdict, and an engine error from play()."""
        try:
            verdict = state.check(junk)
        except Exception as err:  # noqa: BLE001 - check() never raises, whatever the input
            raise _Failed(f"check({_short(junk)}) raised {type(err).__name__}: "
                          f"{_short(str(err), 120)}") from None
        _require(isinstance(verdict, Verdict) and not verdict.legal,
                 lambda: f"check({_short(junk)}) is {_short(verdict, 120)}")
        try:
            state.play(junk)
        except DoubleseptError:
            pass
        except Exception as err:  # noqa: BLE001 - anything but the engine's own errors
            raise _Failed(f"play({_short(junk)}) raised {type(err).__name__}, not an engine "
                          f"error: {_short(str(err), 120)}") from None
        else:
            raise _Failed(f"play({_short(junk)}) was accepted")

    def check_chance(self, state, legal) -> None:
        step = state.chance()
        if not _is_chance(state):
            _require(step is None, lambda: f"a player is to move but chance() is {step!r}")
            return
        _require(step is not None, "to_move is CHANCE but chance() is None")
        count = step.count
        _require(isinstance(count, int) and count >= 1, lambda: f"chance().count is {count!r}")
        outcome = step.sample(self.checks_rng)
        p = step.probability(outcome)
        _require(isinstance(p, Fraction) and 0 < p <= 1,
                 lambda: f"a sampled outcome {_short(outcome)} has probability {p!r}")
        try:
            listed = step.outcomes()
        except OverflowError:  # too many to list (a deal): count and probability only
            pass
        else:
            _require(len(listed) == count, lambda: f"{len(listed)} outcomes listed, count {count}")
            _require(sum(q for _, q in listed) == 1, "the outcomes' probabilities do not sum to 1")
            _require(all(q > 0 for _, q in listed), "an outcome is listed with probability 0")
            _require(dict(listed).get(outcome) == p, "a sampled outcome is not listed as such")
        verdict = state.check(outcome)
        _require(verdict.legal, lambda: f"check() refuses a sampled outcome: {verdict.reason_en}")
        stacked = state.play(outcome)
        _require(stacked.last_move == outcome and stacked.parent is state,
                 "a stacked outcome is not recorded as the last move")
        entry = json.loads(json.dumps(self.spec.move_record(outcome), ensure_ascii=False))
        _require(self.spec.move_from_record(entry) == outcome,
                 "a stacked outcome's save record does not read back")
        for request in legal:
            once, twice = state.play(request), state.play(request)
            if once != twice or once.last_move != twice.last_move:
                raise _Failed(f"playing {request} twice resolves chance differently")
            if not step.probability(once.last_move) > 0:
                raise _Failed(f"{request} resolved to {_short(once.last_move)}, which has "
                              "probability 0")

    def check_save_load(self, state) -> None:
        text = save(state)
        again = load(text)
        _require(again == state, "load(save(s)) != s")
        _require(hash(again) == hash(state), "load(save(s)) has another hash")
        _require(again.to_text() == state.to_text(), "load(save(s)) has another to_text()")
        _require(save(again) == text, "save(load(save(s))) is another save")
        _require(again.history == state.history, "load(save(s)) has another history")

    def check_position_text(self, state) -> None:
        text = state.to_text()
        again = self.spec.position(text)
        _require(again == state, lambda: f"position(s.to_text()) != s for\n{text}")
        _require(again.to_text() == text, "position(s.to_text()).to_text() is another text")

    def check_observation(self, state, seat) -> None:
        seen = state.observation(seat)
        text = json.dumps(seen, sort_keys=True, allow_nan=False, ensure_ascii=False)
        _require(json.loads(text) == seen,
                 lambda: f"observation({seat}) changes in a JSON round trip (tuples? keys?)")
        _require('"seed":' not in text.lower(), lambda: f"observation({seat}) has a seed field")
        _require(str(state.seed) not in text,
                 lambda: f"observation({seat}) holds the seed {state.seed}")
        other = self.adapter.resample_hidden(state, seat, self.checks_rng)
        self.report.resamples += 1
        if other != state:
            self.report.resamples_changed += 1
        again = other.observation(seat)
        _require(again == seen, lambda: f"observation({seat}) changes when what it cannot see "
                                        f"changes: {_diff(seen, again)}")

    def check_bad_seats(self, state) -> None:
        n = len(self.adapter.seats(state))
        for bad in (-1, n, "0", 0.5, HUGE):
            try:
                state.observation(bad)
            except DoubleseptError:
                continue
            except Exception as err:  # noqa: BLE001 - anything but the engine's own errors
                raise _Failed(f"observation({_short(bad)}) raised {type(err).__name__}, not "
                              "an engine error") from None
            raise _Failed(f"observation({_short(bad)}) was answered")

    def check_history(self, states) -> None:
        final = states[-1]
        history = final.history
        _require(len(history) == len(states) - 1,
                 lambda: f"history has {len(history)} moves, {len(states) - 1} were played")
        _require(history == [s.last_move for s in states[1:]],
                 "history is not the moves that were played")
        _require(final.root is states[0], "root is not the state the game started from")
        _require(states[0].replay(history) == final, "root.replay(history) != the final state")

    def check_replay(self, states, played) -> None:
        again = self.new_game()
        _require(again == states[0], "the same seed and options give another start")
        _require(save(again) == save(states[0]), "the same seed gives another save of the start")
        for i, move in enumerate(played):
            again = again.play(move)
            if again != states[i + 1] or again.last_move != states[i + 1].last_move:
                raise _Failed(f"replaying the same choices differs after move {i + 1} "
                              f"({_short(move)})")
        _require(save(again) == save(states[-1]), "replaying the same choices gives another save")
        _require(again.to_text() == states[-1].to_text(), "replaying gives another to_text()")


def random_game_checks(adapter: GameAdapter, seed: int, *, sample: float = 1.0,
                       moves_sample: float = 1.0) -> GameReport:
    """Play one random game of ``adapter``'s game from ``seed``, checking every step.

    ``seed`` fixes everything: the options, the game's own seed, the moves and the
    checks. ``sample`` is the fraction of steps that get the expensive checks (1: all):
    save/load, position text, every seat's observation. ``moves_sample`` is the fraction
    of the other steps that get the checks of every candidate move (check() against
    legal_moves(), play() of every legal move and of every refused one, the move texts
    and save records, garbage input); the rest get ``light_step_checks``. The moves
    played depend on neither sample.
    """
    return _Run(adapter, seed, sample, moves_sample).run()


def random_games(adapter: GameAdapter, seeds, *, sample: float = 1.0) -> list[GameReport]:
    """``random_game_checks`` for each seed."""
    return [random_game_checks(adapter, seed, sample=sample) for seed in seeds]


def assert_no_breaks(reports) -> None:
    """Fail (for pytest) with every break found, each with its seed."""
    breaks = [b for report in reports for b in report.breaks]
    assert not breaks, f"{len(breaks)} break(s):\n" + "\n".join(map(str, breaks))
