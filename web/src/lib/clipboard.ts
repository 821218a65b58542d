/**
 * Copies text: the asynchronous Clipboard API when the page may use it, else the old
 * execCommand('copy') on a hidden textarea. The textarea goes inside `container` (when given) so
 * a modal's focus trap does not fight it. Resolves true when the text was copied.
 */
export async function copyToClipboard(text: string, container: HTMLElement | null = null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Not allowed (no permission, insecure context): try the fallback.
  }
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.tabIndex = -1;
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', width: '1px', height: '1px', opacity: '0', pointerEvents: 'none' });
  (container ?? document.body).appendChild(area);
  let copied = false;
  try {
    area.focus({ preventScroll: true });
    area.select();
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
    active?.focus({ preventScroll: true });
  }
  return copied;
}
