/* chesslaws: search box, time-control classifier and folding edition pages (rule pages: rules.js).
   Everything runs in the page; nothing is loaded from another host. The search index
   (data/search.json.gz, written by `chesslaws site`) is fetched only when the reader first uses the box. */
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
    this.irregular = data.irregular || {};  // form -> its lemma's stem ("fell" -> "fall")
    this.phrases = {};
    var self = this;
    data.phrases.forEach(function (p) {
      (self.phrases[p[0][0]] = self.phrases[p[0][0]] || []).push(p);
    });
  }
  function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
  Lang.prototype.has = function (term) { return own(this.postings, term); };
  Lang.prototype.posting = function (term) {  // [[entry, tf], ...] from [gap, tf, gap, tf, ...]
    var flat = this.postings[term];
    if (flat.length && Array.isArray(flat[0])) return flat;
    var list = [], at = 0;
    for (var i = 0; i < flat.length; i += 2) { at += flat[i]; list.push([at, flat[i + 1]]); }
    this.postings[term] = list;
    return list;
  };
  Lang.prototype.lemma = function (w) { return own(this.irregular, w) ? this.irregular[w] : null; };
  Lang.prototype.exact = function (w) {  // the Snowball stem where the texts have the word
    return own(this.table, w) ? this.table[w] : w;
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
  function phraseSpans(options, phrases) {  // [concept, first word, number of words]
    var found = [];
    options.forEach(function (first, i) {
      first.forEach(function (s) {
        (phrases[s] || []).forEach(function (p) {
          var seq = p[0];
          if (seq.length > options.length - i) return;
          for (var k = 1; k < seq.length; k++) if (!options[i + k].has(seq[k])) return;
          found.push([p[1], i, seq.length]);
        });
      });
    });
    return found;
  }
  // [unit, word] of the words that are no stop words here or in the question's language
  Index.prototype.kept = function (lang, qw, askedIn) {
    var other = askedIn ? this.langs[askedIn].stop : new Set(), kept = [];
    qw.forEach(function (w, i) { if (!lang.stop.has(w) && !other.has(w)) kept.push([i + ":" + w, w]); });
    return kept;
  };
  // concepts the question names, and those kb/search.yaml links to them: id -> [weight, units]
  Index.prototype.concepts = function (qw, askedIn) {
    var found = {}, self = this, c = this.data.constants;
    function add(id, units) { found[id] = found[id] || new Set(); units.forEach(function (u) { found[id].add(u[0]); }); }
    Object.keys(this.langs).forEach(function (code) {
      var lang = self.langs[code], kept = self.kept(lang, qw, askedIn);
      var options = kept.map(function (uw) {
        var w = uw[1], o = new Set([lang.stem(w)]), k = lang.known(w), l = lang.lemma(w);
        if (k) o.add(k);
        if (l) o.add(l);
        return o;
      });
      phraseSpans(options, lang.phrases).forEach(function (h) { add(h[0], kept.slice(h[1], h[1] + h[2])); });
      var parts = [];
      kept.forEach(function (uw) {
        var p = lang.parts(uw[1]);
        (p.length ? p : [lang.known(uw[1]) || lang.stem(uw[1])]).forEach(function (x) { parts.push([uw[0], x]); });
      });
      var options2 = parts.map(function (up) { return new Set([up[1]]); });
      phraseSpans(options2, lang.phrases).forEach(function (h) { add(h[0], parts.slice(h[1], h[1] + h[2])); });
    });
    var named = {}, ids = Object.keys(found).sort(), links = this.data.links || {};
    ids.forEach(function (id) { named[id] = [c.concept, found[id]]; });
    ids.forEach(function (id) {
      (links[id] || []).forEach(function (linked) { if (!own(named, linked)) named[linked] = [c.linked, found[id]]; });
    });
    return named;
  };
  Index.prototype.rank = function (query) {
    var qw = words(query), askedIn = this.detect(qw), self = this, c = this.data.constants;
    var concepts = this.concepts(qw, askedIn);
    var scores = {}, every = new Set(), reach = {};
    Object.keys(this.langs).forEach(function (code) {
      var lang = self.langs[code], terms = {}, units = {};
      self.kept(lang, qw, askedIn).forEach(function (uw) {
        var unit = uw[0], w = uw[1], s = lang.stem(w), weighted = [[s, 1]], k = lang.known(w), l = lang.lemma(w);
        if (k && k !== s) weighted.push([k, 1]);
        if (l && l !== k && l !== s) weighted.push([l, c.lemma]);
        lang.parts(w).forEach(function (p) { weighted.push([p, c.part]); });
        weighted.forEach(function (tw) {
          terms[tw[0]] = (terms[tw[0]] || 0) + tw[1];
          (units[tw[0]] = units[tw[0]] || new Set()).add(unit);
        });
      });
      Object.keys(concepts).forEach(function (id) {
        terms["@" + id] = (terms["@" + id] || 0) + concepts[id][0];
        var set = (units["@" + id] = units["@" + id] || new Set());
        concepts[id][1].forEach(function (u) { set.add(u); });
      });
      Object.keys(units).forEach(function (t) { units[t].forEach(function (u) { every.add(u); }); });
      var raw = {}, matched = {}, answerable = new Set();
      Object.keys(terms).forEach(function (term) {
        var postings = lang.has(term) ? lang.posting(term) : null;
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
      reach[code] = answerable.size;
    });
    // situations are English: they weigh as much as English can answer of the question
    var situationWeight = c.scenario * (every.size ? (reach[this.data.rule_language] || 0) / every.size : 1);
    var ranked = [], docs = this.data.documents, n = this.editions.length, eds = this.data.editions || {};
    var situations = this.data.situations || {};
    Object.keys(this.data.rule_provisions).forEach(function (rule) {
      var best = {}, shown = null;
      self.data.rule_provisions[rule].forEach(function (pos) {
        var s = scores[pos] || 0, ed = docs[pos][0], meta = eds[ed] || ["", ""];
        best[ed] = Math.max(best[ed] || 0, s);
        // the provision shown: the reader's language first, then the newest edition, then the score
        var key = [meta[0] === askedIn ? 1 : 0, meta[1], s];
        if (!shown || key[0] > shown[0][0] || (key[0] === shown[0][0] &&
            (key[1] > shown[0][1] || (key[1] === shown[0][1] && key[2] > shown[0][2])))) shown = [key, pos];
      });
      if (!shown) return;
      var values = Object.values(best), sum = values.reduce(function (a, b) { return a + b; }, 0);
      var info = self.data.rules[rule], situation = 0;
      (situations[rule] || []).forEach(function (i) { situation = Math.max(situation, scores[i] || 0); });
      var total = c.max * Math.max.apply(null, values) + c.mean * sum / n +
        c.rule * ((info && scores[info.entry]) || 0) + situationWeight * situation;
      if (total > 0) ranked.push([total, rule, shown[1]]);
    });
    ranked.sort(function (a, b) { return b[0] - a[0] || (a[1] < b[1] ? -1 : 1); });
    return ranked.slice(0, 10).map(function (r) {
      var d = docs[r[2]], info = self.data.rules[r[1]], label = d[1].split("@")[0];
      return { rule: r[1], title: info ? info.title : d[3], edition: d[0], label: label,
               heading: d[0] + " " + label, snippet: d[4], score: r[0] };
    });
  };

  var index = null, loading = null;
  function inflate(buffer) {  // data/search.json.gz; a server may already have inflated it
    var bytes = new Uint8Array(buffer);
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return Promise.resolve(new TextDecoder().decode(bytes));
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }
  function loadIndex() {
    if (!loading) {
      loading = fetch(base + "data/search.json.gz")
        .then(function (r) { return r.arrayBuffer(); })
        .then(inflate)
        .then(function (text) { index = new Index(JSON.parse(text)); return index; });
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
                              "aria-label": "Search the Laws (press / to focus)", autocomplete: "off",
                              role: "combobox", "aria-expanded": "false", "aria-controls": "cl-results",
                              "aria-autocomplete": "list" });
    var results = el("ol", { "class": "cl-results", id: "cl-results", role: "listbox", hidden: "" });
    box.appendChild(input);
    box.appendChild(results);
    var anchor = header.querySelector(".md-header__option") || header.querySelector(".md-header__source");
    header.insertBefore(box, anchor ? anchor : null);
    var timer = null, active = -1, shownFor = null;
    function links() { return Array.from(results.querySelectorAll("a")); }
    function mark(i) {
      var all = links();
      if (!all.length) return;
      active = (i + all.length) % all.length;
      all.forEach(function (a, k) {
        a.classList.toggle("cl-active", k === active);
        a.setAttribute("aria-selected", String(k === active));
      });
      input.setAttribute("aria-activedescendant", all[active].id);
      all[active].scrollIntoView({ block: "nearest" });
    }
    function place() {  // the panel stays inside the viewport, whatever the header's layout
      results.style.left = results.style.right = results.style.top = "";
      var box = results.getBoundingClientRect(), width = document.documentElement.clientWidth;
      if (box.left < 8 || box.right > width - 8) {
        var field = input.getBoundingClientRect();
        results.style.position = "fixed";
        results.style.top = Math.round(field.bottom + 4) + "px";
        results.style.left = "8px";
        results.style.right = "8px";
      } else {
        results.style.position = "";
      }
    }
    function show() {
      var q = input.value.trim();
      if (q === shownFor && !results.hidden) return;
      results.textContent = "";
      active = -1;
      input.removeAttribute("aria-activedescendant");
      if (!q || !index) { results.hidden = true; input.setAttribute("aria-expanded", "false"); shownFor = null; return; }
      var hits = index.rank(q);
      shownFor = q;
      if (!hits.length) results.appendChild(el("li", { "class": "cl-none" }, "No rule matches."));
      hits.forEach(function (h, i) {
        var li = el("li", { "class": "cl-hit", role: "presentation" });
        var a = el("a", { href: base + "rules/" + h.rule + ".html#" + h.edition, "data-rule": h.rule,
                          id: "cl-hit-" + i, role: "option", "aria-selected": "false" });
        a.appendChild(el("strong", {}, h.title));
        a.appendChild(el("span", { "class": "cl-where" }, " " + h.heading));
        a.appendChild(el("span", { "class": "cl-snippet" }, h.snippet));
        li.appendChild(a);
        results.appendChild(li);
      });
      results.hidden = false;
      input.setAttribute("aria-expanded", "true");
      place();
    }
    function now() { clearTimeout(timer); return loadIndex().then(show); }
    input.addEventListener("focus", function () { loadIndex().then(show); });
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { loadIndex().then(show); }, 120);
    });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { results.hidden = true; input.setAttribute("aria-expanded", "false"); input.blur(); return; }
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        var step = event.key === "ArrowDown" ? 1 : -1;
        now().then(function () { mark(active < 0 && step < 0 ? -1 : active + step); });
        return;
      }
      if (event.key === "Enter") {
        event.preventDefault();
        now().then(function () {  // the marked hit, else the top one
          var all = links(), chosen = all[active >= 0 ? active : 0];
          if (chosen) window.location.href = chosen.href;
        });
      }
    });
    document.addEventListener("keydown", function (event) {  // "/" anywhere focuses the search box
      var target = event.target, tag = target && target.tagName;
      var typing = tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        input.focus();
      }
    });
    window.addEventListener("resize", function () { if (!results.hidden) place(); });
    document.addEventListener("click", function (event) {
      if (!box.contains(event.target)) { results.hidden = true; input.setAttribute("aria-expanded", "false"); }
    });
  }

  // --- time-control classifier: each edition's answers along the minutes counted, made by ------
  // extract/arbiter/classify.py (bands) at build time; the page only adds the increment and looks up.
  // The sentences are in the reader's language (interface.yaml cls_*, in the form's data-words).
  var cls = {};
  function say(key, values) {
    var text = cls[key] || key;
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values && values[name] !== undefined ? values[name] : all; });
  }
  var CONTROL = /^\s*(\d+(?:\.\d{1,2})?)\s*(?:\+\s*(\d+(?:\.\d{1,2})?))?\s*$/;
  function classify(control, e) {
    var m = CONTROL.exec(control);
    if (!m || (+m[1] === 0 && !+(m[2] || 0))) return null;
    var base = parseFloat(m[1]), inc = m[2] ? parseFloat(m[2]) : 0, minutes = base, notes = [];
    var text = m[1] + "+" + (m[2] || "0");
    if (inc) {
      if (e.factor === null || e.factor === undefined) notes.push(say("cls_no_increment", { edition: e.id }));
      else minutes += e.factor * inc / 60;
    }
    var band = e.bands.find(function (b) {
      return b.upto === null || minutes < b.upto || (minutes === b.upto && b.inclusive);
    });
    if (!band.limits.length) {
      notes.push(band.gap === "neither" ? say("cls_neither", { minutes: +minutes.toFixed(2), edition: e.id })
                                        : say("cls_no_rapid", { edition: e.id }));
      return say("cls_not", { control: text, edition: e.id, notes: notes.join("; ") });
    }
    var parts = band.limits.map(function (l) { return say("cls_" + l[1], { value: l[2] }); });
    var rule = parts.length > 1 ? say("cls_between", { lower: parts[0], upper: parts[1] })
                                : say("cls_minutes", { limit: parts[0] });
    var article = e.articles[band.limits[0][0]] || "";
    var counted = minutes !== base ? say("cls_counted", { minutes: +minutes.toFixed(2) }) : "";
    return say("cls_is", { control: text, category: say("cls_" + band.category), where: e.id + (article ? " " + article : ""),
                           rule: rule, counted: counted }) + (notes.length ? " (" + notes.join("; ") + ")" : "");
  }
  function setUpClassifier() {
    var form = document.querySelector(".classifier");
    if (!form) return;
    var editions = JSON.parse(form.getAttribute("data-editions"));
    var words = {}, code = "";
    try { words = JSON.parse(form.getAttribute("data-words")); } catch (e) { words = {}; }
    try { code = localStorage.getItem("chesslaws.language") || ""; } catch (e) { code = ""; }
    cls = words[code] || words.en || {};
    var label = form.querySelector(".classifier-label");
    if (label && cls.cls_label) { label.textContent = cls.cls_label; label.setAttribute("lang", words[code] ? code : "en"); }
    var input = form.querySelector("input"), out = form.querySelector("ol");
    out.setAttribute("lang", words[code] ? code : "en");
    form.hidden = false;
    function run() {
      out.textContent = "";
      var answers = editions.map(function (e) { return classify(input.value, e); });
      if (answers.some(function (a) { return a === null; })) {
        out.appendChild(el("li", {}, say("cls_hint")));
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

  // --- a page split into chapters: a link to a provision or rule it lists opens its chapter ----
  function forward() {
    var id = location.hash && decodeURIComponent(location.hash.slice(1));
    var target = id && document.getElementById(id);
    if (target && target.classList.contains("forward") && target.href) location.replace(target.href);
  }

  function start() { forward(); setUpSearch(); setUpClassifier(); setUpFolding(); }
  window.addEventListener("hashchange", forward);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
