// The report form on a phone. Without this script it is a plain form that still works: the
// numbers are typed, one empty casualty slot waits at the end, and every die box shows. With
// it: − / + beside each number; casualties added from a <template> and removed; each
// casualty shows only the dice its victim and helper need, and the helpers his team has;
// and the form is checked as it is filled in (POSTed to the check URL, nothing stored), the
// answer read out from the live region above the save button.
(function () {
  const form = document.getElementById("report-form");
  if (!form) return;
  const check = document.getElementById("report-check");
  const list = form.querySelector(".casualty-list");
  const template = document.getElementById("casualty-template");
  const CHECK_DELAY = 500; // ms of quiet before asking: one request per pause, not per tap

  // − and + on each side of a number box: a step within its min and max, told to the form
  // as typing would be. They stay out of the accessibility tree and the tab order: the box
  // itself takes arrows and typing.
  function stepButton(input, step) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "step";
    button.dataset.step = String(step);
    button.textContent = step < 0 ? "−" : "+";
    button.tabIndex = -1;
    button.setAttribute("aria-hidden", "true");
    button.addEventListener("click", () => {
      const least = input.min === "" ? -Infinity : Number(input.min);
      const most = input.max === "" ? Infinity : Number(input.max);
      const now = parseInt(input.value, 10) || 0;
      input.value = String(Math.min(most, Math.max(least, now + step)));
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    return button;
  }
  // The buttons go beside the box, which never leaves the page: moving a box a coach is
  // already typing in would blur it and lose what he types.
  function stepperSetUp(root) {
    root.querySelectorAll(".stepper .step-box > input").forEach((input) => {
      input.before(stepButton(input, -1));
      input.after(stepButton(input, 1));
    });
  }

  // A casualty shows the helpers the victim's team has, and the dice its victim's skills
  // and its helper need; the others are hidden and disabled, so they are not sent.
  function casualtyFit(fieldset) {
    const victim = fieldset.querySelector("select[name$='-victim']");
    const helper = fieldset.querySelector("select[name$='-helper']");
    const chosen = victim && victim.selectedOptions[0];
    const side = victim && victim.value ? victim.value.split("-")[0] : "";
    const skills = (chosen && chosen.dataset.flags) || "";
    if (helper) {
      helper.querySelectorAll("option").forEach((option) => {
        const serves = option.dataset.flags;
        const elsewhere = Boolean(side && serves && !serves.split(" ").includes(side));
        // Hidden for the eye, disabled for the browsers that still list hidden options.
        option.hidden = option.disabled = elsewhere;
      });
      if (helper.selectedOptions[0] && helper.selectedOptions[0].hidden) helper.value = "";
    }
    const helped = helper ? helper.value : "";
    fieldset.querySelectorAll(".die-group").forEach((group) => {
      const needs = group.dataset.needs;
      let shown = true;
      // The victim's option lists his skills, and "fanatic" for a ball and chain of his own.
      if (needs === "decay" || needs === "regeneration" || needs === "fanatic") {
        shown = skills.split(" ").includes(needs);
      }
      if (needs === "apothecary") shown = ["apothecary", "wandering_apothecary"].includes(helped);
      if (needs === "igor") shown = helped === "igor";
      group.hidden = !shown;
      group.disabled = !shown;
    });
    // Which result was kept matters only once an apothecary rolled a second one.
    const kept = fieldset.querySelector("select[name$='-kept']");
    if (kept) {
      const field = kept.closest(".field");
      const asked = ["apothecary", "wandering_apothecary"].includes(helped);
      if (field) field.hidden = !asked;
      if (!asked) kept.value = "";
    }
  }

  // A player's line folds to one row that reads back his counts: "touchdown 2".
  function tallySetUp(row) {
    const tally = row.querySelector(".tally");
    row.addEventListener("input", () => {
      const counts = [...row.querySelectorAll(".counts input")]
        .filter((input) => (parseInt(input.value, 10) || 0) !== 0)
        .map((input) => {
          const span = document.createElement("span");
          const short = row.querySelector(`label[for="${input.id}"]`);
          span.textContent = `${short ? short.textContent.trim() : input.name} ${input.value}`;
          return span;
        });
      tally.replaceChildren(...counts);
    });
  }

  function casualtySetUp(fieldset) {
    stepperSetUp(fieldset);
    const remove = fieldset.querySelector("button.remove");
    if (remove) {
      remove.hidden = false;
      remove.addEventListener("click", () => {
        fieldset.remove();
        changed();
      });
    }
    fieldset.addEventListener("change", () => casualtyFit(fieldset));
    casualtyFit(fieldset);
  }

  let added = list ? list.querySelectorAll("fieldset.casualty").length : 0;
  function casualtyAdd() {
    const html = template.innerHTML.replaceAll("__n__", String(added));
    added += 1;
    const holder = document.createElement("div");
    holder.innerHTML = html.trim();
    const fieldset = holder.firstElementChild;
    const legend = fieldset.querySelector("legend");
    legend.textContent = legend.textContent.replace("Another", "New");
    list.appendChild(fieldset);
    casualtySetUp(fieldset);
    fieldset.querySelector("select").focus();
  }

  // Blitz Bowl's Challenge cards: the last row copied, its number moved on, emptied.
  function cardAdd(side) {
    const cards = form.querySelector(`.cards[data-side="${side}"]`);
    const rows = cards.querySelectorAll(".card-row");
    const next = rows.length + 1;
    const row = rows[rows.length - 1].cloneNode(true);
    row.querySelectorAll("[id], [name], [for]").forEach((element) => {
      ["id", "name", "for"].forEach((attribute) => {
        const value = element.getAttribute(attribute);
        if (value) element.setAttribute(attribute, value.replace(/-card-\d+-/, `-card-${next}-`));
      });
    });
    row.querySelectorAll("button.step").forEach((button) => button.remove());
    row.querySelectorAll("input").forEach((input) => {
      input.value = "";
    });
    row.querySelectorAll("label").forEach((label) => {
      label.textContent = label.textContent.replace(/card \d+/, `card ${next}`);
    });
    cards.appendChild(row);
    stepperSetUp(row); // its buttons anew: a copy has none of the original's listeners
    row.querySelector("input").focus();
  }

  form.querySelectorAll("button.add").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => {
      if (button.dataset.add === "casualty") casualtyAdd();
      else cardAdd(button.dataset.side);
    });
  });

  // The running check: the form as it stands, posted after a pause; the newest answer wins.
  let timer = null;
  let asked = 0;
  function changed() {
    if (!form.dataset.check) return; // a commissioner's correction previews on the server
    window.clearTimeout(timer);
    timer = window.setTimeout(ask, CHECK_DELAY);
  }
  function ask() {
    const mine = ++asked;
    fetch(form.dataset.check, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "X-Requested-With": "fetch" },
    })
      .then((answer) => (answer.ok ? answer.text() : Promise.reject(answer.status)))
      .then((html) => {
        if (mine === asked) check.innerHTML = html;
      })
      .catch(() => {
        if (mine === asked) check.textContent = "The check could not be made; saving still checks.";
      });
  }

  // The score and each team's numbers; a casualty's own (its modifier) come with it.
  stepperSetUp(form.querySelector(".report-part"));
  form.querySelectorAll(".report-side").forEach(stepperSetUp);
  form.querySelectorAll("details.player-row").forEach(tallySetUp);
  form.querySelectorAll("fieldset.casualty").forEach(casualtySetUp);
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
})();
