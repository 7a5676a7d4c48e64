// The generated forms' widgets (templates/manage/_command_fields.html), bound here because the
// Content-Security-Policy allows no inline script. Without script every widget still works as
// plain fields: a place typed per player, one name a field.
(function () {
  function key(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ё/g, "е");
  }
  // A search box over a widget's players: hides those whose name does not hold what is typed.
  function filter(box) {
    var holder = box.closest(".widget");
    box.hidden = false;
    box.addEventListener("input", function () {
      var needle = key(box.value.trim());
      holder.querySelectorAll(".chip, tbody tr").forEach(function (item) {
        item.hidden = needle !== "" && key(item.textContent).indexOf(needle) < 0;
      });
    });
  }
  // "One more line": a copy of the last line, emptied.
  function adder(button) {
    var holder = button.closest(".widget");
    button.hidden = false;
    button.addEventListener("click", function () {
      var rows = holder.querySelectorAll(".rows > input, tbody > tr");
      var last = rows[rows.length - 1];
      var copy = last.cloneNode(true);
      (copy.matches("input") ? [copy] : copy.querySelectorAll("input")).forEach(function (i) {
        i.value = "";
      });
      if (!copy.matches("input")) {
        copy.querySelectorAll("select").forEach(function (s) { s.selectedIndex = 0; });
      }
      last.parentNode.insertBefore(copy, last.nextSibling);
      (copy.matches("input") ? copy : copy.querySelector("input")).focus();
    });
  }
  // Matches past the first empty one wait behind "one more match".
  function matches(button) {
    var holder = button.closest(".widget");
    var more = holder.querySelectorAll(".w-more");
    more.forEach(function (m) { m.hidden = true; });
    button.hidden = more.length < 1;
    button.addEventListener("click", function () {
      var next = holder.querySelector(".w-more[hidden]");
      if (next) { next.hidden = false; next.querySelector("input").focus(); }
      button.hidden = !holder.querySelector(".w-more[hidden]");
    });
  }
  // An order by tapping: each tap gives the player the next place; "tied" gives the last one
  // tapped the place of the one before (1, 1, 3). The place fields are what is sent.
  function order(table) {
    var holder = table.closest(".widget");
    var taps = Array.prototype.slice.call(table.querySelectorAll(".w-tap"));
    var field = function (b) { return document.getElementById(b.dataset.for); };
    var groups = [];
    holder.querySelector(".w-step").hidden = false;
    holder.querySelector(".w-tools").hidden = false;
    taps.forEach(function (b) {
      b.hidden = false;
      b.nextElementSibling.hidden = true;
    });
    function render() {
      var place = 1;
      taps.forEach(function (b) { field(b).value = ""; b.classList.remove("tapped"); });
      groups.forEach(function (g) {
        g.forEach(function (b) { field(b).value = place; b.classList.add("tapped"); });
        place += g.length;
      });
    }
    taps.forEach(function (b) {
      b.addEventListener("click", function () {
        if (groups.some(function (g) { return g.indexOf(b) >= 0; })) { return; }
        groups.push([b]);
        render();
      });
    });
    var tie = holder.querySelector(".w-tie");
    if (tie) tie.addEventListener("click", function () {
      if (groups.length < 2) { return; }
      var last = groups.pop();
      groups[groups.length - 1] = groups[groups.length - 1].concat(last);
      render();
    });
    holder.querySelector(".w-reset").addEventListener("click", function () {
      groups = [];
      render();
    });
  }
  function setup(root) {
    // a laptop shows every table's result form; a phone the first one still playing
    if (window.matchMedia && window.matchMedia("(min-width: 60rem)").matches) {
      root.querySelectorAll("details.table-entry").forEach(function (d) { d.open = true; });
    }
    root.querySelectorAll(".w-filter").forEach(filter);
    root.querySelectorAll(".w-add").forEach(adder);
    root.querySelectorAll(".w-add-match").forEach(matches);
    root.querySelectorAll("table.w-order").forEach(order);
  }
  // a destructive form asks once more before it is sent
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  }, true);
  document.addEventListener("DOMContentLoaded", function () { setup(document); });
  document.addEventListener("htmx:afterSwap", function (event) { setup(event.target); });
})();
