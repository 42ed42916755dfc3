/* chesslaws: search box, time-control classifier and folding edition pages (rule pages: rules.js).
   Everything runs in the page; nothing is loaded from another host. The search index
   (data/search.json, written by `chesslaws site`) is fetched only when the reader focuses the box. */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = script ? script.src.replace(/assets\/chesslaws\.js(\?.*)?$/, "") : "";

  // --- search: the ranking of extract/reports/search*.py -------------------------------------
  var WORD = /[\p{L}\p{N}]+(?:['\u2019][\p{L}\p{N}]+)?/gu;
  function words(text) {
    return (text.normalize("NFC").match(WORD) || []).map(function (w) { return w.toLowerCase(); });
  }

  function Lang(code, data, table) {
    this.code = code;
    this.stop = new Set(data.stop);
    this.postings = data.postings;
    this.size = data.size;
    this.average = data.average;
    this.table = table || {};
    this.phrases = {};
    var self = this;
    data.phrases.forEach(function (p) {
      (self.phrases[p[0][0]] = self.phrases[p[0][0]] || []).push(p);
    });
  }
  Lang.prototype.has = function (term) { return Object.prototype.hasOwnProperty.call(this.postings, term); };
  Lang.prototype.exact = function (w) {  // the Snowball stem where the texts have the word
    return Object.prototype.hasOwnProperty.call(this.table, w) ? this.table[w] : w;
  };
  Lang.prototype.stem = function (w) {
    var s = this.exact(w);
    if (s !== w || this.has(w)) return s;
    for (var n = w.length - 1; n >= 4; n--) {  // an unseen inflection: its longest known beginning
      if (this.has(w.slice(0, n))) return w.slice(0, n);
    }
    return w;
  };
  Lang.prototype.known = function (w) {
    var s = this.exact(w);
    if (this.has(s)) return s;
    for (var cut = 1; cut <= 2; cut++) {
      if (s.length - cut >= 4 && this.has(s.slice(0, -cut))) return s.slice(0, -cut);
    }
    return null;
  };
  // compound parts, as Language.parts/split in extract/reports/search_text.py
  Lang.prototype.parts = function (w) {
    if (w.length < 8 && this.known(w)) return [];
    return this.split(w, 2);
  };
  Lang.prototype.split = function (w, depth) {
    var memo = (this.splits = this.splits || {}), key = depth + ":" + w;
    if (key in memo) return memo[key];
    var best = [false, 0], result = [];
    if (w.length >= 6 && !/^\d+$/.test(w)) {
      for (var cut = 3; cut <= w.length - 3; cut++) {
        var head = w.slice(0, cut), tail = w.slice(cut);
        if (this.stop.has(tail)) continue;
        var tailStem = this.known(tail);
        var tailParts = tailStem ? [tailStem] : depth > 1 ? this.split(tail, depth - 1) : [];
        if (!tailParts.length) continue;
        for (var i = 0; i < 3; i++) {
          var link = ["", "s", "e"][i];
          if (link && head.slice(-1) !== link) continue;
          var bare = link ? head.slice(0, -1) : head;
          if (bare.length < 3 || this.stop.has(bare)) continue;
          var headStem = this.known(bare);
          if (!headStem) continue;
          var whole = headStem === bare || this.has(bare);
          var shortest = tailParts.length === 1 ? Math.min(bare.length, tail.length) : bare.length;
          if (whole > best[0] || (whole === best[0] && shortest > best[1])) {
            best = [whole, shortest];
            result = [headStem].concat(tailParts);
          }
        }
      }
    }
    memo[key] = result;
    return result;
  };

  function Index(data) {
    this.data = data;
    this.langs = {};
    var self = this;
    Object.keys(data.languages).sort().forEach(function (code) {
      self.langs[code] = new Lang(code, data.languages[code], data.words[code]);
    });
    this.editions = Array.from(new Set(data.documents.map(function (d) { return d[0]; }))).sort();
  }
  Index.prototype.detect = function (qw) {
    var best = null, self = this;
    Object.keys(this.langs).sort().forEach(function (code) {
      var lang = self.langs[code], covered = 0;
      qw.forEach(function (w) { covered += lang.stop.has(w) ? 1 : lang.known(w) ? 0.8 : 0; });
      if (covered && (!best || covered > best[0])) best = [covered, code];
    });
    return best ? best[1] : null;
  };
  function phraseHits(options, phrases) {
    var found = [];
    options.forEach(function (first, i) {
      first.forEach(function (s) {
        (phrases[s] || []).forEach(function (p) {
          var seq = p[0];
          if (seq.length > options.length - i) return;
          for (var k = 1; k < seq.length; k++) if (!options[i + k].has(seq[k])) return;
          found.push(p[1]);
        });
      });
    });
    return found;
  }
  Index.prototype.kept = function (lang, qw, askedIn) {
    var other = askedIn ? this.langs[askedIn].stop : new Set();
    return qw.filter(function (w) { return !lang.stop.has(w) && !other.has(w); });
  };
  Index.prototype.rank = function (query) {
    var qw = words(query), askedIn = this.detect(qw), self = this, c = this.data.constants;
    var concepts = new Set();
    Object.keys(this.langs).forEach(function (code) {
      var lang = self.langs[code];
      var options = self.kept(lang, qw, askedIn).map(function (w) {
        var o = new Set([lang.stem(w)]), k = lang.known(w);
        if (k) o.add(k);
        return o;
      });
      phraseHits(options, lang.phrases).forEach(function (id) { concepts.add(id); });
      var parts = [];
      self.kept(lang, qw, askedIn).forEach(function (w) {
        var p = lang.parts(w);
        (p.length ? p : [lang.known(w) || lang.stem(w)]).forEach(function (x) { parts.push(new Set([x])); });
      });
      phraseHits(parts, lang.phrases).forEach(function (id) { concepts.add(id); });
    });
    var scores = {};
    Object.keys(this.langs).forEach(function (code) {
      var lang = self.langs[code], terms = {}, units = {};
      self.kept(lang, qw, askedIn).forEach(function (w, position) {
        var unit = position + ":" + w, s = lang.stem(w), weighted = [[s, 1]], k = lang.known(w);
        if (k && k !== s) weighted.push([k, 1]);
        lang.parts(w).forEach(function (p) { weighted.push([p, c.part]); });
        weighted.forEach(function (tw) {
          terms[tw[0]] = (terms[tw[0]] || 0) + tw[1];
          (units[tw[0]] = units[tw[0]] || new Set()).add(unit);
        });
      });
      concepts.forEach(function (id) {
        terms["@" + id] = (terms["@" + id] || 0) + c.concept;
        (units["@" + id] = units["@" + id] || new Set()).add("@" + id);
      });
      var raw = {}, matched = {}, answerable = new Set();
      Object.keys(terms).forEach(function (term) {
        var postings = lang.has(term) ? lang.postings[term] : null;
        if (!postings) return;
        units[term].forEach(function (u) { answerable.add(u); });
        var df = postings.length, idf = Math.log(1 + (lang.size - df + 0.5) / (df + 0.5));
        postings.forEach(function (p) {
          var e = self.data.entries[p[0]], tf = p[1];
          var norm = 1 - c.b + c.b * e[2] / lang.average;
          raw[p[0]] = (raw[p[0]] || 0) + e[1] * terms[term] * idf * tf * (c.k1 + 1) / (tf + c.k1 * norm);
          var m = (matched[p[0]] = matched[p[0]] || new Set());
          units[term].forEach(function (u) { m.add(u); });
        });
      });
      Object.keys(raw).forEach(function (i) {
        var share = answerable.size ? matched[i].size / answerable.size : 1;
        scores[i] = (scores[i] || 0) + raw[i] * Math.pow(share, c.coverage);
      });
    });
    var ranked = [], docs = this.data.documents, n = this.editions.length;
    Object.keys(this.data.rule_provisions).forEach(function (rule) {
      var best = {}, top = [-1, -1];
      self.data.rule_provisions[rule].forEach(function (pos) {
        var s = scores[pos] || 0, ed = docs[pos][0];
        best[ed] = Math.max(best[ed] || 0, s);
        if (s > top[0]) top = [s, pos];
      });
      if (top[1] < 0) return;
      var values = Object.values(best), sum = values.reduce(function (a, b) { return a + b; }, 0);
      var info = self.data.rules[rule];
      var total = Math.max.apply(null, values) + 2 * sum / n + 2 * ((info && scores[info.entry]) || 0);
      if (total > 0) ranked.push([total, rule, top[1]]);
    });
    ranked.sort(function (a, b) { return b[0] - a[0] || (a[1] < b[1] ? -1 : 1); });
    return ranked.slice(0, 10).map(function (r) {
      var d = docs[r[2]], info = self.data.rules[r[1]];
      return { rule: r[1], title: info ? info.title : d[3], edition: d[0], label: d[1], heading: d[3],
               snippet: d[4], score: r[0] };
    });
  };

  var index = null, loading = null;
  function loadIndex() {
    if (!loading) {
      loading = fetch(base + "data/search.json")
        .then(function (r) { return r.json(); })
        .then(function (data) { index = new Index(data); return index; });
    }
    return loading;
  }

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function setUpSearch() {
    var header = document.querySelector(".md-header__inner");
    if (!header) return;
    var box = el("div", { "class": "cl-search", role: "search" });
    var input = el("input", { type: "search", "class": "cl-search-input", placeholder: "Search the Laws",
                              "aria-label": "Search the Laws", autocomplete: "off" });
    var results = el("ol", { "class": "cl-results", hidden: "" });
    box.appendChild(input);
    box.appendChild(results);
    var anchor = header.querySelector(".md-header__option") || header.querySelector(".md-header__source");
    header.insertBefore(box, anchor ? anchor : null);
    var timer = null;
    function show() {
      var q = input.value.trim();
      results.textContent = "";
      if (!q || !index) { results.hidden = true; return; }
      var hits = index.rank(q);
      if (!hits.length) results.appendChild(el("li", { "class": "cl-none" }, "No rule matches."));
      hits.forEach(function (h) {
        var li = el("li", { "class": "cl-hit" });
        var a = el("a", { href: base + "rules/" + h.rule + ".html#" + h.edition, "data-rule": h.rule });
        a.appendChild(el("strong", {}, h.title));
        a.appendChild(el("span", { "class": "cl-where" }, " " + h.heading));
        a.appendChild(el("span", { "class": "cl-snippet" }, h.snippet));
        li.appendChild(a);
        results.appendChild(li);
      });
      results.hidden = false;
    }
    input.addEventListener("focus", function () { loadIndex().then(show); });
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { loadIndex().then(show); }, 120);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { results.hidden = true; input.blur(); }
    });
    document.addEventListener("click", function (event) {
      if (!box.contains(event.target)) results.hidden = true;
    });
  }

  // --- time-control classifier: each edition's thresholds from kb/generated/parameters.yaml ----
  function limit(value, inclusive, below) {
    if (below) return (inclusive ? "at most " : "less than ") + value;
    return (inclusive ? "at least " : "more than ") + value;
  }
  function within(value, lim, inclusive, below) {
    if (value === lim) return !!inclusive;
    return below ? value < lim : value > lim;
  }
  function classify(control, e) {  // extract/arbiter/classify.py, in words as extract/reports/plain.py
    var m = /^\s*(\d+(?:\.\d+)?)\s*(?:\+\s*(\d+(?:\.\d+)?))?\s*$/.exec(control);
    if (!m || (+m[1] === 0 && !+(m[2] || 0))) return null;
    var p = e.parameters, base = parseFloat(m[1]), inc = m[2] ? parseFloat(m[2]) : 0, minutes = base, notes = [];
    var text = m[1] + "+" + (m[2] || "0");
    if (inc) {
      if (p["increment.factor"] === undefined) notes.push(e.id + " has no increment formula: the increment is ignored");
      else minutes += p["increment.factor"] * inc / 60;
    }
    var counted = minutes !== base ? " (" + (+minutes.toFixed(2)) + " minutes counted)" : "";
    var blitzUp = p["blitz.upper_minutes"], lower = p["rapid.lower_minutes"], upper = p["rapid.upper_minutes"];
    var category, deciding, rule;
    if (blitzUp !== undefined && within(minutes, blitzUp, p["blitz.upper_inclusive"], true)) {
      category = "blitz"; deciding = "blitz.upper_minutes";
      rule = limit(blitzUp, p["blitz.upper_inclusive"], true) + " minutes";
    } else if (lower === undefined || upper === undefined) {
      notes.push(e.id + " states no rapid thresholds");
    } else if (within(minutes, lower, p["rapid.lower_inclusive"], false) && within(minutes, upper, p["rapid.upper_inclusive"], true)) {
      category = "rapid"; deciding = "rapid.lower_minutes";
      rule = limit(lower, p["rapid.lower_inclusive"], false) + " and " + limit(upper, p["rapid.upper_inclusive"], true) + " minutes";
    } else if (!within(minutes, upper, p["rapid.upper_inclusive"], true)) {
      category = "standard"; deciding = "rapid.upper_minutes";
      rule = limit(upper, !p["rapid.upper_inclusive"], false) + " minutes";
    } else {
      notes.push(+minutes.toFixed(2) + " minutes is neither blitz nor rapid under " + e.id);
    }
    if (!category) return text + " is not classified under " + e.id + ": " + notes.join("; ");
    var article = e.articles[deciding] || "";
    return text + " is " + category + " under " + e.id + (article ? " " + article : "") + ": " + rule + counted +
      (notes.length ? " (" + notes.join("; ") + ")" : "");
  }
  function setUpClassifier() {
    var form = document.querySelector(".classifier");
    if (!form) return;
    var editions = JSON.parse(form.getAttribute("data-editions"));
    var input = form.querySelector("input"), out = form.querySelector("ol");
    form.hidden = false;
    function run() {
      out.textContent = "";
      var answers = editions.map(function (e) { return classify(input.value, e); });
      if (answers.some(function (a) { return a === null; })) {
        out.appendChild(el("li", {}, "Write a time control as minutes+increment seconds, e.g. 12+0 or 3+2."));
        return;
      }
      answers.forEach(function (a) { out.appendChild(el("li", {}, a)); });
    }
    form.addEventListener("submit", function (event) { event.preventDefault(); run(); });
    input.addEventListener("input", run);
    run();
  }

  // --- long edition pages: each article folds under its heading ----------------------------
  var FOLD_FROM = 150;  // provisions on a page before its articles start folded
  function setUpFolding() {
    var content = document.querySelector(".md-content .md-typeset");
    if (!content || !content.querySelector(".edition-meta")) return;
    if (content.querySelectorAll(".provision, .provision-meta").length < FOLD_FROM) return;
    var bodies = [];
    Array.from(content.children).forEach(function (node) {
      if (node.tagName !== "H2") return;
      var body = el("div", { "class": "article-body" }), next = node.nextElementSibling;
      while (next && next.tagName !== "H2") {
        var move = next;
        next = next.nextElementSibling;
        body.appendChild(move);
      }
      node.after(body);
      var button = el("button", { type: "button", "class": "fold", "aria-expanded": "false" }, "show");
      button.addEventListener("click", function () { toggle(body, button, body.hidden); });
      node.appendChild(button);
      body.hidden = true;
      bodies.push([body, button]);
    });
    function toggle(body, button, open) {
      body.hidden = !open;
      button.setAttribute("aria-expanded", String(open));
      button.textContent = open ? "hide" : "show";
    }
    var all = el("button", { type: "button", "class": "fold-all" }, "Show every article");
    all.addEventListener("click", function () {
      var open = bodies.some(function (b) { return b[0].hidden; });
      bodies.forEach(function (b) { toggle(b[0], b[1], open); });
      all.textContent = open ? "Fold every article" : "Show every article";
    });
    content.querySelector(".edition-meta").after(all);
    function reveal() {
      var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      bodies.forEach(function (b) {
        if (target && (b[0].contains(target) || b[0].previousElementSibling === target)) toggle(b[0], b[1], true);
      });
      if (target) target.scrollIntoView();
    }
    window.addEventListener("hashchange", reveal);
    reveal();
  }

  function start() { setUpSearch(); setUpClassifier(); setUpFolding(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
