/**
 * Starts the app afresh at a path: nothing of what this tab holds in memory (kept-alive lists, loaded
 * answers) outlives it. For a change of whom the app acts for (a family member, issue 27 §2).
 */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
