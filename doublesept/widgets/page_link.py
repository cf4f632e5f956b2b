"""The page's own address as a link (issue 24): open the position a page's address carries.

A link to a position is a page's address with the link's token after ``#`` (or in
``?position=``), ``core.links``' format: ``.../referee-sevens.ipynb#ds1.sevens.eNq...``.
``PageLink(on_link)`` is a widget that draws nothing: once the page draws it, its ES module
(``widgets/page_link.js``) sends the page's address as an intent,
``{"intent": "address", "href": <the address now>, "opened": <the address opened>}``,
and again when the reader changes the link in the address bar. Python checks the message
(its intent, its fields and their types) and hands the link the address carries to
``on_link(text)`` (a referee's ``open_link``, which reads it strictly and says the engine's
message for a link that does not read). A link is handed on once: drawing the widget again
(a second view, a notebook scrolled) does not open it again over the reader's work.

``address`` is the page's address without its link, so "Copy link" can give a whole
address (``whole(token)``), not only the token. In JupyterLab it is the notebook's page
(``/lab/tree/notebooks/referee-sevens.ipynb``), in Voila the app's page
(``/voila/render/referee-sevens.ipynb``), in the zero-install site the site's page that
opens the notebook (``lab/index.html?path=notebooks/referee-sevens.ipynb``). JupyterLab and
JupyterLite may rewrite the address bar while a notebook opens (JupyterLab drops the
fragment, JupyterLite the fragment and ``?path=``): the address the page was opened at
(``opened``, the navigation's) gives the link when the address now holds none, and
JupyterLite's ``?path=`` when the address now lost it.

Imports: ``core.links`` (its limits); no game.
"""

from __future__ import annotations

from typing import ClassVar
from urllib.parse import parse_qsl, urlsplit, urlunsplit

import anywidget

from .._assets import widget_asset
from ..core.links import MAX_LINK
from .text import short

__all__ = ["MAX_ADDRESS", "PageLink", "link_in", "without_link"]

# characters: the longest page address kept for "Copy link" (without its link). The link an
# address carries is handed on whatever its length: the engine refuses one longer than its
# MAX_LINK with its own words, before reading anything else (core.links).
MAX_ADDRESS = MAX_LINK + 2048


def link_in(address: str) -> str | None:
    """The link ``address`` carries: its fragment (after ``#``), else its ``position=``
    query parameter; None when it carries none (a page opened plainly)."""
    parts = urlsplit(address)
    if parts.fragment:
        return parts.fragment
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        if name == "position":
            return value
    return None


def without_link(address: str) -> str:
    """``address`` without the link it carries: no fragment, no ``position=`` parameter (its
    other parameters, JupyterLite's ``?path=`` say, stay)."""
    parts = urlsplit(address)
    query = "&".join(part for part in parts.query.split("&")
                     if part and part.partition("=")[0] != "position")
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


class PageLink(anywidget.AnyWidget):
    """Reads the page's address once drawn and hands the link it carries to ``on_link``.

    ``address``: the page's address without its link ('' until the page sent it);
    ``link``: the link text handed on last (None if none yet); ``message``: why the last
    message from the page was refused ('' if none). ``handle_message(content)`` is the one
    entry point, the same path as the page's message (tests call it directly).
    """

    _esm = widget_asset("page_link.js").read_text(encoding="utf-8")
    INTENTS: ClassVar[dict] = {"address": {"href": str, "opened": str}}

    def __init__(self, on_link=None, **kwargs):
        super().__init__(**kwargs)
        self._on_link = on_link
        self.address = ""
        self.link: str | None = None
        self.message = ""
        self.on_msg(self._on_msg)

    def whole(self, token: str) -> str:
        """The address of ``token`` on this page: the page's address, ``#``, the token; the
        token alone while the page has not said its address."""
        return f"{self.address}#{token}" if self.address else token

    # ---- messages from the page

    def _on_msg(self, _widget, content, _buffers) -> None:
        try:
            self.handle_message(content)
        except Exception as error:  # noqa: BLE001 - a bug shows, it does not kill the comm
            self.message = f"The page's address could not be read: {short(error, 120)}"

    def handle_message(self, content) -> bool:
        """Check one message from the page and act on it; True if it was accepted."""
        if not isinstance(content, dict):
            return self._refuse(f"a message must be an object with an 'intent', not "
                                f"{short(content)}")
        intent = content.get("intent")
        if not isinstance(intent, str) or intent not in self.INTENTS:
            return self._refuse(f"unknown intent {short(intent)}: this widget knows 'address'")
        fields = self.INTENTS[intent]
        extra = sorted(short(k, 20) for k in content if k != "intent" and k not in fields)
        if extra:
            return self._refuse(f"the {intent!r} message has unexpected fields: "
                                f"{', '.join(extra[:3])}")
        for name, kind in fields.items():
            value = content.get(name)
            if type(value) is not kind:
                return self._refuse(f"the {intent!r} message needs {name!r} as text, not "
                                    f"{short(value)}")
        return self._address(content["href"], content["opened"])

    def _refuse(self, why: str) -> bool:
        self.message = f"Message refused: {why}."
        return False

    def _address(self, href: str, opened: str) -> bool:
        """The page's address: keep it without its link, and hand on the link it carries
        (the address now, else the address the page was opened at), unless it was handed on
        already."""
        self.message = ""
        here = without_link(href)
        # JupyterLite drops the ?path= that opens the notebook from the address bar: the
        # address opened has it (and only it is kept: JupyterLab's ?reset is not the page's)
        now, first = urlsplit(here), urlsplit(opened)
        if not now.query and first.path == now.path:
            path = "&".join(part for part in first.query.split("&")
                            if part.partition("=")[0] == "path")
            here = urlunsplit(now._replace(query=path))
        self.address = here if len(here) <= MAX_ADDRESS else ""
        link = link_in(href)
        if link is None and opened:
            link = link_in(opened)
        if link is None or link == self.link:
            return True
        self.link = link
        if self._on_link is not None:
            self._on_link(link)
        return True
