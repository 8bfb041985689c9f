// The hexforge table: the page of `hexforge serve` (docs/serve.md). Plain JavaScript, no
// build step: it talks to the JSON API of core/serve/app.py and shows the board SVG the
// game's renderer draws, with zoom and pan; clicking a hex or a model answers the decision
// when it is one of the choices, and otherwise selects it. Hovering a model (or selecting
// it) marks the hexes the game's `inspect` names for it (motu: in sight, in range, in
// reach, in cover), hovering a choice those of the choice (an attack's target and cover).
// The page's own words come from /api/words in the chosen language; the log is the game's
// own account in that language. Watch mode steps through the game so far (played here or
// loaded) with the replay viewer's own front end (stepper.js of hexforge.core.render, over
// GET /api/tables/ID/replay): the same controls, stops and keys as `hexforge render replay`.
"use strict";

const BOOKKEEPING = new Set([
  "open", "close", "ap", "attach", "detach", "card", "event", "trigger", "create",
  "cancelled", "replaced", "deferred",
]);
const $ = (id) => document.getElementById(id);
const state = {
  lobby: null, table: null, view: null, boardVersion: -1, viewBox: null, socket: null,
  selected: null, words: {}, lang: "en", wanted: null, marks: null, marksKey: null, shownMarks: null,
  hovered: null, stepper: null,
};

// -- the page's words ------------------------------------------------------------------

function word(key) {
  return state.words[key] || key;
}

async function setLanguage(lang) {
  if (lang === state.wanted && Object.keys(state.words).length) return;
  state.wanted = lang;
  const data = await api("GET", `/api/words?lang=${lang}`);
  state.lang = data.lang;
  state.words = data.words;
  document.documentElement.lang = data.lang;
  for (const node of document.querySelectorAll("[data-word]")) {
    node.textContent = word(node.dataset.word);
  }
  for (const node of document.querySelectorAll("[data-word-title]")) {
    node.title = word(node.dataset.wordTitle);
  }
  for (const node of document.querySelectorAll("[data-word-placeholder]")) {
    node.placeholder = word(node.dataset.wordPlaceholder);
  }
  document.title = word("title");
  for (const option of $("seats").querySelectorAll("option[value=human]")) {
    option.title = word("you");
  }
  for (const input of $("options").querySelectorAll("input")) input.placeholder = word("default");
  if (state.view) show(state.view, true);
  showMarks(state.shownMarks);
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) {
    showProblems(data.errors || []);
    throw new Error(response.status);
  }
  return data;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function showProblems(errors) {
  const box = $("problems");
  box.replaceChildren(...errors.map((e) =>
    el("div", { class: "error" }, `${e.code}: ${e.message}` + (e.hint ? ` (${e.hint})` : ""))));
}

// -- the lobby ------------------------------------------------------------------------

function currentGame() {
  return state.lobby.games.find((g) => g.id === $("game").value);
}

function fillLobby() {
  const game = currentGame();
  const kept = {};  // the seats and options chosen so far (a new language keeps them)
  for (const node of $("lobby").querySelectorAll("#seats select, #options input")) {
    kept[node.name] = node.value;
  }
  const seats = game.players.map((player, i) => {
    const select = el("select", { name: `agent-${i}`, "data-player": player });
    for (const agent of game.agents) {
      const title = agent.name === "human" ? word("you") : agent.description;
      const option = el("option", { value: agent.name, title }, agent.name);
      if (agent.name === (i === 0 ? "human" : "random")) option.selected = true;
      select.append(option);
    }
    return el("label", {}, `${player} `, select);
  });
  $("seats").replaceChildren(...seats);
  const options = game.options.map((option) => {
    const list = el("datalist", { id: `values-${option.name}` },
      ...option.values.map((v) => el("option", { value: v })));
    const input = el("input", {
      name: `option-${option.name}`, "data-option": option.name, list: list.id,
      placeholder: word("default"), title: option.description,
    });
    return el("label", { class: "option" }, `${option.name} `, input, list);
  });
  $("options").replaceChildren(...options);
  for (const node of $("lobby").querySelectorAll("#seats select, #options input")) {
    const value = kept[node.name];
    if (value === undefined) continue;
    if (node.tagName === "INPUT" || [...node.options].some((o) => o.value === value)) {
      node.value = value;
    }
  }
}

function lobbyRequest() {
  const request = {
    game: $("game").value,
    agents: [...$("seats").querySelectorAll("select")].map((s) => s.value),
    options: {},
    lang: $("lang").value,
  };
  for (const input of $("options").querySelectorAll("input")) {
    if (input.value.trim()) request.options[input.dataset.option] = input.value.trim();
  }
  if ($("seed").value !== "") request.seed = Number($("seed").value);
  return request;
}

async function startGame(event) {
  event.preventDefault();
  showProblems([]);
  const view = await api("POST", "/api/tables", lobbyRequest());
  follow(view);
}

async function loadGame() {
  const file = $("load").files[0];
  if (!file) return;
  showProblems([]);
  const request = lobbyRequest();
  delete request.seed;
  request.log = await file.text();
  $("load").value = "";
  const view = await api("POST", "/api/tables/load", request);
  follow(view);
}

// -- watch mode: the replay viewer's stepper over the table's game so far -----------------

async function watch() {
  if (!state.table) return;
  const data = await api("GET", `/api/tables/${state.table}/replay`);
  closeWatch();
  $("watch-body").innerHTML = data.html;
  document.querySelector("main").hidden = true;
  $("watch-panel").hidden = false;
  state.stepper = HexforgeStepper({
    root: $("watch-panel"), data, prefix: data.prefix, hash: false, words: data.words,
    active: () => !$("watch-panel").hidden,
  });
}

function closeWatch() {
  if (state.stepper) state.stepper.destroy();
  state.stepper = null;
  $("watch-panel").hidden = true;
  $("watch-body").replaceChildren();
  document.querySelector("main").hidden = false;
}

// -- following a table ------------------------------------------------------------------

function follow(view) {
  closeWatch();
  if (state.socket) state.socket.close();
  state.table = view.id;
  state.boardVersion = -1;
  state.viewBox = null;
  state.selected = null;
  state.marks = null;
  state.shownMarks = null;
  $("save").href = `/api/tables/${view.id}/log`;
  $("save").setAttribute("download", `${view.game}-seed${view.seed}.log`);
  $("save").classList.remove("disabled");
  show(view);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${view.id}/updates`);
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.errors) showProblems(data.errors);
    else if (data.id === state.table) show(data);
  };
  socket.onerror = () => poll(view.id, view.version);
  state.socket = socket;
}

async function poll(id, version) {
  // without a WebSocket: long polling (GET ?wait=VERSION answers when the game moves on)
  while (state.table === id) {
    const view = await api("GET", `/api/tables/${id}?wait=${version}`);
    if (state.table !== id) return;
    show(view);
    version = view.version;
    if (view.status === "over" || view.status === "failed") return;
  }
}

function show(view, again) {
  if (!again && state.view && view.version < state.view.version && view.id === state.view.id) {
    return;
  }
  state.view = view;
  if (view.lang !== state.wanted) setLanguage(view.lang);
  const status = $("status");
  status.removeAttribute("data-word");
  status.textContent = `${view.game}, ${word("seed")} ${view.seed}: ${word(view.status)}`;
  status.className = view.status;
  $("watch").disabled = false; // the game so far, over or not
  if (view.problems.length) showProblems(view.problems);
  showDice(view);
  showDecision(view);
  showResult(view);
  showLog(view);
  if (view.board_version !== state.boardVersion) loadBoard(view.id, view.board_version);
  else {
    markChoices();
    if (state.selected && marksKey(view) !== state.marksKey) modelMarks(state.selected);
  }
}

function showDecision(view) {
  const box = $("decision");
  const decision = view.decision;
  if (!decision) {
    box.replaceChildren();
    return;
  }
  const choices = decision.options.map((option) => {
    const button = el("button", {
      type: "button", "data-index": option.index, "data-value": option.text,
      onclick: () => answer(option.index),
      onmouseenter: () => {
        if (option.card) showCard(option.card);
        hover(option.text, true);
        if (Object.keys(option.marks).length) showMarks(option.marks);
        else if (boardNodes(option.text).some((n) => n.dataset.id)) modelMarks(option.text);
      },
      onmouseleave: () => {
        hover(option.text, false);
        state.hovered = null;
        showMarks(selectedMarks());
      },
    }, option.label);
    return el("li", {}, button);
  });
  const parts = [
    el("h2", {}, `${decision.player}: ${decision.kind}`),
    el("div", { class: "context" }, decision.context_text.join("; ")),
    el("ol", { id: "choices" }, ...choices),
  ];
  if (decision.can_undo) {
    parts.push(el("button", { id: "undo", type: "button", onclick: undo }, word("undo")));
  }
  box.replaceChildren(...parts);
}

function showDice(view) {
  // the latest rolls (and shuffles), newest last: what the dice just said
  const rolls = view.log.filter(([kind]) => kind === "dice").slice(-3);
  $("dice").replaceChildren(...rolls.map(([, , text]) => el("li", {}, `\u2684 ${text}`)));
}

function showResult(view) {
  const box = $("result");
  if (!view.result) {
    box.replaceChildren();
    return;
  }
  box.replaceChildren(
    el("h2", {}, word("result")),
    el("div", { class: "summary", id: "summary" }, view.result.summary),
    el("ol", {}, ...view.result.account.map((line) => el("li", {}, line))),
  );
}

function showLog(view) {
  // the game's own account in the table's language; "every entry": the log's entries
  const list = $("log");
  const all = $("all-entries").checked;
  const every = all || !view.account;
  list.className = all ? "entries" : view.account ? "account" : "entries compact";
  const rows = every ? view.log.map(([kind, type, text], i) => {
    const shown = kind === "dice" ? `\u2684 ${text}` : text;
    const cls = BOOKKEEPING.has(type) && kind !== "dice" ? "engine" : kind;
    return el("li", { class: cls, value: i + 1 }, shown);
  }) : view.account.map(([text, style]) =>
    el("li", { class: style.split(" ").filter(Boolean).map((s) => `style-${s}`).join(" ") },
      text));
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 20;
  list.replaceChildren(...rows);
  if (atEnd) list.scrollTop = list.scrollHeight;
}

async function showCard(card) {
  const lang = state.view ? state.view.lang : "en";
  const response = await fetch(`/api/cards/${card}?lang=${lang}`);
  if (response.ok) $("card").innerHTML = await response.text();
}

async function answer(index) {
  const decision = state.view && state.view.decision;
  if (!decision) return;
  const view = await api("POST", `/api/tables/${state.table}/answer`, { seq: decision.seq, index });
  show(view);
}

async function undo() {
  show(await api("POST", `/api/tables/${state.table}/undo`));
}

// -- the board: picture, choices, clicks, zoom and pan -----------------------------------

async function loadBoard(id, version) {
  const response = await fetch(`/api/tables/${id}/board`);
  if (state.table !== id) return;
  state.boardVersion = version;
  const board = $("board");
  if (response.status === 204) {
    board.replaceChildren(el("p", { class: "hint" }, word("no_picture")));
    return;
  }
  board.innerHTML = await response.text();
  const svg = board.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (state.viewBox) svg.setAttribute("viewBox", state.viewBox.join(" "));
  else state.viewBox = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  markChoices();
  state.shownMarks = null;
  if (state.selected) modelMarks(state.selected);
  else showMarks(null);
}

function targetOf(node) {
  // the model (data-id) or hex (data-coord) a click landed on
  const svg = $("board").querySelector("svg");
  for (let n = node; n && n !== svg; n = n.parentNode) {
    if (n.dataset && (n.dataset.id || n.dataset.coord)) return n;
  }
  return null;
}

function choiceFor(target) {
  const decision = state.view && state.view.decision;
  if (!decision || !target) return null;
  const names = [target.dataset.id, target.dataset.coord].filter(Boolean);
  for (const name of names) {
    const option = decision.options.find((o) => o.text === name);
    if (option) return option;
  }
  return null;
}

function markChoices() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const node of svg.querySelectorAll(".choice, .choice-unit")) {
    node.classList.remove("choice", "choice-unit");
  }
  const decision = state.view && state.view.decision;
  if (!decision) return;
  const wanted = new Set(decision.options.map((o) => o.text));
  for (const node of svg.querySelectorAll("[data-coord], [data-id]")) {
    if (node.dataset.id && wanted.has(node.dataset.id)) node.classList.add("choice-unit");
    else if (!node.dataset.id && wanted.has(node.dataset.coord)) node.classList.add("choice");
  }
}

function boardNodes(name) {
  const svg = $("board").querySelector("svg");
  if (!svg) return [];
  return [...svg.querySelectorAll("[data-id], [data-coord]")].filter((node) =>
    node.dataset.id ? node.dataset.id === name : node.dataset.coord === name);
}

function hover(name, on) {
  // a choice hovered in the list is outlined on the board (its hex or its model)
  for (const node of boardNodes(name)) node.classList.toggle("hovered", on);
}

function select(target) {
  const svg = $("board").querySelector("svg");
  for (const node of svg.querySelectorAll(".selected")) node.classList.remove("selected");
  state.selected = target ? target.dataset.id || null : null;
  if (!target) {
    $("selected").textContent = "";
    showMarks(null);
    return;
  }
  target.classList.add("selected");
  const what = [target.dataset.coord, target.dataset.id].filter(Boolean).join(" ");
  $("selected").textContent = `${word("selected")}: ${what}`;
  if (target.dataset.id) modelMarks(target.dataset.id);
  else showMarks(null);
  const cards = (state.view && state.view.cards[target.dataset.id]) || [];
  const card = target.dataset.card || cards[0];
  if (card) showCard(card);
}

// -- marks: what a hovered or selected model sees, reaches, where cover is ---------------

function marksKey(view) {
  return `${view.id}:${view.board_version}:${view.status}`;
}

async function loadMarks() {
  // the marks of every model for the board shown (worked out while the browser decides)
  const view = state.view;
  if (!view) return null;
  const key = marksKey(view);
  if (state.marksKey !== key) {
    state.marksKey = key;
    state.marks = await api("GET", `/api/tables/${view.id}/marks`);
  }
  return state.marks;
}

async function modelMarks(id) {
  state.hovered = id;
  const marks = await loadMarks();
  if (state.hovered !== id) return;
  showMarks(marks && marks.units[id] ? marks.units[id] : null);
}

function selectedMarks() {
  const units = state.marks ? state.marks.units : {};
  return (state.selected && units[state.selected]) || null;
}

function hexNodes(svg) {
  // the hex polygon of each coordinate (models carry data-id as well)
  const hexes = new Map();
  for (const node of svg.querySelectorAll("polygon[data-coord]:not([data-id])")) {
    if (!hexes.has(node.dataset.coord)) hexes.set(node.dataset.coord, node);
  }
  return hexes;
}

function showMarks(marks) {
  // marks: {coordinate: [tags]}; drawn as tinted copies of the hexes below the models
  state.shownMarks = marks;
  const svg = $("board").querySelector("svg");
  const legend = $("legend");
  legend.replaceChildren();
  if (!svg) return;
  const old = svg.querySelector("#marks");
  if (old) old.remove();
  if (!marks || !Object.keys(marks).length) return;
  const ns = "http://www.w3.org/2000/svg";
  const layer = document.createElementNS(ns, "g");
  layer.setAttribute("id", "marks");
  const hexes = hexNodes(svg);
  const counts = {};
  for (const [coord, tags] of Object.entries(marks)) {
    const hex = hexes.get(coord);
    if (!hex) continue;
    const copy = document.createElementNS(ns, "polygon");
    copy.setAttribute("points", hex.getAttribute("points"));
    if (hex.getAttribute("transform")) copy.setAttribute("transform", hex.getAttribute("transform"));
    copy.setAttribute("class", ["mark", ...tags.map((t) => `mark-${t}`)].join(" "));
    copy.setAttribute("data-mark", coord);
    layer.append(copy);
    for (const tag of tags) counts[tag] = (counts[tag] || 0) + 1;
  }
  const models = svg.querySelector("[data-id]");
  const above = models && models.parentNode !== svg ? models.parentNode : null;
  if (above) above.parentNode.insertBefore(layer, above);
  else svg.append(layer);
  legend.replaceChildren(...Object.entries(counts).map(([tag, n]) =>
    el("span", { class: `key mark-${tag}` }, `${word(tag)} ${n}`)));
}

function boardOver(event) {
  const target = targetOf(event.target);
  if (target && target.dataset.id) modelMarks(target.dataset.id);
}

function boardOut(event) {
  const target = targetOf(event.target);
  if (!target || !target.dataset.id) return;
  const into = targetOf(event.relatedTarget);
  if (into && into.dataset.id === target.dataset.id) return;
  state.hovered = null;
  showMarks(selectedMarks());
}

function boardClick(event) {
  const target = targetOf(event.target);
  const option = choiceFor(target);
  if (option) answer(option.index);
  else select(target);
}

function setBox(box) {
  state.viewBox = box;
  const svg = $("board").querySelector("svg");
  if (svg) svg.setAttribute("viewBox", box.join(" "));
}

function zoom(factor, cx, cy) {
  const svg = $("board").querySelector("svg");
  if (!svg || !state.viewBox) return;
  const [x, y, w, h] = state.viewBox;
  const px = cx === undefined ? x + w / 2 : cx;
  const py = cy === undefined ? y + h / 2 : cy;
  setBox([px - (px - x) * factor, py - (py - y) * factor, w * factor, h * factor]);
}

function pointOf(event) {
  const svg = $("board").querySelector("svg");
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  return point.matrixTransform(svg.getScreenCTM().inverse());
}

function installBoardControls() {
  const board = $("board");
  board.addEventListener("wheel", (event) => {
    if (!board.querySelector("svg")) return;
    event.preventDefault();
    const p = pointOf(event);
    zoom(event.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
  }, { passive: false });
  let drag = null;
  board.addEventListener("pointerdown", (event) => {
    const svg = board.querySelector("svg");
    if (!svg || event.button !== 0) return;
    drag = { x: event.clientX, y: event.clientY, box: state.viewBox.slice(), moved: false };
  });
  board.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 4) return;
    drag.moved = true;
    board.classList.add("dragging");
    const svg = board.querySelector("svg");
    const scale = drag.box[2] / svg.getBoundingClientRect().width;
    setBox([drag.box[0] - dx * scale, drag.box[1] - dy * scale, drag.box[2], drag.box[3]]);
  });
  const end = (event) => {
    if (drag && !drag.moved && event.type === "pointerup") boardClick(event);
    drag = null;
    board.classList.remove("dragging");
  };
  board.addEventListener("pointerup", end);
  board.addEventListener("pointerover", boardOver);
  board.addEventListener("pointerout", boardOut);
  board.addEventListener("pointerleave", end);
  $("zoom-in").addEventListener("click", () => zoom(1 / 1.25));
  $("zoom-out").addEventListener("click", () => zoom(1.25));
  $("zoom-fit").addEventListener("click", () => {
    state.viewBox = null;
    state.boardVersion = -1;
    if (state.view) loadBoard(state.view.id, state.view.board_version);
  });
}

async function main() {
  installBoardControls();
  await setLanguage("en");
  state.lobby = await api("GET", "/api/lobby");
  if (state.lobby.problems.length) showProblems(state.lobby.problems);
  for (const game of state.lobby.games) $("game").append(el("option", { value: game.id }, game.name));
  for (const lang of state.lobby.languages) $("lang").append(el("option", { value: lang }, lang));
  $("game").addEventListener("change", fillLobby);
  $("lang").addEventListener("change", () => setLanguage($("lang").value));
  $("lobby").addEventListener("submit", startGame);
  $("load").addEventListener("change", loadGame);
  $("all-entries").addEventListener("change", () => state.view && showLog(state.view));
  $("watch").addEventListener("click", watch);
  $("watch-close").addEventListener("click", closeWatch);
  fillLobby();
}

main();
