// What the table and the replay share in drawing text: the context of a frame (the deck's card
// names, the seats and their names, the frame's translations) and text with card names drawn as
// glyphs and "seat 2" as the seat's name. What the games write stays their English and notation;
// the server sends its translation beside each frame (`tr`), which ctx.value and ctx.move read.

import { cardGlyph } from "./cards.js";
import { h } from "./common.js";
import { t } from "./i18n.js";

export function makeContext({ cards, players, seats, mySeat, toAct, you = true, tr = null }) {
  const cardSet = cards instanceof Set ? cards : new Set(cards || []);
  const values = (tr && tr.values) || {};
  const moves = (tr && tr.moves) || {};
  return {
    cards: cardSet, players, seats: seats || [], mySeat, toAct,
    // Short values (a suit letter) are translated by their key: "trump\u0004R".
    value(text, key) {
      if (typeof text !== "string") return text;
      const byKey = key ? values[`${key}\u0004${text}`] : undefined;
      return byKey !== undefined ? byKey : values[text] !== undefined ? values[text] : text;
    },
    move(text) { return moves[text] !== undefined ? moves[text] : text; },
    isCard(value) { return typeof value === "string" && cardSet.has(value); },
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

export function renderLog(lines, ctx) {
  return lines.map((line) => h("li", {}, richText(ctx.value(line, "log"), ctx)));
}
