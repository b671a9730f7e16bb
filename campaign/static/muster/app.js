// Muster's small script: the service worker (offline reading), the CSRF token for htmx requests, and the
// fields a form shows only for the choice they belong to.
(function () {
  "use strict";
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
    });
  }
  document.addEventListener("htmx:configRequest", function (event) {
    var token = document.querySelector("meta[name=csrf-token]");
    if (token) event.detail.headers["X-CSRFToken"] = token.content;
  });
  // A field marked data-shown-by="<id of a select>" data-shown-for="<values>" shows only while that select holds
  // one of those values; hidden, its controls are disabled, so they are neither sent nor required. Without this
  // script every field shows, each labelled with what it is for, and the server reads only what applies.
  function showChosen() {
    document.querySelectorAll("[data-shown-by]").forEach(function (field) {
      var control = document.getElementById(field.getAttribute("data-shown-by"));
      if (!control) return;
      var on = (field.getAttribute("data-shown-for") || "").split(" ").indexOf(control.value) !== -1;
      field.hidden = !on;
      field.querySelectorAll("input, select, textarea").forEach(function (c) { c.disabled = !on; });
    });
  }
  showChosen();
  window.addEventListener("pageshow", showChosen); // a page restored from history keeps its chosen values
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!target.matches) return;
    // A select marked data-autosubmit sends its form when changed (the button stays for keyboards).
    if (target.matches("select[data-autosubmit]")) target.form.submit();
    if (target.id && document.querySelector('[data-shown-by="' + target.id + '"]')) showChosen();
  });
  // A table page polls (htmx, every few seconds) whatever happens; its WebSocket only makes a change show at once.
  // The element marked data-live-socket says which of the two the page is on, and the socket is tried again,
  // ever more slowly, while the push server is away (issue 29: push down, play on).
  var state = document.querySelector("[data-live-socket]");
  if (state && "WebSocket" in window) {
    var wait = 2000;
    var show = function (on) {
      state.textContent = state.getAttribute(on ? "data-live-on" : "data-live-off");
      state.classList.toggle("live-on", on);
      state.classList.toggle("live-off", !on);
    };
    var refresh = function () {
      var live = document.getElementById("table-live");
      var typing = document.activeElement && document.activeElement.closest && document.activeElement.closest("form");
      if (live && live.getAttribute("hx-get") && window.htmx && !typing) {
        window.htmx.ajax("GET", live.getAttribute("hx-get"), { target: "#table-live", swap: "outerHTML" });
      }
    };
    var connect = function () {
      var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
      var socket = new WebSocket(scheme + window.location.host + state.getAttribute("data-live-socket"));
      socket.onopen = function () { wait = 2000; show(true); };
      socket.onmessage = refresh;
      socket.onclose = function () {
        show(false);
        window.setTimeout(connect, wait);
        wait = Math.min(wait * 2, 60000);
      };
    };
    connect();
  }
})();
