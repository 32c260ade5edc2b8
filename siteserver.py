"""The one static server of the built site, shared by ``build.py serve``, ``bench/run.py`` and the tests.

``http.server`` on 127.0.0.1 only, threaded, with what the site needs from a host (docs/setup.md,
"Headers"): the right MIME types (``.wasm`` as ``application/wasm``, modules as JavaScript),
``Cache-Control: no-cache`` everywhere (cheap revalidation, so a rebuild is seen at once; the service
worker makes repeat visits fast and offline), ``Service-Worker-Allowed`` for ``sw.js``, and, with
``security=True``, the security headers: the Content-Security-Policy below on every page, which also
forbids framing the home and game pages (``frame-ancestors``, which a ``<meta>`` CSP cannot set) while
``embed.html`` may be framed by any site.

Standard library only; starts nothing at import time.
"""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

#: The site's Content-Security-Policy, also in every page's ``<meta http-equiv>``, which build.py writes
#: from it at the page's ``<!-- site-head -->`` line (tests check they agree).
#: Pyodide needs ``'wasm-unsafe-eval'`` (compiling its wasm). PyScript 0.7.31 also needs ``'unsafe-eval'``:
#: while it starts it builds its plugins' worker hooks with ``Function()`` (core-*.js), and without it the
#: boot dies with an EvalError (checked in Chromium). No inline script anywhere (every page's script is a
#: file of the site); styles allow inline (boot.js adds its overlay style, boards set bar widths in style
#: attributes); nothing leaves the origin (``connect-src 'self'``: runtime, stdlib, snapshot, engine).
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
       "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; "
       "worker-src 'self' blob:; "
       "manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'")
#: The browser the tests and the bench drive: Debian's chromium (never `playwright install`), headless,
#: with every host but this machine unreachable, so that a page that reaches out fails.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
#: Pages meant to be shown inside other sites' frames (rule-teaching pages embed games).
FRAMEABLE = ("embed.html", "rules.html")

MIME = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".gz": "application/gzip",
    ".br": "application/octet-stream",
}


def security_headers(path: str) -> list[tuple[str, str]]:
    """The security headers for a URL path of the site (HTML pages get the CSP and the framing rule)."""
    clean = unquote(urlparse(path).path)
    name = clean.rsplit("/", 1)[-1] or "index.html"
    headers = [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer")]
    if name.endswith(".html"):
        if name in FRAMEABLE:
            headers.append(("Content-Security-Policy", f"{CSP}; frame-ancestors *"))
        else:
            headers += [("Content-Security-Policy", f"{CSP}; frame-ancestors 'none'"),
                        ("X-Frame-Options", "DENY")]
    return headers


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves ``directory``; paths under a mount prefix (``/__mount__/...``) come from other folders."""

    mounts: dict[str, Path] = {}
    security = True
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}

    def translate_path(self, path: str) -> str:
        clean = unquote(urlparse(path).path)
        for prefix, folder in self.mounts.items():
            if clean == prefix or clean.startswith(prefix + "/"):
                rel = clean[len(prefix):].lstrip("/")
                target = (folder / rel).resolve()
                if folder.resolve() not in (target, *target.parents):
                    return str(folder / "__forbidden__")
                return str(target)
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        if self.path.split("?", 1)[0].endswith("/sw.js"):
            self.send_header("Service-Worker-Allowed", "/")
        if self.security:
            for name, value in security_headers(self.path):
                self.send_header(name, value)
        super().end_headers()

    # What went over the wire (bench/run.py's first-visit bytes): with ``record=True`` every GET appends
    # {t, path, status, bytes} to the server's ``traffic`` once its body was sent (304s: 0 bytes).
    _status: int | None = None
    _sent = 0

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            self._sent += len(chunk)

    def do_GET(self) -> None:
        self._status, self._sent = None, 0
        try:
            super().do_GET()
        finally:
            traffic = getattr(self.server, "traffic", None)
            if traffic is not None:
                traffic.append({"t": time.monotonic(), "path": unquote(urlparse(self.path).path),
                                "status": self._status, "bytes": self._sent})

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - signature from the base class
        if os.environ.get("PGC_SERVE_LOG"):
            super().log_message(format, *args)

    def handle(self) -> None:
        try:
            super().handle()
        except ConnectionError:  # the browser went away mid-file: normal
            pass


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    traffic: list[dict[str, Any]] | None = None

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(root: Path, port: int = 0, mounts: dict[str, Path] | None = None,
                security: bool = True) -> ThreadingHTTPServer:
    """An HTTP server for ``root`` on 127.0.0.1:``port`` (0 = a free port), not yet serving."""
    handler = type("Handler", (SiteHandler,), {"mounts": dict(mounts or {}), "security": security})
    return _Server(("127.0.0.1", port), functools.partial(handler, directory=str(root)))


class StaticServer:
    """:func:`make_server` serving in a daemon thread (tests, benchmarks); ``url`` has no trailing slash."""

    def __init__(self, root: Path, mounts: dict[str, Path] | None = None, security: bool = True,
                 record: bool = False) -> None:
        self.httpd = make_server(root, 0, mounts, security)
        #: with ``record``: every GET served, {t (time.monotonic), path, status, bytes (body)}
        self.traffic: list[dict[str, Any]] | None = [] if record else None
        self.httpd.traffic = self.traffic  # type: ignore[attr-defined]
        self.port = self.httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, name=f"static:{self.port}",
                                       daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=5)


def serve(root: Path, port: int) -> None:
    """Serve ``root`` in the foreground until Ctrl-C (``build.py serve``)."""
    try:
        httpd = make_server(root, port)
    except OSError as exc:
        raise SystemExit(f"cannot listen on 127.0.0.1:{port}: {exc} (try --port N)") from exc
    print(f"Serving http://127.0.0.1:{httpd.server_address[1]}/", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
