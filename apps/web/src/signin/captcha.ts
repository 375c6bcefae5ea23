import { getConfig } from '../config.js';
import type { PlazaClient } from '../plaza.js';

export type CaptchaVariant = 'visible' | 'invisible';

/** What the widget is told beyond its challenge: no "Protected by ALTCHA" line under the box. */
export const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true });

/**
 * Loads the ALTCHA widget, which registers `<altcha-widget>`. A dynamic import: the widget (about 36 KB gzip, its
 * proof-of-work workers inlined) is fetched only when a captcha is asked for, never with the storefront.
 */
export const loadAltchaWidget = () => import('altcha');

/** The URL the widget fetches a challenge of the given variant from, with this site's key for it. */
export async function captchaChallengeUrl(client: PlazaClient, variant: CaptchaVariant): Promise<string> {
  const settings = await client.auth.loadCaptchaSettings();
  const siteKey = variant === 'visible' ? settings.captchaVisibleSiteKey : settings.captchaInvisibleSiteKey;
  return `${getConfig().baseUrl}/identity/v1/captcha/challenge?siteKey=${encodeURIComponent(siteKey)}`;
}

/**
 * The invisible captcha: an ALTCHA widget in its `invisible` display, never shown, whose `verify()` fetches a
 * challenge and solves it; resolves to the widget's payload, the proof to send as a captcha token.
 */
export async function solveInvisibleCaptcha(client: PlazaClient): Promise<string> {
  const [url] = await Promise.all([captchaChallengeUrl(client, 'invisible'), loadAltchaWidget()]);
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('display', 'invisible');
  widget.setAttribute('challenge', url);
  widget.setAttribute('configuration', WIDGET_CONFIGURATION);
  widget.hidden = true;
  try {
    // The widget's methods exist once it has mounted, which it announces with `load`.
    const loaded = new Promise((resolve) => widget.addEventListener('load', resolve, { once: true }));
    document.body.append(widget);
    await loaded;
    const result = await widget.verify();
    if (!result?.payload) throw new Error('The captcha could not be solved');
    return result.payload;
  } finally {
    widget.remove();
  }
}
