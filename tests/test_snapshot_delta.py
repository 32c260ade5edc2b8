"""The boot snapshot's shipped format (build.py's snapshot_delta, web/runtime/snapshot-delta.mjs): a
sparse difference from the wasm's initial memory round-trips exactly, through build.py's own inverse and
through the page's code in Node (rebuildSnapshot, checkStamp, snapshotFromChunks with the vendored brotli
decoder), and every kind of bad file is refused. On a small made-up snapshot and wasm: no build needed
(tests/browser/test_boot_snapshot.py does the same on the built site's files)."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
import struct
import subprocess
from pathlib import Path
from typing import Any

import pytest

from build import (
    BROTLI_PACKAGE,
    NODE_MODULES,
    SNAPSHOT_DELTA_HEADER,
    SNAPSHOT_DELTA_JS,
    SNAPSHOT_PAGE,
    WEB,
    snapshot_delta,
    snapshot_from_delta,
)

PAGE = SNAPSHOT_PAGE


def uleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def sleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        done = (n == 0 and not byte & 0x40) or (n == -1 and byte & 0x40)
        out.append(byte | (0 if done else 0x80))
        if done:
            return bytes(out)


def section(kind: int, body: bytes) -> bytes:
    return bytes([kind]) + uleb(len(body)) + body


def fake_wasm(segments: list[tuple[int, bytes]]) -> bytes:
    """A wasm binary with a custom section, then a data section of these active segments (memory 0,
    i32.const offsets) and one passive segment, which is not part of the initial memory."""
    data = [b"\x00\x41" + sleb(off) + b"\x0b" + uleb(len(seg)) + seg for off, seg in segments]
    data.append(b"\x01" + uleb(3) + b"\xff\xff\xff")
    custom = section(0, uleb(4) + b"name" + b"whatever")
    return b"\0asm\x01\0\0\0" + custom + section(11, uleb(len(data)) + b"".join(data))


HEADER_LEN = 64  # the made-up Pyodide header: its 2nd u32 is its length, as in Pyodide's


def fake_case() -> tuple[bytes, bytes, list[tuple[int, int]]]:
    """(snapshot, wasm, the runs of heap pages the delta must keep)."""
    rng = random.Random(16)
    seg_a = bytes(rng.randrange(1, 256) for _ in range(300))
    seg_b = bytes(rng.randrange(1, 256) for _ in range(5000))
    wasm = fake_wasm([(100, seg_a), (2 * PAGE + 10, seg_b)])
    heap = bytearray(10 * PAGE + 1000)  # the last page is short
    heap[100:400] = seg_a
    heap[250] ^= 0x01                   # page 0: one byte CPython changed in the static data
    heap[2 * PAGE + 10:2 * PAGE + 5010] = seg_b  # pages 2-3: static data as it was: zeros once XORed
    for page in (4, 6, 7):
        heap[page * PAGE:(page + 1) * PAGE] = bytes(rng.randrange(256) for _ in range(PAGE))
    heap[-1] = 7                        # page 10, the short one
    header = struct.pack("<4I", 0x706E7300, HEADER_LEN, 2, 0) + bytes(range(32)) + b"{}" + bytes(14)
    assert len(header) == HEADER_LEN
    return header + bytes(heap), wasm, [(0, 1), (4, 1), (6, 2), (10, 1)]


def test_sparse_delta_round_trips_in_python_and_leaves_out_the_zero_pages() -> None:
    snapshot, wasm, runs = fake_case()
    delta = snapshot_delta(snapshot, wasm)
    length, count = struct.unpack_from("<2I", delta, SNAPSHOT_DELTA_HEADER)
    assert length == len(snapshot)
    table = [struct.unpack_from("<2I", delta, SNAPSHOT_DELTA_HEADER + 8 + 8 * k) for k in range(count)]
    assert table == runs
    assert len(delta) == SNAPSHOT_DELTA_HEADER + 8 + 8 * len(runs) + HEADER_LEN + 4 * PAGE + 1000
    assert delta[16:48] == hashlib.sha256(delta[SNAPSHOT_DELTA_HEADER:]).digest()
    assert delta[48:80] == hashlib.sha256(snapshot).digest()
    assert snapshot_from_delta(delta, wasm) == snapshot
    other = bytearray(wasm)
    other[other.index(b"\x0b\xac\x02") + 3] ^= 0x10  # a byte of the first segment (300 = 0xac 0x02)
    with pytest.raises(ValueError, match="checksum"):
        snapshot_from_delta(delta, bytes(other))


# The page's module in Node on the files of `dir`: rebuilds, checks and decodes them, and prints what
# each case gave (the sha256 of the rebuilt snapshot, or the error).
PAGE_CODE = r"""
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { brotliCompressSync, constants as z } from "node:zlib";
import { pathToFileURL } from "node:url";
const [module, brotliJs, dir] = process.argv.slice(1);
const m = await import(pathToFileURL(module).href);
const brotli = await import(pathToFileURL(brotliJs).href);
brotli.initSync({ module: readFileSync(new URL("brotli_dec_wasm_bg.wasm", pathToFileURL(brotliJs))) });
const read = (name) => new Uint8Array(readFileSync(`${dir}/${name}`));
const wasm = read("wasm");
const sha = (bytes) => createHash("sha256").update(bytes).digest("hex");
const split = (bytes, size) => (async function* () {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
})();
const out = {};
const run = async (name, work) => {
  try {
    out[name] = await work();
  } catch (err) {
    out[name] = { error: err.message };
  }
};
const whole = async (name) => {
  const delta = read(name);
  const stamped = await m.checkStamp(delta);
  const snap = m.rebuildSnapshot(delta, wasm);
  return { sha: sha(snap), stamped, own: snap.byteOffset === 0 && snap.buffer.byteLength === snap.length };
};
for (const name of ["good", "flipped", "version1", "truncated", "trailing", "badrun"]) {
  await run(name, () => whole(name));
}
await run("other-wasm", async () => sha(m.rebuildSnapshot(read("good"), read("other-wasm"))));
await run("inflated-chunks", async () => {
  const got = await m.snapshotFromChunks(split(read("good"), 777), Promise.resolve(wasm), () => {
    throw new Error("must not decode");
  });
  return { sha: sha(got.snapshot), stamped: await got.checked, decodeMs: got.decodeMs ?? null };
});
await run("brotli-chunks", async () => {
  const br = new Uint8Array(brotliCompressSync(read("good"), { params: { [z.BROTLI_PARAM_QUALITY]: 5 } }));
  const got = await m.snapshotFromChunks(split(br, 1000), wasm, () => brotli);
  return { sha: sha(got.snapshot), stamped: await got.checked, decoded: got.decodeMs !== undefined };
});
console.log(JSON.stringify(out));
"""


def restamped(delta: bytes | bytearray) -> bytes:
    """The delta with its sha256 stamp made again: not damaged, only wrong."""
    out = bytearray(delta)
    out[16:48] = hashlib.sha256(out[SNAPSHOT_DELTA_HEADER:]).digest()
    return bytes(out)


def page_code(tmp_path: Path, files: dict[str, bytes]) -> dict[str, Any]:
    node = shutil.which("node")
    brotli_js = NODE_MODULES / BROTLI_PACKAGE / "pkg" / "brotli_dec_wasm.js"
    if node is None or not brotli_js.is_file():
        pytest.skip("node or the npm packages are not installed")
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    done = subprocess.run([node, "--input-type=module", "-e", PAGE_CODE, str(WEB / SNAPSHOT_DELTA_JS),
                           str(brotli_js), str(tmp_path)], capture_output=True, text=True, check=True,
                          timeout=120)
    return dict(json.loads(done.stdout))


def test_the_page_code_rebuilds_the_sparse_delta_exactly_and_refuses_bad_files(tmp_path: Path) -> None:
    snapshot, wasm, _runs = fake_case()
    delta = snapshot_delta(snapshot, wasm)
    flipped = bytearray(delta)
    flipped[-500] ^= 0x40  # a heap byte of the last page: only the stamp covers it
    version1 = bytearray(delta)
    version1[4:8] = struct.pack("<I", 1)
    badrun = bytearray(delta)
    struct.pack_into("<2I", badrun, SNAPSHOT_DELTA_HEADER + 8 + 8, 0, 1)  # a run before the one before it
    other = bytearray(wasm)
    other[other.index(b"\x0b\xac\x02") + 3] ^= 0x10
    got = page_code(tmp_path, {
        "wasm": wasm, "good": delta, "flipped": bytes(flipped), "version1": restamped(version1),
        "truncated": restamped(delta[:-1]), "trailing": restamped(delta + b"\0"),
        "badrun": restamped(badrun), "other-wasm": bytes(other)})
    sha = hashlib.sha256(snapshot).hexdigest()
    assert got["good"] == {"sha": sha, "stamped": True, "own": True}, got
    assert got["inflated-chunks"] == {"sha": sha, "stamped": True, "decodeMs": None}, got
    assert got["brotli-chunks"] == {"sha": sha, "stamped": True, "decoded": True}, got
    assert "sha256" in got["flipped"]["error"], got
    assert "version 1" in got["version1"]["error"], got
    assert "truncated" in got["truncated"]["error"], got
    assert "after the last page" in got["trailing"]["error"], got
    assert "run table" in got["badrun"]["error"], got
    assert "checksum" in got["other-wasm"]["error"], got
