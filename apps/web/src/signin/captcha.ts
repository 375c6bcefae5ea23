import { getConfig } from '../config.js';
import { fetchChallenge, solveChallenge, type SolveOptions } from '../lib/altcha.js';
import type { PlazaClient } from '../plaza.js';

/** Solves a captcha of the given variant for this site; resolves to the proof to send as a captcha token. */
export async function solveCaptcha(
  client: PlazaClient,
  variant: 'visible' | 'invisible',
  options?: SolveOptions,
): Promise<string> {
  const settings = await client.auth.loadCaptchaSettings();
  const siteKey = variant === 'visible' ? settings.captchaVisibleSiteKey : settings.captchaInvisibleSiteKey;
  return solveChallenge(await fetchChallenge(getConfig().baseUrl, siteKey), options);
}
