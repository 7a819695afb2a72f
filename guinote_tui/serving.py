"""``guinote serve``: the game in a browser, behind a token, an Origin check and a limit on games.

textual-serve (the optional ``serve`` extra) starts one ``python -m guinote_tui
play`` process for every WebSocket that connects to it, and that process takes
keys from the socket. Left as it comes, any web page the player visits could
open that socket from the browser, and any program on the machine could too.
:class:`GuardedServer` keeps textual-serve's page, scripts and protocol and
puts a door in front of them:

* **A token.** A fresh ``secrets.token_urlsafe(32)`` per run, printed in the
  address (``http://127.0.0.1:8000/?token=...``). The page wants it in its
  query (``?token=``), the socket in its path (``/ws/<token>``: textual-serve's
  script appends ``?width=..&height=..`` to the socket address, so the token
  cannot sit in that query). Both are compared in constant time
  (:func:`hmac.compare_digest`). Without it: 403, and nothing starts.
* **The page's own origin.** A browser always sends ``Origin`` when a page
  opens a WebSocket; the socket is accepted only when it equals the page's own
  ``scheme://host:port`` (the ``Host`` the browser asked for), so another site,
  even one that learnt the token, cannot drive the game from its page. A
  request with no ``Origin`` does not come from a browser page: it still needs
  the token (a local program could forge any ``Origin`` anyway, so the token is
  the barrier against it).
* **A limit on games.** At most ``max_sessions`` (default 1) games at once;
  one more is refused with 503 before its process starts, and the page says
  so in one line.
* **Saving.** Each game gets ``GUINOTE_SERVED=1`` (:mod:`guinote_tui.saveguard`):
  its ctrl+s dialog writes only inside the data directory.
* **Loopback by default.** Binding anything else is announced with a warning
  (:func:`announcement`), and the printed address is one a browser can use
  (the host name for ``0.0.0.0`` and ``::``, never ``0.0.0.0``). The page
  builds the socket's address from the address the browser used.

The page's address (with its token) is printed on the terminal that ran
``guinote serve``; the requests themselves are not logged, only refusals (with
the peer's address, never a token).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import shlex
import signal
import socket
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import aiohttp_jinja2
import click
import jinja2
from aiohttp import WSCloseCode, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from .addresses import is_loopback
from .i18n import _, ngettext
from .saveguard import SERVED_ENV

WILDCARDS = frozenset({"", "0.0.0.0", "::"})
"""Addresses that bind every interface."""

PAGE_HEADERS = {
    "Cache-Control": "no-store",  # the page holds the token
    "Referrer-Policy": "no-referrer",  # ...which must not leave with a request for a font or a link
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
}


def game_command() -> str:
    """The command that starts one game (a shell command line, as textual-serve wants it)."""
    return f"{shlex.quote(sys.executable)} -m guinote_tui play"



def url_host(host: str) -> str:
    """``host`` as it is written in a URL (IPv6 addresses in brackets)."""
    host = host.strip()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def page_url(host: str, port: int, token: str) -> str:
    return f"http://{url_host(host)}:{port}/?token={token}"


@dataclass(frozen=True)
class Announcement:
    """What ``guinote serve`` prints once it listens: ``warning`` (for stderr, or None) and ``lines``."""

    warning: str | None
    lines: list[str] = field(default_factory=list)


def announcement(host: str, port: int, token: str, max_sessions: int, hostname: str | None = None) -> Announcement:
    """The address to open (one a browser can use) and, beyond loopback, a warning.

    >>> a = announcement("127.0.0.1", 8000, "T", 1)
    >>> a.warning is None, a.lines[0]
    (True, 'Guiñote is served at http://127.0.0.1:8000/?token=T')
    >>> a = announcement("0.0.0.0", 8000, "T", 1, hostname="box")
    >>> a.warning.startswith("Warning: listening on 0.0.0.0")
    True
    >>> for line in a.lines[:2]:
    ...     print(line)
    Guiñote is served at http://127.0.0.1:8000/?token=T
    From another machine: http://box:8000/?token=T (or this machine's network address in place of box)
    """
    hint = ngettext(
        "Open this address in a browser (the page and the game need its token). One game at a time; "
        "Ctrl+C stops the server.",
        "Open this address in a browser (the page and the game need its token). At most {n} games at a time; "
        "Ctrl+C stops the server.",
        max_sessions,
    ).format(n=max_sessions)
    if is_loopback(host):
        return Announcement(None, [_("Guiñote is served at {url}").format(url=page_url(host, port, token)), hint])
    if host.strip() in WILDCARDS:
        name = hostname or socket.gethostname()
        local = "::1" if host.strip() == "::" else "127.0.0.1"
        warning = _(
            "Warning: listening on {host}, every network interface, not only this computer: anyone who can reach "
            "port {port} here and learns the address below can play, and the address travels unencrypted (plain HTTP)."
        ).format(host=host.strip() or "*", port=port)
        lines = [
            _("Guiñote is served at {url}").format(url=page_url(local, port, token)),
            _("From another machine: {url} (or this machine's network address in place of {name})").format(
                url=page_url(name, port, token), name=name
            ),
        ]
        return Announcement(warning, [*lines, hint])
    warning = _(
        "Warning: listening on {host}, which other machines may reach: anyone who can reach port {port} there "
        "and learns the address below can play, and the address travels unencrypted (plain HTTP)."
    ).format(host=host, port=port)
    return Announcement(warning, [_("Guiñote is served at {url}").format(url=page_url(host, port, token)), hint])


class GameService(AppService):
    """One game's process, started with :data:`~guinote_tui.saveguard.SERVED_ENV` set (and ``extra_environment``)."""

    extra_environment: Mapping[str, str] = {}

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width=width, height=height)
        environment.update(self.extra_environment)
        environment[SERVED_ENV] = "1"
        return environment

    async def stop(self) -> None:
        """Stop the game, then close its input and wait for it and its pipes to finish.

        textual-serve leaves the input open and never waits for the process: its pipes are then closed
        only when collected, possibly after the event loop has closed ("Event loop is closed").
        """
        await super().stop()
        process = self._process
        if process is None:
            return
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), timeout=10)  # returns once it has exited and every pipe is shut
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                process.kill()


class GuardedServer(Server):
    """textual-serve's server with a token, an Origin check and at most ``max_sessions`` games at once."""

    def __init__(
        self,
        command: str,
        host: str = "127.0.0.1",
        port: int = 8000,
        *,
        max_sessions: int = 1,
        token: str | None = None,
        title: str = "Guiñote",
        game_environment: Mapping[str, str] | None = None,
    ) -> None:
        """``game_environment``: added to each game's environment (``GUINOTE_LANG`` for ``guinote --lang``)."""
        super().__init__(command, host=host, port=port, title=title)
        if max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")
        self.token = token or secrets.token_urlsafe(32)
        self.max_sessions = max_sessions
        self.game_environment = dict(game_environment or {})
        self.sessions = 0  # games running now (their sockets accepted, their processes not yet stopped)
        self.sockets: set[web.WebSocketResponse] = set()

    # -- the checks -------------------------------------------------------------------------------

    def token_ok(self, given: str) -> bool:
        return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), self.token.encode("utf-8"))

    def refuse(self, request: web.Request, error: type[web.HTTPException], reason: str) -> web.HTTPException:
        click.echo(_("Refused a request from {peer}: {reason}").format(peer=request.remote, reason=reason), err=True)
        return error(text=reason + "\n")

    def check_token(self, request: web.Request, given: str) -> None:
        if not self.token_ok(given):
            raise self.refuse(
                request,
                web.HTTPForbidden,
                _("Forbidden: open the whole address that guinote serve printed (token included)."),
            )

    def check_origin(self, request: web.Request) -> None:
        """A browser's ``Origin`` must be the page's own; a request without one (not from a page) passes."""
        origin = request.headers.get("Origin")
        if origin is not None and origin.lower() != f"{request.scheme}://{request.host}".lower():
            raise self.refuse(
                request, web.HTTPForbidden, _("Forbidden: the game accepts connections only from its own page.")
            )

    def check_room(self, request: web.Request) -> None:
        if self.sessions >= self.max_sessions:
            reason = ngettext(
                "Busy: a game is already being played here, and only one at a time is allowed. Reload this page "
                "once it has ended, or restart guinote serve with --max-sessions.",
                "Busy: {n} games are already being played here, the most allowed. Reload this page once one has "
                "ended, or restart guinote serve with a higher --max-sessions.",
                self.max_sessions,
            ).format(n=self.max_sessions)
            raise self.refuse(request, web.HTTPServiceUnavailable, reason)

    # -- the application ----------------------------------------------------------------------------

    def make_app(self) -> web.Application:
        """The page (``/``), the game's socket (``/ws/<token>``) and textual-serve's static files."""
        app = web.Application()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_socket_without_token),
                web.get("/ws/{token}", self.handle_websocket, name="websocket"),
                # The page's scripts, styles and images: public files of textual-serve, without a listing.
                web.static("/static", self.statics_path, name="static"),
            ]
        )
        app.on_shutdown.append(self.close_sockets)
        return app

    async def _make_app(self) -> web.Application:
        return self.make_app()

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        self.check_token(request, request.query.get("token", ""))
        self.check_room(request)
        # The socket's address is built from the address the browser used, so it works whatever
        # was bound (0.0.0.0 included) and its origin is the page's own.
        scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{scheme}://{request.host}/ws/{self.token}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers.update(PAGE_HEADERS)
        return response

    async def handle_socket_without_token(self, request: web.Request) -> web.StreamResponse:
        self.check_token(request, "")
        raise AssertionError("unreachable: an empty token is never right")  # pragma: no cover

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        self.check_token(request, request.match_info["token"])
        self.check_origin(request)
        self.check_room(request)
        self.sessions += 1  # no await since the check: two sockets cannot both take the last place
        try:
            return await self.play(request)
        finally:
            self.sessions -= 1

    async def play(self, request: web.Request) -> web.WebSocketResponse:
        """One game for one socket (as textual-serve's ``handle_websocket``, with :class:`GameService`)."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        app_service: AppService | None = None
        try:
            await websocket.prepare(request)
            self.sockets.add(websocket)

            async def close() -> None:
                await websocket.close()

            app_service = GameService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            app_service.extra_environment = self.game_environment
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # as textual-serve: one game's failure does not stop the server
            problem = f"{error.__class__.__name__}: {error}"
            click.echo(_("A game stopped on an error: {problem}").format(problem=problem), err=True)
        finally:
            self.sockets.discard(websocket)
            if app_service is not None:
                await app_service.stop()
        return websocket

    async def close_sockets(self, app: web.Application) -> None:
        for websocket in list(self.sockets):
            await websocket.close(code=WSCloseCode.GOING_AWAY)

    # -- running ----------------------------------------------------------------------------------

    async def start(self) -> web.AppRunner:
        """Listen (an :class:`OSError` if the address cannot be bound); ``self.port`` is then the bound port."""
        runner = web.AppRunner(self.make_app(), handle_signals=False, access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self.port = int(runner.addresses[0][1])
        return runner

    async def run(self, ready: Callable[[GuardedServer], None]) -> None:
        """Listen, call ``ready``, then serve until SIGINT or SIGTERM."""
        runner = await self.start()
        try:
            ready(self)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for number in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
                    loop.add_signal_handler(number, stop.set)
            await stop.wait()
        finally:
            await runner.cleanup()

    def serve(self, debug: bool = False) -> None:
        """Serve until interrupted, printing the address (and any warning) once listening."""
        self.debug = debug

        def ready(server: GuardedServer) -> None:
            said = announcement(server.host, server.port, server.token, server.max_sessions)
            if said.warning:
                click.echo(said.warning, err=True)
            for line in said.lines:
                click.echo(line)

        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(self.run(ready))
