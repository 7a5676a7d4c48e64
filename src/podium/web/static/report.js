// Self-report by tapping (Commander): fills the "finish" field the server parses, e.g. "2431"
// (winner, then the last out to the first out) or "=24 31" (a draw's survivors, then the
// others from the last out). Taps follow the game: the winner, then who went out first.
(function () {
  function setup(box) {
    var input = document.getElementById(box.dataset.finish);
    var buttons = Array.prototype.slice.call(box.querySelectorAll('.tap-player'));
    var draw = box.querySelector('.tap-draw');
    var survivorsDone = box.querySelector('.tap-survivors');
    var step = box.querySelector('.tap-step');
    var send = box.parentNode.querySelector('.tap-send');
    var state;
    box.hidden = false;
    input.closest('label').hidden = true;
    input.type = 'hidden';

    function reset() {
      state = { winner: null, survivors: [], chosen: !draw.checked ? true : false, outs: [] };
      render();
    }
    function left() {
      return buttons.map(function (b) { return b.dataset.seat; }).filter(function (s) {
        return s !== state.winner && state.survivors.indexOf(s) < 0 && state.outs.indexOf(s) < 0;
      });
    }
    function complete() {
      var rest = left();
      if (draw.checked) return state.chosen && rest.length === 0;
      return state.winner !== null && rest.length === 0;
    }
    function tap(seat) {
      if (complete()) return;
      if (!draw.checked && state.winner === null) state.winner = seat;
      else if (draw.checked && !state.chosen) {
        var i = state.survivors.indexOf(seat);
        if (i >= 0) state.survivors.splice(i, 1); else state.survivors.push(seat);
      } else if (seat !== state.winner && state.survivors.indexOf(seat) < 0 &&
                 state.outs.indexOf(seat) < 0) state.outs.push(seat);
      var rest = left();
      if (rest.length === 1 && (state.winner !== null || state.chosen) &&
          (state.outs.length > 0 || draw.checked || buttons.length === 2)) state.outs.push(rest[0]);
      render();
    }
    function render() {
      var lastToFirst = state.outs.slice().reverse().join('');
      if (draw.checked) input.value = complete() ? '=' + (state.survivors.join('') || '0') + ' ' + lastToFirst : '';
      else input.value = complete() ? state.winner + lastToFirst : '';
      buttons.forEach(function (b) {
        var s = b.dataset.seat, mark = '';
        if (s === state.winner) mark = '★ ' + box.dataset.won;
        else if (state.survivors.indexOf(s) >= 0) mark = '= ' + box.dataset.drew;
        else if (state.outs.indexOf(s) >= 0) mark = box.dataset.outN.replace('N', state.outs.indexOf(s) + 1);
        b.querySelector('.tap-mark').textContent = mark;
        b.classList.toggle('tapped', mark !== '');
      });
      survivorsDone.hidden = !(draw.checked && !state.chosen);
      step.textContent = complete() ? box.dataset.sayDone
        : draw.checked && !state.chosen ? box.dataset.saySurvivors
        : !draw.checked && state.winner === null ? box.dataset.sayWinner : box.dataset.sayOut;
      send.disabled = !complete();
    }
    buttons.forEach(function (b) { b.addEventListener('click', function () { tap(b.dataset.seat); }); });
    draw.addEventListener('change', reset);
    survivorsDone.addEventListener('click', function () { state.chosen = true; tap(null); render(); });
    box.querySelector('.tap-reset').addEventListener('click', reset);
    reset();
  }
  document.querySelectorAll('.tap').forEach(setup);
})();
