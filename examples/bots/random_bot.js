#!/usr/bin/env node
// A bot for `referee match` in Node.js, with nothing but Node itself: protocol referee-bot/1
// (docs/bots.md). It plays a random legal answer from a generator seeded by hello's seed,
// so a match can be played again exactly. Run it as `node random_bot.js`.
"use strict";
const readline = require("readline");

let state = 1;
function random() {  // Park and Miller's generator: Math.random cannot be seeded
  state = (state * 48271) % 2147483647;
  return (state - 1) / 2147483646;
}

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const message = JSON.parse(line);
  if (message.type === "hello") {
    state = (message.seed % 2147483647) + 1;
    send({ type: "ready", name: "random-js", version: "1", author: "the referee authors" });
  } else if (message.type === "request") {
    const legal = message.legal;  // message.view holds our tiles, the calls, the tricks...
    send({ type: "action", id: message.id, value: legal[Math.floor(random() * legal.length)] });
  } else if (message.type === "ping") {
    send({ type: "pong", id: message.id });
  } else if (message.type === "quit") {
    process.exit(0);
  }
  // deal and event messages need no answer
});
lines.on("close", () => process.exit(0));
