// Cards for every deck of parlour/core/cards.py, from the card's name alone (GAMES.md notation):
// French/Skat "7C", Viashi "1W" and the gods by name, Xuni "3bat", "white"/"black"/"devil",
// Ahzchim chips "Z2" "R5" "spy" "reshpel". null is a card face down.
// The faces are drawn once, by the server (parlour/faces.py): the very SVGs the print-and-play
// PDFs are made of. This module fetches them all before any page module that imports it runs
// (a top-level await), so drawing a card stays synchronous. The words on the faces, glyphs and
// titles are in the page's language; the names stay notation.

import { lang, tc } from "./i18n.js";

const FACES = await loadFaces();

async function loadFaces() {
  try {
    const response = await fetch(`/cards/faces.json?lang=${encodeURIComponent(lang)}`);
    if (response.ok) return await response.json();
  } catch (error) { /* drawn as plain named cards below */ }
  return { back: null, faces: {}, colors: {} };
}

const SUIT_WORD = { C: tc("french", "clubs"), D: tc("french", "diamonds"), H: tc("french", "hearts"),
  S: tc("french", "spades") };
const SUIT_GLYPH = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const RANK_WORD = { T: "10", J: tc("french", "Jack"), Q: tc("french", "Queen"), K: tc("french", "King"),
  A: tc("french", "Ace") };

// name: the suit; one: a card of it, in glyphs ("3 Wind").
export const VIASHI = {
  W: { name: tc("viashi", "Winds"), one: tc("viashi", "Wind") },
  R: { name: tc("viashi", "Flames"), one: tc("viashi", "Flame") },
  P: { name: tc("viashi", "Stones"), one: tc("viashi", "Stone") },
  B: { name: tc("viashi", "Waves"), one: tc("viashi", "Wave") },
  G: { name: tc("viashi", "Leaves"), one: tc("viashi", "Leaf") },
};
const VIASHI_RANK = ["", tc("viashi", "Queen"), tc("viashi", "King"), tc("viashi", "Prince"),
  tc("viashi", "Princess"), tc("viashi", "Warrior"), tc("viashi", "Merchant"), tc("viashi", "Worker"),
  tc("viashi", "Scholar"), tc("viashi", "Fool")];
export const GODS = ["Lady", "DarkLord", "Builder", "Thief", "Protectress", "Seductress", "Minion",
  "Friend", "Changeling"];
const GOD_TITLE = { Lady: tc("god", "Lady"), DarkLord: tc("god", "Dark Lord"), Builder: tc("god", "Builder"),
  Thief: tc("god", "Thief"), Protectress: tc("god", "Protectress"), Seductress: tc("god", "Seductress"),
  Minion: tc("god", "Minion"), Friend: tc("god", "Friend"), Changeling: tc("god", "Changeling") };

// one: a card of the animal's suit, many: the suit.
const XUNI = {
  bat: { one: tc("xuni", "bat"), many: tc("xuni", "bats") },
  tapir: { one: tc("xuni", "tapir"), many: tc("xuni", "tapirs") },
  snake: { one: tc("xuni", "snake"), many: tc("xuni", "snakes") },
  shark: { one: tc("xuni", "shark"), many: tc("xuni", "sharks") },
};

const CHIP = {
  Z: { name: tc("chip", "Zahahnie") }, P: { name: tc("chip", "Pelmeahe") },
  R: { name: tc("chip", "Rahziembiz") }, K: { name: tc("chip", "Roke Zibahl") },
};

// The ink of a suit, an animal or a chip kind ("W", "bat", "chipZ"), as on the faces.
function ink(key, fallback) {
  return FACES.colors[key] || fallback;
}

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
    span.style.setProperty("--glyph", ink(name[1], "#444"));
    span.classList.add("glyph-suit");
  } else if (kind === "god") {
    span.textContent = "\u2726 " + godTitle(name);
    span.classList.add("glyph-god");
  } else if (kind === "xuni") {
    const m = name.match(/^(\d+)(\w+)$/);
    span.textContent = m[1] + " " + XUNI[m[2]].one;
    span.style.setProperty("--glyph", ink(m[2], "#444"));
    span.classList.add("glyph-suit");
  } else if (kind === "chip") {
    span.textContent = name === "spy" ? tc("chip", "spy") : name === "reshpel" ? tc("chip", "Reshpel") : name;
    span.style.setProperty("--glyph", ink("chip" + name[0], "#444"));
    span.classList.add("glyph-chip");
  } else {
    span.textContent = name;
    span.classList.add("glyph-special");
  }
  return span;
}

// Whole faces ---------------------------------------------------------------------------------
export function cardSVG(name) {
  const svg = name === null || name === undefined ? FACES.back : FACES.faces[name];
  return svg || unknown(name === null || name === undefined ? "?" : name);
}

// A name no deck has (or faces that did not load): a plain card with the name on it.
function unknown(name) {
  const chip = cardKind(name) === "chip";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 ${chip ? 100 : 140}" aria-hidden="true">` +
    `<rect x="1.5" y="1.5" width="97" height="${chip ? 97 : 137}" rx="9" fill="#f4f1ea" stroke="#999" stroke-width="1.5"/>` +
    `<text x="50" y="${chip ? 56 : 76}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#333">${escapeXml(name)}</text></svg>`;
}

function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" }[c]));
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

// The ink of a suit ("R", "bat") for words that name it.
export function suitInk(key) {
  return ink(key, "#d8d2c0");
}
