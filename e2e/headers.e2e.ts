import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP } from './support.js';
import { journey } from './journey.js';

// What the security headers do in a real browser: app pages are isolated from other sites' windows
// (Cross-Origin-Opener-Policy) and cannot use powerful features such as the camera (Permissions-Policy).

/** Another site on another origin, whose page opens Plaza in a popup. */
let stranger: http.Server;
let strangerUrl: string;
const j = journey();
beforeAll(async () => {
  stranger = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Stranger</title><p>Elsewhere</p>');
  });
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
  strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => stranger?.close(resolve));
});

describe('security headers in Chromium', () => {
  it('sends COOP and a Permissions-Policy on app pages, and the browser denies the camera and location', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const res = await page.goto(`${j.plaza.url}/`, { waitUntil: 'networkidle' });
    const headers = res!.headers();
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    const facts = await page.evaluate(async () => {
      const policy = (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy;
      const camera = await navigator.permissions.query({ name: 'camera' });
      const location = await navigator.permissions.query({ name: 'geolocation' });
      return {
        camera: policy?.allowsFeature('camera'),
        microphone: policy?.allowsFeature('microphone'),
        payment: policy?.allowsFeature('payment'),
        // Not turned off: the copy buttons write to the clipboard.
        clipboard: policy?.allowsFeature('clipboard-write'),
        cameraPermission: camera.state,
        locationPermission: location.state,
      };
    });
    expect(facts).toEqual({
      camera: false,
      microphone: false,
      payment: false,
      clipboard: true,
      cameraPermission: 'denied',
      locationPermission: 'denied',
    });
    await context.close();
  });

  it('cuts the window handle between an app page and another site that opens it', async () => {
    const context = await j.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto(strangerUrl);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.evaluate(
        (url) => void ((window as unknown as { popup: Window | null }).popup = window.open(url)),
        j.plaza.url,
      ),
    ]);
    await popup.waitForLoadState('networkidle');
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);
    // The opener's handle reads as closed: it can neither script nor navigate the app's window.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { popup: Window | null }).popup?.closed))
      .toBe(true);
    await context.close();
  });
});
