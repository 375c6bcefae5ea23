import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { servicePluginQueries, usePlaza } from '@plaza/react';
import type { ServicePluginCall, ServicePluginImplementation, TestServicePluginResponse } from '@plaza/contracts';
import { Button } from '../../ui/Button.js';
import { useDateFormat } from '../dates.js';
import { QueryStates } from '../ui/QueryStates.js';
import { Drawer } from '../ui/Drawer.js';
import { OutcomeBadge, PluginBadge, pluginTypeLabel } from './badges.js';

/** One registered app: a test call with what came back, and its last calls with latency and outcome. */
export function PluginDrawer({
  implementation,
  onClose,
  onTest,
  testing,
  lastTest,
  onDelete,
}: {
  implementation: ServicePluginImplementation | null;
  onClose: () => void;
  onTest: (implementation: ServicePluginImplementation) => void;
  testing: boolean;
  lastTest: TestServicePluginResponse | null;
  onDelete: (implementation: ServicePluginImplementation) => void;
}) {
  const calls = useQuery({
    ...servicePluginQueries.calls(usePlaza(), implementation?.id ?? ''),
    enabled: implementation !== null,
  });
  return (
    <Drawer open={implementation !== null} title={implementation?.name ?? 'App'} onClose={onClose}>
      {implementation && (
        <div className="space-y-6">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-neutral-500">Does</dt>
            <dd>{pluginTypeLabel(implementation.type)}</dd>
            <dt className="text-neutral-500">Address</dt>
            <dd className="font-mono text-xs leading-5 break-all">{implementation.url}</dd>
            <dt className="text-neutral-500">Status</dt>
            <dd>
              <PluginBadge implementation={implementation} />
            </dd>
            <dt className="text-neutral-500">Waits at most</dt>
            <dd>{implementation.timeoutMs / 1000} seconds</dd>
          </dl>
          <section aria-labelledby="test-title" className="space-y-3">
            <div className="flex items-center justify-between gap-2">
              <h3 id="test-title" className="text-sm font-semibold">
                Test call
              </h3>
              <Button variant="secondary" busy={testing} onClick={() => onTest(implementation)}>
                Run a test call
              </Button>
            </div>
            <p className="text-xs text-neutral-600">Sends the app a sample request, even while it is turned off.</p>
            {lastTest && <TestResult result={lastTest} />}
          </section>
          <LastCalls calls={calls} />
          <div className="border-t border-neutral-200 pt-4">
            <Button variant="danger" onClick={() => onDelete(implementation)}>
              Delete app
            </Button>
          </div>
        </div>
      )}
    </Drawer>
  );
}

/** The app's last calls, newest first, each with its outcome, latency and when. */
function LastCalls({ calls }: { calls: UseQueryResult<ServicePluginCall[]> }) {
  const date = useDateFormat();
  return (
    <section aria-labelledby="calls-title" className="space-y-3">
      <h3 id="calls-title" className="text-sm font-semibold">
        Last calls
      </h3>
      <QueryStates
        query={calls}
        loadingLabel="Loading the last calls"
        rows={3}
        empty={{
          title: 'No calls yet',
          body: 'Run a test call, or wait for your store to need the app.',
        }}
      >
        {(data) => (
          <ul className="divide-y divide-neutral-100 rounded-md border border-neutral-200" data-testid="plugin-calls">
            {data.map((c) => (
              <CallItem key={c.id} call={c} when={date(c.calledDate)} />
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}

function CallItem({ call, when }: { call: ServicePluginCall; when: string }) {
  return (
    <li className="space-y-1 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={call.outcome} />
        <span className="tabular-nums">{`${call.latencyMs} ms`}</span>
        {call.statusCode !== undefined && <span className="text-neutral-600">answered {call.statusCode}</span>}
        {call.test && <span className="rounded bg-neutral-100 px-1.5 text-xs text-neutral-700">test</span>}
      </div>
      <div className="text-xs text-neutral-500">
        {when} · <span className="font-mono">{call.method}</span>
      </div>
      {call.error && <p className="text-xs break-words text-red-700">{call.error}</p>}
    </li>
  );
}

function TestResult({ result }: { result: TestServicePluginResponse }) {
  const { call, response, appError } = result;
  return (
    <div className="space-y-2 rounded-md border border-neutral-200 p-3 text-sm" data-testid="plugin-test-result">
      <div className="flex flex-wrap items-center gap-2">
        <OutcomeBadge outcome={call.outcome} />
        <span className="tabular-nums">{`${call.latencyMs} ms`}</span>
      </div>
      {appError && (
        <p className="text-neutral-800">
          {`The app refused with “${appError.description}” (${appError.code}, status ${appError.status}).`}
        </p>
      )}
      {call.error && !appError && <p className="text-red-700">{call.error}</p>}
      {response !== undefined && (
        <pre className="max-h-60 overflow-auto rounded bg-neutral-900 p-2 font-mono text-xs whitespace-pre-wrap break-all text-neutral-100">
          {JSON.stringify(response, null, 2)}
        </pre>
      )}
    </div>
  );
}
