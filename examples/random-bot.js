#!/usr/bin/env node
// A random bot for Chicago Poker in Node, speaking chicago-poker-bot/1 (JSON Lines over
// standard input and output): it answers each act with one of its legal commands.
//
//   chicago-poker match heuristic "cmd:node examples/random-bot.js"
"use strict";

const readline = require("readline");

// A small seeded generator (mulberry32), reseeded by each new_game, so games replay.
let state = 1;
function random() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let entries = 0; // the lines of this seat's redacted log received so far

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const handlers = {
  hello: () =>
    send({
      type: "hello",
      protocol: "chicago-poker-bot/1",
      name: "random-js",
      author: "chicago_poker examples",
      options: {},
      // A random bot never reads its view: the referee then sends "view": null in each act,
      // and spares building and writing one for every decision.
      view: false,
    }),
  option: () => {},
  isready: () => send({ type: "ready" }),
  ping: (message) => send({ type: "pong", id: message.id }),
  new_game: (message) => {
    state = message.seed % 4294967296;
    entries = 0;
  },
  entry: () => {
    entries += 1;
  },
  act: (message) => {
    // The referee echoes how many entries it sent: a bot that lost one knows at once.
    if (message.entries !== entries) {
      process.stderr.write(`desync: ${entries} entries, the referee sent ${message.entries}\n`);
    }
    const legal = message.legal;
    const command = legal[Math.floor(random() * legal.length)];
    // What the bot is thinking, while it thinks: traced and logged by the referee (-v),
    // never a fault. Any fields; text, iterations and score are the documented ones.
    send({ type: "info", id: message.id, text: `chose 1 of ${legal.length} at random` });
    send({ type: "move", id: message.id, command });
  },
  game_over: () => {},
  quit: () => process.exit(0),
};

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const message = JSON.parse(line);
  const handler = handlers[message.type];
  if (handler) handler(message);
});
