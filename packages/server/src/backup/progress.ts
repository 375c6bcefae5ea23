import cliProgress from 'cli-progress';

/** Progress of one step in bytes: a bar on stderr when it is a terminal, nothing otherwise (logs, pipes, tests). */
export interface Progress {
  /** Starts a step (`database`, `media`, …) of `total` bytes; an estimate is fine, the bar stops at 100%. */
  step(label: string, total: number): void;
  add(bytes: number): void;
  stop(): void;
}

export const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function createProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { step() {}, add() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{step} [{bar}] {percentage}% | {done} of {size} | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let value = 0;
  let total = 0;
  let started = false;
  return {
    step(label, size) {
      // The step before is done, whatever its estimate said (a database's size on disk is not its dump's).
      if (started) bar.update(total, { done: megabytes(value) });
      if (started) bar.stop();
      value = 0;
      total = Math.max(size, 1);
      bar.start(total, 0, { step: label.padEnd(8), done: megabytes(0), size: megabytes(size) });
      started = true;
    },
    add(bytes) {
      if (!started) return;
      value += bytes;
      bar.update(Math.min(value, total), { done: megabytes(value) });
    },
    stop() {
      if (started) bar.stop();
      started = false;
    },
  };
}
