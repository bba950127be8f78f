// The replay viewer of a finished game: step forward and back through the record, seen by any
// seat (every card may be shown once the game is over), and the record as JSON.

import { api, h } from "./common.js";
import { rtl, t } from "./i18n.js";
import { drawHand, drawTable } from "./scene.js";
import { defaultName, makeContext, renderLog, richText, seatChip } from "./view.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let step = params.has("step") ? +params.get("step") : 0;
let seat = params.has("seat") ? +params.get("seat") : null;
let total = 0;
let timer = null;
let loading = null;
let first = true;

$("download").href = `/api/tables/${tableId}/record`;
$("table-id").textContent = t("table {id}", { id: tableId });

async function show(target) {
  step = Math.max(0, Math.min(target, total || target));
  const want = step;
  const query = `step=${want}` + (seat === null ? "" : `&seat=${seat}`);
  loading = want;
  let data;
  try {
    data = await api(`/api/tables/${tableId}/replay?${query}`);
  } catch (error) {
    const el = $("banner");
    el.className = "banner error";
    el.textContent = error.message;
    el.hidden = false;
    stop();
    return;
  }
  if (loading !== want) return;
  total = data.total;
  step = data.step;
  if (first) {
    first = false;
    document.title = `${t("Replay: {title}", { title: data.game.title })} \u00b7 ${t("Parlour")}`;
    $("game-title").textContent = t("Replay: {title}", { title: data.game.title });
    const select = $("view-as");
    select.replaceChildren(h("option", { value: "" }, t("a spectator")),
      ...data.seats.map((s) => h("option", { value: String(s.seat) }, t("{name} (seat {n})", { name: defaultName(s.name), n: s.seat }))));
    select.value = seat === null ? "" : String(seat);
  }
  draw(data);
}

function draw(data) {
  const seats = data.seats.map((s) => ({ ...s, claimed: true, online: true, public: false }));
  const ctx = makeContext({ cards: data.cards, players: seats.length, seats, mySeat: data.seat,
    toAct: data.to_act, you: false, tr: data.tr });
  const frame = { to_act: data.to_act, status: data.terminal ? "over" : "playing", result: data.result };
  const view = data.view || {};
  const scene = data.scene || { seats: [] };
  drawTable(scene, ctx, frame, seats.length, data.seat, false);
  drawHand($("hand"), scene.hand, ctx);
  const lines = view.log || [];
  $("log").replaceChildren(...renderLog(lines, ctx));
  $("log").scrollTop = $("log").scrollHeight;
  $("move-line").replaceChildren(data.step === 0 ? h("span", { class: "muted" }, t("The deal, before the first move."))
    : h("span", {}, t("Move {n}:", { n: data.step }), " ", data.mover !== null ? seatChip(data.mover, ctx) : "", " ",
      richText(data.action_label || data.action, ctx)));
  const over = $("over");
  if (data.terminal && data.result) {
    const best = Math.max(...data.result);
    const order = data.result.map((r, i) => i).sort((a, b) => data.result[b] - data.result[a]);
    over.hidden = false;
    over.replaceChildren(h("h2", {}, t("Final position")), h("ol", { class: "results" }, order.map((i) =>
      h("li", { class: data.result[i] === best ? "best" : "" }, seatChip(i, ctx), h("b", {}, String(+data.result[i].toFixed(2)))))));
  } else {
    over.hidden = true;
  }
  const range = $("step");
  range.max = String(data.total);
  range.value = String(data.step);
  $("step-text").textContent = `${data.step} / ${data.total}`;
  const url = new URL(location.href);
  url.searchParams.set("step", String(data.step));
  if (seat === null) url.searchParams.delete("seat"); else url.searchParams.set("seat", String(seat));
  history.replaceState(null, "", url);
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("auto").textContent = `\u25b6 ${t("Play")}`;
}

function toggle() {
  if (timer) { stop(); return; }
  if (step >= total) step = 0;
  $("auto").textContent = `\u275a\u275a ${t("Pause")}`;
  timer = setInterval(() => { if (step >= total) stop(); else show(step + 1); }, 700);
}

$("first").onclick = () => { stop(); show(0); };
$("prev").onclick = () => { stop(); show(step - 1); };
$("next").onclick = () => { stop(); show(step + 1); };
$("last").onclick = () => { stop(); show(total); };
$("auto").onclick = toggle;
stop();
$("step").oninput = (event) => { stop(); show(+event.target.value); };
$("view-as").onchange = (event) => { seat = event.target.value === "" ? null : +event.target.value; show(step); };
document.addEventListener("keydown", (event) => {
  if (event.target.closest("input[type=text], select")) return;
  // Right to left, the arrows point the other way round: forward is to the left.
  const forward = rtl ? "ArrowLeft" : "ArrowRight", backward = rtl ? "ArrowRight" : "ArrowLeft";
  if (event.key === forward) { stop(); show(step + 1); }
  else if (event.key === backward) { stop(); show(step - 1); }
  else if (event.key === "Home") { stop(); show(0); }
  else if (event.key === "End") { stop(); show(total); }
  else if (event.key === " ") { event.preventDefault(); toggle(); }
});

show(step);
