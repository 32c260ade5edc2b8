// Random complete games per second inside Pyodide under Node, with the engine as the site ships it.
// usage: node bench/pyodide_games.mjs <pyodide dir> <engine zip> <game> <players> <games> <seed> [options json] [exclude]
// Runs bench/game_rate.py unchanged (same arguments after the engine zip) and prints its JSON object with
// boot_ms, import_ms and node_cpu_ms (Node's own CPU time for the games: process.cpuUsage) added.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, enginePath, ...args] = process.argv.slice(2);
const script = resolve(dirname(fileURLToPath(import.meta.url)), "game_rate.py");
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);

const t0 = performance.now();
let out = "";
const py = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  stdout: (line) => {
    out = line;
  },
});
const t1 = performance.now();
py.unpackArchive(new Uint8Array(readFileSync(enginePath)), "zip", { extractDir: "/home/pyodide" });
py.runPython("import sys; sys.path.insert(0, '/home/pyodide') if '/home/pyodide' not in sys.path else None");
py.runPython("import pygame_core.simulate");
py.runPython(`import sys; sys.argv = ${JSON.stringify([script, ...args])}`);
const t2 = performance.now();
const cpu = process.cpuUsage();
py.runPython(readFileSync(script, "utf8").replace('if __name__ == "__main__":', "if True:"));
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    boot_ms: Math.round(t1 - t0),
    import_ms: Math.round(t2 - t1),
    node_cpu_ms: Math.round((used.user + used.system) / 1000),
    ...JSON.parse(out),
  }),
);
