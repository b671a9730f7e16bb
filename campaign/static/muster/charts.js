// Draws every <canvas data-chart="ID"> from the JSON in <script id="ID">: {type, labels, values, label}.
(function () {
  "use strict";
  function draw() {
    if (!window.Chart) return;
    document.querySelectorAll("canvas[data-chart]").forEach(function (canvas) {
      var source = document.getElementById(canvas.dataset.chart);
      if (!source) return;
      var data = JSON.parse(source.textContent);
      new window.Chart(canvas, {
        type: data.type || "bar",
        data: {
          labels: data.labels,
          datasets: [{ label: data.label, data: data.values, backgroundColor: "#c8a24a", borderColor: "#2b2a33", borderWidth: 2 }],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false } },
          scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        },
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
  else draw();
})();
