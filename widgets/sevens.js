// The Sevens widgets (doublesept.widgets.SevensTable and TryMoves).
//
// Python holds the state and builds the `view` dict; this module only draws it
// and sends intents ({intent: "play", move: "8♠"}, {intent: "undo"}, ...).
// It decides no rule. Every text goes in with textContent (through `h`), never
// as HTML, so a player named "<img src=x onerror=alert(1)>" shows as those
// characters. Every control is a real <button> with an aria-label.

// Make an element: h("td", {class: "x", "aria-label": "y"}, "text", child, ...).
function h(tag, attrs = {}, ...children) {
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

const classes = (...names) => names.filter(Boolean).join(" ");

function button(label, ariaLabel, send, intent, extra = {}) {
  return h("button", { type: "button", "aria-label": ariaLabel, class: extra.class,
                       disabled: extra.disabled, onclick: () => send(intent) }, label);
}

// ---- the table: whose turn, the four rows, the hands

function header(view) {
  const parts = [h("span", { class: "ds-round" }, `Round ${view.round} of ${view.rounds}`)];
  // The variant rules the table plays by (rulings S1, S5); nothing for the default rules.
  if (view.rules) parts.push(h("span", { class: "ds-rules", "aria-label": "rules" }, view.rules));
  if (view.mover !== null) {
    parts.push(h("span", { class: "ds-turn", "aria-label": "to play" },
                 "To play: ", h("strong", { class: "ds-name" }, view.mover)));
  } else {
    parts.push(h("strong", { class: "ds-status" }, view.status));
  }
  if (view.last_move) {
    const who = view.last_move.player;
    parts.push(h("span", { class: "ds-last-move", "aria-label": "last move" },
                 "Last move: ", view.last_move.move,
                 who === null ? "" : [" by ", h("span", { class: "ds-name" }, who)]));
  }
  return h("div", { class: "ds-header" }, parts);
}

const SLOT_WORDS = { table: "on the table", fits: "fits here", empty: "not on the table" };

function rows(view) {
  return h("div", { class: "ds-rows", role: "group", "aria-label": "table" },
    view.rows.map((row) => h("div", { class: "ds-row", role: "list", "aria-label": `${row.name} row` },
      h("span", { class: classes("ds-suit", row.red && "ds-red"), "aria-hidden": "true" }, row.suit),
      row.slots.map((slot) => {
        const words = SLOT_WORDS[slot.where] + (slot.playable ? ", playable now" : "")
          + (slot.last ? ", last move" : "");
        return h("span", {
          role: "listitem",
          class: classes("ds-slot", `ds-${slot.where}`, row.red && "ds-red",
                         slot.playable && "ds-playable", slot.last && "ds-last"),
          "aria-label": `${slot.card} ${words}`,
          title: `${slot.card}: ${words}`,
        }, slot.card);
      }))));
}

function hands(view) {
  return h("ul", { class: "ds-players", "aria-label": "players" },
    view.players.map((player) => h("li", { class: classes("ds-player", player.to_move && "ds-to-move") },
      h("span", { class: "ds-marker", "aria-hidden": "true" }, player.to_move ? "▶" : ""),
      h("span", { class: "ds-name" }, player.name),
      player.dealer ? h("span", { class: "ds-tag" }, "dealer") : null,
      player.to_move ? h("span", { class: "ds-tag ds-tag-turn" }, "to play") : null,
      h("span", { class: "ds-hand", "aria-label": `${player.name}'s hand` },
        player.cards === null
          ? h("span", { class: "ds-count" }, `${player.count} card${player.count === 1 ? "" : "s"}`)
          : player.cards.length === 0
            ? h("span", { class: "ds-count" }, "no cards")
            : player.cards.map((c) => h("span", {
                class: classes("ds-card", c.red && "ds-red", c.playable && "ds-playable"),
                title: c.playable ? `${c.card}: fits, can be played now` : c.card,
              }, c.card))),
      h("span", { class: "ds-score" }, `penalty points: ${player.score}`))));
}

function legend(view) {
  // Each sample is a card of this very table, so the legend matches what is on screen.
  const all = view.rows.flatMap((row) => row.slots.map((slot) => ({ ...slot, red: row.red })));
  const sample = (test) => all.find(test);
  const item = (slot, cls, text) => slot ? h("li", {},
    h("span", { class: classes("ds-slot", cls, slot.red && "ds-red"), "aria-hidden": "true" }, slot.card),
    ` ${text}`) : null;
  return h("ul", { class: "ds-legend", "aria-label": "legend" },
    item(sample((s) => s.where === "table"), "ds-table", "on the table"),
    item(sample((s) => s.where === "fits" && !s.playable), "ds-fits", "fits: a card can go here now"),
    item(sample((s) => s.playable), "ds-fits ds-playable", "fits, and the player to move holds it"),
    item(sample((s) => s.last), "ds-table ds-last", "the last card played"),
    item(sample((s) => s.where === "empty"), "ds-empty", "not played yet"));
}

// ---- the try-a-move table

function candidates(view, send) {
  const head = h("tr", {}, ["Move", "Verdict", "Why", "Rule and source"].map((t) => h("th", { scope: "col" }, t)));
  const cited = new Set();  // quote each rule's source once; later rows point up to it
  const body = view.candidates.map((c) => {
    const source = c.citation === null ? "(how moves are written)"
      : cited.has(c.rule_id) ? "(source as above)" : c.citation;
    cited.add(c.rule_id);
    const label = c.move === "pass" || c.move === "deal" ? c.move : `play ${c.move}`;
    return h("tr", { class: classes(c.legal ? "ds-legal" : "ds-illegal", c.tried && "ds-tried") },
      h("td", {}, button(c.move, label, send, { intent: "play", move: c.move },
                         { class: classes("ds-move", c.red && "ds-red") })),
      h("td", { class: "ds-verdict" }, c.legal ? "✔ legal" : "✘ illegal"),
      h("td", { class: "ds-reason" }, h("div", {}, c.reason_en),
        h("div", { lang: "fr", class: "ds-fr" }, c.reason_fr)),
      h("td", { class: "ds-rule" }, h("code", {}, c.rule_id),
        h("div", { class: "ds-cite" }, source)));
  });
  const whose = view.mover === null ? "" : "'s cards, then passing";
  return h("table", { class: "ds-candidates", "aria-label": "moves to try" },
    h("caption", {}, "Try a move: ", view.mover === null ? "the round is over"
      : [h("span", { class: "ds-name" }, view.mover), whose]),
    h("thead", {}, head), h("tbody", {}, body));
}

function controls(view, send) {
  const shown = view.show_hands;
  const items = [button(shown ? "Hide hands" : "Show hands", shown ? "hide hands" : "show hands",
                        send, { intent: "show_hands", show: !shown }, { "class": "ds-toggle" })];
  if (view.candidates) {
    items.push(button("↶ Undo", "undo", send, { intent: "undo" }, { disabled: !view.can_undo }),
               button("⟲ Reset", "reset", send, { intent: "reset" }));
  }
  return h("div", { class: "ds-controls" }, items);
}

function fillMessage(node, message) {
  node.className = classes("ds-message", message && `ds-message-${message.kind}`);
  if (!message) { node.replaceChildren(); return; }
  node.replaceChildren(...[
    h("div", { class: "ds-message-en" }, message.en),
    message.fr ? h("div", { lang: "fr", class: "ds-fr" }, message.fr) : null,
    message.citation ? h("div", { class: "ds-cite" }, message.citation) : null,
  ].filter(Boolean));
}

// ---- drawing, keeping keyboard focus across redraws

function render({ model, el }) {
  const send = (intent) => model.send(intent);
  const top = h("div", { class: "ds-top" });
  const message = h("div", { role: "alert", "aria-label": "message", class: "ds-message" });
  const body = h("div", { class: "ds-body" });
  const root = h("div", { class: "ds-widget ds-sevens" }, top, message, body);
  el.append(root);
  let lastMessage = null;

  const draw = () => {
    const view = model.get("view");
    if (!view || !view.rows) return;
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusLabel = active && active.getAttribute("aria-label");
    top.replaceChildren(header(view), controls(view, send));
    const text = JSON.stringify(view.message);
    if (text !== lastMessage) { fillMessage(message, view.message); lastMessage = text; }
    const parts = [rows(view), hands(view),
                   view.candidates ? candidates(view, send) : null,
                   view.moves && view.moves.length
                     ? h("p", { class: "ds-history", "aria-label": "moves" },
                         "Moves so far: ", view.moves.join(", "))
                     : null,
                   legend(view)];
    body.replaceChildren(...parts.filter(Boolean));  // replaceChildren would write "null"
    if (active && !root.contains(active)) {
      const buttons = [...root.querySelectorAll("button:not([disabled])")];
      const same = buttons.find((b) => b.getAttribute("aria-label") === focusLabel);
      const next = same || root.querySelector("button.ds-move") || buttons[0];
      if (next) next.focus();
    }
  };

  draw();
  model.on("change:view", draw);
  return () => model.off("change:view", draw);
}

export default { render };
