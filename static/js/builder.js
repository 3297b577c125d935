// The team builder's running bill: what the chosen players, re-rolls, fans and staff cost
// and what is left of the budget. The server checks everything again on submit.
(function () {
  const form = document.getElementById("builder");
  if (!form) return;
  const gold = (n) => n.toLocaleString("en-GB");
  const whole = (input) => Math.max(0, parseInt(input.value, 10) || 0);
  function update() {
    let players = 0;
    let spent = 0;
    form.querySelectorAll("input.count").forEach((input) => {
      players += whole(input);
      spent += whole(input) * Number(input.dataset.cost);
    });
    form.querySelectorAll("input.staff").forEach((input) => {
      spent += whole(input) * Number(input.dataset.cost);
    });
    form.querySelectorAll("input.star:checked").forEach((input) => {
      players += 1;
      spent += Number(input.dataset.cost);
    });
    const rerolls = form.querySelector("#rerolls");
    if (rerolls) spent += whole(rerolls) * Number(form.dataset.reroll);
    const fans = form.querySelector("#fan_factor");
    if (fans) spent += whole(fans) * Number(form.dataset.ffPrice);
    document.getElementById("players").textContent = players;
    const spentBox = document.getElementById("spent");
    if (spentBox) {
      spentBox.textContent = gold(spent);
      document.getElementById("left").textContent = gold(Number(form.dataset.budget) - spent);
    }
  }
  form.addEventListener("input", update);
  update();
})();
