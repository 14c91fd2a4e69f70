// @ts-check
/**
 * The board: the host's SVG, as the seat sees it, put in the page and made clickable.
 *
 * A clickable place of a game's SVG is an element with `data-key="kind:value"` (and a
 * `<title>`): `block:A1`, `lot:21`, `area:12`, `card:bakery`. A key names the legal moves
 * that mention it. The host says which places each move names (`legal.keys`, the game's
 * `action_keys`); for a game that does not, the page reads them off the move:
 *
 * - a move whose JSON form has a field named `kind` (or `kind` + "s") holding `value` (or a
 *   list holding it): `area:12` names `{"type": "Build", "area": 12}`, `lot:21` names
 *   `{"type": "Build", "model": "shop", "lots": [21, 22]}`;
 * - for a value that is not a number, a move whose text form has it as a word (split at
 *   spaces and commas): `street:st1` names `swap st1 st2`.
 *
 * - for a number, also a move with a list holding it, whatever the list's name (the lots of
 *   a proposal: `lot:21` names `{"type": "Propose", "partner": 1, "give": [21], "take": [56]}`).
 *
 * A number names no move through its text, nor through a single number of another name: an
 * area 12 and a space 12 are not the same place. Places clicked one after the other narrow the
 * moves down (a tile, then a block).
 */

/**
 * @typedef {{json: Record<string, any>, text: string, keys?: string[]}} Move a legal move in
 *   both forms, and the places of the board it names when the host says so
 */

/**
 * @param {string} key
 * @returns {[string, string]}
 */
export function splitKey(key) {
  const i = key.indexOf(":");
  return i < 0 ? ["", key] : [key.slice(0, i), key.slice(i + 1)];
}

/**
 * True if the place `key` is mentioned by the move.
 * @param {string} key
 * @param {Move} move
 * @returns {boolean}
 */
export function mentions(key, move) {
  if (move.keys) return move.keys.includes(key);
  const [kind, value] = splitKey(key);
  const numeric = /^-?\d+$/.test(value);
  for (const [field, v] of Object.entries(move.json)) {
    if (field === "type") continue;
    const named = field === kind || field === `${kind}s`;
    if (Array.isArray(v)) {
      if ((named || numeric) && v.some((x) => String(x) === value)) return true;
    } else if (named && String(v) === value) {
      return true;
    }
  }
  return !numeric && move.text.split(/[\s,]+/).includes(value);
}

/**
 * The legal moves that mention every one of `keys`.
 * @param {string[]} keys
 * @param {Move[]} moves
 * @returns {Move[]}
 */
export function movesFor(keys, moves) {
  return moves.filter((m) => keys.every((k) => mentions(k, m)));
}

/**
 * Put the host's SVG in `holder`, scaled to its width (a viewBox is made if the SVG has
 * none); scripts, event attributes and links out of the picture are dropped.
 * @param {HTMLElement} holder
 * @param {string} text
 * @returns {SVGSVGElement|null}
 */
export function showBoard(holder, text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") return null;
  for (const s of svg.querySelectorAll("script, foreignObject")) s.remove();
  for (const node of [svg, ...svg.querySelectorAll("*")]) {
    for (const a of [...node.attributes]) {
      const link = a.localName === "href" && !a.value.startsWith("#");
      if (a.name.startsWith("on") || link) node.removeAttribute(a.name); // no code, no way out
    }
  }
  const w = svg.getAttribute("width");
  const h = svg.getAttribute("height");
  if (!svg.getAttribute("viewBox") && w && h) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("role", "img");
  const shown = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.importNode(svg, true)));
  holder.replaceChildren(shown);
  fitBoard(holder);
  return shown;
}

// a window made narrower or shorter may need the zoom, a wider one not
if (typeof window !== "undefined") {
  window.addEventListener("resize", () => {
    for (const holder of document.querySelectorAll("[data-board]")) fitBoard(/** @type {HTMLElement} */ (holder));
  });
}

/** the smallest text a person reads on the board without effort, in CSS pixels */
export const LEAST_PX = 9;

/**
 * The smallest font size of the board's texts, in its viewBox's units (a text's own
 * `font-size` or its nearest ancestor's, as the games write them).
 * @param {SVGSVGElement} svg
 * @returns {number}
 */
export function leastFontSize(svg) {
  let least = Infinity;
  for (const t of svg.querySelectorAll("text")) {
    if (!t.textContent?.trim()) continue;
    const size = parseFloat(t.closest("[font-size]")?.getAttribute("font-size") ?? "16");
    if (size < least) least = size;
  }
  return least;
}

/**
 * Zoom the board by default where fitting it into its place would draw text under
 * `LEAST_PX`: it is then as wide as its place (or as wide as its smallest text needs, on a
 * narrow screen), and its place scrolls (class `zoomed`). The full-size switch still shows
 * it all at the column's width.
 * @param {HTMLElement} holder
 */
export function fitBoard(holder) {
  const svg = holder.querySelector("svg");
  const box = svg?.viewBox.baseVal;
  if (!svg || !box || !box.width) return;
  const least = leastFontSize(svg);
  const room = holder.clientWidth - 8;
  const tall = Math.max(200, window.innerHeight - 104); // style.css: calc(100vh - 6.5rem)
  const fitted = Math.min(room / box.width, tall / box.height);
  const zoomed = least * fitted < LEAST_PX;
  holder.classList.toggle("zoomed", zoomed);
  svg.style.minWidth = zoomed ? `${Math.ceil((box.width * LEAST_PX) / least)}px` : "";
}

/**
 * Mark the places of the board that name a legal move (`mk-live`, focusable with the
 * keyboard), given the places already chosen (`mk-chosen`); returns the live keys.
 * @param {Element} holder
 * @param {Move[]} moves
 * @param {string[]} chosen
 * @returns {Set<string>}
 */
export function markPlaces(holder, moves, chosen) {
  const open = movesFor(chosen, moves);
  /** @type {Set<string>} */
  const live = new Set();
  for (const node of holder.querySelectorAll("[data-key]")) {
    const key = node.getAttribute("data-key") || "";
    const isChosen = chosen.includes(key);
    const ok = isChosen || open.some((m) => mentions(key, m));
    node.classList.toggle("mk-live", ok && moves.length > 0);
    node.classList.toggle("mk-chosen", isChosen);
    if (ok && moves.length > 0) {
      live.add(key);
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      const title = node.querySelector("title")?.textContent || key;
      node.setAttribute("aria-label", title);
    } else {
      node.removeAttribute("tabindex");
      node.removeAttribute("role");
    }
  }
  return live;
}

/**
 * Highlight the places a move mentions (a bot's move, shown at a person's pace). A game
 * whose clickable places are the viewer's (your own card and another's share a name) says
 * where a move landed instead: `places`, values of its board's `data-place` attributes
 * (its panel's `moved`), so the frame marks the card its owner played or bought.
 * @param {Element} holder
 * @param {Move} move
 * @param {string[]|null} [places]
 * @returns {number} how many places
 */
export function highlightMove(holder, move, places = null) {
  let count = 0;
  for (const node of holder.querySelectorAll("[data-key], [data-place]")) {
    const hit = places
      ? places.includes(node.getAttribute("data-place") || "")
      : mentions(node.getAttribute("data-key") || "", move);
    node.classList.toggle("mk-moved", hit);
    if (hit) count += 1;
  }
  return count;
}
