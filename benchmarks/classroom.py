"""A class on one machine: N pupils open lessons at once from one Voila server.

    .venv/bin/python benchmarks/classroom.py --pupils 10
    .venv/bin/python benchmarks/classroom.py --pupils 30 --timeout 180
    .venv/bin/python benchmarks/classroom.py --pupils 10 --preheat 0      # no pool
    .venv/bin/python benchmarks/classroom.py --pupils 30 --lesson sevens-3-what-fits \
        --pool sevens-3-what-fits=30                                      # one lesson for all

Starts the classroom server as a teacher would (``bash scripts/classroom.sh`` on a free
loopback port, ``--preheat=N``: N preheated kernels per lesson, 1 by default, as the script
does; ``--pool LESSON=N`` passed on). With a pool, it first waits for the warm-up, as a
teacher starts the server before the class: until the server's log (jupyter/voila.py) says
``Preheated: <lesson>`` for every kernel of every pool, and prints how long that took and the
memory the pool holds. Then it opens N pupil sessions at once in one headless Chromium
(``/usr/bin/chromium``, one browser, one context per pupil, 1280×720). Pupil ``i`` opens the
``i``-th lesson (round the list; ``--lesson``: every pupil the same one) that has a
try-a-move table, and clicks the first visible move button (``button.ds-move:visible``, not
one in a folded row) of its first table. Its time is from asking for the page to the engine's
reply to that click on the page (the reply box holding text): the time to the first working
widget. The pupils wait on their own pages at once (asyncio): a stuck page holds up no other
pupil's figure. Then every tab is closed as a pupil closes it (its ``beforeunload`` runs and
its browser stays open until Voila's shutdown beacon is answered), and the script waits (up
to ``--settle`` seconds) for the pupils' kernels to go.

Prints ``name: value unit`` lines: ``classroom.pupils``, ``classroom.warmup_s`` and
``classroom.pool_memory_mib`` (with a pool: from the server's start to the last lesson
preheated, and the server's resident memory then), ``classroom.first_widget_median_s`` and
``classroom.first_widget_p95_s`` (over the pupils that got a reply), ``classroom.errors``
(pupils with no reply within ``--timeout``, or a page error, each described on stderr),
``classroom.pages_from_pool`` (pages the log says were sent from a preheated kernel),
``classroom.server_memory_peak_mib`` (the server and its kernels, resident memory, sampled
every half second while the pupils work), ``classroom.cpu_s`` (the CPU seconds, from the
first page asked for to the last reply, of the server and its kernels, and of the pupils'
Chromium by process kind: on one machine the pupils' browsers share its cores with the
server), ``classroom.kernels_peak``,
``classroom.kernels_left`` (pupils' kernels still running ``--settle`` seconds after every
tab closed: each kernel the log says a page used, with no ``Kernel shutdown`` line for it;
the pool's waiting kernels are not pupils' and are counted apart), the load average at the
start and the end. Goal (issue 21): 30 pupils, p95 under 20 s, 0 errors, 0 kernels left.

It is a benchmark, not a test: its figures depend on the machine and on what else runs.
First figures, before the pool (2 cores, load 10 to 19, a 100,000-game run beside it),
10 pupils: median 171.7 s, p95 178.6 s, 758 MiB, 0 kernels left: Voila ran the whole lesson
before it sent the page, so 10 lessons at once queued on 2 cores. Figures with the pool: see
README.md's classroom paragraph.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psutil
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import start_classroom

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"]
TABLE = 'table[aria-label="moves to try"]'  # the try-a-move table (widgets/common.js)


def lessons_with_a_table() -> list[str]:
    """The lessons (notebooks/*.ipynb, sorted, not the old names kept as symbolic links)
    whose cells make a try-a-move widget."""
    names = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        if path.is_symlink():
            continue
        cells = json.loads(path.read_text("utf-8"))["cells"]
        source = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        if "SevensTryMoves(" in source:
            names.append(path.name)
    return names


def kernels(server: subprocess.Popen) -> list[psutil.Process]:
    """The kernel processes under the server (ipykernel)."""
    try:
        children = psutil.Process(server.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    found = []
    for child in children:
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            pass
    return found


def resident_mib(server: subprocess.Popen) -> float:
    """The resident memory of the server and everything under it, in MiB."""
    total = 0
    try:
        root = psutil.Process(server.pid)
        for p in [root, *root.children(recursive=True)]:
            try:
                total += p.memory_info().rss
            except psutil.Error:
                pass
    except psutil.NoSuchProcess:
        pass
    return total / 2**20


def preheated_kernels(preheat: int, pools: list[str]) -> int:
    """How many kernels the server preheats: ``preheat`` for every lesson (not the old names
    kept as symbolic links, which jupyter/voila.py denies a pool), and ``--pool LESSON=N``'s
    N instead for that lesson."""
    sizes = {nb.name: preheat for nb in (ROOT / "notebooks").glob("*.ipynb")
             if not nb.is_symlink()}
    for word in pools:
        name, _, size = word.partition("=")
        sizes[name if name.endswith(".ipynb") else name + ".ipynb"] = int(size)
    return sum(sizes.values())


def pupils_kernels(log: str, preheat: bool) -> set[str]:
    """The kernel ids the server's log says were given to a page: ``Using pre-heated
    kernel: <id>`` with a pool, every ``Kernel started: <id>`` without one."""
    pattern = (r"Using pre-heated kernel: ([0-9a-f-]{36})" if preheat
               else r"Kernel started: ([0-9a-f-]{36})")
    return set(re.findall(pattern, log))


def shut_down(log: str) -> set[str]:
    """The kernel ids the server's log says were shut down."""
    return set(re.findall(r"Kernel shutdown: ([0-9a-f-]{36})", log))


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, as /proc/loadavg gives them."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 1))  # ceil(n q), at least 1
    return ordered[int(rank) - 1]


def tree(pid: int) -> list[psutil.Process]:
    """A process and everything under it."""
    try:
        root = psutil.Process(pid)
        return [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def cpu_seconds(processes: list[psutil.Process]) -> float:
    """The CPU time (user and system, s) the processes have used so far."""
    total = 0.0
    for p in processes:
        try:
            times = p.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


async def pupil(browser, i: int, lesson: str, url: str, timeout_s: float, times, errors,
                sent, loaded) -> tuple:
    """One pupil: a context of its own, the lesson asked for, a click on the first visible
    move of its first table, and the time to the engine's reply. Returns (context, page)."""
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    page = await context.new_page()
    page_errors, console_errors = [], []
    page.on("pageerror", lambda e: page_errors.append(str(e)))
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    started = time.monotonic()
    page.on("load", lambda _page: loaded.append(time.monotonic() - started))
    try:
        await page.goto(f"{url}/voila/render/{lesson}", wait_until="commit",
                        timeout=timeout_s * 1000)
        sent.append(time.monotonic() - started)
        widget = page.locator(".ds-widget").filter(has=page.locator(TABLE)).first
        button = widget.locator(f"{TABLE} button.ds-move:visible").first
        left = max(1.0, timeout_s - (time.monotonic() - started))
        await button.click(timeout=left * 1000)
        reply = widget.get_by_role("alert", name="message")
        left = max(1.0, timeout_s - (time.monotonic() - started))
        await reply.filter(has_text=re.compile(r"\S")).wait_for(timeout=left * 1000)
        times.append(time.monotonic() - started)
        print(f"pupil {i} ({lesson}): reply after {times[-1]:.1f} s", file=sys.stderr,
              flush=True)
    except Exception as err:  # noqa: BLE001 - a pupil's failure is a figure
        errors.append(f"pupil {i} ({lesson}): {type(err).__name__}: "
                      f"{str(err).splitlines()[0][:200]}"
                      + "".join(f"\n    console: {text[:300]}" for text in console_errors[:5]))
    if page_errors:
        errors.append(f"pupil {i} ({lesson}): page error: {page_errors[0][:200]}")
    return context, page


async def run_class(url: str, lessons: list, args, times, errors, sent, loaded,
                    cpu: dict) -> None:
    """Every pupil at once (each waits on its own page: one stuck page holds up no other),
    then every tab closed. Fills ``cpu["browser"]``: Chromium's CPU seconds (every process
    under this one but the server's), and ``cpu["server_after"]``: the server's and its
    kernels' CPU seconds once every pupil is done."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                   args=CHROMIUM_FLAGS)
        pupils = await asyncio.gather(*(
            pupil(browser, i, lessons[i % len(lessons)], url, args.timeout, times, errors,
                  sent, loaded) for i in range(args.pupils)))
        server = tree(cpu["server_pid"])
        cpu["server_after"] = cpu_seconds(server)
        server_pids = {p.pid for p in server}
        chromium = [p for p in tree(os.getpid())[1:] if p.pid not in server_pids]
        kinds = by_kind(chromium)
        cpu["driver"] = kinds.pop("driver", 0.0)  # Playwright's, not a pupil's browser
        cpu["browser"] = sum(kinds.values())
        cpu["browser_by_kind"] = kinds
        await asyncio.gather(*(close_tab(context, page) for context, page in pupils))
        await browser.close()


async def close_tab(context, page) -> None:
    """Close a pupil's tab as a pupil does (the page's ``beforeunload`` runs: Voila sends
    its shutdown beacon), and its browser once the beacon was answered (or after 10 s):
    closing the context at once would drop the beacon, which a pupil's browser, still
    running, sends."""
    answered = asyncio.get_running_loop().create_future()

    def finished(request):
        if "/voila/api/shutdown/" in request.url and not answered.done():
            answered.set_result(True)

    context.on("requestfinished", finished)
    context.on("requestfailed", finished)
    await page.close(run_before_unload=True)
    try:
        await asyncio.wait_for(answered, 10)
    except TimeoutError:
        pass
    await context.close()


def by_kind(processes: list[psutil.Process]) -> dict:
    """CPU seconds by Chromium process kind (``--type=renderer``, ``gpu-process``, ...;
    "browser" for the main process, "driver" for Playwright's)."""
    found: dict = {}
    for p in processes:
        try:
            line = " ".join(p.cmdline())
            times = p.cpu_times()
        except psutil.Error:
            continue
        kind = (re.search(r"--type=(\S+)", line) or [None, "browser" if "chrom" in line
                                                      else "driver"])[1]
        found[kind] = found.get(kind, 0.0) + times.user + times.system
    return {k: round(v, 1) for k, v in sorted(found.items())}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=10)
    parser.add_argument("--timeout", type=float, default=180,
                        help="seconds a pupil waits for the reply to its first click")
    parser.add_argument("--settle", type=float, default=60,
                        help="seconds to wait for the kernels to go once every tab closed")
    parser.add_argument("--preheat", type=int, default=1,
                        help="preheated kernels per lesson (scripts/classroom.sh --preheat=N); "
                             "0: none, each page runs its lesson when it is opened")
    parser.add_argument("--pool", action="append", default=[], metavar="LESSON=N",
                        help="N preheated kernels for that lesson (scripts/classroom.sh --pool)")
    parser.add_argument("--lesson", help="every pupil opens this lesson (a name of notebooks/)")
    parser.add_argument("--refill-delay", type=float,
                        help="seconds before a pool starts its next kernel once one is taken "
                             "(scripts/classroom.sh --refill-delay)")
    parser.add_argument("--warmup-timeout", type=float, default=900,
                        help="seconds to wait for every pool to be preheated")
    args = parser.parse_args(argv)
    if args.pupils < 1:
        parser.error("--pupils must be 1 or more")
    if args.preheat < 0:
        parser.error("--preheat must be 0 or more")
    for word in args.pool:
        if not re.fullmatch(r"[\w.-]+=\d+", word):
            parser.error(f"--pool {word!r}: LESSON=N")
    lessons = lessons_with_a_table()
    if args.lesson:
        lessons = [args.lesson if args.lesson.endswith(".ipynb") else args.lesson + ".ipynb"]
        if not (ROOT / "notebooks" / lessons[0]).is_file():
            parser.error(f"--lesson {args.lesson}: no such lesson in notebooks/")
    expected = preheated_kernels(args.preheat, args.pool)
    arguments = [f"--preheat={args.preheat}", *(f"--pool={word}" for word in args.pool)]
    if args.refill_delay is not None:
        arguments.append(f"--refill-delay={args.refill_delay:g}")
    load_start = load_average()
    with tempfile.TemporaryDirectory(prefix="classroom-") as folder:
        log_path = Path(folder) / "voila.log"
        started_server = time.monotonic()
        server, url = start_classroom(Path(folder), arguments, timeout_s=180)
        warmup = pool_mib = None
        if expected:
            while (count := log_path.read_text().count("Preheated: ")) < expected:
                if server.poll() is not None or (
                        time.monotonic() - started_server > args.warmup_timeout):
                    server.kill()
                    sys.exit(f"the pools were not preheated: {count} of {expected} kernels "
                             f"in {args.warmup_timeout:g} s; the log's end:\n"
                             + log_path.read_text()[-3000:])
                time.sleep(0.5)
            warmup = time.monotonic() - started_server
            pool_mib = resident_mib(server)
            print(f"classroom.warmup_s: {warmup:.1f} s ({expected} kernels preheated, "
                  f"load {load_average()})", flush=True)
        peak = {"mib": 0.0, "kernels": 0}
        sampling = threading.Event()

        def sample():
            while not sampling.is_set():
                peak["mib"] = max(peak["mib"], resident_mib(server))
                peak["kernels"] = max(peak["kernels"], len(kernels(server)))
                sampling.wait(0.5)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        times, errors = [], []
        sent, loaded = [], []  # per pupil: the page's first bytes, its load event (s)
        cpu = {"server": cpu_seconds(tree(server.pid)), "browser": 0.0,
               "server_pid": server.pid}
        try:
            asyncio.run(run_class(url, lessons, args, times, errors, sent, loaded, cpu))
            cpu["server"] = cpu["server_after"] - cpu["server"]
            deadline = time.monotonic() + args.settle
            while True:
                log = log_path.read_text()
                used = pupils_kernels(log, bool(expected))
                left = len(used - shut_down(log))
                if not left or time.monotonic() > deadline:
                    break
                time.sleep(0.5)
            running = len(kernels(server))
        finally:
            sampling.set()
            sampler.join()
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
    for line in errors:
        print(f"error: {line}", file=sys.stderr)
    print(f"classroom.pupils: {args.pupils}")
    print(f"classroom.lessons: {min(args.pupils, len(lessons))} different")
    print(f"classroom.preheat: {args.preheat} per lesson"
          + (f", pools {' '.join(args.pool)}" if args.pool else "")
          + (f", refill after {args.refill_delay:g} s" if args.refill_delay is not None else ""))
    if warmup is not None:
        print(f"classroom.warmup_s: {warmup:.1f} s ({expected} kernels)")
        print(f"classroom.pool_memory_mib: {pool_mib:.0f} MiB (the server and its pools, "
              f"once warm)")
        print(f"classroom.pages_from_pool: {len(used)} of {args.pupils}")
    if sent:
        print(f"classroom.page_sent_median_s: {statistics.median(sent):.1f} s, p95 "
              f"{percentile(sent, 0.95):.1f} s (the server's answer: its first bytes)")
    if loaded:
        print(f"classroom.page_loaded_median_s: {statistics.median(loaded):.1f} s, p95 "
              f"{percentile(loaded, 0.95):.1f} s (the browser's load event, scripts included)")
    if times:
        print(f"classroom.first_widget_median_s: {statistics.median(times):.1f} s")
        print(f"classroom.first_widget_p95_s: {percentile(times, 0.95):.1f} s")
        print(f"classroom.first_widget_max_s: {max(times):.1f} s")
    print(f"classroom.errors: {len(errors)}")
    kinds = ", ".join(f"{k} {v:.1f}" for k, v in cpu.get("browser_by_kind", {}).items())
    print(f"classroom.cpu_s: server and kernels {cpu['server']:.1f} s, the pupils' Chromium "
          f"{cpu['browser']:.1f} s ({kinds}), Playwright {cpu.get('driver', 0.0):.1f} s "
          "(from the first page asked for to the last reply)")
    print(f"classroom.server_memory_peak_mib: {peak['mib']:.0f} MiB")
    print(f"classroom.kernels_peak: {peak['kernels']}")
    print(f"classroom.kernels_left: {left} of the {len(used)} pupils' kernels "
          f"(up to {args.settle:g} s after the tabs closed)")
    print(f"classroom.kernels_running_after: {running} (the pools' waiting kernels: "
          f"{expected})")
    print(f"classroom.load_average: {load_start} at the start, {load_average()} at the end")
    return 0 if not errors and left == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
