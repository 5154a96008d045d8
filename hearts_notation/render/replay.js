// Hearts replay page.  Every fact shown here (hands, the trick, the legal
// cards of the seat to move, points, comments, findings) was computed by
// hearts-notation in Python and embedded as JSON; this script only displays
// the snapshot of the current step.  There are no rules of play in here.
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("replay-data").textContent);
  var L = DATA.labels;
  var SUITS = {C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660"};
  var RANKS = DATA.lang === "fr"
    ? {T: "10", J: "V", Q: "D", K: "R"} : {T: "10"};
  var deals = [];
  DATA.games.forEach(function (g, gi) {
    g.deals.forEach(function (d, di) { deals.push({gi: gi, di: di}); });
  });
  var state = {k: 0, i: 0};

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  function fmt(s, vars) {
    return s.replace(/\{(\w+)\}/g, function (m, k) { return vars[k] !== undefined ? vars[k] : m; });
  }
  function game() { return DATA.games[deals[state.k].gi]; }
  function deal() { return game().deals[deals[state.k].di]; }
  function name(seat) { var g = game(); return seat ? (g.names[seat] || seat) : "?"; }
  function cardEl(code, extra) {
    var c = el("div", "card" + (extra ? " " + extra : ""));
    var r = code[0], s = code[1];
    c.dataset.card = code;
    if (s === "H" || s === "D") { c.classList.add("red"); }
    c.appendChild(el("span", r === "T" ? "rank ten" : "rank", RANKS[r] || r));
    c.appendChild(el("span", "suit", SUITS[s]));
    c.title = (RANKS[r] || r) + SUITS[s];
    return c;
  }

  // The state after step i: hands, the cards of the trick in progress, points.
  function snapshot(d, i) {
    var steps = d.steps, j = i, seats = game().seats;
    while (j > 0 && !steps[j].hands) { j -= 1; }
    var hands = {}, played = {};
    seats.forEach(function (s) {
      var h = steps[j].hands[s];
      hands[s] = h ? h.slice() : null;
      played[s] = 0;
    });
    steps.forEach(function (st, k) {
      if (k <= i && st.kind === "play") { played[st.seat] = (played[st.seat] || 0) + 1; }
    });
    for (var k = j + 1; k <= i; k++) {
      var st = steps[k];
      if (st.kind === "play" && hands[st.seat]) {
        var at = hands[st.seat].indexOf(st.card);
        if (at >= 0) { hands[st.seat].splice(at, 1); }
      }
    }
    var trick = [];
    if (steps[i].kind === "play") {
      for (var m = i; m >= 0 && steps[m].kind === "play" && steps[m].trick === steps[i].trick; m--) {
        trick.unshift(steps[m]);
      }
    }
    var running = null;
    for (var n = i; n >= 0; n--) {
      if (steps[n].kind === "play" && steps[n].end) { running = steps[n].end.running; break; }
    }
    return {hands: hands, played: played, trick: trick, running: running};
  }

  function place(idx, n, rx, ry) {
    var a = 2 * Math.PI * idx / n;
    return {x: 50 + rx * Math.sin(a), y: 50 - ry * Math.cos(a)};
  }

  function renderTable(d, snap, step) {
    var table = document.getElementById("table");
    var g = game(), seats = g.seats, n = seats.length;
    table.textContent = "";
    table.dataset.players = n;
    var legal = step.legal ? new Set(step.legal) : null;
    seats.forEach(function (s, idx) {
      var pos = place(idx, n, n === 4 ? 32 : 35, 39);
      var box = el("div", "seat");
      box.dataset.seat = s;
      box.style.left = pos.x + "%";
      box.style.top = pos.y + "%";
      var label = s + (g.names[s] && g.names[s] !== s ? " · " + g.names[s] : "");
      box.appendChild(el("div", "name", label));
      var hand = el("div", "hand");
      var cards = snap.hands[s];
      var toMove = step.next === s;
      if (toMove) { box.classList.add("to-move"); }
      if (cards) {
        cards.forEach(function (c) {
          var extra = "";
          if (toMove && legal) { extra = legal.has(c) ? "legal" : "illegal"; }
          if (step.kind === "pass" && step.seat === s) { extra = ""; }
          hand.appendChild(cardEl(c, extra));
        });
      } else {
        var left = Math.max(0, g.handSize - (snap.played[s] || 0));
        for (var k = 0; k < left; k++) { hand.appendChild(el("div", "card back")); }
      }
      box.appendChild(hand);
      if (!cards) { box.appendChild(el("div", "note", L.unknown)); }
      else if (d.inferred && d.inferred[s]) { box.appendChild(el("div", "note", L.inferred)); }
      table.appendChild(box);
    });
    var trick = el("div", "");
    trick.id = "trick";
    var shown = snap.trick.map(function (st) { return {seat: st.seat, card: st.card, st: st}; });
    if (step.kind === "pass") {
      shown = step.cards.map(function (c, k) { return {seat: step.seat, card: c, off: k}; });
    }
    var winner = step.kind === "play" && step.end ? step.end.winner : null;
    shown.forEach(function (it) {
      var idx = seats.indexOf(it.seat);
      var pos = place(idx < 0 ? 0 : idx, n, 30, 28);
      var extra = step.kind === "pass" ? "passed" : "";
      if (winner && it.seat === winner) { extra += " winner"; }
      if (it.st && it.st.findings.some(function (f) { return f.severity === "error"; })) {
        extra += " fault";
      }
      var c = cardEl(it.card, extra.trim());
      c.dataset.seat = it.seat;
      c.style.left = (pos.x + (it.off || 0) * 9) + "%";
      c.style.top = pos.y + "%";
      trick.appendChild(c);
    });
    if (step.kind === "play") {
      trick.appendChild(el("div", "", L.trick + " " + step.trick)).id = "trick-label";
    }
    table.appendChild(trick);
  }

  function renderSide(d, snap, step) {
    var i = state.i, g = game(), seats = g.seats;
    document.getElementById("step-label").textContent =
      L.step + " " + i + " / " + (d.steps.length - 1) +
      (step.kind === "play" ? " · " + L.trick + " " + step.trick : "");
    document.body.dataset.step = i;
    var ev = document.getElementById("event");
    ev.textContent = "";
    ev.appendChild(el("div", "", step.text));
    if (step.mark) { ev.firstChild.textContent += step.mark; }
    var extra = [];
    if (step.broken) { extra.push(L.broken); }
    if (step.queen) { extra.push(L.queen); }
    if (step.end) { extra.push(step.end.text + "."); }
    if (i === d.steps.length - 1 && d.score.moon) { extra.push(d.score.moon.text + "."); }
    if (step.next && step.phase === "play") { extra.push(fmt(L.tomove, {who: name(step.next)})); }
    if (step.next && step.phase === "pass") { extra.push(fmt(L.topass, {who: name(step.next)})); }
    if (extra.length) { ev.appendChild(el("div", "", extra.join(" "))); }
    var com = document.getElementById("comment");
    var texts = [];
    if (step.comment) { texts.push(step.comment); }
    if (step.end && step.end.comment) { texts.push(step.end.comment); }
    com.textContent = texts.length ? texts.join(" ") : L.nothing;
    com.className = "panel" + (texts.length ? "" : " empty");
    var fl = document.getElementById("findings");
    fl.textContent = "";
    var fs = (step.findings || []).concat(step.end ? step.end.findings : []);
    if (i === 0) { fs = fs.concat(g.findings); }
    fs.forEach(function (f) {
      var li = el("li", f.severity, f.severity + ": " + f.message + " [" + f.code + "]");
      fl.appendChild(li);
    });
    // Running points of this deal.
    document.getElementById("running-title").textContent = L.running;
    var run = document.getElementById("running");
    run.textContent = "";
    var head = el("tr"), body = el("tr");
    seats.forEach(function (s) {
      head.appendChild(el("th", "", s));
      body.appendChild(el("td", "", snap.running ? snap.running[s] : 0));
    });
    run.appendChild(head);
    run.appendChild(body);
    // Score table of the game.
    document.getElementById("scores-title").textContent = L.scores;
    var sc = document.getElementById("scores");
    sc.textContent = "";
    var hr = el("tr");
    hr.appendChild(el("th", "", L.deal));
    seats.forEach(function (s) { hr.appendChild(el("th", "", s)); });
    sc.appendChild(hr);
    var last = null;
    g.deals.forEach(function (dd, di) {
      var tr = el("tr", di === deals[state.k].di ? "current" : "");
      tr.appendChild(el("td", "", dd.number));
      var pts = dd.score.points;
      seats.forEach(function (s) { tr.appendChild(el("td", "", pts ? pts[s] : "\u2014")); });
      if (dd.score.totals) { last = dd.score.totals; }
      sc.appendChild(tr);
    });
    if (last) {
      var tt = el("tr", "totals");
      tt.appendChild(el("td", "", L.total));
      seats.forEach(function (s) { tt.appendChild(el("td", "", last[s])); });
      sc.appendChild(tt);
    }
  }

  function render() {
    var d = deal(), step = d.steps[state.i];
    var snap = snapshot(d, state.i);
    renderTable(d, snap, step);
    renderSide(d, snap, step);
    document.getElementById("deal-picker").value = String(state.k);
  }

  function go(i) {
    var n = deal().steps.length;
    state.i = Math.max(0, Math.min(n - 1, i));
    render();
  }

  function setup() {
    var g0 = DATA.games[0];
    document.getElementById("title").textContent = g0 ? g0.title : "";
    document.getElementById("subtitle").textContent = g0
      ? g0.seats.map(function (s) { return s + " " + (g0.names[s] || ""); }).join(" · ") + " · " + g0.rules
      : "";
    document.getElementById("picker-text").textContent = L.picker;
    document.getElementById("help").textContent = L.help;
    var picker = document.getElementById("deal-picker");
    deals.forEach(function (ref, k) {
      var opt = el("option", "", DATA.games[ref.gi].deals[ref.di].label);
      opt.value = String(k);
      picker.appendChild(opt);
    });
    if (deals.length < 2) { document.getElementById("picker-label").style.display = "none"; }
    picker.addEventListener("change", function () { state.k = Number(picker.value); go(0); });
    document.getElementById("btn-start").title = L.start;
    document.getElementById("btn-back").title = L.back;
    document.getElementById("btn-forward").title = L.forward;
    document.getElementById("btn-end").title = L.end;
    document.getElementById("btn-start").addEventListener("click", function () { go(0); });
    document.getElementById("btn-back").addEventListener("click", function () { go(state.i - 1); });
    document.getElementById("btn-forward").addEventListener("click", function () { go(state.i + 1); });
    document.getElementById("btn-end").addEventListener("click", function () { go(1e9); });
    document.addEventListener("keydown", function (e) {
      if (e.target && e.target.tagName === "SELECT") { return; }
      if (e.key === "ArrowRight") { go(state.i + 1); e.preventDefault(); }
      else if (e.key === "ArrowLeft") { go(state.i - 1); e.preventDefault(); }
      else if (e.key === "Home") { go(0); e.preventDefault(); }
      else if (e.key === "End") { go(1e9); e.preventDefault(); }
    });
    var start = DATA.start || {game: 0, deal: 0};
    deals.forEach(function (ref, k) {
      if (ref.gi === start.game && ref.di === start.deal) { state.k = k; }
    });
    if (!deals.length) { document.getElementById("event").textContent = "—"; return; }
    go(0);
  }
  setup();
}());
