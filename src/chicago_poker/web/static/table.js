"use strict";
// The table page: one WebSocket to the server, which sends this seat's redacted events, its
// view and its legal commands; every command goes back to the server, whose engine decides it.
// Names and cards come from other people: they are only ever set as text, never as HTML.
const tableId = location.pathname.split("/").pop();
const token = location.hash.slice(1);
const page = {
  status: document.getElementById("status"),
  title: document.getElementById("title"),
  rejected: document.getElementById("rejected"),
  commands: document.getElementById("commands"),
  picture: document.getElementById("picture"),
  readable: document.getElementById("readable"),
  events: document.getElementById("events"),
  records: document.getElementById("records"),
};
let names = [];
let labels = {};  // notation -> words, for tiles and special cards ("Speakeasy#1" -> "Speakeasy #1")
let seat = null;
let socket = null;
let retry = 500;
let pictureUrl = null;
let stopped = false;  // the server refused this link for good: do not knock again

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({token});
  socket = new WebSocket(`${scheme}://${location.host}/tables/${tableId}/ws?${query}`);
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onopen = () => { retry = 500; };
  socket.onclose = () => {
    if (stopped) return;
    page.status.textContent = "Connection lost; reconnecting…";
    page.commands.replaceChildren();
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  };
}

function receive(message) {
  switch (message.type) {
    case "welcome": return welcome(message);
    case "events": return showEvents(message);
    case "view": return showView(message);
    case "legal": return showCommands(message);
    case "rejected": return showProblem(`${message.rule}: ${message.message}`);
    case "error":
      stopped = ["bad-token", "unknown-table", "too-many-connections", "flood"].includes(message.code);
      return showProblem(message.message);
  }
}

function welcome(message) {
  names = message.names;
  labels = message.labels;
  seat = message.seat;
  const who = seat === null ? "watching as a spectator" : `playing as ${names[seat]}`;
  page.title.textContent = `Chicago Poker: ${names.join(", ")}`;
  page.status.textContent = `You are ${who}.`;
  page.events.replaceChildren();  // the whole history follows: a reload starts afresh
}

function showEvents(message) {
  message.events.forEach((event, offset) => {
    const item = element("li", message.words[offset]);
    item.value = message.first + offset + 1;
    item.dataset.type = event.type;
    if (event.type === "TurnStarted") item.className = "new-turn";
    page.events.append(item);
  });
  page.events.scrollTop = page.events.scrollHeight;
}

function showProblem(text) {
  page.rejected.textContent = text;
  page.rejected.hidden = false;
}

function send(command) {
  page.rejected.hidden = true;
  socket.send(JSON.stringify({type: "command", command}));
}

function showCommands(message) {
  page.commands.replaceChildren();
  page.commands.dataset.events = message.events;  // which update the buttons belong to
  let group = null;
  message.commands.forEach((command, index) => {
    if (command.type !== group) {
      group = command.type;
      page.commands.append(element("div", groupTitle(group), "group"));
    }
    const button = element("button", message.words[index]);
    button.type = "button";
    button.dataset.command = JSON.stringify(command);
    button.onclick = () => send(command);
    page.commands.append(button);
  });
  if (!message.commands.length) page.commands.append(element("p", "Nothing to do: wait for the others."));
}

function groupTitle(type) {
  return type.replace(/([a-z])([A-Z])/g, "$1 $2");
}

function showView(message) {
  const view = message.view;
  if (message.svg) {
    if (pictureUrl) URL.revokeObjectURL(pictureUrl);
    pictureUrl = URL.createObjectURL(new Blob([message.svg], {type: "image/svg+xml"}));
    page.picture.src = pictureUrl;  // as an image, the SVG can run nothing
    page.picture.hidden = false;
  }
  page.readable.replaceChildren(...readable(view));
  const over = view.victory !== null;
  document.body.dataset.events = message.events;
  document.body.dataset.over = over;
  page.status.textContent = statusLine(view);
  page.records.hidden = false;
  const base = `/tables/${tableId}/log?token=${encodeURIComponent(token)}`;
  document.getElementById("redacted-log").href = `${base}&kind=redacted`;
  const full = document.getElementById("full-log");
  full.href = `${base}&kind=full`;
  full.hidden = !over;
}

function statusLine(view) {
  const you = seat === null ? "You are watching." : `You are ${names[seat]}.`;
  if (view.victory !== null) {
    const winner = view.winner === null ? "nobody won" : `${names[view.winner]} won`;
    return `${you} The game is over: ${winner} (${view.victory}).`;
  }
  const turn = view.turn;
  const left = turn.base_actions + turn.bonus_actions - turn.actions_taken;
  return `${you} ${names[turn.player]}'s turn (${turn.phase}), ${count(left, "action")} left.`;
}

function label(text) {
  return labels[text] ?? text;
}

function count(number, noun) {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}

function card(text, face) {
  const shown = element("span", text === null ? "?" : label(text), "card");
  if (text === null) shown.classList.add("back");
  if (face === "down") shown.classList.add("down");
  return shown;
}

function readable(view) {
  const parts = [];
  if (view.hand !== null) {
    const hand = element("p", "Your hand: ");
    hand.append(...view.hand.map((text) => card(text, "up")));
    parts.push(hand);
  }
  const players = element("ul");
  view.players.forEach((player, index) => {
    const controlled = player.controlled.length ? player.controlled.map(label).join(", ") : "none";
    const line = `${player.name}: ${count(player.hand_size, "card")} in hand; controls ${controlled}`;
    players.append(element("li", line, index === view.turn.player ? "turn" : undefined));
  });
  parts.push(players);
  view.businesses.forEach((business) => parts.push(businessBlock(business)));
  const discards = view.discard_pile.map(label).join(", ") || "empty";
  const piles = `Draw pile: ${count(view.draw_pile_size, "card")}. Discard pile: ${discards}.`;
  parts.push(element("p", piles));
  if (view.shootout) {
    const fight = view.shootout;
    const contenders = fight.contenders.map((index) => names[index]).join(", ");
    parts.push(element("p", `Shootout at ${label(fight.business)} (${fight.stage}): ${contenders}`, "turn"));
  }
  return parts;
}

function businessBlock(business) {
  const block = element("div", undefined, "business");
  block.append(element("strong", label(business.tile)));
  const rows = element("table");
  business.columns.forEach((column, owner) => {
    const row = element("tr");
    const who = element("td", names[owner] + (column.marker !== null ? ` (marker ${column.marker})` : ""));
    const cards = element("td");
    cards.append(...column.slots.map((slot) => card(slot.card, slot.face)));
    row.append(who, cards);
    rows.append(row);
  });
  block.append(rows);
  return block;
}

if (!token) {
  page.status.textContent = "This link has no seat token: use the link the table gave you.";
} else {
  connect();
}
