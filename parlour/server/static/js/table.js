// The table page: one websocket to /ws/<table>; the game's scene drawn as seats around a felt;
// a move made by picking its cards, then the place it goes to, then (only if still open) a
// choice. The page only ever sees what the server sends this seat.

import { cardGlyph } from "./cards.js";
import { api, copyText, dropSeat, h, hostOf, inviteLink, keepHost, keepSeat,
  playerName, seatOf, setPlayerName } from "./common.js";
import { lang, t } from "./i18n.js";
import { drawHand, drawTable } from "./scene.js";
import { makeContext, renderLog, richText, seatChip } from "./view.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
const MOTION = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;

let ws = null;
let welcome = null;
let frame = null;
let ctx = null;
let picked = []; // [{key, uid}] in the order picked
let pending = false;
let retry = 1000;
let rejoin = false;
let hint = null;
let asked = false;
let lastPly = -1;
let autoTimer = null;
let clockEnds = null; // when the clock of the seat to act runs out (performance.now())
let tickTimer = null;

// An invite link carries the seat's token in its fragment (never sent to the server in a URL):
// keep it in this browser, then take it out of the address bar. A friend who arrives by one
// is asked a name before anything else.
let invited = false;
(function readInvite() {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  if (token) {
    keepSeat(tableId, params.has("seat") ? +params.get("seat") : null, token);
    invited = !playerName();
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
      drawHowTo(message);
      if (message.seat !== null && message.seat !== undefined) {
        banner(null);
        const seat = message.table && (message.table.seats || [])[message.seat];
        if (invited && (!seat || /^(Player|Seat) \d+$/.test(seat.name || ""))) askName();
        invited = false;
      }
      if (frame) render();
      break;
    case "state":
      if (message.ply !== lastPly) { picked = []; hint = null; asked = false; lastPly = message.ply; }
      frame = message;
      // The clock counts down here from what was left when the frame left the server.
      clockEnds = typeof message.clock_left === "number" ? performance.now() + message.clock_left * 1000 : null;
      pending = false;
      if (welcome) render();
      // What this page was sent, and how it picks a move, for tests and the console.
      // reset(): drop the picks and any move on its way (a test that keeps the moves it makes).
      window.parlour = { welcome, frame, picks: (text) => picksOf(text),
        reset: () => { pending = false; picked = []; renderActions(); } };
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

// A friend who came by an invite link says who they are first.
function askName() {
  invited = false;
  const dialog = $("name-dialog");
  const input = dialog.querySelector("input");
  input.value = "";
  dialog.hidden = false;
  input.focus();
  dialog.querySelector("form").onsubmit = (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name) { setPlayerName(name); join(false); }
    dialog.hidden = true;
  };
}

function drawHowTo(message) {
  const how = message.how || {};
  const box = $("how-body");
  box.replaceChildren(
    how.goal ? h("p", { class: "goal" }, how.goal) : null,
    how.turn && how.turn.length ? h("ol", { class: "turn-steps" }, how.turn.map((line) => h("li", {}, line))) : null,
    h("p", {}, h("a", { href: message.rules, target: "_blank", rel: "noopener" }, t("The full rules"))));
}

// Drawing ------------------------------------------------------------------------------------
function render() {
  const meta = welcome.table;
  ctx = makeContext({ cards: welcome.cards, players: meta.players, seats: frame.seats,
    mySeat: frame.seat, toAct: frame.to_act, tr: frame.tr });
  const scene = frame.scene || { seats: [] };
  const before = MOTION ? positions() : null;
  drawTable(scene, ctx, frame, meta.players, frame.seat, Number.isInteger(frame.seat));
  const empty = frame.status === "over" && !((scene.hand || {}).items || []).length;
  drawHand($("hand"), empty ? null : scene.hand, ctx);
  const log = $("log");
  const lines = (frame.view && frame.view.log) || [];
  log.replaceChildren(...renderLog(lines, ctx));
  log.scrollTop = log.scrollHeight;
  let uid = 0;
  for (const el of document.querySelectorAll("#felt .card[data-card], #hand .card[data-card], #felt [data-pick]")) el.dataset.uid = String(uid++);
  renderTurn();
  renderOver();
  renderSeatTools();
  renderInvites();
  renderActions();
  fitHand();
  fitFelt();
  fitStacks();
  if (before) travel(before);
}

// Motion: a card that was on the page before flies from where it was; a card new to the table
// comes from the seat that played it (or the pile it was drawn from).
function positions() {
  const out = new Map();
  for (const el of document.querySelectorAll("#felt .card[data-card], #hand .card[data-card]")) {
    const list = out.get(el.dataset.card) || [];
    list.push(el.getBoundingClientRect());
    out.set(el.dataset.card, list);
  }
  return out;
}

function travel(before) {
  for (const el of document.querySelectorAll("#felt .card[data-card], #hand .card[data-card]")) {
    const from = (before.get(el.dataset.card) || []).shift();
    const to = el.getBoundingClientRect();
    let start = from;
    if (!start) {
      const seat = el.closest(".seat .played") && el.closest(".seat");
      const head = seat && seat.querySelector(".avatar");
      if (!head) continue;
      start = head.getBoundingClientRect();
    }
    const dx = start.left - to.left, dy = start.top - to.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    const scale = start.width && to.width ? start.width / to.width : 1;
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
      { duration: 320, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
}

// A seat the computer plays: a computer's, or a person's it stands in for.
function computerSeat(seat) {
  return !!seat && (seat.kind === "computer" || !!seat.away);
}

function renderTurn() {
  const el = $("turn");
  const over = frame.status === "over";
  const seated = frame.seat !== null && frame.seat !== undefined;
  const mine = seated ? frame.seats[frame.seat] || {} : {};
  const away = seated && mine.away;
  let text, cls = "";
  if (over) { text = t("Game over"); cls = "over"; }
  else if (frame.status === "closed") { text = t("This table was closed: no one moved for a long time"); cls = "over"; }
  else if (frame.to_act === null || frame.to_act === undefined) text = "";
  else if (frame.to_act === frame.seat && !away) { text = t("Your turn"); cls = "mine"; }
  else if (computerSeat(frame.seats[frame.to_act])) {
    text = t("{name} is thinking", { name: ctx.seatName(frame.to_act) }); cls = "thinking";
  }
  else text = t("Waiting for {name}", { name: ctx.seatName(frame.to_act) });
  el.className = "turn " + cls;
  el.replaceChildren(h("span", { class: "turn-text" }, text),
    clockEnds !== null ? h("span", { class: "clock", id: "clock", role: "timer", title: t("time left for this move") }) : "",
    seated ? "" : h("span", { class: "watching" }, t("watching")),
    away && frame.status === "playing" ? h("div", { class: "away-note" },
      mine.left
        ? h("span", {}, t("Your time ran out too often: the computer keeps your seat until you make a move yourself."))
        : h("span", {}, t("Your time ran out: the computer is playing for you.")),
      mine.left ? "" : h("button", { class: "btn primary small", id: "back", onclick: () => send({ type: "back" }) }, t("I'm back"))) : "",
    // Seats their people left to the computer: the others may give them to someone else.
    ...(seated && frame.status === "playing" && (frame.seats[frame.seat] || {}).kind === "person"
      ? frame.seats.filter((s) => s.left && s.seat !== frame.seat && s.claimed).map((s) => h("div", { class: "away-note" },
        h("span", {}, t("{name} left the seat to the computer.", { name: ctx.seatName(s.seat) })),
        h("button", { class: "btn small", onclick: () => send({ type: "open_seat", seat: s.seat }) }, t("Open the seat to someone else"))))
      : []));
  tick();
}

// The turn clock: minutes and seconds left, redrawn each second; the last ten are urgent.
function tick() {
  clearTimeout(tickTimer);
  const el = $("clock");
  if (!el || clockEnds === null) return;
  const left = Math.max(0, Math.ceil((clockEnds - performance.now()) / 1000));
  el.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  el.classList.toggle("hurry", left <= 10);
  if (left > 0) tickTimer = setTimeout(tick, 1000 - ((clockEnds - performance.now()) % 1000 + 1000) % 1000 + 20);
}

function renderOver() {
  const el = $("over");
  document.body.classList.toggle("game-over", frame.status === "over");
  if (frame.status === "closed") {
    el.hidden = false;
    el.replaceChildren(h("h2", {}, t("Table closed")),
      h("p", {}, t("No one moved here for a long time, so the table was closed. Its record is kept.")),
      h("div", { class: "over-actions" },
        h("a", { class: "btn primary", href: `/replay/${tableId}` }, t("Replay")),
        h("a", { class: "btn ghost", href: "/" }, t("Lobby"))));
    return;
  }
  if (frame.status !== "over") { el.hidden = true; return; }
  el.hidden = false;
  $("log-box").open = true; // the end: how the last hand went, in the game's words
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
        : seated ? h("button", { class: "btn primary", id: "rematch", onclick: () => send({ type: "rematch" }) }, t("Play again")) : null,
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
  const seated = frame.seat !== null && frame.seat !== undefined;
  const open = frame.seats.filter((s) => s.kind === "person" && s.public && !s.claimed);
  const parts = [];
  if (seated) {
    const input = h("input", { type: "text", maxlength: "24", value: playerName() || "", placeholder: t("your name"), "aria-label": t("your name") });
    input.addEventListener("change", () => { setPlayerName(input.value.trim()); join(false); });
    parts.push(h("label", { class: "name-field" }, t("Name"), " ", input));
    const auto = h("input", { type: "checkbox", id: "auto-pass" });
    auto.checked = autoPass();
    auto.addEventListener("change", () => { localStorage.setItem("parlour.autopass", auto.checked ? "1" : "0"); });
    parts.push(h("label", { class: "check" }, auto, " ", t("Pass for me when passing is all I can do")));
  } else if (open.length && frame.status !== "over") {
    parts.push(h("button", { class: "btn primary", id: "take-seat", onclick: takeSeat }, t("Take a seat")));
  }
  el.replaceChildren(...parts);
}

function autoPass() {
  return localStorage.getItem("parlour.autopass") !== "0";
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
    banner(t("A new invite link is ready; the old one no longer works."), "info");
  } catch (error) {
    banner(error.message, "error");
  }
}

// Moves by direct play ------------------------------------------------------------------------
// Each move is slots of keys (a card's name, a place "@a5", a choice "=W"); a pick fills a slot.
// fit: which slot each picked key fills, or null when the move cannot take these picks.
function fit(move, keys) {
  const used = new Array(move.picks.length).fill(false);
  const go = (k) => {
    if (k === keys.length) return true;
    for (let s = 0; s < move.picks.length; s++) {
      if (!used[s] && move.picks[s].includes(keys[k])) {
        used[s] = true;
        if (go(k + 1)) return true;
        used[s] = false;
      }
    }
    return false;
  };
  return go(0) ? used : null;
}

function legalMoves() {
  return (frame && frame.moves) || [];
}

function picksOf(text) {
  const move = legalMoves().find((m) => m.text === text);
  return move ? move.picks.map((slot) => slot[0]) : [];
}

const isPlace = (key) => key.startsWith("@");
const isChoice = (key) => key.startsWith("=");

function narrowing() {
  const keys = picked.map((p) => p.key);
  const candidates = [];
  const open = new Set();
  for (const move of legalMoves()) {
    if (!move.picks.length) continue;
    const used = fit(move, keys);
    if (!used) continue;
    candidates.push(move);
    move.picks.forEach((slot, s) => { if (!used[s]) for (const key of slot) open.add(key); });
  }
  const complete = candidates.filter((m) => m.picks.length === keys.length);
  return { keys, candidates, complete, open };
}

function pickables() {
  return document.querySelectorAll("#felt .card[data-uid], #hand .card[data-uid], #felt [data-pick][data-uid]");
}

function keyOf(el) {
  return el.dataset.pick !== undefined ? el.dataset.pick : el.dataset.card;
}

function myTurn() {
  return legalMoves().length > 0 && frame.seat === frame.to_act && frame.status !== "over";
}

function renderActions() {
  const box = $("actions");
  if (!frame || !ctx) return;
  const mine = myTurn();
  document.body.classList.toggle("my-turn", mine);
  const els = pickables();
  clearTimeout(autoTimer);
  if (!mine) {
    for (const el of els) el.classList.remove("pickable", "selected", "hinted");
    box.replaceChildren();
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const { keys, candidates, complete, open } = narrowing();
  const inHand = new Set([...document.querySelectorAll("#hand .card[data-uid]")].map((el) => el.dataset.card));
  const pickedUids = new Set(picked.map((p) => p.uid));
  const hintMove = hint ? legalMoves().find((m) => m.text === hint.action) : null;
  const hinted = new Set(hintMove ? hintMove.picks.map((slot) => slot[0]) : []);
  for (const el of els) {
    const key = keyOf(el);
    // A card held is picked in the hand, not where the same name shows on the table.
    const here = el.dataset.pick !== undefined || !inHand.has(key) || el.closest("#hand") !== null;
    const isSel = pickedUids.has(el.dataset.uid);
    el.classList.toggle("selected", isSel);
    el.classList.toggle("pickable", !isSel && here && open.has(key) && !isChoice(key));
    el.classList.toggle("hinted", here && hinted.has(key) && !isSel);
  }
  const words = legalMoves().filter((m) => !m.picks.length);
  const parts = [];
  // The choices still open (a suit to name, a number), once something is picked.
  const choiceKeys = [...open].filter(isChoice);
  if (keys.length) for (const key of choiceKeys) parts.push(choiceButton(key));
  if (complete.length === 1) {
    parts.push(h("button", { class: "btn move primary", dataset: { action: complete[0].text }, disabled: pending || null,
      onclick: () => play(complete[0]) }, t("Play"), " ", ...pickedGlyphs()));
  }
  for (const move of words) {
    parts.push(h("button", { class: `btn move ${move.text === "pass" ? "pass" : "word"}${hint && hint.action === move.text ? " hinted" : ""}`,
      dataset: { action: move.text }, disabled: pending || null, onclick: () => play(move) }, richText(ctx.move(move.text), ctx)));
  }
  const lead = keys.length ? (candidates.length ? null : t("No move with these"))
    : candidates.length ? (words.length ? t("Pick what to play, or:") : t("Pick what to play")) : null;
  const tools = h("span", { class: "tools" },
    keys.length ? h("button", { class: "btn small ghost", id: "clear", onclick: () => { picked = []; renderActions(); } }, t("Clear")) : null,
    h("button", { class: "btn small ghost", id: "hint", title: t("ask the computer for its best moves"), disabled: asked || null,
      onclick: () => { asked = true; send({ type: "hint" }); renderActions(); } }, asked ? t("Thinking\u2026") : t("Hint")));
  box.replaceChildren(h("div", { class: "actions-row" }, lead ? h("span", { class: "prompt" }, lead) : null, ...parts, tools), hintLine() || "");
  box.dataset.legal = JSON.stringify(frame.legal);
  box.classList.toggle("pending", pending);
  // Passing is all this seat can do: the page passes for it after a moment (a setting).
  if (autoPass() && legalMoves().length === 1 && legalMoves()[0].text === "pass" && !pending) {
    autoTimer = setTimeout(() => play(legalMoves()[0]), 900);
  }
}

function pickedGlyphs() {
  return picked.filter((p) => !isPlace(p.key) && !isChoice(p.key)).map((p) => cardGlyph(p.key));
}

function choiceButton(key) {
  const choice = (frame.choices || {})[key] || { text: key.slice(1) };
  const style = choice.suit ? { "--ink": `var(--suit-${choice.suit}, currentColor)` } : null;
  return h("button", { class: "btn move choice" + (choice.suit ? ` suit suit-${choice.suit}` : ""), style,
    dataset: { pick: key }, disabled: pending || null, onclick: () => pick(key, key) }, choice.text);
}

function hintLine() {
  if (!hint) return null;
  const pct = (m) => (m.win === null || m.win === undefined ? "" : ` ${t("({n}% wins)", { n: Math.round(m.win * 100) })}`);
  const line = h("div", { class: "hint-line" }, t("Hint:"), " ", richText(ctx.move(hint.action), ctx), pct(hint));
  for (const alt of hint.alternatives || []) line.append(h("span", { class: "muted" }, ` \u00b7 ${t("or")} `), richText(ctx.move(alt.action), ctx), h("span", { class: "muted" }, pct(alt)));
  return line;
}

function pick(key, uid) {
  picked.push({ key, uid });
  const { candidates, complete } = narrowing();
  // A place or a choice that settles the move plays it; a card waits for "Play" (or a second tap).
  if ((isPlace(key) || isChoice(key)) && complete.length === 1 && candidates.length === 1) {
    play(complete[0]);
    return;
  }
  renderActions();
}

function play(move) {
  if (pending) return;
  pending = true;
  let text = move.text;
  if (move.send === "cards") text = picked.filter((p) => !isPlace(p.key) && !isChoice(p.key)).map((p) => p.key).join(" ") || move.text;
  send({ type: "move", action: text, ply: frame.ply });
  renderActions();
}

document.addEventListener("click", (event) => {
  if (!frame || !ctx || !myTurn()) return;
  const card = event.target.closest("#felt .card[data-uid], #hand .card[data-uid]");
  const place = event.target.closest("#felt [data-pick][data-uid]");
  let el = card && (card.classList.contains("pickable") || card.classList.contains("selected")) ? card : null;
  if (!el && place && (place.classList.contains("pickable") || place.classList.contains("selected"))) el = place;
  if (!el) return;
  const uid = el.dataset.uid;
  const at = picked.findIndex((p) => p.uid === uid);
  if (at >= 0) {
    // A second tap on a picked card plays the move it completes; else it is put back.
    const { complete } = narrowing();
    if (complete.length === 1 && at === picked.length - 1) { play(complete[0]); return; }
    picked.splice(at, 1);
    renderActions();
    return;
  }
  pick(keyOf(el), uid);
});

document.addEventListener("keydown", (event) => {
  if (event.target.closest("input, textarea, select")) return;
  if (event.key === "Escape") { picked = []; renderActions(); }
  if (event.key === "Enter") {
    const first = document.querySelector("#actions .btn.move.primary");
    if (first) first.click();
  }
});

// Cards in hand overlap when the row is too narrow for them.
function fitHand() {
  const row = document.querySelector("#hand .zone-body");
  if (!row) return;
  const cards = row.querySelectorAll(".item");
  if (cards.length < 2) { row.style.removeProperty("--overlap"); return; }
  const width = $("hand").clientWidth - 16; // the room the dock gives, not the row's own width
  const cardWidth = cards[0].getBoundingClientRect().width || 80;
  const gap = (width - cards.length * cardWidth) / (cards.length - 1);
  row.style.setProperty("--overlap", `${Math.max(-cardWidth * 0.78, Math.min(6, gap))}px`);
}

// On a screen wide enough for the side column, the felt and the dock share the screen's height:
// the cards on the felt shrink (to no less than 60%) rather than slide under the hand. Text keeps
// its size, so the felt does not shrink in step with its cards: the largest size that fits is
// searched for (a guess from the overflow fell short by up to 20 px).
function fitFelt() {
  const felt = $("felt");
  felt.style.removeProperty("--fit");
  if (innerWidth < 1000 || frame.status === "over") return;
  const room = innerHeight - (felt.getBoundingClientRect().top + scrollY) - $("hand").closest(".dock").offsetHeight - 6;
  if (felt.offsetHeight <= room) return;
  const fits = (fit) => { felt.style.setProperty("--fit", fit.toFixed(3)); return felt.offsetHeight <= room; };
  let low = 0.6, high = 1;
  if (fits(low)) {
    for (let step = 0; step < 7; step++) {
      const middle = (low + high) / 2;
      if (fits(middle)) low = middle; else high = middle;
    }
  }
  felt.style.setProperty("--fit", low.toFixed(3));
}
// A stack of many cards on the felt (a hand shown at the end, a long meld) overlaps its cards more
// where its zone is too narrow for them, rather than stick out of its seat and the screen.
function fitStacks() {
  for (const stack of document.querySelectorAll("#felt .stack-cards.many")) {
    stack.style.removeProperty("--stack-pull");
    const box = stack.closest(".zone-body");
    const cards = stack.querySelectorAll(".card");
    if (!box || cards.length < 2 || stack.scrollWidth <= box.clientWidth) continue;
    const width = cards[0].getBoundingClientRect().width;
    const step = Math.max(width * 0.12, (box.clientWidth - width) / (cards.length - 1));
    stack.style.setProperty("--stack-pull", `${(step - width).toFixed(1)}px`);
  }
}
window.addEventListener("resize", () => { if (frame) { fitHand(); fitFelt(); fitStacks(); } });

connect();
