// The page's language. The server picks it (?lang=, the remembered choice, the browser's
// Accept-Language), writes it into <html lang dir> and embeds the room's messages in #i18n;
// t() looks a message up in them (English: the message itself), {placeholders} filled.
// The language switch sets the cookie the server reads, so every page and the table's
// websocket follow it.

const data = (() => {
  try { return JSON.parse(document.getElementById("i18n").textContent); } catch (e) { return {}; }
})();

export const lang = document.documentElement.lang || "en";
export const rtl = document.documentElement.dir === "rtl";
const messages = data.messages || {};
const languages = data.languages || { en: "English" };

export function t(msgid, params) {
  return fill(Object.prototype.hasOwnProperty.call(messages, msgid) ? messages[msgid] : msgid, params);
}

// A message in a context (gettext's msgctxt), where one English word says two things: a
// French card's "Queen" and the Viashi Queen.
export function tc(context, msgid, params) {
  const key = `${context}\u0004${msgid}`;
  return fill(Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : msgid, params);
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{([a-z_]+\d*)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function setLanguage(code) {
  document.cookie = `parlour_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`;
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.replace(url.toString());
}

// A select of the offered languages, each in its own name (marked with its own lang).
export function languageSwitch() {
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.id = "lang-switch";
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(languages)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    if (code === lang) option.selected = true;
    select.append(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  return select;
}

// Every page has a top bar: the switch goes first in its nav.
const nav = document.querySelector(".topbar nav");
if (nav && Object.keys(languages).length > 1 && !document.getElementById("lang-switch")) {
  nav.prepend(languageSwitch());
}
