// The Flip 7 table (doublesept.widgets.Flip7Table and Flip7TryMoves): each player's line of
// number cards, modifiers and action cards, their status, the scores, the deck and the
// discards. Everything else (header, controls, message, try-a-move rows) is common.js, which
// Python puts before this file in the one module anywidget loads; `h`, `classes` and
// `createWidget` come from there. Every word and symbol comes in the view.

function flip7Chip(text, cls, label) {
  return h("span", { role: "listitem", class: classes("ds-chip", cls), title: label || null,
                     "aria-label": label || null }, text);
}

function flip7Line(view, player) {
  const w = view.flip7_words;
  const cards = [
    ...player.numbers.map((c) => h("span", {
      role: "listitem", class: classes("ds-chip", "ds-number", c.twice && "ds-twice"),
      title: c.label, "aria-label": c.label,
    }, c.text, c.twice ? h("span", { class: "ds-twice-mark", "aria-hidden": "true" }, w.twice_mark) : null)),
    ...player.modifiers.map((text) => flip7Chip(text, "ds-modifier")),
    ...player.actions.map((text) => flip7Chip(text, "ds-action")),
  ];
  return h("span", { class: "ds-line", role: "list", "aria-label": player.line_label },
    cards.length ? cards : h("span", { class: "ds-empty", role: "listitem" }, w.no_card));
}

function flip7Players(view) {
  const w = view.flip7_words;
  return h("ul", { class: "ds-players", "aria-label": w.players_label },
    view.players.map((player) => h("li", {
      class: classes("ds-player", `ds-${player.status}`, player.to_move && "ds-to-move"),
    },
      h("span", { class: "ds-who" },
        h("span", { class: "ds-name" }, player.name),
        player.role ? h("span", { class: "ds-tag ds-role" }, player.role) : null,
        h("span", { class: classes("ds-status", `ds-status-${player.status}`) }, player.status_text),
        player.flip7 ? h("span", { class: "ds-tag ds-tag-flip7" }, w.flip7_tag) : null,
        player.to_move ? h("span", { class: "ds-tag ds-tag-decides" }, w.decides_tag) : null,
        player.turn && !player.to_move ? h("span", { class: "ds-tag" }, w.turn_tag) : null,
        player.dealer ? h("span", { class: "ds-tag" }, w.dealer) : null),
      flip7Line(view, player),
      h("span", { class: "ds-points" },
        h("span", { class: "ds-round-points" }, player.round_points),
        h("span", { class: "ds-total" }, player.total)),
      player.meter ? flip7Meter(player.meter) : null)));
}

// The bust meter of the player to act: the exact probability (numerator / denominator, from
// doublesept.flip7.odds in Python), drawn as a <meter> and written as a fraction and a percent.
function flip7Meter(meter) {
  return h("span", { class: "ds-bust" },
    h("meter", { class: "ds-bust-meter", min: 0, max: 1, low: 0.25, high: 0.5, optimum: 0,
                 value: meter.numerator / meter.denominator, "aria-label": meter.label,
                 title: meter.label }),
    h("span", { class: "ds-bust-text" }, meter.text));
}

function flip7Piles(view) {
  const piles = view.piles;
  return h("div", { class: "ds-piles", role: "group", "aria-label": view.flip7_words.piles_label },
    h("span", { class: "ds-deck" }, piles.deck),
    h("span", { class: "ds-discards" }, piles.discards),
    piles.set_aside ? h("span", { class: "ds-set-aside" }, piles.set_aside) : null);
}

// ---- Flip7Play: the game against the computer

// Flip 7's panel: the common one, with the next card under it (sent by Python only while the
// teacher's switch is on).
function flip7PlayPanel(view, press) {
  const play = view.play;
  return playPanel(view, press,
    play.next_card ? h("div", { class: "ds-next-card", role: "status",
                                "aria-label": play.next_card.label }, play.next_card.text) : null);
}

export default createWidget({
  className: "ds-flip7",
  table: (view, press) => [view.play ? flip7PlayPanel(view, press) : null,
                           flip7Piles(view), flip7Players(view)],
  legend: playHistory,
});
