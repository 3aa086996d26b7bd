// pnp studio: plain script, no build step. Every request carries the session token.
"use strict";
const TOKEN = document.body.dataset.token;
const PAGE = document.body.dataset.page;
const $ = (sel) => document.querySelector(sel);
const $$ = (sel) => Array.from(document.querySelectorAll(sel));
const img = (key) => key ? `/img/${key}.png?token=${encodeURIComponent(TOKEN)}` : "";

async function api(path, body) {
  const r = await fetch(path, {method: body === undefined ? "GET" : "POST",
    headers: {"Content-Type": "application/json", "X-Studio-Token": TOKEN},
    body: body === undefined ? undefined : JSON.stringify(body)});
  let data = {};
  try { data = await r.json(); } catch (e) { data = {error: `HTTP ${r.status}`}; }
  return {ok: r.ok, status: r.status, data};
}

function say(text, kind) {
  const m = $("#message") || $("#status");
  if (m) { m.textContent = text; m.className = kind || ""; }
}

function listFindings(ul, items, cls) {
  ul.replaceChildren(...items.map((f) => {
    const li = document.createElement("li");
    li.className = cls || f.severity || "error";
    if (typeof f === "string") { li.textContent = f; return li; }
    const code = document.createElement("code");
    code.textContent = f.where;
    li.append(code, ` ${f.severity}: ${f.message}`);
    return li;
  }));
}

// Outside edits (and saves from another tab) arrive as a new version over server-sent events.
function onChange(handler) {
  let version = document.body.dataset.version;
  const es = new EventSource(`/events?token=${encodeURIComponent(TOKEN)}`);
  es.addEventListener("change", (ev) => {
    if (ev.data !== version) { version = ev.data; handler(); }
  });
}

// ---- game page ----------------------------------------------------------------------------
function gamePage() {
  const apply = () => {
    const comp = $("#f-comp").value, find = $("#f-find").value, text = $("#f-text").value.toLowerCase();
    $$("figure.card").forEach((el) => {
      const sev = el.dataset.sev;
      const okFind = !find || (find === "any" ? sev : find === "none" ? !sev
        : sev.split(" ").includes(find) || el.dataset.checks.split(" ").includes(find));
      el.hidden = !((!comp || el.dataset.comp === comp) && okFind && (!text || el.dataset.text.includes(text)));
    });
    $$("section.component").forEach((s) => { s.hidden = !!comp && s.dataset.comp !== comp; });
  };
  ["#f-comp", "#f-find", "#f-text"].forEach((s) => ["input", "change"].forEach((ev) => $(s).addEventListener(ev, apply)));
  const lang = $("#f-lang");
  if (lang) lang.addEventListener("change", () => {
    location.search = `?token=${encodeURIComponent(TOKEN)}&lang=${encodeURIComponent(lang.value)}`;
  });
  $("#build").addEventListener("click", async () => {
    const game = $("#build").dataset.game;
    say("building…");
    const r = await api("/api/build", {game});
    const out = $("#pdfs");
    if (r.ok && r.data.ok) {
      out.replaceChildren(...r.data.pdfs.map((n) => {
        const a = document.createElement("a");
        a.href = `/pdf/${game}/${encodeURIComponent(n)}?token=${encodeURIComponent(TOKEN)}`;
        a.textContent = n; a.className = "pdf"; return a;
      }));
      say("built");
    } else {
      out.textContent = (r.data.problems || [r.data.error]).join("\n");
      say("the build stopped", "error");
    }
  });
  onChange(() => location.reload());
}

// ---- card page ----------------------------------------------------------------------------
function cardPage() {
  const root = $("#card");
  const ids = {game: root.dataset.game, component: root.dataset.comp, card: root.dataset.card};
  let base = root.dataset.base;
  let saved = new Map();
  const inputs = () => $$("#fields textarea");
  const keyOf = (t) => `${t.dataset.field}\u0000${t.dataset.lang}`;
  const remember = () => { saved = new Map(inputs().map((t) => [keyOf(t), t.value])); };
  const edits = () => inputs().filter((t) => t.value !== saved.get(keyOf(t)))
    .map((t) => ({field: t.dataset.field, lang: t.dataset.lang || null, value: t.value}));
  let timer = null, seq = 0;

  async function preview() {
    const mine = ++seq;
    const r = await api("/api/preview", {...ids, edits: edits(), lang: $("#lang").value});
    if (mine !== seq) return;  // a newer keystroke's preview is on its way
    if (!r.ok) { say(r.data.error, "error"); listFindings($("#problems"), r.data.problems || [], "error"); return; }
    const d = r.data;
    if (d.front) $("#front").src = img(d.front);
    $("#back").hidden = !d.back;
    if (d.back) $("#back").src = img(d.back);
    listFindings($("#problems"), d.problems, "error");
    listFindings($("#findings"), d.findings);
    listFindings($("#caused"), d.caused.map((f) => ({...f, severity: `new ${f.severity}`})));
    listFindings($("#fixed"), d.fixed.map((f) => ({...f, severity: `fixed ${f.severity}`})), "fixed");
    root.dataset.previewed = String(mine);
  }
  const schedule = () => { clearTimeout(timer); timer = setTimeout(preview, 200); };
  inputs().forEach((t) => t.addEventListener("input", () => { say(edits().length ? "unsaved" : ""); schedule(); }));
  $("#lang").addEventListener("change", preview);

  async function reload() {
    const r = await api(`/api/card/${ids.game}/${ids.component}/${ids.card}`);
    if (!r.ok) { say(r.data.error, "error"); return; }
    base = r.data.base;
    for (const f of r.data.fields) {
      for (const t of inputs().filter((x) => x.dataset.field === f.name)) {
        const v = t.dataset.lang ? f.values[t.dataset.lang] : Object.values(f.values)[0];
        t.value = v == null ? "" : v;
        t.classList.toggle("stale", (f.stale || []).includes(t.dataset.lang));
        t.classList.toggle("missing", v == null && !!t.dataset.lang);
      }
    }
    remember();
    preview();
  }

  $("#save").addEventListener("click", async () => {
    const e = edits();
    if (!e.length) { say("nothing to save"); return; }
    const r = await api("/api/save", {...ids, edits: e, base});
    if (r.ok) { base = r.data.base; remember(); say("saved", "ok"); preview(); }
    else {
      say(r.data.error, "error");
      listFindings($("#problems"), r.data.problems || [], "error");
    }
  });
  $("#undo").addEventListener("click", async () => {
    const r = await api("/api/undo", {});
    if (r.ok) { say(`undone (${r.data.undone})`, "ok"); reload(); } else say(r.data.error, "error");
  });
  onChange(async () => {
    if (!edits().length) { reload(); return; }
    const r = await api(`/api/card/${ids.game}/${ids.component}/${ids.card}`);
    if (r.ok && r.data.base !== base) say("the file changed on disk: saving will be refused until you reload", "error");
  });
  remember();
  preview();
}

// ---- translation page -----------------------------------------------------------------------
function translatePage() {
  const table = $("#translations");
  const bases = JSON.parse(table.dataset.bases);
  $$("#translations textarea").forEach((t) => {
    let before = t.value;
    t.addEventListener("change", async () => {
      const d = t.dataset;
      const r = await api("/api/save", {game: table.dataset.game, component: d.comp, card: d.card,
        edits: [{field: d.field, lang: d.lang, value: t.value}], base: bases[d.comp]});
      if (r.ok) {
        bases[d.comp] = r.data.base; before = t.value;
        t.parentElement.classList.toggle("missing", !t.value);
        t.parentElement.classList.remove("stale");
        say(`saved ${d.card}.${d.field}.${d.lang}`, "ok");
      } else {
        say(`${r.data.error} ${(r.data.problems || []).join(" ")}`, "error");
      }
    });
  });
  $("#only-missing").addEventListener("change", (ev) => {
    $$("#translations tr").slice(1).forEach((tr) => { tr.hidden = ev.target.checked && !tr.classList.contains("has-missing"); });
  });
  onChange(() => { if (!$$("#translations textarea").some((t) => t === document.activeElement)) location.reload(); });
}

if (PAGE === "game") gamePage();
else if (PAGE === "card") cardPage();
else if (PAGE === "translate") translatePage();
