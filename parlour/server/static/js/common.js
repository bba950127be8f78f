// Small helpers shared by the pages: DOM building, the API, seat tokens kept in this browser.

import { t } from "./i18n.js";

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") el.className = value;
      else if (key === "text") el.textContent = value;
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(el.dataset, value);
      else if (key === "style" && typeof value === "object") {
        // Custom properties ("--ink") are set one by one: Object.assign skips them.
        for (const [name, v] of Object.entries(value)) {
          if (name.startsWith("--")) el.style.setProperty(name, v); else el.style[name] = v;
        }
      }
      else el.setAttribute(key, value === true ? "" : value);
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || t("the server answered {status}", { status: response.status }));
    error.field = data && data.field;
    error.status = response.status;
    throw error;
  }
  return data;
}

export function humanize(key) {
  const text = String(key).replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The computer players' levels (make_agent specs), in the page's language.
const LEVELS = { random: t("random"), heuristic: t("heuristic"), easy: t("easy"), medium: t("medium"),
  hard: t("hard") };
export function agentLabel(spec) {
  return LEVELS[spec] || spec;
}

export function showValue(value) {
  if (value === null || value === undefined) return t("none");
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return String(value).replace(/_/g, " "); // an identifier ("per_round") reads as words
}

// Seat tokens and host keys live in localStorage, per table: a reload or a lost connection
// finds its seat again without the invite link.
const KEY = "parlour.v1.";

export function store(name, value) {
  try {
    if (value === undefined) localStorage.removeItem(KEY + name);
    else localStorage.setItem(KEY + name, JSON.stringify(value));
  } catch (e) { /* private mode: the invite link still works */ }
}

export function recall(name, fallback = null) {
  try {
    const text = localStorage.getItem(KEY + name);
    return text === null ? fallback : JSON.parse(text);
  } catch (e) {
    return fallback;
  }
}

export function seatOf(table) { return recall("seat." + table); }
export function keepSeat(table, seat, token) { store("seat." + table, { seat, token }); }
export function dropSeat(table) { store("seat." + table, undefined); }
export function hostOf(table) { return recall("host." + table); }
export function keepHost(table, host) { store("host." + table, host); }

export function playerName() { return recall("name", ""); }
export function setPlayerName(name) { store("name", name); }

export function inviteLink(table, seat, token) {
  return `${location.origin}/t/${table}#seat=${seat}&token=${encodeURIComponent(token)}`;
}

export function timeAgo(seconds) {
  const delta = Math.max(0, Date.now() / 1000 - seconds);
  if (delta < 60) return t("just now");
  if (delta < 3600) return t("{n} min ago", { n: Math.round(delta / 60) });
  if (delta < 86400) return t("{n} h ago", { n: Math.round(delta / 3600) });
  return t("{n} d ago", { n: Math.round(delta / 86400) });
}

export async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (e) {
    const area = h("textarea", { style: { position: "fixed", opacity: "0" } });
    area.value = text;
    document.body.append(area);
    area.select();
    try { document.execCommand("copy"); } catch (e2) { /* shown anyway */ }
    area.remove();
  }
  if (button) {
    const old = button.textContent;
    button.textContent = t("Copied");
    setTimeout(() => { button.textContent = old; }, 1400);
  }
}
