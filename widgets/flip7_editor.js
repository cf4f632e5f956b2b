// The Flip 7 position editor (doublesept.widgets.Flip7Editor): a card picker (the 22 kinds:
// the numbers, the modifiers, the actions, each with how many are placed nowhere), the
// places a card can go (the deck after the cards listed, the discards, a player's line; a
// player holding the number can bust on it), the edits (clear, add a player, undo), the
// rules' presets, the message and the position's text on the left; the deck and the
// discards (each card a button that takes it off), whose turn, and the players (to play,
// name, dealer, total, remove; status; the line, each card a button that takes it off) on
// the right.
//
// common.js and editor_common.js come first in the one module anywidget loads. Python holds
// the position and checks every edit with the engine: this page only draws the view and
// sends intents. Every text goes in as text, never as HTML. Every control is a <button> (or
// a labelled text field) with an aria-label; the arrow keys move among the 22 cards.

// The picker: 3 rows (13 numbers, 6 modifiers, 3 actions); one button takes Tab.
function flip7Picker(ed, press, current) {
  const rows = ed.picker.map((row, r) => h("div", { class: "ds-ed-suit", role: "group", "aria-label": row.name },
    h("span", { class: "ds-f7e-row-name", "aria-hidden": "true" }, row.name),
    row.cards.map((c, k) => h("button", {
      type: "button", class: classes("ds-ed-card", `ds-f7e-${c.kind}`, c.none && "ds-f7e-none"),
      "aria-label": c.label, "aria-pressed": c.selected ? "true" : "false", title: c.label,
      "data-key": `card:${c.card}`, "data-r": r, "data-c": k,
      tabindex: c.card === current ? 0 : -1,
      onclick: () => press({ intent: "select", card: c.card }),
    }, h("span", { class: "ds-ed-rank" }, c.text), h("span", { class: "ds-ed-tag" }, c.tag)))));
  return editorGridKeys(h("div", { class: "ds-ed-picker", role: "group", "aria-label": ed.picker_label }, rows),
                        "button.ds-ed-card");
}

function flip7Places(ed, press) {
  const places = h("div", { class: "ds-ed-places", role: "group", "aria-label": ed.put_label },
    h("span", { class: "ds-ed-put" }, ed.put_to),
    ed.places.map((p) => editorButton({ ...p, disabled: !ed.can_put }, press, { class: "ds-ed-place" })));
  const busts = h("div", { class: "ds-ed-places ds-f7e-busts", role: "group", "aria-label": ed.bust_to },
    h("span", { class: "ds-ed-put" }, ed.bust_to),
    ed.busts.length
      ? ed.busts.map((p) => editorButton(p, press, { class: "ds-ed-place" }))
      : h("span", { class: "ds-ed-put" }, ed.bust_none));
  return [places, busts];
}

// A pile: its cards in order, each a button that takes it off; then the rest, and the
// button that puts the rest there.
function flip7Pile(pile, press) {
  return h("div", { class: "ds-f7e-pile" },
    h("span", { class: "ds-f7e-pile-title" }, pile.title),
    h("div", { class: "ds-f7e-cards", role: "group", "aria-label": pile.label },
      pile.cards.map((c) => h("button", {
        type: "button", class: classes("ds-f7e-chip", `ds-f7e-${c.kind}`), "aria-label": c.label,
        title: c.label, "data-key": `unplace:${pile.pile}:${c.index}`,
        onclick: () => press({ intent: "unplace", pile: pile.pile, index: c.index }),
      }, c.text)),
      pile.rest ? h("span", { class: "ds-f7e-rest" }, pile.rest_text) : null),
    h("button", {
      type: "button", class: "ds-ed-toggle ds-f7e-rest-here", "aria-label": pile.rest_label,
      title: pile.rest_label, "aria-pressed": pile.rest ? "true" : "false",
      "data-key": `rest:${pile.pile}`, onclick: () => press({ intent: "rest", to: pile.pile }),
    }, pile.rest_button));
}

function flip7Turn(ed, press) {
  const t = ed.turn;
  return h("div", { class: "ds-f7e-turn", role: "group", "aria-label": t.label },
    h("button", { type: "button", class: "ds-ed-toggle", "aria-label": t.over_label,
                  "aria-pressed": t.over ? "true" : "false", "data-key": "turn:-1",
                  onclick: () => press({ intent: "turn", seat: -1 }) }, t.over_text),
    h("button", { type: "button", class: "ds-ed-toggle", "aria-label": t.dealing_label,
                  "aria-pressed": t.dealing ? "true" : "false", "data-key": "dealing",
                  onclick: () => press({ intent: "dealing", on: !t.dealing }) }, t.dealing_text),
    h("label", { class: "ds-f7e-number" }, t.round_tag,
      editorField(t.round, { class: "ds-f7e-input", "aria-label": t.round_label, "data-key": "round",
                             size: 3, maxlength: 12 },
                  (value) => press({ intent: "round", round: value }))));
}

// The players: to play, the name, dealer, the total, remove; then the status and the line.
function flip7Players(ed, press) {
  return h("ul", { class: "ds-ed-players ds-f7e-players", "aria-label": ed.players_label, tabindex: 0 },
    ed.players.map((p) => h("li", { class: classes("ds-ed-player", p.turn && "ds-ed-turn") },
      h("div", { class: "ds-ed-who" },
        h("button", { type: "button", class: "ds-ed-toggle ds-ed-to-play", "aria-label": p.turn_label,
                      "aria-pressed": p.turn ? "true" : "false", "data-key": `turn:${p.seat}`,
                      onclick: () => press({ intent: "turn", seat: p.seat }) },
          // the mark keeps its room when it is not shown: the button never changes width
          h("span", { class: "ds-ed-mark", "aria-hidden": "true" }, "▶ "), ed.to_play_tag),
        editorField(p.name, { class: "ds-ed-name", maxlength: 40, size: 8, "aria-label": p.name_label,
                              "data-key": `name:${p.seat}` },
                    (value) => press({ intent: "rename", seat: p.seat, name: value })),
        h("button", { type: "button", class: "ds-ed-toggle", "aria-label": p.dealer_label,
                      "aria-pressed": p.dealer ? "true" : "false", "data-key": `dealer:${p.seat}`,
                      onclick: () => press({ intent: "dealer", seat: p.seat }) }, ed.dealer),
        h("label", { class: "ds-f7e-number" }, ed.score_tag,
          editorField(p.score, { class: "ds-f7e-input", size: 4, maxlength: 12, "aria-label": p.score_label,
                                 "data-key": `score:${p.seat}` },
                      (value) => press({ intent: "score", seat: p.seat, score: value }))),
        h("button", { type: "button", class: "ds-ed-remove", "aria-label": p.remove_label,
                      title: p.remove_label, "data-key": `remove:${p.seat}`,
                      onclick: () => press({ intent: "remove_player", seat: p.seat }) }, ed.remove)),
      h("div", { class: "ds-f7e-status-line" },
        h("div", { class: "ds-f7e-statuses", role: "group", "aria-label": p.statuses_label },
          p.statuses.map((s) => h("button", {
            type: "button", class: classes("ds-ed-toggle", `ds-f7e-${s.status}`), "aria-label": s.label,
            "aria-pressed": s.pressed ? "true" : "false", "data-key": `status:${p.seat}:${s.status}`,
            onclick: () => press({ intent: "status", seat: p.seat, status: s.status }),
          }, s.text))),
        h("div", { class: "ds-f7e-cards", role: "group", "aria-label": p.line_label },
          p.line.length
            ? p.line.map((c, i) => h("button", {
              type: "button", class: classes("ds-f7e-chip", `ds-f7e-${c.kind}`, c.twice && "ds-f7e-twice"),
              "aria-label": c.label, title: c.label, "data-key": `take:${p.seat}:${i}`,
              onclick: () => press({ intent: "take", card: c.card, seat: p.seat }),
            }, c.text))
            : h("span", { class: "ds-f7e-empty" }, ed.empty_line))))));
}

function flip7Draw(ed, view, press, typing, focusKey, message, memo) {
  // memo.current: the card that takes Tab in the picker
  const chosen = ed.picker.flatMap((row) => row.cards).find((c) => c.selected);
  if (focusKey && focusKey.startsWith("card:")) memo.current = focusKey.slice(5);
  else if (chosen) memo.current = chosen.card;
  if (!memo.current) memo.current = ed.picker[0].cards[0].card;
  const left = h("div", { class: "ds-ed-left" },
    flip7Picker(ed, press, memo.current),
    h("div", { class: "ds-ed-chosen", "aria-live": "polite", title: ed.chosen }, ed.chosen),
    ...flip7Places(ed, press), editorActions(ed, press), editorPresets(ed, press),
    editorMessage(ed, message), editorText(ed, press, typing));
  const right = h("div", { class: "ds-ed-right" },
    ed.piles.map((pile) => flip7Pile(pile, press)), flip7Turn(ed, press),
    h("div", { class: "ds-f7e-pending", title: ed.pending }, ed.pending),
    flip7Players(ed, press));
  return [h("div", { class: "ds-ed-grid" }, left, right)];
}

const render = editorRender("ds-flip7-editor", flip7Draw);

export default { render };
