// The Sevens position editor (doublesept.widgets.SevensEditor): a card picker (the 52 cards,
// a row a suit), the places a card can go (a player's hand, the table, unplaced), the edits
// (deal the rest at random, clear, add a player, undo), the rules' presets, the message; the
// rows on the table, the players (name, to play, receives the rest, their hand) and the
// position's text, which can be edited or pasted and read back.
//
// common.js comes first in the one module anywidget loads (`h`, `classes`, `button`, `header`,
// `controls`, `messageNode`, `cardMaker`). Python holds the position and checks every edit
// with the engine: this page only draws the view and sends intents. Every text goes in as
// text (`h` uses text nodes), never as HTML. Every control is a <button> (or a labelled
// text field) with an aria-label; the keyboard reaches everything with Tab, and the arrow
// keys move among the 52 cards. The layout keeps its place through a click: the picker, the
// places and the edits never move, the message has a box of its own height.

// The picker: 4 rows of 13 buttons. One of them takes Tab (roving tabindex); the arrow keys,
// Home and End move the focus among them, Enter or Space chooses the card.
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
  const picker = h("div", { class: "ds-ed-picker", role: "group", "aria-label": ed.picker_label },
    rows);
  picker.addEventListener("keydown", (event) => {
    const target = event.target.closest("button.ds-ed-card");
    if (!target) return;
    let r = Number(target.dataset.r);
    let c = Number(target.dataset.c);
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (event.key in moves) {
      const [dr, dc] = moves[event.key];
      r = (r + dr + 4) % 4;
      c = (c + dc + 13) % 13;
    } else if (event.key === "Home") c = 0;
    else if (event.key === "End") c = 12;
    else return;
    event.preventDefault();
    const next = picker.querySelector(`button[data-r="${r}"][data-c="${c}"]`);
    if (!next) return;
    for (const b of picker.querySelectorAll("button.ds-ed-card")) b.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
  return picker;
}

function editorButton(item, press, extra = {}) {
  return h("button", {
    type: "button", "aria-label": item.label, "data-key": item.key, disabled: item.disabled,
    class: extra.class, "aria-pressed": extra.pressed, title: item.label,
    onclick: () => press(item.send, item.key),
  }, item.text);
}

// Where the card chosen goes: each player's hand, the table, unplaced.
function editorPlaces(ed, press) {
  return h("div", { class: "ds-ed-places", role: "group", "aria-label": ed.put_label },
    h("span", { class: "ds-ed-put" }, ed.put_to),
    ed.places.map((p) => editorButton({ ...p, disabled: !ed.can_put }, press,
                                      { class: classes("ds-ed-place", p.current && "ds-ed-here") })));
}

function editorActions(ed, press) {
  return h("div", { class: "ds-ed-actions", role: "group", "aria-label": ed.actions_label },
    ed.actions.map((a) => editorButton(a, press, { class: "ds-ed-action" })));
}

function editorPresets(ed, press) {
  return h("div", { class: "ds-ed-presets", role: "group", "aria-label": ed.presets_label },
    h("span", { class: "ds-ed-put" }, `${ed.presets_label}:`),
    ed.presets.map((p) => editorButton({ text: p.text, label: p.label, key: `preset:${p.preset}`,
                                         send: { intent: "preset", preset: p.preset } }, press,
                                       { class: "ds-ed-preset", pressed: p.pressed ? "true" : "false" })));
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
      const name = h("input", { type: "text", class: "ds-ed-name", value: p.name, maxlength: 40,
                                "aria-label": p.name_label, "data-key": `name:${p.seat}`,
                                spellcheck: "false", size: 8 });
      // the name is sent when Enter is pressed or the field is left
      // (once: Enter, then the change event that follows it, send it one time)
      let sent = p.name;
      const rename = () => {
        if (name.value === sent) return;
        sent = name.value;
        press({ intent: "rename", seat: p.seat, name: name.value }, `name:${p.seat}`);
      };
      name.addEventListener("change", rename);
      name.addEventListener("keydown", (event) => { if (event.key === "Enter") rename(); });
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

// The position's text: what the user types stays until it is read (or the position changes).
function editorText(ed, press, kept) {
  const area = h("textarea", { class: "ds-ed-text", "aria-label": ed.text_label, "data-key": "text",
                               spellcheck: "false", rows: 5 });
  area.value = kept !== null ? kept : ed.text;
  const read = h("button", { type: "button", class: "ds-ed-read", "aria-label": ed.read_label,
                             "data-key": "read",
                             onclick: () => press({ intent: "text", text: area.value }, "read") },
    ed.read);
  return h("div", { class: "ds-ed-notation" },
    h("label", { class: "ds-ed-text-label" }, ed.text_label, area), read);
}

function render({ model, el }) {
  // JupyterLab's own keys (arrows and Enter move among cells) stay out of the editor: its
  // arrow keys move among the cards, Enter and Space press the button focused
  const root = h("div", { class: "ds-widget ds-sevens-editor", "data-lm-suppress-shortcuts": "true" });
  el.append(root);
  const cards = new Set();  // the rule cards open (the message's badge)
  let current = null;  // the card that takes Tab in the picker
  let textId = null;  // the text the box last took from Python
  const press = (intent, key) => { model.send(intent); };

  const draw = () => {
    let view;
    try { view = JSON.parse(model.get("_view") || "null"); } catch (e) { view = null; }
    if (!view || !view.editor) return;
    const ed = view.editor;
    // what the reader is doing: the focused control, the text being typed
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = active ? active.getAttribute("data-key") : null;
    const focusLabel = active ? active.getAttribute("aria-label") : null;
    const oldArea = root.querySelector("textarea.ds-ed-text");
    const typing = oldArea && textId === ed.text_id ? oldArea.value : null;
    const selection = oldArea && active === oldArea
      ? [oldArea.selectionStart, oldArea.selectionEnd, oldArea.scrollTop] : null;
    textId = ed.text_id;
    const chosen = ed.picker.flatMap((s) => s.cards).find((c) => c.selected);
    if (focusKey && focusKey.startsWith("card:")) current = focusKey.slice(5);
    else if (chosen) current = chosen.card;
    if (!current) current = ed.picker[0].cards[0].card;

    const toggle = (key) => { if (cards.has(key)) cards.delete(key); else cards.add(key); draw(); };
    const message = messageNode(view, cardMaker(view, cards, toggle));
    const top = h("div", { class: "ds-top" },
      h("div", { class: "ds-ed-title" }, ed.title), header(view), controls(view, press));
    const left = h("div", { class: "ds-ed-left" },
      editorPicker(ed, press, current),
      h("div", { class: "ds-ed-chosen", "aria-live": "polite", title: ed.chosen }, ed.chosen),
      editorPlaces(ed, press), editorActions(ed, press), editorPresets(ed, press),
      // a long reply scrolls in its box, which the keyboard can reach (tabindex) to scroll it
      h("div", { class: "ds-ed-message", role: "group", tabindex: 0, "aria-label": ed.message_box },
        message),
      editorText(ed, press, typing));
    const right = h("div", { class: "ds-ed-right" },
      editorRows(ed), h("div", { class: "ds-ed-unplaced", title: ed.unplaced }, ed.unplaced),
      editorPlayers(ed, press));
    root.replaceChildren(top, h("div", { class: "ds-ed-grid" }, left, right));

    // the keyboard where it was, without scrolling the page
    if (focusKey || focusLabel) {
      const again = focusKey
        ? [...root.querySelectorAll("[data-key]")]
          .find((node) => node.getAttribute("data-key") === focusKey && !node.disabled)
        : [...root.querySelectorAll("button")]
          .find((node) => node.getAttribute("aria-label") === focusLabel && !node.disabled);
      if (again) {
        again.focus({ preventScroll: true });
        if (selection && again.tagName === "TEXTAREA") {
          again.setSelectionRange(selection[0], selection[1]);
          again.scrollTop = selection[2];
        }
      }
    }
  };
  draw();
  model.on("change:_view", draw);
  return () => model.off("change:_view", draw);
}

export default { render };
