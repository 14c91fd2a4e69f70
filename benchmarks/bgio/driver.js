// N scripted humans against boardgame.io's server, each with a match of its own, over the
// official client and its socket.io transport (WebSocket only): a human answers each of its
// turns with a random free cell at once; latency is from the move sent to the new state
// received. Prints one JSON line: latencies (seconds), moves, games, seconds, its CPU seconds.
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");
const { Grid, CELLS } = require("./grid.js");

const [port, clients, seconds] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;
const until = Date.now() + seconds * 1000;
const latencies = [];
let moves = 0;
let games = 0;

async function post(path, body) {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

function playOne(matchID, credentials) {
  return new Promise((resolve) => {
    const client = Client({
      game: Grid,
      matchID,
      playerID: "0",
      credentials,
      multiplayer: SocketIO({ server: base, socketOpts: { transports: ["websocket"] } }),
      debug: false,
    });
    let sent = null;
    let seen = -1;
    client.subscribe((state) => {
      if (!state || state._stateID === seen) return;
      seen = state._stateID;
      if (sent !== null) {
        latencies.push((performance.now() - sent) / 1000);
        moves += 1;
        sent = null;
      }
      if (state.ctx.gameover || Date.now() > until) {
        client.stop();
        resolve();
        return;
      }
      const free = [];
      for (let i = 0; i < CELLS; i++) if (state.G.cells[i] === null) free.push(i);
      sent = performance.now();
      client.moves.claim(free[Math.floor(Math.random() * free.length)]);
    });
    client.start();
  });
}

async function player() {
  while (Date.now() < until) {
    const { matchID } = await post("/games/grid/create", { numPlayers: 1 });
    const joined = await post(`/games/grid/${matchID}/join`, { playerID: "0", playerName: "p" });
    games += 1;
    await playOne(matchID, joined.playerCredentials);
  }
}

const start = performance.now();
Promise.all(Array.from({ length: clients }, player)).then(() => {
  const took = (performance.now() - start) / 1000;
  const used = process.cpuUsage();
  const cpu = (used.user + used.system) / 1e6;
  // exit once the line is written: a pipe takes 64 KiB at a time
  process.stdout.write(`${JSON.stringify({ latencies, moves, games, seconds: took, cpu })}\n`, () =>
    process.exit(0),
  );
});
