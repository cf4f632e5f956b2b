// What the click position editors share (doublesept/widgets/editor_base.py, PositionEditor):
// a button of the view's items, the rows of edits and of rules' presets, a text field sent
// when Enter is pressed or the field is left, the position's text box and its Read button,
// the arrow keys in a grid of buttons, and the drawing loop that keeps the keyboard's place
// and what is being typed through each redraw.
//
// common.js comes first in the one module anywidget loads (`h`, `classes`, `header`,
// `controls`, `messageNode`, `cardMaker`), then this file, then the game's editor. Python
// holds the position and checks every edit with the engine: these functions only draw the
// view and send intents. Every text goes in as text, never as HTML.

function editorButton(item, press, extra = {}) {
  return h("button", {
    type: "button", "aria-label": item.label, "data-key": item.key, disabled: item.disabled,
    class: extra.class, "aria-pressed": extra.pressed, title: item.label,
    onclick: () => press(item.send, item.key),
  }, item.text);
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

// A text field whose value is sent (`send(value)`) when Enter is pressed or the field is
// left: once (Enter, then the change event that follows it, send it one time).
function editorField(value, attrs, send) {
  const field = h("input", { type: "text", value, spellcheck: "false", ...attrs });
  let sent = value;
  const done = () => {
    if (field.value === sent) return;
    sent = field.value;
    send(field.value);
  };
  field.addEventListener("change", done);
  field.addEventListener("keydown", (event) => { if (event.key === "Enter") done(); });
  return field;
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

// A grid of buttons (`data-r`, `data-c`) of which one takes Tab (roving tabindex): the
// arrow keys, Home and End move the focus among them (rows may differ in length), Enter or
// Space presses the button focused.
function editorGridKeys(grid, selector) {
  grid.addEventListener("keydown", (event) => {
    const target = event.target.closest(selector);
    if (!target) return;
    const rows = [...new Set([...grid.querySelectorAll(selector)].map((b) => Number(b.dataset.r)))];
    const width = (r) => grid.querySelectorAll(`${selector}[data-r="${r}"]`).length;
    let r = Number(target.dataset.r);
    let c = Number(target.dataset.c);
    const last = rows.length;
    if (event.key === "ArrowLeft") c = (c - 1 + width(r)) % width(r);
    else if (event.key === "ArrowRight") c = (c + 1) % width(r);
    else if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      r = (r + (event.key === "ArrowUp" ? -1 : 1) + last) % last;
      c = Math.min(c, width(r) - 1);
    } else if (event.key === "Home") c = 0;
    else if (event.key === "End") c = width(r) - 1;
    else return;
    event.preventDefault();
    const next = grid.querySelector(`${selector}[data-r="${r}"][data-c="${c}"]`);
    if (!next) return;
    for (const b of grid.querySelectorAll(selector)) b.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
  return grid;
}

// The render function of an editor: `draw(ed, view, press, typing, focusKey, message, memo)`
// returns the parts under the title, header and controls (`memo`: an object the editor
// keeps between its redraws, one per widget shown). Each redraw keeps the focused
// control (by its data-key, else its label), the text being typed in the box and its
// selection, without scrolling the page.
function editorRender(className, draw) {
  return function render({ model, el }) {
    // JupyterLab's own keys (arrows and Enter move among cells) stay out of the editor: its
    // arrow keys move among the cards, Enter and Space press the button focused
    const root = h("div", { class: `ds-widget ds-editor ${className}`,
                            "data-lm-suppress-shortcuts": "true" });
    el.append(root);
    const cards = new Set();  // the rule cards open (the message's badge)
    let textId = null;  // the text the box last took from Python
    const memo = {};  // what the editor keeps between its redraws
    const press = (intent) => { model.send(intent); };

    const redraw = () => {
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

      const toggle = (key) => { if (cards.has(key)) cards.delete(key); else cards.add(key); redraw(); };
      const message = messageNode(view, cardMaker(view, cards, toggle));
      const top = h("div", { class: "ds-top" },
        h("div", { class: "ds-ed-title" }, ed.title), header(view), controls(view, press));
      root.replaceChildren(top, ...draw(ed, view, press, typing, focusKey, message, memo));

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
    redraw();
    model.on("change:_view", redraw);
    return () => model.off("change:_view", redraw);
  };
}

// The reply's box: a long reply scrolls in it, and the keyboard can reach it (tabindex).
function editorMessage(ed, message) {
  return h("div", { class: "ds-ed-message", role: "group", tabindex: 0, "aria-label": ed.message_box },
    message);
}
