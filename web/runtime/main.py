"""PyScript entry of the site: import the engine and hand its JSON door to runtime/boot.js.

The engine zip is unpacked into Pyodide's working directory by the ``files`` entry of
pyscript.json, so ``pygame_core`` imports like any package. JS calls
``webapi.call(method, args_json) -> reply_json`` synchronously through the proxy given
to ``window.__pgcBoot.ready``.
"""

import time
import traceback

from pyscript import window
from pyscript.ffi import create_proxy

boot = window.__pgcBoot


def start() -> None:
    boot.step("engine")
    t0 = time.perf_counter()
    try:
        from pygame_core import games, webapi
    except BaseException as exc:  # noqa: BLE001 - every failure must reach the page, not only the console
        window.console.error(traceback.format_exc())
        boot.fail(f"{type(exc).__name__}: {exc}")
        return
    for game_id in games.available():  # warm up: import every game now rather than on the first click
        try:
            games.get(game_id)
        except Exception:  # noqa: BLE001 - one broken game must not keep the others from loading
            window.console.warn(f"game {game_id!r} failed to load:\n{traceback.format_exc()}")
    window.pgcEngineLoadMs = round((time.perf_counter() - t0) * 1000, 1)  # import + warm-up, for benchmarks
    boot.ready(create_proxy(webapi.call))


start()
