// Random complete games per second inside Pyodide under Node, with the engine as the site ships it.
// usage: node bench/pyodide_games.mjs <pyodide dir> <engine zip> <game> <players> <games> <seed>
// Prints one JSON object: {boot_ms, import_ms, simulate: {...as pygame_core.simulate.simulate...}}.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, enginePath, game, players, nGames, seed] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);

const t0 = performance.now();
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
const t1 = performance.now();
py.unpackArchive(new Uint8Array(readFileSync(enginePath)), "zip", { extractDir: "/home/pyodide" });
py.runPython("import sys; sys.path.insert(0, '/home/pyodide') if '/home/pyodide' not in sys.path else None");
py.runPython("import pygame_core.simulate");
const t2 = performance.now();
const out = py.runPython(`
import json
from pygame_core.simulate import simulate
r = simulate(${JSON.stringify(game)}, ${Number(players)}, ${Number(nGames)}, ${Number(seed)})
json.dumps({"games": r["games"], "finished": r["finished"], "actions": r["actions"], "timing": r["timing"],
            "python": sys.version.split()[0]})
`);
console.log(JSON.stringify({ boot_ms: Math.round(t1 - t0), import_ms: Math.round(t2 - t1), simulate: JSON.parse(out) }));
