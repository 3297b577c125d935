// The builder's first step: when htmx has swapped in the races of the ruleset just picked,
// the complaint that the old ruleset had no such race no longer applies. A file of its own,
// not an hx-on attribute: the Content-Security-Policy lets htmx eval nothing.
(function () {
  const pick = document.getElementById("pick-ruleset");
  if (!pick) return;
  pick.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.successful) document.getElementById("missing-race")?.remove();
  });
})();
