"""One background asyncio loop per process, for the aiohttp servers skill-eval hosts.

The gateway and the scripted endpoint live in the driver or in a Ray worker whose main thread
is busy with blocking work (Docker calls); both share this loop instead of each spinning up
their own thread.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from aiohttp import web

from runner.sockets import unix_address

T = TypeVar("T")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def background_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _lock:
        if _loop is None or _loop.is_closed():
            loop = asyncio.new_event_loop()
            thread = threading.Thread(target=loop.run_forever, name="skill-eval-aio", daemon=True)
            thread.start()
            _loop = loop
        return _loop


def run_sync(coro: Coroutine[Any, Any, T], timeout: float | None = 30.0) -> T:
    """Run a coroutine on the background loop and wait for its result."""
    return asyncio.run_coroutine_threadsafe(coro, background_loop()).result(timeout)


class HostedApp:
    """An aiohttp application served on the background loop at a TCP port or a Unix socket."""

    def __init__(self, app: web.Application) -> None:
        # handler_cancellation: a handler whose client went away (a killed sandbox) is
        # cancelled, so an upstream request stops instead of running, and billing, to the end.
        # A short shutdown_timeout: stopping never waits on a session that is already over.
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     handler_cancellation=True, shutdown_timeout=2.0)
        self.url = ""

    def start_tcp(self, host: str = "127.0.0.1", port: int = 0) -> str:
        async def go() -> str:
            await self._runner.setup()
            site = web.TCPSite(self._runner, host, port)
            await site.start()
            server = site._server
            assert server is not None
            sockets = getattr(server, "sockets", None) or []
            bound = sockets[0].getsockname()[1]
            return f"http://{host}:{bound}"

        self.url = run_sync(go())
        return self.url

    def start_unix(self, path: str) -> None:
        async def go() -> None:
            await self._runner.setup()
            with unix_address(path) as address:  # a deep scratch root: see runner.sockets
                await web.UnixSite(self._runner, address).start()

        run_sync(go())

    def stop(self) -> None:
        run_sync(self._runner.cleanup())


def serve_until_interrupted(started: Callable[[], None], stop: Callable[[], None]) -> None:
    """A foreground command serving until Ctrl-C (`serve-model`, `view`): `started` once the
    server listens, `stop` however it ends."""
    try:
        started()
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        stop()
