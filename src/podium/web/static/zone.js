// A new event's time zone from the organiser's browser (Intl), when the field still holds the
// regulation's default (UTC) or nothing: the times on the event's pages are then the venue's.
// The organiser sees the zone in the field before creating the event and may change it.
(function () {
  var field = document.querySelector('form[data-new-event] input[name=set_time_zone]');
  if (!field || (field.value && field.value !== 'UTC')) return;
  var zone = '';
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) { return; }
  if (zone && zone !== 'UTC' && zone !== 'Etc/UTC') field.value = zone;
})();
