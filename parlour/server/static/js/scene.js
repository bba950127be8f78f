// Draws a game's scene (parlour/core/scene.py): seats around a felt, what lies in the middle,
// this seat's hand. The scene says what is where in the game's own words; this module knows no
// game. Every card drawn carries data-card, every place a move can name data-pick, so the table
// page can light up and pick them.

import { cardElement, suitInk } from "./cards.js";
import { agentLabel, h } from "./common.js";
import { t } from "./i18n.js";
import { defaultName, richText, seatChip } from "./view.js";

export function drawZone(zone, ctx, where = "centre") {
  if (!zone) return null;
  const kind = zone.kind || "row";
  const el = h("div", { class: `zone zone-${kind}${zone.dim ? " dim" : ""}`, dataset: zone.pick ? { pick: zone.pick } : null });
  if (zone.label) el.append(h("div", { class: "zone-label" }, richText(zone.label, ctx)));
  const body = h("div", { class: "zone-body" });
  const columns = zone.columns || 5;
  const axes = kind === "grid" ? zone.axes : null;  // a field's coordinates along its edges
  if (kind === "grid") body.style.gridTemplateColumns = `${axes ? "auto " : ""}repeat(${columns}, minmax(0, 1fr))`;
  if (axes) body.append(h("span", { class: "axis" }), ...axes.columns.map((name) => h("span", { class: "axis" }, name)));
  (zone.items || []).forEach((item, k) => {
    if (axes && k % columns === 0) body.append(h("span", { class: "axis" }, axes.rows[k / columns] || ""));
    body.append(drawItem(item, kind, ctx));
  });
  if (!(zone.items || []).length) body.append(h("div", { class: "slot" }));
  el.append(body);
  void where;
  return el;
}

function drawItem(item, kind, ctx) {
  const cards = item.cards || [];
  const classes = ["item"];
  if (kind === "pile") classes.push("pile");
  if (item.dim) classes.push("dim");
  if (item.seat !== undefined && item.seat !== null) classes.push(`seat-c${item.seat % 8}`, "owned");
  const el = h("div", { class: classes.join(" "), dataset: item.pick ? { pick: item.pick } : null });
  const stack = h("div", { class: "stack-cards" + (cards.length > 1 ? " many" : "") });
  if (kind === "pile") {
    const shown = cards.length ? cards[cards.length - 1] : undefined;
    if (item.count > 1) stack.append(h("div", { class: "pile-under" }));
    if (shown !== undefined) stack.append(cardElement(shown));
    else stack.append(h("div", { class: "slot" }));
  } else if (!cards.length) {
    stack.append(h("div", { class: "slot" }));
  } else {
    for (const card of cards) stack.append(cardElement(card));
  }
  el.append(stack);
  if (item.count !== undefined && kind === "pile") el.append(h("span", { class: "pile-count", title: t("{n} cards", { n: item.count }) }, String(item.count)));
  if (item.label) el.append(h("span", { class: "item-label" }, richText(item.label, ctx)));
  for (const badge of item.badges || []) el.append(h("span", { class: "badge" }, richText(badge, ctx)));
  if (item.marks && item.marks.length) {
    el.append(h("span", { class: "marks" }, item.marks.map((m) => h("span", {
      class: `mark ${m.kind} seat-c${m.seat % 8}`, title: `${ctx.seatName(m.seat)}`, role: "img",
      "aria-label": `${ctx.seatName(m.seat)}` }, m.kind === "goal" ? "\u2691" : ""))));
  }
  return el;
}

// The seat's box: who sits there, what it holds and has laid out.
export function drawSeat(i, entry, ctx, frame, { mine = false } = {}) {
  entry = entry || {};
  const seat = ctx.seats[i] || { kind: "person", name: t("Seat {n}", { n: i }) };
  const classes = ["seat", `seat-c${i % 8}`];
  if (frame.to_act === i && frame.status !== "over") classes.push("to-act");
  if (mine) classes.push("mine");
  if (seat.kind === "person" && !seat.online) classes.push("offline");
  if (seat.away) classes.push("stood-in");
  const tag = seat.kind === "computer" ? t("computer \u00b7 {level}", { level: agentLabel(seat.agent || "random") })
    : seat.away ? t("away \u00b7 the computer plays")
    : !seat.claimed ? (seat.public ? t("open seat") : t("invited")) : seat.online ? t("online") : t("offline");
  const head = h("div", { class: "seat-head" },
    h("span", { class: "avatar", "aria-hidden": "true" }, seat.kind === "computer" ? "\u2699" : (defaultName(seat.name || "?")).trim().charAt(0).toUpperCase() || "?"),
    h("span", { class: "seat-who" }, h("span", { class: "seat-name" }, ctx.seatName(i)),
      h("span", { class: "seat-tag" }, tag)));
  const el = h("div", { class: classes.join(" "), dataset: { seat: i } }, head);
  const line = h("div", { class: "seat-line" });
  if (Number.isInteger(entry.count) && entry.count > 0 && !mine) {
    const backs = h("span", { class: "backs", title: t("{n} cards", { n: entry.count }) });
    for (let k = 0; k < Math.min(entry.count, 5); k++) backs.append(h("i"));
    line.append(h("span", { class: "held" }, backs, h("b", {}, String(entry.count))));
  }
  if (entry.score !== null && entry.score !== undefined) line.append(h("span", { class: "score", title: t("points") }, entry.score));
  for (const badge of entry.badges || []) line.append(h("span", { class: "badge" }, richText(badge, ctx)));
  if (entry.note) line.append(h("span", { class: "note" }, richText(entry.note, ctx)));
  if (frame.result) {
    const best = Math.max(...frame.result);
    line.append(h("span", { class: "score result" + (frame.result[i] === best ? " best" : "") }, String(+frame.result[i].toFixed(2)),
      frame.result[i] === best ? " \u265b" : ""));
  }
  if (line.childNodes.length) el.append(line);
  const zones = h("div", { class: "seat-zones" });
  for (const zone of entry.zones || []) zones.append(drawZone(zone, ctx, "seat"));
  if (zones.childNodes.length) el.append(zones);
  const played = h("div", { class: "played" + (entry.played ? "" : " empty") });
  if (entry.played) played.append(drawZone(entry.played, ctx, "played"));
  el.append(played);
  return el;
}

// Seats in the order of play starting after this one; this seat (or seat 0 for a watcher) last.
export function seatOrder(players, mySeat) {
  const first = Number.isInteger(mySeat) ? mySeat : 0;
  const order = [];
  for (let k = 1; k < players; k++) order.push((first + k) % players);
  return { others: order, me: first };
}

// The felt of a page (#felt with #others, #info, #centre, #me and, on the table, #say) drawn
// from a scene: the other seats in the order of play, this seat (or seat 0) at the near side,
// drawn as the reader's own where `mine` (its cards are in the hand, not counted as backs).
export function drawTable(scene, ctx, frame, players, seat, mine) {
  const $ = (id) => document.getElementById(id);
  const { others, me } = seatOrder(players, seat);
  $("felt").className = `felt family-${scene.family || "climb"} players-${players}`;
  $("others").replaceChildren(...others.map((i) => drawSeat(i, scene.seats[i], ctx, frame)));
  $("info").replaceChildren(...drawInfo(scene.info, ctx));
  $("centre").replaceChildren(...(scene.centre || []).map((z) => drawZone(z, ctx)));
  $("me").replaceChildren(drawSeat(me, scene.seats[me], ctx, frame, { mine }));
  const say = $("say");
  if (say) {
    say.hidden = !scene.say;
    say.replaceChildren(scene.say ? richText(scene.say, ctx) : "");
  }
}

// The hand in its dock: this seat's cards, or nothing.
export function drawHand(el, zone, ctx) {
  el.hidden = !zone;
  el.replaceChildren(zone ? drawZone({ ...zone, kind: "hand" }, ctx) : "");
}

export function drawInfo(info, ctx) {
  return (info || []).map((fact) => h("span", { class: "fact" },
    h("span", { class: "label" }, richText(fact.label, ctx)),
    fact.suit ? h("b", { class: "suit-word", style: { "--ink": suitInk(fact.suit) } }, fact.text) : h("b", {}, richText(fact.text, ctx))));
}

export { seatChip };
