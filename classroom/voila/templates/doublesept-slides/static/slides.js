// doublesept's slides (scripts/classroom.sh --slides): reveal.js from the copy the script
// fetched (static/vendor), one slide per section (jupyter/voila.py marks every heading), and
// no slide taller than the screen: once the lesson's widgets are drawn, a section taller than
// a slide is cut between its cells into as many slides as it needs, in order. The
// navigation is linear (the arrow keys and the space bar go through every slide). When the
// cutting is done, `.reveal` carries data-packed="N" (N: the slides there are now, each a
// `.slides > section` holding one `section` of cells).
(function () {
  "use strict";
  const WIDTH = 1280; // px: a projector's screen, the slide's size before reveal.js scales it
  const HEIGHT = 720;
  const READY_WAIT_MS = 20000; // cut the sections anyway if a widget never draws
  const Reveal = window.Reveal;
  const reveal = document.querySelector(".reveal");

  // the widget outputs Voila will draw: each leaves one root element once drawn
  const widgetOutputs = Array.from(
    document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]'))
    .filter((el) => el.textContent.includes("application/vnd.jupyter.widget-view+json")).length;

  const stacks = () => Array.from(document.querySelectorAll(".reveal .slides > section"));

  Reveal.initialize({
    width: WIDTH, height: HEIGHT, margin: 0.02, center: false,
    controls: true, progress: true, history: true,
    // "5 / 19": the slides are .slides > section (a widget's own <section>s are not slides,
    // though reveal.js's count would take them)
    slideNumber: (slide) => [Reveal.getIndices(slide).h + 1, " / ", stacks().length],
    navigationMode: "linear", transition: "none",
  });

  function drawn() {
    const cells = document.getElementById("rendered_cells");
    const roots = document.querySelectorAll(".ds-widget, .jp-OutputArea-output > .jupyter-widgets");
    return cells && cells.style.display !== "none" && roots.length >= widgetOutputs;
  }

  // A cell taller than `limit` px: cut in two before the first part that passes `limit` (an
  // output of a code cell, a block of prose: paragraph, list item, table; a line of a printed
  // text), the rest in a copy of the cell put after it. Returns the copy, or null when it
  // cannot be cut (one widget, one block taller than a slide).
  function splitCell(cell, limit) {
    const top = cell.getBoundingClientRect().top;
    const scale = Reveal.getScale() || 1;
    const below = (el) => (el.getBoundingClientRect().bottom - top) / scale > limit;
    // a code cell's outputs (a printed text, then a widget): cut between them
    const area = cell.querySelector(".jp-OutputArea");
    const outputs = area ? Array.from(area.children) : [];
    const at = outputs.findIndex((out, i) => i > 0 && below(out));
    if (at > 0) {
      const [copy, into] = copyDownTo(cell, area);
      into.append(...outputs.slice(at));
      cell.after(copy);
      return copy;
    }
    // one printed text, with no widget beside it: cut between its lines
    const pre = cell.querySelector(".jp-RenderedText pre");
    if (pre && !pre.children.length && outputs.length <= 1) {
      return splitText(cell, pre, limit, top, scale);
    }
    let box = cell.querySelector(".jp-RenderedMarkdown, .jp-RenderedHTMLCommon");
    while (box) {
      const blocks = Array.from(box.children);
      const cut = blocks.findIndex((b, i) => i > 0 && below(b));
      if (cut > 0) {
        const [copy, into] = copyDownTo(cell, box);
        if (box.tagName === "OL") into.start = (box.start || 1) + cut;
        into.append(...blocks.slice(cut));
        cell.after(copy);
        return copy;
      }
      // the first block alone passes the limit: cut inside it, if it is a list
      const first = blocks[0];
      box = first && (first.tagName === "UL" || first.tagName === "OL") ? first : null;
    }
    return null;
  }

  // The copy of `cell` down to `box` (each element without its children): where the rest of
  // a cut cell goes. Returns [copy, the copy of box].
  function copyDownTo(cell, box) {
    const chain = [];
    for (let el = box; el !== cell; el = el.parentElement) chain.unshift(el);
    const copy = cell.cloneNode(false);
    let into = copy;
    for (const el of chain) {
      const part = el.cloneNode(false);
      into.append(part);
      into = part;
    }
    return [copy, into];
  }

  // A printed text (a cell's output, one <pre>) cut after the last line that fits.
  function splitText(cell, pre, limit, top, scale) {
    const lines = pre.textContent.split("\n");
    const fits = (n) => {
      pre.textContent = lines.slice(0, n).join("\n");
      return (cell.getBoundingClientRect().bottom - top) / scale <= limit;
    };
    let low = 1, high = lines.length - 1, best = 0;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (fits(mid)) { best = mid; low = mid + 1; } else { high = mid - 1; }
    }
    if (!best) { pre.textContent = lines.join("\n"); return null; }
    pre.textContent = lines.slice(0, best).join("\n");
    const [copy, into] = copyDownTo(cell, pre);
    into.textContent = lines.slice(best).join("\n");
    cell.after(copy);
    return copy;
  }

  // The cells of the slide on screen, cut where the next cell would pass the slide's bottom:
  // a list of lists of cell elements (one list when it fits). A cell taller than a slide is
  // cut first (splitCell), or, when it cannot be (a widget), stays whole on a slide of its own.
  function pieces(section) {
    const cells = Array.from(section.children);
    if (!cells.length) return [];
    const limit = HEIGHT - cells[0].offsetTop - 8; // what the slide holds below its first cell
    const out = [[]];
    let top = cells[0].offsetTop;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      if (out[out.length - 1].length && cell.offsetTop + cell.offsetHeight - top > limit) {
        out.push([]);
        top = cell.offsetTop;
      }
      if (cell.offsetHeight > limit) { // the cell alone passes the slide: cut it, if it is prose
        const rest = splitCell(cell, limit);
        if (rest) cells.splice(i + 1, 0, rest);
      }
      out[out.length - 1].push(cell);
    }
    return out;
  }

  function cut() {
    const here = Reveal.getIndices();
    reveal.style.visibility = "hidden"; // the slides are walked through once to measure them
    const plan = stacks().map((stack, h) => {
      Reveal.slide(h, 0);
      const inner = stack.querySelector(":scope > section") || stack;
      return [stack, pieces(inner)];
    });
    for (const [stack, parts] of plan) {
      let after = stack;
      for (const part of parts.slice(1)) {
        const outer = document.createElement("section");
        const inner = document.createElement("section");
        inner.append(...part);
        outer.append(inner);
        after.after(outer);
        after = outer;
      }
    }
    Reveal.sync();
    Reveal.slide(here.h || 0, 0);
    reveal.style.visibility = "";
    reveal.dataset.packed = String(stacks().length);
  }

  const started = Date.now();
  (function wait() {
    if (drawn() || Date.now() - started > READY_WAIT_MS) {
      // two frames: the widgets' own first layout is done
      requestAnimationFrame(() => requestAnimationFrame(cut));
    } else {
      setTimeout(wait, 100);
    }
  })();
})();
