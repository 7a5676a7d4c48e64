// Copy buttons (the organiser's player codes page): a button's data-copy text, or the text
// of the field named by data-copy-from, to the clipboard; the button says it is done. Where
// the Clipboard API is not offered (a page over plain http on the club's network) the text is
// selected in a field and copied the old way, and it stays selected for a manual copy.
(function () {
  "use strict";
  function selectAndCopy(text) {
    var field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    document.body.removeChild(field);
    return done;
  }
  function said(button) {
    if (!button.dataset.label) { button.dataset.label = button.textContent; }
    button.textContent = "✓ " + (button.dataset.done || button.dataset.label);
    setTimeout(function () { button.textContent = button.dataset.label; }, 2000);
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button.copy");
    if (!button) { return; }
    var source = button.dataset.copyFrom && document.getElementById(button.dataset.copyFrom);
    var text = source ? source.value : (button.dataset.copy || "");
    if (source) { source.select(); }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { said(button); },
        function () { if (selectAndCopy(text)) { said(button); } });
    } else if (selectAndCopy(text)) {
      said(button);
    }
  });
})();
