// The Double Seven table (doublesept.widgets.DoubleSevenTable, DoubleSevenTryMoves and
// DoubleSevenPlay): each player's families, rack, tokens and score; the face-up area, the
// reserve, the tiles out of the game and the token supply; the phase; and the builder of a
// several-tile move. Everything else (header, controls, message, try-a-move rows) is
// common.js, which Python puts before this file in the one module anywidget loads; `h`,
// `button`, `texts`, `classes` and `createWidget` come from there. Every word comes in the
// view; every text goes in as text. An animal is its symbol and name, its colour a stripe.

// A tile: symbol and name on a chip with the animal's colour as a stripe (never alone).
function d7Tile(tile, extra = {}) {
  const attrs = {
    class: classes("ds-tile", tile.clover && "ds-clover", extra.class),
    style: `--ds-tile: ${tile.colour}`,
    title: tile.label,
  };
  if (extra.press) {
    return h("button", { ...attrs, type: "button", "aria-label": extra.action,
                         onclick: () => extra.press({ ...extra.intent }, extra.action) },
      h("span", { class: "ds-symbol", "aria-hidden": "true" }, tile.symbol),
      h("span", { class: "ds-tile-name" }, tile.text.slice(tile.symbol.length + 1)));
  }
  return h("span", { ...attrs, role: "listitem", "aria-label": tile.label },
    h("span", { class: "ds-symbol", "aria-hidden": "true" }, tile.symbol),
    h("span", { class: "ds-tile-name" }, tile.text.slice(tile.symbol.length + 1)));
}

function d7Family(view, family, player, press) {
  const w = view.d7_words;
  const inner = [
    h("span", { class: "ds-family-number" }, `${family.number}`),
    h("span", { class: "ds-symbol", "aria-hidden": "true" }, family.tile.symbol),
    h("span", { class: "ds-family-text" }, family.text),
    h("span", { class: "ds-family-size" }, `= ${family.size_text}`),
    family.sept ? h("span", { class: "ds-tag ds-sept" }, w.sept_tag) : null,
  ];
  const cls = classes("ds-family", family.sept && "ds-family-sept", family.picked && "ds-picked");
  if (player.families_pickable && press) {
    return h("button", {
      type: "button", class: cls, style: `--ds-tile: ${family.tile.colour}`,
      "aria-label": family.action, "aria-pressed": family.picked ? "true" : "false",
      title: family.label,
      onclick: () => press({ intent: "pick_family", seat: family.seat, number: family.number },
                           family.action),
    }, inner);
  }
  return h("span", { role: "listitem", class: cls, style: `--ds-tile: ${family.tile.colour}`,
                     "aria-label": family.label, title: family.label }, inner);
}

function d7Rack(view, player, press) {
  if (player.rack === null || player.rack.length === 0) {
    return h("span", { class: "ds-rack ds-rack-hidden", role: "group", "aria-label": player.rack_label },
      player.rack_text);
  }
  const tiles = player.rack.map((tile) => (player.rack_pickable && press
    ? d7Tile(tile, { press, action: tile.action, intent: { intent: "pick", tile: tile.send } })
    : d7Tile(tile)));
  return h("span", { class: "ds-rack-line" },
    h("span", { class: "ds-rack", role: player.rack_pickable ? "group" : "list",
                "aria-label": player.rack_label }, tiles),
    h("span", { class: "ds-rack-count" }, player.rack_text));
}

function d7Players(view, press) {
  const w = view.d7_words;
  return h("ul", { class: "ds-players", "aria-label": w.players_label },
    view.players.map((player) => h("li", {
      class: classes("ds-player", player.turn && "ds-turn", player.to_move && "ds-to-move"),
    },
      h("div", { class: "ds-who" },
        h("span", { class: "ds-name" }, player.name),
        player.role ? h("span", { class: "ds-tag ds-role" }, player.role) : null,
        player.turn ? h("span", { class: "ds-tag ds-tag-turn" }, w.turn_tag) : null,
        player.first ? h("span", { class: "ds-tag" }, w.first_tag) : null,
        player.trigger ? h("span", { class: "ds-tag" }, w.trigger_tag) : null,
        player.winner ? h("span", { class: "ds-tag ds-tag-winner" }, w.winner_tag) : null,
        h("span", { class: "ds-tokens" }, player.tokens_text),
        player.double_seven ? h("span", { class: "ds-tag ds-token-77" }, w.double_seven_tag) : null,
        player.septs_text ? h("span", { class: "ds-septs" }, player.septs_text) : null,
        h("span", { class: "ds-score" }, player.score_text)),
      h("div", { class: "ds-families",
                 role: player.families_pickable ? "group" : player.families.length ? "list" : "group",
                 "aria-label": player.families_label },
        player.families.length
          ? player.families.map((f) => d7Family(view, f, player, press))
          : h("span", { class: "ds-empty" }, w.no_family)),
      d7Rack(view, player, press))));
}

function d7Area(view) {
  const w = view.d7_words;
  const area = view.area;
  const tiles = (list) => (list.length ? list.map((t) => d7Tile(t))
    : h("span", { class: "ds-empty", role: "listitem" }, w.none));
  return h("div", { class: "ds-area", role: "group", "aria-label": w.area_label },
    h("div", { class: "ds-face-up" }, w.face_up,
      h("span", { class: "ds-tiles", role: "list", "aria-label": w.face_up_label }, tiles(area.face_up))),
    h("div", { class: "ds-piles" },
      h("span", { class: "ds-reserve" }, area.reserve),
      h("span", { class: "ds-supply" }, area.supply),
      h("span", { class: "ds-supply-77" }, area.double_seven)),
    area.out.length ? h("div", { class: "ds-out" }, w.out,
      h("span", { class: "ds-tiles", role: "list", "aria-label": w.out_label }, tiles(area.out))) : null);
}

function d7Phase(view) {
  const phase = view.phase;
  return h("div", { class: classes("ds-phase", `ds-phase-${phase.phase}`), role: "status",
                    "aria-label": view.d7_words.phase_label },
    h("span", { class: "ds-phase-name" }, phase.name),
    h("span", { class: "ds-phase-text" }, texts(phase.decision)),
    phase.used.length ? h("ul", { class: "ds-used" }, phase.used.map((u) => h("li", {}, texts(u)))) : null);
}

// The builder: which move to build, what is picked, the engine's verdict, confirm and clear.
// The reply to a click in it (view.message.at === "build") takes the place of its verdict's
// reason: the same words, said once.
function d7Build(view, press, message, cardsOf) {
  const b = view.build;
  if (!b) return null;
  const state = b.legal === null ? "ds-hidden" : b.legal ? "ds-legal" : "ds-illegal";
  const reply = message && view.message && view.message.at === "build" ? message : null;
  return h("section", { class: classes("ds-build", state), "aria-label": b.label },
    h("div", { class: "ds-build-kinds", role: "group", "aria-label": b.kinds_label },
      h("span", { class: "ds-build-title" }, b.title),
      b.kinds.map((k) => button(k.text, k.label, press, { intent: "pick_kind", kind: k.kind },
                                { class: "ds-build-kind", pressed: k.pressed ? "true" : "false" }))),
    h("div", { class: "ds-build-move" },
      b.text !== null ? h("code", { class: "ds-build-text" }, b.text) : null,
      b.verdict ? h("span", { class: "ds-verdict" }, b.verdict) : null,
      b.picked.length || b.families.length ? h("span", { class: "ds-build-picked" }, b.picked_label,
        b.families.map((f) => h("span", { class: "ds-build-family" }, f.text)),
        b.picked.map((t) => d7Tile(t, { press, action: t.action, intent: { intent: "unpick", tile: t.send } }))) : null,
      h("span", { class: "ds-build-controls" },
        button(b.confirm.text, b.confirm.label, press, { intent: "confirm" },
               { class: "ds-confirm", disabled: b.confirm.disabled }),
        button(b.clear.text, b.clear.label, press, { intent: "clear" }, { disabled: b.clear.disabled }))),
    reply || h("div", { class: "ds-build-reason" },
      cardsOf ? cardsOf.link(b.reason, "", "build") : texts(b.reason),
      b.rule_id ? h("code", {}, b.rule_id) : null,
      b.source ? h("div", { class: "ds-cite" }, b.source) : null));
}

export default createWidget({
  className: "ds-doubleseven",
  table: (view, press, message, cardsOf) => [playPanel(view, press), d7Phase(view), d7Area(view),
                                             d7Players(view, press),
                                             d7Build(view, press, message, cardsOf)].filter(Boolean),
  legend: playHistory,
});
