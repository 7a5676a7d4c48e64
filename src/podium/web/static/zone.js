// A time zone from the organiser's browser (Intl), when the field still holds the regulation's
// default (UTC) or nothing: a new event's zone (then the times on the event's pages are the
// venue's) and a generated form's zone field ([data-zone-default]). The organiser sees the zone
// in the field before sending the form and may change it.
(function () {
  var zone = '';
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) { return; }
  if (!zone || zone === 'UTC' || zone === 'Etc/UTC') return;
  var fields = document.querySelectorAll(
    'form[data-new-event] input[name=set_time_zone], input[data-zone-default]');
  fields.forEach(function (field) {
    if (!field.value || field.value === 'UTC') field.value = zone;
  });
})();
