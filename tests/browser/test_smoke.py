"""The harness works end to end: JupyterLab runs a notebook, a widget click reaches the kernel."""

import sys

import pytest
from browser_harness import kernel_eval, open_and_run

pytestmark = pytest.mark.browser

COUNTER = "tests/browser/fixtures/counter.ipynb"

# Time from the click to the page showing the label the kernel wrote back; the promise is
# parked on window so the click can happen before it is awaited.
_TIME_NEXT_LABEL = """
(expected) => { window.__nextLabel = new Promise((resolve, reject) => {
  const label = document.querySelector('output[aria-label="count"]');
  let clickedAt = null;
  document.addEventListener("click", () => { clickedAt = performance.now(); },
                            { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (label.textContent === expected) {
      observer.disconnect();
      resolve(performance.now() - clickedAt);
    }
  });
  observer.observe(label, { childList: true, characterData: true, subtree: true });
  setTimeout(() => reject(new Error(`label never became ${expected}`)), 20000);
}); }
"""


def test_counter_click_reaches_kernel(jupyter_server, page, timings, tmp_path):
    open_and_run(page, jupyter_server, COUNTER)

    # The kernel is the venv's own python, not whatever else is on the machine.
    assert kernel_eval(page, "__import__('sys').prefix") == repr(sys.prefix)
    # The settings override took: every cell is attached, the last one's output included.
    mode = page.evaluate(
        "() => window.jupyterapp.shell.currentWidget.content.notebookConfig.windowingMode"
    )
    assert mode == "none"
    assert page.get_by_text("ready, count = 0").is_visible()

    button = page.get_by_role("button", name="increment")
    label = page.locator('output[aria-label="count"]')
    assert label.text_content() == "count: 0"

    latencies = []
    for expected in ("count: 1", "count: 2", "count: 3"):
        page.evaluate(_TIME_NEXT_LABEL, expected)
        button.click()
        latencies.append(page.evaluate("() => window.__nextLabel"))
    assert label.text_content() == "count: 3"
    assert kernel_eval(page, "counter.count") == "3"
    assert kernel_eval(page, "print(counter.label)") == "count: 3\n"
    page.screenshot(path=str(tmp_path / "counter.png"))

    summary = ", ".join(f"{ms:.0f}" for ms in latencies)
    print(f"click-to-redraw via kernel: {summary} ms")
    timings["click_to_redraw_ms"] = summary


def test_reopening_starts_a_fresh_kernel(jupyter_server, page):
    open_and_run(page, jupyter_server, COUNTER)
    assert kernel_eval(page, "counter.count") == "0"
    assert page.locator('output[aria-label="count"]').text_content() == "count: 0"
