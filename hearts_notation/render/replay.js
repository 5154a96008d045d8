// Hearts replay page.  Every fact shown here (hands, the trick, the legal
// cards of the seat to move, points, marks, comments, findings) and every
// word was computed by hearts-notation in Python and embedded as JSON; this
// script only displays the snapshot of the current step and decides what is
// already known at that step (no spoilers).  There are no rules of play and
// no words of any language in here.
(function () {
  "use strict";
  var DATA = JSON.parse(document.getElementById("replay-data").textContent);
  var L = DATA.labels, CARDS = DATA.cards, MISTAKES = DATA.mistakes;
  var MARK_CLASS = {"!!": "m-gg", "!": "m-g", "!?": "m-i", "?!": "m-d", "?": "m-m", "??": "m-b"};
  var deals = [];          // every deal of every game, in order: {gi, di}
  var mistakes = [];       // every marked mistake: {k, i}
  var state = {k: 0, i: 0, reveal: false};

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  function fmt(s, vars) {
    return s.replace(/\{(\w+)\}/g, function (m, k) { return vars[k] !== undefined ? vars[k] : m; });
  }
  function pairs(s) {
    var out = [];
    for (var i = 0; s && i + 1 < s.length; i += 2) { out.push(s.substr(i, 2)); }
    return out;
  }
  function show(code) { return CARDS[code] || code; }
  function gameOf(k) { return DATA.games[deals[k].gi]; }
  function dealOf(k) { return gameOf(k).deals[deals[k].di]; }
  function game() { return gameOf(state.k); }
  function deal() { return dealOf(state.k); }
  function last(d) { return d.steps.length - 1; }
  function name(seat) { var g = game(); return seat ? (g.names[seat] || seat) : "?"; }
  // A seat as the page's language writes it (O for W in French); the data keep its code.
  function seatText(g, s) { return (g.seatLabels && g.seatLabels[s]) || s; }
  // A text of the data: a string, or a list of strings and seat indices
  // (a long player's name is written once, in the game's names).
  function said(v) {
    if (!Array.isArray(v)) { return v; }
    var g = game();
    return v.map(function (p) { return typeof p === "number" ? g.names[g.seats[p]] : p; }).join("");
  }
  function markEl(m) { return el("span", "mark " + (MARK_CLASS[m] || ""), m); }
  function isMistake(m) { return MISTAKES.indexOf(m) >= 0; }

  function cardEl(code, extra, tag) {
    var c = el(tag || "div", "card" + (extra ? " " + extra : ""));
    var text = show(code), suit = text.slice(-1), rank = text.slice(0, -1);
    c.dataset.card = code;
    if (code[1] === "H" || code[1] === "D") { c.classList.add("red"); }
    c.appendChild(el("span", rank.length > 1 ? "rank ten" : "rank", rank));
    c.appendChild(el("span", "suit", suit));
    c.title = text;
    return c;
  }

  // Is the end of deal k known at the current step?  Deals before the
  // current one are; the current one only at its last step.
  function ended(k) {
    if (state.reveal || k < state.k) { return true; }
    return k === state.k && state.i === last(dealOf(k));
  }

  // The state after step i: hands, the cards of the trick in progress, points.
  function snapshot(d, i) {
    var steps = d.steps, j = i, seats = game().seats;
    while (j > 0 && !steps[j].h) { j -= 1; }
    var hands = {}, played = {};
    seats.forEach(function (s) {
      var h = steps[j].h[s];
      hands[s] = (h === null || h === undefined) ? null : pairs(h);
      played[s] = 0;
    });
    for (var k = 0; k <= i; k++) {
      var st = steps[k];
      if (st.k !== "play") { continue; }
      played[st.s] = (played[st.s] || 0) + 1;
      if (k > j && hands[st.s]) {
        var at = hands[st.s].indexOf(st.c);
        if (at >= 0) { hands[st.s].splice(at, 1); }
      }
    }
    var trick = [];
    if (steps[i].k === "play") {
      for (var m = i; m >= 0 && steps[m].k === "play" && steps[m].t === steps[i].t; m--) {
        trick.unshift(steps[m]);
      }
    }
    var running = null;
    for (var n = i; n >= 0; n--) {
      if (steps[n].e) { running = steps[n].e.r; break; }
    }
    return {hands: hands, played: played, trick: trick, running: running};
  }

  function place(idx, n, rx, ry) {
    var a = 2 * Math.PI * idx / n;
    return {x: 50 + rx * Math.sin(a), y: 50 - ry * Math.cos(a)};
  }

  function renderTable(d, snap, step) {
    var table = $("table");
    var g = game(), seats = g.seats, n = seats.length;
    table.textContent = "";
    table.dataset.players = n;
    var legal = step.l ? pairs(step.l) : null;
    seats.forEach(function (s, idx) {
      var pos = place(idx, n, n === 4 ? 32 : 35, 39);
      var box = el("div", "seat");
      box.dataset.seat = s;
      box.style.left = pos.x + "%";
      box.style.top = pos.y + "%";
      var label = el("div", "name");
      label.appendChild(el("b", "", seatText(g, s)));
      if (g.names[s] && g.names[s] !== s) { label.appendChild(el("span", "", " " + g.names[s])); }
      box.appendChild(label);
      var hand = el("div", "hand");
      var cards = snap.hands[s];
      var toMove = step.n === s;
      if (toMove) { box.classList.add("to-move"); }
      if (cards) {
        var prev = null;
        cards.forEach(function (c) {
          var extra = c[1] !== prev ? "suit-start" : "";
          prev = c[1];
          if (toMove && legal) { extra += legal.indexOf(c) >= 0 ? " legal" : " illegal"; }
          var ce = cardEl(c, extra.trim());
          // The face-up value (annotate's exact solve) only once everything is shown.
          if (toMove && state.reveal && step.fu && step.fu[c] !== undefined) {
            var fu = el("span", "fu", String(step.fu[c]));
            fu.title = fmt(L.faceup, {n: step.fu[c]});
            ce.appendChild(fu);
          }
          hand.appendChild(ce);
        });
      } else {
        var left = Math.max(0, g.handSize - (snap.played[s] || 0));
        for (var k = 0; k < left; k++) { hand.appendChild(el("div", "card back")); }
      }
      box.appendChild(hand);
      if (!cards) { box.appendChild(el("div", "note", L.unknown)); }
      else if (d.inferred && d.inferred.indexOf(s) >= 0) { box.appendChild(el("div", "note", L.inferred)); }
      table.appendChild(box);
    });
    var trick = el("div", "");
    trick.id = "trick";
    var shown = snap.trick.map(function (st) { return {seat: st.s, card: st.c, st: st}; });
    if (step.k === "pass") {
      shown = pairs(step.c).map(function (c, k) { return {seat: step.s, card: c, off: k, st: k === 0 ? step : null}; });
    }
    var winner = step.e ? step.e.w : null;
    shown.forEach(function (it) {
      var idx = seats.indexOf(it.seat);
      var pos = place(idx < 0 ? 0 : idx, n, 30, 28);
      var extra = step.k === "pass" ? "passed" : "";
      if (winner && it.seat === winner) { extra += " winner"; }
      var st = it.st;
      if (st && (st.f || []).some(function (f) { return f.s === "error"; })) { extra += " fault"; }
      var c = cardEl(it.card, extra.trim());
      c.dataset.seat = it.seat;
      if (st && st.m) {
        c.appendChild(markEl(st.m));
        c.classList.add("marked");
        c.dataset.mark = st.m;
      }
      var who = name(it.seat);
      c.appendChild(el("span", "who", who.length > 8 ? it.seat : who));
      c.style.left = (pos.x + (it.off || 0) * 9) + "%";
      c.style.top = pos.y + "%";
      trick.appendChild(c);
    });
    if (step.k === "play") {
      trick.appendChild(el("div", "", L.trick + " " + step.t)).id = "trick-label";
    }
    table.appendChild(trick);
  }

  function findingItem(f) {
    return el("li", f.s, (L["severity_" + f.s] || f.s) + L.colon + said(f.m) + " [" + f.c + "]");
  }

  function renderEvent(d, snap, step) {
    var i = state.i;
    var label = $("step-label");
    label.textContent = L.step + " " + i + "/" + last(d);
    if (step.k === "play") { label.appendChild(el("span", "of-trick", " · " + L.trick + " " + step.t)); }
    document.body.dataset.step = i;
    var ev = $("event");
    ev.textContent = "";
    var line = el("div", "what", said(step.x));
    if (step.m) { line.appendChild(markEl(step.m)); }
    ev.appendChild(line);
    var extra = [];
    if (i === 0 && d.direction) { extra.push(d.direction + "."); }
    if (step.b) { extra.push(L.broken); }
    if (step.q) { extra.push(L.queen); }
    if (step.e) { extra.push(said(step.e.x) + "."); }
    if (i === last(d) && d.score.moon) { extra.push(said(d.score.moon.x)); }
    if (step.n && step.ph === "pass") { extra.push(fmt(L.topass, {who: name(step.n)})); }
    else if (step.n) { extra.push(fmt(L.tomove, {who: name(step.n)})); }
    if (extra.length) { ev.appendChild(el("div", "then", extra.join(" "))); }

    // The comment, the mark's meaning and the analysis: no filler when none.
    var note = $("note");
    note.textContent = "";
    if (step.m) {
      var head = el("div", "mark-line " + (MARK_CLASS[step.m] || ""));
      head.appendChild(markEl(step.m));
      head.appendChild(el("span", "", " " + (L["mark_" + step.m] || "")));
      if (step.a && step.a.epl !== undefined) {
        head.appendChild(el("span", "loss", " — " + fmt(L.loss, {n: step.a.epl, se: step.a.se})));
      }
      if (step.a && step.a.best) {
        head.appendChild(el("span", "best", " · " + fmt(L.best, {cards: pairs(step.a.best).map(show).join(" ")})));
      }
      note.appendChild(head);
    }
    if (step.cm) { note.appendChild(el("p", "comment", step.cm)); }
    if (step.a && step.a.why) { note.appendChild(el("p", "why", step.a.why)); }
    if (step.e && step.e.cm) { note.appendChild(el("p", "comment", step.e.cm)); }
    note.hidden = !note.firstChild;

    var fl = $("findings");
    fl.textContent = "";
    var fs = (step.f || []).concat(step.e && step.e.f ? step.e.f : []);
    if (i === last(d) || state.reveal) { fs = fs.concat(d.f || []); }
    var g = game(), gameEnd = deals[state.k].di === g.deals.length - 1;
    if ((gameEnd && i === last(d)) || state.reveal) { fs = fs.concat(g.f || []); }
    fs.forEach(function (f) { fl.appendChild(findingItem(f)); });
    fl.hidden = !fs.length;
  }

  // The passes and tricks so far, in notation; each card jumps to its step.
  function renderPlayList(d) {
    var list = $("play-list"), g = game(), n = g.seats.length;
    list.textContent = "";
    list.style.setProperty("--n", n);
    var row = null, trickNo = null;
    d.steps.forEach(function (st, i) {
      if (st.k !== "pass" && st.k !== "play") { return; }
      if (i > state.i && !state.reveal) { return; }
      if (st.k === "pass") {
        row = el("li", "pass-row");
        row.appendChild(el("span", "num", st.s));
        list.appendChild(row);
        trickNo = null;
      } else if (st.t !== trickNo) {
        trickNo = st.t;
        row = el("li", "trick-row");
        row.appendChild(el("span", "num", st.t + "."));
        list.appendChild(row);
      }
      var b = el("button", "play" + (i === state.i ? " current" : "") + (i > state.i ? " future" : ""));
      b.type = "button";
      b.dataset.step = i;
      if (st.k === "play") { b.appendChild(el("span", "ps", st.s)); }
      pairs(st.c).forEach(function (c, j) {
        if (j || st.k === "play") { b.appendChild(document.createTextNode(" ")); }
        b.appendChild(el("span", "c" + (c[1] === "H" || c[1] === "D" ? " red" : ""), show(c)));
      });
      if (st.m) { b.appendChild(markEl(st.m)); b.classList.add("marked"); }
      b.dataset.seat = st.s;
      row.appendChild(b);
      if (st.e) {
        row.querySelectorAll("button").forEach(function (x) {
          if (x.dataset.seat === st.e.w) {
            x.classList.add("won");
            if (st.e.p) { x.appendChild(el("span", "pts", " +" + st.e.p)); }
          }
        });
      }
    });
    var cur = list.querySelector(".current");
    if (cur && list.scrollHeight > list.clientHeight + 2) {
      var top = cur.offsetTop - list.offsetTop;
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - cur.offsetHeight) {
        list.scrollTop = Math.max(0, top - list.clientHeight / 2);
      }
    }
  }

  function renderScores(snap) {
    var g = game(), seats = g.seats;
    var run = $("running");
    run.textContent = "";
    var head = el("tr"), body = el("tr");
    seats.forEach(function (s, k) {
      head.appendChild(el("th", "", seatText(g, s)));
      body.appendChild(el("td", "", snap.running ? snap.running[k] : 0));
    });
    run.appendChild(head);
    run.appendChild(body);
    // The game's score table: a deal's row once its end is reached.
    var sc = $("scores");
    sc.textContent = "";
    var hr = el("tr");
    hr.appendChild(el("th", "", L.deal));
    seats.forEach(function (s) { hr.appendChild(el("th", "", seatText(g, s))); });
    sc.appendChild(hr);
    var totals = null, gi = deals[state.k].gi, allKnown = true;
    deals.forEach(function (ref, k) {
      if (ref.gi !== gi) { return; }
      var dd = dealOf(k);
      var tr = el("tr", k === state.k ? "current" : "");
      tr.appendChild(el("td", "", dd.number));
      var known = ended(k);
      if (!known) { allKnown = false; tr.classList.add("pending"); }
      seats.forEach(function (s, j) {
        tr.appendChild(el("td", "", known && dd.score.points ? dd.score.points[j] : "\u00a0"));
      });
      if (known && dd.score.totals) { totals = dd.score.totals; }
      sc.appendChild(tr);
    });
    if (totals) {
      var tt = el("tr", "totals");
      tt.appendChild(el("td", "", L.total));
      seats.forEach(function (s, j) { tt.appendChild(el("td", "", totals[j])); });
      sc.appendChild(tt);
    }
    var w = $("winners");
    w.textContent = "";
    if (allKnown && g.winners.length) {
      w.textContent = L.game_over + " " + fmt(g.winners.length > 1 ? L.winners_many : L.winners,
                                               {who: g.winners.map(said).join(", ")});
    }
  }

  // The learner's report (annotate's summary): per player, then the three
  // costliest decisions, each a button to its step.
  function renderReport() {
    var r = game().report, box = $("report");
    box.hidden = !r;
    if (!r) { return; }
    $("report-title").textContent = L.report;
    var t = $("report-players");
    t.textContent = "";
    var hr = el("tr");
    [L.report_player, L.report_decisions, L.report_loss, L.report_accuracy].forEach(function (h) {
      hr.appendChild(el("th", "", h));
    });
    t.appendChild(hr);
    r.players.forEach(function (p) {
      var tr = el("tr");
      [said(p.who), p.n, p.avg, p.acc].forEach(function (v) { tr.appendChild(el("td", "", v)); });
      t.appendChild(tr);
    });
    $("costly-title").textContent = L.costly;
    $("costly-title").hidden = !r.costly.length;
    var ol = $("costly");
    ol.textContent = "";
    r.costly.forEach(function (c) {
      var li = el("li"), b = el("button", "", said(c.x));
      b.type = "button";
      b.dataset.cost = String(c.r);
      li.appendChild(b);
      if (c.m) { li.appendChild(document.createTextNode(" ")); li.appendChild(markEl(c.m)); }
      if (c.loss) { li.appendChild(el("span", "loss", " " + c.loss)); }
      if (c.why) { li.appendChild(el("p", "why", c.why)); }
      ol.appendChild(li);
    });
  }

  // The step of the current game marked as its r-th costliest decision.
  function jumpCost(r) {
    var gi = deals[state.k].gi;
    for (var k = 0; k < deals.length; k++) {
      if (deals[k].gi !== gi) { continue; }
      var steps = dealOf(k).steps;
      for (var i = 0; i < steps.length; i++) {
        if (steps[i].cost === r) { setDeal(k); state.i = i; render(); return; }
      }
    }
  }

  function renderButtons() {
    $("btn-prev-mistake").disabled = !findMistake(-1);
    $("btn-next-mistake").disabled = !findMistake(1);
    $("btn-back").disabled = state.k === 0 && state.i === 0;
    $("btn-forward").disabled = state.k === deals.length - 1 && state.i === last(deal());
  }

  function render() {
    var d = deal(), step = d.steps[state.i];
    var snap = snapshot(d, state.i);
    renderTable(d, snap, step);
    renderEvent(d, snap, step);
    renderPlayList(d);
    renderScores(snap);
    renderReport();
    renderButtons();
    $("deal-picker").value = String(state.k);
  }

  function setDeal(k) {
    if (k !== state.k) { state.k = k; buildPrint(); }
  }

  // One step forward or back runs on into the next or previous deal.
  function go(i) {
    var d = deal();
    if (i > last(d) && state.i === last(d) && state.k + 1 < deals.length) {
      setDeal(state.k + 1); state.i = 0;
    } else if (i < 0 && state.i === 0 && state.k > 0) {
      setDeal(state.k - 1); state.i = last(deal());
    } else {
      state.i = Math.max(0, Math.min(last(d), i));
    }
    render();
  }

  function findMistake(dir) {
    var found = null;
    mistakes.forEach(function (p) {
      var after = p.k > state.k || (p.k === state.k && p.i > state.i);
      var before = p.k < state.k || (p.k === state.k && p.i < state.i);
      if (dir > 0 && after && !found) { found = p; }
      if (dir < 0 && before) { found = p; }
    });
    return found;
  }

  function jumpMistake(dir) {
    var p = findMistake(dir);
    if (!p) { return; }
    setDeal(p.k);
    state.i = p.i;
    render();
  }

  // Printing: the deal as dealt (a diagram by suits) and the commented play.
  function suitsLine(codes) {
    var out = [], cur = null, group = null;
    codes.forEach(function (c) {
      if (c[1] !== cur) {
        cur = c[1];
        group = {suit: show(c).slice(-1), ranks: []};
        out.push(group);
      }
      group.ranks.push(show(c).slice(0, -1));
    });
    return out.map(function (gr) { return gr.suit + " " + gr.ranks.join(" "); }).join("   ");
  }

  function buildPrint() {
    var p = $("print"), d = deal(), g = game();
    p.textContent = "";
    p.appendChild(el("h2", "", g.title + " · " + d.label + (d.direction ? " · " + d.direction : "")));
    p.appendChild(el("h3", "", L.diagram));
    var dia = el("table", "diagram");
    g.seats.forEach(function (s) {
      var tr = el("tr");
      tr.appendChild(el("th", "", seatText(g, s) + (g.names[s] && g.names[s] !== s ? " " + g.names[s] : "")));
      var h = d.steps[0].h[s];
      tr.appendChild(el("td", "", h ? suitsLine(pairs(h)) : L.unknown));
      dia.appendChild(tr);
    });
    p.appendChild(dia);
    if (d.steps[0].cm) { p.appendChild(el("p", "comment", d.steps[0].cm)); }
    p.appendChild(el("h3", "", L.play_list));
    var ol = el("div", "commented");
    var line = null, notes = [];
    function flush() {
      if (!line) { return; }
      ol.appendChild(line);
      notes.forEach(function (n) { ol.appendChild(n); });
      line = null; notes = [];
    }
    var trickNo = null;
    d.steps.forEach(function (st) {
      if (st.k !== "pass" && st.k !== "play") { return; }
      if (st.k === "pass" || st.t !== trickNo) {
        flush();
        trickNo = st.k === "play" ? st.t : null;
        line = el("p", "line");
        line.appendChild(el("b", "", st.k === "pass" ? fmt(L.pass_line, {who: seatText(g, st.s)}) : st.t + "."));
      }
      var txt = (st.k === "play" ? " " + seatText(g, st.s) + " " : " ") + pairs(st.c).map(show).join(" ");
      line.appendChild(document.createTextNode(txt));
      if (st.m) { line.appendChild(markEl(st.m)); }
      var bits = [];
      if (st.m && L["mark_" + st.m]) {
        bits.push(L["mark_" + st.m] + (st.a && st.a.epl !== undefined
          ? " (" + fmt(L.loss, {n: st.a.epl, se: st.a.se}) + ")" : "") + ".");
      }
      if (st.cm) { bits.push(st.cm); }
      if (st.a && st.a.why) { bits.push(st.a.why); }
      if (st.e && st.e.cm) { bits.push(st.e.cm); }
      if (bits.length) {
        notes.push(el("p", "note", (st.k === "play" ? seatText(g, st.s) + " " : "") + pairs(st.c).map(show).join(" ") +
          (st.m || "") + " — " + bits.join(" ")));
      }
      if (st.e) { line.appendChild(el("span", "won", "  → " + st.e.w + (st.e.p ? " +" + st.e.p : ""))); }
    });
    flush();
    p.appendChild(ol);
    if (d.score.points) {
      p.appendChild(el("p", "score", L.scores + L.colon +
        g.seats.map(function (s, j) { return seatText(g, s) + " " + d.score.points[j]; }).join(" · ")));
    }
  }

  function setupSwipe(target) {
    var x0 = null, y0 = null;
    target.addEventListener("touchstart", function (e) {
      if (e.touches.length !== 1) { x0 = null; return; }
      x0 = e.touches[0].clientX; y0 = e.touches[0].clientY;
    }, {passive: true});
    target.addEventListener("touchend", function (e) {
      if (x0 === null || !e.changedTouches.length) { return; }
      var dx = e.changedTouches[0].clientX - x0, dy = e.changedTouches[0].clientY - y0;
      x0 = null;
      if (Math.abs(dx) >= 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) { go(state.i + (dx < 0 ? 1 : -1)); }
    }, {passive: true});
  }

  function setup() {
    DATA.games.forEach(function (g, gi) {
      g.deals.forEach(function (d, di) {
        var k = deals.length;
        deals.push({gi: gi, di: di});
        d.steps.forEach(function (st, i) { if (isMistake(st.m)) { mistakes.push({k: k, i: i}); } });
      });
    });
    var g0 = DATA.games[0];
    $("title").textContent = g0 ? g0.title : "";
    $("subtitle").textContent = g0
      ? g0.seats.map(function (s) { return seatText(g0, s) + (g0.names[s] && g0.names[s] !== s ? " " + g0.names[s] : ""); })
          .join(" · ") + " · " + g0.rules
      : "";
    $("picker-text").textContent = L.picker;
    $("help").textContent = L.help;
    $("reveal-text").textContent = L.reveal;
    $("play-title").textContent = L.play_list;
    $("running-title").textContent = L.running;
    $("scores-title").textContent = L.scores;
    $("table").setAttribute("aria-label", L.table);
    $("controls").setAttribute("aria-label", L.controls);
    var picker = $("deal-picker");
    deals.forEach(function (ref, k) {
      var opt = el("option", "", DATA.games[ref.gi].deals[ref.di].label);
      opt.value = String(k);
      picker.appendChild(opt);
    });
    if (deals.length < 2) { $("picker-label").hidden = true; }
    picker.addEventListener("change", function () { setDeal(Number(picker.value)); state.i = 0; render(); });
    var buttons = {"btn-start": ["start", function () { go(0); }],
                   "btn-back": ["back", function () { go(state.i - 1); }],
                   "btn-forward": ["forward", function () { go(state.i + 1); }],
                   "btn-end": ["end", function () { state.i = last(deal()); render(); }],
                   "btn-prev-mistake": ["prev_mistake", function () { jumpMistake(-1); }],
                   "btn-next-mistake": ["next_mistake", function () { jumpMistake(1); }]};
    Object.keys(buttons).forEach(function (id) {
      var b = $(id);
      b.title = L[buttons[id][0]];
      b.setAttribute("aria-label", L[buttons[id][0]]);
      b.addEventListener("click", buttons[id][1]);
    });
    if (!mistakes.length) {
      $("btn-prev-mistake").hidden = true;
      $("btn-next-mistake").hidden = true;
    }
    $("costly").addEventListener("click", function (e) {
      var b = e.target.closest ? e.target.closest("button[data-cost]") : null;
      if (b) { jumpCost(Number(b.dataset.cost)); }
    });
    $("play-list").addEventListener("click", function (e) {
      var b = e.target.closest ? e.target.closest("button[data-step]") : null;
      if (b) { state.i = Number(b.dataset.step); render(); }
    });
    $("reveal").addEventListener("change", function () {
      state.reveal = $("reveal").checked;
      document.body.classList.toggle("reveal", state.reveal);
      render();
    });
    document.addEventListener("keydown", function (e) {
      var tag = e.target && e.target.tagName;
      if (tag === "SELECT" || (tag === "INPUT" && e.target.type !== "checkbox") ||
          e.altKey || e.ctrlKey || e.metaKey) { return; }
      var k = e.key;
      if (k === "ArrowRight") { go(state.i + 1); }
      else if (k === "ArrowLeft") { go(state.i - 1); }
      else if (k === "Home") { go(0); }
      else if (k === "End") { state.i = last(deal()); render(); }
      else if (k === "n" || k === "N") { jumpMistake(1); }
      else if (k === "p" || k === "P") { jumpMistake(-1); }
      else { return; }
      e.preventDefault();
    });
    setupSwipe($("board"));
    if (!deals.length) { $("event").textContent = "\u2014"; return; }
    var start = DATA.start || {game: 0, deal: 0};
    deals.forEach(function (ref, k) {
      if (ref.gi === start.game && ref.di === start.deal) { state.k = k; }
    });
    buildPrint();
    state.i = 0;
    render();
  }
  setup();
}());
