// The table page: one websocket to /ws/<table>, the view drawn generically, legal moves as
// buttons and selectable cards. The page only ever sees what the server sends this seat.

import { cardGlyph } from "./cards.js";
import { api, copyText, dropSeat, h, hostOf, inviteLink, keepHost, keepSeat,
  playerName, seatOf, setPlayerName } from "./common.js";
import { lang, t } from "./i18n.js";
import { layoutView, makeContext, placesInMove, renderFacts, renderLog, renderSeatPanels,
  renderTiles, richText, seatChip, cardRow, fitRow } from "./view.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);

let ws = null;
let welcome = null;
let frame = null;
let ctx = null;
let selected = new Set(); // data-uid of the selected card elements
let pending = false;
let retry = 1000;
let rejoin = false;
let hint = null;
let asked = false; // a hint is on its way
let lastPly = -1;
let sentRematch = false;

// An invite link carries the seat's token in its fragment (never sent to the server in a URL):
// keep it in this browser, then take it out of the address bar.
(function readInvite() {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  if (token) {
    keepSeat(tableId, params.has("seat") ? +params.get("seat") : null, token);
    history.replaceState(null, "", location.pathname);
  }
})();

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}?lang=${encodeURIComponent(lang)}`);
  ws.onopen = () => {
    retry = 1000;
    setConn(t("live"), "live");
    join(rejoin);
  };
  ws.onmessage = (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    receive(message);
  };
  ws.onclose = (event) => {
    if (event.code === 4404) { setConn(t("no such table"), "down"); return; }
    setConn(t("reconnecting\u2026"), "down");
    rejoin = true;
    pending = false;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

function join(takeover) {
  const mine = seatOf(tableId);
  if (!mine || !mine.token) return;
  const message = { type: "join", token: mine.token, takeover: !!takeover };
  if (Number.isInteger(mine.seat)) message.seat = mine.seat;
  const name = playerName();
  if (name) message.name = name;
  send(message);
}

function setConn(text, cls) {
  const el = $("conn");
  el.textContent = text;
  el.className = "conn " + cls;
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      welcome = message;
      document.title = `${message.game.title} \u00b7 ${t("Parlour")}`;
      $("game-title").textContent = message.game.title;
      $("table-id").textContent = t("table {id}", { id: message.table.id });
      $("rules-link").href = message.rules;
      if (message.seat !== null && message.seat !== undefined) banner(null);
      if (frame) render();
      break;
    case "state":
      if (message.ply !== lastPly) { selected = new Set(); hint = null; asked = false; lastPly = message.ply; }
      frame = message;
      pending = false;
      if (welcome) render();
      // What this page was sent, and what it picks a move by, for tests and the console.
      window.parlour = { welcome, frame, picks: (text) => (parsedLegal().find((a) => a.text === text) || {}).cards };
      break;
    case "error":
      pending = false;
      asked = false;
      showError(message);
      if (frame) renderActions();
      break;
    case "hint":
      asked = false;
      if (frame && message.ply === frame.ply) hint = window.parlour.hint = message;
      if (frame) renderActions();
      break;
    case "rematch":
      goToNext(message.table);
      break;
    default:
      break;
  }
}

function showError(message) {
  if (message.code === "bad_token") {
    dropSeat(tableId);
    banner(message.message, "warn");
  } else if (message.code === "seat_taken") {
    banner(message.message, "warn", h("button", { class: "btn small", onclick: () => join(true) }, t("Take over here")));
  } else if (message.code === "taken_over") {
    banner(message.message, "warn", h("button", { class: "btn small", onclick: () => join(true) }, t("Take it back")));
  } else {
    banner(message.message, "error");
  }
}

let bannerTimer = null;
function banner(text, kind = "info", extra = null) {
  const el = $("banner");
  clearTimeout(bannerTimer);
  if (!text) { el.hidden = true; return; }
  el.className = `banner ${kind}`;
  el.replaceChildren(h("span", {}, text), extra || "", h("button", { class: "close", "aria-label": t("dismiss"), onclick: () => { el.hidden = true; } }, "\u00d7"));
  el.hidden = false;
  if (kind === "error") bannerTimer = setTimeout(() => { el.hidden = true; }, 6000);
}

// Drawing ------------------------------------------------------------------------------------
function render() {
  const meta = welcome.table;
  ctx = makeContext({ cards: welcome.cards, players: meta.players, seats: frame.seats,
    mySeat: frame.seat, layout: welcome.layout, toAct: frame.to_act, tr: frame.tr });
  const view = frame.view || {};
  ctx.view = view;
  const parts = layoutView(view, ctx);
  ctx.log = parts.log;
  $("seats").replaceChildren(...renderSeatPanels(view, parts, ctx, frame));
  $("facts").replaceChildren(parts.facts.length ? renderFacts(view, parts.facts, ctx) : "");
  $("tiles").replaceChildren(...renderTiles(view, parts.tiles, ctx));
  const hand = $("hand");
  if (parts.hand && !(frame.status === "over" && !parts.hand.length)) {
    hand.hidden = false;
    hand.replaceChildren(h("h3", {}, parts.handKey === "hand" || parts.handBySeat ? t("Your hand") : ctx.label(parts.handKey),
      h("span", { class: "count" }, String(parts.hand.length))),
      parts.hand.length ? cardRow(parts.hand, { fan: true }) : h("p", { class: "muted" }, t("no cards")));
  } else {
    hand.hidden = true;
    hand.replaceChildren();
  }
  const log = $("log");
  if (parts.log) {
    log.replaceChildren(...renderLog(parts.log, ctx));
    log.scrollTop = log.scrollHeight;
    $("log-box").hidden = false;
  } else {
    $("log-box").hidden = true;
  }
  let uid = 0;
  for (const el of document.querySelectorAll("main .card[data-card], main [data-place]")) el.dataset.uid = String(uid++);
  ctx.placeNames = new Set([...document.querySelectorAll("main [data-place]")].map((el) => el.dataset.place));
  renderTurn();
  renderOver();
  renderSeatTools();
  renderInvites();
  renderActions();
  fitHand();
}

function renderTurn() {
  const el = $("turn");
  const over = frame.status === "over";
  let text, cls = "";
  if (over) { text = t("Game over"); cls = "over"; }
  else if (frame.to_act === null || frame.to_act === undefined) text = "";
  else if (frame.to_act === frame.seat) { text = t("Your turn"); cls = "mine"; }
  else text = t("Waiting for {name}", { name: ctx.seatName(frame.to_act) });
  el.className = "turn " + cls;
  el.replaceChildren(h("span", { class: "turn-text" }, text),
    h("span", { class: "ply" }, t("move {n}", { n: frame.ply })),
    frame.seat === null || frame.seat === undefined ? h("span", { class: "watching" }, t("watching")) : "");
}

function renderOver() {
  const el = $("over");
  document.body.classList.toggle("game-over", frame.status === "over");
  if (frame.status !== "over") { el.hidden = true; return; }
  el.hidden = false;
  const results = frame.result || [];
  const order = results.map((r, i) => i).sort((a, b) => results[b] - results[a]);
  const best = Math.max(...results);
  const seated = frame.seat !== null && frame.seat !== undefined;
  const next = frame.next_table;
  el.replaceChildren(
    h("h2", {}, t("Game over")),
    h("ol", { class: "results" }, order.map((i) => h("li", { class: results[i] === best ? "best" : "" },
      seatChip(i, ctx), h("b", {}, String(+results[i].toFixed(2))),
      results[i] === best ? h("span", { class: "crown" }, "\u265b") : null))),
    h("div", { class: "over-actions" },
      next ? h("button", { class: "btn primary", onclick: () => goToNext(next) }, t("Go to the next game"))
        : seated ? h("button", { class: "btn primary", id: "rematch", onclick: () => { sentRematch = true; send({ type: "rematch" }); } }, t("Play again")) : null,
      h("a", { class: "btn", href: `/replay/${tableId}` }, t("Replay")),
      h("a", { class: "btn", href: `/api/tables/${tableId}/record`, download: "" }, t("Download record")),
      h("a", { class: "btn ghost", href: "/" }, t("Lobby"))));
}

function goToNext(next) {
  // The next game keeps each seat's invite link: carry this browser's token and host key over.
  const mine = seatOf(tableId);
  if (mine) keepSeat(next, mine.seat, mine.token);
  const host = hostOf(tableId);
  if (host) keepHost(next, host);
  location.href = `/t/${next}`;
}

function renderSeatTools() {
  const el = $("seat-tools");
  const meta = welcome.table;
  const seated = frame.seat !== null && frame.seat !== undefined;
  const open = frame.seats.filter((s) => s.kind === "person" && s.public && !s.claimed);
  const parts = [];
  if (seated) {
    const input = h("input", { type: "text", maxlength: "24", value: playerName() || "", placeholder: t("your name"), "aria-label": t("your name") });
    input.addEventListener("change", () => { setPlayerName(input.value.trim()); join(false); });
    parts.push(h("label", { class: "name-field" }, t("Name"), " ", input));
  } else if (open.length && frame.status !== "over") {
    parts.push(h("button", { class: "btn primary", id: "take-seat", onclick: takeSeat }, t("Take a seat")));
  }
  el.replaceChildren(...parts);
  void meta;
}

async function takeSeat() {
  try {
    const answer = await api(`/api/tables/${tableId}/join`, { name: playerName() || undefined });
    keepSeat(tableId, answer.seat, answer.token);
    join(false);
  } catch (error) {
    banner(error.message, "error");
  }
}

function renderInvites() {
  const el = $("invites");
  const host = hostOf(tableId);
  if (!host || frame.status === "over") { el.replaceChildren(); return; }
  const rows = [];
  for (const seat of frame.seats) {
    if (seat.kind !== "person" || seat.seat === frame.seat) continue;
    const token = host.tokens && host.tokens[seat.seat];
    const link = token ? inviteLink(tableId, seat.seat, token) : null;
    rows.push(h("li", {}, seatChip(seat.seat, ctx),
      h("span", { class: "seat-tag", dataset: { joined: seat.claimed ? "1" : "0" } }, seat.claimed ? (seat.online ? t("online") : t("joined")) : seat.public ? t("open seat") : t("not joined yet")),
      link ? h("button", { class: "btn small", onclick: (e) => copyText(link, e.target) }, t("Copy link")) : null,
      h("button", { class: "btn small ghost", title: t("a new link; the old one stops working"), onclick: () => reissue(seat.seat) }, t("New link"))));
  }
  el.replaceChildren(rows.length ? h("details", { class: "invites", open: rows.some((r) => r.querySelector('[data-joined="0"]')) || null },
    h("summary", {}, t("Invite links")), h("ul", {}, rows)) : "");
}

async function reissue(seat) {
  const host = hostOf(tableId);
  try {
    const answer = await api(`/api/tables/${tableId}/invite`, { host: host.host, seat });
    host.tokens = host.tokens || {};
    host.tokens[seat] = answer.token;
    keepHost(tableId, host);
    renderInvites();
    banner(t("A new invite link for seat {n} is ready; the old one no longer works.", { n: seat }), "info");
  } catch (error) {
    banner(error.message, "error");
  }
}

// Moves ---------------------------------------------------------------------------------------
// What a move can be picked by: its cards, and the named places it goes to ("@d4").
function parsedLegal() {
  return (frame.legal || []).map((text) => {
    const tokens = text.trim().split(/\s+/);
    const cardNames = tokens.filter((t) => ctx.isCard(t));
    const cards = [...cardNames, ...placesInMove(text, ctx).map((p) => "@" + p)];
    const kind = !cards.length ? "word" : cardNames.length === tokens.length ? "cards" : "mixed";
    return { text, cards, kind };
  });
}

function pickKey(el) {
  return el.dataset.place !== undefined ? "@" + el.dataset.place : el.dataset.card;
}

function counts(list) {
  const m = new Map();
  for (const x of list) m.set(x, (m.get(x) || 0) + 1);
  return m;
}

function covers(big, small) {
  // Does the multiset `big` hold every card of `small`?
  const b = counts(big);
  for (const [k, v] of counts(small)) if ((b.get(k) || 0) < v) return false;
  return true;
}

function selectedNames() {
  const names = [];
  for (const el of document.querySelectorAll("main [data-uid]")) {
    if (selected.has(el.dataset.uid)) names.push(pickKey(el));
  }
  return names;
}

function renderActions() {
  const box = $("actions");
  if (!frame || !ctx) return;
  const legal = parsedLegal();
  const myTurn = legal.length > 0 && frame.seat === frame.to_act && frame.status !== "over";
  document.body.classList.toggle("my-turn", myTurn);
  const cardEls = document.querySelectorAll("main [data-uid]");
  if (!myTurn) {
    for (const el of cardEls) el.classList.remove("pickable", "selected", "hinted");
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const sel = selectedNames();
  const cardActs = legal.filter((a) => a.cards.length);
  const words = legal.filter((a) => a.kind === "word");
  const candidates = cardActs.filter((a) => covers(a.cards, sel));
  const exact = sel.length ? candidates.filter((a) => a.cards.length === sel.length) : [];
  // Moves that need more picks come as buttons only while they are few: more of them (a card
  // that can go to any square) are picked on the table, and the bar stays small.
  const few = window.innerWidth < 640 ? 4 : 6;
  const longer = candidates.filter((a) => a.cards.length > sel.length);
  const more = sel.length ? (longer.length <= few ? longer : []) : (cardActs.length <= few ? cardActs : []);
  // Cards that can still join the selection.
  const room = new Set();
  for (const a of candidates) {
    const left = counts(a.cards);
    for (const name of sel) left.set(name, left.get(name) - 1);
    for (const [name, n] of left) if (n > 0) room.add(name);
  }
  const hintMove = hint ? parsedLegal().find((a) => a.text === hint.action) : null;
  const hinted = new Set(hintMove ? hintMove.cards : []);
  // A card held in the hand is picked there, not where the same name shows elsewhere (a pile).
  const inHand = new Set([...document.querySelectorAll("#hand .card[data-uid]")].map((el) => el.dataset.card));
  for (const el of cardEls) {
    const isSel = selected.has(el.dataset.uid);
    const name = pickKey(el);
    const here = el.dataset.place !== undefined || !inHand.has(name) || el.closest("#hand") !== null;
    el.classList.toggle("selected", isSel);
    el.classList.toggle("pickable", !isSel && here && room.has(name));
    el.classList.toggle("hinted", here && hinted.has(name));
  }
  const buttons = [];
  const shown = new Set();
  const add = (a, style) => { buttons.push(moveButton(a, style)); shown.add(a.text); };
  for (const a of exact.slice(0, 12)) add(a, "primary");
  for (const a of more.slice(0, 12)) add(a, sel.length ? "" : "cardmove");
  for (const a of words.slice(0, 16)) add(a, a.text === "pass" ? "pass" : "word");
  // Every legal move stays one choice away, however many there are.
  const rest = legal.filter((a) => !shown.has(a.text));
  if (rest.length && (words.length > 16 || exact.length > 12 || (!sel.length && cardActs.length > 40))) {
    const choice = h("select", { class: "all-moves", "aria-label": t("all moves") },
      h("option", { value: "" }, t("all {n} moves\u2026", { n: legal.length })),
      ...legal.map((a) => h("option", { value: a.text }, ctx.move(a.text))));
    choice.addEventListener("change", () => { if (choice.value) play(choice.value); });
    buttons.push(choice);
  }
  const lead = sel.length
    ? h("span", { class: "prompt" }, exact.length ? t("Play it:") : candidates.length ? t("Pick more\u2026 ({n} moves)", { n: longer.length }) : t("No move with these"))
    : cardActs.length > more.length ? h("span", { class: "prompt" }, t("Your turn: pick what to play ({n} moves)", { n: cardActs.length }))
      : h("span", { class: "prompt" }, t("Your turn"));
  const tools = h("span", { class: "tools" },
    sel.length ? h("button", { class: "btn small ghost", onclick: () => { selected = new Set(); renderActions(); } }, t("Clear")) : null,
    h("button", { class: "btn small ghost", id: "hint", title: t("ask the computer for its best moves"), disabled: asked || null,
      onclick: () => { asked = true; send({ type: "hint" }); renderActions(); } }, asked ? t("Thinking\u2026") : t("Hint")),
    typedMove());
  box.replaceChildren(promptLine() || "", h("div", { class: "actions-row" }, lead, ...buttons, tools), hintLine() || "");
  box.dataset.legal = JSON.stringify(frame.legal);
  box.classList.toggle("pending", pending);
}

// What was just asked of this seat (an attack to answer, a trade offered): the last line of the log.
function promptLine() {
  const log = ctx.log;
  if (!log || !log.length) return null;
  return h("div", { class: "prompt-line" }, richText(ctx.value(log[log.length - 1], "log"), ctx));
}

function hintLine() {
  if (!hint) return null;
  const pct = (m) => (m.win === null || m.win === undefined ? "" : ` ${t("({n}% wins)", { n: Math.round(m.win * 100) })}`);
  const line = h("div", { class: "hint-line" }, t("Hint:"), " ", richText(ctx.move(hint.action), ctx), pct(hint));
  for (const alt of hint.alternatives || []) line.append(h("span", { class: "muted" }, ` \u00b7 ${t("or")} `), richText(ctx.move(alt.action), ctx), h("span", { class: "muted" }, pct(alt)));
  return line;
}

function moveButton(action, style) {
  const label = action.kind === "cards"
    ? h("span", {}, t("Play"), " ", ...action.cards.map((c) => cardGlyph(c)))
    : richText(ctx.move(action.text), ctx);
  const isHint = hint && hint.action === action.text;
  return h("button", { class: `btn move ${style}${isHint ? " hinted" : ""}`, dataset: { action: action.text },
    disabled: pending || null, onclick: () => play(action.text) }, label);
}

function typedMove() {
  const form = h("form", { class: "typed" });
  const input = h("input", { type: "text", maxlength: "200", placeholder: t("type a move"), "aria-label": t("type a move"), autocomplete: "off", dir: "ltr" });
  form.append(input, h("button", { class: "btn small", type: "submit" }, t("Send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) play(input.value.trim());
  });
  return form;
}

function play(text) {
  if (pending) return;
  pending = true;
  send({ type: "move", action: text, ply: frame.ply });
  renderActions();
}

document.addEventListener("click", (event) => {
  let el = event.target.closest("main .card[data-uid]");
  // A card lying on a named place (a square, a tower) that is no move itself picks the place.
  const place = event.target.closest("main [data-place][data-uid]");
  if (place && (!el || (!el.classList.contains("pickable") && !selected.has(el.dataset.uid)))) el = place;
  if (!el || !frame || !ctx || !(frame.legal || []).length) return;
  const uid = el.dataset.uid;
  if (selected.has(uid)) {
    selected.delete(uid);
  } else if (el.classList.contains("pickable")) {
    selected.add(uid);
  } else {
    if (el.dataset.place !== undefined) return;
    if (!el.closest("#hand") && document.querySelector(`#hand .card[data-card="${CSS.escape(el.dataset.card)}"]`)) return;
    // The same card shown twice (in hand and in a list): move the selection here.
    const twin = [...document.querySelectorAll(`main .card[data-uid]`)].find(
      (other) => selected.has(other.dataset.uid) && other.dataset.card === el.dataset.card);
    if (!twin) return;
    selected.delete(twin.dataset.uid);
    selected.add(uid);
  }
  renderActions();
});

document.addEventListener("dblclick", (event) => {
  const el = event.target.closest("main .card[data-uid]");
  if (!el || !frame || !ctx) return;
  const single = parsedLegal().filter((a) => a.kind === "cards" && a.cards.length === 1 && a.cards[0] === el.dataset.card);
  if (single.length === 1) play(single[0].text);
});

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select")) return;
  if (event.key === "Escape") { selected = new Set(); renderActions(); }
  if (event.key === "Enter") {
    const first = document.querySelector("#actions .btn.move.primary");
    if (first) first.click();
  }
});

function fitHand() {
  fitRow(document.querySelector("#hand .cards.fan"));
}
window.addEventListener("resize", fitHand);

connect();
