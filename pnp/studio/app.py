"""The studio's web layer: Starlette routes over `pnp.studio.engine.Studio`.

Every request must carry the session token (`?token=` or the `X-Studio-Token` header) or it is
refused with 403: the server listens on 127.0.0.1 only, but other local users and web pages in the
browser can reach that address too. The Host header must name this machine (no DNS rebinding).
Pages are jinja2 templates with autoescaping; live updates are server-sent events; the script is
plain JavaScript served from this package (no build step).
"""
from __future__ import annotations

import asyncio
import hmac
import itertools
import json
import re
import secrets
import threading
from pathlib import Path

import jinja2
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

from pnp.core.errors import Problems
from pnp.studio.engine import MAX_EDITS, Refused, Studio
from pnp.studio.translate import translation_view

HERE = Path(__file__).parent
STATIC = {"studio.js": "text/javascript", "studio.css": "text/css"}
ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                         undefined=jinja2.StrictUndefined)


class TokenGuard:
    """Pure ASGI middleware: no token, no service."""

    def __init__(self, app, token: str):
        self.app, self.token = app, token

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            req = Request(scope)
            given = req.query_params.get("token") or req.headers.get("x-studio-token") or ""
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                await PlainTextResponse("403: this address needs the studio's token (the link `pnp studio` printed)",
                                        status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _refused(e: Refused) -> JSONResponse:
    return JSONResponse({"error": _shown_all(e.message), "problems": [_shown_all(p) for p in e.problems]},
                        status_code=e.status)


def _shown_all(text) -> str:
    return str(text).encode("utf-8", "backslashreplace").decode("utf-8")


def _guard(fn):
    async def wrapped(request: Request):
        try:
            return await fn(request)
        except Refused as e:
            return _refused(e)
        except Problems as e:
            return JSONResponse({"error": "the game does not load", "problems": [str(p) for p in e.problems]},
                                status_code=422)
        except Exception as e:  # a bug must not look like the user's mistake, nor end the studio
            return JSONResponse({"error": f"internal error ({e.__class__.__name__}: {e}); please report it"},
                                status_code=500)
    return wrapped


MAX_BODY = 1_000_000      # bytes of a request body: a save of one card is a few kilobytes
MAX_DEPTH = 16            # brackets deep: a body is an object holding a list of edits (3 deep)
MAX_TEXT = 200            # characters of a name (game, component, card, field, language, base)
FIELDS = {                # what each request may carry: key → (required, kind)
    "/api/preview": {"game": (True, "name"), "component": (True, "name"), "card": (True, "name"),
                     "edits": (True, "edits"), "lang": (False, "name"), "base": (False, "name")},
    "/api/save": {"game": (True, "name"), "component": (True, "name"), "card": (True, "name"),
                  "edits": (True, "edits"), "base": (True, "name")},
    "/api/undo": {},
    "/api/build": {"game": (True, "name")},
}
EDIT = {"field": (True, "name"), "lang": (False, "name"), "value": (True, "text")}
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _shown(text) -> str:
    """A value of the request as a message may quote it: short, and printable as UTF-8."""
    text = str(text)
    text = text if len(text) <= 40 else text[:40] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _depth(raw: bytes) -> int:
    """How deep the brackets of a JSON text nest, outside its strings (before a parser recurses)."""
    brackets = _NOT_BRACKET.sub(b"", _STRING.sub(b"", raw))
    return max(itertools.accumulate(1 if b in b"[{" else -1 for b in brackets), default=0)


async def _read(request: Request) -> bytes:
    too_big = Refused(413, f"the request body is over {MAX_BODY // 1_000_000} MB: send fewer or shorter edits")
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MAX_BODY:
        raise too_big
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


def _check(value, kind: str, where: str, required: bool):
    if kind == "edits":
        if not isinstance(value, list):
            raise Refused(400, f"`{where}` must be a list of {{field, lang, value}}, not {_kind(value)}")
        if len(value) > MAX_EDITS:
            raise Refused(400, f"`{where}` holds {len(value):,} edits; a request takes at most {MAX_EDITS:,}: "
                               "save fewer at once")
        for i, edit in enumerate(value):
            _object(edit, EDIT, f"{where}[{i}]")
        return
    if kind == "name" and value is None and not required:
        return
    if not isinstance(value, str):
        raise Refused(400, f"`{where}` must be text, not {_kind(value)}")
    if _SURROGATE.search(value):
        raise Refused(400, f"`{where}` holds a lone surrogate ({_shown(_SURROGATE.search(value).group())}), "
                           "which is no character: send UTF-8 text")
    if kind == "name" and len(value) > MAX_TEXT:
        raise Refused(400, f"`{where}` is {len(value):,} characters long; at most {MAX_TEXT} are taken")


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _object(value, spec: dict, where: str):
    if not isinstance(value, dict):
        raise Refused(400, f"`{where}` must be a JSON object, not {_kind(value)}" if where != "body" else
                           f"the request body must be a JSON object, not {_kind(value)}")
    for key in value:
        if key not in spec:
            allowed = ", ".join(f"`{k}`" for k in spec) or "nothing"
            raise Refused(400, f"`{_shown(key)}` is not a key of {where}: it takes {allowed}")
    for key, (required, kind) in spec.items():
        name = key if where == "body" else f"{where}.{key}"
        if key not in value:
            if required:
                raise Refused(400, f"`{name}` is missing" + (": send a list of {field, lang, value}" if kind == "edits" else ""))
            continue
        _check(value[key], kind, name, required)


async def _body(request: Request) -> dict:
    """The request's JSON object, checked against what its route takes (400 with a sentence otherwise)."""
    raw = await _read(request)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(400, "the request body is not UTF-8 text") from None
    if _depth(raw) > MAX_DEPTH:
        raise Refused(400, f"the request body nests brackets more than {MAX_DEPTH} deep: send {{game, component, "
                           "card, edits: [{field, lang, value}]}")
    try:
        body = json.loads(text)
    except (ValueError, RecursionError):   # JSONDecodeError, or a number of more than 4,300 digits
        raise Refused(400, "the request body is not JSON") from None
    _object(body, FIELDS[request.url.path], "body")
    return body


def create_app(studio: Studio, token: str | None = None, game: str | None = None, poll: float | None = 0.25):
    token = token or secrets.token_urlsafe(24)
    run = run_in_threadpool

    def page(name, **ctx):
        return HTMLResponse(ENV.get_template(name).render(token=token, version=studio.version, **ctx))

    async def index(request):
        names = studio.game_names()
        return page("index.html", games=names, default=game)

    async def game_page(request):
        g, lang = request.path_params["game"], request.query_params.get("lang") or None
        view = await run(studio.game_view, studio._game(g), lang)
        return page("game.html", game=g, view=view)

    async def card_page(request):
        p = request.path_params
        view = await run(studio.card_view, p["game"], p["component"], p["card"])
        return page("card.html", game=p["game"], view=view)

    async def translate_page(request):
        view = await run(translation_view, studio, request.path_params["game"])
        return page("translate.html", game=request.path_params["game"], view=view)

    async def card_json(request):
        p = request.path_params
        return JSONResponse(await run(studio.card_view, p["game"], p["component"], p["card"]))

    async def image(request):
        return Response(await run(studio.png, request.path_params["key"]), media_type="image/png",
                        headers={"Cache-Control": "private, max-age=3600"})

    async def static(request):
        name = request.path_params["name"]
        if name not in STATIC:
            raise Refused(404, "no such file")
        return FileResponse(HERE / "static" / name, media_type=STATIC[name])

    async def font(request):
        """The print's own CJK font, so card text reads right in a browser without CJK system fonts."""
        from pnp.text import fonts as fontmod
        return FileResponse(fontmod.builtin_path("noto-sans-tc"), media_type="font/otf",
                            headers={"Cache-Control": "private, max-age=86400"})

    async def preview(request):
        b = await _body(request)
        return JSONResponse(await run(studio.preview, b.get("game"), b.get("component"), b.get("card"),
                                      b["edits"], b.get("lang")))

    async def save(request):
        b = await _body(request)
        return JSONResponse(await run(studio.save, b.get("game"), b.get("component"), b.get("card"),
                                      b["edits"], b.get("base") or ""))

    async def undo(request):
        await _body(request)
        return JSONResponse(await run(studio.undo_last))

    async def build(request):
        b = await _body(request)
        return JSONResponse(await run(studio.build, b.get("game")))

    async def pdf(request):
        p = request.path_params
        return FileResponse(await run(studio.pdf, p["game"], p["name"]), media_type="application/pdf")

    async def events(request):
        async def stream():
            seen = None
            yield "retry: 1000\n\n"
            while not await request.is_disconnected():
                if studio.version != seen:
                    seen = studio.version
                    yield f"event: change\ndata: {seen}\n\n"
                await asyncio.sleep(0.1)
        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    routes = [Route("/", _guard(index)), Route("/game/{game}", _guard(game_page)),
              Route("/card/{game}/{component}/{card}", _guard(card_page)),
              Route("/translate/{game}", _guard(translate_page)),
              Route("/api/card/{game}/{component}/{card}", _guard(card_json)),
              Route("/img/{key}.png", _guard(image)), Route("/static/{name}", _guard(static)),
              Route("/font/sans.otf", _guard(font)),
              Route("/api/preview", _guard(preview), methods=["POST"]),
              Route("/api/save", _guard(save), methods=["POST"]),
              Route("/api/undo", _guard(undo), methods=["POST"]),
              Route("/api/build", _guard(build), methods=["POST"]),
              Route("/pdf/{game}/{name}", _guard(pdf)), Route("/events", events)]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost"]),
                  Middleware(TokenGuard, token=token)]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.token, app.state.studio = token, studio
    if poll:
        _poller(studio, poll)
    return app


def _poller(studio: Studio, interval: float):
    """Outside edits: the watch machinery's polling, in a daemon thread."""
    import time

    def loop():
        while True:
            time.sleep(interval)
            try:
                studio.poll()
            except Exception:  # a file vanishing mid-walk: look again next time
                pass
    threading.Thread(target=loop, name="pnp-studio-poll", daemon=True).start()
