import { Component, type ReactNode } from 'react';
import { ErrorMessage } from './ErrorMessage.js';

interface State {
  error?: unknown;
}

/** Last-resort boundary: a render crash, or a chunk that failed to load (often after a redeploy). */
interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a shown error is cleared and the children render again. */
  resetKey?: string;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = {};

  override componentDidUpdate(prev: Props) {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const error = this.state.error;
    const chunkFailed = error instanceof TypeError && /dynamically imported module|module script/i.test(error.message);
    const shown = chunkFailed
      ? { message: 'Part of the app failed to load; a newer version may be available. Reload to continue.' }
      : error;
    return (
      <main className="mx-auto max-w-xl p-6 pt-16">
        <h1 className="mb-4 text-xl font-semibold">This page could not be shown</h1>
        <ErrorMessage error={shown} onRetry={() => window.location.reload()} />
      </main>
    );
  }
}
