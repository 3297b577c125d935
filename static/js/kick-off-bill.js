// The running bill of a form before kick-off (inducements, freebooters): each counted input
// times its price, each chosen option's price, each extra skill typed.
document.querySelectorAll("form[data-bill]").forEach(function (form) {
  var out = form.querySelector("output");
  function sum() {
    var total = 0;
    form.querySelectorAll("input[data-each]").forEach(function (i) { total += (parseInt(i.value, 10) || 0) * Number(i.dataset.each); });
    form.querySelectorAll("select").forEach(function (s) { var o = s.selectedOptions[0]; if (o && o.dataset.each) total += Number(o.dataset.each); });
    form.querySelectorAll("input[data-skill]").forEach(function (i) { if (i.value.trim() && document.getElementById(i.dataset.for).value) total += Number(i.dataset.skill); });
    out.textContent = total.toLocaleString("en");
  }
  form.addEventListener("input", sum);
  form.addEventListener("change", sum);
  sum();
});
