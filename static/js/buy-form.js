// The roster page's buy form shows the fields of the kind chosen only: a player's position,
// names and numbers; a member of staff; the price of a re-roll or of fan factor. The other
// kinds' fieldsets are hidden and disabled (their fields are not sent). Without this script
// every kind's fieldset shows, and the server reads the fields of the kind posted.
(function () {
  document.querySelectorAll("form[data-buy-form]").forEach((form) => {
    const kind = form.querySelector("select[name=kind]");
    const groups = form.querySelectorAll("fieldset[data-kind]");
    if (!kind) return;
    function show() {
      groups.forEach((group) => {
        const chosen = group.dataset.kind === kind.value;
        group.hidden = !chosen;
        group.disabled = !chosen;
      });
    }
    kind.addEventListener("change", show);
    form.classList.add("buy-form-js");
    show();
  });
})();
