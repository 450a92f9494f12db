"use strict";
// The table page: one WebSocket to the server, which sends this seat's redacted events, its
// view (with the library's picture of the table) and its legal commands; every command goes
// back to the server, whose engine decides it.
//
// The player acts on the picture: a click on a card in hand, then on a business (or a column,
// or the cards a Limousine moves) narrows the server's list of legal commands until one is
// left, which is sent. The page knows no rule: each command of the list is only written as
// the clicks that name it (see steps()), and only what some legal command names can be
// clicked. The dock at the bottom of the window holds the turn, the hint, the choices of the
// next click as buttons and the hand, so that on any screen a card and where it goes are both
// in reach without scrolling. The whole list stays under "Every legal move", for keyboards
// and as a fallback. Names and cards come from other people: they are only ever set as text,
// never as HTML.
const tableId = location.pathname.split("/").pop();
const token = location.hash.slice(1);
const $ = (id) => document.getElementById(id);
const page = {
  status: $("status"), title: $("title"), rejected: $("rejected"), hint: $("hint"),
  choices: $("choices"), commands: $("commands"), picture: $("picture"), events: $("events"),
  records: $("records"), result: $("result"), shootout: $("shootout"), sound: $("sound"),
  hand: $("hand"), again: $("again"), dock: $("dock"), table: $("table"),
};
// The picture's layouts, by the width of the picture's column: the widest whose picture
// (772, 390 or 296 pixels wide) fits at full size, so that no text of it is under 12 px.
const LAYOUTS = [["wide", 772], ["narrow", 390], ["compact", 0]];
// Events whose line the story leaves out, as the library's narrations do (ROUTINE_EVENTS):
// the line of the turn and that of the card drawn say them.
const ROUTINE = new Set(["ActionPhaseStarted", "DrawRequested"]);
const SVG_TAGS = new Set(["svg", "g", "rect", "text", "title", "circle", "line", "path", "polygon", "tspan"]);
let names = [];
let labels = {};  // notation -> words, for tiles and special cards ("Speakeasy#1" -> "Speakeasy #1")
let seat = null;
let socket = null;
let retry = 500;
let stopped = false;  // the server refused this link for good: do not knock again
let view = null;
let legal = {events: -1, commands: [], words: []};
let chosen = [];  // the clicks made so far towards a command
let story = [];  // every event of the seat's stream, as received
let lastMove = 0;  // where the events the picture rings start
let wasMyMove = false;
let soundOn = true;
let layout = layoutFor(page.table.clientWidth);
let nextTable = null;  // the table of the next game, once a seat asked to play again
let askedAgain = false;

function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

function label(text) {
  return labels[text] ?? text;
}

function count(number, noun) {
  return `${number} ${noun}${number === 1 ? "" : "s"}`;
}

// ------------------------------------------------------------------ the connection

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams({token, layout});
  socket = new WebSocket(`${scheme}://${location.host}/tables/${tableId}/ws?${query}`);
  socket.onmessage = (message) => receive(JSON.parse(message.data));
  socket.onopen = () => { retry = 500; };
  socket.onclose = () => {
    if (stopped) return;
    page.status.textContent = "Connection lost; reconnecting…";
    showCommands({events: -1, commands: [], words: []});
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
    case "again": return showAgain(message.table);
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
  page.title.textContent = `Chicago Poker: ${names.join(", ")}`;
  document.body.dataset.seat = seat ?? "spectator";
  page.events.replaceChildren();  // the whole history follows: a reload starts afresh
  story = [];
  if (message.next) showAgain(message.next);
}

function layoutFor(width) {
  return LAYOUTS.find(([, least]) => width >= least)[0];
}

// The window changed (a resize, a phone turned): ask for the picture in the layout that fits.
function relayout() {
  const wanted = layoutFor(page.table.clientWidth);
  if (wanted === layout) return;
  layout = wanted;
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({type: "layout", layout}));
}

// The page keeps room at its end for the dock, so that the dock covers nothing.
function fitDock() {
  document.body.style.setProperty("--dock", `${page.dock.offsetHeight + 8}px`);
}

function askAgain() {
  askedAgain = true;
  page.again.disabled = true;
  socket.send(JSON.stringify({type: "again"}));
}

function showAgain(table) {
  nextTable = table;
  const link = `/table/${table}#${token}`;
  if (askedAgain) { location.assign(link); return; }
  page.again.textContent = "Join the new game";
  page.again.disabled = false;
  page.again.hidden = false;
  page.records.hidden = false;
  page.again.onclick = () => location.assign(link);
  if (view) page.status.textContent = `${statusLine()} A new game has started at this table.`;
}

let sentCount = 0;

function send(command) {
  document.body.dataset.sent = ++sentCount;  // how many commands this page has sent
  page.rejected.hidden = true;
  socket.send(JSON.stringify({type: "command", command}));
}

function showProblem(text) {
  page.rejected.textContent = text;
  page.rejected.hidden = false;
}

// ------------------------------------------------------------------ what happened

function showEvents(message) {
  message.events.forEach((event, offset) => {
    const index = message.first + offset;
    story[index] = {event, words: message.words[offset]};
    const item = element("li", message.words[offset]);
    item.value = index + 1;
    item.dataset.type = event.type;
    item.hidden = ROUTINE.has(event.type);
    if (event.type === "TurnStarted") item.classList.add("new-turn");
    page.events.append(item);
  });
  page.events.scrollTop = page.events.scrollHeight;
  showShootout();
}

function showShootout() {
  let start = -1;
  for (let index = story.length - 1; index >= 0; index--) {
    if (story[index]?.event.type === "ShootoutStarted") { start = index; break; }
  }
  page.shootout.hidden = start < 0;
  if (start < 0) return;
  const begun = story[start].event;
  $("shootout-title").textContent = `Shootout at ${label(begun.business)}`;
  const sent = {};
  let result = "The shootout goes on.";
  for (const {event, words} of story.slice(start + 1)) {
    if (event.type === "ReinforcementsRevealed") for (const [who, card] of event.cards) sent[who] = card;
    if (["ShootoutWon", "ShootoutVoided"].includes(event.type)) result = words;
  }
  const hands = begun.hands.map(([who, cards]) => {
    const row = element("p", undefined, "hand-row");
    row.append(element("span", who === seat ? "You" : names[who], "who"));
    row.append(...cards.map((text) => chip(text)));
    if (sent[who]) row.append(" + ", chip(sent[who]));
    return row;
  });
  $("shootout-hands").replaceChildren(...hands);
  $("shootout-result").textContent = result;
}

function chip(text) {
  const shown = element("span", label(text), "chip");
  const colour = /^[0-9]+([RYGBP])$/.exec(text);
  shown.classList.add(colour ? `colour-${colour[1]}` : "special");
  return shown;
}

function markLastMove() {
  for (const item of page.events.children) {
    item.classList.toggle("last", item.value > lastMove);
  }
}

// ------------------------------------------------------------------ the picture

function showView(message) {
  view = message.view;
  lastMove = message.lastmove;
  if (message.svg) page.picture.replaceChildren(picture(message.svg));
  page.picture.dataset.layout = layout;
  document.body.dataset.events = message.events;
  const over = view.victory !== null;
  document.body.dataset.over = over;
  page.status.textContent = statusLine();
  markLastMove();
  showResult(over);
  const base = `/tables/${tableId}/log?token=${encodeURIComponent(token)}`;
  $("redacted-log").href = `${base}&kind=redacted`;
  $("log-now").href = `${base}&kind=redacted`;
  const full = $("full-log");
  full.href = `${base}&kind=full`;
  full.hidden = !over;
  page.records.hidden = !over;
  if (!nextTable) {
    page.again.hidden = !over || seat === null;
    page.again.onclick = askAgain;
  } else {
    showAgain(nextTable);
  }
  // A spectator gets no legal message; a seat's picture drawn anew for the moment its legal
  // commands belong to (the window changed layout) needs its choices marked on it again.
  if (seat === null || (message.svg && message.events === legal.events)) showChoices();
  fitDock();
}

// The SVG is the server's, drawn by the library, which escapes every name; before it joins
// the page it is read as XML and kept to shapes and text, so that it can run nothing.
function picture(text) {
  const parsed = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  const kept = clean(parsed);
  if (!kept || kept.localName !== "svg") return element("p", "The picture could not be read.");
  const width = Number(kept.getAttribute("viewBox").split(" ")[2]);
  kept.removeAttribute("width");
  kept.removeAttribute("height");
  kept.style.maxWidth = `${Math.round(width * 1.6)}px`;
  kept.setAttribute("role", "img");
  return kept;
}

function clean(node) {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.data);
  if (node.nodeType !== Node.ELEMENT_NODE || !SVG_TAGS.has(node.localName)) return null;
  const copy = document.createElementNS("http://www.w3.org/2000/svg", node.localName);
  for (const attribute of node.attributes) {
    const name = attribute.name.toLowerCase();
    if (name.startsWith("on") || name.includes("href") || (name === "style" && node.localName !== "svg")) continue;
    copy.setAttribute(attribute.name, attribute.value);
  }
  for (const child of node.childNodes) {
    const kept = clean(child);
    if (kept) copy.append(kept);
  }
  return copy;
}

function statusLine() {
  const you = seat === null ? "You are watching." : "";
  if (view.victory !== null) {
    const winner = view.winner === null ? "nobody won" : view.winner === seat ? "you won" : `${names[view.winner]} won`;
    return `The game is over: ${winner} (${view.victory}).`;
  }
  const turn = view.turn;
  const left = turn.base_actions + turn.bonus_actions - turn.actions_taken;
  const who = turn.player === seat ? "Your turn" : `${names[turn.player]}'s turn`;
  const fight = view.shootout ? ` Shootout at ${label(view.shootout.business)}.` : "";
  return `${you} ${who}: ${count(left, "action")} left.${fight}`.trim();
}

function showResult(over) {
  page.result.hidden = !over;
  if (!over) return;
  const mine = view.winner !== null && view.winner === seat;
  $("result-title").textContent = mine ? "You won!" : view.winner === null ? "Nobody won" : `${names[view.winner]} won`;
  const won = story.filter((item) => item && ["GameWon", "GameBlocked", "GameStalled"].includes(item.event.type));
  const words = won.length ? won[won.length - 1].words : `The game is over (${view.victory}).`;
  const again = seat === null ? "" : " Play again starts a new game with the same seats.";
  $("result-words").textContent = `${words} The logs are in the bar below: yours, and the full log with every card.${again}`;
}

// ------------------------------------------------------------------ commands as clicks

function handKey(card) {
  return /^[0-9]/.test(card) ? `hand:${card}` : `hand:${card.replace(/[0-9]+$/, "")}`;
}

// The clicks that name a command: a card in hand, then the places it needs.
function steps(command, index) {
  switch (command.type) {
    case "PlayGangster": return [handKey(command.card), `business:${command.business}`];
    case "PlayLiquidation": return ["hand:Liquidation", `column:${command.business}:${command.victim}`];
    case "PlayPoliceRaid": return ["hand:PoliceRaid", `column:${command.business}:${command.target}`];
    case "PlayLimousine":
      return ["hand:Limousine", ...command.cards.map((card) => `table:${card}`), `business:${command.destination}`];
    case "PlayRevolver": return ["hand:Revolver"];
    case "PlayBribery": return ["hand:Bribery", `discard:${command.card}`];
    case "SendReinforcement": return [handKey(command.card)];
    default: return [`do:${index}`];
  }
}

function candidates() {
  return legal.commands.map((command, index) => ({command, index, path: steps(command, index)}))
    .filter(({path}) => chosen.every((key, at) => path[at] === key));
}

function keyWords(key) {
  const [kind, ...rest] = key.split(":");
  if (kind === "business") return label(rest[0]);
  if (kind === "column") return `${names[rest[1]]} at ${label(rest[0])}`;
  if (kind === "hand" || kind === "table" || kind === "discard") return label(rest[0]);
  return key;
}

function showCommands(message) {
  const changed = message.events !== legal.events;
  legal = message;
  if (changed) chosen = [];
  page.commands.replaceChildren();
  page.commands.dataset.events = message.events;  // which update the buttons belong to
  message.commands.forEach((command, index) => {
    const button = element("button", message.words[index]);
    button.type = "button";
    button.dataset.command = JSON.stringify(command);
    button.onclick = () => send(command);
    page.commands.append(button);
  });
  $("every-move-title").textContent = `Every legal move (${message.commands.length})`;
  const mine = message.commands.length > 0;
  document.body.classList.toggle("my-move", mine);
  if (mine && !wasMyMove) cue();
  wasMyMove = mine;
  document.title = mine ? "▶ Your move: Chicago Poker" : "Chicago Poker table";
  showChoices();
}

function cue() {
  if (!soundOn) return;
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = 660;
    volume.gain.setValueAtTime(0.08, audio.currentTime);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch (error) {
    // no sound here (or not before the first click): the title still says it
  }
}

function choose(key) {
  chosen = [...chosen, key];
  const left = candidates();
  const done = left.filter(({path}) => path.length === chosen.length);
  const more = left.filter(({path}) => path.length > chosen.length);
  if (done.length === 1 && !more.length && !key.startsWith("hand:")) {
    chosen = [];
    send(done[0].command);
    return;
  }
  showChoices();
}

function button(text, onClick, className) {
  const made = element("button", text, className);
  made.type = "button";
  made.onclick = onClick;
  return made;
}

function showChoices() {
  let left = candidates();
  if (chosen.length && !left.length) {
    chosen = [];
    left = candidates();
  }
  const next = new Map();  // key -> a command it leads to
  const ready = [];
  for (const item of left) {
    if (item.path.length > chosen.length) next.set(item.path[chosen.length], item);
    else ready.push(item);
  }
  const buttons = [];
  page.hint.textContent = hint(left, next, ready);
  for (const item of ready) {
    buttons.push(button(legal.words[item.index], () => { chosen = []; send(item.command); }, "go"));
  }
  for (const [key, item] of next) {
    if (key.startsWith("do:")) buttons.push(button(legal.words[item.index], () => send(item.command), "go"));
    else if (chosen.length) buttons.push(button(keyWords(key), () => choose(key), "option"));
  }
  if (chosen.length) buttons.push(button("Cancel", () => { chosen = []; showChoices(); }, "cancel"));
  page.choices.replaceChildren(...buttons);
  // A card picked at the far end of a long hand leaves the row scrolled to it: bring its
  // choices, at the row's start, back into view, so that they never need a swipe back.
  if (chosen.length && buttons.length) $("row").scrollLeft = 0;
  showHand(next);
  markPicture(next);
  fitDock();
}

// The seat's hand as buttons in the dock: the cards a legal command starts with can be chosen.
function showHand(next) {
  const cards = view && view.hand && view.victory === null ? view.hand : [];  // none once over
  page.hand.replaceChildren(...cards.map((card) => {
    const key = handKey(card);
    const shown = chip(card);
    const made = button(shown.textContent, () => pickHand(key), shown.className.replace("chip", "card"));
    made.dataset.key = key;
    made.dataset.card = card;
    made.disabled = !legalStart(key);
    made.classList.toggle("choosable", next.has(key));
    made.classList.toggle("chosen", chosen[0] === key);
    made.setAttribute("aria-pressed", chosen[0] === key);
    return made;
  }));
}

function legalStart(key) {
  return legal.commands.some((command, index) => steps(command, index)[0] === key);
}

// A card of the dock's hand: choose it, or (another card) start again from it.
function pickHand(key) {
  if (chosen.length) chosen = [];
  if (legalStart(key)) choose(key);
  else showChoices();
}

function hint(left, next, ready) {
  if (!view) return "";
  if (view.victory !== null) return seat === null ? "The logs of the game:" : "Play again with the same seats, or take the logs:";
  if (seat === null) return "You are watching: the last move is ringed in gold.";
  if (!legal.commands.length) {
    const turn = view.turn.player;
    return view.shootout ? "The shootout is waiting for the others." : `${names[turn]} is playing; your turn will come.`;
  }
  if (!chosen.length) {
    const reinforce = legal.commands.some((command) => command.type === "SendReinforcement");
    if (reinforce) return "Shootout! Choose a card to send as a reinforcement.";
    const cards = [...next.keys()].some((key) => key.startsWith("hand:"));
    return cards ? "Choose a card, then where it goes." : "Your move:";
  }
  const type = left[0].command.type;
  const card = keyWords(chosen[0]);
  if (ready.length) return type === "SendReinforcement" ? "Send this card?" : `Play ${card}?`;
  const lines = {
    PlayGangster: `${card}: click the business where it goes.`,
    PlayLiquidation: "Liquidation: click the column whose last card is discarded.",
    PlayPoliceRaid: "Police Raid: click the column whose face-down cards you see.",
    PlayBribery: "Bribery: choose the card to take from the discard pile.",
  };
  if (type === "PlayLimousine") {
    const cards = chosen.length - 1;
    return cards ? `Limousine: ${count(cards, "card")} chosen; click another, or the business they go to.`
      : "Limousine: click the cards of yours to move, in order.";
  }
  return lines[type] ?? "Choose:";
}

// Each thing in the picture that a click can choose, by its key.
function targets() {
  const found = [];
  const svg = page.picture.querySelector("svg");
  if (!svg) return found;
  for (const card of svg.querySelectorAll(".hand [data-card]")) found.push([handKey(card.dataset.card), card]);
  for (const business of svg.querySelectorAll(".business[data-tile]")) {
    const tile = business.dataset.tile;
    found.push([`business:${tile}`, business]);
    business.querySelectorAll(":scope > .column").forEach((column, owner) => {
      found.push([`column:${tile}:${owner}`, column]);
      for (const card of column.querySelectorAll("[data-card]")) found.push([`table:${card.dataset.card}`, card]);
    });
  }
  return found;
}

function markPicture(next) {
  const svg = page.picture.querySelector("svg");
  if (!svg) return;
  svg.querySelector(".choice-rings")?.remove();
  const rings = document.createElementNS("http://www.w3.org/2000/svg", "g");
  rings.setAttribute("class", "choice-rings");
  for (const [key, target] of targets()) {
    const open = next.has(key);
    const picked = chosen.includes(key);
    target.classList.toggle("choosable", open);
    target.classList.toggle("chosen", picked);
    target.dataset.key = key;
    if (open) {
      target.setAttribute("tabindex", "0");
      target.setAttribute("role", "button");
      target.setAttribute("aria-label", keyWords(key));
    } else {
      target.removeAttribute("tabindex");
      target.removeAttribute("role");
    }
    if (open || picked) rings.append(ring(target, picked ? "chosen-ring" : "choice-ring"));
  }
  svg.append(rings);
}

function ring(target, className) {
  const box = target.getBBox();
  const made = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [name, value] of Object.entries({x: box.x - 3, y: box.y - 3, width: box.width + 6, height: box.height + 6, rx: 6})) {
    made.setAttribute(name, value);
  }
  made.setAttribute("class", className);
  return made;
}

// A click on the picture: the innermost thing there that a legal command can use.
function pick(event) {
  const keys = [];
  for (let node = event.target; node && node !== page.picture; node = node.parentNode) {
    if (node.dataset?.key) keys.push(node.dataset.key);
  }
  const next = new Set(candidates().filter(({path}) => path.length > chosen.length).map(({path}) => path[chosen.length]));
  const key = keys.find((wanted) => next.has(wanted));
  if (key) return choose(key);
  const hand = keys.find((wanted) => wanted.startsWith("hand:"));
  if (hand && chosen.length) {  // another card in hand: start again from it
    chosen = [];
    if (candidates().some(({path}) => path[0] === hand)) return choose(hand);
    showChoices();
  }
}

page.picture.addEventListener("click", pick);
page.picture.addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    pick(event);
  }
  if (event.key === "Escape") { chosen = []; showChoices(); }
});
page.sound.onclick = () => {
  soundOn = !soundOn;
  page.sound.textContent = soundOn ? "Sound on" : "Sound off";
  page.sound.setAttribute("aria-pressed", soundOn);
};

new ResizeObserver(relayout).observe(page.table);
new ResizeObserver(fitDock).observe(page.dock);

if (!token) {
  page.status.textContent = "This link has no seat token: use the link the table gave you.";
} else {
  connect();
}
