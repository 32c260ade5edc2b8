// Toy (test game) front end: the smallest renderer the contract allows (docs/architecture.md,
// "Adding a game's front end"). The shell lists the legal actions itself; the board only shows the
// view, and each seat's chip pile is clickable when a bid of that seat is legal; the kit's box says who
// has bid already (the sealed decision's public part).
// With the option board=hex the board is a small hex board on the kit's hex grid and camera
// (app/kit/grid.js, app/kit/camera.js): its targets are the claimable cells (the browser tests' proof
// that hexes work: targets, neighbours, pan and zoom).

import { translator, esc } from "../../app/i18n.js";
import { pendingBox } from "../../app/kit/pending.js";
import { hexGrid } from "../../app/kit/grid.js";
import { installCamera, camera, camBoard, camTools, camTwins } from "../../app/kit/camera.js";
import STRINGS from "./strings.js";

export const strings = STRINGS;
const t = translator(STRINGS);
const ROUNDS = 3;
const HEX = hexGrid(10, "pointy");

installCamera();

/** A bid is about the bidder's chip pile; a claim about its cell. */
export function actionKeys(action, view) {
  if (action.type === "claim") return [`hex:${action.cell.join(",")}`];
  return action.type === "bid" && view.seat != null ? [`chips:${view.seat}`] : [];
}

export const keyLabel = (view, key) =>
  key.startsWith("chips:")
    ? t("chips")
    : key.startsWith("hex:")
      ? t("cell", { cell: `(${key.slice(4).replace(",", ", ")})` })
      : key;

export const hint = (view) => t(view && view.hex ? "hint_hex" : "hint");

/** The hex board: cells coloured by owner, the claimable ones (legal targets) clickable. */
function hexBoard(view, ctx) {
  const { cells, owner } = view.hex;
  const b = HEX.bounds(cells);
  const shift = (box) => ({ ...box, x: box.x - b.x, y: box.y - b.y });
  const targets = cells.filter(([q, r]) => ctx.candidates(`hex:${q},${r}`).length);
  const cam = camera("toy-hex", b.w, b.h, {
    follow: view.seat,
    targets: targets.map(([q, r]) => shift(HEX.box(q, r))),
  });
  const drawn = cells
    .map(([q, r]) => {
      const o = owner[`${q},${r}`];
      const [cx, cy] = HEX.centre(q, r);
      return (
        `<polygon class="hex ${o == null ? "free" : `seat-${o} held`}" data-cell="${q},${r}" points="${HEX.points(q, r, 0.3)}"/>` +
        `<text class="hex-qr" x="${cx.toFixed(2)}" y="${(cy + 1.2).toFixed(2)}">${q},${r}</text>`
      );
    })
    .join("");
  const hot = targets
    .map(
      ([q, r]) =>
        `<polygon class="hex-hot${ctx.sel === `hex:${q},${r}` ? " selected" : ""}" data-mapkey="hex:${q},${r}" data-bench="target"` +
        ` data-testid="hex-target" points="${HEX.points(q, r, 1)}"><title>${esc(keyLabel(view, `hex:${q},${r}`))}</title></polygon>`,
    )
    .join("");
  const body = `<g transform="translate(${-b.x} ${-b.y})">${drawn}${hot}</g>`;
  return (
    camTools("toy-hex", { in: t("zoom_in"), out: t("zoom_out"), fit: t("zoom_fit") }) +
    camBoard("toy-hex", cam, {
      body,
      cls: "toy-hex",
      attrs: `data-testid="hex-board"`,
      label: t("hex_board"),
    }) +
    camTwins(
      targets.map(([q, r]) => [`hex:${q},${r}`, keyLabel(view, `hex:${q},${r}`)]),
      t("hex_board"),
    )
  );
}

export function boardSections(view, ctx) {
  const seats = view.score
    .map((score, s) => {
      const key = `chips:${s}`;
      const acts = ctx.candidates(key);
      const name = ctx.names[s];
      const bid = view.bid_committed[s] ? t("bid_made") : t("no_bid");
      const chips = `<span class="toy-chips">${t("chips")}: <strong>${view.chips[s]}</strong></span>`;
      const pile = acts.length
        ? `<button type="button" class="toy-pile target${ctx.sel === key ? " selected" : ""}" data-key="${key}" data-testid="board-target">${chips}</button>`
        : `<span class="toy-pile">${chips}</span>`;
      return (
        `<li class="toy-seat seat-${s}" data-seat="${s}"><span class="seat-dot" aria-hidden="true"></span>` +
        `<strong class="toy-name">${esc(name)}</strong> ${view.hex ? "" : `${pile} `}<span>${t("score")}: <strong>${score}</strong></span>` +
        (view.hex ? "" : ` <span class="muted">${esc(bid)}</span>`) +
        `</li>`
      );
    })
    .join("");
  const hand =
    view.hand && !view.hex
      ? `<p class="toy-hand">${esc(t("your_cards"))}: ${view.hand.map((c) => `<span class="toy-card">${c}</span>`).join(" ") || "—"}</p>`
      : "";
  const round = view.hex ? Math.floor(view.round / 2) + 1 : view.round + 1;
  return [
    ["round", `<h2 class="toy-round">${esc(t("round", { n: Math.min(round, ROUNDS), total: ROUNDS }))}</h2>`],
    ["seats", `<ol class="toy-seats">${seats}</ol>${hand}`],
    ...(view.hex ? [["hex", hexBoard(view, ctx)]] : []),
    ["pending", pendingBox(view, ctx)],
  ];
}
export const boardClass = () => "toy-board";
