// Shows the messages the embedded games post to this page (examples/rule-teaching.html).
const out = document.getElementById("messages");
const lines = [];
window.addEventListener("message", (e) => {
  if (!e.data || typeof e.data.type !== "string" || !e.data.type.startsWith("pgc-")) return;
  lines.unshift(JSON.stringify(e.data));
  out.textContent = lines.slice(0, 30).join("\n");
});
