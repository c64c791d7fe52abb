// Client-side search over the names in search-index.js (window.SDKGEN_SEARCH): no service, so it works
// from file:// and any static host. Entries are [name, kind, page, fieldAnchors]; anchors are "in-x",
// "out-x" or "f-x". Exact names rank first, then prefixes, then substrings; kinds before fields.
(function () {
  var input = document.getElementById("search");
  var list = document.getElementById("results");
  var root = document.body.getAttribute("data-root") || "";
  var entries = window.SDKGEN_SEARCH || [];
  var FIELD_KIND = { in: "input", out: "output", f: "field" };
  var LIMIT = 30;

  function rank(name, q) {
    var n = name.toLowerCase();
    if (n === q) return 0;
    if (n.indexOf(q) === 0) return 1;
    return n.indexOf(q) >= 0 ? 2 : -1;
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

  function show(hits) {
    list.innerHTML = "";
    hits.forEach(function (h, i) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = root + h.href;
      a.textContent = h.label;
      if (i === 0) a.className = "active";
      var small = document.createElement("small");
      small.textContent = h.kind;
      a.appendChild(small);
      li.appendChild(a);
      list.appendChild(li);
    });
    list.hidden = hits.length === 0;
  }

  input.addEventListener("input", function () {
    var q = input.value.trim().toLowerCase();
    show(q ? search(q) : []);
  });
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") {
      var first = list.querySelector("a");
      if (first) window.location.href = first.href;
    } else if (ev.key === "Escape") {
      input.value = "";
      show([]);
    }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "/" && document.activeElement !== input) {
      ev.preventDefault();
      input.focus();
    }
  });
})();
