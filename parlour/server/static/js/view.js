// Draws any game's view(seat) JSON without knowing the game. What a value is comes from its shape
// and the table's card names (the deck of the loaded game): a card name is a card, a list of them
// a row of cards (null: face down), a list of lists a grid or piles, a dict a labelled section,
// a list with one entry per seat goes into the seat panels. A game may add a layout hint
// (Game.layout) to say which key is the hand, which keys belong to seats, which to hide.
// What the games write stays their English and notation; the server sends its translation beside
// each frame (`tr`: labels of keys, strings, moves), which ctx.label, ctx.value and ctx.move read.

import { cardElement, cardGlyph } from "./cards.js";
import { agentLabel, h, humanize } from "./common.js";
import { t } from "./i18n.js";

const SEAT_KEY = /^(seat|to_act|current_player|player|leader|dealer|winner|loser|giver|receiver|owner|declarer|bidder|taker|opener|starter|by|from_seat|to_seat|next_player|last_player|who|attacker|defender|proposer)$|_seat$|_player$|_by$|^seat_/;
const SEAT_LIST_KEY = /^(winners|losers|order|seats|finished|places|ranking|ranks_by_seat|team|players_out|out|passed|stuck)$/;
const ORDERED_KEY = /^(order|places|ranking|finished)$/;
const CARDISH_KEY = /card|hand|extra|pile|deck|stock|kitty|skat|talon|discard|trick|tableau|row|meld|tower|lane|field|grid|board|captive|face|hidden|draw|dummy|table|up|down|pool|cup/i;
const COUNT_KEY = /count|cards|size|hand|left|held/i;
const SKIP = new Set(["game", "seat"]);
// A list with one entry per seat, or a grid that happens to have as many rows as seats?
const PER_SEAT_KEY = /hand|tower|lane|pile|captive|meld|table|won|taken|trick|score|point|bid|played|seat|player/i;
// One card per seat, in seat order (each seat's bid), as opposed to cards in the order played.
const CARD_PER_SEAT_KEY = /bids?$/i;
// Lists of piles: drawn as piles side by side even when they happen to be of equal height.
const PILES_KEY = /tower|lane|pile|stack/i;
const GRID_KEY = /field|grid|board|map|matrix|land|square/i;

export function makeContext({ cards, players, seats, mySeat, layout, toAct, you = true, tr = null }) {
  const cardSet = cards instanceof Set ? cards : new Set(cards || []);
  const keys = (tr && tr.keys) || {};
  const values = (tr && tr.values) || {};
  const moves = (tr && tr.moves) || {};
  return {
    cards: cardSet, players, seats: seats || [], mySeat, toAct, view: null,
    layout: layout && typeof layout === "object" ? layout : {},
    label(key) { return keys[key] || humanize(key); },
    // Short values (a suit letter) are translated by their key: "trump\u0004R".
    value(text, key) {
      if (typeof text !== "string") return text;
      const byKey = key ? values[`${key}\u0004${text}`] : undefined;
      return byKey !== undefined ? byKey : values[text] !== undefined ? values[text] : text;
    },
    move(text) { return moves[text] !== undefined ? moves[text] : text; },
    isCard(value) { return typeof value === "string" && cardSet.has(value); },
    isCardText(value) {
      if (typeof value !== "string" || !value.trim()) return false;
      return value.trim().split(/\s+/).every((t) => cardSet.has(t));
    },
    isSeat(value) { return Number.isInteger(value) && value >= 0 && value < players; },
    seatName(i) {
      const seat = this.seats[i];
      const name = defaultName(seat && seat.name ? seat.name : `Seat ${i}`);
      return you && i === mySeat && name.toLowerCase() !== "you" ? t("{name} (you)", { name }) : name;
    },
  };
}

// The names the room gives seats nobody named ("Computer 2") read in the page's language.
export function defaultName(name) {
  const m = /^(Computer|Player|Seat) (\d+)$/.exec(name);
  if (!m) return name;
  const n = m[2];
  return m[1] === "Computer" ? t("Computer {n}", { n }) : m[1] === "Player" ? t("Player {n}", { n })
    : t("Seat {n}", { n });
}

export function seatChip(i, ctx) {
  return h("span", { class: `seatchip seat-c${i % 8}`, title: t("seat {n}", { n: i }) }, ctx.seatName(i));
}

const muted = (text) => h("span", { class: "muted" }, text);

// Named places (layout hint "places"): how the game's notation names the cells of a grid, the
// piles of a seat or the entries of a row, so they can be labelled and picked for a move.
//   {"field": {"rows": "54321", "columns": "abcde"}}   cell name: column then row ("d4")
//   {"towers": {"names": "abcde", "seat": true}}       pile name: seat then name ("1c")
//   {"row": {"names": "123456789"}}                     entry name: its name ("7")
// "move": how a place is written inside a move, "{place}" by default ("on {place}").
function names(list) {
  return typeof list === "string" ? [...list] : Array.isArray(list) ? list.map(String) : [];
}

export function placeSpec(ctx, key) {
  const spec = ctx.layout.places && ctx.layout.places[key];
  return spec && typeof spec === "object" ? spec : null;
}

export function placeName(spec, { row, col, index, seat }) {
  if (!spec) return null;
  if (spec.rows || spec.columns) {
    const rows = names(spec.rows), cols = names(spec.columns);
    return row < rows.length && col < cols.length ? cols[col] + rows[row] : null;
  }
  const list = names(spec.names);
  if (index === undefined || index >= list.length) return null;
  if (spec.seat) return Number.isInteger(seat) ? `${seat}${list[index]}` : null;
  return list[index];
}

// The names of the places a move goes to, read through each spec's "move" template.
export function placesInMove(text, ctx) {
  const found = [];
  const places = ctx.layout.places || {};
  for (const [key, spec] of Object.entries(places)) {
    const template = (spec && spec.move) || "{place}";
    const [before, after] = template.split("{place}");
    const escape = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const pattern = new RegExp(`(?:^|\\s)${escape(before)}(\\S+?)${escape(after || "")}(?=\\s|$)`, "g");
    for (const m of String(text).matchAll(pattern)) {
      if (ctx.placeNames && ctx.placeNames.has(m[1])) found.push(m[1]);
    }
  }
  return found;
}

function placeLabel(name) {
  return h("span", { class: "place-name" }, name);
}

// Marks on named places (layout hint "marks"): {"field": {"markers": "marker", "goals": "goal"}}:
// view[markers] holds one place name per seat; each seat's mark is drawn on that place.
function marksOn(key, place, ctx) {
  const marks = ctx.layout.marks && ctx.layout.marks[key];
  if (!marks || !ctx.view || place === null) return null;
  const out = [];
  for (const [markKey, style] of Object.entries(marks)) {
    const values = ctx.view[markKey];
    if (!Array.isArray(values)) continue;
    values.forEach((at, seat) => {
      if (at === place) {
        out.push(h("span", { class: `mark ${style} seat-c${seat % 8}`, title: `${ctx.seatName(seat)}: ${ctx.label(markKey).toLowerCase()}` },
          style === "goal" ? "\u2691" : String(seat)));
      }
    });
  }
  return out.length ? h("span", { class: "marks" }, out) : null;
}

// Text with the card names drawn as colored glyphs and "seat 2" (in the page's language too) as
// the seat's name.
const SEAT_WORD = t("seat");
export function richText(text, ctx) {
  const out = h("span", { class: "rich" });
  const parts = String(text).split(/(\s+)/);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (/^\s+$/.test(part) || part === "") { out.append(part); continue; }
    const m = part.match(/^([(\[«]?)(.*?)([.,;:!?)\]»،؛]*)$/);
    const core = m ? m[2] : part;
    if (ctx.isCard(core)) {
      if (m[1]) out.append(m[1]);
      out.append(cardGlyph(core));
      if (m[3]) out.append(m[3]);
      continue;
    }
    if ((/^seat$/i.test(part) || part === SEAT_WORD) && i + 2 < parts.length) {
      const n = parts[i + 2].match(/^(\d+)((?:'s)?[.,;:!?)»،؛]*)$/);
      if (n && ctx.isSeat(+n[1])) {
        out.append(seatChip(+n[1], ctx));
        if (n[2]) out.append(n[2]);
        i += 2;
        continue;
      }
    }
    out.append(part);
  }
  return out;
}

export function cardRow(cards, options = {}) {
  const row = h("div", { class: "cards" + (options.fan ? " fan" : "") + (options.small ? " small" : "") });
  for (const card of cards) row.append(cardElement(card));
  return row;
}

function isScalar(v) {
  return v === null || ["string", "number", "boolean"].includes(typeof v);
}

function isCardList(list, key, ctx) {
  if (!Array.isArray(list) || !list.length) return false;
  let any = false;
  for (const item of list) {
    if (item === null) continue;
    if (!ctx.isCard(item)) return false;
    any = true;
  }
  return any || CARDISH_KEY.test(key || "");
}

function isGrid(list, ctx, key) {
  if (!Array.isArray(list) || list.length < 2) return false;
  if (!list.every((row) => Array.isArray(row))) return false;
  const width = list[0].length;
  if (width < 2 || !list.every((row) => row.length === width)) return false;
  if (list.length < 3 && width < 3) return false;
  // Cells are scalars, or small piles of cards.
  return list.every((row) => row.every((cell) => isScalar(cell) ||
    (Array.isArray(cell) && cell.every((c) => c === null || ctx.isCard(c)))));
}

// A grid of single cards or marks (a field), as opposed to one list of piles per seat (towers).
function isFlatGrid(list, ctx) {
  return isGrid(list, ctx) && list.every((row) => row.every(isScalar));
}

// A grid that is a board (at least 3 x 3, or holding cards), not a few numbers per seat.
function isBoard(list, ctx) {
  return isFlatGrid(list, ctx) && ((list.length >= 3 && list[0].length >= 3) ||
    list.some((row) => row.some((c) => ctx.isCard(c))));
}

export function renderValue(value, key, ctx, depth = 0, seat = undefined) {
  if (value === null || value === undefined) return muted("\u2014");
  if (typeof value === "boolean") return h("span", { class: "flag " + (value ? "on" : "off") }, value ? t("yes") : t("no"));
  if (typeof value === "number") {
    if (SEAT_KEY.test(key || "") && ctx.isSeat(value)) return seatChip(value, ctx);
    return h("span", { class: "num" }, Number.isInteger(value) ? String(value) : String(+value.toFixed(2)));
  }
  if (typeof value === "string") {
    if (ctx.isCard(value)) return cardRow([value], { small: depth > 0 });
    if (ctx.isCardText(value)) return cardRow(value.trim().split(/\s+/), { small: true });
    return h("span", { class: "text" }, richText(ctx.value(value, key), ctx));
  }
  if (Array.isArray(value)) return renderList(value, key, ctx, depth, seat);
  if (typeof value === "object") return renderDict(value, key, ctx, depth);
  return h("span", {}, String(value));
}

// [[seat, cards], ...]: plays of a trick, one per seat.
function isSeatPairs(list, ctx) {
  return list.every((v) => Array.isArray(v) && v.length === 2 && ctx.isSeat(v[0]) &&
    (ctx.isCard(v[1]) || ctx.isCardText(v[1]) || typeof v[1] === "string"));
}

function renderList(list, key, ctx, depth, seat) {
  const spec = placeSpec(ctx, key);
  if (spec && !spec.rows && !spec.columns && list.length) return renderPlaces(list, key, spec, ctx, seat);
  if (!list.length) {
    return CARDISH_KEY.test(key || "") ? h("div", { class: "cards empty" }, h("div", { class: "slot" })) : muted(t("none"));
  }
  if (isCardList(list, key, ctx)) {
    if (list.length >= 3 && list.every((c) => c === null)) {
      // A face-down pile: a few backs squared up and how many there are.
      const stack = h("div", { class: "stack", title: t("{n} cards face down", { n: list.length }) });
      for (let i = 0; i < Math.min(list.length, 4); i++) stack.append(cardElement(null));
      return h("div", { class: "stack-wrap" }, stack, h("span", { class: "stack-count" }, String(list.length)));
    }
    return cardRow(list, { small: depth > 0 });
  }
  if (list.every((v) => typeof v === "string" && ctx.isCardText(v))) {
    return h("div", { class: "groups" }, list.map((v) => cardRow(v.trim().split(/\s+/), { small: true })));
  }
  if (list.every(isScalar)) {
    if ((SEAT_LIST_KEY.test(key || "") || SEAT_KEY.test(key || "")) &&
        list.every((v) => v === null || ctx.isSeat(v))) {
      const ordered = ORDERED_KEY.test(key || "");
      return h("ol", { class: "seatlist" + (ordered ? " ordered" : "") }, list.map((v, i) =>
        h("li", {}, ordered ? h("span", { class: "place" }, `${i + 1}`) : null,
          v === null ? muted("\u2014") : seatChip(v, ctx))));
    }
    return h("span", { class: "chips" }, list.map((v) => h("span", { class: "chipval" },
      v === null ? "\u2014" : typeof v === "boolean" ? (v ? t("yes") : t("no")) : richText(ctx.value(String(v), key), ctx))));
  }
  if (list.length && /team|side|partner/i.test(key || "") &&
      list.every((v) => Array.isArray(v) && v.every((x) => ctx.isSeat(x)))) {
    return h("div", { class: "groups" }, list.map((team) => h("ol", { class: "seatlist" }, team.map((s) => h("li", {}, seatChip(s, ctx))))));
  }
  if (list.length && isSeatPairs(list, ctx)) {
    return h("div", { class: "records plays" }, list.map(([who, play]) => h("div", { class: "record" },
      seatChip(who, ctx), renderValue(play, key, ctx, depth + 1))));
  }
  if (list.every((v) => v === null || Array.isArray(v))) {
    if (isGrid(list, ctx, key) && !PILES_KEY.test(key || "")) return renderGrid(list, key, ctx);
    return h("div", { class: "piles" }, list.map((item) => {
      if (Array.isArray(item) && isCardList(item, key, ctx)) {
        return h("div", { class: "pile cascade" }, item.map((c) => cardElement(c)));
      }
      return h("div", { class: "pile" }, renderValue(item, key, ctx, depth + 1));
    }));
  }
  if (list.every((v) => v === null || (typeof v === "object" && !Array.isArray(v)))) {
    // Plays of a trick ({"seat": 1, "play": "8H 8D"}) sit side by side, as on the table.
    const plays = list.every((v) => v !== null && Object.keys(v).length <= 2 &&
      Object.entries(v).some(([k, x]) => SEAT_KEY.test(k) && ctx.isSeat(x)));
    // Pieces made of a card and what lies on it (a chip and its fort): side by side, each a
    // little stack.
    const units = !plays && list.every((v) => v !== null && ctx.isCard(Object.values(v)[0]) &&
      Object.values(v).every((x) => x === null || isScalar(x)));
    if (units) return h("div", { class: "units" }, list.map((item) => renderUnit(item, key, ctx)));
    return h("div", { class: "records" + (plays ? " plays" : "") },
      list.map((item) => renderRecord(item, key, ctx, depth)));
  }
  return h("div", { class: "list" }, list.map((item) => renderValue(item, key, ctx, depth + 1)));
}

function renderGrid(grid, key, ctx) {
  const width = grid[0].length;
  const spec = placeSpec(ctx, key);
  const el = h("div", { class: "grid" + (spec ? " named" : ""), style: { gridTemplateColumns: `repeat(${width}, auto)` } });
  grid.forEach((row, r) => {
    row.forEach((cell, c) => {
      let inner;
      if (cell === null) inner = h("div", { class: "slot" });
      else if (ctx.isCard(cell)) inner = cardElement(cell);
      else if (Array.isArray(cell)) inner = cell.length ? h("div", { class: "pile cascade" }, cell.map((x) => cardElement(x))) : h("div", { class: "slot" });
      else inner = h("div", { class: "cell-text" }, renderValue(cell, key, ctx, 2));
      const place = placeName(spec, { row: r, col: c });
      el.append(h("div", { class: "cell", dataset: place ? { place } : null },
        inner, place ? placeLabel(place) : null, marksOn(key, place, ctx)));
    });
  });
  return el;
}

// A list whose entries are named places (piles of a seat, a row of cards), each labelled, with
// the lists aligned with it (layout hint "aligned") drawn under each entry.
function renderPlaces(list, key, spec, ctx, seat) {
  const aligned = ((ctx.layout.aligned || {})[key] || []).filter((k) => ctx.view && k in ctx.view);
  const column = (k, i) => (Array.isArray(ctx.view[k]) ? ctx.view[k][i] : null);
  // What the lines under the entries are: a legend in front of them.
  const legend = aligned.length ? h("div", { class: "spot legend" }, h("div", { class: "legend-card" }),
    h("span", { class: "place-name" }, "\u00a0"), aligned.map((k) => h("span", { class: "aligned" }, ctx.label(k)))) : null;
  return h("div", { class: "spots" }, legend, list.map((item, index) => {
    const place = placeName(spec, { index, seat });
    let body;
    if (item === null || (Array.isArray(item) && !item.length)) body = h("div", { class: "slot" });
    else if (Array.isArray(item) && item.every((c) => c === null || ctx.isCard(c))) body = h("div", { class: "pile cascade" }, item.map((c) => cardElement(c)));
    else if (ctx.isCard(item)) body = cardElement(item);
    else body = renderValue(item, key, ctx, 2);
    return h("div", { class: "spot", dataset: place ? { place } : null },
      body, place ? placeLabel(place) : null,
      aligned.map((k) => alignedValue(column(k, index), k, ctx)));
  }));
}

function seatDot(seat, ctx, text) {
  return h("span", { class: `dot seat-c${seat % 8}`, title: ctx.seatName(seat) }, text === undefined ? String(seat) : text);
}

function alignedValue(value, key, ctx) {
  const label = ctx.label(key).toLowerCase();
  if (value === null || value === undefined) return h("span", { class: "aligned", title: label }, muted("\u00b7"));
  if (ctx.isSeat(value) && (SEAT_KEY.test(key) || /owner/i.test(key))) {
    return h("span", { class: "aligned", title: `${label}: ${ctx.seatName(value)}` }, seatDot(value, ctx));
  }
  if (Array.isArray(value) && value.length === ctx.players && value.every((v) => typeof v === "number")) {
    // One number per seat (markers on this card): each seat's in its colour, zeros left out.
    const shown = value.map((v, s) => v ? seatDot(s, ctx, String(v)) : null).filter(Boolean);
    return h("span", { class: "aligned per-seat", title: `${label}: ` + value.map((v, s) => `${ctx.seatName(s)} ${v}`).join(", ") },
      shown.length ? shown : muted("\u00b7"));
  }
  return h("span", { class: "aligned", title: label }, renderValue(value, key, ctx, 2));
}

function renderUnit(item, key, ctx) {
  const unit = h("div", { class: "unit" });
  Object.entries(item).forEach(([k, v], i) => {
    if (v === null || v === false) return;
    if (v === true) { unit.append(h("span", { class: "tag" }, ctx.label(k))); return; }
    if (ctx.isCard(v)) {
      unit.append(i ? h("div", { class: "under" }, h("span", { class: "label" }, ctx.label(k)), cardElement(v)) : cardElement(v));
      return;
    }
    unit.append(h("span", { class: "field" }, h("span", { class: "label" }, ctx.label(k)), renderValue(v, k, ctx, 3)));
  });
  return unit;
}

// A dict in a list: a seat's entry of a trick ({"seat": 1, "play": "8H 8D"}) reads as one line.
function renderRecord(item, key, ctx, depth) {
  if (item === null) return h("div", { class: "record" }, muted("\u2014"));
  const entries = Object.entries(item);
  const seatEntry = entries.find(([k, v]) => SEAT_KEY.test(k) && ctx.isSeat(v));
  const row = h("div", { class: "record" });
  if (seatEntry) {
    // A play ({"seat": 1, "play": ...}) reads as who and what; a longer record names the seat.
    row.append(entries.length > 2 ? h("span", { class: "field" }, h("span", { class: "label" }, ctx.label(seatEntry[0])),
      seatChip(seatEntry[1], ctx)) : seatChip(seatEntry[1], ctx));
  }
  // A record holding a card (a chip and its fort): what it has, not every empty field.
  const holdsCard = entries.some(([, v]) => ctx.isCard(v));
  for (const [k, v] of entries) {
    if (seatEntry && k === seatEntry[0]) continue;
    if (holdsCard && (v === null || v === false)) continue;
    if (holdsCard && v === true) { row.append(h("span", { class: "tag" }, ctx.label(k))); continue; }
    const showLabel = entries.length > 2 || !seatEntry;
    row.append(h("span", { class: "field" }, showLabel ? h("span", { class: "label" }, ctx.label(k)) : null,
      renderValue(v, k, ctx, depth + 1)));
  }
  return row;
}

// {"0": ..., "1": ...}: JSON keys a dict by seat number as text.
function isSeatKeyed(obj, ctx) {
  const keys = Object.keys(obj);
  return keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && ctx.isSeat(+k));
}

function renderDict(obj, key, ctx, depth) {
  const entries = Object.entries(obj);
  if (!entries.length) return muted(t("none"));
  const bySeat = isSeatKeyed(obj, ctx);
  const box = h("div", { class: "dict" + (depth > 1 ? " deep" : "") });
  for (const [k, v] of entries) {
    const perSeat = !bySeat && Array.isArray(v) && v.length === ctx.players && ctx.players >= 2 &&
      PER_SEAT_KEY.test(k) && !SEAT_LIST_KEY.test(k);
    box.append(h("div", { class: "field" },
      bySeat ? seatChip(+k, ctx) : h("span", { class: "label" }, ctx.label(k)),
      perSeat ? renderBySeat(v, k, ctx, depth + 1) : renderValue(v, bySeat ? key : k, ctx, depth + 1)));
  }
  return box;
}

// One entry per seat inside a section (the hands of the last deal): each behind its seat's name.
function renderBySeat(list, key, ctx, depth) {
  const scalars = list.every(isScalar);
  return h("div", { class: "byseat" + (scalars ? " inline" : "") }, list.map((v, i) =>
    h("div", { class: "byseat-row" }, seatChip(i, ctx), renderValue(v, key, ctx, depth + 1, i))));
}

// Splitting a view into its parts --------------------------------------------------------------
export function layoutView(view, ctx) {
  const hint = ctx.layout || {};
  const hide = new Set([...(hint.hide || []), ...SKIP, ...Object.values(hint.aligned || {}).flat()]);
  const parts = { hand: null, handKey: null, log: null, facts: [], perSeat: [], seatStats: [], tiles: [] };
  if (!view || typeof view !== "object") return parts;
  const n = ctx.players;
  const boardKeys = new Set(hint.board || []);
  const seatKeys = new Set(hint.per_seat || []);
  const handKey = hint.hand || (Array.isArray(view.hand) && (isCardList(view.hand, "hand", ctx) || !view.hand.length) ? "hand" : null);
  if (handKey && Array.isArray(view[handKey])) { parts.hand = view[handKey]; parts.handKey = handKey; }
  // No "hand": a list of hands by seat, of which this seat's own is shown.
  const me = ctx.mySeat;
  if (!parts.hand && !hint.hand && Number.isInteger(me)) {
    for (const [key, value] of Object.entries(view)) {
      if (/hand/i.test(key) && Array.isArray(value) && value.length === n && Array.isArray(value[me]) &&
          (isCardList(value[me], key, ctx) || !value[me].length)) {
        parts.hand = value[me];
        parts.handKey = key;
        parts.handBySeat = true;
        break;
      }
    }
  }
  const logKey = hint.log || "log";
  if (Array.isArray(view[logKey]) && view[logKey].every((l) => typeof l === "string")) parts.log = view[logKey];
  let keys = Object.keys(view);
  if (hint.order) keys = [...hint.order.filter((k) => k in view), ...keys.filter((k) => !hint.order.includes(k))];
  for (const key of keys) {
    const value = view[key];
    if (hide.has(key) || (key === parts.handKey && !parts.handBySeat) || (parts.log && key === logKey)) continue;
    if ((key === "to_act" || key === "current_player") && value === ctx.toAct) continue;
    const seatList = Array.isArray(value) && SEAT_LIST_KEY.test(key) &&
      value.every((v) => v === null || ctx.isSeat(v));
    const perSeat = Array.isArray(value) && n >= 2 && value.length === n && !boardKeys.has(key) &&
      !seatList;
    if (value && typeof value === "object" && !Array.isArray(value) && isSeatKeyed(value, ctx) &&
        Object.keys(value).length === n && !boardKeys.has(key)) {
      parts.perSeat.push(key);
      parts.seatKeyed = parts.seatKeyed || new Set();
      parts.seatKeyed.add(key);
      continue;
    }
    if ((seatKeys.has(key) && Array.isArray(value) && value.length === n) || perSeat) {
      if (value.every((v) => isScalar(v) && !ctx.isCard(v))) { parts.seatStats.push(key); continue; }
      // One card (or none yet) per seat, named for seats (a bid each): in the seat panels.
      if (CARD_PER_SEAT_KEY.test(key) && value.some((v) => v !== null) &&
          value.every((v) => v === null || ctx.isCard(v) || ctx.isCardText(v))) { parts.perSeat.push(key); continue; }
      if (seatKeys.has(key) || value.every((v) => v === null || (typeof v === "object" && !Array.isArray(v) &&
          !Object.entries(v).some(([k, x]) => SEAT_KEY.test(k) && ctx.isSeat(x)))) ||
          (value.every((v) => v === null || Array.isArray(v)) && !GRID_KEY.test(key) &&
           (!isBoard(value, ctx) || PER_SEAT_KEY.test(key)))) {
        parts.perSeat.push(key);
        continue;
      }
    }
    if (value === null || value === undefined) continue; // nothing to show (e.g. no winner yet)
    if (isScalar(value) && !(typeof value === "string" && ctx.isCardText(value))) { parts.facts.push(key); continue; }
    if (Array.isArray(value) && value.length <= 16 && value.length > 0 && value.every((v) => isScalar(v) && !ctx.isCard(v)) &&
        !seatList && !isCardList(value, key, ctx)) { parts.facts.push(key); continue; }
    parts.tiles.push(key);
  }
  return parts;
}

export function renderFacts(view, keys, ctx) {
  const named = (ctx.layout && ctx.layout.named) || {};
  return h("div", { class: "facts" }, keys.map((key) => h("span", { class: "fact", dataset: { key } },
    h("span", { class: "label" }, ctx.label(key)),
    Array.isArray(view[named[key]]) ? renderNamed(view[key], view[named[key]], named[key], key, ctx)
      : renderValue(view[key], key, ctx, 1))));
}

// Layout hint "named": {"tricks": "hand_names"}: a list with one entry per name, or an index
// into the names, read through those names (hands that are not seats: a player and his dummy).
function renderNamed(value, names, namesKey, key, ctx) {
  const name = (i) => ctx.value(String(names[i]), namesKey);
  if (Number.isInteger(value) && value >= 0 && value < names.length) {
    return h("span", { class: "text" }, name(value));
  }
  if (Array.isArray(value) && value.length === names.length && value.every(isScalar)) {
    return h("span", { class: "named" }, value.map((v, i) =>
      h("span", { class: "named-item" }, `${name(i)}: `, h("b", {}, String(v)))));
  }
  return renderValue(value, key, ctx, 1);
}

export function renderTiles(view, keys, ctx) {
  return keys.map((key) => {
    const value = view[key];
    const body = renderValue(value, key, ctx, 0);
    const cards = body.querySelector && (body.classList.contains("cards") || body.querySelector(".card"));
    return h("section", { class: "tile" + (cards ? " has-cards" : ""), dataset: { key } },
      h("h3", {}, ctx.label(key)), body);
  });
}

export function renderSeatPanels(view, parts, ctx, frame) {
  const n = ctx.players;
  const panels = [];
  const results = frame && frame.result;
  const best = results ? Math.max(...results) : null;
  for (let i = 0; i < n; i++) {
    const seat = ctx.seats[i] || { kind: "person", name: t("Seat {n}", { n: i }) };
    const classes = ["seat", `seat-c${i % 8}`];
    if (frame && frame.to_act === i && frame.status !== "over") classes.push("to-act");
    if (i === ctx.mySeat) classes.push("mine");
    if (seat.kind === "person" && !seat.online) classes.push("offline");
    const tag = seat.kind === "computer" ? t("computer \u00b7 {level}", { level: agentLabel(seat.agent || "random") })
      : !seat.claimed ? (seat.public ? t("open seat") : t("invited")) : seat.online ? t("online") : t("away");
    const panel = h("div", { class: classes.join(" "), dataset: { seat: i } },
      h("div", { class: "seat-head" },
        h("span", { class: "avatar" }, seat.kind === "computer" ? "\u2699" : (defaultName(seat.name || "?")).trim().charAt(0).toUpperCase() || "?"),
        h("span", { class: "seat-who" }, h("span", { class: "seat-name" }, ctx.seatName(i)),
          h("span", { class: "seat-tag" }, tag))));
    const stats = h("div", { class: "seat-stats" });
    for (const key of parts.seatStats) {
      const v = view[key][i];
      if (Number.isInteger(v) && COUNT_KEY.test(key) && v >= 0 && v <= 60) {
        const backs = h("span", { class: "backs" });
        for (let k = 0; k < Math.min(v, 12); k++) backs.append(h("i"));
        stats.append(h("span", { class: "stat" }, h("span", { class: "label" }, ctx.label(key)), backs, h("b", {}, String(v))));
      } else {
        stats.append(h("span", { class: "stat" }, h("span", { class: "label" }, ctx.label(key)), renderValue(v, key, ctx, 2)));
      }
    }
    if (results) {
      stats.append(h("span", { class: "stat result" + (results[i] === best ? " best" : "") },
        h("span", { class: "label" }, t("Result")), h("b", {}, String(+results[i].toFixed(2))),
        results[i] === best ? h("span", { class: "crown", title: t("best result") }, "\u265b") : null));
    }
    if (stats.childNodes.length) panel.append(stats);
    for (const key of parts.perSeat) {
      if (key === parts.handKey && i === ctx.mySeat) continue; // drawn as the hand below
      const v = parts.seatKeyed && parts.seatKeyed.has(key) ? view[key][String(i)] : view[key][i];
      panel.append(h("div", { class: "seat-part" }, h("span", { class: "label" }, ctx.label(key)), renderValue(v, key, ctx, 1, i)));
    }
    panels.push(panel);
  }
  return panels;
}

export function renderLog(lines, ctx) {
  return lines.map((line) => h("li", {}, richText(ctx.value(line, "log"), ctx)));
}

// Cards in hand overlap when the row is too narrow for them.
export function fitRow(row) {
  if (!row) return;
  const cards = row.querySelectorAll(".card");
  if (cards.length < 2) { row.style.removeProperty("--overlap"); return; }
  const width = row.clientWidth;
  const cardWidth = cards[0].getBoundingClientRect().width || 80;
  const gap = (width - cards.length * cardWidth) / (cards.length - 1);
  row.style.setProperty("--overlap", `${Math.max(-cardWidth * 0.74, Math.min(8, gap))}px`);
}

