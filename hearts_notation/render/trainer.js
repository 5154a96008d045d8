(function () {
  "use strict";
  // The puzzle trainer: shows the puzzles computed by hearts_notation.puzzles.
  // It holds no rule of play (the legal cards, the answers and the reasons are
  // in the data) and no word of any language (the words are in the data too).
  var data = JSON.parse(document.getElementById("trainer-data").textContent);
  var W = data.words;
  // One store for every set: a puzzle keeps its progress (by its id) in next
  // week's page too, made from more games.
  var KEY = "hearts-puzzles/v1";
  // Spaced repetition (Leitner boxes), on a clock that counts the answers
  // given: a missed puzzle is due again after AGAIN answers (and at once in a
  // later visit once that many have passed); a solved one after GAPS[box].
  var AGAIN = 1;
  var GAPS = [4, 10, 25, 60, 150];

  function fmt(s, args) {
    return s.replace(/\{(\w+)\}/g, function (m, k) { return k in args ? String(args[k]) : m; });
  }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function load() {
    try {
      var s = JSON.parse(window.localStorage.getItem(KEY) || "null");
      if (s && typeof s === "object" && s.p && typeof s.clock === "number") { return s; }
    } catch (e) { /* storage refused or damaged: start afresh */ }
    return { clock: 0, p: {} };
  }
  function save() {
    try { window.localStorage.setItem(KEY, JSON.stringify(state)); } catch (e) { /* private mode */ }
  }
  var state = load();

  function cardText(code) { return data.cards[code].t; }
  function cardList(codes) { return codes.map(cardText).join(" "); }
  function seatText(s) { return data.seats_text[s] || s; }
  function who(p, s) {
    var name = p.players[s];
    return name ? name + " (" + seatText(s) + ")" : seatText(s);
  }
  function cardFace(code, tag) {
    var c = data.cards[code];
    var e = el(tag || "span", "card" + (c.red ? " red" : ""));
    e.appendChild(el("span", "rank", c.r));
    e.appendChild(el("span", "suit", c.s));
    return e;
  }

  var byId = {};
  data.puzzles.forEach(function (p) { byId[p.id] = p; });
  var main = document.getElementById("puzzles");
  var current = null;

  function build(p) {
    var a = el("article");
    a.setAttribute("data-puzzle", p.id);
    a.setAttribute("data-theme", p.theme);
    a.setAttribute("data-position", p.position);
    a.hidden = true;
    var h = el("h2", null, fmt(W.heading, { deal: p.deal, trick: p.trick, who: who(p, p.seat) }));
    a.appendChild(h);
    var file = p.source ? p.source.split(/[\\/]/).pop() : null;
    var meta = [p.event, p.date, file].filter(function (x) { return x; }).join(" · ");
    a.appendChild(el("p", "meta", meta + " · " + (data.themes[p.theme] || p.theme)));
    var facts = el("ul", "facts");
    if (p.pass) {
      facts.appendChild(el("li", null, fmt(W.passed, {
        cards: p.pass.given ? cardList(p.pass.given) : "?", to: who(p, p.pass.to),
        got: p.pass.received ? cardList(p.pass.received) : "?", from: who(p, p.pass.from) })));
    } else {
      facts.appendChild(el("li", null, W.hold));
    }
    facts.appendChild(el("li", null, fmt(W.taken, { list: p.seats.map(function (s) {
      return seatText(s) + " " + p.taken[s]; }).join(", ") })));
    facts.appendChild(el("li", null, p.hearts_broken ? W.broken : W.not_broken));
    Object.keys(p.voids).forEach(function (s) {
      facts.appendChild(el("li", null, fmt(W.voids, { who: who(p, s), suits: p.voids[s].map(function (x) {
        return W["suit_" + x]; }).join(", ") })));
    });
    a.appendChild(facts);
    if (p.tricks.length) {
      var det = el("details");
      det.appendChild(el("summary", null, fmt(W.tricks, { n: p.tricks.length })));
      var ol = el("ol");
      p.tricks.forEach(function (t) {
        ol.appendChild(el("li", null, t.plays.map(function (x) {
          return seatText(x.seat) + " " + cardText(x.card); }).join("  ") + "  " + fmt(W.won, { who: seatText(t.winner) })));
      });
      det.appendChild(ol);
      a.appendChild(det);
    }
    var felt = el("div", "felt");
    felt.appendChild(el("h3", null, p.trick_now.length ? W.trick_now : W.trick_empty));
    var tr = el("div", "trick");
    p.trick_now.forEach(function (x) {
      var box = el("div", "played");
      box.appendChild(cardFace(x.card));
      box.appendChild(el("span", null, seatText(x.seat)));
      tr.appendChild(box);
    });
    felt.appendChild(tr);
    a.appendChild(felt);
    a.appendChild(el("p", "task", W.task));
    var hand = el("div", "hand");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", W.hand);
    p.hand.forEach(function (code) {
      var b = cardFace(code, "button");
      b.type = "button";
      b.setAttribute("data-card", code);
      b.setAttribute("aria-label", data.cards[code].n);
      if (p.legal.indexOf(code) < 0) { b.disabled = true; }
      b.addEventListener("click", function () { choose(p, a, code); });
      hand.appendChild(b);
    });
    a.appendChild(hand);
    var res = el("div", "result");
    res.setAttribute("aria-live", "polite");
    a.appendChild(res);
    var next = el("button", "next", W.next);
    next.type = "button";
    next.hidden = true;
    next.addEventListener("click", function () { advance(); });
    a.appendChild(next);
    return a;
  }

  function choose(p, a, code) {
    if (a.hasAttribute("data-result")) { return; }
    var right = p.good.indexOf(code) >= 0;
    a.setAttribute("data-result", right ? "correct" : "wrong");
    var st = state.p[p.id] || { box: 0, due: 0, right: 0, wrong: 0 };
    state.clock += 1;
    if (right) {
      st.right += 1;
      st.due = state.clock + GAPS[Math.min(st.box, GAPS.length - 1)];
      st.box = Math.min(st.box + 1, GAPS.length - 1);
    } else {
      st.wrong += 1;
      st.box = 0;
      st.due = state.clock + AGAIN;
    }
    st.last = right ? "correct" : "wrong";
    state.p[p.id] = st;
    save();
    a.querySelectorAll("button[data-card]").forEach(function (b) {
      var c = b.getAttribute("data-card");
      if (c === code) { b.classList.add("chosen"); b.setAttribute("aria-pressed", "true"); }
      if (p.good.indexOf(c) >= 0) { b.classList.add("good"); }
      if (c === code && !right) { b.classList.add("wrong"); }
    });
    var res = a.querySelector(".result");
    res.textContent = "";
    res.appendChild(el("p", "verdict", right ? W.correct : W.wrong));
    if (!right && code !== p.played && code in p.losses) {
      var base = p.losses[p.best[0]] || 0;
      res.appendChild(el("p", null, fmt(W.yours, { card: cardText(code), loss: num(p.losses[code] - base) })));
    }
    var line = el("p", null, fmt(W.in_game, { card: cardText(p.played), loss: num(p.loss) }));
    var mk = el("span", "mark" + (p.mark === "??" ? " m-b" : ""), p.mark);
    line.appendChild(mk);
    res.appendChild(line);
    res.appendChild(el("p", null, fmt(W.better, { cards: cardList(p.good.length ? p.good : p.best) })));
    if (p.why) { res.appendChild(el("p", null, fmt(W.why, { why: p.why }))); }
    var share = el("p", "share", W.position + " ");
    share.appendChild(el("code", null, p.position));
    res.appendChild(share);
    var next = a.querySelector(".next");
    next.hidden = false;
    next.focus();
    stats();
  }

  function num(x) {
    return (Math.round(Math.max(0, x) * 10) / 10).toFixed(1).replace(".", W.decimal);
  }

  var themeSel = document.getElementById("theme");
  var playerSel = document.getElementById("player");
  function option(sel, value, label) {
    var o = el("option", null, label);
    o.value = value;
    sel.appendChild(o);
  }
  function fill() {
    document.getElementById("theme-label").textContent = W.theme_label;
    document.getElementById("player-label").textContent = W.player_label;
    option(themeSel, "", W.all_themes);
    var themes = [];
    data.puzzles.forEach(function (p) { if (themes.indexOf(p.theme) < 0) { themes.push(p.theme); } });
    themes.forEach(function (t) { option(themeSel, t, data.themes[t] || t); });
    option(playerSel, "", W.all_players);
    var names = [];
    data.puzzles.forEach(function (p) {
      var n = p.player || seatText(p.seat);
      if (names.indexOf(n) < 0) { names.push(n); }
    });
    names.sort().forEach(function (n) { option(playerSel, n, n); });
    themeSel.addEventListener("change", function () { pick(); });
    playerSel.addEventListener("change", function () { pick(); });
  }
  function eligible() {
    return data.puzzles.filter(function (p) {
      return (!themeSel.value || p.theme === themeSel.value) &&
        (!playerSel.value || (p.player || seatText(p.seat)) === playerSel.value);
    });
  }
  // The next puzzle: a missed or solved one that is due (the most overdue
  // first), else one never tried (in the set's order), else the one due soonest.
  function choice(skip) {
    var list = eligible();
    var due = null, fresh = null, soon = null;
    list.forEach(function (p) {
      if (p.id === skip && list.length > 1) { return; }
      var st = state.p[p.id];
      if (!st) { if (!fresh) { fresh = p; } return; }
      if (st.due <= state.clock && (!due || st.due < state.p[due.id].due)) { due = p; }
      if (!soon || st.due < state.p[soon.id].due) { soon = p; }
    });
    return due || fresh || soon;
  }
  function show(p) {
    main.querySelectorAll("article[data-puzzle]").forEach(function (a) { a.hidden = true; });
    document.getElementById("empty").hidden = !!p;
    current = p;
    if (!p) { stats(); return; }
    var a = main.querySelector('article[data-puzzle="' + p.id + '"]');
    var fresh = build(p);
    main.replaceChild(fresh, a);
    fresh.hidden = false;
    var st = state.p[p.id];
    if (st && st.last === "wrong") {
      fresh.querySelector("h2").appendChild(el("span", "review", W.review));
      fresh.setAttribute("data-review", "true");
    }
    stats();
  }
  function pick() { show(choice(null)); }
  function advance() { show(choice(current ? current.id : null)); }
  function stats() {
    var list = eligible(), solved = 0, review = 0, fresh = 0;
    list.forEach(function (p) {
      var st = state.p[p.id];
      if (!st) { fresh += 1; } else if (st.last === "wrong") { review += 1; } else { solved += 1; }
    });
    document.getElementById("stats").textContent = fmt(W.stats, { solved: solved, review: review, fresh: fresh });
  }

  document.getElementById("title").textContent = data.title;
  document.getElementById("help").textContent = W.help;
  document.getElementById("empty").textContent = W.empty;
  data.puzzles.forEach(function (p) { main.appendChild(build(p)); });
  fill();
  pick();
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target && e.target.tagName;
    if (t === "SELECT" || t === "INPUT") { return; }
    if ((e.key === "n" || e.key === "N" || e.key === "ArrowRight") && current) {
      e.preventDefault();
      advance();
    }
  });
})();
