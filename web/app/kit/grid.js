// Board geometry for the kit (docs/architecture.md §1.3, "The kit"): square cells and hex cells in
// axial coordinates, in board units (an SVG viewBox's units). Pure functions, no DOM.
//
// A grid is {kind, size, centre(a, b), corners(a, b, inset?), points(...), path(...), box(a, b),
// neighbours(a, b), distance(a, b, c, d), bounds(cells)}; a cell is (x, y) on squares (column, row) and
// (q, r) on hexes. `size` is a square's side, or a hex's circumradius (centre to corner).
// Hexes are "pointy" (pointy-top, rows of hexes offset by half a hex) or "flat" (flat-top, columns).

const SQRT3 = Math.sqrt(3);
const r2 = (v) => Math.round(v * 100) / 100;

/** "x,y x,y ..." for an SVG <polygon points>. */
const pointsOf = (corners) => corners.map(([x, y]) => `${r2(x)},${r2(y)}`).join(" ");
/** "Mx y Lx y ... Z" for an SVG <path d>. */
const pathOf = (corners) => `M${corners.map(([x, y]) => `${r2(x)} ${r2(y)}`).join("L")}Z`;

/** The box around a list of boxes {x, y, w, h}; null for none. */
export function union(boxes) {
  if (!boxes.length) return null;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.w));
  const y1 = Math.max(...boxes.map((b) => b.y + b.h));
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

function common(g) {
  g.points = (a, b, inset = 0) => pointsOf(g.corners(a, b, inset));
  g.path = (a, b, inset = 0) => pathOf(g.corners(a, b, inset));
  g.bounds = (cells) => union(cells.map(([a, b]) => g.box(a, b)));
  return g;
}

/**
 * Square cells of side `size`: cell (x, y) spans [x*size, (x+1)*size). Neighbours are the four
 * orthogonal ones, or the eight around it with `diagonal`.
 */
export function squareGrid(size = 1) {
  const ORTHO = [
    [1, 0],
    [0, -1],
    [-1, 0],
    [0, 1],
  ];
  const ALL = [
    [1, 0],
    [1, -1],
    [0, -1],
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [0, 1],
    [1, 1],
  ];
  return common({
    kind: "square",
    size,
    centre: (x, y) => [(x + 0.5) * size, (y + 0.5) * size],
    box: (x, y) => ({ x: x * size, y: y * size, w: size, h: size }),
    corners: (x, y, inset = 0) => {
      const [x0, y0, x1, y1] = [
        x * size + inset,
        y * size + inset,
        (x + 1) * size - inset,
        (y + 1) * size - inset,
      ];
      return [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ];
    },
    neighbours: (x, y, diagonal = false) => (diagonal ? ALL : ORTHO).map(([dx, dy]) => [x + dx, y + dy]),
    /** Steps between two cells: king moves with `diagonal`, else orthogonal steps. */
    distance: (x, y, x2, y2, diagonal = false) => {
      const [dx, dy] = [Math.abs(x - x2), Math.abs(y - y2)];
      return diagonal ? Math.max(dx, dy) : dx + dy;
    },
    /** The cell under a board point. */
    cellAt: (px, py) => [Math.floor(px / size), Math.floor(py / size)],
  });
}

/** The six axial directions, counter-clockwise from +q (east on pointy-top hexes). */
export const HEX_DIRS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

/** Round fractional axial coordinates to the hex that contains them. */
function hexRound(q, r) {
  const s = -q - r;
  let [rq, rr, rs] = [Math.round(q), Math.round(r), Math.round(s)];
  const [dq, dr, ds] = [Math.abs(rq - q), Math.abs(rr - r), Math.abs(rs - s)];
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq + 0, rr + 0];
}

/**
 * Hex cells in axial coordinates (q, r), circumradius `size`, "pointy" (default) or "flat" top.
 * Pointy: q grows east, r south-east; a hex is size*sqrt(3) wide and 2*size high, and (0, 0) is
 * centred on the origin (cells reach into negative board units: draw them with bounds()).
 */
export function hexGrid(size = 1, top = "pointy") {
  if (top !== "pointy" && top !== "flat")
    throw new Error(`hexGrid: top must be "pointy" or "flat", not ${top}`);
  const pointy = top === "pointy";
  const centre = pointy
    ? (q, r) => [size * SQRT3 * (q + r / 2), size * 1.5 * r]
    : (q, r) => [size * 1.5 * q, size * SQRT3 * (r + q / 2)];
  const [hw, hh] = pointy ? [(SQRT3 / 2) * size, size] : [size, (SQRT3 / 2) * size];
  return common({
    kind: "hex",
    top,
    size,
    centre,
    box: (q, r) => {
      const [cx, cy] = centre(q, r);
      return { x: cx - hw, y: cy - hh, w: 2 * hw, h: 2 * hh };
    },
    /** The six corners, clockwise from the top (pointy) or the right (flat); `inset` moves them towards the centre. */
    corners: (q, r, inset = 0) => {
      const [cx, cy] = centre(q, r);
      const rad = size - inset;
      return [0, 1, 2, 3, 4, 5].map((i) => {
        const a = (Math.PI / 180) * (60 * i - (pointy ? 90 : 0));
        return [cx + rad * Math.cos(a), cy + rad * Math.sin(a)];
      });
    },
    neighbours: (q, r) => HEX_DIRS.map(([dq, dr]) => [q + dq, r + dr]),
    distance: (q, r, q2, r2_) => (Math.abs(q - q2) + Math.abs(r - r2_) + Math.abs(q + r - q2 - r2_)) / 2,
    /** The cell under a board point. */
    cellAt: (px, py) =>
      pointy
        ? hexRound(((SQRT3 / 3) * px - py / 3) / size, ((2 / 3) * py) / size)
        : hexRound(((2 / 3) * px) / size, (-px / 3 + (SQRT3 / 3) * py) / size),
  });
}

/** Every cell of a hexagon-shaped board of `radius` around (0, 0), row by row. */
export function hexagon(radius) {
  const cells = [];
  for (let r = -radius; r <= radius; r++) {
    for (let q = Math.max(-radius, -r - radius); q <= Math.min(radius, -r + radius); q++) cells.push([q, r]);
  }
  return cells;
}
