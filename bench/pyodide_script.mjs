// Run one Python bench script inside Pyodide under Node, with the engine as the site ships it.
// usage: node bench/pyodide_script.mjs <pyodide dir> <engine zip> <script.py> [script arguments...]
// The script must print one JSON object as its last line; that line is printed, with boot_ms and
// node_cpu_ms (Node's CPU time for the script: process.cpuUsage) added.
import { readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, enginePath, script, ...scriptArgs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const t0 = performance.now();
let out = "";
const py = await loadPyodide({
  indexURL: resolve(pyodideDir) + "/",
  stdout: (line) => {
    out = line;
  },
});
const bootMs = Math.round(performance.now() - t0);
py.unpackArchive(new Uint8Array(readFileSync(enginePath)), "zip", { extractDir: "/home/pyodide" });
py.runPython("import sys; sys.path.insert(0, '/home/pyodide') if '/home/pyodide' not in sys.path else None");
py.runPython(`import sys; sys.argv = ${JSON.stringify([script, ...scriptArgs])}`);
// The script runs as __main__ with a __file__ of its own folder in the Pyodide file system (the kernel's
// rules_version() hashes the folder of a game class's module; a class the script defines is in __main__).
const code = readFileSync(script, "utf8");
const inside = `/home/pyodide/bench/${basename(script)}`;
py.FS.mkdirTree("/home/pyodide/bench");
py.FS.writeFile(inside, code);
py.runPython(`import __main__; __main__.__file__ = ${JSON.stringify(inside)}`);
const cpu = process.cpuUsage();
py.runPython(code.replace('if __name__ == "__main__":', "if True:"));
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    boot_ms: bootMs,
    node_cpu_ms: Math.round((used.user + used.system) / 1000),
    ...JSON.parse(out),
  }),
);
