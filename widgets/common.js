// What every doublesept widget draws the same way (doublesept/widgets/base.py builds the view).
//
// anywidget loads one ES module per widget: Python joins this file and the game's own
// module (sevens.js, ...) into that one module, so the game's module calls these
// functions by name and ends with `export default createWidget({...})`.
//
// Python holds the state and sends the view as JSON text (`_view`, with <, > and &
// escaped so a notebook exported to HTML survives any name). This code only draws it,
// and sends intents ({intent: "play", move: "8♠"}, {intent: "undo"}, ...). It decides no
// rule and holds no wording: every label comes in the view, in the chosen language.
// Every text goes in with textContent (through `h`), never as HTML, so a player named
// "<img src=x onerror=alert(1)>" shows as those characters. Every control is a real
// <button> with an aria-label.

// Make an element: h("td", {class: "x", "aria-label": "y"}, "text", child, ...).
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "onclick") node.addEventListener("click", value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export const classes = (...names) => names.filter(Boolean).join(" ");

// A button that sends `intent`; `press` remembers which one was pressed (see `anchor`).
export function button(text, ariaLabel, press, intent, extra = {}) {
  return h("button", { type: "button", "aria-label": ariaLabel, class: extra.class,
                       title: extra.title, "aria-pressed": extra.pressed,
                       disabled: extra.disabled,
                       onclick: () => press(intent, ariaLabel) }, text);
}

// A text of the view, {text, sub}: the chosen language, and French beneath for "both".
export function texts(item, cls = "") {
  if (!item) return [];
  return [h("div", { class: cls || null }, item.text),
          item.sub ? h("div", { lang: "fr", class: classes("ds-fr", cls) }, item.sub) : null];
}

// ---- rule cards and rulings: what a badge or a ruling's number opens, on demand

// The rulings a text cites as the engine writes them, "(D2)" or "(D2, D14)": the same pattern
// as base.py's RULING_CITE.
const RULING_CITE = /\(([DSF][0-9]{1,2}(?:, [DSF][0-9]{1,2})*)\)/g;

// `cards` (kept by createWidget between redraws) holds the keys of the cards open;
// `toggle(key, label)` opens or closes one. Returns link(item, cls, scope): the nodes of a
// text {text, sub} (as `texts` draws it) in which each ruling cited is a button that opens
// the ruling's words (view.rulings) under the text, and openCard(card, scope): a rule's badge
// (a button) and, when open, its card: the catalog's statement and source.
export function cardMaker(view, cards, toggle) {
  const rulings = view.rulings || {};
  const rulingButton = (number, key) => {
    const ruling = rulings[number];
    if (!ruling) return number;
    return h("button", { type: "button", class: "ds-ruling", "aria-label": ruling.label,
                         "aria-expanded": cards.has(key) ? "true" : "false",
                         onclick: () => toggle(key, ruling.label) }, number);
  };
  const line = (text, scope, cited) => {
    const parts = [];
    let at = 0;
    for (const found of text.matchAll(RULING_CITE)) {
      const cite = ["("];  // "(D2, D14)" stays on one line
      found[1].split(", ").forEach((number, i) => {
        if (i) cite.push(", ");
        const key = `${scope}:ruling:${number}`;
        if (rulings[number] && !cited.includes(number)) cited.push(number);
        cite.push(rulingButton(number, key));
      });
      cite.push(")");
      parts.push(text.slice(at, found.index), h("span", { class: "ds-cited" }, cite));
      at = found.index + found[0].length;
    }
    parts.push(text.slice(at));
    return parts;
  };
  const link = (item, cls, scope) => {
    if (!item) return [];
    const cited = [];
    const nodes = [h("div", { class: cls || null }, line(item.text, scope, cited)),
                   item.sub ? h("div", { lang: "fr", class: classes("ds-fr", cls) },
                                line(item.sub, scope, cited)) : null];
    for (const number of cited) {
      if (cards.has(`${scope}:ruling:${number}`)) {
        nodes.push(h("div", { class: "ds-card ds-ruling-card" }, rulings[number].text));
      }
    }
    return nodes;
  };
  const openCard = (card, scope) => {
    if (!card) return [];
    const key = `${scope}:rule`;
    const opened = cards.has(key);
    return [h("button", { type: "button", class: "ds-badge ds-rule-card-toggle",
                          "aria-label": card.label, "aria-expanded": opened ? "true" : "false",
                          onclick: () => toggle(key, card.label) }, card.id),
            opened ? h("div", { class: "ds-card ds-rule-card" },
              texts(card.statement, "ds-card-statement"),
              card.citation ? h("div", { class: "ds-cite" }, card.citation) : null) : null];
  };
  return { link, openCard };
}

// ---- the header: round, rules, whose turn, the last move

export function header(view) {
  const w = view.words;
  const parts = [];
  if (view.seat_text) parts.push(h("span", { class: "ds-seat", "aria-label": w.seat_view_label }, view.seat_text));
  if (view.round_text) parts.push(h("span", { class: "ds-round" }, view.round_text));
  // The variant rules the table plays by; nothing for the default rules.
  if (view.rules) {
    parts.push(h("span", { class: "ds-rules", "aria-label": w.rules_label }, view.rules));
    if (view.rules_fr) parts.push(h("span", { lang: "fr", class: "ds-fr ds-rules-fr" }, view.rules_fr));
  }
  if (view.mover !== null) {
    parts.push(h("span", { class: "ds-turn", "aria-label": w.to_play_label },
                 w.to_play, h("strong", { class: "ds-name" }, view.mover)));
  } else if (view.status) {
    parts.push(h("strong", { class: "ds-status" }, view.status.text));
  }
  if (view.last_move) {
    const who = view.last_move.player;
    parts.push(h("span", { class: "ds-last-move", "aria-label": w.last_move_label },
                 w.last_move, view.last_move.move,
                 who === null ? "" : [w.by, h("span", { class: "ds-name" }, who)]));
  }
  return h("div", { class: "ds-header" }, parts);
}

// ---- the controls: hands, undo, reset, the language switch

export function controls(view, press) {
  const w = view.words;
  const shown = view.show_hands;
  const items = [];
  if (view.hands_toggle !== false) {  // a game with every card face up has no toggle
    items.push(button(shown ? w.hide_hands : w.show_hands,
                      shown ? w.hide_hands_label : w.show_hands_label,
                      press, { intent: "show_hands", show: !shown }, { class: "ds-toggle" }));
  }
  if (view.try && !view.play) {  // a game against the computer has them in its play panel
    items.push(button(w.undo, w.undo_label, press, { intent: "undo" }, { disabled: !view.can_undo }),
               button(w.reset, w.reset_label, press, { intent: "reset" }));
  }
  items.push(h("span", { class: "ds-langs", role: "group", "aria-label": w.language_label },
    view.langs.map((l) => button(l.text, l.label, press, { intent: "lang", lang: l.lang },
                                 { pressed: l.pressed ? "true" : "false", class: "ds-lang" }))));
  return h("div", { class: "ds-controls", role: "group", "aria-label": w.controls_label }, items);
}

// ---- the message: one element, placed where the reader is looking

// The reply: a sentence or two (each ruling cited a button, see cardMaker), the rule's badge
// after them, which opens the rule's card, then the events, one a line.
export function messageNode(view, cardsOf = cardMaker(view, new Set(), () => {})) {
  const message = view.message;
  // data-n: which message it is (each reply has its own number), for a page that waits on it
  const node = h("div", { role: "alert", "aria-label": view.words.message_label,
                          "data-n": message ? message.n : null,
                          class: classes("ds-message", message && `ds-message-${message.kind}`) });
  if (!message) return node;
  const scope = `m${message.n}`;
  const words = cardsOf.link(message, "ds-message-main", scope).filter(Boolean);
  const [badge, card] = cardsOf.openCard(message.rule, scope);
  if (badge) words[0].append(" ", badge);  // the badge ends the reply's first line
  node.append(...words);
  if (card) node.append(card);
  if (message.events.length) {
    node.append(h("ul", { class: "ds-events" },
      message.events.map((event, i) => h("li", {}, cardsOf.link(event, "", `${scope}e${i}`)))));
  }
  return node;
}

// ---- the try-a-move table: the legal moves first, then the refused ones, one row a rule

// A row's moves: the buttons (wrapping), or, for a row folded by its game (Double Seven's many
// multi-tile moves, built with the panel above), only their count and the unfold button.
function groupMoves(group, press, unfolded, unfold) {
  const toggle = group.unfold ? h("button", {
    type: "button", class: "ds-unfold", "aria-label": group.unfold.label,
    "aria-expanded": unfolded ? "true" : "false", onclick: () => unfold(group.key, group.unfold.label),
  }, group.unfold.text) : null;
  const buttons = unfolded || group.folded ? null : h("div", { class: "ds-buttons" },
    group.moves.map((m) => button(m.text, m.label, press, { intent: "play", move: m.send },
                                  { class: classes("ds-move", m.red && "ds-red") })));
  return [group.count_text ? h("div", { class: "ds-count" }, group.count_text) : null,
          buttons, group.folded && !unfolded && group.note ? h("div", { class: "ds-note" }, group.note) : null,
          toggle];
}

// After a redraw, keep the keyboard where it was: if the focused button was replaced, focus
// the one with the same label (or the first move, or the first button) without scrolling.
function refocus(root, active, focusLabel) {
  if (!active || root.contains(active)) return;
  const buttons = [...root.querySelectorAll("button:not([disabled])")];
  const next = buttons.find((b) => b.getAttribute("aria-label") === focusLabel)
    || root.querySelector("button.ds-move") || buttons[0];
  if (next) next.focus({ preventScroll: true });
}

// `open` is the set of the rows unfolded (their keys), kept by createWidget between redraws;
// `unfold(key, label)` unfolds or folds one. Returns {node, box, placed}: the table in its box
// (which scrolls when the widget would be taller than view.fit_height, see `fit`), and whether
// the message was placed in it.
export function candidates(view, press, message, open = new Set(), unfold = () => {},
                           cardsOf = cardMaker(view, new Set(), () => {})) {
  const w = view.words;
  const table = view.candidates;
  // A game may add columns after the verdict (Flip 7: the odds): each cell a text or null.
  const columns = table.columns || [];
  const width = 4 + columns.length;
  const head = h("tr", {}, [w.col_move, w.col_verdict, ...columns, w.col_why, w.col_rule].map(
    (t) => h("th", { scope: "col" }, t)));
  const reply = () => h("tr", { class: "ds-reply" }, h("td", { colspan: width }, message));
  const atRow = view.message && view.message.at === "row";
  const rows = [];
  let placed = false;
  for (const group of table.groups) {
    const state = group.legal === null ? "ds-hidden" : group.legal ? "ds-legal" : "ds-illegal";
    const unfolded = !!group.details && open.has(group.key);
    rows.push(h("tr", { class: classes("ds-group", state, group.tried && "ds-tried",
                                       unfolded && "ds-unfolded") },
      h("td", { class: "ds-moves" }, groupMoves(group, press, unfolded, unfold)),
      h("td", { class: "ds-verdict" }, group.verdict),
      columns.map((_, i) => h("td", { class: "ds-extra" }, texts((group.extra || [])[i]))),
      // the whole reason in the title too: a game in play may show only its first words
      h("td", { class: "ds-reason", title: group.reason ? [group.reason.text, group.reason.sub]
        .filter(Boolean).join("\n") : null }, cardsOf.link(group.reason, "", `row:${group.key}`)),
      h("td", { class: "ds-rule" },
        group.card ? cardsOf.openCard(group.card, `row:${group.key}`)
          : group.rule_id ? h("code", { class: "ds-badge" }, group.rule_id) : null,
        group.source ? h("div", { class: "ds-cite" }, group.source) : null)));
    if (unfolded) {  // each move of the row with its own reason, the reply under the one tried
      const items = [];
      for (const detail of group.details) {
        const m = detail.move;
        items.push(h("li", { class: classes("ds-detail", detail.tried && "ds-tried") },
          button(m.text, m.label, press, { intent: "play", move: m.send },
                 { class: classes("ds-move", m.red && "ds-red") }),
          h("span", { class: "ds-detail-reason" },
            cardsOf.link(detail.reason, "", `row:${group.key}:${m.send}`))));
        if (detail.tried && atRow && !placed) {
          items.push(h("li", { class: "ds-reply" }, message));
          placed = true;
        }
      }
      rows.push(h("tr", { class: classes("ds-details", state), "data-key": group.key },
        h("td", { colspan: width }, h("ul", { class: "ds-detail-list" }, items))));
    }
    if (group.tried && atRow && !placed) {
      rows.push(reply());
      placed = true;
    }
  }
  // A reply to a move played (or tried where no row shows it) opens the rows.
  if (!placed && view.message && view.message.at !== "controls") {
    rows.unshift(reply());
    placed = true;
  }
  const node = h("table", { class: "ds-candidates", "aria-label": w.moves_to_try_label },
    // a game whose board already says what is awaited (Double Seven's phase) sends no caption
    h("caption", {}, table.caption ? [w.try_caption, h("span", {}, table.caption.text),
      table.caption.sub ? h("div", { lang: "fr", class: "ds-fr" }, table.caption.sub) : null]
      : w.try_caption.replace(/[:\s]+$/, "")),
    h("thead", {}, head), h("tbody", {}, rows));
  // A scrolling box takes the keyboard focus (tabindex), so a keyboard can scroll it too.
  const box = h("div", { class: "ds-moves-box", role: "group", tabindex: 0,
                         "aria-label": w.moves_box_label }, node);
  return { node: box, box, placed };
}

// The widget at most `limit` px tall (view.fit_height, a 1280×720 screen): when it would be
// taller, the box of the try-a-move table scrolls, at least MIN_BOX px of it shown (a row or two), under the
// board, which stays in view. Called again whenever the widget's size changes.
const MIN_BOX = 120;
export function fit(root, box, limit) {
  if (!box || !limit || !box.isConnected) return;
  const total = root.getBoundingClientRect().height;
  if (!total) return;  // not laid out yet: the ResizeObserver calls again
  const natural = box.scrollHeight;  // the table's own height, whatever the box's limit
  const excess = total - box.clientHeight + natural - limit;
  const max = excess > 0 ? Math.max(MIN_BOX, Math.floor(natural - excess)) : null;
  const now = box.style.maxHeight ? parseFloat(box.style.maxHeight) : null;
  if (max === null) {
    if (now !== null) box.style.maxHeight = "";
  } else if (now === null || Math.abs(now - max) > 1) {
    box.style.maxHeight = `${max}px`;
  }
}

// ---- keeping the reader's place

function scroller(node) {
  for (let el = node.parentElement; el; el = el.parentElement) {
    const style = getComputedStyle(el);
    if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight) return el;
  }
  return document.scrollingElement || document.documentElement;
}

function byLabel(root, label) {
  if (!label) return null;
  return [...root.querySelectorAll("button")].find((b) => b.getAttribute("aria-label") === label) || null;
}

// ---- the widget

// A game against the computer (doublesept/widgets/play.py): who is to move and what to press;
// the step buttons, undo, restart, new game, the computers' level and the teacher's switch,
// each always in the same place (a button is disabled, never left out). `extra` is drawn
// under the controls (Flip 7's next card), or null. createWidget draws it at the top of the
// widget, the reply and the choices under it (`playArea`), the board below.
export function playPanel(view, press, extra = null) {
  const play = view.play;
  if (!play) return null;
  const w = view.words;
  const items = [
    button(play.step.text, play.step.label, press, { intent: "step" },
           { class: "ds-step", disabled: play.step.disabled }),
    button(play.run.text, play.run.label, press, { intent: "run" },
           { class: "ds-run", disabled: play.run.disabled }),
    button(w.undo, w.undo_label, press, { intent: "undo" },
           { class: "ds-undo", disabled: !view.can_undo }),
    button(w.reset, w.reset_label, press, { intent: "reset" }, { class: "ds-reset" }),
    button(play.new_game.text, play.new_game.label, press, { intent: "new_game" }),
  ];
  if (play.levels.length) {
    items.push(h("span", { class: "ds-levels", role: "group", "aria-label": play.level_group },
      h("span", { class: "ds-levels-name" }, play.level_group),
      play.levels.map((l) => button(l.text, l.label, press, { intent: "level", level: l.level },
                                    { class: "ds-level", pressed: l.pressed ? "true" : "false" }))));
  }
  if (play.switch) {
    items.push(button(play.switch.text, play.switch.label, press,
                      { intent: play.switch.intent, show: !play.switch.pressed },
                      { class: "ds-switch", pressed: play.switch.pressed ? "true" : "false" }));
  }
  // the controls first, so a status of more lines never moves them
  return h("div", { class: "ds-play" },
    h("div", { class: "ds-play-controls" }, items),
    h("div", { class: "ds-play-status" }, texts(play.status)),
    extra);
}

// The reply and the choices of a game against the computer, under its panel: one box of a
// fixed height (it scrolls), so the board under it never moves. The reply first, then the
// try-a-move rows (the reader's choices), whose own replies go to the reply too.
export function playArea(view, press, message, open, unfold, cardsOf) {
  const drawn = view.try
    ? candidates({ ...view, message: null }, press, message, open, unfold, cardsOf) : null;
  return h("div", { class: "ds-play-area", role: "group", tabindex: 0,
                    "aria-label": view.words.moves_box_label },
    message, drawn ? drawn.node.firstChild : null);
}

// After a click in the play area, no other button where the one clicked was (`rect`). When
// one would be there, the reply moves among the rows, as near the place of the button clicked
// as it can (where the reader looks): the rows before it stay above (the reader's legal moves
// come first), the others come after it. If no place leaves the pointer clear, the reply
// goes where the rows reach the pointer, and is made as tall as it takes to cover it.
function clearPointer(area, rect, label, message) {
  const x = rect.left + rect.width / 2;
  const under = () => {
    for (const y of [rect.top + 1, rect.top + rect.height / 2, rect.bottom - 1]) {
      const el = document.elementFromPoint(x, y);
      const control = el && el.closest("button");
      if (control && area.contains(control) && control.getAttribute("aria-label") !== label) {
        return control;
      }
    }
    return null;
  };
  if (!under()) return null;
  const body = area.querySelector("table.ds-candidates > tbody");
  if (!body) return null;
  const width = area.querySelectorAll("table.ds-candidates > thead th").length || 1;
  const reply = h("tr", { class: "ds-reply" }, h("td", { colspan: width }, message));
  body.append(reply);  // out of the way first: the rows where they are without it
  const rows = [...body.children].filter((row) => row !== reply);
  const put = (k) => { if (k < rows.length) rows[k].before(reply); else body.append(reply); };
  // Where the reply can go: before a row (or last), seen in the area, with no other button
  // under the pointer; the nearest to the button clicked wins.
  const box = area.getBoundingClientRect();
  let best = null;
  for (let k = 0; k <= rows.length; k++) {
    put(k);
    const { top, height } = reply.getBoundingClientRect();
    // enough of the reply in sight: all of it, or its first lines
    if (top < box.top - 1 || top > box.bottom - Math.min(height, 80) || under()) continue;
    const distance = Math.abs(top - rect.top);
    if (best === null || distance < best.distance) best = { k, distance };
  }
  if (best !== null) {
    put(best.k);
    return { row: best.k, minHeight: 0 };
  }
  // none: the reply where the rows reach the pointer, as tall as it takes to cover it
  const above = rows.findIndex((row) => row.getBoundingClientRect().bottom > rect.top);
  put(above >= 0 ? above : rows.length);
  const short = rect.bottom + 4 - reply.getBoundingClientRect().bottom;
  const minHeight = short > 0 ? Math.ceil(message.getBoundingClientRect().height + short) : 0;
  if (minHeight) message.style.minHeight = `${minHeight}px`;
  return { row: above >= 0 ? above : rows.length, minHeight };
}

// The reply placed again where clearPointer put it (`placed`: its row and height), when the
// same reply is drawn again (a row unfolded, the language changed): nothing moves.
function placeReply(area, message, placed) {
  const body = area.querySelector("table.ds-candidates > tbody");
  if (!body) return;
  const width = area.querySelectorAll("table.ds-candidates > thead th").length || 1;
  const reply = h("tr", { class: "ds-reply" }, h("td", { colspan: width }, message));
  const rows = [...body.children];
  if (placed.row >= 0 && placed.row < rows.length) rows[placed.row].before(reply);
  else body.append(reply);
  if (placed.minHeight) message.style.minHeight = `${placed.minHeight}px`;
}

// The parts of the play layout that keep their height through a click (see drawPlay): the
// header only. The panel's status has a height of its own (two lines, common.css), so the
// panel keeps its place without being held: holding it made it grow with every longer
// status and never shrink, a blank band that pushed the choices out of view (issue 21).
// A click in the play area needs nothing held: the reply is put under the pointer there.
const PLAY_PARTS = [".ds-top"];

// How tall each part is now (px), before a redraw.
function playHeights(root) {
  return PLAY_PARTS.map((sel) => {
    const node = root.querySelector(`:scope > ${sel}`);
    return node ? node.getBoundingClientRect().height : 0;
  });
}

// After a click, each part at least as tall as it was (`heights`, from playHeights), so that a
// shorter status or header never pulls up what is under the pointer. A redraw that no click
// asked for draws them at their own height again.
function keepHeights(root, heights) {
  PLAY_PARTS.forEach((sel, i) => {
    const node = root.querySelector(`:scope > ${sel}`);
    if (!node || !(heights[i] > 0)) return;
    node.style.boxSizing = "border-box";  // the height measured includes padding and border
    node.style.minHeight = `${heights[i]}px`;
  });
}

// A game against the computer (doublesept/widgets/play.py): the history, every step shown, the
// latest last, each with the events it brought about. The list scrolls, so it takes the focus
// (tabindex) and a keyboard can scroll it too.
export function playHistory(view) {
  const play = view.play;
  if (!play) return null;
  const list = h("ol", { class: "ds-history-steps", start: play.history_start, tabindex: 0,
                         "aria-label": play.history_title },
    play.history.map((step) => h("li", {
      class: classes("ds-step-entry", step.mine && "ds-mine", step.chance && "ds-chance"),
    },
      texts(step.what, "ds-step-what"),
      step.events.length ? h("ul", { class: "ds-step-events" },
        step.events.map((event) => h("li", {}, texts(event)))) : null)));
  const box = h("section", { class: "ds-play-history", "aria-label": play.history_label },
    h("div", { class: "ds-history-title" }, play.history_title),
    play.history_more ? h("div", { class: "ds-history-more" }, play.history_more) : null,
    list);
  // the latest step in sight, once the history is on the page
  requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  return box;
}

// game: {className, table(view, press, message) -> nodes drawn between the header and the
//        moves (press(intent, label) sends an intent; a panel may place the message node, the
//        reply to a click in it: view.message.at === "build"), legend(view) -> node or null}
export function createWidget(game) {
  function render({ model, el }) {
    const root = h("div", { class: `ds-widget ${game.className}` });
    el.append(root);
    let pressed = null;  // the aria-label of the button pressed last, until its reply
    let lastMessage = null;
    let box = null;  // the try-a-move table's box, drawn last
    const open = new Set();  // the rows unfolded, by key: the page's own, kept between redraws
    const cards = new Set();  // the rule cards and rulings open, by key (see cardMaker)
    const press = (intent, label) => { pressed = label; model.send(intent); };
    let draw = null;
    const unfold = (key, label) => {
      const opening = !open.has(key);
      if (opening) open.add(key); else open.delete(key);
      pressed = label;  // the button stays where it was...
      draw();
      if (!opening) return;  // ...and the moves it unfolded come into view, as far as they fit
      const details = [...root.querySelectorAll("tr.ds-details")].find((r) => r.dataset.key === key);
      if (details) details.scrollIntoView({ block: "nearest", inline: "nearest" });
    };
    // a badge or a ruling's number: its card opens just under it, and nothing scrolls, so the
    // button stays under the pointer (a second click closes the card again)
    const toggleCard = (key, label) => {
      if (cards.has(key)) cards.delete(key); else cards.add(key);
      pressed = label;
      draw();
    };

    draw = () => {
      let view;
      try { view = JSON.parse(model.get("_view") || "null"); } catch (e) { view = null; }
      if (!view) return;
      const fresh = view.message && view.message.n !== lastMessage;
      // Where the pressed button is now, to keep it there (or put the reply there).
      const before = byLabel(root, pressed);
      const top = before ? before.getBoundingClientRect().top : null;
      const active = root.contains(document.activeElement) ? document.activeElement : null;
      const focusLabel = active && active.getAttribute("aria-label");
      const boxScroll = box ? box.scrollTop : 0;
      const boxMax = box ? box.style.maxHeight : "";

      if (fresh) {  // a new reply: the cards of the last one close
        for (const key of [...cards]) if (/^m[0-9]/.test(key)) cards.delete(key);
      }
      const cardsOf = cardMaker(view, cards, toggleCard);
      const message = messageNode(view, cardsOf);
      if (view.play) {  // a game against the computer: its own layout, below
        drawPlay(view, message, before, fresh, cardsOf);
        return;
      }
      // the header and the controls share one line when the width allows
      const parts = [h("div", { class: "ds-top" }, header(view), controls(view, press))];
      let placed = false;
      let moves = null;
      box = null;
      if (view.try) {
        const drawn = candidates(view, press, message, open, unfold, cardsOf);
        moves = drawn.node;
        box = drawn.box;
        placed = drawn.placed;
      }
      // a part may be null: none drawn; a game's panel may hold the reply (at: "build")
      const own = game.table(view, press, message, cardsOf).filter(Boolean);
      if (!placed && !own.some((part) => part.contains(message))) parts.push(message);
      parts.push(...own);
      if (moves) parts.push(moves);
      if (view.moves_shown && view.moves_shown.length) {
        parts.push(h("p", { class: "ds-history", "aria-label": view.words.moves_label },
                     view.words.moves_so_far, view.moves_shown.join(", ")));
      }
      const legend = game.legend(view);
      if (legend) parts.push(legend);
      root.replaceChildren(...parts);
      limit = view.fit_height;
      if (box) {  // the box as it was (its height, where it was scrolled), then fitted again
        box.style.maxHeight = boxMax;
        box.scrollTop = boxScroll;
        fit(root, box, limit);
      }

      // Only the answer to a click moves the page, and only as far as the reader needs: a
      // table drawn when a lesson opens, or redrawn from the kernel, leaves the page alone.
      if (pressed !== null) {
        if (top !== null) {
          // The reply to a move played takes the place of the button pressed; otherwise the
          // button pressed stays where it was, and the reply shows beside it.
          const after = fresh && view.message.at === "table" ? message
            : (byLabel(root, pressed) || (fresh ? message : null));
          const shift = after ? after.getBoundingClientRect().top - top : 0;
          // inside the table's box, the box scrolls; the page only for what is outside it
          const inBox = box && after && box.contains(after) && box.scrollHeight > box.clientHeight;
          if (Math.abs(shift) > 1) (inBox ? box : scroller(root)).scrollBy(0, shift);
        }
        if (fresh) message.scrollIntoView({ block: "nearest", inline: "nearest" });
        pressed = null;
      }
      if (view.message) lastMessage = view.message.n;
      refocus(root, active, focusLabel);
    };

    // A game against the computer on one screen (issue 21): the header, the play panel, then
    // the reply and the choices in one box of a fixed height, then the board, the history.
    // The page never scrolls for a click in them: each part keeps its place. After a move
    // chosen in the box, the reply reaches down past the button clicked, so no other button
    // lands under the pointer; after any click, the reply is at the top of the box.
    let area = null;
    let replyPlace = null;  // where clearPointer put the reply: {n, row, minHeight}
    const drawPlay = (view, message, before, fresh, cardsOf) => {
      const clicked = pressed !== null;  // a redraw from the kernel leaves the page alone
      const rect = before ? before.getBoundingClientRect() : null;
      const inArea = !!(before && area && area.contains(before));
      const areaScroll = area ? area.scrollTop : 0;
      const active = root.contains(document.activeElement) ? document.activeElement : null;
      const focusLabel = active && active.getAttribute("aria-label");
      const drawnParts = game.table(view, press, null, cardsOf).filter(Boolean);
      const panel = drawnParts.find((n) => n.classList && n.classList.contains("ds-play"));
      const board = drawnParts.filter((n) => n !== panel);
      // the header names the view; the panel says whose move it is, the reply the last moves
      const top = h("div", { class: "ds-top" },
        header({ ...view, mover: null, status: null, last_move: null }), controls(view, press));
      area = playArea(view, press, message, open, unfold, cardsOf);
      const heights = clicked ? playHeights(root) : null;
      const legend = game.legend(view);
      root.replaceChildren(top, panel || playPanel(view, press), area, ...board,
                           ...(legend ? [legend] : []));
      box = null;  // the box keeps its own height: `fit` leaves it alone
      if (heights) keepHeights(root, heights);
      if (fresh) {
        area.scrollTop = 0;
        const placed = inArea && rect
          ? clearPointer(area, rect, before.getAttribute("aria-label"), message) : null;
        replyPlace = placed && view.message ? { ...placed, n: view.message.n } : null;
        const seen = message.getBoundingClientRect();
        if (clicked && (seen.bottom < 0 || seen.top > window.innerHeight)) {
          message.scrollIntoView({ block: "nearest", inline: "nearest" });
        }
      } else {  // a row unfolded, the language changed: the same reply in the same place
        if (replyPlace && view.message && replyPlace.n === view.message.n) {
          placeReply(area, message, replyPlace);
        }
        area.scrollTop = areaScroll;
      }
      pressed = null;
      if (view.message) lastMessage = view.message.n;
      refocus(root, active, focusLabel);
    };

    let limit = null;
    // the widget's size changes when it is first laid out, and with the page's width
    const observer = typeof ResizeObserver === "undefined" ? null
      : new ResizeObserver(() => requestAnimationFrame(() => fit(root, box, limit)));
    draw();
    if (observer) observer.observe(root);
    model.on("change:_view", draw);
    return () => { model.off("change:_view", draw); if (observer) observer.disconnect(); };
  }
  return { render };
}
