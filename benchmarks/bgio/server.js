// boardgame.io's own server (Koa + socket.io) with its in-memory storage, serving the grid.
const { Server, Origins } = require("boardgame.io/server");
const { Grid } = require("./grid.js");

const port = Number(process.argv[2] || 8000);
const server = Server({ games: [Grid], origins: [Origins.LOCALHOST, "http://127.0.0.1"] });
server.run(port, () => console.log(`ready ${port}`));
