// The Sevens table (doublesept.widgets.SevensTable, SevensTryMoves and SevensPlay): the four rows,
// the players and their hands, the legend; for SevensTryMoves the switch of the analysis column;
// for SevensPlay the play panel (step, run, levels, the teacher's switch), the match
// scoreboard, the round's history and the setup of a new match. Everything else (header,
// controls, message, try-a-move rows) is common.js, which Python puts before this file in
// the one module anywidget loads; `h`, `classes`, `button`, `texts` and `createWidget` come
// from there. Every word comes in the view; every choice is checked again in Python.

function sevensRows(view) {
  return h("div", { class: "ds-rows", role: "group", "aria-label": view.table_label },
    view.rows.map((row) => h("div", { class: "ds-row", role: "list", "aria-label": row.label },
      h("span", { class: classes("ds-suit", row.red && "ds-red"), "aria-hidden": "true" }, row.suit),
      row.slots.map((slot) => h("span", {
        role: "listitem",
        class: classes("ds-slot", `ds-${slot.where}`, row.red && "ds-red",
                       slot.playable && "ds-playable", slot.last && "ds-last"),
        "aria-label": slot.label,
        title: slot.label,
      }, slot.text)))));
}

// A card of a hand: a button that plays it when it is the reader's and playable now
// (SevensPlay sends `send` then), else a plain card.
function sevensCard(c, press) {
  if (c.send) {
    return button(c.text, c.label, press, { intent: "play", move: c.send },
                  { class: classes("ds-card", "ds-card-button", c.red && "ds-red", "ds-playable"),
                    title: c.title });
  }
  return h("span", {
    class: classes("ds-card", c.red && "ds-red", c.playable && "ds-playable"),
    title: c.title,
  }, c.text);
}

function sevensPlayers(view, press) {
  return h("ul", { class: "ds-players", "aria-label": view.players_label },
    view.players.map((player) => h("li", { class: classes("ds-player", player.to_move && "ds-to-move",
                                                          player.mine && "ds-mine") },
      h("span", { class: "ds-marker", "aria-hidden": "true" }, player.to_move ? "▶" : ""),
      h("span", { class: "ds-name" }, player.name),
      player.role ? h("span", { class: "ds-tag ds-role" }, player.role) : null,
      player.dealer ? h("span", { class: "ds-tag" }, view.dealer_tag) : null,
      player.to_move ? h("span", { class: "ds-tag ds-tag-turn" }, view.to_play_tag) : null,
      h("span", { class: "ds-hand", "aria-label": player.hand_label },
        player.cards === null || player.cards.length === 0
          ? h("span", { class: "ds-count" }, player.count_text)
          : player.cards.map((c) => sevensCard(c, press))),
      h("span", { class: "ds-score" }, player.score_text))));
}

// Fan Tan: the pot beside the rows (each stack is in its player's line)
function sevensRowsAndPot(view) {
  if (!view.pot_text) return sevensRows(view);
  return h("div", { class: "ds-rows-pot" }, sevensRows(view),
    h("div", { class: "ds-pot ds-table-pot" }, view.pot_text));
}

function sevensLegend(view) {
  return h("ul", { class: "ds-legend", "aria-label": view.legend_label },
    view.legend.map((item) => h("li", {},
      h("span", { class: classes("ds-slot", item.class, item.red && "ds-red"), "aria-hidden": "true" }, item.text),
      ` ${item.words}`)));
}

// ---- SevensTryMoves: the analysis column's switch and its level (the column is common.js's)

function sevensAnalysis(view, press) {
  const analysis = view.analysis;
  if (!analysis || (!analysis.switch && !analysis.on)) return null;
  const items = [];
  if (analysis.switch) {
    items.push(button(analysis.switch.text, analysis.switch.label, press,
                      { intent: "analysis", show: !analysis.switch.pressed },
                      { class: "ds-switch", pressed: analysis.switch.pressed ? "true" : "false" }));
  }
  if (analysis.levels.length) {
    items.push(h("span", { class: "ds-levels", role: "group", "aria-label": analysis.level_group },
      h("span", { class: "ds-levels-name" }, analysis.level_group),
      analysis.levels.map((l) => button(l.text, l.label, press, { intent: "analysis_level", level: l.level },
                                        { class: "ds-level", pressed: l.pressed ? "true" : "false" }))));
  }
  const heading = view.candidates && view.candidates.chances_heading;
  return h("div", { class: "ds-analysis" },
    h("div", { class: "ds-play-controls" }, items),
    heading ? texts(heading, "ds-chances-heading") : null);
}

// ---- SevensPlay: the game against the computer (the panel and history are in common.js)

// The match scoreboard: each finished round's penalty points, the totals, the chips.
function sevensScoreboard(view) {
  const board = view.scoreboard;
  if (!board) return null;
  const table = h("table", { class: "ds-scoreboard", "aria-label": board.title },
    h("thead", {}, h("tr", {}, board.head.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", {}, board.rows.map((row) => h("tr", { class: classes(row.you && "ds-you", row.winner && "ds-winner") },
      h("th", { scope: "row" }, row.name, row.winner ? h("span", { class: "ds-tag" }, board.winner_tag) : null),
      row.cells.map((cell) => h("td", { class: classes(cell.won && "ds-won"), title: cell.label,
                                        "aria-label": cell.label }, cell.text)),
      h("td", { class: "ds-total" }, row.total),
      row.chips === null ? null : h("td", { class: "ds-chips" }, row.chips)))));
  return h("section", { class: "ds-match-score", "aria-label": board.title },
    h("div", { class: "ds-score-title" }, board.title),
    h("div", { class: "ds-score-goal" }, board.goal),
    board.pot ? h("div", { class: "ds-pot" }, board.pot) : null,
    table);
}

// A new match: players, seat, rules, rounds; Python checks every value it is sent.
function sevensSetup(view, press) {
  const setup = view.setup;
  if (!setup) return null;
  const selects = {};
  const field = (name) => {
    const spec = setup[name];
    const select = h("select", { "aria-label": spec.label },
      spec.choices.map((c) => h("option", { value: c.value, selected: c.value === spec.value }, c.text)));
    selects[name] = select;
    return h("label", { class: "ds-setup-field" }, spec.label, " ", select);
  };
  const fields = ["players", "seat", "preset", "rounds"].map(field);
  const start = h("button", {
    type: "button", class: "ds-setup-start", "aria-label": setup.start.label,
    onclick: () => press({ intent: "setup", players: selects.players.value, seat: selects.seat.value,
                           preset: selects.preset.value, rounds: selects.rounds.value },
                         setup.start.label),
  }, setup.start.text);
  return h("details", { class: "ds-setup" }, h("summary", {}, setup.title),
    h("div", { class: "ds-setup-fields" }, fields, start));
}

export default createWidget({
  className: "ds-sevens",
  // only nodes: the page's replaceChildren would write a null as the text "null"
  table: (view, press) => [view.play ? playPanel(view, press) : null,
                           sevensAnalysis(view, press), sevensRowsAndPot(view),
                           sevensPlayers(view, press), sevensScoreboard(view),
                           sevensSetup(view, press)].filter(Boolean),
  legend: (view) => (view.play
    ? h("div", { class: "ds-sevens-after" }, sevensLegend(view), playHistory(view))
    : sevensLegend(view)),
});
