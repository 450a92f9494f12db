"use strict";
// The page that creates a table: it posts the seats and options to /tables and lists the links.
const NAMES = ["Al", "Bugs", "Capone", "Dutch", "Eddie", "Frank"];
// Who may play a seat: a person, or a bot of the server's roster, which the server writes
// into the page (GET /bots gives the same list). A bot this server cannot seat (the trained
// bot without NumPy) is shown, disabled, with the reason as its tooltip.
const BOTS = JSON.parse(document.getElementById("bots").textContent);
const seats = document.getElementById("seats");

function addSeat() {
  const index = seats.querySelectorAll(".seat").length;
  const row = document.createElement("p");
  row.className = "seat";
  const name = document.createElement("input");
  name.name = "name";
  name.value = NAMES[index % NAMES.length];
  name.setAttribute("aria-label", `Name of seat ${index + 1}`);
  const who = document.createElement("select");
  who.name = "bot";
  who.setAttribute("aria-label", `Who plays seat ${index + 1}`);
  who.append(new Option("a person", ""));
  for (const bot of BOTS) {
    const option = new Option(bot.available ? bot.label : `${bot.label}: unavailable`, bot.name);
    option.disabled = !bot.available;
    if (bot.reason) option.title = bot.reason;
    who.append(option);
  }
  if (index >= 2) who.value = "heuristic";
  row.append(name, " played by ", who);
  seats.append(row);
}

document.getElementById("add-seat").onclick = addSeat;
document.getElementById("remove-seat").onclick = () => {
  const rows = seats.querySelectorAll(".seat");
  if (rows.length > 1) rows[rows.length - 1].remove();
};
for (let i = 0; i < 3; i++) addSeat();

document.getElementById("create").onsubmit = async (submitted) => {
  submitted.preventDefault();
  const form = submitted.target;
  const names = [...form.querySelectorAll("input[name=name]")].map((input) => input.value);
  const bots = [...form.querySelectorAll("select[name=bot]")].map((select) => select.value || null);
  const options = {};
  for (const box of form.querySelectorAll("input[type=checkbox]")) options[box.name] = box.checked;
  const answer = await fetch("/tables", {
    method: "POST",
    headers: {"Content-Type": "application/json"},
    body: JSON.stringify({names, bots, options}),
  });
  const body = await answer.json();
  const problem = document.getElementById("problem");
  problem.hidden = answer.ok;
  if (!answer.ok) {
    problem.textContent = body.message;
    return;
  }
  const list = document.getElementById("link-list");
  list.replaceChildren();
  for (const seat of body.seats) {
    const item = document.createElement("li");
    if (seat.link) {
      item.append(linkRow(seat.link, `${seat.name}'s seat`, "seat-link",
        "Private: only this player may have it. Send it to them; whoever opens it plays the seat."));
    } else {
      item.textContent = `${seat.name}: played by the ${seat.bot} bot`;
    }
    list.append(item);
  }
  const watch = document.createElement("li");
  watch.append(linkRow(body.spectator, "Watch as a spectator", "spectator-link", "Anyone may have it."));
  list.append(watch);
  document.getElementById("links").hidden = false;
};

// A link, a button that copies its whole address, and what it is for.
function linkRow(href, text, className, note) {
  const row = document.createDocumentFragment();
  const link = document.createElement("a");
  link.href = href;
  link.textContent = text;
  link.className = className;
  const copy = document.createElement("button");
  copy.type = "button";
  copy.className = "copy";
  copy.textContent = "Copy link";
  copy.setAttribute("aria-label", `Copy the link: ${text}`);
  copy.onclick = async () => {
    try {
      await navigator.clipboard.writeText(link.href);
    } catch (error) {  // no clipboard API (a page served over plain HTTP): the older way
      const field = document.createElement("textarea");
      field.value = link.href;
      document.body.append(field);
      field.select();
      document.execCommand("copy");
      field.remove();
    }
    copy.textContent = "Copied";
    copy.classList.add("done");
  };
  const said = document.createElement("span");
  said.className = "note";
  said.textContent = note;
  row.append(link, copy, said);
  return row;
}
