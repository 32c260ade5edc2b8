// Runtime self-test (runtime/selftest.html): boots the engine, calls it twice, sets <html data-selftest>.
import { ready } from "./boot.js";
const out = document.getElementById("out");
try {
  const pgc = await ready;
  const t0 = performance.now();
  const reply = pgc.call("catalog", {});
  const ms = performance.now() - t0;
  const bad = pgc.call("no-such-method", {});
  // the runtime works if Python answers both calls with proper replies; the catalog must list games
  const runtime = bad.ok === false && bad.error.kind === "option" && typeof reply.ok === "boolean";
  const ok = runtime && reply.ok === true && Array.isArray(reply.result.games);
  out.textContent = JSON.stringify(
    { ok, runtime, readyAt: Math.round(window.pgcReadyAt), callMs: ms, reply, bad },
    null,
    2,
  );
  document.documentElement.dataset.selftestRuntime = runtime ? "pass" : "fail";
  document.documentElement.dataset.selftest = ok ? "pass" : "fail";
} catch (err) {
  out.textContent = `boot failed: ${err.message}`;
  document.documentElement.dataset.selftest = "fail";
}
