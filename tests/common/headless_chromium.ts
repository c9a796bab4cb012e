import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** Debian's `chromium` package; CHROMIUM_PATH points elsewhere. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * Flags that keep the browser itself quiet: no sandbox (tests may run as root), no GPU, and none
 * of its own background traffic (updates, sync, field trials), so every request it makes comes
 * from the page under test.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Headless Chromium driven by playwright-core. A missing browser fails the test that needs it
 * with what to install, never skips it.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}; the browser tests need it: apt-get install -y chromium (or set CHROMIUM_PATH)`
    )
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ARGS })
}
