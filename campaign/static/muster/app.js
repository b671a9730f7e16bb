// Muster's small script: the service worker (offline reading) and the CSRF token for htmx requests.
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
  // A select marked data-autosubmit sends its form when changed (the button stays for keyboards).
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("select[data-autosubmit]")) event.target.form.submit();
  });
})();
