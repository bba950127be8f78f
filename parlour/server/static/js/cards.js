// Card faces as SVG, for every deck of parlour/core/cards.py, from the card's name alone
// (GAMES.md notation): French/Skat "7C", Viashi "1W" and the gods by name, Xuni "3bat",
// "white"/"black"/"devil", Ahzchim chips "Z2" "R5" "spy" "reshpel". null is a card face down.
// The words on faces, glyphs and titles are in the page's language; the names stay notation.

import { rtl, tc } from "./i18n.js";

const FONT = "DejaVu Sans, Liberation Sans, Helvetica, Arial, sans-serif";
const SERIF = "DejaVu Serif, Liberation Serif, Georgia, serif";

// Suit and emblem outlines, each drawn in a 100 x 100 box.
const PATH = {
  H: "M50 90C22 70 4 52 4 31 4 15 16 5 29 5c10 0 17 6 21 14 4-8 11-14 21-14 13 0 25 10 25 26 0 21-18 39-46 59z",
  D: "M50 2 88 50 50 98 12 50z",
  S: "M50 3c20 24 46 36 46 58 0 15-11 25-24 25-9 0-16-4-19-10 1 11 5 17 13 22H34c8-5 12-11 13-22-3 6-10 10-19 10C15 86 4 76 4 61 4 39 30 27 50 3z",
  C: "M50 6a21 21 0 0 1 17 34 21 21 0 1 1-13 30c1 12 5 19 14 26H32c9-7 13-14 14-26a21 21 0 1 1-13-30A21 21 0 0 1 50 6z",
  flame: "M50 4c6 22 30 32 30 60 0 20-14 32-30 32S20 84 20 64c0-16 10-24 14-38 6 12 6 20 12 24 6-12 6-28 4-46z",
  flameInner: "M50 52c4 10 14 14 14 26 0 9-6 14-14 14s-14-5-14-14c0-10 10-14 14-26z",
  stone: "M28 12h44l22 38-22 38H28L6 50z",
  stoneFacets: "M28 12 40 50 28 88M72 12 60 50 72 88M40 50h20M6 50h34M60 50h34",
  leaf: "M50 4c34 18 42 62 0 92C8 66 16 22 50 4z",
  leafVeins: "M50 14v78M50 40 32 28M50 40l18-12M50 58 30 46M50 58l20-12M50 76 34 64M50 76l16-12",
  winds: "M8 34c22-10 44-10 60-2 12 6 12 20 0 20-8 0-10-8-4-10M8 54c26-8 54-6 72 2 12 6 10 22-2 22-10 0-12-10-4-12M16 74c14-4 28-4 40 0",
  waves: "M4 30c12-12 20-12 32 0s20 12 32 0 20-12 28-4M4 52c12-12 20-12 32 0s20 12 32 0 20-12 28-4M4 74c12-12 20-12 32 0s20 12 32 0 20-12 28-4",
  star: "M50 4l10 30h32L66 52l10 32-26-20-26 20 10-32L8 34h32z",
  bat: "M50 40c-3-8-8-10-13-6-5-12-20-16-33-6 10 2 14 10 11 20 10-6 18 0 21 8 5-6 10-4 14 4 4-8 9-10 14-4 3-8 11-14 21-8-3-10 1-18 11-20-13-10-28-6-33 6-5-4-10-2-13 6zM44 34l2-8 4 6 4-6 2 8",
  tapir: "M12 62c0-20 18-30 40-30 14 0 24 4 30 12 6 1 12 6 14 14l-6 2c-3-3-5-3-7-1l-1 19h-8l-2-12c-10 2-22 2-32 0l-2 13h-8l-2-14c-8-1-16-2-16-3z",
  snake: "M22 88c-8-20 8-28 28-32 22-4 34-12 32-26-2-16-24-18-36-8",
  shark: "M4 64c20-14 40-18 56-17l4-26 16 28c8 3 14 8 18 13-8 6-22 9-40 9-20 0-38-2-54-7zM4 64 0 50l10 10z",
  elephant: "M18 70c-6-22 6-42 32-42 14 0 24 6 28 16 8 2 12 10 10 22-1 10 2 18 6 20l-6 2c-6-4-8-12-8-20l-2 12h-8l-2-12H40l-2 12h-8l-2-12c-4 2-8 3-10 2z",
  ear: "M46 34c-12 0-18 10-14 22 4 8 14 8 18 2",
  devil: "M50 24c18 0 30 14 30 32S68 92 50 92 20 74 20 56s12-32 30-32zM26 34 18 6l20 20M74 34l8-28-20 20",
  eye: "M8 50c20-26 64-26 84 0-20 26-64 26-84 0z",
  tower: "M30 88V36h-6V20h10v8h8v-8h16v8h8v-8h10v16h-6v52z",
};

const FRENCH_COLOR = { C: "#1c1c22", S: "#1c1c22", H: "#c42a2a", D: "#c42a2a" };
const SUIT_WORD = { C: tc("french", "clubs"), D: tc("french", "diamonds"), H: tc("french", "hearts"),
  S: tc("french", "spades") };
const SUIT_GLYPH = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const RANK_WORD = { T: "10", J: tc("french", "Jack"), Q: tc("french", "Queen"), K: tc("french", "King"),
  A: tc("french", "Ace") };

// name: the suit; one: a card of it, in glyphs ("3 Wind").
export const VIASHI = {
  W: { name: tc("viashi", "Winds"), one: tc("viashi", "Wind"), ink: "#5b6b82", paper: "#f6f7fb", band: "#c9d2e0", emblem: "winds" },
  R: { name: tc("viashi", "Flames"), one: tc("viashi", "Flame"), ink: "#c8361b", paper: "#fff5ef", band: "#e8673a", emblem: "flame" },
  P: { name: tc("viashi", "Stones"), one: tc("viashi", "Stone"), ink: "#6b2a8c", paper: "#f8f1fb", band: "#8e4db0", emblem: "stone" },
  B: { name: tc("viashi", "Waves"), one: tc("viashi", "Wave"), ink: "#145ea8", paper: "#eff6fd", band: "#2f80c9", emblem: "waves" },
  G: { name: tc("viashi", "Leaves"), one: tc("viashi", "Leaf"), ink: "#2f7d32", paper: "#f1f8ee", band: "#4f9d4a", emblem: "leaf" },
};
const VIASHI_RANK = ["", tc("viashi", "Queen"), tc("viashi", "King"), tc("viashi", "Prince"),
  tc("viashi", "Princess"), tc("viashi", "Warrior"), tc("viashi", "Merchant"), tc("viashi", "Worker"),
  tc("viashi", "Scholar"), tc("viashi", "Fool")];
export const GODS = ["Lady", "DarkLord", "Builder", "Thief", "Protectress", "Seductress", "Minion",
  "Friend", "Changeling"];
const GOD_TITLE = { Lady: tc("god", "Lady"), DarkLord: tc("god", "Dark Lord"), Builder: tc("god", "Builder"),
  Thief: tc("god", "Thief"), Protectress: tc("god", "Protectress"), Seductress: tc("god", "Seductress"),
  Minion: tc("god", "Minion"), Friend: tc("god", "Friend"), Changeling: tc("god", "Changeling") };

// one: a card of the suit, many: the suit, face: the word printed on the card.
export const XUNI = {
  bat: { ink: "#4b2a73", paper: "#f5f1fa", one: tc("xuni", "bat"), many: tc("xuni", "bats"), face: tc("xuni", "BAT") },
  tapir: { ink: "#7a5231", paper: "#faf4ee", one: tc("xuni", "tapir"), many: tc("xuni", "tapirs"), face: tc("xuni", "TAPIR") },
  snake: { ink: "#2e7a3c", paper: "#f0f8f0", one: tc("xuni", "snake"), many: tc("xuni", "snakes"), face: tc("xuni", "SNAKE") },
  shark: { ink: "#1b6a96", paper: "#eef6fb", one: tc("xuni", "shark"), many: tc("xuni", "sharks"), face: tc("xuni", "SHARK") },
};

const CHIP = {
  Z: { name: tc("chip", "Zahahnie"), face: tc("chip", "ZAHAHNIE"), fill: "#d9a521", edge: "#8a6510", ink: "#3b2a05" },
  P: { name: tc("chip", "Pelmeahe"), face: tc("chip", "PELMEAHE"), fill: "#2b9c8c", edge: "#16594f", ink: "#06231f" },
  R: { name: tc("chip", "Rahziembiz"), face: tc("chip", "RAHZIEMBIZ"), fill: "#c23b3b", edge: "#6e1717", ink: "#fff4f0" },
  K: { name: tc("chip", "Roke Zibahl"), face: tc("chip", "ROKE ZIBAHL"), fill: "#435a6e", edge: "#1f2b36", ink: "#f1f5f9" },
};
// Letter spacing pulls apart the joined letters of Arabic script: only for scripts that allow it.
const spaced = (value) => (rtl ? 0 : value);

// What a name is ------------------------------------------------------------------------------
export function cardKind(name) {
  if (name === null || name === undefined) return "back";
  if (/^[2-9TJQKA][CDHS]$/.test(name)) return "french";
  if (/^[1-9][WRPBG]$/.test(name)) return "viashi";
  if (GODS.includes(name)) return "god";
  if (/^(10|[1-9])(bat|tapir|snake|shark)$/.test(name)) return "xuni";
  if (name === "white" || name === "black" || name === "devil") return "xuni-special";
  if (/^[ZP][1-3]$/.test(name) || /^[RK]([1-9]|1[0-9]|20)$/.test(name)) return "chip";
  if (name === "spy" || name === "reshpel") return "chip";
  return null;
}

export function godTitle(name) {
  return GOD_TITLE[name] || name;
}

export function cardTitle(name) {
  const kind = cardKind(name);
  switch (kind) {
    case "back": return tc("card", "a card face down");
    case "french": return tc("french", "{rank} of {suit}", { rank: RANK_WORD[name[0]] || name[0], suit: SUIT_WORD[name[1]] });
    case "viashi": return tc("viashi", "{rank} of {suit}", { rank: VIASHI_RANK[+name[0]], suit: VIASHI[name[1]].name });
    case "god": return tc("god", "{god} (god, rank {n})", { god: godTitle(name), n: GODS.indexOf(name) + 1 });
    case "xuni": { const m = name.match(/^(\d+)(\w+)$/); return tc("xuni", "{n} of {animals}", { n: m[1], animals: XUNI[m[2]].many }); }
    case "xuni-special": return name === "devil" ? tc("xuni", "the devil") : name === "white"
      ? tc("xuni", "the white elephant") : tc("xuni", "the black elephant");
    case "chip":
      if (name === "spy") return tc("chip", "Gieth Bek, the spy");
      if (name === "reshpel") return tc("chip", "Reshpel");
      return `${CHIP[name[0]].name} ${name.slice(1)}`;
    default: return name;
  }
}

// Inline glyph for text (logs, buttons): short, colored ------------------------------------------
export function cardGlyph(name) {
  const kind = cardKind(name);
  const span = document.createElement("span");
  span.className = "glyph";
  span.title = cardTitle(name);
  if (kind === "french") {
    span.textContent = (name[0] === "T" ? "10" : name[0]) + SUIT_GLYPH[name[1]];
    span.classList.add(name[1] === "H" || name[1] === "D" ? "glyph-red" : "glyph-black");
  } else if (kind === "viashi") {
    span.textContent = name[0] + " " + VIASHI[name[1]].one;
    span.style.setProperty("--glyph", VIASHI[name[1]].ink);
    span.classList.add("glyph-suit");
  } else if (kind === "god") {
    span.textContent = "\u2726 " + godTitle(name);
    span.classList.add("glyph-god");
  } else if (kind === "xuni") {
    const m = name.match(/^(\d+)(\w+)$/);
    span.textContent = m[1] + " " + XUNI[m[2]].one;
    span.style.setProperty("--glyph", XUNI[m[2]].ink);
    span.classList.add("glyph-suit");
  } else if (kind === "chip") {
    span.textContent = name === "spy" ? tc("chip", "spy") : name === "reshpel" ? tc("chip", "Reshpel") : name;
    span.style.setProperty("--glyph", CHIP[name[0]] ? CHIP[name[0]].fill : "#444");
    span.classList.add("glyph-chip");
  } else {
    span.textContent = name;
    span.classList.add("glyph-special");
  }
  return span;
}

// Whole faces ---------------------------------------------------------------------------------
function icon(path, x, y, size, attrs) {
  const s = size / 100;
  return `<path transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})" d="${path}" ${attrs}/>`;
}

function frame(paper, edge, inner) {
  return `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="${paper}" stroke="${edge}" stroke-width="1.5"/>` +
    (inner ? `<rect x="7" y="7" width="86" height="126" rx="5" fill="none" stroke="${inner}" stroke-width="1"/>` : "");
}

function corners(label, color, sub, font = FONT, size = 20) {
  const top = `<text x="10" y="24" font-family="${font}" font-weight="700" font-size="${size}" fill="${color}">${label}</text>`;
  const bottom = `<g transform="rotate(180 50 70)"><text x="10" y="24" font-family="${font}" font-weight="700" font-size="${size}" fill="${color}">${label}</text>${sub || ""}</g>`;
  return top + (sub || "") + bottom;
}

// Pip positions of the French number cards (x, y, upside down).
const PIPS = {
  A: [[50, 70, 0]],
  2: [[50, 32, 0], [50, 108, 1]],
  3: [[50, 32, 0], [50, 70, 0], [50, 108, 1]],
  4: [[34, 32, 0], [66, 32, 0], [34, 108, 1], [66, 108, 1]],
  5: [[34, 32, 0], [66, 32, 0], [50, 70, 0], [34, 108, 1], [66, 108, 1]],
  6: [[34, 32, 0], [66, 32, 0], [34, 70, 0], [66, 70, 0], [34, 108, 1], [66, 108, 1]],
  7: [[34, 32, 0], [66, 32, 0], [50, 51, 0], [34, 70, 0], [66, 70, 0], [34, 108, 1], [66, 108, 1]],
  8: [[34, 32, 0], [66, 32, 0], [50, 51, 0], [34, 70, 0], [66, 70, 0], [50, 89, 1], [34, 108, 1], [66, 108, 1]],
  9: [[34, 30, 0], [66, 30, 0], [34, 56, 0], [66, 56, 0], [50, 70, 0], [34, 84, 1], [66, 84, 1], [34, 110, 1], [66, 110, 1]],
  T: [[34, 30, 0], [66, 30, 0], [50, 43, 0], [34, 56, 0], [66, 56, 0], [34, 84, 1], [66, 84, 1], [50, 97, 1], [34, 110, 1], [66, 110, 1]],
};

function french(name) {
  const r = name[0], s = name[1], color = FRENCH_COLOR[s];
  const label = r === "T" ? "10" : r;
  const fill = `fill="${color}"`;
  let body = frame("#fffdf8", "#b9b2a4");
  body += corners(label, color, icon(PATH[s], 16, 36, 12, fill), FONT, r === "T" ? 17 : 20);
  if (PIPS[r]) {
    const size = r === "A" ? 46 : r === "9" || r === "T" ? 17 : 19;
    for (const [x, y, flip] of PIPS[r]) {
      body += flip ? `<g transform="rotate(180 ${x} ${y})">${icon(PATH[s], x, y, size, fill)}</g>`
        : icon(PATH[s], x, y, size, fill);
    }
  } else {
    // Court cards: a framed panel with the letter and the suit, in the old colors.
    const gold = "#c9a227";
    body += `<rect x="24" y="22" width="52" height="96" rx="4" fill="${s === "H" || s === "D" ? "#fbe9e4" : "#e9edf3"}" stroke="${gold}" stroke-width="2"/>`;
    body += `<rect x="28" y="26" width="44" height="88" rx="3" fill="none" stroke="${color}" stroke-width="0.8" opacity="0.6"/>`;
    body += `<text x="50" y="70" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="34" fill="${color}">${r}</text>`;
    body += icon(PATH[s], 50, 92, 20, fill);
    body += `<g transform="rotate(180 50 48)">${icon(PATH[s], 50, 52, 12, fill)}</g>`;
    const crown = r === "K" ? "M36 40l4-10 5 6 5-8 5 8 5-6 4 10z" : r === "Q" ? "M38 40c4-8 8-10 12-10s8 2 12 10z" : "M40 40h20l-3-8h-14z";
    body += `<path d="${crown}" fill="${gold}" stroke="${color}" stroke-width="0.6"/>`;
  }
  return body;
}

function viashi(name) {
  const n = +name[0], suit = VIASHI[name[1]];
  let body = frame(suit.paper, suit.band);
  body += `<rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="${suit.band}" stroke-width="3"/>`;
  body += corners(String(n), suit.ink, "", SERIF, 22);
  const e = suit.emblem;
  if (e === "flame") {
    body += icon(PATH.flame, 50, 62, 52, `fill="${suit.band}" stroke="${suit.ink}" stroke-width="2"`);
    body += icon(PATH.flameInner, 50, 62, 52, `fill="#ffd27a"`);
  } else if (e === "stone") {
    body += icon(PATH.stone, 50, 62, 50, `fill="${suit.band}" stroke="${suit.ink}" stroke-width="2.5"`);
    body += icon(PATH.stoneFacets, 50, 62, 50, `fill="none" stroke="${suit.paper}" stroke-width="2" opacity="0.7"`);
  } else if (e === "leaf") {
    body += icon(PATH.leaf, 50, 62, 50, `fill="${suit.band}" stroke="${suit.ink}" stroke-width="2.5"`);
    body += icon(PATH.leafVeins, 50, 62, 50, `fill="none" stroke="${suit.paper}" stroke-width="2.5" stroke-linecap="round"`);
  } else {
    body += icon(PATH[e], 50, 62, 54, `fill="none" stroke="${suit.ink}" stroke-width="6" stroke-linecap="round"`);
  }
  if (n <= 4) {
    // The royal ranks (Queen, King, Prince, Princess) wear a small crown.
    body += `<path d="M38 30l4-9 5 5 3-7 3 7 5-5 4 9z" fill="#e2c25a" stroke="${suit.ink}" stroke-width="0.8"/>`;
  }
  const title = VIASHI_RANK[n];
  body += `<text x="50" y="114" text-anchor="middle" font-family="${SERIF}" font-size="12.5" font-style="italic" fill="${suit.ink}">${title}</text>`;
  return body;
}

function god(name) {
  const rank = GODS.indexOf(name) + 1;
  const title = godTitle(name);
  // No gradients or ids: many cards share one page, and ids would collide.
  let body = `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#1d1538" stroke="#c9a227" stroke-width="2"/>`;
  body += `<circle cx="50" cy="58" r="40" fill="#2e2257" opacity="0.9"/><circle cx="50" cy="58" r="26" fill="#3a2b6b"/>`;
  body += `<rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="#e2c25a" stroke-width="1" opacity="0.7"/>`;
  body += corners(String(rank), "#f3d36b", "", SERIF, 22);
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    body += `<line x1="${50 + 18 * Math.cos(a)}" y1="${58 + 18 * Math.sin(a)}" x2="${50 + 30 * Math.cos(a)}" y2="${58 + 30 * Math.sin(a)}" stroke="#e2c25a" stroke-width="2" stroke-linecap="round" opacity="0.8"/>`;
  }
  body += icon(PATH.star, 50, 58, 30, `fill="#f3d36b"`);
  const size = title.length > 9 ? 10.5 : 13;
  body += `<text x="50" y="110" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="${size}" fill="#f3d36b" letter-spacing="${spaced(0.5)}">${title}</text>`;
  return body;
}

function xuni(name) {
  const m = name.match(/^(\d+)(\w+)$/);
  const n = m[1], animal = m[2], look = XUNI[animal];
  let body = frame(look.paper, look.ink, look.ink);
  body += corners(n, look.ink, "", FONT, n === "10" ? 17 : 21);
  const art = animal === "snake"
    ? icon(PATH.snake, 50, 60, 56, `fill="none" stroke="${look.ink}" stroke-width="9" stroke-linecap="round"`) +
      `<circle cx="${50 - 28 + 0.46 * 56}" cy="${60 - 28 + 0.21 * 56}" r="6" fill="${look.ink}"/>`
    : icon(PATH[animal], 50, 60, 66, `fill="${look.ink}"`);
  body += art;
  body += `<text x="50" y="114" text-anchor="middle" font-family="${FONT}" font-size="12" letter-spacing="${spaced(1.5)}" fill="${look.ink}">${look.face}</text>`;
  return body;
}

function xuniSpecial(name) {
  if (name === "devil") {
    let body = frame("#5c0f12", "#2a0507", "#e0a43a");
    body += icon(PATH.devil, 50, 62, 60, `fill="#c62828" stroke="#ffcf6b" stroke-width="2"`);
    body += `<circle cx="42" cy="64" r="3" fill="#ffcf6b"/><circle cx="58" cy="64" r="3" fill="#ffcf6b"/>`;
    body += `<text x="50" y="120" text-anchor="middle" font-family="${SERIF}" font-size="13" font-weight="700" fill="#ffcf6b">${tc("xuni", "DEVIL")}</text>`;
    return body;
  }
  const white = name === "white";
  const paper = white ? "#fbf8ef" : "#22252b", ink = white ? "#8a7f66" : "#d7d2c4";
  let body = frame(paper, white ? "#c7bd9f" : "#0d0f12", ink);
  body += icon(PATH.elephant, 50, 62, 64, `fill="${white ? "#ffffff" : "#0a0b0d"}" stroke="${ink}" stroke-width="2.5"`);
  body += icon(PATH.ear, 50, 62, 64, `fill="none" stroke="${ink}" stroke-width="2.5"`);
  // Two lines, in the order the language reads them ("WHITE|ELEPHANT").
  const [top, bottom] = (white ? tc("xuni", "WHITE|ELEPHANT") : tc("xuni", "BLACK|ELEPHANT")).split("|");
  body += `<text x="50" y="110" text-anchor="middle" font-family="${SERIF}" font-size="11" font-weight="700" letter-spacing="${spaced(1)}" fill="${ink}">${top}</text>`;
  body += `<text x="50" y="123" text-anchor="middle" font-family="${SERIF}" font-size="9.5" font-weight="700" letter-spacing="${spaced(0.6)}" fill="${ink}">${bottom || ""}</text>`;
  return body;
}

function chip(name) {
  // Chips are round: drawn in a 100 x 100 box.
  let fill, edge, ink, big, small, extra = "";
  if (name === "spy") {
    fill = "#1f1f24"; edge = "#000"; ink = "#f2e6c9"; big = ""; small = tc("chip", "SPY");
    extra = icon(PATH.eye, 50, 50, 46, `fill="#f2e6c9"`) + `<circle cx="50" cy="50" r="8" fill="#c23b3b"/><circle cx="50" cy="50" r="3.5" fill="#000"/>`;
  } else if (name === "reshpel") {
    fill = "#2d4a8a"; edge = "#142447"; ink = "#f1f5ff"; big = ""; small = tc("chip", "RESHPEL");
    extra = icon(PATH.tower, 50, 48, 42, `fill="#f1f5ff"`) + `<text x="50" y="80" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="13" fill="#ffd36b">+2</text>`;
  } else {
    const look = CHIP[name[0]];
    fill = look.fill; edge = look.edge; ink = look.ink; big = name.slice(1); small = look.face;
  }
  let body = `<circle cx="50" cy="50" r="47" fill="${fill}" stroke="${edge}" stroke-width="3"/>`;
  body += `<circle cx="50" cy="50" r="47" fill="none" stroke="#fff" stroke-width="7" stroke-dasharray="9 15.6" opacity="0.55"/>`;
  body += `<circle cx="50" cy="50" r="33" fill="none" stroke="${ink}" stroke-width="1.2" opacity="0.55"/>`;
  if (big) body += `<text x="50" y="62" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${big.length > 1 ? 30 : 34}" fill="${ink}">${big}</text>`;
  body += extra;
  body += `<text x="50" y="${big ? 31 : 28}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${small.length > 8 ? 6.5 : 8}" letter-spacing="${spaced(0.6)}" fill="${ink}" opacity="0.85">${small}</text>`;
  return body;
}

let backPattern = null;
function back() {
  if (!backPattern) {
    let lines = "";
    for (let i = -140; i < 140; i += 9) {
      lines += `M${i} 0l140 140M${i + 140} 0l-140 140`;
    }
    backPattern = lines;
  }
  return `<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="#7b1f2e" stroke="#3f0d16" stroke-width="1.5"/>` +
    `<rect x="7" y="7" width="86" height="126" rx="5" fill="#8e2436" stroke="#e2c25a" stroke-width="1.2"/>` +
    // A nested svg clips the lattice to the panel without a clipPath id.
    `<svg x="9" y="9" width="82" height="122" viewBox="0 0 82 122"><path d="${backPattern}" stroke="#e2c25a" stroke-width="0.7" opacity="0.45"/></svg>` +
    `<circle cx="50" cy="70" r="15" fill="#7b1f2e" stroke="#e2c25a" stroke-width="1.5"/>` +
    `<text x="50" y="76" text-anchor="middle" font-family="${SERIF}" font-size="17" fill="#e2c25a">\u2660</text>`;
}

function unknown(name) {
  return frame("#f4f1ea", "#999") +
    `<text x="50" y="76" text-anchor="middle" font-family="${FONT}" font-size="16" fill="#333">${escapeXml(name)}</text>`;
}

function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" }[c]));
}

const cache = new Map();

export function cardSVG(name) {
  const key = name === null || name === undefined ? "\u0000back" : name;
  let svg = cache.get(key);
  if (svg) return svg;
  const kind = cardKind(name);
  let inner, box = "0 0 100 140";
  switch (kind) {
    case "back": inner = back(); break;
    case "french": inner = french(name); break;
    case "viashi": inner = viashi(name); break;
    case "god": inner = god(name); break;
    case "xuni": inner = xuni(name); break;
    case "xuni-special": inner = xuniSpecial(name); break;
    case "chip": inner = chip(name); box = "0 0 100 100"; break;
    default: inner = unknown(name);
  }
  svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${box}" aria-hidden="true">${inner}</svg>`;
  cache.set(key, svg);
  return svg;
}

// A card element: <div class="card" data-card="7C"> with its face.
export function cardElement(name, extraClass) {
  const el = document.createElement("div");
  const kind = cardKind(name);
  el.className = "card" + (kind === "chip" ? " chip" : "") + (kind === "back" ? " back" : "") +
    (extraClass ? " " + extraClass : "");
  if (name !== null && name !== undefined) el.dataset.card = name;
  el.title = cardTitle(name);
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardTitle(name));
  el.innerHTML = cardSVG(name);
  return el;
}
