import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { usePlaza } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';
import { Spinner } from '../ui/Spinner.js';
import { captchaChallengeUrl, loadAltchaWidget, WIDGET_CONFIGURATION } from './captcha.js';

interface StateChange {
  state: string;
  payload?: string | null;
}

/**
 * The visible captcha: the ALTCHA widget, an "I'm not a robot" box that, when ticked, has this browser do a small
 * proof of work. No images to pick, no third party; it takes a few seconds. `onSolved` gets the widget's payload.
 * The widget's code is loaded here, on first use.
 */
export function CaptchaBox({ onSolved }: { onSolved: (token: string) => void }) {
  const client = usePlaza<PlazaClient>();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const widget = useRef<HTMLElement>(null);
  const solved = useRef(onSolved);
  useEffect(() => {
    solved.current = onSolved;
  }, [onSolved]);

  useEffect(() => {
    let live = true;
    Promise.all([captchaChallengeUrl(client, 'visible'), loadAltchaWidget()]).then(
      ([challenge]) => live && setUrl(challenge),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    const el = widget.current;
    if (!el) return;
    const onStateChange = (ev: Event) => {
      const { state, payload } = (ev as CustomEvent<StateChange>).detail;
      if (state === 'verified' && payload) solved.current(payload);
    };
    el.addEventListener('statechange', onStateChange);
    return () => el.removeEventListener('statechange', onStateChange);
  }, [url]);

  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The check could not be loaded. Reload the page to try again.
      </p>
    );
  }
  if (!url) {
    return (
      <p aria-live="polite" className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner className="h-3 w-3" /> Loading the check…
      </p>
    );
  }
  return (
    <altcha-widget
      ref={widget}
      challenge={url}
      configuration={WIDGET_CONFIGURATION}
      className="block"
      style={{ '--altcha-max-width': '100%', '--altcha-color-primary': 'var(--color-accent)' }}
    />
  );
}
