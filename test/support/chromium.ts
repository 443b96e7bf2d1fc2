import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (installed by `scripts/ensure-chromium.sh`); `CHROMIUM_PATH` overrides. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when the browser binary is there (`.ci/run` installs it through ensure-chromium.sh). */
export const hasChromium = existsSync(chromiumPath);

/**
 * Launches headless Chromium the way it works on these machines: no sandbox (CI runs as root), no
 * GPU, and no background networking (the machine reaches only loopback). Playwright gives each
 * launch a fresh temporary profile.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
