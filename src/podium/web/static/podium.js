// The few behaviours of podium's pages, bound here because the Content-Security-Policy allows
// no inline script or on...= handler: [data-print] prints the page, [data-autosubmit] sends its
// form when changed.
document.addEventListener("click", function (event) {
  if (event.target.closest("[data-print]")) {
    window.print();
  }
});
document.addEventListener("change", function (event) {
  var field = event.target.closest("[data-autosubmit]");
  if (field && field.form) {
    field.form.submit();
  }
});
