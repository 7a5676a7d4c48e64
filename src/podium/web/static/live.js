/* A page's live part (#live) pushed by the server: server-sent events from data-stream
   (podium/web/live.py). Each message is the live part again; only the nodes that differ are
   replaced, so scrolling, an open row and the clock stay. While the stream is cut the page
   polls as before (htmx's hx-trigger) and .live-state says it is not live; while it is open
   the polls are skipped. A search typed on the pairings page asks for its own answer. */
(function () {
  "use strict";
  var FIRST_PAUSE = 1000, MAX_PAUSE = 30000;

  function visitor() {
    try {
      var id = localStorage.getItem("podium-visitor");
      if (!id) {
        var bytes = crypto.getRandomValues(new Uint8Array(12));
        id = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
        localStorage.setItem("podium-visitor", id);
      }
      return id;
    } catch (e) { return ""; }
  }

  function sameAttributes(a, b) {
    if (a.attributes.length !== b.attributes.length) return false;
    for (var i = 0; i < a.attributes.length; i++) {
      if (b.getAttribute(a.attributes[i].name) !== a.attributes[i].value) return false;
    }
    return true;
  }

  function syncAttributes(a, b) {
    for (var i = a.attributes.length - 1; i >= 0; i--) {
      var name = a.attributes[i].name;
      if (!b.hasAttribute(name)) a.removeAttribute(name);
    }
    for (var j = 0; j < b.attributes.length; j++) {
      if (a.getAttribute(b.attributes[j].name) !== b.attributes[j].value) {
        a.setAttribute(b.attributes[j].name, b.attributes[j].value);
      }
    }
  }

  function blank(node) { return node.nodeType === 3 && !node.nodeValue.trim(); }
  function inner(nodes) {  // without the blank texts at either end, which templates leave
    var from = 0, to = nodes.length;
    while (from < to && blank(nodes[from])) from++;
    while (to > from && blank(nodes[to - 1])) to--;
    return nodes.slice(from, to);
  }

  /* Make target's children those of source, touching only the nodes that differ: an element
     of the same tag keeps its identity (its attributes and children are brought up to date),
     a text changes in place; other nodes are replaced. */
  function morph(target, source) {
    var olds = Array.prototype.slice.call(target.childNodes);
    var news = Array.prototype.slice.call(source.childNodes);
    if (olds.length !== news.length) {
      // a page and its pushed part may differ only in the blanks at their ends (the page's
      // template puts its own around the part): morph what is inside them, keep the rest
      olds = inner(olds);
      news = inner(news);
    }
    if (olds.length !== news.length) {
      news = Array.prototype.slice.call(source.childNodes);
      target.replaceChildren.apply(target, news);
      return true;
    }
    var changed = false;
    for (var i = 0; i < news.length; i++) {
      var a = olds[i], b = news[i];
      if (a.isEqualNode(b)) continue;
      if (a.nodeType === 1 && b.nodeType === 1 && a.tagName === b.tagName) {
        // the clock's figures are the browser's own (static/clock.js counts them down from
        // data-deadline): a pushed part keeps them while the clock's attributes are the same
        var same = sameAttributes(a, b);
        if (same && a.hasAttribute("data-clock-value")) continue;
        if (!same) { syncAttributes(a, b); changed = true; }
        if (morph(a, b)) changed = true;
      } else if (a.nodeType === 3 && b.nodeType === 3) {
        a.nodeValue = b.nodeValue;
        changed = true;
      } else {
        target.replaceChild(b, a);
        changed = true;
      }
    }
    return changed;
  }

  function start(live) {
    var address = live.getAttribute("data-stream");
    if (!address || !window.EventSource) return;
    var state = document.querySelector(".live-state");
    var streaming = false, pause = FIRST_PAUSE, askUntil = 0, source = null;

    function show(on) {
      streaming = on;
      live.setAttribute("data-live", on ? "pushed" : "polled");
      if (state) {
        state.hidden = false;
        state.textContent = on ? state.getAttribute("data-on") : state.getAttribute("data-off");
        state.classList.toggle("live-off", !on);
      }
    }
    function searching() {
      var box = document.querySelector(".find input[name=q]");
      return !!(box && box.value.trim());
    }
    document.body.addEventListener("htmx:beforeRequest", function (event) {
      if (streaming && event.detail.elt === live && Date.now() > askUntil) event.preventDefault();
    });
    function apply(text) {
      if (searching() && window.htmx) {  // the pushed part is unfiltered: ask for the search's
        askUntil = Date.now() + 2000;
        window.htmx.trigger(live, "podium:refresh");
        return;
      }
      var holder = document.createElement("template");
      holder.innerHTML = text;
      if (morph(live, holder.content)) {
        if (window.htmx) window.htmx.process(live);
        live.dispatchEvent(new CustomEvent("htmx:afterSwap", {bubbles: true, detail: {target: live, elt: live}}));
      }
    }
    function connect() {
      var sep = address.indexOf("?") < 0 ? "?" : "&";
      source = new EventSource(address + sep + "v=" + visitor());
      source.addEventListener("open", function () { pause = FIRST_PAUSE; show(true); });
      source.addEventListener("part", function (event) { show(true); apply(event.data); });
      source.addEventListener("replaced", function () { source.close(); show(false); });
      source.addEventListener("error", function () {
        source.close();
        show(false);
        setTimeout(connect, pause);
        pause = Math.min(pause * 2, MAX_PAUSE);
      });
    }
    connect();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var live = document.getElementById("live");
    if (live) start(live);
  });
})();
