import { useQuery } from '@tanstack/react-query';
import { servicePluginMutations, servicePluginQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useState } from 'react';
import type { ServicePluginImplementation, TestServicePluginResponse } from '@plaza/contracts';
import { describeError } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';
import { Drawer } from '../ui/Drawer.js';
import { GuardedButton } from '../ui/GuardedButton.js';
import { PageHeader } from '../ui/PageHeader.js';
import { type Column, ResourceTable, tableStates } from '../ui/ResourceTable.js';
import { outcomeLabel, PLUGIN_TYPES, PluginBadge, pluginTypeLabel } from './badges.js';
import { PluginDrawer } from './PluginDrawer.js';
import { PluginForm } from './PluginForm.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { NameCell } from '../ui/NameCell.js';
import { RowConfirm } from '../ui/RowConfirm.js';

/** /admin/service-plugins: apps that change how the store computes things, their test calls and last calls. */
export const ServicePluginsPage = ownerOnlyPage('Service plugins', 'service plugins', PluginList);

function PluginList() {
  const list = useQuery(servicePluginQueries.implementations(usePlaza()));
  const { data } = list;
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ServicePluginImplementation | null>(null);
  const { runTest, testing, lastTest, setEnabled } = usePluginCalls(setOpenId);
  const taken = new Set((data ?? []).map((i) => i.type));
  const full = taken.size >= PLUGIN_TYPES.length;
  const open = data?.find((i) => i.id === openId) ?? null;
  const add = (
    <GuardedButton
      blockedReason={full ? 'Every kind of plugin already has an app' : null}
      onClick={() => setAdding(true)}
      aria-haspopup="dialog"
    >
      Register an app
    </GuardedButton>
  );

  return (
    <>
      <PageHeader
        title="Service plugins"
        description="Let an app change how your store works: quote shipping, add fees, check a checkout, calculate tax or decide discounts."
        actions={add}
      />
      <ResourceTable<ServicePluginImplementation>
        noun={{ one: 'app', other: 'apps' }}
        rows={data}
        rowKey={(i) => i.id}
        rowLabel={(i) => i.name}
        {...tableStates(list)}
        onOpen={(i) => setOpenId(i.id)}
        columns={pluginColumns}
        actions={[
          { label: 'Test call', onSelect: runTest },
          { label: 'Turn off', when: (i) => i.enabled, onSelect: (i) => setEnabled(i, false) },
          { label: 'Turn on', when: (i) => !i.enabled, onSelect: (i) => setEnabled(i, true) },
        ]}
        empty={{
          title: 'No apps plugged in',
          body: 'Your store uses its own rules for shipping, fees and tax. Register an app to let it decide instead.',
          action: add,
        }}
      />
      <PluginDrawer
        implementation={open}
        onClose={() => setOpenId(null)}
        onTest={runTest}
        testing={testing}
        lastTest={lastTest && lastTest.id === openId ? lastTest.result : null}
        onDelete={setDeleting}
      />
      <Drawer open={adding} title="Register an app" onClose={() => setAdding(false)}>
        <PluginForm
          taken={taken}
          onCancel={() => setAdding(false)}
          onDone={(i) => {
            setAdding(false);
            setOpenId(i.id);
          }}
        />
      </Drawer>
      <DeletePluginDialog
        deleting={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (openId === id) setOpenId(null);
        }}
      />
    </>
  );
}

const pluginColumns: Column<ServicePluginImplementation>[] = [
  {
    header: 'App',
    primary: true,
    cell: (i) => <NameCell name={i.name} detail={i.url} opens mono="detail" />,
  },
  { header: 'Does', className: 'w-40', cell: (i) => pluginTypeLabel(i.type) },
  { header: 'Status', className: 'w-48', cell: (i) => <PluginBadge implementation={i} /> },
  { header: 'Waits', className: 'w-20', cell: (i) => `${i.timeoutMs / 1000} s` },
];

/** Test calls and turning an app on or off, each told by a toast; a test opens the app to show its result. */
function usePluginCalls(openApp: (id: string) => void) {
  const toast = useToast();
  const test = usePlazaMutation(servicePluginMutations.testImplementation);
  const update = usePlazaMutation(servicePluginMutations.updateImplementation);
  const [lastTest, setLastTest] = useState<{ id: string; result: TestServicePluginResponse } | null>(null);
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');

  const runTest = (i: ServicePluginImplementation) => {
    openApp(i.id);
    test.mutate(i.id, {
      onSuccess: (result) => {
        setLastTest({ id: i.id, result });
        toast(`Test call to ${i.name}: ${outcomeLabel(result.call.outcome).toLowerCase()}`);
      },
      onError: failed('The test call did not run'),
    });
  };
  const setEnabled = (i: ServicePluginImplementation, enabled: boolean) =>
    update.mutate(
      { implementationId: i.id, changes: { enabled } },
      {
        onSuccess: () => toast(enabled ? `${i.name} is on` : `${i.name} is off`),
        onError: failed('Not changed'),
      },
    );
  return { runTest, testing: test.isPending, lastTest, setEnabled };
}

/** Asks before deleting an app; the store then uses its own rules again. */
function DeletePluginDialog({
  deleting,
  onClose,
  onDeleted,
}: {
  deleting: ServicePluginImplementation | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
}) {
  const remove = usePlazaMutation(servicePluginMutations.deleteImplementation);
  return (
    <RowConfirm
      row={deleting}
      title={`Delete ${deleting?.name ?? 'the app'}?`}
      confirmLabel="Delete app"
      busy={remove.isPending}
      send={(i, handlers) => remove.mutate(i.id, handlers)}
      done={(i) => `${i.name} is deleted`}
      onDone={(i) => onDeleted(i.id)}
      onClose={onClose}
    >
      {deleting &&
        `Your store stops asking it about ${pluginTypeLabel(deleting.type).toLowerCase()} and uses its own rules again.`}
    </RowConfirm>
  );
}
