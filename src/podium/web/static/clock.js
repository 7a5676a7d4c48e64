// The round clock in the browser (web/clock.py, public/_clock.html): counts a running clock
// down to its data-deadline (milliseconds since 1970, UTC) once a second, shows "time is over"
// when it passes, and uncovers the "time" mark of each table still playing whose own deadline
// (data-table-deadline: extra time respected) has passed. Without script the page shows the
// time left when it was rendered and the clock's end ("until 11:35").
// On the projector page it also filters "find my table" as a name is typed.
(function () {
  function two(n) { return (n < 10 ? "0" : "") + n; }
  function text(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    return h ? h + ":" + two(m) + ":" + two(r) : m + ":" + two(r);
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-clock]").forEach(function (box) {
      var end = parseInt(box.dataset.deadline, 10);
      if (box.dataset.status !== "running" || !end) { return; }
      var value = box.querySelector("[data-clock-value]");
      if (now >= end) {
        value.textContent = box.dataset.over;
        box.classList.add("clock-over");
      } else {
        value.textContent = text(end - now);
      }
    });
    document.querySelectorAll("[data-table-deadline]").forEach(function (table) {
      var end = parseInt(table.dataset.tableDeadline, 10);
      var badge = table.querySelector("[data-time-badge]");
      if (badge && end && now >= end) { badge.hidden = false; }
    });
  }
  function key(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/ё/g, "е").replace(/\s+/g, " ").trim();
  }
  function find(form) {
    var needle = key(form.querySelector("input").value);
    var list = document.querySelector("[data-found]");
    var word = form.dataset.tableWord || "#";
    var lines = [];
    document.querySelectorAll("#live li[data-key]").forEach(function (seat) {
      var hit = needle !== "" && seat.dataset.key.indexOf(needle) >= 0;
      seat.classList.toggle("me", hit);
      if (hit) { lines.push([seat.dataset.table, seat.textContent]); }
    });
    if (!list) { return; }
    list.textContent = "";
    lines.slice(0, 6).forEach(function (line) {
      var item = document.createElement("li");
      var strong = document.createElement("strong");
      strong.textContent = word.replace("#", line[0]);
      item.appendChild(strong);
      item.appendChild(document.createTextNode(" " + line[1]));
      list.appendChild(item);
    });
  }
  function setup() {
    tick();
    setInterval(tick, 1000);
    var form = document.querySelector("[data-projector-find]");
    if (form) {
      var box = form.querySelector("input");
      box.addEventListener("input", function () { find(form); });
      form.addEventListener("submit", function (event) { event.preventDefault(); find(form); });
      document.body.addEventListener("htmx:afterSwap", function () { if (box.value) { find(form); } tick(); });
    }
    document.body.addEventListener("htmx:afterSwap", tick);
  }
  document.addEventListener("DOMContentLoaded", setup);
})();
