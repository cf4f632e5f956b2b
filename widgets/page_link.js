// The page's own address, sent to Python (doublesept/widgets/page_link.py; issue 24).
//
// A link to a position is the page's address with the link's token after "#" (or in
// "?position="). Once drawn, this module sends the address to Python as an intent:
//   {intent: "address", href: <the address now>, opened: <the address the page was opened at>}
// `opened` is the navigation's own address (JupyterLab and JupyterLite may rewrite the
// address bar while the notebook opens, before this widget is drawn). When the reader changes
// the link in the address bar (the fragment only: the page does not reload), it is sent again.
// Python reads and checks everything; this module draws nothing and decides nothing.

function openedAt() {
  try {
    const [entry] = performance.getEntriesByType("navigation");
    return entry && typeof entry.name === "string" ? entry.name : "";
  } catch (_error) {
    return "";
  }
}

function render({ model, el }) {
  el.classList.add("ds-page-link");
  el.hidden = true;  // nothing to see: the referee around it says what the link held
  const opened = openedAt();
  const send = () => model.send({ intent: "address", href: String(window.location.href),
                                  opened: String(opened) });
  send();
  window.addEventListener("hashchange", send);
  return () => window.removeEventListener("hashchange", send);
}

export default { render };
