// @ts-check
/** Small DOM helpers shared by the pages: elements, names from a game's data, storage. */

/**
 * An element with attributes (`class`, `data-*`, `on*` handlers as functions) and children.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node|string|number|null|undefined|false)} children
 * @returns {HTMLElement}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "text") node.textContent = String(v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

/**
 * Every `id` -> `name` (or `display`) pair in a game's static data: the words of its ids.
 * @param {any} data
 * @returns {Map<string, string>}
 */
export function namesOf(data) {
  /** @type {Map<string, string>} */
  const out = new Map();
  /** @param {any} v */
  const walk = (v) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const name = v.display ?? v.name;
      if (typeof v.id === "string" && typeof name === "string" && !out.has(v.id)) {
        out.set(v.id, name);
      }
      Object.values(v).forEach(walk);
    }
  };
  walk(data);
  return out;
}

/**
 * A move's text form with each word-like id (lower case: `res4`, `wheat_field`) that has a
 * short name in the game's data said by name (`build wheat_field` -> `build Wheat Field`);
 * a board's coordinates (`A1`) stay as they are, and the text form itself stays the move.
 * @param {string} text
 * @param {Map<string, string>} names
 * @returns {string}
 */
export function label(text, names) {
  return text
    .split(" ")
    .map((w) => {
      const n = /^[a-z][a-z0-9_]*$/.test(w) ? names.get(w) : undefined;
      return n && n.length <= 30 ? n : w.replaceAll("_", " ");
    })
    .join(" ");
}

/**
 * A whole number with thousands separators (money, coins).
 * @param {number} n
 * @returns {string}
 */
export function num(n) {
  return Number(n).toLocaleString("en-US");
}

const TOKENS = "metro.tokens";
const LINKS = "metro.links";

/**
 * @typedef {object} Kept a seat this browser plays (or watches)
 * @property {string} token
 * @property {string} id
 * @property {string} game
 * @property {number|null} seat
 * @property {number} at when it was kept (ms)
 */

/** @returns {Kept[]} */
export function keptTokens() {
  try {
    const v = JSON.parse(localStorage.getItem(TOKENS) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** @param {Kept} kept */
export function keepToken(kept) {
  const all = keptTokens().filter((k) => k.token !== kept.token);
  all.unshift(kept);
  localStorage.setItem(TOKENS, JSON.stringify(all.slice(0, 100)));
}

/** @param {string} token */
export function forgetToken(token) {
  localStorage.setItem(TOKENS, JSON.stringify(keptTokens().filter((k) => k.token !== token)));
}

/**
 * The links of a game this browser made (to send again).
 * @returns {Record<string, {seats: Array<{seat: number, token: string, kind: string}>, spectator: string}>}
 */
export function keptLinks() {
  try {
    return JSON.parse(localStorage.getItem(LINKS) || "{}") || {};
  } catch {
    return {};
  }
}

/**
 * @param {string} id
 * @param {{seats: Array<{seat: number, token: string, kind: string}>, spectator: string}} links
 */
export function keepLinks(id, links) {
  const all = keptLinks();
  all[id] = links;
  const ids = Object.keys(all);
  for (const old of ids.slice(0, Math.max(0, ids.length - 50))) delete all[old];
  localStorage.setItem(LINKS, JSON.stringify(all));
}

/**
 * The address of the game page for a token (kept in the #fragment: never sent to the host).
 * @param {string} token
 * @returns {string}
 */
export function gameLink(token) {
  return new URL(`game.html#t=${encodeURIComponent(token)}`, location.href).href;
}

/**
 * A query parameter of this page's address as a number (e.g. ?pace=0), or the default.
 * @param {string} name
 * @param {number} fallback
 * @returns {number}
 */
export function param(name, fallback) {
  const v = new URLSearchParams(location.search).get(name);
  return v === null || v === "" || Number.isNaN(Number(v)) ? fallback : Number(v);
}
