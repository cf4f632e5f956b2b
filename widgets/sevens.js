// The Sevens table (doublesept.widgets.SevensTable and TryMoves): the four rows, the
// players and their hands, the legend. Everything else (header, controls, message,
// try-a-move rows) is common.js, which Python puts before this file in the one module
// anywidget loads; `h`, `classes` and `createWidget` come from there.

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

function sevensPlayers(view) {
  return h("ul", { class: "ds-players", "aria-label": view.players_label },
    view.players.map((player) => h("li", { class: classes("ds-player", player.to_move && "ds-to-move") },
      h("span", { class: "ds-marker", "aria-hidden": "true" }, player.to_move ? "▶" : ""),
      h("span", { class: "ds-name" }, player.name),
      player.dealer ? h("span", { class: "ds-tag" }, view.dealer_tag) : null,
      player.to_move ? h("span", { class: "ds-tag ds-tag-turn" }, view.to_play_tag) : null,
      h("span", { class: "ds-hand", "aria-label": player.hand_label },
        player.cards === null || player.cards.length === 0
          ? h("span", { class: "ds-count" }, player.count_text)
          : player.cards.map((c) => h("span", {
              class: classes("ds-card", c.red && "ds-red", c.playable && "ds-playable"),
              title: c.title,
            }, c.text))),
      h("span", { class: "ds-score" }, player.score_text))));
}

function sevensLegend(view) {
  return h("ul", { class: "ds-legend", "aria-label": view.legend_label },
    view.legend.map((item) => h("li", {},
      h("span", { class: classes("ds-slot", item.class, item.red && "ds-red"), "aria-hidden": "true" }, item.text),
      ` ${item.words}`)));
}

export default createWidget({
  className: "ds-sevens",
  table: (view) => [sevensRows(view), sevensPlayers(view)],
  legend: sevensLegend,
});
