"""The try-a-move table's rows, for every game's widget (``TryMoveRows``, a part of
``GameWidget``), and ``Seen``, what the viewer of a table may see.

The legal moves come first, then the refused ones, one row per rule (``_grouped``): a rule
that refuses ten cards is one row with ten buttons. A row whose moves have several
reasons gives the rule's statement and unfolds, on the page, to each move with its own
reason. Each rule's source is quoted once, on its first row; its badge opens the rule's
card (``rule_card``). Every verdict, reason and rule id comes from the engine
(``state.verdicts()``); nothing here decides a rule.

Imports: the catalog and ``text.py``; ``base.py`` builds on this module.
"""

from __future__ import annotations

from typing import NamedTuple

from .. import catalog
from .text import citation, rulings_in, statement


class Seen(NamedTuple):
    """What the viewer of a table may see, for ``table_view``.

    ``obs`` is ``state.observation(observer)``: the seat's when its own hand is shown,
    else a spectator's (``observer`` None: the teacher's view, or the hands hidden);
    ``seat`` is the widget's seat (None: the teacher's view);
    ``hands`` holds, per seat, the visible hand as move texts, or None when it is hidden;
    ``legal`` the legal moves of the mover, as texts, when the viewer sees the mover's hand
    (else empty); ``playing`` is True while a player is to move (not between rounds, not
    once the game is over).
    """

    obs: dict
    seat: int | None
    hands: list
    legal: frozenset
    playing: bool


class TryMoveRows:
    """The rows of the try-a-move table and the rule cards behind their badges. A part of
    ``GameWidget``, which gives it ``word``, ``texts``, ``_words``, ``_tried``, ``_seat``,
    ``move_text``, ``hidden_rows``, ``legal_by_rule`` and ``sources_in_rows``."""

    def rule_card(self, rule_id: str | None) -> dict | None:
        """What a rule's badge opens: ``{"id", "label", "statement": {text, sub}, "citation"}``
        (the catalog's statement and first source); None for no rule or an id the catalog
        does not hold."""
        if rule_id is None:
            return None
        try:
            found = catalog.rule(rule_id)
        except LookupError:
            return None
        return {"id": rule_id, "label": self.word("rule_card_label", rule=rule_id),
                "statement": self.texts(found.en, found.fr), "citation": found.citation()}

    def _rulings_view(self, text: str) -> dict:
        """The rulings the view's words cite ("(D2, D14)", in ``text``, the view as JSON):
        number -> ``{"label", "text"}``, the button common.js draws for each and the words it
        opens (``catalog.ruling_summary``)."""
        found = {}
        for number in rulings_in((text,)):
            summary = catalog.ruling_summary(number)
            if summary:
                found[number] = {"label": self.word("ruling_label", number=number),
                                 "text": self.word("ruling_text", number=number, text=summary)}
        return found

    # ---- the try-a-move table: the legal moves first, then the refused ones, one row a rule

    def _sees_mover(self, state, seen: Seen) -> bool:
        to_move = state.to_move
        if not seen.playing:
            return True  # a deal, or the game over: nothing hidden to show
        return seen.hands[to_move] is not None

    def _candidates(self, state, seen: Seen) -> dict:
        """The try-a-move table: ``{"caption", "groups", "can_act"}``; each group a row
        (``_group``). The source of each rule is quoted once, on its first row."""
        decision = state.decision
        caption = self.texts(decision.en, decision.fr) if decision is not None else \
            self.texts(*self._words["game_over"])
        can_act = not (self._seat is not None and seen.playing and state.to_move != self._seat)
        if not can_act:
            groups = []
        elif self._sees_mover(state, seen):
            groups = self._grouped(state.verdicts(), seen)
        else:
            groups = self.hidden_rows(state, state.verdicts(), seen)
        cited = set()
        for group in groups:  # quote each rule's source once: the later rows of a rule cite none
            rule_id = group["rule_id"]
            if rule_id is None:
                continue
            group["card"] = self.rule_card(rule_id)  # the badge opens it: statement, source
            if group["citation"] is None:
                group["source"] = self.word("notation_source")
            elif rule_id not in cited and self.sources_in_rows:  # else behind the badge
                group["source"] = group["citation"]
            cited.add(rule_id)
        return {"caption": caption, "groups": groups, "can_act": can_act}

    def _grouped(self, verdicts, seen: Seen) -> list:
        """The rows of the table: the legal moves first, then the refused ones, in the order
        the engine lists the moves. The refused moves: one row per rule (the verdicts' rule
        id), so a rule that refuses ten cards is one row with ten buttons (``_group``). The
        legal moves: one row per verdict (rule and reason), each saying why it is legal;
        or one row per rule with ``legal_by_rule`` (Double Seven's many multi-tile moves)."""
        by_rule = self.legal_by_rule
        order: list = []
        groups: dict = {}
        for verdict in verdicts:
            key = (verdict.legal, verdict.rule_id,
                   None if by_rule or not verdict.legal else verdict.reason_en)
            if key not in groups:
                groups[key] = []
                order.append(key)
            groups[key].append(verdict)
        order.sort(key=lambda key: not key[0])  # stable: the legal rows first
        return [self._group(groups[key], seen) for key in order]

    def move_button(self, move) -> dict:
        """A move's button: the text drawn, the text sent, its aria-label."""
        send = self.move_text(move)
        text = self.move_text(move, self._main)
        is_word = not hasattr(move, "rank") and not hasattr(move, "suit")
        return {"text": text, "send": send,
                "label": text if is_word else self.word("play_label", move=text),
                "red": self.is_red(move)}

    def is_red(self, move) -> bool:
        """True if the move's button is drawn in red (Sevens: a ♦ or ♥ card)."""
        return False

    def count_text(self, count: int) -> str | None:
        """How a group of ``count`` moves is summed up, e.g. "11 cards"; None for one move."""
        return None

    def _group(self, verdicts, seen: Seen, hidden: bool = False) -> dict:
        """One row of the table: ``verdicts`` (one or more, all of one legality and rule)
        as buttons, with their verdict, rule id and reason. When the moves do not share one
        reason, the row gives the rule's statement (the catalog's general words, ``general``
        True) and ``details``: each move with its own reason from ``check()``, which the
        page unfolds with the row's ``unfold`` button (``key`` names the row for that).
        ``hidden``: the verdict is not shown (the mover's hand is hidden)."""
        first = verdicts[0]
        moves = [self.move_button(v.move) for v in verdicts]
        tried = self._tried
        details = None
        folded = not hidden and len(verdicts) > 1 and self.folds(verdicts)
        if hidden:
            reason = self.texts(*self._words["hidden_reason"])
            reason_en = reason_fr = None
        elif all(v.reason_en == first.reason_en for v in verdicts):
            reason_en, reason_fr = first.reason_en, first.reason_fr
            reason = self.texts(reason_en, reason_fr)
            if folded:  # a folded row unfolds its moves, even with one reason for all
                details = [{"move": move, "reason": reason, "tried": move["send"] == tried}
                           for move in moves]
        else:
            reason_en, reason_fr = statement(first.rule_id)
            reason = self.texts(reason_en, reason_fr)
            details = [{"move": move, "reason": self.texts(v.reason_en, v.reason_fr),
                        "tried": tried is not None and move["send"] == tried}
                       for move, v in zip(moves, verdicts)]
        legal = None if hidden else first.legal
        key = f"hidden {moves[0]['send']}" if hidden else \
            f"{'legal' if legal else 'illegal'} {first.rule_id}"
        group = {
            "key": key,
            "moves": moves,
            "count": len(moves),
            "count_text": self.count_text(len(moves)) if len(moves) > 1 else None,
            "legal": legal,
            "verdict": self.word("hidden_verdict") if hidden else
            self.word("legal") if first.legal else self.word("illegal"),
            "rule_id": None if hidden else first.rule_id,
            "reason": reason,
            "reason_en": reason_en,
            "reason_fr": reason_fr,
            "general": details is not None and reason_en != first.reason_en,
            "details": details,
            # folded: the row shows the count, not the buttons, until it is unfolded
            "folded": folded,
            "note": self.word("fold_note") if folded and "fold_note" in self._words else None,
            "unfold": None if details is None else {
                "text": self.word("unfold"),
                "label": self.word("unfold_legal_label" if legal else "unfold_illegal_label",
                                   n=len(moves), rule=first.rule_id)},
            "citation": None if hidden else citation(first.rule_id),
            "source": "",
            "card": None,
            "tried": tried is not None and any(m["send"] == tried for m in moves),
        }
        return group

    def folds(self, verdicts) -> bool:
        """True if the row of ``verdicts`` (several moves of one legality and rule) shows
        only their count until it is unfolded (Double Seven: its many multi-tile moves,
        built with the panel instead). The game's ``fold_note`` word says where else to
        find them."""
        return False

    def summary_row(self, text_en: str, text_fr: str) -> dict:
        """A row with no move button: what stands for moves that are hidden."""
        return {"key": "summary", "moves": [], "count": 0, "count_text": None, "legal": None,
                "verdict": self.word("hidden_verdict"), "rule_id": None,
                "reason": self.texts(text_en, text_fr), "reason_en": None, "reason_fr": None,
                "general": False, "details": None, "unfold": None, "folded": False,
                "note": None,
                "citation": None, "source": "", "card": None, "tried": False}
