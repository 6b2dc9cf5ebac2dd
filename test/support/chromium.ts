import { existsSync } from 'node:fs';

/**
 * Where Chromium and Chrome are installed by Debian and Ubuntu (apt, snap), Google's packages and
 * macOS.
 */
const INSTALL_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * The browser for the Swagger UI test: CHROMIUM_PATH, else the first of the usual install places
 * that exists, else undefined. A CHROMIUM_PATH that names no file is an error, not a reason to
 * skip.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured))
      throw new Error(`CHROMIUM_PATH is "${configured}", which does not exist`);
    return configured;
  }
  return INSTALL_PLACES.find((place) => existsSync(place));
}
