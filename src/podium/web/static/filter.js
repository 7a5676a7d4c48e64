// The search of long public tables (public/_table_tools.html): shown only with script and only
// when a table has more than 15 rows; it hides the rows whose text does not hold what is typed,
// ignoring case, accents and ё/е (as "find my table" does), and filters again after a live
// refresh. Without script the box stays hidden and every row shows.
(function () {
  var LONG = 15;
  function key(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/ё/g, "е");
  }
  function apply(box) {
    var needle = key(box.value.trim());
    document.querySelectorAll("#live table.data tbody tr").forEach(function (row) {
      if (!row.dataset.key) { row.dataset.key = key(row.textContent); }
      row.hidden = needle !== "" && row.dataset.key.indexOf(needle) < 0;
    });
  }
  function setup() {
    var holder = document.querySelector("[data-table-filter]");
    if (!holder) { return; }
    var box = holder.querySelector("input");
    var rows = document.querySelectorAll("#live table.data tbody tr").length;
    if (rows > LONG) { holder.hidden = false; }
    if (!box.dataset.bound) {
      box.dataset.bound = "1";
      box.addEventListener("input", function () { apply(box); });
    }
    if (box.value) { apply(box); }
  }
  document.addEventListener("DOMContentLoaded", setup);
  document.addEventListener("htmx:afterSwap", setup);
})();
