// The Sevens position editor (doublesept.widgets.SevensEditor): a card picker (the 52 cards,
// a row a suit), the places a card can go (a player's hand, the table, unplaced), the edits
// (deal the rest at random, clear, add a player, undo), the rules' presets, the message; the
// rows on the table, the players (name, to play, receives the rest, their hand) and the
// position's text, which can be edited or pasted and read back.
//
// common.js and editor_common.js (the editors' shared drawing: buttons, the edits and the
// presets, the name field, the text box, the arrow keys, the drawing loop) come first in the
// one module anywidget loads. Python holds the position and checks every edit with the
// engine: this page only draws the view and sends intents. Every text goes in as
// text (`h` uses text nodes), never as HTML. Every control is a <button> (or a labelled
// text field) with an aria-label; the keyboard reaches everything with Tab, and the arrow
// keys move among the 52 cards. The layout keeps its place through a click: the picker, the
// places and the edits never move, the message has a box of its own height.

// The picker: 4 rows of 13 buttons. One of them takes Tab (roving tabindex); the arrow keys,
// Home and End move the focus among them, Enter or Space chooses the card (editorGridKeys).
function editorPicker(ed, press, current) {
  const rows = ed.picker.map((suit, r) => h("div", { class: "ds-ed-suit", role: "group",
                                                     "aria-label": suit.name },
    h("span", { class: classes("ds-ed-suit-name", suit.red && "ds-red"), "aria-hidden": "true" },
      suit.suit),
    suit.cards.map((c, k) => h("button", {
      type: "button", class: classes("ds-ed-card", `ds-ed-at-${c.where}`, suit.red && "ds-red"),
      "aria-label": c.label, "aria-pressed": c.selected ? "true" : "false", title: c.label,
      "data-key": `card:${c.card}`, "data-r": r, "data-c": k,
      tabindex: c.card === current ? 0 : -1,
      onclick: () => press({ intent: "select", card: c.card }, `card:${c.card}`),
    }, h("span", { class: "ds-ed-rank" }, c.text), h("span", { class: "ds-ed-tag" }, c.tag)))));
  return editorGridKeys(h("div", { class: "ds-ed-picker", role: "group", "aria-label": ed.picker_label },
                          rows), "button.ds-ed-card");
}

// Where the card chosen goes: each player's hand, the table, unplaced.
function editorPlaces(ed, press) {
  return h("div", { class: "ds-ed-places", role: "group", "aria-label": ed.put_label },
    h("span", { class: "ds-ed-put" }, ed.put_to),
    ed.places.map((p) => editorButton({ ...p, disabled: !ed.can_put }, press,
                                      { class: classes("ds-ed-place", p.current && "ds-ed-here") })));
}

// The rows on the table: 13 places a suit, the cards there drawn, the others dotted.
function editorRows(ed) {
  return h("div", { class: "ds-ed-rows", role: "group", "aria-label": ed.rows_label },
    ed.rows.map((row) => h("div", { class: "ds-ed-row", role: "list", "aria-label": row.label },
      h("span", { class: classes("ds-ed-suit-name", row.red && "ds-red"), "aria-hidden": "true" },
        row.suit),
      row.slots.map((s) => h("span", {
        role: "listitem", "aria-label": s.label, title: s.label,
        class: classes("ds-ed-slot", s.table ? "ds-ed-on" : "ds-ed-off", row.red && "ds-red"),
      }, s.table ? s.text : "")))));
}

// The players: to play, the name (a text field), receives the rest, remove; then the hand.
function editorPlayers(ed, press) {
  return h("ul", { class: "ds-ed-players", "aria-label": ed.players_label },
    ed.players.map((p) => {
      const name = editorField(p.name, { class: "ds-ed-name", maxlength: 40, size: 8,
                                         "aria-label": p.name_label, "data-key": `name:${p.seat}` },
                               (value) => press({ intent: "rename", seat: p.seat, name: value }));
      return h("li", { class: classes("ds-ed-player", p.turn && "ds-ed-turn") },
        h("div", { class: "ds-ed-who" },
          h("button", { type: "button", class: "ds-ed-toggle ds-ed-to-play", "aria-label": p.turn_label,
                        "aria-pressed": p.turn ? "true" : "false", "data-key": `turn:${p.seat}`,
                        onclick: () => press({ intent: "turn", seat: p.seat }, `turn:${p.seat}`) },
            // the mark keeps its room when it is not shown: the button never changes width
            h("span", { class: "ds-ed-mark", "aria-hidden": "true" }, "▶ "), ed.to_play_tag),
          name,
          h("button", { type: "button", class: "ds-ed-toggle ds-ed-rest", "aria-label": p.rest_label,
                        "aria-pressed": p.rest ? "true" : "false", "data-key": `rest:${p.seat}`,
                        onclick: () => press({ intent: "rest", seat: p.seat, on: !p.rest }, `rest:${p.seat}`) },
            ed.rest),
          h("button", { type: "button", class: "ds-ed-remove", "aria-label": p.remove_label,
                        title: p.remove_label, "data-key": `remove:${p.seat}`,
                        onclick: () => press({ intent: "remove_player", seat: p.seat }, `remove:${p.seat}`) },
            ed.remove)),
        h("div", { class: "ds-ed-hand", role: "list", "aria-label": p.hand_label },
          p.cards.map((c) => h("span", { role: "listitem", class: classes("ds-ed-held", c.red && "ds-red") }, c.text)),
          p.rest_count ? h("span", { role: "listitem", class: "ds-ed-rest-count" }, p.rest_count) : null,
          h("span", { role: "listitem", class: "ds-ed-count" }, p.count_text),
          p.dealer ? h("span", { role: "listitem", class: "ds-ed-dealer" }, ed.dealer) : null));
    }));
}

function sevensDraw(ed, view, press, typing, focusKey, message, memo) {
  // memo.current: the card that takes Tab in the picker
  const chosen = ed.picker.flatMap((s) => s.cards).find((c) => c.selected);
  if (focusKey && focusKey.startsWith("card:")) memo.current = focusKey.slice(5);
  else if (chosen) memo.current = chosen.card;
  if (!memo.current) memo.current = ed.picker[0].cards[0].card;
  const left = h("div", { class: "ds-ed-left" },
    editorPicker(ed, press, memo.current),
    h("div", { class: "ds-ed-chosen", "aria-live": "polite", title: ed.chosen }, ed.chosen),
    editorPlaces(ed, press), editorActions(ed, press), editorPresets(ed, press),
    editorMessage(ed, message), editorText(ed, press, typing));
  const right = h("div", { class: "ds-ed-right" },
    editorRows(ed), h("div", { class: "ds-ed-unplaced", title: ed.unplaced }, ed.unplaced),
    editorPlayers(ed, press));
  return [h("div", { class: "ds-ed-grid" }, left, right)];
}

const render = editorRender("ds-sevens-editor", sevensDraw);

export default { render };
