/**
 * Debian's Chromium, never a downloaded build (Playwright's own download is not used). The flags
 * keep it working in a container and offline: no sandbox, no GPU, no background updates or sync.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
