/* chesslaws rule pages: the newest edition's text first, a language switch remembered in the browser
   (localStorage), the other editions one click away, and "in force on" a date. Without this script
   every edition's text is shown, newest first; printing shows them all whatever was chosen. */
(function () {
  "use strict";
  var KEY = "chesslaws.language";

  function stored() {
    try { return localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
  }
  function remember(code) {
    try {
      if (code) localStorage.setItem(KEY, code); else localStorage.removeItem(KEY);
    } catch (e) { /* storage refused (private mode): the choice lasts for this page */ }
  }

  // sentences made in every language of the switch (extract/reports/interface.yaml): a data-l10n
  // element holds the English words, the page's table (script.cl-l10n) the others, once per
  // sentence; every page shows the language last chosen
  var sentences = {};  // English -> {language: words}, from [languages, {English: [words, ...]}]
  try {
    var table = JSON.parse(document.querySelector("script.cl-l10n").textContent);
    Object.keys(table[1]).forEach(function (english) {
      var row = {};
      table[0].forEach(function (code, i) { if (table[1][english][i]) row[code] = table[1][english][i]; });
      sentences[english] = row;
    });
  } catch (e) { sentences = {}; }
  function localise(code) {
    document.documentElement.setAttribute("data-reader", code || "");
    document.querySelectorAll("[data-l10n]").forEach(function (node) {
      // a heading keeps its permalink: only its first text is the sentence
      var target = node.children.length && node.firstChild && node.firstChild.nodeType === 3 ? node.firstChild : node;
      if (node.chesslawsEnglish === undefined) node.chesslawsEnglish = target.textContent.trim();
      var text = code && (sentences[node.chesslawsEnglish] || {})[code];
      target.textContent = text || node.chesslawsEnglish;
      node.setAttribute("lang", text ? code : "en");
    });
    // the theme's own words (navigation, table of contents, header, "back to top"): every page's
    // table has them (interface.yaml, nav_* and ui_*); the sidebar repeats the headings' words
    document.querySelectorAll(".md-header, .md-sidebar, .md-skip, .md-top, .md-footer").forEach(function (part) {
      var walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT), node;
      while ((node = walker.nextNode())) {
        if (node.chesslawsEnglish === undefined) {
          var english = node.textContent.trim();
          if (!english || !sentences[english]) continue;
          node.chesslawsEnglish = english;
        }
        var said = code && sentences[node.chesslawsEnglish][code];
        node.textContent = said || node.chesslawsEnglish;
        if (node.parentNode && node.parentNode.setAttribute) node.parentNode.setAttribute("lang", said ? code : "en");
      }
    });
    var input = document.querySelector(".cl-search-input");
    if (input) {
      if (input.chesslawsEnglish === undefined) input.chesslawsEnglish = input.getAttribute("placeholder");
      var said = code && (sentences[input.chesslawsEnglish] || {})[code];
      input.setAttribute("placeholder", said || input.chesslawsEnglish);
    }
  }

  // the interface words of the chosen language (extract/reports/interface.yaml, in the page)
  var words = {};
  try { words = JSON.parse(document.querySelector(".rule-texts").getAttribute("data-words")); } catch (e) { words = {}; }
  function say(code, key, values) {
    var table = words[code] || words.en || {}, text = table[key] || (words.en || {})[key] || "";
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values[name] !== undefined ? values[name] : all; });
  }
  function speak(code) {
    localise(code);
    code = words[code] ? code : "en";
    document.querySelectorAll("[data-i18n]").forEach(function (node) {
      var values = { laws: node.getAttribute("data-laws"), editions: node.getAttribute("data-editions"),
                     date: node.getAttribute("data-date") };
      if (values.date && code !== "en" && window.Intl) {
        try { values.date = new Intl.DateTimeFormat(code, { dateStyle: "long" }).format(new Date(values.date + "T12:00:00")); }
        catch (e) { /* an unknown locale: the ISO date stays */ }
      }
      node.textContent = say(code, node.getAttribute("data-i18n"), values);
      node.setAttribute("lang", code);
    });
    ["text", "rulings", "parameters", "changes", "findings", "related"].forEach(function (key) {
      var heading = document.getElementById(key);
      if (heading && /^H[1-6]$/.test(heading.tagName) && heading.firstChild && heading.firstChild.nodeType === 3) {
        heading.firstChild.textContent = say(code, key, {});
        heading.setAttribute("lang", code);
      }
    });
    var search = document.querySelector(".cl-search-input");
    if (search) search.setAttribute("placeholder", say(code, "search", {}));
  }

  function setUpTexts() {
    var box = document.querySelector(".rule-texts");
    if (!box) return;
    var sections = Array.prototype.slice.call(box.querySelectorAll(".edition-text"));
    if (!sections.length) return;
    var tabs = Array.prototype.slice.call(box.querySelectorAll(".edition-tabs a"));
    var buttons = Array.prototype.slice.call(box.querySelectorAll(".language-switch button"));
    var note = box.querySelector(".language-note");

    function show(id) {
      sections.forEach(function (s) { s.hidden = s.id !== id; });
      tabs.forEach(function (t) {
        if (t.getAttribute("data-edition") === id) t.setAttribute("aria-current", "true");
        else t.removeAttribute("aria-current");
      });
    }
    function pick(code) {  // the newest edition in the reader's language, else the newest edition
      var found = null;
      sections.forEach(function (s) { if (!found && code && s.getAttribute("data-language") === code) found = s; });
      buttons.forEach(function (b) { b.setAttribute("aria-pressed", String(b.getAttribute("data-language") === code)); });
      var button = buttons.filter(function (b) { return b.getAttribute("data-language") === code; })[0];
      note.hidden = !(code && !found);
      note.textContent = code && !found ? say(code, "no_edition", { language: button ? button.textContent : code }) : "";
      speak(code);
      return (found || sections[0]).id;
    }
    function isSection(id) {
      return sections.some(function (s) { return s.id === id; });
    }

    box.querySelector(".text-controls").hidden = false;
    box.classList.add("one-at-a-time");
    var wanted = decodeURIComponent(location.hash.slice(1));
    if (isSection(wanted)) { pick(stored()); show(wanted); }
    else show(pick(stored()));

    buttons.forEach(function (b) {
      b.addEventListener("click", function () {
        var code = b.getAttribute("data-language");
        remember(code);
        show(pick(code));
        if (isSection(decodeURIComponent(location.hash.slice(1)))) history.replaceState(null, "", location.pathname);
      });
    });
    tabs.forEach(function (t) {
      t.addEventListener("click", function (event) {
        event.preventDefault();
        var id = t.getAttribute("data-edition");
        show(id);
        history.replaceState(null, "", "#" + encodeURIComponent(id));
      });
    });
    window.addEventListener("hashchange", function () {
      var id = decodeURIComponent(location.hash.slice(1));
      if (isSection(id)) { show(id); document.getElementById(id).scrollIntoView(); }
    });

    var asof = box.querySelector(".asof");
    if (!asof) return;
    var editions = JSON.parse(asof.getAttribute("data-editions"));
    var input = asof.querySelector("input[type=date]"), out = asof.querySelector("output");
    input.addEventListener("change", function () {
      var day = input.value, started = editions.filter(function (e) { return e.in_force <= day; });
      if (!day) { out.textContent = ""; return; }
      if (!started.length) { out.textContent = "No edition was in force on " + day + "."; return; }
      var laws = Math.max.apply(null, started.map(function (e) { return e.laws; }));
      var chosen = started.filter(function (e) { return e.laws === laws; })
        .sort(function (a, b) { return a.in_force < b.in_force ? -1 : a.in_force > b.in_force ? 1 : a.id < b.id ? -1 : 1; })
        .pop();
      out.textContent = "On " + day + ": " + chosen.id + " (in force from " + chosen.in_force + ")" +
        (isSection(chosen.id) ? "" : ", which does not have this rule");
      if (isSection(chosen.id)) show(chosen.id);
    });
  }

  function setUp() {
    if (document.querySelector(".rule-texts")) setUpTexts();
    else localise(stored());
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
