// Cards for every deck of parlour/core/cards.py, from the card's name alone (GAMES.md notation):
// French/Skat "7C", Viashi "1W" and the gods by name, Xuni "3bat", "white"/"black"/"devil",
// Ahzchim chips "Z2" "R5" "spy" "reshpel". null is a card face down.
// The faces are drawn once, by the server (parlour/faces.py): the very SVGs the print-and-play
// PDFs are made of. This module fetches them all before any page module that imports it runs
// (a top-level await), so drawing a card stays synchronous.

const FACES = await loadFaces();

async function loadFaces() {
  try {
    const response = await fetch("/cards/faces.json");
    if (response.ok) return await response.json();
  } catch (error) { /* drawn as plain named cards below */ }
  return { back: null, faces: {}, colors: {} };
}

const SUIT_WORD = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const SUIT_GLYPH = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };
const RANK_WORD = { T: "10", J: "Jack", Q: "Queen", K: "King", A: "Ace" };

export const VIASHI = {
  W: { name: "Winds" }, R: { name: "Flames" }, P: { name: "Stones" }, B: { name: "Waves" },
  G: { name: "Leaves" },
};
const VIASHI_RANK = ["", "Queen", "King", "Prince", "Princess", "Warrior", "Merchant", "Worker",
  "Scholar", "Fool"];
export const GODS = ["Lady", "DarkLord", "Builder", "Thief", "Protectress", "Seductress", "Minion",
  "Friend", "Changeling"];

const CHIP = {
  Z: { name: "Zahahnie" }, P: { name: "Pelmeahe" }, R: { name: "Rahziembiz" },
  K: { name: "Roke Zibahl" },
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
  return name === "DarkLord" ? "Dark Lord" : name;
}

export function cardTitle(name) {
  const kind = cardKind(name);
  switch (kind) {
    case "back": return "a card face down";
    case "french": return `${RANK_WORD[name[0]] || name[0]} of ${SUIT_WORD[name[1]]}`;
    case "viashi": return `${VIASHI_RANK[+name[0]]} of ${VIASHI[name[1]].name}`;
    case "god": return `${godTitle(name)} (god, rank ${GODS.indexOf(name) + 1})`;
    case "xuni": { const m = name.match(/^(\d+)(\w+)$/); return `${m[1]} of ${m[2]}s`; }
    case "xuni-special": return name === "devil" ? "the devil" : `the ${name} elephant`;
    case "chip":
      if (name === "spy") return "Gieth Bek, the spy";
      if (name === "reshpel") return "Reshpel";
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
    span.textContent = name[0] + " " + VIASHI[name[1]].name.slice(0, -1);
    span.style.setProperty("--glyph", ink(name[1], "#444"));
    span.classList.add("glyph-suit");
  } else if (kind === "god") {
    span.textContent = "\u2726 " + godTitle(name);
    span.classList.add("glyph-god");
  } else if (kind === "xuni") {
    const m = name.match(/^(\d+)(\w+)$/);
    span.textContent = m[1] + " " + m[2];
    span.style.setProperty("--glyph", ink(m[2], "#444"));
    span.classList.add("glyph-suit");
  } else if (kind === "chip") {
    span.textContent = name === "spy" ? "spy" : name === "reshpel" ? "Reshpel" : name;
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
