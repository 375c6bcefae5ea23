import type { Ctx } from '../kernel/context.js';

/**
 * Runs `work` every `everyMs` on this node, never two at once (a slow run makes the next tick skip). Used for the
 * sweeps worker nodes do besides jobs: abandoned checkouts, the media trash.
 */
export function startPeriodic(
  ctx: Ctx,
  name: string,
  everyMs: number,
  work: (ctx: Ctx) => Promise<unknown>,
): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    work(ctx)
      .catch((err: unknown) => ctx.log.error({ err }, `${name} failed`))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
