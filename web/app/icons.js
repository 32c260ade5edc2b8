// Inline SVG icons (no external files, no fonts). Each returns markup; aria-hidden unless labelled.

const svg = (body, cls = "ico", vb = "0 0 16 16") =>
  `<svg class="${cls}" viewBox="${vb}" aria-hidden="true" focusable="false">${body}</svg>`;

export const RES = {
  wheat: svg(
    `<path d="M8 15.2V6" stroke="#7a5a00" stroke-width="1.3" fill="none"/>
    <ellipse cx="8" cy="3.6" rx="1.5" ry="2.6" fill="#c99400"/>
    <ellipse cx="5.7" cy="7.2" rx="1.3" ry="2.4" transform="rotate(-38 5.7 7.2)" fill="#c99400"/>
    <ellipse cx="10.3" cy="7.2" rx="1.3" ry="2.4" transform="rotate(38 10.3 7.2)" fill="#c99400"/>
    <ellipse cx="5.9" cy="10.9" rx="1.2" ry="2.2" transform="rotate(-38 5.9 10.9)" fill="#c99400"/>
    <ellipse cx="10.1" cy="10.9" rx="1.2" ry="2.2" transform="rotate(38 10.1 10.9)" fill="#c99400"/>`,
    "ico res-wheat",
  ),
  hammer: svg(
    `<rect x="7" y="5.5" width="2.2" height="9.5" rx=".8" fill="#8d5a2b"/>
    <path d="M3 2.2h8.2l1.8 1.6v2.4H3z" fill="#546e7a"/>`,
    "ico res-hammer",
  ),
  axe: svg(
    `<rect x="7.1" y="1.5" width="1.9" height="13.5" rx=".8" fill="#8d5a2b"/>
    <path d="M8.6 2.4c3.2-.4 5.6 1.7 5.9 5.1-2.2-.9-4-.6-5.9.8z" fill="#b0413e"/>`,
    "ico res-axe",
  ),
  coin: svg(
    `<circle cx="8" cy="8" r="6.5" fill="#e0a800" stroke="#8a6400" stroke-width="1"/>
    <circle cx="8" cy="8" r="3.8" fill="none" stroke="#8a6400" stroke-width="1"/>`,
    "ico res-coin",
  ),
};

export const star = svg(
  `<path d="M8 1.2l2 4.3 4.7.5-3.5 3.2 1 4.6L8 11.5l-4.2 2.3 1-4.6L1.3 6l4.7-.5z" fill="#f0b400" stroke="#8a6400" stroke-width=".8"/>`,
  "ico star",
);

export const temple = svg(
  `<path d="M8 1.5L1.5 5h13z" fill="#b8860b"/><rect x="2.5" y="5.6" width="11" height="1.2" fill="#8a6400"/>
  <rect x="3.3" y="7.2" width="1.6" height="5.3" fill="#b8860b"/><rect x="7.2" y="7.2" width="1.6" height="5.3" fill="#b8860b"/>
  <rect x="11.1" y="7.2" width="1.6" height="5.3" fill="#b8860b"/><rect x="1.5" y="12.8" width="13" height="1.7" fill="#8a6400"/>`,
  "ico temple",
);

export const hourglass = svg(
  `<path d="M3.5 1.5h9M3.5 14.5h9" stroke="currentColor" stroke-width="1.5"/>
  <path d="M4.5 2c0 3.6 3 4.4 3 6s-3 2.4-3 6h7c0-3.6-3-4.4-3-6s3-2.4 3-6z" fill="none" stroke="currentColor" stroke-width="1.2"/>
  <path d="M6 12.8c.6-1.3 1.5-1.6 2-2.2.5.6 1.4.9 2 2.2z" fill="currentColor"/>`,
  "ico hourglass",
);

export const bolt = svg(
  `<path d="M9.5 1L3 9h4l-1 6 6.5-8.2h-4z" fill="#f5b400" stroke="#7a5a00" stroke-width=".7"/>`,
  "ico bolt",
);

export const bot = svg(
  `<rect x="2.5" y="5" width="11" height="8.5" rx="2" fill="none" stroke="currentColor" stroke-width="1.3"/>
  <circle cx="6" cy="9" r="1.2" fill="currentColor"/><circle cx="10" cy="9" r="1.2" fill="currentColor"/>
  <path d="M8 5V2.5" stroke="currentColor" stroke-width="1.3"/><circle cx="8" cy="2.2" r="1" fill="currentColor"/>`,
  "ico",
);

export const bulb = svg(
  `<path d="M8 1.5a4.6 4.6 0 0 0-2.7 8.3c.5.4.8 1 .8 1.6v.6h3.8v-.6c0-.6.3-1.2.8-1.6A4.6 4.6 0 0 0 8 1.5z" fill="none" stroke="currentColor" stroke-width="1.3"/>
  <path d="M6.2 13.6h3.6M6.8 15.2h2.4" stroke="currentColor" stroke-width="1.3"/>`,
  "ico",
);

export const person = svg(
  `<circle cx="8" cy="5" r="3" fill="none" stroke="currentColor" stroke-width="1.3"/>
  <path d="M2.5 14.5c.6-3.2 2.8-4.8 5.5-4.8s4.9 1.6 5.5 4.8" fill="none" stroke="currentColor" stroke-width="1.3"/>`,
  "ico",
);

export const undo = svg(
  `<path d="M5.5 3.5L2 7l3.5 3.5" fill="none" stroke="currentColor" stroke-width="1.6"/>
  <path d="M2.5 7h7a4 4 0 010 8H6" fill="none" stroke="currentColor" stroke-width="1.6"/>`,
  "ico",
);

export const home = svg(
  `<path d="M2 8L8 2.5 14 8" fill="none" stroke="currentColor" stroke-width="1.6"/>
  <path d="M3.8 7v7h3v-4h2.4v4h3V7" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  "ico",
);

export const help = svg(
  `<circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.4"/>
  <path d="M6 6.2c0-1.2.9-2 2-2s2 .8 2 1.9c0 1.6-2 1.6-2 3.3" fill="none" stroke="currentColor" stroke-width="1.4"/>
  <circle cx="8" cy="11.8" r=".9" fill="currentColor"/>`,
  "ico",
);

export const check = svg(
  `<path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" stroke-width="2"/>`,
  "ico",
);
export const lock = svg(
  `<rect x="3" y="7" width="10" height="7.5" rx="1.5" fill="currentColor"/>
  <path d="M5 7V5a3 3 0 016 0v2" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  "ico",
);
export const warn = svg(
  `<path d="M8 1.5L15 14H1z" fill="#c62828"/><path d="M8 6v4" stroke="#fff" stroke-width="1.6"/><circle cx="8" cy="12" r=".9" fill="#fff"/>`,
  "ico warn",
);
export const crown = svg(
  `<path d="M1.5 5l3.3 3L8 3l3.2 5 3.3-3-1.3 8H2.8z" fill="#f0b400" stroke="#8a6400" stroke-width=".8"/>`,
  "ico crown",
);
export const exhaust = svg(
  `<circle cx="8" cy="8" r="6.5" fill="#263238"/><path d="M5 5l6 6M11 5l-6 6" stroke="#fff" stroke-width="1.8"/>`,
  "ico exhaust",
);
export const download = svg(
  `<path d="M8 2v8M4.5 7L8 10.5 11.5 7" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M2.5 12.5v1.8h11v-1.8" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  "ico",
);
export const upload = svg(
  `<path d="M8 11V3M4.5 6L8 2.5 11.5 6" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M2.5 12.5v1.8h11v-1.8" fill="none" stroke="currentColor" stroke-width="1.5"/>`,
  "ico",
);
export const trash = svg(
  `<path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 9.5h5.6l.7-9.5" fill="none" stroke="currentColor" stroke-width="1.4"/>`,
  "ico",
);
export const play = svg(`<path d="M4.5 2.5l9 5.5-9 5.5z" fill="currentColor"/>`, "ico");

/** Location type glyphs (white, drawn on the type colour). */
export const LOC = {
  city: svg(
    `<path d="M1.5 14.5V7l3-2 3 2V3.5L11 1.5l3.5 2v11z" fill="#fff"/><rect x="9.5" y="5" width="1.6" height="1.6" fill="#4a3573"/><rect x="9.5" y="8.5" width="1.6" height="1.6" fill="#4a3573"/><rect x="3.7" y="9" width="1.6" height="1.6" fill="#4a3573"/>`,
    "ico loc-ico",
  ),
  town: svg(
    `<path d="M1.5 14.5V8l3.5-3.2L8.5 8v6.5zM9 14.5V9.5l2.8-2.4 2.7 2.4v5z" fill="#fff"/>`,
    "ico loc-ico",
  ),
  army: svg(
    `<path d="M8 1.5l5.5 2v4.3c0 3.4-2.4 5.6-5.5 6.7-3.1-1.1-5.5-3.3-5.5-6.7V3.5z" fill="#fff"/><path d="M5.5 6.5l5 5M10.5 6.5l-5 5" stroke="#8e2a20" stroke-width="1.4"/>`,
    "ico loc-ico",
  ),
  road: svg(
    `<path d="M5.5 1.5h5l3 13h-11z" fill="#fff"/><path d="M8 2.5v2.2M8 6.8v2.4M8 11.3v2.6" stroke="#5e5040" stroke-width="1.2"/>`,
    "ico loc-ico",
  ),
  farm: svg(
    `<path d="M1.5 14.5l6.5-7 6.5 7z" fill="#fff"/><path d="M8 7.5V1.5M5.5 4.5l2.5-1.5 2.5 1.5" stroke="#fff" stroke-width="1.4" fill="none"/>`,
    "ico loc-ico",
  ),
};
export const prev = svg(
  `<path d="M10.5 2.5L5 8l5.5 5.5" fill="none" stroke="currentColor" stroke-width="2"/>`,
  "ico",
);
export const next = svg(
  `<path d="M5.5 2.5L11 8l-5.5 5.5" fill="none" stroke="currentColor" stroke-width="2"/>`,
  "ico",
);
export const first = svg(
  `<path d="M12 2.5L6.5 8l5.5 5.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3.5 2.5v11" stroke="currentColor" stroke-width="2"/>`,
  "ico",
);
export const last = svg(
  `<path d="M4 2.5L9.5 8 4 13.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M12.5 2.5v11" stroke="currentColor" stroke-width="2"/>`,
  "ico",
);
