// Sorting of every table.sortable by clicking a header, and the domain/task selects of the
// leaderboard. Values come from data-v attributes; cells are never rebuilt from strings, so
// nothing from the data is ever parsed as HTML here.
(function () {
  "use strict";

  function cellValue(row, col, type) {
    var cell = row.cells[col];
    var raw = cell ? cell.getAttribute("data-v") : null;
    if (raw === null) raw = cell ? cell.textContent : "";
    if (type === "num") {
      var x = parseFloat(raw);
      return isNaN(x) ? null : x;
    }
    return raw.toLowerCase();
  }

  function sortTable(table, col, type, th) {
    // first click: numbers best-first (descending, ascending where the header says lower is
    // better, e.g. KS distances), text A-Z; next clicks toggle
    var asc;
    if (th.classList.contains("sorted-asc")) asc = false;
    else if (th.classList.contains("sorted-desc")) asc = true;
    else asc = (type !== "num") || th.getAttribute("data-better") === "lower";
    table.querySelectorAll("th").forEach(function (h) { h.classList.remove("sorted-asc", "sorted-desc"); });
    th.classList.add(asc ? "sorted-asc" : "sorted-desc");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var va = cellValue(a, col, type), vb = cellValue(b, col, type);
      if (va === null && vb === null) return 0;
      if (va === null) return 1;  // missing values always last
      if (vb === null) return -1;
      if (va < vb) return asc ? -1 : 1;
      if (va > vb) return asc ? 1 : -1;
      return 0;
    });
    rows.forEach(function (r, i) {
      body.appendChild(r);
      var rank = r.querySelector("td.rank");
      if (rank) rank.textContent = String(i + 1);
    });
  }

  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, col) {
      if (!th.classList.contains("sortable-col")) return;
      th.addEventListener("click", function () { sortTable(table, col, th.getAttribute("data-type") || "text", th); });
    });
  });

  var dom = document.getElementById("domain-select");
  var task = document.getElementById("task-select");
  function showBoard() {
    if (!dom || !task) return;
    document.querySelectorAll("section.board").forEach(function (s) {
      s.hidden = !(s.getAttribute("data-domain") === dom.value && s.getAttribute("data-task") === task.value);
    });
  }
  var metric = document.getElementById("metric-select");
  function showMetric() {
    if (!metric) return;
    document.querySelectorAll("[data-metric]").forEach(function (c) {
      c.hidden = metric.value !== "" && c.getAttribute("data-metric") !== metric.value;
    });
  }
  if (metric) metric.addEventListener("change", showMetric);
  if (dom && task) {
    dom.addEventListener("change", showBoard);
    task.addEventListener("change", showBoard);
    showBoard();
  }
})();
