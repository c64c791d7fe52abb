// Client-side search over the names in search-index.js (window.SDKGEN_SEARCH): no service, so it works
// from file:// and any static host. Entries are [name, kind, page, fieldAnchors]; anchors are "in-x",
// "out-x" or "f-x". Exact names rank first, then prefixes, then substrings; kinds before fields. A query
// that matches nothing is answered with the closest names. "/" focuses the box; arrow keys choose a
// result, Enter opens it, Escape clears.
(function () {
  var input = document.getElementById("search");
  var list = document.getElementById("results");
  var empty = document.getElementById("search-empty");
  var root = document.body.getAttribute("data-root") || "";
  var entries = window.SDKGEN_SEARCH || [];
  var FIELD_KIND = { in: "input", out: "output", f: "field" };
  var LIMIT = 30;
  var CLOSEST = 5;
  var active = -1;

  function rank(name, q) {
    var n = name.toLowerCase();
    if (n === q) return 0;
    if (n.indexOf(q) === 0) return 1;
    return n.indexOf(q) >= 0 ? 2 : -1;
  }

  // Every searchable name once, entities then each one's fields in the index's order, with where it
  // goes; made on the first query that matches nothing.
  var named;
  function names() {
    if (named) return named;
    var seen = {};
    var out = [];
    function add(name, kind, href) {
      if (seen.hasOwnProperty(name)) return;
      seen[name] = true;
      out.push({ label: name, kind: kind, href: href });
    }
    entries.forEach(function (e) {
      add(e[0], e[1], e[2]);
      e[3].forEach(function (anchor) {
        var cut = anchor.indexOf("-");
        add(anchor.slice(cut + 1), FIELD_KIND[anchor.slice(0, cut)] + " of " + e[0], e[2] + "#" + anchor);
      });
    });
    return (named = out);
  }

  function search(q) {
    var hits = [];
    entries.forEach(function (e) {
      var r = rank(e[0], q);
      if (r >= 0) hits.push({ score: r, label: e[0], kind: e[1], href: e[2] });
      e[3].forEach(function (anchor) {
        var cut = anchor.indexOf("-");
        var field = anchor.slice(cut + 1);
        var fr = rank(field, q);
        if (fr >= 0)
          hits.push({ score: 3 + fr, label: e[0] + "." + field, kind: FIELD_KIND[anchor.slice(0, cut)] + " of " + e[0], href: e[2] + "#" + anchor });
      });
    });
    hits.sort(function (a, b) { return a.score - b.score || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0); });
    return hits.slice(0, LIMIT);
  }

  // The edit distance of the validator's "did you mean" (runtime/src/suggest.ts), the same algorithm
  // copied here because the page loads no module; the browser test holds the two to the same answer.
  function editDistance(a, b) {
    var prev = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      var cur = [i];
      for (j = 1; j <= b.length; j++)
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
    return prev[b.length];
  }

  // The nearest names first; a stable sort keeps the index's order among equals, as "did you mean" does.
  function closest(q) {
    return names()
      .map(function (n) { return { n: n, d: editDistance(q, n.label.toLowerCase()) }; })
      .sort(function (a, b) { return a.d - b.d; })
      .slice(0, CLOSEST)
      .map(function (x) { return x.n; });
  }

  function link(h, id) {
    var a = document.createElement("a");
    a.href = root + h.href;
    a.textContent = h.label;
    if (id) a.id = id;
    var small = document.createElement("small");
    small.textContent = h.kind;
    a.appendChild(small);
    return a;
  }

  function choose(i) {
    var links = list.querySelectorAll("a");
    if (active >= 0 && links[active]) links[active].className = "";
    active = links.length ? (i + links.length) % links.length : -1;
    if (active < 0) return input.removeAttribute("aria-activedescendant");
    links[active].className = "active";
    links[active].scrollIntoView({ block: "nearest" });
    input.setAttribute("aria-activedescendant", links[active].id);
  }

  function show(hits) {
    list.innerHTML = "";
    active = -1;
    hits.forEach(function (h, i) {
      var li = document.createElement("li");
      li.setAttribute("role", "option");
      li.appendChild(link(h, "result-" + i));
      list.appendChild(li);
    });
    list.hidden = hits.length === 0;
    input.setAttribute("aria-expanded", String(hits.length > 0));
    choose(0);
  }

  function showEmpty(text) {
    empty.innerHTML = "";
    empty.hidden = !text;
    if (!text) return;
    var p = document.createElement("p");
    p.textContent = "No kind or field matches \u201c" + text + "\u201d. Closest names:";
    empty.appendChild(p);
    var ul = document.createElement("ul");
    closest(text.toLowerCase()).forEach(function (h) {
      var li = document.createElement("li");
      li.appendChild(link(h));
      ul.appendChild(li);
    });
    empty.appendChild(ul);
  }

  function update() {
    var q = input.value.trim().toLowerCase();
    var hits = q ? search(q) : [];
    show(hits);
    showEmpty(q && !hits.length ? input.value.trim() : "");
  }

  input.addEventListener("input", update);
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      ev.preventDefault();
      choose(active + (ev.key === "ArrowDown" ? 1 : -1));
    } else if (ev.key === "Enter") {
      var chosen = list.querySelectorAll("a")[active];
      if (chosen) window.location.href = chosen.href;
    } else if (ev.key === "Escape") {
      input.value = "";
      update();
    }
  });
  document.addEventListener("keydown", function (ev) {
    var t = ev.target;
    var typing = t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.isContentEditable);
    if (ev.key === "/" && !typing && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      ev.preventDefault();
      input.focus();
      input.select();
    }
  });
})();
