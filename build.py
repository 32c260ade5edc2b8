#!/usr/bin/env python3
"""Build the offline static site ``dist/`` and optionally serve it on 127.0.0.1.

usage::

    python build.py                  # build dist/ (runs `npm ci` first if node_modules is missing)
    python build.py serve [--port N] # build, then serve dist/ at http://127.0.0.1:N/
    python build.py --no-pyc         # keep Pyodide's source-only stdlib and a source-only engine zip
    python build.py --no-snapshot    # no boot snapshot: PyScript boots the vendored Pyodide directly

What lands in ``dist/`` (pages live at its root):

* ``pyscript/``          PyScript's pre-bundled ``dist/`` files (no source maps, no codemirror/xterm/TOML)
* ``pyscript/pyodide/``  the five Pyodide runtime files; ``python_stdlib.zip`` is replaced by a precompiled
                         ``.pyc`` stdlib made by the vendored Pyodide in Node (cached in ``.build-cache/``)
* ``pyscript/pyodide/pgc-<game>.snap.br``  boot snapshot of each listed game: the brotli-compressed wasm
                         heap of that Pyodide, booted in Node on the shipped stdlib zip with the engine
                         imported, that game warmed up and the catalog of every game (cached in
                         ``.build-cache/``); ``pgc-engine.snap.br`` the same with no game (the home page's);
                         ``runtime/pyodide-snapshot.mjs`` boots from the one ``runtime/pick-snapshot.js``
                         (generated: the page's <head> reads its game from the address) picked, decoded by
                         ``runtime/brotli/`` (npm ``brotli-dec-wasm``, MIT, licence beside it)
* ``pygame_core.zip``    the engine (``.py`` + ``.json`` + ``__pycache__/*.pyc`` made by the same Pyodide),
                         unpacked into Pyodide's working directory by the PyScript ``files`` config;
                         with a snapshot, without the ``.pyc`` (the snapshot holds the modules), and
                         ``pygame_core-pyc.zip`` (with them) for the plain-boot fallback
* ``pyscript/pyodide/micropip-0.11.1-py3-none-any.whl``  micropip's own wheel, downloaded once from PyPI
                         (``pip download``, pinned by its sha256, cached in ``.build-cache/``: the npm Pyodide
                         has no wheels); the shipped ``pyodide-lock.json`` names this file's sha256
* ``pygame_core-<version>-py3-none-any.whl``  the engine as a pure-Python wheel (``.py`` + ``.json``, and
                         the ``.pyc`` of ``pygame_core-pyc.zip`` unless ``--no-pyc``), for micropip: the boot
                         without a snapshot installs it, and pages on other hosts can (docs/embedding.md)
* ``pyscript.json``      PyScript config: the snapshot shim as interpreter and the engine zip as ``files``,
                         which ``runtime/boot.js`` boots without PyScript (docs/architecture.md §2.2); with
                         ``--no-snapshot``, the vendored ``pyodide.mjs`` and the wheel as ``packages``, which
                         goes through the vendored PyScript (it installs the wheel with micropip)
* everything in ``web/`` (front end and ``runtime/boot.js`` + ``runtime/main.py``), except ``sw.template.js``;
  ``manifest.webmanifest`` (the web app manifest, icons in ``icons/``) is checked: its icons exist and
  every page links it
* ``games/registry.js``  generated: the manifests of the per-game front ends ``web/games/<id>/manifest.json``
* ``sw.js``              service worker made from ``web/sw.template.js``: cache-first; caches the whole build
                         (but the two wheels, with a snapshot: ``online_only``, and the boot snapshots:
                         ``lazy_files``, kept only once a page used them) once the page says the player
                         has been idle (``runtime/offline.js``), or at once on an update
* ``build-info.json``    ``{version, engine_version, files, offline_files (what the worker caches), ...}``

Standard library only. Builds are deterministic: the same inputs give byte-identical files.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import inspect
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterable
from pathlib import Path

from siteserver import CSP

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
ENGINE = ROOT / "pygame_core"
NODE_MODULES = ROOT / "node_modules"
CACHE = ROOT / ".build-cache"

PYODIDE_VERSION = "314.0.2"
PYSCRIPT_VERSION = "0.7.31"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
#: Lazy chunks of PyScript's dist/ that a page with a JSON config and no py-editor/py-terminal never loads
#: (checked in Chromium: core.js always imports py-editor/py-game/py-terminal, which must stay; their
#: codemirror/xterm/toml imports only happen when such an element is used).
PYSCRIPT_SKIP = ("*.map", "codemirror*", "index-*", "xterm*", "toml-*", "zip-*", "service-worker.js")
#: Files of web/ that are inputs of the build, not pages.
WEB_SKIP = ("sw.template.js",)
ENGINE_SUFFIXES = (".py", ".json")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
SW_TEMPLATE = WEB / "sw.template.js"
#: Fetched with fetch() while Pyodide boots: the denominator of the boot progress bar. Plus the
#: snapshot when there is one, else the stdlib zip (a snapshot boot fetches it only once ready).
BOOT_FETCHED = ("pyscript/pyodide/pyodide.asm.wasm", "pyscript/pyodide/pyodide-lock.json")
STDLIB = "pyscript/pyodide/python_stdlib.zip"
#: The boot snapshot (made by SNAPSHOT_RUNNER) and the PyScript `interpreter` module that loads it.
SNAPSHOT = "pyscript/pyodide/pgc-engine.snap.br"
SNAPSHOT_SHIM = "./runtime/pyodide-snapshot.mjs"
#: The page's decoder of the shipped snapshot (a sparse difference from the wasm's initial memory), in
#: web/; the format is described there, and written by snapshot_delta.
SNAPSHOT_DELTA_JS = "runtime/snapshot-delta.mjs"
SNAPSHOT_DELTA_MAGIC = 0x64636770   # "pgcd"
SNAPSHOT_DELTA_VERSION = 2
SNAPSHOT_DELTA_HEADER = 80          # HEADER there: the stamp covers the file from here on
SNAPSHOT_PAGE = 4096                # PAGE there: the heap's all-zero pages of this size are left out
#: The engine zip with its .pyc, for a snapshot build's plain-boot fallback (its pygame_core.zip has none).
ENGINE_PYC = "pygame_core-pyc.zip"
#: The page's brotli decoder of the snapshot (Chromium's DecompressionStream has no brotli), vendored
#: from npm brotli-dec-wasm (MIT OR Apache-2.0; shipped under MIT with its licence text beside it).
BROTLI_PACKAGE = "brotli-dec-wasm"
BROTLI_VERSION = "2.3.2"
BROTLI_DIR = "runtime/brotli"
BROTLI_FILES = {"pkg/brotli_dec_wasm.js": "brotli_dec_wasm.js",
                "pkg/brotli_dec_wasm_bg.wasm": "brotli_dec_wasm_bg.wasm",
                "LICENSE-MIT.txt": "LICENSE-MIT.txt"}

#: micropip's wheel from PyPI (the version pyodide-lock.json names), pinned by the sha256 of PyPI's file;
#: Pyodide's own build of it (the lock's sha256) is not in the npm package.
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
#: The engine wheel's name and version come from pyproject.toml's [project].
PYPROJECT = ROOT / "pyproject.toml"

# Runs inside the vendored Pyodide under Node (see NODE_RUNNER): compiles .py files to .pyc with the
# CPython that the browser runs. argv: mode ("stdlib" | "engine"), input zip, output zip.
PYC_SCRIPT = r'''
import importlib.util, marshal, sys, zipfile
mode, src, out = sys.argv[1:4]
DATE = (1980, 1, 1, 0, 0, 0)

def put(zout, name, data):
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3
    info.external_attr = 0o644 << 16
    zout.writestr(info, data, compresslevel=9)

def pyc(code, flags):
    return importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little") + bytes(8) + marshal.dumps(code)

with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w") as zout:
    names = sorted(i.filename for i in zin.infolist() if not i.is_dir())
    for name in names:
        data = zin.read(name)
        if not name.endswith(".py"):
            put(zout, name, data)
        elif mode == "stdlib":
            # sourceless .pyc inside the zip: zipimport loads it directly, no compile at boot
            code = compile(data, "/lib/python314.zip/" + name, "exec", dont_inherit=True)
            put(zout, name + "c", pyc(code, 0))
        else:
            # keep the source (tracebacks) and add an unchecked-hash .pyc (flags=1) that the
            # import system uses as is; it fixes co_filename up to the real source path itself
            put(zout, name, data)
            code = compile(data, name, "exec", dont_inherit=True)
            head, _, tail = name.rpartition("/")
            tag = sys.implementation.cache_tag
            cache = (head + "/" if head else "") + "__pycache__/" + tail[:-3] + "." + tag + ".pyc"
            put(zout, cache, pyc(code, 1))
'''

NODE_RUNNER = r'''
// node pyc.mjs <pyodide dir> <work dir> <script.py> <args...>: run a Python script in the vendored Pyodide
// with <work dir> mounted at /work (build.py's pyc step).
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
const [pyodideDir, workDir, script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const stdLibURL = process.env.PGC_STDLIB || undefined;  // the cached .pyc stdlib boots twice as fast
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", stdLibURL });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(workDir) }, "/work");
py.globals.set("ARGV", py.toPy([script, ...args]));
py.runPython("import sys, runpy; sys.argv = list(ARGV); runpy.run_path(sys.argv[0], run_name='__main__')");
'''


# node snap.mjs <pyodide dir> <stdlib zip> <engine zip> <out>: boot the vendored Pyodide on the stdlib zip
# the site ships, unpack the engine where PyScript's `files` puts it, import it and warm every game up the
# way runtime/main.py does, then write the memory snapshot. Nothing JS may stay referenced from Python,
# and the env is fixed so that no trace of the build machine (paths, variables) lands in the heap.
SNAPSHOT_RUNNER = r'''
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
const [pyodideDir, stdlib, engine, out, game, catalog] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/", stdLibURL: resolve(stdlib), _makeSnapshot: true,
  env: { HOME: "/home/pyodide", _: "/" }, _sysExecutable: "/",
});
py.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: "/home/pyodide" });
py.globals.set("GAME", game);
py.globals.set("CATALOG", readFileSync(catalog, "utf8"));
py.runPython(`
import os, sys, zlib
os.chdir("/home/pyodide")
from pygame_core import bots, games, webapi
webapi.preset_catalog(CATALOG)  # the catalog of every game, without importing them
if GAME:  # this snapshot's one game, warmed up
    games.get(GAME)
    if "heuristic" in games.get(GAME).bots:  # imported at a bot's first move: compiled here instead
        bots.make("heuristic", GAME)
sys._pgc_snapshot_game = GAME
import gzip, html, tarfile  # PyScript's own Python package imports these at start-up
# stamp of the stdlib zip (zipimport keeps its directory in the heap): its size and the CRC of its
# tail (the central directory), read with a seek so that no copy of the zip lands in the heap
zip_path = next(p for p in sys.path if p.endswith(".zip"))
with open(zip_path, "rb") as f:
    size = f.seek(0, 2)
    f.seek(max(0, size - 131072))
    sys._pgc_snapshot_stdlib = (size, zlib.crc32(f.read()))
del f, size, zip_path, bots, games, webapi, os, sys, zlib, gzip, html, tarfile
`);
py.globals.delete("GAME");
py.globals.delete("CATALOG");
writeFileSync(out, py.makeMemorySnapshot());
'''


# node catalog.mjs <pyodide dir> <stdlib zip> <engine zip> <out>: the engine's catalog of every game (the
# result of webapi's "catalog"), worked out once by the Pyodide the site ships; each boot snapshot holds it
# (webapi.preset_catalog) and only its own game.
CATALOG_RUNNER = r'''
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
const [pyodideDir, stdlib, engine, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", stdLibURL: resolve(stdlib) });
py.unpackArchive(new Uint8Array(readFileSync(engine)), "zip", { extractDir: "/home/pyodide" });
writeFileSync(out, py.runPython(`
import json, os
os.chdir("/home/pyodide")
from pygame_core import webapi
json.dumps(json.loads(webapi.call("catalog", "{}"))["result"], sort_keys=True)
`));
'''


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    return sha256_bytes(path.read_bytes())


# ------------------------------------------------------------------ node_modules


def installed_version(package: str) -> str | None:
    meta = NODE_MODULES / package / "package.json"
    if not meta.is_file():
        return None
    return str(json.loads(meta.read_text(encoding="utf-8")).get("version"))


def ensure_node_modules() -> None:
    """Run ``npm ci`` when the pinned runtime packages are missing or at another version."""
    if (installed_version("pyodide") == PYODIDE_VERSION
            and installed_version("@pyscript/core") == PYSCRIPT_VERSION
            and installed_version(BROTLI_PACKAGE) == BROTLI_VERSION):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("node_modules/ is missing and npm is not installed: install Node.js 20+ and npm")
    log("node_modules/ missing or stale: running npm ci")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    if installed_version("pyodide") != PYODIDE_VERSION:
        raise SystemExit(f"npm ci did not install pyodide@{PYODIDE_VERSION}: check package-lock.json")


# ------------------------------------------------------------------ deterministic zips


def zip_bytes(entries: Iterable[tuple[str, bytes]], keep_order: bool = False) -> bytes:
    """A zip with sorted names (or the order given), fixed dates and modes: same entries, same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in (list(entries) if keep_order else sorted(entries)):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o644 << 16
            zf.writestr(info, data, compresslevel=9)
    return buf.getvalue()


def engine_entries() -> list[tuple[str, bytes]]:
    """The engine package as zip entries: ``pygame_core/**`` .py and .json files, no caches."""
    out = []
    for path in sorted(ENGINE.rglob("*")):
        rel = path.relative_to(ROOT)
        if path.is_file() and path.suffix in ENGINE_SUFFIXES and "__pycache__" not in rel.parts:
            out.append((rel.as_posix(), path.read_bytes()))
    return out


# ------------------------------------------------------------------ wheels (micropip)


def project_meta() -> dict[str, str]:
    """``name``, ``version``, ``description``, ``requires-python`` of pyproject.toml's [project]."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    return {k: str(project[k]) for k in ("name", "version", "description", "requires-python")}


def engine_wheel_name() -> str:
    meta = project_meta()
    return f"{meta['name']}-{meta['version']}-py3-none-any.whl"


def wheel_bytes(entries: Iterable[tuple[str, bytes]]) -> bytes:
    """The engine as a pure-Python wheel (PEP 427): ``entries`` (package files), then the
    ``.dist-info`` METADATA, WHEEL and RECORD; deterministic like every zip of the build."""
    meta = project_meta()
    info = f"{meta['name']}-{meta['version']}.dist-info"
    files = sorted(entries)
    files.append((f"{info}/METADATA", (
        "Metadata-Version: 2.1\n"
        f"Name: {meta['name']}\nVersion: {meta['version']}\nSummary: {meta['description']}\n"
        f"Requires-Python: {meta['requires-python']}\nLicense: MIT\n").encode()))
    files.append((f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: pygame_core build.py\n"
                  b"Root-Is-Purelib: true\nTag: py3-none-any\n"))

    def digest(data: bytes) -> str:
        return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

    record = "".join(f"{name},sha256={digest(data)},{len(data)}\n" for name, data in files)
    files.append((f"{info}/RECORD", (record + f"{info}/RECORD,,\n").encode()))
    return zip_bytes(files, keep_order=True)


def cached_micropip() -> bytes:
    """micropip's wheel from PyPI, checked against MICROPIP_SHA256; downloaded once into .build-cache/
    (``pip download``: a CI machine on its first build needs the network, as for npm)."""
    hit = CACHE / MICROPIP_WHEEL
    if hit.is_file() and sha256_file(hit) == MICROPIP_SHA256:
        return hit.read_bytes()
    work = CACHE / f"tmp-micropip-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        log(f"downloading {MICROPIP_WHEEL} from PyPI (pip download, once: cached in .build-cache/)")
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
               "--no-deps", "--python-version", "3.13", "--only-binary=:all:", "--dest", str(work),
               f"micropip=={MICROPIP_VERSION}"]
        if subprocess.run(cmd, check=False).returncode != 0:
            raise SystemExit(f"could not download {MICROPIP_WHEEL} with pip (network?); put the file, "
                             f"sha256 {MICROPIP_SHA256}, into {CACHE}")
        data = (work / MICROPIP_WHEEL).read_bytes()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if sha256_bytes(data) != MICROPIP_SHA256:
        raise SystemExit(f"{MICROPIP_WHEEL} from PyPI has sha256 {sha256_bytes(data)}, "
                         f"not the pinned {MICROPIP_SHA256}")
    hit.write_bytes(data)
    return data


def write_micropip(out: Path) -> None:
    """micropip's wheel beside Pyodide, and the lock's micropip entry rewritten to its sha256 (the lock
    names Pyodide's own build of the same version, which the npm package does not ship; a browser
    refuses a package whose bytes do not match the lock)."""
    pyodide = out / "pyscript" / "pyodide"
    lock_path = pyodide / "pyodide-lock.json"
    text = lock_path.read_text(encoding="utf-8")
    entry = json.loads(text)["packages"]["micropip"]
    if entry["file_name"] != MICROPIP_WHEEL:
        raise SystemExit(f"pyodide-lock.json names {entry['file_name']}, build.py pins {MICROPIP_WHEEL}")
    (pyodide / MICROPIP_WHEEL).write_bytes(cached_micropip())
    old = f'"sha256": "{entry["sha256"]}"'
    if text.count(old) != 1:
        raise SystemExit(f"pyodide-lock.json: micropip's sha256 {entry['sha256']} is not unique")
    lock_path.write_text(text.replace(old, f'"sha256": "{MICROPIP_SHA256}"'), encoding="utf-8")


# ------------------------------------------------------------------ .pyc via Pyodide in Node


def run_in_pyodide(work: Path, args: list[str], stdlib: Path | None = None) -> None:
    """Run PYC_SCRIPT in the vendored Pyodide under Node with ``work`` mounted at /work."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is required to precompile the stdlib (or pass --no-pyc)")
    (work / "pyc.py").write_text(PYC_SCRIPT, encoding="utf-8")
    (work / "pyc.mjs").write_text(NODE_RUNNER, encoding="utf-8")
    cmd = [node, str(work / "pyc.mjs"), str(NODE_MODULES / "pyodide"), str(work), "/work/pyc.py", *args]
    env = {**os.environ, "PGC_STDLIB": str(stdlib)} if stdlib else None
    subprocess.run(cmd, check=True, cwd=work, env=env)


def cached_pyc(kind: str, source: bytes) -> bytes:
    """``source`` zip compiled by Pyodide (mode ``kind``), cached by Pyodide version + input hash."""
    key = sha256_bytes(f"{kind}\0{PYODIDE_VERSION}\0{PYC_SCRIPT}\0{NODE_RUNNER}\0".encode() + source)[:20]
    hit = CACHE / f"{kind}-pyc-{PYODIDE_VERSION}-{key}.zip"
    if hit.is_file():
        return hit.read_bytes()
    work = CACHE / f"tmp-{kind}-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        (work / "in.zip").write_bytes(source)
        log(f"precompiling {kind} to .pyc with Pyodide {PYODIDE_VERSION} in Node")
        stdlibs = sorted(CACHE.glob(f"stdlib-pyc-{PYODIDE_VERSION}-*.zip")) if kind != "stdlib" else []
        run_in_pyodide(work, [kind, "/work/in.zip", "/work/out.zip"], stdlibs[0] if stdlibs else None)
        data = (work / "out.zip").read_bytes()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for old in CACHE.glob(f"{kind}-pyc-*.zip"):   # keep one entry per kind
        old.unlink()
    hit.write_bytes(data)
    return data


# ------------------------------------------------------------------ boot snapshot


#: The cache files of the snapshots this build used (write_snapshot drops every other one).
SNAPSHOT_CACHE_USED: set[Path] = set()


def cached_catalog(stdlib: bytes, engine: bytes) -> str:
    """The catalog of every game (JSON), worked out by the vendored Pyodide in Node; cached."""
    key = sha256_bytes(f"catalog\0{PYODIDE_VERSION}\0{CATALOG_RUNNER}\0".encode()
                       + sha256_bytes(stdlib).encode() + sha256_bytes(engine).encode())[:20]
    hit = CACHE / f"catalog-{PYODIDE_VERSION}-{key}.json"
    if hit.is_file():
        return hit.read_text(encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is required to make the boot snapshot (or pass --no-snapshot)")
    work = CACHE / f"tmp-catalog-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        (work / "stdlib.zip").write_bytes(stdlib)
        (work / "engine.zip").write_bytes(engine)
        (work / "catalog.mjs").write_text(CATALOG_RUNNER, encoding="utf-8")
        subprocess.run([node, str(work / "catalog.mjs"), str(NODE_MODULES / "pyodide"),
                        str(work / "stdlib.zip"), str(work / "engine.zip"), str(work / "catalog.json")],
                       check=True, cwd=work)
        text = (work / "catalog.json").read_text(encoding="utf-8")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for old in CACHE.glob("catalog-*.json"):   # keep one
        old.unlink()
    hit.write_text(text, encoding="utf-8")
    return text


def snapshot_file(game: str) -> str:
    """The boot snapshot of one game (its id), or of none (""): the kernel and the catalog only."""
    return SNAPSHOT if not game else f"pyscript/pyodide/pgc-{game}.snap.br"


def cached_snapshot(stdlib: bytes, engine: bytes, game: str, catalog: str) -> bytes:
    """The gzipped full boot snapshot of ``game`` ("" for none) for this stdlib zip + engine zip, cached
    by Pyodide version + inputs (``snapshot-<game>-...``; old entries are dropped by write_snapshot).

    Not byte-reproducible across builds (the heap holds fresh entropy and hash seeds), hence the cache:
    the same inputs give the same file on this machine."""
    key = sha256_bytes(f"snapshot\0{PYODIDE_VERSION}\0{SNAPSHOT_RUNNER}\0{game}\0{catalog}\0".encode()
                       + sha256_bytes(stdlib).encode() + sha256_bytes(engine).encode())[:20]
    hit = CACHE / f"snapshot-{PYODIDE_VERSION}-{game or '_'}-{key}.snap.gz"
    SNAPSHOT_CACHE_USED.add(hit)
    if hit.is_file():
        return hit.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is required to make the boot snapshot (or pass --no-snapshot)")
    work = CACHE / f"tmp-snapshot-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        (work / "stdlib.zip").write_bytes(stdlib)
        (work / "engine.zip").write_bytes(engine)
        (work / "snap.mjs").write_text(SNAPSHOT_RUNNER, encoding="utf-8")
        (work / "catalog.json").write_text(catalog, encoding="utf-8")
        log(f"making the boot snapshot of {game or 'no game'} with Pyodide {PYODIDE_VERSION} in Node")
        subprocess.run([node, str(work / "snap.mjs"), str(NODE_MODULES / "pyodide"), str(work / "stdlib.zip"),
                        str(work / "engine.zip"), str(work / "out.snap"), game, str(work / "catalog.json")],
                       check=True, cwd=work)
        data = gzip.compress((work / "out.snap").read_bytes(), compresslevel=6, mtime=0)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    hit.write_bytes(data)
    return data


def wasm_data_segments(wasm: bytes) -> list[tuple[int, bytes]]:
    """The active data segments of a wasm module (memory 0, i32.const offsets): [(offset, bytes)].

    The same reading as ``dataSegments`` in ``web/runtime/snapshot-delta.mjs``."""
    def leb(i: int, signed: bool = False) -> tuple[int, int]:
        value = shift = 0
        while True:
            b = wasm[i]
            i += 1
            value |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                if signed and b & 0x40:
                    value -= 1 << shift
                return value, i

    if wasm[:4] != b"\0asm":
        raise ValueError("not a wasm module")
    segments: list[tuple[int, bytes]] = []
    i = 8
    while i < len(wasm):
        section = wasm[i]
        size, i = leb(i + 1)
        end = i + size
        if section == 11:
            count, i = leb(i)
            for _ in range(count):
                flags, i = leb(i)
                if flags == 1:   # passive: not in the initial memory
                    length, i = leb(i)
                    i += length
                    continue
                if flags == 2:
                    memory, i = leb(i)
                    if memory:
                        raise ValueError("wasm: data segment of another memory")
                if flags > 2 or wasm[i] != 0x41:
                    raise ValueError("wasm: data segment offset is not an i32.const")
                offset, i = leb(i + 1, signed=True)
                if wasm[i] != 0x0B:
                    raise ValueError("wasm: data segment offset expression too long")
                length, i = leb(i + 1)
                segments.append((offset & 0xFFFFFFFF, wasm[i:i + length]))
                i += length
        i = end
    return segments


def fnv1a_words(data: bytes) -> int:
    """FNV-1a over the little-endian u32 words of ``data`` (``checksum`` in snapshot-delta.mjs)."""
    h = 0x811C9DC5
    for (word,) in struct.iter_unpack("<I", data):
        h = ((h ^ word) * 0x01000193) & 0xFFFFFFFF
    return h


def snapshot_delta(snapshot: bytes, wasm: bytes) -> bytes:
    """The Pyodide snapshot as a sparse difference from the wasm's initial memory (format:
    SNAPSHOT_DELTA_JS): its heap with every data segment XORed in, every all-zero page of the heap left
    out (a run table says which are kept), behind a header that lets the page check the result."""
    heap = struct.unpack_from("<I", snapshot, 4)[0]   # Pyodide's header length
    segments = wasm_data_segments(wasm)
    xor_end = -(-max(off + len(seg) for off, seg in segments) // 4) * 4
    if heap % 4 or heap + xor_end > len(snapshot):
        raise ValueError("the snapshot heap is smaller than the wasm's initial memory")
    out = bytearray(snapshot)
    for off, seg in segments:
        at = heap + off
        mixed = int.from_bytes(out[at:at + len(seg)], "little") ^ int.from_bytes(seg, "little")
        out[at:at + len(seg)] = mixed.to_bytes(len(seg), "little")
    body = memoryview(out)[heap:]
    pages = -(-len(body) // SNAPSHOT_PAGE)
    runs: list[list[int]] = []   # [first page, pages]
    for page in range(pages):
        chunk = body[page * SNAPSHOT_PAGE:(page + 1) * SNAPSHOT_PAGE]
        if chunk == bytes(len(chunk)):
            continue
        if runs and runs[-1][0] + runs[-1][1] == page:
            runs[-1][1] += 1
        else:
            runs.append([page, 1])
    payload = b"".join([struct.pack("<2I", len(snapshot), len(runs)),
                        *(struct.pack("<2I", first, count) for first, count in runs), bytes(out[:heap]),
                        *(bytes(body[first * SNAPSHOT_PAGE:(first + count) * SNAPSHOT_PAGE])
                          for first, count in runs)])
    header = (struct.pack("<4I", SNAPSHOT_DELTA_MAGIC, SNAPSHOT_DELTA_VERSION, xor_end,
                          fnv1a_words(snapshot[heap:heap + xor_end]))
              + hashlib.sha256(payload).digest() + hashlib.sha256(snapshot).digest())
    assert len(header) == SNAPSHOT_DELTA_HEADER
    return header + payload


def snapshot_from_delta(delta: bytes, wasm: bytes) -> bytes:
    """The Pyodide snapshot back from ``snapshot_delta``'s output (inflated) and the same wasm: what
    ``rebuildSnapshot`` in SNAPSHOT_DELTA_JS does in the page, for the tests. Checks the format, the
    stamp, the checksum and the sha256 of the result; raises ValueError on any mismatch."""
    magic, version, xor_end, checksum = struct.unpack_from("<4I", delta)
    if magic != SNAPSHOT_DELTA_MAGIC or version != SNAPSHOT_DELTA_VERSION:
        raise ValueError("not a snapshot delta of this version")
    if hashlib.sha256(delta[SNAPSHOT_DELTA_HEADER:]).digest() != delta[16:48]:
        raise ValueError("the snapshot is damaged (sha256)")
    length, count = struct.unpack_from("<2I", delta, SNAPSHOT_DELTA_HEADER)
    at = SNAPSHOT_DELTA_HEADER + 8 + 8 * count
    heap = struct.unpack_from("<I", delta, at + 4)[0]
    out = bytearray(length)
    out[:heap] = delta[at:at + heap]
    at += heap
    for k in range(count):
        first, pages = struct.unpack_from("<2I", delta, SNAPSHOT_DELTA_HEADER + 8 + 8 * k)
        start = heap + first * SNAPSHOT_PAGE
        size = min(pages * SNAPSHOT_PAGE, length - start)
        out[start:start + size] = delta[at:at + size]
        at += size
    if at != len(delta):
        raise ValueError("snapshot delta: bytes after the last page")
    for off, seg in wasm_data_segments(wasm):
        start = heap + off
        mixed = int.from_bytes(out[start:start + len(seg)], "little") ^ int.from_bytes(seg, "little")
        out[start:start + len(seg)] = mixed.to_bytes(len(seg), "little")
    if fnv1a_words(bytes(out[heap:heap + xor_end])) != checksum:
        raise ValueError("the snapshot delta was made against another pyodide.asm.wasm (checksum)")
    if hashlib.sha256(out).digest() != delta[48:SNAPSHOT_DELTA_HEADER]:
        raise ValueError("the rebuilt snapshot differs from the one the delta was made of")
    return bytes(out)


# node verify.mjs <snapshot-delta.mjs> <brotli_dec_wasm.js> <delta> <wasm> <full snapshot> <out.br>:
# compresses the delta with brotli (quality 11, 16 MB window: ~1.4 MB smaller than gzip -9), then runs
# the page's own code on it (snapshotFromChunks: the vendored brotli decoder, the sha256 stamp, the
# rebuild) and exits non-zero unless it gives the full snapshot byte for byte, in a buffer of its own.
SNAPSHOT_VERIFIER = r'''
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants as z } from "node:zlib";
const [module, brotliJs, deltaFile, wasm, full, out] = process.argv.slice(2);
const { snapshotFromChunks } = await import(pathToFileURL(module).href);
const brotli = await import(pathToFileURL(brotliJs).href);
brotli.initSync({ module: readFileSync(new URL("brotli_dec_wasm_bg.wasm", pathToFileURL(brotliJs))) });
const raw = readFileSync(deltaFile);
const br = brotliCompressSync(raw, { params: { [z.BROTLI_PARAM_QUALITY]: 11, [z.BROTLI_PARAM_LGWIN]: 24,
  [z.BROTLI_PARAM_SIZE_HINT]: raw.length } });
writeFileSync(out, br);
const chunks = [];
for (let i = 0; i < br.length; i += 65536) chunks.push(new Uint8Array(br.subarray(i, i + 65536)));
const got = await snapshotFromChunks((async function* () { yield* chunks; })(),
  new Uint8Array(readFileSync(wasm)), () => brotli);
if ((await got.checked) !== true) throw new Error("the sha256 stamp was not checked");
const rebuilt = got.snapshot;
if (rebuilt.byteOffset !== 0 || rebuilt.buffer.byteLength !== rebuilt.length) {
  throw new Error("not its own buffer");
}
if (Buffer.compare(Buffer.from(rebuilt), readFileSync(full)) !== 0) {
  throw new Error("rebuilt snapshot differs");
}
console.log(`snapshot delta verified: ${br.length} bytes of brotli (${raw.length} inflated, decoded in ` +
  `${got.decodeMs} ms, rebuilt in ${got.rebuildMs} ms), ${rebuilt.length} rebuilt byte for byte`);
'''


def cached_snapshot_delta(full_gz: bytes, wasm: bytes) -> bytes:
    """The shipped boot snapshot: ``snapshot_delta`` brotli-compressed by Node, checked there with the
    page's own decoders (the vendored brotli one, ``web/runtime/snapshot-delta.mjs``) to give back the
    full snapshot byte for byte; cached."""
    decoder = WEB / SNAPSHOT_DELTA_JS
    brotli_js = NODE_MODULES / BROTLI_PACKAGE / "pkg" / "brotli_dec_wasm.js"
    # the code that makes the delta, not the whole of build.py: an edit elsewhere keeps the cache
    maker = "".join(inspect.getsource(f) for f in (snapshot_delta, wasm_data_segments, fnv1a_words))
    key = sha256_bytes(SNAPSHOT_VERIFIER.encode() + decoder.read_bytes() + maker.encode()
                       + f"{SNAPSHOT_DELTA_MAGIC}\0{SNAPSHOT_DELTA_VERSION}\0{SNAPSHOT_PAGE}".encode()
                       + sha256_bytes(full_gz).encode() + sha256_bytes(wasm).encode())[:20]
    hit = CACHE / f"snapdelta-{PYODIDE_VERSION}-{key}.br"
    SNAPSHOT_CACHE_USED.add(hit)
    if hit.is_file():
        return hit.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is required to make the boot snapshot (or pass --no-snapshot)")
    full = gzip.decompress(full_gz)
    work = CACHE / f"tmp-snapdelta-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        for name, content in (("delta", snapshot_delta(full, wasm)), ("full.snap", full),
                              ("pyodide.asm.wasm", wasm), ("verify.mjs", SNAPSHOT_VERIFIER.encode())):
            (work / name).write_bytes(content)
        log("compressing the boot snapshot with brotli (about a minute)")
        subprocess.run([node, str(work / "verify.mjs"), str(decoder), str(brotli_js), str(work / "delta"),
                        str(work / "pyodide.asm.wasm"), str(work / "full.snap"), str(work / "delta.br")],
                       check=True, cwd=work)
        data = (work / "delta.br").read_bytes()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    hit.write_bytes(data)
    return data


#: The length of each boot snapshot once rebuilt (write_snapshot): the page sizes Pyodide's memory with it
#: before the snapshot is inflated (runtime/pick-snapshot.js, runtime/pyodide-snapshot.mjs).
SNAPSHOT_SIZES: dict[str, int] = {}


def write_snapshot(out: Path) -> dict[str, str]:
    """The boot snapshots, made on exactly the stdlib zip and engine zip already written to ``out``, and
    shipped as differences from the initial memory of the ``pyodide.asm.wasm`` beside it: one of each
    listed game (the kernel, that game warmed up with its heuristic, and the catalog of every game), so
    that a game page's first visit downloads its own game only, whatever the number of games; and one
    of no game (``SNAPSHOT``: the kernel and the catalog) for the pages that play none or whose game is
    not known before the boot (the home page; a game imports from the engine zip there). Returns
    {game id or "": file}; ``SNAPSHOT_SIZES`` gets {game id or "": length of the rebuilt snapshot}."""
    pyodide = out / "pyscript" / "pyodide"
    stdlib = (pyodide / "python_stdlib.zip").read_bytes()
    engine = (out / ENGINE_PYC if (out / ENGINE_PYC).is_file() else out / "pygame_core.zip").read_bytes()
    wasm = (pyodide / "pyodide.asm.wasm").read_bytes()
    catalog = cached_catalog(stdlib, engine)
    listed = [g["id"] for g in json.loads(catalog)["games"] if g["listed"]]
    made: dict[str, str] = {}
    SNAPSHOT_CACHE_USED.clear()
    SNAPSHOT_SIZES.clear()
    for game in ["", *listed]:
        full = cached_snapshot(stdlib, engine, game, catalog)
        SNAPSHOT_SIZES[game] = struct.unpack("<I", full[-4:])[0]  # gzip's trailer: the length inflated
        delta = cached_snapshot_delta(full, wasm)
        (out / snapshot_file(game)).write_bytes(delta)
        made[game] = snapshot_file(game)
    for old in [*CACHE.glob("snapshot-*.snap.gz"), *CACHE.glob("snapdelta-*.br"),
                *CACHE.glob("snapdelta-*.gz")]:
        if old not in SNAPSHOT_CACHE_USED:   # keep this build's only
            old.unlink()
    dest = out / BROTLI_DIR
    dest.mkdir(parents=True, exist_ok=True)
    for src, name in BROTLI_FILES.items():
        shutil.copyfile(NODE_MODULES / BROTLI_PACKAGE / src, dest / name)
    return made


# ------------------------------------------------------------------ copying


def copy_pyscript(out: Path) -> None:
    shutil.copytree(NODE_MODULES / "@pyscript/core/dist", out / "pyscript",
                    ignore=shutil.ignore_patterns(*PYSCRIPT_SKIP))


def copy_pyodide(out: Path, pyc: bool) -> None:
    dest = out / "pyscript" / "pyodide"
    dest.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copyfile(NODE_MODULES / "pyodide" / name, dest / name)
    if pyc:
        stock = (NODE_MODULES / "pyodide" / "python_stdlib.zip").read_bytes()
        (dest / "python_stdlib.zip").write_bytes(cached_pyc("stdlib", stock))


def copy_web(out: Path) -> None:
    if WEB.is_dir():
        shutil.copytree(WEB, out, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(*WEB_SKIP, "__pycache__", ".DS_Store"))


#: The boot downloads every engine page starts in its <head>, before boot.js has run: (tag, boot path
#: that needs it, None for both). fit_preloads writes those of the path built at each page's marker.
BOOT_PRELOADS: list[tuple[str, str | None]] = [
    ('<link rel="preload" href="./pyscript.json" as="fetch" crossorigin>', None),
    ('<link rel="preload" href="./build-info.json" as="fetch" crossorigin>', None),
    ('<link rel="modulepreload" href="./runtime/boot.js">', None),
    ('<link rel="modulepreload" href="./runtime/offline.js">', None),
    ('<link rel="modulepreload" href="./runtime/pyodide-snapshot.mjs">', 'snapshot'),
    ('<link rel="modulepreload" href="./runtime/snapshot-delta.mjs">', 'snapshot'),
    ('<link rel="modulepreload" href="./pyscript/pyodide/pyodide.mjs">', None),
    ('<link rel="modulepreload" href="./pyscript/pyodide/pyodide.asm.mjs">', None),
    ('<link rel="preload" href="./runtime/brotli/brotli_dec_wasm_bg.wasm" as="fetch" crossorigin>',
     'snapshot'),
    ('<link rel="preload" href="./pyscript/pyodide/pyodide.asm.wasm" as="fetch" crossorigin>', None),
    ('<link rel="preload" href="./pyscript/pyodide/pyodide-lock.json" as="fetch" crossorigin>', None),
    ('<link rel="preload" href="./pyscript/pyodide/python_stdlib.zip" as="fetch" crossorigin>', 'plain'),
    ('<link rel="preload" href="./pygame_core.zip" as="fetch" crossorigin>', None),
    ('<link rel="preload" href="./runtime/main.py" as="fetch" crossorigin>', None),
    # after the links (a parser-blocking script: the links after it would wait for it), before the
    # stylesheets (which would hold it back): preloads the page's snapshot, starts the snapshot worker
    # and the boot itself (runtime/boot.js)
    ('<script src="./runtime/pick-snapshot.js"></script>', 'snapshot'),
]
PRELOAD_MARKER = "<!-- boot-preloads"


#: The line of every page of the site where the build writes the head all pages share (write_site_head).
SITE_HEAD_MARKER = "<!-- site-head"


def site_head(prefix: str) -> str:
    """The head every page starts with, its paths relative to the page (``prefix``: "./", "../" ...):
    the charset, the site's one Content-Security-Policy (``siteserver.CSP``, which the server also
    sends as a header), the viewport, the web app manifest and the icons."""
    tags = [
        '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<link rel="manifest" href="{prefix}manifest.webmanifest">',
        '<meta name="theme-color" content="#2b2118">',
        f'<link rel="icon" href="{prefix}icons/icon.svg" type="image/svg+xml">',
        f'<link rel="apple-touch-icon" href="{prefix}icons/icon-192.png">',
    ]
    return "".join(f"  {tag}\n" for tag in tags)


def write_site_head(out: Path) -> None:
    """Write the shared head at the ``<!-- site-head ... -->`` line of every page of ``out``."""
    for page in out.rglob("*.html"):
        lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
        if any(SITE_HEAD_MARKER in x for x in lines):
            prefix = "../" * (len(page.relative_to(out).parts) - 1) or "./"
            text = "".join(site_head(prefix) if SITE_HEAD_MARKER in x else x for x in lines)
            page.write_text(text, encoding="utf-8")


def fit_preloads(out: Path, snapshot: bool) -> None:
    """Write the boot downloads of the boot path built (with or without the snapshot) at the
    ``<!-- boot-preloads ... -->`` line of each page that has one."""
    path = "snapshot" if snapshot else "plain"
    tags = "".join(f"  {tag}\n" for tag, boot in BOOT_PRELOADS if boot in (None, path))
    for page in out.glob("*.html"):
        lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
        if any(PRELOAD_MARKER in x for x in lines):
            text = "".join(tags if PRELOAD_MARKER in x else x for x in lines)
            page.write_text(text, encoding="utf-8")


GAME_MANIFEST_KEYS = {"id": str, "module": str, "strings": str, "css": str, "listed": bool}


def game_manifests() -> dict[str, dict[str, object]]:
    """Every ``web/games/<id>/manifest.json``, checked: its id is its folder, the files it names exist."""
    found: dict[str, dict[str, object]] = {}
    for path in sorted((WEB / "games").glob("*/manifest.json")):
        folder = path.parent
        doc = json.loads(path.read_text(encoding="utf-8"))
        problems = [f"{k!r} must be a {t.__name__}" for k, t in GAME_MANIFEST_KEYS.items()
                    if k in doc and not isinstance(doc[k], t)]
        problems += [f"unknown key {k!r}" for k in doc if k not in GAME_MANIFEST_KEYS]
        if doc.get("id") != folder.name:
            problems.append(f"id {doc.get('id')!r} is not the folder name {folder.name!r}")
        if "module" not in doc:
            problems.append("no 'module'")
        for key in ("module", "strings", "css"):
            rel = doc.get(key)
            if isinstance(rel, str) and (not (folder / rel).is_file() or ".." in Path(rel).parts):
                problems.append(f"{key} file {rel!r} is not in {folder.relative_to(ROOT)}")
        if problems:
            raise SystemExit(f"{path.relative_to(ROOT)}: " + "; ".join(problems))
        found[folder.name] = {"listed": True, **doc}
    return found


#: The web app manifest (installable site): web/manifest.webmanifest, linked from every page.
APP_MANIFEST = "manifest.webmanifest"


def check_app_manifest(out: Path) -> None:
    """The built site's web app manifest is JSON with its icons in the site, and every page of the
    site (``pyscript/`` is the vendored runtime) links it; a build that breaks this fails here."""
    manifest = json.loads((out / APP_MANIFEST).read_text(encoding="utf-8"))
    missing = [i["src"] for i in manifest.get("icons", []) if not (out / i["src"]).is_file()]
    if missing:
        raise SystemExit(f"{APP_MANIFEST}: icons missing from the site: {missing}")
    for page in out.rglob("*.html"):
        rel = page.relative_to(out)
        if rel.parts[0] == "pyscript":
            continue
        link = "../" * (len(rel.parts) - 1) or "./"
        if f'<link rel="manifest" href="{link}{APP_MANIFEST}">' not in page.read_text(encoding="utf-8"):
            raise SystemExit(f"{rel} does not link the web app manifest ({link}{APP_MANIFEST})")


def write_game_registry(out: Path) -> None:
    """``games/registry.js``: the shell's list of game front ends (web/app/games.js imports it)."""
    games = json.dumps(game_manifests(), indent=2, sort_keys=True)
    text = ("// Generated by build.py from web/games/*/manifest.json: do not edit.\n"
            f"export const GAMES = {games};\n")
    (out / "games").mkdir(exist_ok=True)
    (out / "games" / "registry.js").write_text(text, encoding="utf-8")


def game_engine_zip(game: str) -> str:
    """A snapshot build's zip of one listed game's sources (``pygame_core/games/<game>/``)."""
    return f"games/{game}/engine.zip"


def listed_games() -> list[str]:
    """The listed games, from their front ends' manifests (tests/test_registry.py: the engine agrees)."""
    return [gid for gid, m in game_manifests().items() if m["listed"]]


def write_engine(out: Path, pyc: bool, snapshot: bool) -> None:
    """``pygame_core.zip``: the engine, with ``.pyc`` unless ``--no-pyc``. A snapshot build ships it
    without them (its modules are in the snapshot; the sources serve tracebacks, the data files the
    engine reads, the few modules imported late), 0.6 MB less to download, and puts the ``.pyc`` one
    beside it as ``ENGINE_PYC`` for the plain-boot fallback (runtime/pyodide-snapshot.mjs). A snapshot
    build also leaves each listed game's sources out of ``pygame_core.zip``: they are in
    ``game_engine_zip(game)``, which a page fetches for its own game only (all of them where the page
    names no game: the home page), so a game page's first visit does not grow with the number of games."""
    entries = engine_entries()
    source = zip_bytes(entries)
    compiled = cached_pyc("engine", source) if pyc else source
    if snapshot:
        games = {g: f"pygame_core/games/{g}/" for g in listed_games()}
        (out / "pygame_core.zip").write_bytes(zip_bytes(
            e for e in entries if not any(e[0].startswith(folder) for folder in games.values())))
        for game, folder in games.items():
            target = out / game_engine_zip(game)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(zip_bytes(e for e in entries if e[0].startswith(folder)))
    else:
        (out / "pygame_core.zip").write_bytes(compiled)
    if snapshot and pyc:
        (out / ENGINE_PYC).write_bytes(compiled)
    with zipfile.ZipFile(io.BytesIO(compiled)) as zf:
        (out / engine_wheel_name()).write_bytes(wheel_bytes((n, zf.read(n)) for n in zf.namelist()))


def write_config(out: Path, snapshot: bool) -> None:
    """The snapshot boot gets the engine zip unpacked by ``files`` (its modules are in the snapshot),
    and its game's zip by ``game_files`` (every game's where the page plays none);
    the plain boot installs the engine wheel with micropip (PyScript's ``packages``, from the site
    itself; ``packages_cache: never``: PyScript's cache of the install would outlive a rebuild)."""
    config: dict[str, object]
    if snapshot:
        # game_files: each game's own `files`, written only where that game is played (runtime/boot.js)
        config = {"interpreter": SNAPSHOT_SHIM, "files": {"./pygame_core.zip": "./*"},
                  "game_files": {g: {f"./{game_engine_zip(g)}": "./*"} for g in listed_games()}}
    else:
        config = {"interpreter": "./pyscript/pyodide/pyodide.mjs",
                  "packages": [f"./{engine_wheel_name()}"], "packages_cache": "never"}
    (out / "pyscript.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")


# ------------------------------------------------------------------ service worker + build info


def site_files(out: Path) -> list[str]:
    """Every file of ``out`` as a posix path relative to it, sorted."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def engine_version() -> str:
    text = (ENGINE / "kernel" / "saves.py").read_text(encoding="utf-8")
    m = re.search(r'^ENGINE_VERSION\s*=\s*"([^"]+)"', text, re.M)
    return m.group(1) if m else "unknown"


def content_version(out: Path, files: list[str]) -> str:
    h = hashlib.sha256()
    for rel in files:
        h.update(f"{rel}\0{sha256_file(out / rel)}\n".encode())
    return h.hexdigest()[:16]


def online_only(snapshot: bool) -> set[str]:
    """Files the service worker does not keep for offline play: with a snapshot, the engine wheel and
    micropip's are for the boot without one and for pages on other hosts (whose requests this site's
    worker never sees), so an offline player never needs them (about 1.1 MB less on a first visit)."""
    if not snapshot:
        return set()
    return {engine_wheel_name(), f"pyscript/pyodide/{MICROPIP_WHEEL}"}


def write_service_worker(out: Path, files: list[str], version: str, lazy: Iterable[str] = ()) -> None:
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    urls = json.dumps(["./" + f for f in files], indent=2)
    later = json.dumps(["./" + f for f in sorted(lazy)], indent=2)
    text = (template.replace("__PGC_VERSION__", version).replace("__PGC_FILES__", urls)
            .replace("__PGC_LAZY__", later))
    (out / "sw.js").write_text(text, encoding="utf-8")


#: Generated by write_snapshot_picker: the classic script in each engine page's <head> that picks the
#: boot snapshot of the game the page's address names (runtime/pyodide-snapshot.mjs boots from it).
SNAPSHOT_PICKER = "runtime/pick-snapshot.js"
PICKER_JS = """// Generated by build.py (write_snapshot_picker): do not edit.
// Run in the <head> of the pages that boot the engine, before runtime/boot.js: picks the boot snapshot
// of the game the address names (play.html?new={"game":ID}, ?game=ID, ?save=<saved game's id>, whose
// stored summary names its game, or a save's text naming it), has the snapshot worker download it, and
// says which in globalThis.pgcBootSnapshot = {game, url} (runtime/pyodide-snapshot.mjs boots from that
// url). Any other page gets the snapshot of no game (the kernel and the catalog: a game imports from the
// engine zip).
(() => {
  const SNAPSHOTS = __SNAPSHOTS__;
  const SIZES = __SIZES__; // each one's length once rebuilt (runtime/pyodide-snapshot.mjs sizes Pyodide)
  let game = null;
  try {
    const p = new URLSearchParams(location.search);
    if (p.has("new")) game = JSON.parse(p.get("new")).game;
    else if (p.has("game")) game = p.get("game");
    else if (p.has("save")) {
      const save = p.get("save");
      let summary = null;
      try {
        summary = JSON.parse(localStorage.getItem(`pgc.sum.${save}`) || "null");
      } catch {}
      game = (summary && summary.game) || (/"game"\\s*:\\s*"([a-z_0-9]+)"/.exec(save) || [])[1] || null;
    }
  } catch {}
  if (typeof game !== "string" || !Object.prototype.hasOwnProperty.call(SNAPSHOTS, game)) game = "";
  const here = document.currentScript.src;
  const url = new URL(SNAPSHOTS[game], here).href;
  // interpreter: the snapshot shim, which runtime/boot.js imports at once (pyscript.json names it too)
  globalThis.pgcBootSnapshot = { game, url, size: SIZES[game], interpreter: new URL("__SHIM__", here).href };
  const preload = (href) => {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    link.crossOrigin = "anonymous";
    link.href = href;
    document.head.append(link);
  };
  // the game's engine zip (runtime/boot.js fetches it: pyscript.json's game_files)
  if (game) preload(new URL(`../games/${game}/engine.zip`, here).href);
  // The worker that inflates the snapshot (runtime/snapshot-worker.mjs), started now, and which downloads
  // the snapshot itself (fetching: the page's thread, busy starting the page, would hand it the bytes
  // late). Its first script is the few lines below, not a file: it starts at once, with no request of
  // its own to wait for a connection (the page's big downloads hold them), begins the download, keeps the
  // page's messages (pgcEarly) and imports the worker's module, which takes both over. That module's
  // page side, runtime/pyodide-snapshot.mjs, adopts the worker (worker), with what it said meanwhile
  // (early: its message, error or messageerror events, replayed). Where no worker can start, the
  // snapshot is preloaded here.
  try {
    const start = [
      `self.pgcSnapshotUrl = ${JSON.stringify(url)};`,
      'self.pgcSnapshotDownload = fetch(self.pgcSnapshotUrl, { priority: "high" });',
      "const early = (self.pgcEarly = []);",
      "self.onmessage = (event) => early.push(event);",
      `import(${JSON.stringify(new URL("./snapshot-worker.mjs", here).href)})`,
      "  .catch((err) => setTimeout(() => { throw err; }));",
    ].join(" ");
    const blob = URL.createObjectURL(new Blob([start], { type: "text/javascript" }));
    const worker = new Worker(blob, { type: "module" });
    const early = [];
    worker.onmessage = worker.onerror = worker.onmessageerror = (event) => {
      if (event.type === "error") event.preventDefault();
      early.push(event);
    };
    Object.assign(globalThis.pgcBootSnapshot, { worker, early, fetching: true });
  } catch {
    preload(url);
  }
  // The boot itself, from here rather than from the module scripts at the end of the <head> (which run
  // only once the page is parsed and its stylesheets are in): the same module instance.
  import(new URL("./boot.js", here).href).catch(() => {}); // the page's own <script> reports a failure
})();
"""


def write_snapshot_picker(out: Path, snapshots: dict[str, str]) -> None:
    """``SNAPSHOT_PICKER``, with each snapshot's path relative to it."""
    rel = {game: "../" + path for game, path in sorted(snapshots.items())}
    shim = "./" + Path(SNAPSHOT_SHIM).name   # beside it, in runtime/
    sizes = {game: SNAPSHOT_SIZES[game] for game in sorted(snapshots)}
    (out / SNAPSHOT_PICKER).write_text(PICKER_JS.replace("__SNAPSHOTS__", json.dumps(rel))
                                       .replace("__SIZES__", json.dumps(sizes))
                                       .replace("__SHIM__", shim), encoding="utf-8")


def lazy_files(snapshots: dict[str, str]) -> set[str]:
    """Files the service worker keeps only once a page used them, never in its precache: the boot
    snapshots (about 3 MB each: a first visit must not fetch every game's, nor the home page's; the page
    puts the one it booted from into the cache once idle, runtime/pyodide-snapshot.mjs). Offline, a page
    whose snapshot was never fetched boots without one (the precached stdlib zip and ``ENGINE_PYC``)."""
    return set(snapshots.values())


def write_build_info(out: Path, version: str, count: int, pyc: bool, snapshot: bool,
                     offline: int, snapshots: dict[str, str] | None = None) -> None:
    info = {
        "version": version,
        "engine_version": engine_version(),
        "files": count,
        "offline_files": offline,
        "pyodide": PYODIDE_VERSION,
        "pyscript": PYSCRIPT_VERSION,
        "pyc": pyc,
        "snapshot": snapshot,
        "boot_download_bytes": sum((out / f).stat().st_size for f in (*BOOT_FETCHED, SNAPSHOT if snapshot
                                                                       else STDLIB) if (out / f).is_file()),
        "snapshot_bytes": (out / SNAPSHOT).stat().st_size if snapshot else 0,
        # each game's boot snapshot (runtime/pick-snapshot.js picks it), its size
        "game_snapshot_bytes": {game: (out / path).stat().st_size
                                for game, path in sorted((snapshots or {}).items()) if game},
        "stdlib_bytes": (out / STDLIB).stat().st_size,
        "wheel": engine_wheel_name(),
    }
    (out / "build-info.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


def check_output_dir(out: Path) -> None:
    """Refuse to wipe anything that is not a previous build (``out`` is deleted before building)."""
    inside_forbidden = (WEB, ENGINE, NODE_MODULES, CACHE, ROOT / ".git")
    if out == ROOT or out in ROOT.parents or any(out == p or p in out.parents for p in inside_forbidden):
        raise SystemExit(f"refusing to build into {out}: it overlaps the sources")
    if out.exists() and any(out.iterdir()) and not (out / "build-info.json").is_file():
        raise SystemExit(f"refusing to wipe {out}: not empty and not a previous build (no build-info.json)")


def build(out: Path = DIST, pyc: bool = True, snapshot: bool = True) -> dict[str, object]:
    """Build the whole site into ``out`` (wiped first); returns the build info."""
    check_output_dir(out)
    ensure_node_modules()
    CACHE.mkdir(exist_ok=True)
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    copy_pyscript(out)
    copy_pyodide(out, pyc)
    write_micropip(out)
    copy_web(out)
    write_site_head(out)
    check_app_manifest(out)
    fit_preloads(out, snapshot)
    write_game_registry(out)
    write_engine(out, pyc, snapshot)
    snapshots = write_snapshot(out) if snapshot else {}
    if snapshot:
        write_snapshot_picker(out, snapshots)
    write_config(out, snapshot)
    files = [f for f in site_files(out) if f != "sw.js"] + ["build-info.json"]
    version = content_version(out, files[:-1])
    lazy = lazy_files(snapshots)
    offline = sorted(f for f in files if f not in online_only(snapshot) and f not in lazy)
    write_build_info(out, version, len(files) + 1, pyc, snapshot, len(offline), snapshots)
    write_service_worker(out, offline, version, lazy)
    info: dict[str, object] = json.loads((out / "build-info.json").read_text(encoding="utf-8"))
    size = sum((out / f).stat().st_size for f in site_files(out))
    log(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {info['files']} files, "
        f"{size / 1e6:.1f} MB, version {version}")
    return info


# ------------------------------------------------------------------ serve
# One static server for build.py serve, bench/run.py and the tests: siteserver.py (MIME types,
# no-cache, the security headers of docs/setup.md).


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Build (and serve) the offline static site dist/.")
    ap.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    ap.add_argument("--port", type=int, default=8000, help="port for `serve` (0 = any free port)")
    ap.add_argument("--out", type=Path, default=DIST, help="output folder (default dist/)")
    ap.add_argument("--no-pyc", action="store_true", help="ship the stock source-only stdlib and engine")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="no boot snapshot: PyScript boots the vendored Pyodide directly (for comparison)")
    ap.add_argument("--no-build", action="store_true", help="`serve` the existing output without building")
    args = ap.parse_args(argv)
    out = args.out.resolve()
    if not (args.command == "serve" and args.no_build):
        build(out, pyc=not args.no_pyc, snapshot=not args.no_snapshot)
    if args.command == "serve":
        from siteserver import serve

        serve(out, args.port)


if __name__ == "__main__":
    main()
