// @ts-check
/**
 * The start page: each game with its title, blurb, player counts and options, all from the
 * host's catalogue (this page knows no game); seats for you, a friend by link or a bot; a
 * link per seat and for spectators; the games in progress.
 */
import { MetroClient, MetroError, socketUrl } from "./client.js";
import { el, forgetToken, gameLink, keepLinks, keepToken, keptTokens, param } from "./ui.js";

const $ = (/** @type {string} */ sel) => /** @type {HTMLElement} */ (document.querySelector(sel));
const client = new MetroClient(socketUrl(location));
const pace = param("pace", -1);


client.onStatus((s) => {
  $("[data-status]").textContent = s === "open" || s === "idle" ? "connected" : s === "connecting" ? "connecting…" : "reconnecting…";
  $("[data-status]").dataset.state = s;
});

main().catch((err) => {
  $("[data-catalogue]").replaceChildren(el("p", { class: "message" }, `The host cannot be reached: ${err.message ?? err}`));
});

async function main() {
  const games = await client.games();
  $("[data-catalogue]").replaceChildren(...games.map(gameCard));
  await listMine();
}

/**
 * @param {string} token
 * @returns {string}
 */
function link(token) {
  const url = new URL(gameLink(token));
  if (pace >= 0) url.search = `?pace=${pace}`;
  return url.href;
}

/** The games this browser plays, from the host's store (tokens kept in this browser). */
async function listMine() {
  const kept = keptTokens();
  if (!kept.length) return;
  const { games } = await client.request({ cmd: "mine", tokens: kept.map((k) => k.token) });
  const known = new Set(games.map((/** @type {any} */ g) => g.token));
  for (const k of kept) if (!known.has(k.token)) forgetToken(k.token); // the host forgot it
  games.sort((/** @type {any} */ a, /** @type {any} */ b) => Number(a.is_over) - Number(b.is_over));
  const items = games.map((/** @type {any} */ g) => {
    const you = g.seat === null ? "watching" : g.players[g.seat];
    const state = g.is_over ? "over" : g.to_act === g.seat ? "your turn" : g.to_act === null ? "…" : `${g.players[g.to_act]} to play`;
    return el(
      "li",
      { class: `${g.to_act === g.seat && !g.is_over ? "yours" : ""}${g.is_over ? " over" : ""}`, "data-mine-game": g.id },
      el("a", { href: link(g.token) }, el("strong", {}, g.title), ` — ${g.players.join(", ")}`),
      el("span", { class: "muted" }, ` as ${you}, ${g.decisions} moves`),
      el("span", { class: "tag" }, state),
    );
  });
  if (!items.length) return;
  $("[data-mine-games]").hidden = false;
  $("[data-mine-list]").replaceChildren(...items);
}

/**
 * One game of the catalogue: the quick start, and the form for seats and options.
 * @param {any} g
 * @returns {HTMLElement}
 */
function gameCard(g) {
  const [low, high] = g.players;
  const count = /** @type {HTMLSelectElement} */ (
    el("select", { name: "players", "data-players-count": "" }, ...range(low, high).map((n) => el("option", { value: n, selected: n === g.default_players }, `${n} players`)))
  );
  const seats = el("div", { class: "seats", "data-seats": "" });
  const drawSeats = () => {
    const n = Number(count.value);
    const old = [...seats.querySelectorAll("select")].map((s) => /** @type {HTMLSelectElement} */ (s).value);
    seats.replaceChildren(
      ...range(0, n - 1).map((i) => {
        const choice = /** @type {HTMLSelectElement} */ (
          el(
            "select",
            { "data-seat": i, "aria-label": `seat ${i + 1}` },
            el("option", { value: "you" }, "you"),
            el("option", { value: "friend" }, "a friend (link)"),
            ...g.bots.map((/** @type {string} */ b) => el("option", { value: `bot:${b}` }, `bot: ${b}`)),
          )
        );
        choice.value = old[i] ?? (i === 0 ? "you" : `bot:${g.default_bot}`);
        return el("label", { class: "seat" }, el("span", {}, `Seat ${i + 1}`), choice);
      }),
    );
  };
  count.addEventListener("change", drawSeats);
  drawSeats();
  const options = Object.entries(g.options).map(([name, o]) => optionField(name, /** @type {any} */ (o)));
  const form = el(
    "form",
    { class: "setup", "data-setup": g.name },
    el("div", { class: "row" }, el("label", {}, el("span", {}, "Players"), count)),
    seats,
    options.length ? el("details", { class: "options" }, el("summary", {}, `Rule options (${options.length})`), ...options) : null,
    el("button", { type: "submit", class: "primary" }, "Start this game"),
    el("p", { class: "message", role: "alert" }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    start(g, form).catch((err) => {
      /** @type {HTMLElement} */ (form.querySelector(".message")).textContent = err.message ?? String(err);
    });
  });
  return el(
    "article",
    { class: "game-card", "data-game": g.name },
    el("h3", {}, g.title),
    el("p", { class: "muted" }, `${low === high ? low : `${low} to ${high}`} players · bots: ${g.bots.join(", ")}`),
    el("p", { "data-blurb": "" }, g.blurb),
    el(
      "button",
      { type: "button", class: "primary quick", "data-new-game": g.name, onclick: () => quick(g) },
      `Play against ${g.default_players - 1 === 1 ? "a bot" : `${g.default_players - 1} bots`}`,
    ),
    el("details", { class: "more" }, el("summary", {}, "Choose seats and options"), form),
  );
}

/**
 * @param {number} a
 * @param {number} b
 * @returns {number[]}
 */
function range(a, b) {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i);
}

/**
 * A field for one rule option: a choice where the rules list them, else a typed value (JSON).
 * @param {string} name
 * @param {{default: any, choices: any[]|null, help: string}} o
 * @returns {HTMLElement}
 */
function optionField(name, o) {
  const field = o.choices
    ? el(
        "select",
        { "data-option": name },
        ...o.choices.map((c) => el("option", { value: JSON.stringify(c), selected: c === o.default }, String(c))),
      )
    : el("input", { "data-option": name, placeholder: o.default === null ? "default" : JSON.stringify(o.default), "data-json": "" });
  return el("label", { class: "option", title: o.help }, el("span", {}, name.replaceAll("_", " ")), field, el("small", { class: "muted" }, o.help));
}

/**
 * The options of a form that differ from the defaults.
 * @param {HTMLElement} form
 * @returns {Record<string, any>}
 */
function optionsOf(form) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const f of form.querySelectorAll("[data-option]")) {
    const field = /** @type {HTMLInputElement} */ (f);
    const name = field.dataset.option || "";
    if (field.value.trim() === "") continue;
    try {
      out[name] = JSON.parse(field.value);
    } catch {
      out[name] = field.value; // a word (a colour list, say): the host checks it
    }
  }
  return out;
}

/**
 * The quick way in: this game against bots with the default options.
 * @param {any} g
 */
async function quick(g) {
  const n = g.default_players;
  /** @type {Record<string, string>} */
  const bots = {};
  for (let i = 1; i < n; i++) bots[String(i)] = g.default_bot;
  const made = await client.request({ cmd: "new", game: g.name, players: n, bots });
  remember(made, { 0: "you" }, g.name);
  location.href = link(made.seats[0].token);
}

/**
 * Start a game from its form; show the links of its seats.
 * @param {any} g
 * @param {HTMLElement} form
 */
async function start(g, form) {
  /** @type {Record<string, string>} */
  const bots = {};
  /** @type {Record<number, string>} */
  const kinds = {};
  form.querySelectorAll("[data-seat]").forEach((s) => {
    const v = /** @type {HTMLSelectElement} */ (s).value;
    const i = Number(/** @type {HTMLElement} */ (s).dataset.seat);
    kinds[i] = v;
    if (v.startsWith("bot:")) bots[String(i)] = v.slice(4);
  });
  const n = Number(/** @type {HTMLSelectElement} */ (form.querySelector("[data-players-count]")).value);
  let made;
  try {
    made = await client.request({ cmd: "new", game: g.name, players: n, bots, options: optionsOf(form) });
  } catch (err) {
    throw err instanceof MetroError ? new Error(err.message) : err;
  }
  remember(made, kinds, g.name);
  showCreated(g, made, kinds);
}

/**
 * Keep the tokens of the seats this browser plays, and every link of the game.
 * @param {any} made the answer to new
 * @param {Record<number, string>} kinds
 * @param {string} game
 */
function remember(made, kinds, game) {
  const seats = made.seats.map((/** @type {any} */ s) => ({ ...s, kind: kinds[s.seat] ?? "you" }));
  for (const s of seats) if (s.kind === "you") keepToken({ token: s.token, id: made.id, game, seat: s.seat, at: Date.now() });
  keepLinks(made.id, { seats, spectator: made.spectator });
}

/**
 * The links of a new game: open your seat, send the others.
 * @param {any} g
 * @param {any} made
 * @param {Record<number, string>} kinds
 */
function showCreated(g, made, kinds) {
  const box = $("[data-created]");
  const rows = made.seats.map((/** @type {any} */ s) => {
    const url = link(s.token);
    const you = kinds[s.seat] === "you";
    return el(
      "li",
      {},
      el("span", {}, `Seat ${s.seat + 1}, ${made.players[s.seat]}: ${you ? "you" : "a friend"}`),
      you
        ? el("a", { class: "button primary", href: url, "data-seat-open": s.seat }, "Open your seat")
        : copyField(url, { "data-seat-link": s.seat }, `the link of seat ${s.seat + 1}, ${made.players[s.seat]}`),
    );
  });
  for (const [seat, bot] of Object.entries(made.bots)) {
    rows.push(el("li", {}, el("span", {}, `Seat ${Number(seat) + 1}, ${made.players[Number(seat)]}: bot ${bot}`)));
  }
  rows.sort((/** @type {HTMLElement} */ a, /** @type {HTMLElement} */ b) =>
    (a.textContent ?? "").localeCompare(b.textContent ?? "", "en", { numeric: true }),
  );
  box.hidden = false;
  box.replaceChildren(
    el("h2", {}, `${g.title}: the game is ready`),
    el("p", {}, "Send each friend the link of their seat; it is theirs alone. Spectators see only what is public."),
    el("ul", { class: "links" }, ...rows, el("li", {}, el("span", {}, "Spectators"), copyField(link(made.spectator), { "data-spectator-link": "" }, "the spectators' link"))),
  );
  box.scrollIntoView({ block: "start" });
}

/**
 * A read-only link with a copy button.
 * @param {string} url
 * @param {Record<string, any>} attrs
 * @param {string} name what the link is, for its box and its button (their accessible names)
 * @returns {HTMLElement}
 */
function copyField(url, attrs, name) {
  const input = /** @type {HTMLInputElement} */ (el("input", { type: "text", readonly: true, value: url, "aria-label": name, ...attrs, onfocus: (/** @type {Event} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }));
  const button = el("button", {
    type: "button",
    "aria-label": `Copy ${name}`,
    onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(url);
        button.textContent = "Copied";
      } catch {
        button.textContent = "Select and copy";
      }
    },
  }, "Copy");
  return el("span", { class: "copy" }, input, button);
}
