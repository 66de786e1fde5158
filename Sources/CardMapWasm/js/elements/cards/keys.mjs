// The card controller's keys: the browser's key events by the engine's names (`KeyCommand`).

/** The engine's keys (`KeyCommand`), by the browser's names; the listbox keys only in a listbox card. */
export function keyName(event, listbox) {
  const command = event.metaKey || event.ctrlKey;
  if (event.ctrlKey && !event.metaKey) {
    const ctrl = { ArrowUp: "ctrl+up", ArrowDown: "ctrl+down", ArrowLeft: "ctrl+left", ArrowRight: "ctrl+right" };
    if (ctrl[event.key]) return ctrl[event.key];
  }
  if (event.metaKey && (event.key === "w" || event.key === "W")) return "cmd+w";
  if (event.key === "Escape") return "esc";
  if (!listbox) return null;
  if (event.key === "ArrowUp") return command ? "cmd+up" : "up";
  if (event.key === "ArrowDown") return command ? "cmd+down" : "down";
  if (event.key === "Home") return "cmd+up";
  if (event.key === "End") return "cmd+down";
  if (event.key === " ") return "space";
  if (event.key === "Enter") return "return";
  return null;
}
