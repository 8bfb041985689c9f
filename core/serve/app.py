"""The web table's HTTP and WebSocket API (Starlette) and the server (uvicorn).

Every error a request can cause is a diagnostic as JSON (``{"errors": [...]}``, the shape
``--format json`` writes, docs/errors.md) with status 400 (404 for an unknown game or
card), never a traceback; a bug is HF002 with status 500. docs/serve.md lists the routes.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Callable, Sequence
from importlib.resources import files
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from hexforge.core.codes import INTERNAL_ERROR
from hexforge.core.engine import Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.errors import Diagnostic, ExitCode, HexforgeError
from hexforge.core.render.codes import UNKNOWN_CARD
from hexforge.core.render.viewer import stepper_asset
from hexforge.core.report import diagnostic_dict
from hexforge.core.serve.codes import BAD_REQUEST, CANNOT_LISTEN, UNKNOWN_TABLE
from hexforge.core.serve.tables import LANGUAGES, Tables
from hexforge.core.serve.watch import replay_view
from hexforge.core.serve.words import words

NOT_FOUND = frozenset({UNKNOWN_TABLE, UNKNOWN_CARD})
WAIT_SECONDS = 10.0
"""How long ``GET /api/tables/ID?wait=VERSION`` waits for the game to move on."""


def _static(name: str) -> str:
    return files("hexforge.core.serve").joinpath("static", name).read_text(encoding="utf-8")


def errors(*diagnostics: Diagnostic, status: int = 400) -> JSONResponse:
    return JSONResponse({"errors": [diagnostic_dict(d) for d in diagnostics]}, status_code=status)


async def _hexforge_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HexforgeError)
    status = 404 if error.code in NOT_FOUND else 400
    return errors(*error.diagnostics, status=status)


async def _http_error(request: Request, error: Exception) -> Response:
    """No such route (404) or method (405): a coded JSON error like every other answer."""
    assert isinstance(error, HTTPException)
    what = "no such page" if error.status_code == 404 else "not allowed here"
    message = f"{request.method} {request.url.path}: {what}"
    diagnostic = Diagnostic(BAD_REQUEST, message, hint="docs/serve.md lists the routes")
    return errors(diagnostic, status=error.status_code)


async def _internal_error(request: Request, error: Exception) -> Response:
    message = f"internal error: {type(error).__name__}: {error}"
    hint = "a bug in hexforge: please report it with the server's output"
    return errors(Diagnostic(INTERNAL_ERROR, message, hint=hint), status=500)


async def _body(request: Request) -> dict[str, Json]:
    try:
        body = await request.json()
    except ValueError:
        raise fail(BAD_REQUEST, "the request body is not JSON", hint="send a JSON object") from None
    if not isinstance(body, dict):
        raise fail(BAD_REQUEST, "the request body is not a JSON object", hint="send an object")
    return body


def _int(body: dict[str, Json], name: str) -> int:
    value = body.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise fail(BAD_REQUEST, f"'{name}' must be a whole number", hint=f"send {{'{name}': 0}}")
    return value


def create_app(tables: Tables, allowed_hosts: Sequence[str] | None = None) -> Starlette:
    """The web table of ``tables``; ``allowed_hosts`` guards against DNS rebinding (the
    ``Host`` header must name the server), None allows any (tests)."""

    async def index(request: Request) -> Response:
        return HTMLResponse(_static("index.html"))

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        kinds = {"app.js": "text/javascript", "app.css": "text/css"}
        shared = {"stepper.js": "text/javascript", "stepper.css": "text/css"}  # the viewer's
        if name in shared:
            return Response(stepper_asset(name), media_type=shared[name])
        if name not in kinds:
            return Response("not found", status_code=404, media_type="text/plain")
        return Response(_static(name), media_type=kinds[name])

    async def lobby(request: Request) -> Response:
        listed = await anyio.to_thread.run_sync(tables.lobby)
        problems = [diagnostic_dict(d) for d in tables.problems]
        return JSONResponse({**listed, "problems": problems})

    async def new(request: Request) -> Response:
        body = await _body(request)
        table = await anyio.to_thread.run_sync(tables.new, body)
        return JSONResponse(table.view(), status_code=201)

    async def load(request: Request) -> Response:
        body = await _body(request)
        table = await anyio.to_thread.run_sync(tables.load, body)
        return JSONResponse(table.view(), status_code=201)

    async def show(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        wait = request.query_params.get("wait")
        if wait is not None:
            if not wait.lstrip("-").isdigit():
                raise fail(BAD_REQUEST, "'wait' must be a view version", hint="?wait=3")
            await anyio.to_thread.run_sync(table.wait, int(wait), WAIT_SECONDS)
        return JSONResponse(table.view())

    async def close(request: Request) -> Response:
        tables.get(request.path_params["table"]).close()
        return JSONResponse({"closed": request.path_params["table"]})

    async def board(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        version, picture = table.board()
        if picture is None:
            return Response(status_code=204, headers={"X-Board-Version": str(version)})
        headers = {"X-Board-Version": str(version), "Cache-Control": "no-store"}
        return Response(picture, media_type="image/svg+xml", headers=headers)

    async def answer(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        body = await _body(request)
        table.answer(_int(body, "seq"), _int(body, "index"))
        return JSONResponse(table.view())

    async def undo(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        table.undo()
        return JSONResponse(table.view())

    async def save(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        name = f"{table.spec.game}-seed{table.spec.seed}.log"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(table.log_text(), media_type="application/x-ndjson", headers=headers)

    async def marks(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        return JSONResponse(table.marks())

    async def replay(request: Request) -> Response:
        table = tables.get(request.path_params["table"])
        return JSONResponse(await anyio.to_thread.run_sync(replay_view, tables, table))

    async def page_words(request: Request) -> Response:
        lang = _lang(request)
        return JSONResponse({"lang": lang, "words": dict(words(lang))})

    async def card(request: Request) -> Response:
        card_id, lang = request.path_params["card"], _lang(request)
        picture = await anyio.to_thread.run_sync(_card, tables, card_id, lang)
        if picture is None:
            raise fail(UNKNOWN_CARD, f"no card '{card_id}'", hint="a card id such as motu/he-man")
        return Response(picture, media_type="image/svg+xml")

    async def updates(websocket: WebSocket) -> None:
        """Sends the table's view whenever it changes, until the page goes away."""
        await websocket.accept()
        try:
            table = tables.get(websocket.path_params["table"])
        except HexforgeError as error:
            await websocket.send_json({"errors": [diagnostic_dict(d) for d in error.diagnostics]})
            await websocket.close(code=4404)
            return
        gone = asyncio.ensure_future(_until_gone(websocket))
        seen = -1
        try:
            while not gone.done():
                if table.version != seen:
                    view = table.view()
                    seen = int(str(view["version"]))
                    await websocket.send_json(view)
                await asyncio.wait({gone}, timeout=0.05)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            gone.cancel()

    routes = [
        Route("/", index),
        Route("/static/{name}", asset),
        Route("/api/lobby", lobby),
        Route("/api/tables", new, methods=["POST"]),
        Route("/api/tables/load", load, methods=["POST"]),
        Route("/api/tables/{table}", show),
        Route("/api/tables/{table}", close, methods=["DELETE"]),
        Route("/api/tables/{table}/board", board),
        Route("/api/tables/{table}/answer", answer, methods=["POST"]),
        Route("/api/tables/{table}/undo", undo, methods=["POST"]),
        Route("/api/tables/{table}/log", save),
        Route("/api/tables/{table}/marks", marks),
        Route("/api/tables/{table}/replay", replay),
        Route("/api/words", page_words),
        Route("/api/cards/{card:path}", card),
        WebSocketRoute("/api/tables/{table}/updates", updates),
    ]
    middleware = []
    if allowed_hosts is not None:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts)))
    handlers: dict[Any, Any] = {
        HexforgeError: _hexforge_error,
        HTTPException: _http_error,
        Exception: _internal_error,
    }
    return Starlette(routes=routes, middleware=middleware, exception_handlers=handlers)


async def _until_gone(websocket: WebSocket) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGUAGES:
        raise fail(BAD_REQUEST, f"no language '{lang}'", hint=", ".join(LANGUAGES))
    return lang


def _card(tables: Tables, card_id: str, lang: str) -> str | None:
    for renderer in tables.renderers:
        picture = renderer.render_card(card_id, lang)
        if picture is not None:
            return picture.text(standalone=False)
    return None


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: any free port); HF083 when it cannot be."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except OSError as error:
        raise HexforgeError.single(
            CANNOT_LISTEN,
            f"cannot listen on {host}:{port}: {error.strerror or error}",
            hint="is another server using the port? give another --port (0: any free one)",
            exit_code=ExitCode.USAGE,
        ) from None
    sock.listen(64)
    return sock


def address(sock: socket.socket) -> str:
    """``http://host:port/`` of a listening socket."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def run(
    tables: Tables,
    sock: socket.socket,
    allowed_hosts: Sequence[str] | None,
    ready: Callable[[], None] = lambda: None,
) -> None:
    """Serve the web table on ``sock`` until interrupted (Ctrl+C); the tables are closed
    then. ``ready`` is called once the server accepts connections."""
    import uvicorn

    app = create_app(tables, allowed_hosts)
    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)

    async def main() -> None:
        task = asyncio.ensure_future(server.serve(sockets=[sock]))
        while not server.started and not task.done():
            await asyncio.sleep(0.05)
        if server.started:
            ready()
        await task

    try:
        asyncio.run(main())
    finally:
        tables.close()
