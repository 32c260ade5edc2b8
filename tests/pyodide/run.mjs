// Runs the engine under Pyodide in Node (the vendored npm `pyodide`) and checks it against CPython.
//
//   node tests/pyodide/run.mjs [--games N] [--site DIR] [--json OUT] [--python EXE]
//
// 1. Loads Pyodide (default node_modules/pyodide; with --site DIR the site's own
//    DIR/pyscript/pyodide, i.e. the precompiled stdlib the browser gets) and the engine (default: the
//    working tree's pygame_core/; with --site: the site's engine wheel, installed by the site's own
//    micropip the way the boot without a snapshot installs it; build-info.json names the wheel).
// 2. Determinism: pygame_core.simulate.simulate(...) minus "timing" for every registered game
//    (min and max players, N games), in Pyodide and in a CPython subprocess; results must be equal.
// 3. Rule tests: tests/pyodide/runner.py imports tests/kernel/test_*.py and tests/<game>/test_*.py
//    and calls every test_* function needing no fixture (parametrize expanded, hypothesis skipped).
// Exit status 0 = everything equal and no test failed. --json writes the full report.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function parseArgs(argv) {
  const opts = { games: 2, site: null, json: null, python: process.env.PGC_PYTHON || null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--games") opts.games = Number(next());
    else if (a === "--site") opts.site = resolve(next());
    else if (a === "--json") opts.json = resolve(next());
    else if (a === "--python") opts.python = next();
    else if (a === "-h" || a === "--help") {
      console.log("usage: node tests/pyodide/run.mjs [--games N] [--site DIR] [--json OUT] [--python EXE]");
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.python) {
    const venv = resolve(ROOT, ".venv/bin/python");
    opts.python = existsSync(venv) ? venv : "python3";
  }
  return opts;
}

async function pyodideReport(opts) {
  const pyodideDir = opts.site
    ? resolve(opts.site, "pyscript/pyodide")
    : resolve(ROOT, "node_modules/pyodide");
  if (!existsSync(resolve(pyodideDir, "pyodide.mjs"))) {
    throw new Error(`no Pyodide in ${pyodideDir}: run \`npm ci\` (or \`python3 build.py\` for --site)`);
  }
  const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
  const t0 = performance.now();
  const py = await loadPyodide({ indexURL: pyodideDir + "/" });
  const bootMs = performance.now() - t0;
  // The working tree (tests + engine source) is mounted read-only in spirit: no bytecode is written.
  py.FS.mkdirTree("/repo");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: ROOT }, "/repo");
  py.runPython("import sys; sys.dont_write_bytecode = True; sys.path.insert(0, '/repo')");
  if (opts.site) {
    const { wheel } = JSON.parse(readFileSync(resolve(opts.site, "build-info.json"), "utf8"));
    if (!wheel) throw new Error(`${opts.site}/build-info.json names no engine wheel: rebuild the site`);
    await py.loadPackage("micropip", { messageCallback: () => {} });
    py.FS.mkdirTree("/site");
    py.FS.mount(py.FS.filesystems.NODEFS, { root: opts.site }, "/site");
    await py.runPythonAsync(`import micropip; await micropip.install("emfs:/site/${wheel}")`);
    // the installed engine, not the working tree's (also on sys.path, for the tests)
    py.runPython("import site; sys.path.insert(0, site.getsitepackages()[0])");
  }
  const text = py.runPython(`
from tests.pyodide.runner import pyodide_main
pyodide_main(${Number(opts.games)}, "/repo")
`);
  const report = JSON.parse(text);
  report.boot_ms = Math.round(bootMs);
  report.pyodide_dir = pyodideDir;
  return report;
}

function cpythonReport(opts) {
  const r = spawnSync(
    opts.python,
    ["-m", "tests.pyodide.runner", "simulate", "--games", String(opts.games)],
    {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 1 << 28,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
    },
  );
  if (r.status !== 0)
    throw new Error(`CPython reference run failed (${opts.python}):\n${r.stderr || r.error}`);
  return JSON.parse(r.stdout);
}

function compare(pyo, cpy) {
  const problems = [];
  const a = pyo.results;
  const b = cpy.results;
  if (a.length !== b.length) problems.push(`case count differs: Pyodide ${a.length}, CPython ${b.length}`);
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const label = JSON.stringify(a[i].case);
    if (a[i].result.error) problems.push(`${label}: Pyodide error ${a[i].result.error}`);
    if (b[i].result.error) problems.push(`${label}: CPython error ${b[i].result.error}`);
    if (JSON.stringify(a[i]) !== JSON.stringify(b[i]))
      problems.push(`${label}: Pyodide and CPython results differ`);
  }
  if (a.length === 0) problems.push("no playable game registered (nothing to compare)");
  return problems;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const pyo = await pyodideReport(opts);
  const cpy = cpythonReport(opts);
  const problems = compare(pyo.determinism, cpy);
  const tests = pyo.tests;
  const failed = Object.keys(tests.failed);
  const skipped = Object.entries(tests.skipped);
  const report = { ok: problems.length === 0 && failed.length === 0, problems, pyodide: pyo, cpython: cpy };
  if (opts.json) writeFileSync(opts.json, JSON.stringify(report, null, 2) + "\n");

  const log = (s) => console.log(s);
  log(
    `Pyodide ${pyo.python} (${pyo.platform}) from ${pyo.pyodide_dir}: boot ${pyo.boot_ms} ms; engine ${pyo.engine_file}`,
  );
  const cases = pyo.determinism.results.map((r) => `${r.case.game}/${r.case.players}p`).join(", ") || "none";
  log(
    `determinism: ${pyo.determinism.results.length} cases (${cases}), ${opts.games} games each: ` +
      (problems.length ? "FAILED" : "identical to CPython") +
      ` (Pyodide ${pyo.determinism.seconds} s, CPython ${cpy.seconds} s)`,
  );
  for (const [gid, why] of Object.entries(pyo.determinism.broken_games))
    log(`  game ${gid} not loadable: ${why}`);
  for (const p of problems) log(`  ${p}`);
  log(
    `rule tests: ${tests.passed} passed, ${failed.length} failed, ${skipped.length} skipped, ` +
      `${tests.xfailed} xfailed in ${tests.modules.length} modules (${tests.seconds} s)`,
  );
  for (const [id, why] of skipped) log(`  skipped ${id}: ${why}`);
  for (const id of failed) log(`  FAILED ${id}\n${tests.failed[id].replace(/^/gm, "    ")}`);
  log(report.ok ? "PASS" : "FAIL");
  process.exitCode = report.ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err?.stack ?? err);
  process.exitCode = 2;
});
