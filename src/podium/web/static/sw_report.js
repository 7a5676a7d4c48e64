// Self-report of a 7 Wonders game by tapping (rules W7-3, W7-36): the player taps the game's
// players best first; "tied with the one before" puts the last tapped player at the previous
// one's place (a shared position, the next one skips: 1, 1, 3). It fills the "order" field the
// server parses ("#3, #5 = #7, ..."); the last player is placed by themselves. Without
// JavaScript the typed field still works.
(function () {
  function setup(box) {
    var input = document.getElementById(box.dataset.order);
    var buttons = Array.prototype.slice.call(box.querySelectorAll('.tap-player'));
    var tie = box.querySelector('.sw-tie');
    var step = box.querySelector('.tap-step');
    var send = box.closest('form').querySelector('.tap-send');
    var groups;
    box.hidden = false;
    input.closest('label').hidden = true;
    input.type = 'hidden';
    input.required = false;

    function placed(id) {
      return groups.some(function (g) { return g.indexOf(id) >= 0; });
    }
    function left() {
      return buttons.map(function (b) { return b.dataset.player; })
        .filter(function (id) { return !placed(id); });
    }
    function reset() { groups = []; render(); }
    function tap(id) {
      if (placed(id)) return;
      groups.push([id]);
      var rest = left();
      if (rest.length === 1) groups.push([rest[0]]);
      render();
    }
    function tied() {
      if (groups.length < 2) return;
      var last = groups.pop();
      groups[groups.length - 1] = groups[groups.length - 1].concat(last);
      render();
    }
    function render() {
      var done = left().length === 0 && groups.length > 0;
      input.value = done ? groups.map(function (g) {
        return g.map(function (id) { return '#' + id; }).join(' = ');
      }).join(', ') : '';
      var marks = {}, position = 1;
      groups.forEach(function (g) {
        g.forEach(function (id) {
          marks[id] = box.dataset.place.replace('N', position) +
            (g.length > 1 ? ' = ' + box.dataset.tied : '');
        });
        position += g.length;
      });
      buttons.forEach(function (b) {
        var mark = marks[b.dataset.player] || '';
        b.querySelector('.tap-mark').textContent = mark;
        b.classList.toggle('tapped', mark !== '');
      });
      tie.disabled = groups.length < 2;
      step.textContent = done ? box.dataset.sayDone
        : groups.length === 0 ? box.dataset.sayFirst : box.dataset.sayNext;
      send.disabled = !done;
    }
    buttons.forEach(function (b) {
      b.addEventListener('click', function () { tap(b.dataset.player); });
    });
    tie.addEventListener('click', tied);
    box.querySelector('.tap-reset').addEventListener('click', reset);
    reset();
  }
  // Rule W7-19: the overruns a switch a player and the scores a field a player, written into
  // the typed fields the server reads ("Анна, Борис"; "Анна=61, Борис=55"), which then hide.
  function picks(box) {
    var overrun = document.getElementById(box.dataset.overrun);
    var score = document.getElementById(box.dataset.score);
    var typed = function (s) { return s.split(',').map(function (x) { return x.trim(); }); };
    var given = {};
    typed(score.value).forEach(function (item) {
      var parts = item.split('=');
      if (parts.length === 2) given[parts[0].trim()] = parts[1].trim();
    });
    var over = typed(overrun.value);
    box.querySelectorAll('.sw-overrun-pick').forEach(function (c) {
      c.checked = over.indexOf(c.value) >= 0;
    });
    box.querySelectorAll('.sw-score-pick').forEach(function (i) {
      i.value = given[i.dataset.name] || '';
    });
    function write() {
      overrun.value = Array.prototype.slice.call(box.querySelectorAll('.sw-overrun-pick:checked'))
        .map(function (c) { return c.value; }).join(', ');
      score.value = Array.prototype.slice.call(box.querySelectorAll('.sw-score-pick'))
        .filter(function (i) { return i.value.trim() !== ''; })
        .map(function (i) { return i.dataset.name + '=' + i.value.trim(); }).join(', ');
    }
    box.addEventListener('input', write);
    box.addEventListener('change', write);
    box.hidden = false;
    [overrun, score].forEach(function (f) { f.closest('label').hidden = true; });
  }
  document.querySelectorAll('.sw-tap').forEach(setup);
  document.querySelectorAll('.sw-picks').forEach(picks);
})();
