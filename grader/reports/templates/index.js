// The student table of the class page: filter by text and status, sort by any column.
// Plain JavaScript, no external files: the page works offline and from a file:// URL.
(function () {
  "use strict";
  var table = document.getElementById("students");
  var form = document.getElementById("filters");
  if (!table || !form) { return; }
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var search = document.getElementById("filter");
  var status = document.getElementById("status");
  var shown = document.getElementById("shown");
  var template = shown.getAttribute("data-template");
  form.hidden = false;
  document.getElementById("sort-hint").hidden = false;
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  function apply() {
    var text = search.value.trim().toLowerCase();
    var wanted = status.value;
    var count = 0;
    rows.forEach(function (row) {
      var visible = (!text || row.getAttribute("data-search").indexOf(text) !== -1) &&
                    (!wanted || row.getAttribute("data-status") === wanted);
      row.hidden = !visible;
      if (visible) { count += 1; }
    });
    shown.textContent = template.replace("{shown}", String(count)).replace("{total}", String(rows.length));
  }

  function sortBy(button) {
    var column = Number(button.getAttribute("data-col"));
    var numeric = button.getAttribute("data-type") === "number";
    var header = button.parentNode;
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell) { cell.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    rows.sort(function (a, b) {
      var x = a.cells[column].getAttribute("data-value");
      var y = b.cells[column].getAttribute("data-value");
      var order = numeric ? Number(x) - Number(y) : x.localeCompare(y, undefined, {numeric: true});
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  search.addEventListener("input", apply);
  status.addEventListener("change", apply);
  Array.prototype.forEach.call(table.tHead.querySelectorAll("button.sort"), function (button) {
    button.addEventListener("click", function () { sortBy(button); });
  });
  apply();
}());
