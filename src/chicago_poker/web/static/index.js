"use strict";
// The page that creates a table: it posts the seats and options to /tables and lists the links.
const NAMES = ["Al", "Bugs", "Capone", "Dutch", "Eddie", "Frank"];
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
  for (const [value, label] of [["", "a person"], ["heuristic", "heuristic bot"], ["random", "random bot"]]) {
    const option = new Option(label, value);
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
      const link = document.createElement("a");
      link.href = seat.link;
      link.textContent = `${seat.name}'s seat`;
      link.className = "seat-link";
      item.append(link, " (private: only this player may have it)");
    } else {
      item.textContent = `${seat.name}: played by the ${seat.bot} bot`;
    }
    list.append(item);
  }
  const watch = document.createElement("li");
  const link = document.createElement("a");
  link.href = body.spectator;
  link.textContent = "Watch as a spectator";
  link.className = "spectator-link";
  watch.append(link);
  list.append(watch);
  document.getElementById("links").hidden = false;
};
