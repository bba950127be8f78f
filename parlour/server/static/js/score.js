// The scorer page: for people playing with real cards. Pick the cards of a hand and what else is
// in play by clicking their faces; the best arrangement and its score come from POST /api/score,
// the very call `parlour score` makes. The games offering a scorer come from GET /api/scorers
// (a game declares one as Game.scorer); nothing here names a game.

import { cardElement, cardKind, cardTitle, godTitle } from "./cards.js";
import { api, h, humanize, showValue } from "./common.js";
import { t } from "./i18n.js";

// The notes name gods by their card names ("DarkLord in a run: ..."): said as their titles, in
// the page's language.
function say(note) {
  return note.split(/(\s+)/).map((part) => {
    const m = part.match(/^(.*?)([.,;:!?\u060c\u061b)]*)$/);
    return cardKind(m[1]) === "god" ? godTitle(m[1]) + m[2] : part;
  }).join("");
}

// Every word of this page, in the page's language.
const TEXT = {
  title: t("Scorer"),
  intro: t("Playing with real cards? Pick the cards of a hand and what else is in play: the best arrangement and its score appear at once, the same as parlour score gives."),
  rules: t("Rules"),
  lobby: t("Lobby"),
  hand: t("The hand"),
  handCount: (n, max) => t("{n} of at most {max} cards", { n, max }),
  clear: t("Clear"),
  deck: t("Click the cards of the hand"),
  copies: (n) => t("up to {n} of each card", { n }),
  toggleHelp: t("Click a card to put it in play or take it out again."),
  kindHelp: t("Click a card to add it, then pick the kind of meld it lies in."),
  options: t("Options"),
  result: t("Best arrangement"),
  empty: t("Pick the cards of the hand to see its score."),
  scoring: t("Scoring\u2026"),
  total: t("Score"),
  kinds: { run: t("Run"), set: t("Set"), color: t("Color"), "color+run": t("Color holding a run") },
  holdingRun: t("holding a run"),
  sixColors: t("of six colors"),
  loose: t("Uncombined"),
  as: (card) => t("as {card}", { card }),
  remove: t("Remove"),
  noScorer: t("No game here offers a scorer."),
};

const $ = (id) => document.getElementById(id);
let scorers = [];
let scorer = null;
const state = { hand: [], table: [], options: {} }; // table: [{card, kind}]

function count(list, card) {
  return list.filter((c) => c === card).length;
}

function named(card) {
  return count(state.hand, card) + state.table.filter((t) => t.card === card).length;
}

// Rows of the deck: a suit, an animal or a kind of card each.
function group(name) {
  const kind = cardKind(name);
  if (kind === "viashi" || kind === "french") return name.slice(-1);
  if (kind === "xuni") return name.replace(/^\d+/, "");
  if (kind === "chip") return /^[A-Z]/.test(name) ? name[0] : name;
  return kind;
}

// Drawing ------------------------------------------------------------------------------------------
function showStatic() {
  document.title = `${TEXT.title} \u00b7 ${t("Parlour")}`;
  $("intro").textContent = TEXT.intro;
  $("lobby-link").textContent = TEXT.lobby;
  $("rules-link").textContent = TEXT.rules;
  $("hand-title").textContent = TEXT.hand;
  $("clear").textContent = TEXT.clear;
  $("deck-title").textContent = TEXT.deck;
  $("options-title").textContent = TEXT.options;
  $("result-title").textContent = TEXT.result;
  $("clear").addEventListener("click", () => { state.hand = []; changed(); });
}

function showGames() {
  $("games").replaceChildren(...scorers.map((s) => h("button", {
    type: "button", class: "btn" + (s === scorer ? " primary" : " ghost"), dataset: { game: s.game },
    "aria-pressed": s === scorer ? "true" : "false", onclick: () => choose(s.game),
  }, s.title)));
}

function drawPicks() {
  $("page-title").textContent = `${TEXT.title}: ${scorer.title}`;
  $("rules-link").href = scorer.rules;
  $("hand-count").textContent = TEXT.handCount(state.hand.length, scorer.max_cards);
  $("hand").replaceChildren(...state.hand.map((card, i) => {
    const el = cardElement(card, "pickable");
    el.title = `${TEXT.remove}: ${cardTitle(card)}`;
    el.addEventListener("click", () => { state.hand.splice(i, 1); changed(); });
    return el;
  }));

  const rows = new Map();
  for (const card of scorer.cards) {
    if (!rows.has(group(card))) rows.set(group(card), []);
    rows.get(group(card)).push(card);
  }
  $("deck").replaceChildren(...[...rows.values()].map((cards) => h("div", { class: "score-row" },
    cards.map((card) => {
      const el = cardElement(card, "pickable");
      const taken = count(state.hand, card);
      if (taken) el.append(h("span", { class: "taken" }, scorer.copies > 1 ? `\u00d7${taken}` : "\u2713"));
      if (named(card) >= scorer.copies || state.hand.length >= scorer.max_cards) el.classList.add("used");
      el.addEventListener("click", () => pick(card));
      return el;
    }))));
  $("deck-title").textContent = scorer.copies > 1 ? `${TEXT.deck} \u00b7 ${TEXT.copies(scorer.copies)}` : TEXT.deck;

  $("table-title").textContent = scorer.table_label;
  $("table-help").textContent = scorer.table_kinds.length ? TEXT.kindHelp : TEXT.toggleHelp;
  $("table-cards").replaceChildren(...scorer.table_cards.map((card) => {
    const el = cardElement(card, "pickable");
    const inPlay = state.table.some((t) => t.card === card);
    if (inPlay) el.classList.add("in-play");
    if (!inPlay && named(card) >= scorer.copies) el.classList.add("used");
    // A card put in play or taken out: a button (named by its card), pressed while in play.
    const toggle = h("button", { type: "button", class: "card-toggle",
      "aria-pressed": scorer.table_kinds.length ? null : String(inPlay) }, el);
    toggle.addEventListener("click", () => tablePick(card));
    return toggle;
  }));
  $("table").replaceChildren(...(scorer.table_kinds.length ? state.table.map((entry, i) => {
    const select = h("select", { "aria-label": `${entry.card}`, dataset: { card: entry.card } },
      scorer.table_kinds.map((kind) => h("option", { value: kind, selected: kind === entry.kind },
        TEXT.kinds[kind] || kind)));
    select.addEventListener("change", () => { entry.kind = select.value; changed(); });
    return h("li", { dataset: { card: entry.card } }, cardElement(entry.card), select,
      h("button", { type: "button", class: "btn small ghost", onclick: () => { state.table.splice(i, 1); changed(); } }, TEXT.remove));
  }) : []));

  $("options-box").hidden = !scorer.options.length;
  $("options").replaceChildren(...scorer.options.map(optionControl));
}

function optionControl(option) {
  const id = `opt-${option.name}`;
  const value = state.options[option.name] ?? option.default;
  let control;
  if (option.choices) {
    control = h("select", { id }, option.choices.map((choice, i) => h("option", {
      value: JSON.stringify(choice), selected: JSON.stringify(choice) === JSON.stringify(value) },
    option.choice_labels ? option.choice_labels[i] : showValue(choice))));
    control.addEventListener("change", () => { state.options[option.name] = JSON.parse(control.value); changed(); });
  } else if (option.kind === "bool") {
    control = h("input", { id, type: "checkbox" });
    control.checked = !!value;
    control.addEventListener("change", () => { state.options[option.name] = control.checked; changed(); });
  } else {
    control = h("input", { id, type: "text", value: value ?? "" });
    control.addEventListener("change", () => { state.options[option.name] = control.value; changed(); });
  }
  return h("div", { class: "option" + (option.kind === "bool" ? " check" : "") },
    h("label", { for: id }, h("span", { class: "opt-name" }, option.label || humanize(option.name)), control),
    h("p", { class: "doc" }, option.doc));
}

function drawResult(result) {
  const melds = result.melds.map((meld) => {
    let kind = TEXT.kinds[meld.kind] || meld.kind;
    if (meld.runs.length) kind += ` ${TEXT.holdingRun}`;
    if (meld.bonus) kind += ` ${TEXT.sixColors}`;
    return row(kind, meld.cards, meld.as, meld.points, meld.kind);
  });
  const loose = result.loose.map((l) => row(TEXT.loose, [l.card], [l.card], l.points, "loose"));
  $("result").replaceChildren(
    h("p", { class: "score-total", dataset: { score: String(result.score) } },
      h("span", { class: "label" }, TEXT.total), h("b", { id: "total" }, signed(result.score))),
    h("table", { class: "score-melds" }, h("tbody", {}, melds, loose)),
    h("ul", { class: "score-notes" }, result.notes.map((note) => h("li", {}, say(note)))));
}

function row(label, cards, idents, points, kind) {
  return h("tr", { class: `meld-${kind}` },
    h("th", { scope: "row" }, label),
    h("td", {}, h("div", { class: "cards small" }, cards.map((card, i) => h("figure", {},
      cardElement(card), card !== idents[i] ? h("figcaption", {}, TEXT.as(idents[i])) : null)))),
    h("td", { class: "points" }, signed(points)));
}

function signed(n) {
  return (n > 0 ? "+" : n < 0 ? "\u2212" : "") + String(Math.abs(n));
}

// Picking --------------------------------------------------------------------------------------
function pick(card) {
  if (named(card) >= scorer.copies || state.hand.length >= scorer.max_cards) return;
  state.hand.push(card);
  state.hand.sort((a, b) => scorer.cards.indexOf(a) - scorer.cards.indexOf(b));
  changed();
}

function tablePick(card) {
  if (!scorer.table_kinds.length) {
    const at = state.table.findIndex((t) => t.card === card);
    if (at >= 0) state.table.splice(at, 1);
    else if (named(card) < scorer.copies) state.table.push({ card, kind: null });
    else return;
  } else {
    if (named(card) >= scorer.copies) return;
    state.table.push({ card, kind: scorer.table_kinds[0] });
  }
  changed();
}

function words() {
  return state.table.map((t) => (t.kind ? `${t.card}:${t.kind}` : t.card));
}

let timer = null;
function changed() {
  drawPicks();
  keepInAddress();
  clearTimeout(timer);
  timer = setTimeout(score, 120);
}

// One hand is asked at a time: the room scores an address's hands in turn and turns away a third,
// and only the newest picks matter, so picks made while a hand is scored wait for its answer.
let scoring = false;
let again = false;
async function score() {
  if (scoring) {
    again = true;
    return;
  }
  $("error").textContent = "";
  if (!state.hand.length) {
    $("result").replaceChildren(h("p", { class: "muted" }, TEXT.empty));
    return;
  }
  scoring = true;
  again = false;
  $("result").classList.add("busy");
  try {
    const result = await api("/api/score", { game: scorer.game, hand: state.hand, table: words(),
      options: state.options });
    if (!again) drawResult(result);
  } catch (error) {
    if (!again) {
      $("error").textContent = error.message;
      $("result").replaceChildren();
    }
  } finally {
    scoring = false;
    if (again) score();
    else $("result").classList.remove("busy");
  }
}

// The address keeps the picks, so a hand can be sent to the other players or reloaded.
function keepInAddress() {
  const query = new URLSearchParams({ game: scorer.game });
  if (state.hand.length) query.set("hand", state.hand.join(","));
  if (state.table.length) query.set("table", words().join(","));
  for (const [name, value] of Object.entries(state.options)) query.set(`o.${name}`, JSON.stringify(value));
  history.replaceState(null, "", `/score?${query}`);
}

function readAddress() {
  const query = new URLSearchParams(location.search);
  const list = (key) => (query.get(key) || "").split(",").filter(Boolean);
  state.hand = list("hand").filter((c) => scorer.cards.includes(c)).slice(0, scorer.max_cards);
  state.table = list("table").map((word) => {
    const [card, kind] = word.split(":");
    return { card, kind: kind || null };
  }).filter((t) => scorer.table_cards.includes(t.card));
  for (const [key, value] of query) {
    if (!key.startsWith("o.")) continue;
    try { state.options[key.slice(2)] = JSON.parse(value); } catch (e) { /* ignored */ }
  }
}

function choose(gameId) {
  const next = scorers.find((s) => s.game === gameId) || scorers[0];
  if (next === scorer) return;
  const keep = scorer && scorer.deck === next.deck;
  scorer = next;
  const hand = keep ? state.hand : [];
  state.hand = [];
  for (const card of hand) if (count(state.hand, card) < scorer.copies && state.hand.length < scorer.max_cards) state.hand.push(card);
  state.table = [];
  state.options = {};
  showGames();
  changed();
}

async function start() {
  showStatic();
  scorers = (await api("/api/scorers")).scorers;
  if (!scorers.length) {
    $("error").textContent = TEXT.noScorer;
    return;
  }
  const wanted = new URLSearchParams(location.search).get("game");
  scorer = scorers.find((s) => s.game === wanted) || scorers[0];
  readAddress();
  showGames();
  changed();
  window.parlour = { scorer: () => scorer, state };
}

start().catch((error) => { $("error").textContent = error.message; });
