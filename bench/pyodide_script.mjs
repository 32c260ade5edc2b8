// Run one Python bench script inside Pyodide under Node, with the engine as the site ships it.
// usage: node bench/pyodide_script.mjs <pyodide dir> <engine zip> <script.py> [script arguments...]
// The script must print one JSON object as its last line; that line is printed, with boot_ms added.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, enginePath, script, ...scriptArgs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const t0 = performance.now();
let out = "";
const py = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", stdout: (line) => { out = line; } });
const bootMs = Math.round(performance.now() - t0);
py.unpackArchive(new Uint8Array(readFileSync(enginePath)), "zip", { extractDir: "/home/pyodide" });
py.runPython("import sys; sys.path.insert(0, '/home/pyodide') if '/home/pyodide' not in sys.path else None");
py.runPython(`import sys; sys.argv = ${JSON.stringify([script, ...scriptArgs])}`);
py.runPython(readFileSync(script, "utf8").replace('if __name__ == "__main__":', "if True:"));
console.log(JSON.stringify({ boot_ms: bootMs, ...JSON.parse(out) }));
