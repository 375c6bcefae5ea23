import { useEffect, useId, useRef, useState } from 'react';
import { usePlaza } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';
import { Spinner } from '../ui/Spinner.js';
import { solveCaptcha } from './captcha.js';

type State = 'idle' | 'solving' | 'solved' | 'failed';

/**
 * The visible captcha: a checkbox that, when ticked, has this browser do a small proof of work (ALTCHA). No images
 * to pick, no third party; it takes a few seconds. `onSolved` gets the proof.
 */
export function CaptchaBox({ onSolved }: { onSolved: (token: string) => void }) {
  const client = usePlaza<PlazaClient>();
  const id = useId();
  const [state, setState] = useState<State>('idle');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = () => {
    if (state === 'solving' || state === 'solved') return;
    abort.current = new AbortController();
    setState('solving');
    solveCaptcha(client, 'visible', { signal: abort.current.signal }).then(
      (token) => {
        setState('solved');
        onSolved(token);
      },
      () => setState('failed'),
    );
  };

  return (
    <div className="rounded-md border border-neutral-300 bg-neutral-50 p-3">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 shrink-0 accent-accent"
          checked={state === 'solved'}
          disabled={state === 'solving' || state === 'solved'}
          onChange={start}
          aria-describedby={`${id}-status`}
        />
        <label htmlFor={id} className="text-sm font-medium text-neutral-900">
          I'm not a robot
        </label>
        <span className="ml-auto text-[11px] tracking-wide text-neutral-500 uppercase">ALTCHA</span>
      </div>
      <p id={`${id}-status`} aria-live="polite" className="mt-2 flex items-center gap-2 text-xs text-neutral-600">
        {state === 'idle' && 'Tick the box: your browser solves a small puzzle, no pictures to pick.'}
        {state === 'solving' && (
          <>
            <Spinner className="h-3 w-3" /> Verifying… this takes a few seconds.
          </>
        )}
        {state === 'solved' && 'Verified.'}
        {state === 'failed' && (
          <span className="text-red-700">The check could not finish. Tick the box to try again.</span>
        )}
      </p>
    </div>
  );
}
