"""Readable colours in every state of every control (issue 21, item 4), in JupyterLab at 1280×720.

axe checks the colours of a page as it is drawn, not under the pointer nor under the keyboard
focus. This test opens one page holding each game's try-a-move widget and each game's game
against the computer (a notebook it writes to tests/browser/artifacts/contrast.ipynb, from
WIDGETS below), clicks a few controls so that every kind of control and message is on the page
(a refused move: an error reply with its rule badge; a legal one: an ok reply; a kind of move
in Double Seven's builder: an info reply, that kind and a family pressed; a folded row
unfolded; a rule card and a ruling opened when the page has their buttons; a teacher's switch
turned on; Ann's turn in Sevens, her playable cards as buttons; the setup of a new match
opened), and then, for one control of each kind in each widget (its tag, its classes,
aria-pressed, aria-expanded, disabled, and where it is: the row's verdict, the panel), in
each state:

- "normal": no pointer over it, no focus;
- "hovered": the mouse over it (Playwright's hover), checked with ``:hover``;
- "focused": keyboard focus (``element.focus()``, then Shift+Tab and Tab when Chromium did
  not mark it ``:focus-visible``), checked with ``:focus-visible``;
- pressed (aria-pressed="true") and disabled controls are kinds of their own, so each is
  seen in those states too (a disabled control is neither focused nor clicked);

it computes in the page, for every element of the control that holds text, the WCAG 2
contrast of its colour against its effective background: the background colours of it and
of its ancestors composited in order (alpha and ``opacity`` included) over the canvas
(white when no ancestor paints one; background images are not read: the widgets draw none).
It fails listing every control and state under 4.5:1 (3:1 for large text: at least 24 px, or
18.66 px and bold, as WCAG 2 says). When focused, the control must show a ring (an outline
or a box-shadow of a width and colour it has not when unfocused) whose colour has at least
3:1 against the background around it. Every other text of each widget (the board, the
messages with their badges, sources and events, the variant rules line) is read the same
way in the normal state, once per kind of element and colours.

Every check is made twice: in JupyterLab's light theme, then in its dark theme (put back to
light at the end). CSS transitions and animations are turned off in the test page by an
injected style (``* { transition: none !important; animation: none !important }``), so a
colour read right after the pointer moves is the colour the reader sees, with no wait.

It keeps tests/browser/artifacts/contrast-hovered-toggle.png: the page at 1280×720 with the
pointer on a pressed toggle (Flip 7's teacher's switch, "Hide the next card").
"""

import json
from pathlib import Path

import pytest
from browser_harness import ARTIFACTS, keep_screenshot, kernel_eval, open_and_run
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
WAIT_MS = 15_000  # a redraw takes tens of ms; this only bounds a failure
TEXT_RATIO = 4.5  # WCAG 2, 1.4.3: text
LARGE_RATIO = 3.0  # WCAG 2, 1.4.3: large text
RING_RATIO = 3.0  # WCAG 2, 1.4.11: a focus ring against what is around it
THEMES = ("JupyterLab Light", "JupyterLab Dark")

SETUP = '''\
from doublesept import double_seven, flip7, sevens
from doublesept.flip7 import DRAW, HIT
from doublesept.widgets import (DoubleSevenPlay, DoubleSevenTryMoves, Flip7Play, Flip7TryMoves,
                                SevensPlay, SevensTryMoves)
'''

# name -> the cell that makes and shows that widget (the lessons' own positions)
WIDGETS = {
    # Fan Tan after Ann's pass: the variant rules line, refused rows grouped by rule
    "sevens_try": 'SevensTryMoves(sevens.new_game(4, seed=1, preset="fan-tan").play("pass"))',
    # sevens-9: the analysis column's switch (pressed) and its levels
    "sevens_chances": '''SevensTryMoves(sevens.position("""
    players: Ann, Bob, Cy
    table: A♣-J♣ 7♦-Q♦ A♥-Q♥ 4♠-J♠
    Ann: Q♣ 6♦ K♥ 3♠ Q♠
    Bob: 2♦ 5♦ K♦ K♠
    Cy: K♣ A♦ 3♦ 4♦ A♠ 2♠
    turn: Ann
"""), analysis=True)''',
    # doubleseven-4: the builder, its kinds and tiles, rows folded to their count
    "d7_try": '''DoubleSevenTryMoves(double_seven.position("""
players: Ann, Bob
turn: Ann
Ann: rack fox, fox, fox, bird, clover, clover; families squirrel 3
Bob: rack bird; families fox 4
face-up: bear
"""), show_hands=True)''',
    # flip7-7: Bob chooses whom to freeze
    "f7_try": '''Flip7TryMoves(flip7.position("""
players: Ann, Bob, Cy, Dee
deck: Freeze, ...
Ann: 5, 9
Bob: 2, 11, 12
Cy: 7 (stayed)
Dee: 4, 8
turn: Bob
""").play(HIT).play(DRAW))''',
    # Ann against three computers, as in test_play_on_one_screen.py's fixtures (Sevens' seed 3:
    # Ann can play on her first turn, so her hand shows buttons)
    "sevens_play": 'SevensPlay(4, seat=0, levels=("easy", "medium", "hard"), seed=3)',
    "f7_play": 'Flip7Play(4, seat=0, levels=("easy", "medium", "hard"), seed=2026)',
    "d7_play": 'DoubleSevenPlay(4, seat=0, levels=("random", "greedy", "strategy"), seed=2026)',
}

NO_TRANSITIONS = ("*, *::before, *::after { transition: none !important; "
                  "animation: none !important; }")

# In the page: the colours of an element as the reader sees them, and its focus ring.
# measure(el) -> {texts: [{text, where, ratio, large, fg, bg, px, weight}] (every element in
# el that holds text; fg and bg as "#rrggbb", px the font size), rings: [{what, ratio}]
# (outline, box-shadows), hovered, focusVisible, focused}
_MEASURE = r"""
(el) => {
  const rgba = (c) => {
    const m = /rgba?\(([^)]*)\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => (top ? [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]))
                                     : bottom);
  const mix = (a, b, o) => [0, 1, 2].map((i) => a[i] * o + b[i] * (1 - o));
  const luminance = (c) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const hex = (c) => "#" + c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  // The pixel seen at `node` (its text colour when `text` is given): each ancestor's
  // background over the one beneath, from the canvas up; an ancestor's opacity mixes its
  // whole group with what is beneath it (exact for premultiplied compositing).
  const chainOf = (node) => { const c = []; for (let n = node; n; n = n.parentElement) c.push(n); return c; };
  const seen = (node, text) => {
    const chain = chainOf(node);
    const render = (i, backdrop) => {
      const s = getComputedStyle(chain[i]);
      const inner = over(rgba(s.backgroundColor), backdrop);
      const content = i === 0 ? (text ? over(text, inner) : inner) : render(i - 1, inner);
      return mix(content, backdrop, parseFloat(s.opacity));
    };
    return render(chain.length - 1, [255, 255, 255]);
  };
  const ownText = (node) => [...node.childNodes].some(
    (c) => c.nodeType === Node.TEXT_NODE && c.textContent.trim());
  const shown = (node) => node.checkVisibility({ visibilityProperty: true });
  // what a text is, for the report: its tag and classes, and its nearest ancestor's
  const describe = (n) => {
    const own = (m) => m.tagName.toLowerCase() + [...m.classList].filter((c) => c !== "ds-tried")
      .map((c) => "." + c).join("");
    const up = n.parentElement && n.parentElement.closest("[class*='ds-']");
    return own(n) + (up && n !== el ? ` in ${own(up)}` : "");
  };
  const texts = [el, ...el.querySelectorAll("*")].filter((n) => ownText(n) && shown(n)).map((n) => {
    const s = getComputedStyle(n);
    const bg = seen(n, null), fg = seen(n, rgba(s.color));
    const px = parseFloat(s.fontSize), weight = parseInt(s.fontWeight, 10);
    const large = px >= 24 || (px >= 18.66 && weight >= 700);
    const text = [...n.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE)
      .map((c) => c.textContent).join("").trim().slice(0, 40);
    return { text, where: describe(n), ratio: ratio(fg, bg), large, fg: hex(fg), bg: hex(bg), px, weight };
  });
  // The focus ring: an outline (around the element, over its parent's background when the
  // offset is not negative) or a box-shadow's colour, against what is around it.
  const s = getComputedStyle(el);
  const around = el.parentElement ? seen(el.parentElement, null) : [255, 255, 255];
  const rings = [];
  if (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) {
    const back = parseFloat(s.outlineOffset) < 0 ? seen(el, null) : around;
    const colour = over(rgba(s.outlineColor), back);
    rings.push({ what: `outline ${s.outlineWidth} ${hex(colour)}`, ratio: ratio(colour, back) });
  }
  if (s.boxShadow && s.boxShadow !== "none") {
    for (const m of s.boxShadow.matchAll(/rgba?\([^)]*\)/g)) {
      const colour = over(rgba(m[0]), around);
      rings.push({ what: `box-shadow ${hex(colour)}`, ratio: ratio(colour, around) });
    }
  }
  return { texts, rings, hovered: el.matches(":hover"), focusVisible: el.matches(":focus-visible"),
           focused: document.activeElement === el };
}
"""

# In a widget's root: one element of each kind of control, tagged data-contrast="<widget>-<n>"
# for the test to find again: [{id, kind, box (a scrolling box, not a control), disabled,
# label}].
_KINDS = r"""
(root, prefix) => {
  root.querySelectorAll("[data-contrast]").forEach((el) => el.removeAttribute("data-contrast"));
  const region = (el) => {
    const r = el.closest(".ds-play, .ds-controls, .ds-build, .ds-message, .ds-players, "
                         + ".ds-analysis, .ds-setup, .ds-area, .ds-detail, .ds-candidates");
    const row = el.closest("tr");
    return (r ? [...r.classList].filter((c) => c.startsWith("ds-")).join(".") : "")
      + (row ? " tr." + [...row.classList].filter((c) => c !== "ds-tried").join(".") : "");
  };
  const shown = (el) => el.checkVisibility({ visibilityProperty: true });
  const controls = [...root.querySelectorAll(
    "button, select, summary, a[href], input, [tabindex]:not([tabindex='-1'])")].filter(shown);
  const kinds = new Map();
  for (const el of controls) {
    const tag = el.tagName.toLowerCase();
    const classes = [...el.classList].sort().join(".");
    const kind = `${tag}${classes ? "." + classes : ""}`
      + (el.getAttribute("aria-pressed") === "true" ? " [pressed]" : "")
      + (el.getAttribute("aria-expanded") === "true" ? " [expanded]" : "")
      + (el.disabled ? " [disabled]" : "") + ` in ${region(el)}`;
    if (!kinds.has(kind)) kinds.set(kind, el);
  }
  const found = [];
  let n = 0;
  for (const [kind, el] of kinds) {
    const id = `${prefix}-${n++}`;
    el.setAttribute("data-contrast", id);
    // a scrolling box takes the focus for the keyboard: only its ring is its own
    const box = !/^(button|select|summary|a|input)$/i.test(el.tagName);
    found.push({ id, kind, box, disabled: !!el.disabled,
                 label: el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30) });
  }
  return found;
}
"""


def _notebook() -> Path:
    """Write the test page's notebook (one widget a cell) under tests/browser/artifacts/."""
    cells = [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
              "source": SETUP}]
    cells += [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
               "source": f"{name} = {code}\n{name}"} for name, code in WIDGETS.items()]
    notebook = {"cells": cells, "nbformat": 4, "nbformat_minor": 5, "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "contrast.ipynb"
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), "utf-8")
    return path


def _kernel_json(page, expr: str):
    return json.loads(kernel_eval(page, f"import json as _j; print(_j.dumps({expr}))"))


def _root(page, name):
    cell = list(WIDGETS).index(name) + 1  # after the imports
    return page.locator(".jp-Notebook .jp-Cell").nth(cell).locator(".ds-widget")


def _replied(page, root, click) -> None:
    """Click, and wait until the widget shows a new reply (its number, data-n)."""
    message = root.get_by_role("alert", name="message")
    before = message.first.get_attribute("data-n") if message.count() else None
    click()
    page.wait_for_function(
        "([el, n]) => [...el.querySelectorAll('[role=alert]')].some("
        "(m) => m.getAttribute('data-n') && m.getAttribute('data-n') !== n)",
        arg=[root.element_handle(), before], timeout=WAIT_MS)


def _every_kind_on_the_page(page) -> None:
    """Click what makes each kind of control and message appear (see the module)."""
    # a refused move of Fan Tan: the error reply, its rule badge and source, in its row
    groups = _kernel_json(page, """[dict(legal=g["legal"], labels=[m["label"] for m in g["moves"]])
        for g in sevens_try.view["candidates"]["groups"]]""")
    root = _root(page, "sevens_try")
    refused = [g for g in groups if g["legal"] is False]
    assert refused, "sevens_try refuses no move"
    _replied(page, root, lambda: root.get_by_role(
        "button", name=refused[0]["labels"][0], exact=True).first.click())
    expect(root.locator(".ds-message-error")).to_have_count(1)
    _open_cards(root.locator(".ds-message-error"))
    # a legal move of Flip 7: the ok reply
    groups = _kernel_json(page, """[dict(legal=g["legal"], labels=[m["label"] for m in g["moves"]])
        for g in f7_try.view["candidates"]["groups"]]""")
    root = _root(page, "f7_try")
    legal = next(g for g in groups if g["legal"] is True)
    _replied(page, root, lambda: root.get_by_role(
        "button", name=legal["labels"][0], exact=True).first.click())
    expect(root.locator(".ds-message-ok")).to_have_count(1)
    # Double Seven's builder: a kind of move pressed, the info reply in the builder, a family
    # picked (pressed); a row folded to its count unfolded, each move with its reason
    root = _root(page, "d7_try")
    expand = root.locator(".ds-build button.ds-build-kind").nth(1)
    _replied(page, root, expand.click)
    expect(expand).to_have_attribute("aria-pressed", "true", timeout=WAIT_MS)
    expect(root.locator(".ds-build .ds-message-info")).to_have_count(1)
    family = root.locator(".ds-players button.ds-family").first
    _replied(page, root, family.click)
    expect(root.locator(".ds-players button.ds-family[aria-pressed='true']")).to_have_count(
        1, timeout=WAIT_MS)
    toggle = root.locator("button.ds-unfold").first
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true", timeout=WAIT_MS)
    expect(root.locator("li.ds-detail").first).to_be_visible()
    _open_cards(root.locator("table.ds-candidates"))
    # the teacher's switches: Flip 7's pressed ("Hide the next card"), the others' not
    root = _root(page, "f7_play")
    switch = root.locator(".ds-play .ds-switch")
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true", timeout=WAIT_MS)
    # Sevens' game: on to Ann's turn (her playable cards are buttons); the setup of a new
    # match opened (its selects and its start button)
    root = _root(page, "sevens_play")
    _replied(page, root, lambda: root.get_by_role("button", name="play to my turn").click())
    expect(root.locator("button.ds-card-button").first).to_be_visible(timeout=WAIT_MS)
    setup = root.locator("details.ds-setup")
    setup.locator("summary").click()
    expect(setup).to_have_attribute("open", "", timeout=WAIT_MS)
    # a step of Double Seven's game: the reply in the play area
    root = _root(page, "d7_play")
    _replied(page, root, lambda: root.get_by_role("button", name="next step").click())


def _open_cards(where) -> None:
    """Open the first rule card and the first ruling in ``where``, when it has such buttons
    (common.js's cardMaker: a rule's badge, a ruling's number), so that the cards are read."""
    for kind in ("button.ds-rule-card-toggle", "button.ds-ruling"):
        buttons = where.locator(kind)
        if buttons.count():
            buttons.first.click()
            expect(where.locator(f"{kind}[aria-expanded='true']").first).to_be_visible(
                timeout=WAIT_MS)


def _park_mouse(page) -> None:
    """The pointer away from every widget, and no widget focused."""
    page.mouse.move(2, 2)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")


def _focus(page, target) -> dict:
    """Keyboard focus on ``target``: focus(), then Shift+Tab and Tab when Chromium did not mark
    it :focus-visible (a programmatic focus after a click is not), then a key press and focus()
    again when the focus did not come back to it."""
    target.focus()
    got = target.evaluate(_MEASURE)
    if not got["focusVisible"]:
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Tab")
        got = target.evaluate(_MEASURE)
    if not got["focusVisible"]:
        # Shift+Tab may have left for a control that moved the focus elsewhere (JupyterLab's
        # own keys): after a key press, Chromium marks a programmatic focus :focus-visible
        target.evaluate("el => el.blur()")
        page.keyboard.press("Shift")
        target.focus()
        got = target.evaluate(_MEASURE)
    return got


def _low(texts: list) -> list:
    """The texts under their contrast (``_MEASURE``'s texts), one line each."""
    low = []
    for t in texts:
        need = LARGE_RATIO if t["large"] else TEXT_RATIO
        if t["ratio"] < need:
            low.append(f"{t['text']!r} {t['fg']} on {t['bg']} = {t['ratio']:.2f}:1 (needs {need}, "
                       f"{t['px']:.1f}px {t['weight']})")
    return low


def _check_theme(page, theme: str) -> tuple[list, int]:
    """Every kind of control in every widget, in every state, in ``theme``: the failures, and
    how many control-states were read."""
    failures, read = [], 0
    for name in WIDGETS:
        root = _root(page, name)
        expect(root).to_have_count(1)
        # every text of the widget as it is: the board, the messages, the rules line
        _park_mouse(page)
        texts = root.evaluate(_MEASURE)["texts"]
        kinds = {(t["where"], t["fg"], t["bg"]): t for t in texts}
        read += len(kinds)
        failures += [f"{theme} · {name} · {t['where']} · normal: {low}"
                     for t in kinds.values() for low in _low([t])]
        for control in root.evaluate(_KINDS, name):
            target = page.locator(f"[data-contrast='{control['id']}']")
            where = f"{theme} · {name} · {control['kind']} ({control['label']!r})"
            _park_mouse(page)
            normal = target.evaluate(_MEASURE)
            if not control["box"]:
                failures += [f"{where} · normal: {low}" for low in _low(normal["texts"])]
                target.hover(timeout=WAIT_MS)
                hovered = target.evaluate(_MEASURE)
                assert hovered["hovered"], f"{where}: not under the pointer after hover()"
                failures += [f"{where} · hovered: {low}" for low in _low(hovered["texts"])]
                read += 2
            if control["disabled"]:
                continue
            _park_mouse(page)
            focused = _focus(page, target)
            read += 1
            if not focused["focusVisible"]:
                failures.append(f"{where} · focused: not :focus-visible by the keyboard")
                continue
            if not control["box"]:
                failures += [f"{where} · focused: {low}" for low in _low(focused["texts"])]
            # a ring the control shows only when focused (a picked Double Seven family keeps
            # its outline: the focus must add another), of 3:1 against what is around it
            unfocused = {r["what"] for r in normal["rings"]}
            rings = [r for r in focused["rings"]
                     if r["ratio"] >= RING_RATIO and r["what"] not in unfocused]
            if not rings:
                shown = ", ".join(f"{r['what']} = {r['ratio']:.2f}:1" for r in focused["rings"])
                failures.append(f"{where} · focused: no ring of {RING_RATIO}:1 "
                                f"({shown or 'no outline, no box-shadow'})")
    _park_mouse(page)
    return failures, read


def _set_theme(page, theme: str) -> None:
    page.evaluate("(theme) => window.jupyterapp.commands.execute("
                  "'apputils:change-theme', {theme})", theme)
    page.wait_for_function("(theme) => document.body.dataset.jpThemeName === theme", arg=theme,
                           timeout=WAIT_MS)


def test_every_control_is_readable_in_every_state(jupyter_server, page, timings):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_and_run(page, jupyter_server, _notebook().relative_to(REPO).as_posix())
    for name in WIDGETS:
        expect(_root(page, name)).to_have_count(1, timeout=WAIT_MS)
    page.add_style_tag(content=NO_TRANSITIONS)
    _every_kind_on_the_page(page)

    # the picture: the pointer on a pressed toggle
    switch = _root(page, "f7_play").locator(".ds-play .ds-switch")
    switch.hover()
    keep_screenshot(page, "contrast-hovered-toggle")

    failures, read = [], 0
    try:
        for theme in THEMES:
            _set_theme(page, theme)
            found, count = _check_theme(page, theme)
            failures += found
            read += count
    finally:
        _set_theme(page, THEMES[0])  # the session's later tests see the light theme
    timings["contrast_states_read"] = str(read)
    assert read > 100, f"only {read} texts and control-states read"
    assert not failures, f"{len(failures)} under their contrast:\n" + "\n".join(failures)
