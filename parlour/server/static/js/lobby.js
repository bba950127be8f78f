// The lobby: every registered game with its options as form controls (from game.info), table
// creation with each seat a person or a computer, and the open, running and finished tables.

import { cardElement } from "./cards.js";
import { agentLabel, api, copyText, h, humanize, inviteLink, keepHost, keepSeat, playerName,
  seatOf, setPlayerName, showValue, timeAgo } from "./common.js";
import { t } from "./i18n.js";
import { defaultName } from "./view.js";

const $ = (id) => document.getElementById(id);
let games = [];
let clockDefault = 60; // the room's turn clock for tables open to anyone (seconds)

// A few faces of each deck for the game tiles.
const SAMPLES = {
  french52: ["AS", "KH", "TD"], skat32: ["AS", "KH", "7C"], viashi: ["1R", "Lady", "9G"],
  viashi_double: ["2B", "Changeling", "1P"], xuni: ["10bat", "white", "3shark"],
  maunwe: ["5snake", "devil", "7tapir"], ahzchim_chips: ["Z3", "R12", "spy"],
};

// The words of the print-and-play and scorer links.
const EXTRA_TEXT = {
  print: t("Print and play:"), scorer: t("Scorer"),
  papers: { a4: t("A4"), letter: t("Letter") },
  printTitle: (deck, paper) => t("{deck}: every card at real size on {paper} paper (PDF)", { deck, paper }),
  scorerTitle: (game) => t("Score a {game} hand of real cards", { game }),
};

const nameInput = $("my-name");
nameInput.value = playerName() || "";
nameInput.addEventListener("change", () => setPlayerName(nameInput.value.trim()));

function duration(seconds) {
  return seconds % 60 ? t("{n} s", { n: seconds }) : t("{n} min", { n: seconds / 60 });
}

async function loadGames() {
  const answer = await api("/api/games");
  games = answer.games;
  clockDefault = answer.turn_clock || 60;
  $("games").replaceChildren(...games.map(gameTile));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) openForm(wanted);
}

function gameTile(game) {
  const fan = h("div", { class: "tile-fan" }, (SAMPLES[game.deck] || []).map((c) => cardElement(c)));
  return h("article", { class: "game", dataset: { game: game.id } },
    fan,
    h("div", { class: "game-body" },
      h("h3", {}, game.title),
      h("p", { class: "players" }, game.min_players === game.max_players
        ? t("{n} players", { n: game.min_players }) : t("{min}\u2013{max} players", { min: game.min_players, max: game.max_players })),
      h("p", { class: "summary" }, game.summary || ""),
      h("div", { class: "game-actions" },
        h("button", { class: "btn primary new", onclick: () => openForm(game.id) }, t("New table")),
        h("a", { class: "btn ghost", href: game.rules, target: "_blank", rel: "noopener" }, t("Rules")),
        game.scorer ? h("a", { class: "btn ghost scorer-link", href: game.scorer,
          title: EXTRA_TEXT.scorerTitle(game.title) }, EXTRA_TEXT.scorer) : null),
      printLinks(game)));
}

// Each deck the game is played with, as a PDF to print on either paper.
function printLinks(game) {
  if (!game.print || !game.print.length) return null;
  return h("p", { class: "game-print" }, EXTRA_TEXT.print, game.print.map((deck) =>
    h("span", { class: "print-deck", dataset: { deck: deck.deck } }, ` ${deck.title} `,
      Object.entries(EXTRA_TEXT.papers).flatMap(([paper, label], i) => [i ? " \u00b7 " : "",
        h("a", { href: deck[paper], target: "_blank", rel: "noopener", dataset: { paper },
          title: EXTRA_TEXT.printTitle(deck.title, label) }, label)]))));
}

// The new-table form ---------------------------------------------------------------------------
function optionControl(option) {
  const id = `opt-${option.name}`;
  let control;
  if (option.choices) {
    control = h("select", { id, name: option.name });
    option.choices.forEach((choice, i) => {
      const label = option.choice_labels ? option.choice_labels[i] : showValue(choice);
      const opt = h("option", { value: JSON.stringify(choice) }, label);
      if (JSON.stringify(choice) === JSON.stringify(option.default)) opt.selected = true;
      control.append(opt);
    });
  } else if (option.kind === "bool") {
    control = h("input", { id, name: option.name, type: "checkbox" });
    control.checked = !!option.default;
  } else if (option.kind === "float") {
    control = h("input", { id, name: option.name, type: "number", step: "any",
      min: option.minimum ?? null, max: option.maximum ?? null, placeholder: option.allow_none ? t("off") : "" });
    if (option.default !== null && option.default !== undefined) control.value = String(option.default);
  } else if (option.kind === "int") {
    control = h("input", { id, name: option.name, type: "number", step: "1",
      min: option.minimum ?? null, max: option.maximum ?? null,
      placeholder: option.allow_none ? t("off") : "", inputmode: "numeric" });
    if (option.default !== null && option.default !== undefined) control.value = String(option.default);
  } else {
    control = h("input", { id, name: option.name, type: "text" });
    if (option.default !== null && option.default !== undefined) control.value = String(option.default);
  }
  control.dataset.kind = option.choices ? "choice" : option.kind;
  if (option.allow_none) control.dataset.none = "1";
  const isCheck = option.kind === "bool" && !option.choices;
  const name = option.label || humanize(option.name);
  return h("div", { class: "option" + (isCheck ? " check" : ""), dataset: { field: option.name } },
    isCheck ? h("label", { for: id }, control, h("span", { class: "opt-name" }, name))
      : h("label", { for: id }, h("span", { class: "opt-name" }, name), control),
    h("p", { class: "doc" }, option.doc, option.allow_none && !option.choices ? ` ${t("(leave empty for none)")}` : ""),
    h("p", { class: "field-error", role: "alert" }));
}

function readOption(control) {
  const kind = control.dataset.kind;
  if (kind === "choice") return JSON.parse(control.value);
  if (kind === "bool") return control.checked;
  const text = control.value.trim();
  if (text === "" && control.dataset.none) return null;
  if (kind === "int") return /^-?\d+$/.test(text) ? Number(text) : text;
  if (kind === "float") return text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
  return text;
}

function seatChoices(game) {
  const choices = [["me", t("You")], ["invite", t("A friend (invite link)")], ["open", t("Open seat (anyone)")]];
  for (const agent of game.agents) choices.push([`computer:${agent}`, t("Computer \u00b7 {level}", { level: agentLabel(agent) })]);
  return choices;
}

function defaultComputer(game) {
  for (const level of ["medium", "heuristic", "easy", "random"]) {
    if (game.agents.includes(level)) return `computer:${level}`;
  }
  return `computer:${game.agents[0] || "random"}`;
}

function seatRows(game, count, box) {
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < count; i++) {
    const select = h("select", { name: `seat${i}`, "aria-label": t("seat {n}", { n: i }) });
    for (const [value, label] of seatChoices(game)) select.append(h("option", { value }, label));
    select.value = old[i] || (i === 0 ? "me" : defaultComputer(game));
    box.append(h("div", { class: "seat-row", dataset: { field: `seat${i}` } },
      h("span", { class: `seatchip seat-c${i % 8}` }, t("Seat {n}", { n: i })), select,
      h("p", { class: "field-error", role: "alert" })));
  }
  // Only one "You".
  box.addEventListener("change", (event) => {
    if (event.target.value !== "me") return;
    for (const other of box.querySelectorAll("select")) {
      if (other !== event.target && other.value === "me") other.value = "invite";
    }
  });
}

function openForm(gameId) {
  const game = games.find((g) => g.id === gameId);
  const panel = $("new-table");
  const players = h("select", { id: "players", name: "players" });
  for (let n = game.min_players; n <= game.max_players; n++) {
    const opt = h("option", { value: String(n) }, t("{n} players", { n }));
    if (n === game.default_players) opt.selected = true;
    players.append(opt);
  }
  const seats = h("div", { class: "seat-rows" });
  seatRows(game, game.default_players, seats);
  players.addEventListener("change", () => seatRows(game, +players.value, seats));
  // The turn clock: by default on for tables anyone may join, off for friends.
  const clock = h("select", { id: "clock", name: "clock" },
    h("option", { value: "" }, t("Automatic")), h("option", { value: "0" }, t("None")),
    [30, 60, 120, 300].map((seconds) => h("option", { value: String(seconds) }, duration(seconds))));
  const form = h("form", { class: "table-form", dataset: { game: game.id } },
    h("div", { class: "form-head" }, h("h2", {}, t("New table: {title}", { title: game.title })),
      h("button", { type: "button", class: "btn ghost close-form", onclick: () => { panel.hidden = true; } }, t("Close"))),
    h("p", { class: "form-error", role: "alert" }),
    h("div", { class: "form-grid" },
      h("fieldset", { class: "seats-set" }, h("legend", {}, t("Players")),
        h("div", { class: "option", dataset: { field: "players" } }, players, h("p", { class: "field-error", role: "alert" })),
        seats,
        h("div", { class: "option", dataset: { field: "clock" } },
          h("label", {}, t("Turn clock"), " ", clock),
          h("p", { class: "doc" }, t("Automatic: {time} a move at a table with a seat open to anyone, none among friends. When a player's time runs out, the computer plays for them until they come back.", { time: duration(clockDefault) })),
          h("p", { class: "field-error", role: "alert" }))),
      game.options.length ? h("fieldset", { class: "options-set" }, h("legend", {}, t("Options")),
        game.options.map(optionControl)) : null),
    h("div", { class: "form-foot" },
      h("button", { type: "submit", class: "btn primary big", id: "start" }, t("Start the table")),
      h("a", { href: game.rules, target: "_blank", rel: "noopener" }, t("Read the rules"))));
  form.addEventListener("submit", (event) => { event.preventDefault(); create(game, form); });
  panel.replaceChildren(form);
  panel.hidden = false;
  panel.scrollIntoView({ behavior: "smooth", block: "start" });
}

async function create(game, form) {
  for (const el of form.querySelectorAll(".field-error, .form-error")) el.textContent = "";
  for (const el of form.querySelectorAll(".invalid")) el.classList.remove("invalid");
  const options = {};
  for (const control of form.querySelectorAll(".options-set [name]")) options[control.name] = readOption(control);
  const seats = [...form.querySelectorAll(".seat-rows select")].map((select) => {
    const [kind, agent] = select.value.split(":");
    const seat = kind === "computer" ? { kind, agent } : { kind };
    if (kind === "me" && playerName()) seat.name = playerName();
    return seat;
  });
  const body = { game: game.id, players: +form.querySelector("#players").value, options, seats };
  const clock = form.querySelector("#clock").value;
  if (clock !== "") body.clock = +clock;
  const button = form.querySelector("#start");
  button.disabled = true;
  try {
    const answer = await api("/api/tables", body);
    const tokens = {};
    for (const seat of answer.seats) if (seat.token) tokens[seat.seat] = seat.token;
    keepHost(answer.table, { host: answer.host, tokens });
    if (answer.you !== null && answer.you !== undefined) keepSeat(answer.table, answer.you, tokens[answer.you]);
    const invites = answer.seats.filter((s) => s.token && s.seat !== answer.you);
    if (invites.length) showInvites(answer, invites);
    else location.href = `/t/${answer.table}`;
  } catch (error) {
    const target = error.field && form.querySelector(`[data-field="${CSS.escape(error.field)}"]`);
    if (target) {
      target.classList.add("invalid");
      target.querySelector(".field-error").textContent = error.message;
      target.scrollIntoView({ behavior: "smooth", block: "center" });
    } else {
      form.querySelector(".form-error").textContent = error.message;
    }
  } finally {
    button.disabled = false;
  }
}

function showInvites(answer, invites) {
  const panel = $("new-table");
  panel.replaceChildren(h("div", { class: "invite-panel" },
    h("h2", {}, t("Your table is ready")),
    h("p", {}, t("Send each friend the link of their seat. Anyone with a link plays that seat, so send it only to them.")),
    h("ul", { class: "invite-list" }, invites.map((seat) => {
      const link = inviteLink(answer.table, seat.seat, seat.token);
      return h("li", {}, h("span", { class: `seatchip seat-c${seat.seat % 8}` }, t("Seat {n}", { n: seat.seat })),
        h("input", { type: "text", readonly: true, value: link, dir: "ltr", "aria-label": t("invite link for seat {n}", { n: seat.seat }), onfocus: (e) => e.target.select() }),
        h("button", { class: "btn small", onclick: (e) => copyText(link, e.target) }, t("Copy")));
    })),
    h("a", { class: "btn primary big", id: "go-table", href: `/t/${answer.table}` }, t("Go to the table"))));
}

// The tables ---------------------------------------------------------------------------------
function seatsLine(seats) {
  return h("span", { class: "who" }, seats.map((s) => h("span", {
    class: `who-seat ${s.kind}${s.kind === "person" && !s.claimed ? " empty" : ""}`,
    title: s.kind === "computer" ? t("computer ({level})", { level: agentLabel(s.agent) }) : s.claimed ? defaultName(s.name) : t("empty seat"),
  }, s.kind === "computer" ? "\u2699" : s.claimed ? defaultName(s.name) : "\u2014")));
}

function tableRow(row, kind) {
  const mine = seatOf(row.id);
  const buttons = [];
  if (kind === "finished") {
    buttons.push(h("a", { class: "btn small", href: `/replay/${row.id}` }, t("Replay")));
    buttons.push(h("a", { class: "btn small ghost", href: `/api/tables/${row.id}/record`, download: "" }, t("Record")));
  } else {
    if (mine) buttons.push(h("a", { class: "btn small primary", href: `/t/${row.id}` }, t("Resume")));
    else if (row.open_seats && row.open_seats.length) buttons.push(h("button", { class: "btn small primary", onclick: () => joinOpen(row.id) }, t("Join")));
    buttons.push(h("a", { class: "btn small ghost", href: `/t/${row.id}` }, t("Watch")));
  }
  const detail = `${t("{n} moves", { n: row.moves })} \u00b7 ${timeAgo(row.updated)}`;
  let result = null;
  if (kind === "finished" && Array.isArray(row.result) && row.result.length) {
    const best = Math.max(...row.result);
    const winners = row.seats.filter((s) => row.result[s.seat] === best).map((s) => defaultName(s.name));
    result = h("div", { class: "row-result" }, h("span", { class: "crown" }, "\u265b"), winners.join(t(", ")),
      h("span", { class: "muted" }, `(${row.result.map((r) => +r.toFixed(2)).join(" \u00b7 ")})`));
  }
  return h("li", { class: "table-row", dataset: { table: row.id } },
    h("div", { class: "row-main" }, h("b", {}, row.title), kind === "finished" ? null : seatsLine(row.seats)),
    result,
    h("div", { class: "row-sub muted" }, detail),
    h("div", { class: "row-actions" }, buttons));
}

async function joinOpen(tableId) {
  try {
    const answer = await api(`/api/tables/${tableId}/join`, { name: playerName() || undefined });
    keepSeat(tableId, answer.seat, answer.token);
    location.href = `/t/${tableId}`;
  } catch (error) {
    alert(error.message);
    refresh();
  }
}

function fill(id, rows, kind, empty) {
  $(id).replaceChildren(...(rows.length ? rows.map((t) => tableRow(t, kind)) : [h("li", { class: "empty" }, empty)]));
}

async function refresh() {
  try {
    const data = await api("/api/tables");
    fill("open", data.open, "open", t("No table is waiting for players."));
    fill("playing", data.playing, "playing", t("Nothing in progress."));
    fill("finished", data.finished, "finished", t("No finished games yet."));
    $("count-open").textContent = data.counts.open ? String(data.counts.open) : "";
    $("count-playing").textContent = data.counts.playing ? String(data.counts.playing) : "";
  } catch (error) {
    /* the next refresh tries again */
  }
}

loadGames().catch((error) => { $("games").textContent = error.message; });
refresh();
setInterval(() => { if (!document.hidden) refresh(); }, 4000);
