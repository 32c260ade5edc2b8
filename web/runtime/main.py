"""Entry of the site's Python: import the engine and hand its JSON door to runtime/boot.js.

runtime/boot.js runs it as ``__main__`` on the page's main thread once Python is up (PyScript runs it
instead when pyscript.json asks for more than boot.js does), after the engine zip was unpacked into
Pyodide's working directory (the ``files`` entry of pyscript.json), so ``pygame_core`` imports like any
package (from a boot snapshot it is in ``sys.modules`` already). JS calls
``webapi.call(method, args_json) -> reply_json`` synchronously through the proxy given to
``window.__pgcBoot.ready``.
"""

import sys
import time
import traceback

import js as window  # the page's globalThis (runtime/boot.js runs this on the main thread)
from pyodide.ffi import create_proxy

boot = window.__pgcBoot


def start() -> None:
    window.performance.mark("pgc:main-start")
    boot.step("engine")
    t0 = time.perf_counter()
    try:
        from pygame_core import games, webapi
    except BaseException as exc:  # noqa: BLE001 - every failure must reach the page, not only the console
        window.console.error(traceback.format_exc())
        boot.fail(f"{type(exc).__name__}: {exc}")
        return
    # Warm up: import every game now rather than on the first click. Not after a boot snapshot: it holds
    # the page's game, warmed up at build time, and the catalog of all; another game imports when asked.
    for game_id in [] if hasattr(sys, "_pgc_snapshot_game") else games.available():
        try:
            games.get(game_id)
        except Exception:  # noqa: BLE001 - one broken game must not keep the others from loading
            window.console.warn(f"game {game_id!r} failed to load:\n{traceback.format_exc()}")
    window.pgcEngineLoadMs = round((time.perf_counter() - t0) * 1000, 1)  # import + warm-up, for benchmarks
    boot.ready(create_proxy(webapi.call))


start()
