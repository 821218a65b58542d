/** Focuses a prompt's card in the list (after a save); false when it is not shown (filtered out, not loaded). */
export function focusPromptCard(id: string): boolean {
  const card = document.querySelector<HTMLElement>(`.prompt-card[data-prompt-id="${CSS.escape(id)}"]`);
  if (!card) return false;
  card.focus({ preventScroll: true });
  card.scrollIntoView({ block: 'nearest' });
  return true;
}
