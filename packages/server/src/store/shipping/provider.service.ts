import { eq } from 'drizzle-orm';
import {
  DOMESTIC_CARRIER_SERVICES,
  INTERNATIONAL_CARRIER_SERVICES,
  PACKAGE_TYPES,
  SHIPPING_PROVIDER_CONFIGURATION_MASK_PATHS,
  type ShippingProviderConfiguration,
  type ShippingProviderConfigurationInput,
  type UpdateShippingProviderConfigurationRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { emitEvent } from '../../platform/events/index.js';
import { afterWrite, type ProviderRow } from './config.js';
import { fmt, invalid, type Fmt } from './model.js';
import { shippingProviderConfiguration, type StoredCarrierService } from './tables.js';

type Input = ShippingProviderConfigurationInput;
const FIELD = 'shippingProviderConfiguration';
export const LOCAL_DELIVERY_TITLE = 'Local delivery';

/** Every service of the list, in its order: the stored settings, or disabled with an empty table. */
function services<S extends string>(stored: StoredCarrierService[], all: readonly S[], f: Fmt) {
  return all.map((service) => {
    const s = stored.find((x) => x.service === service);
    return {
      service,
      enabled: s?.enabled ?? false,
      rateTable: (s?.rateTable ?? []).map((b) => ({ maxWeight: b.maxWeight, price: f.money(b.priceMinor) })),
    };
  });
}

export function toProvider(r: ProviderRow, f: Fmt): ShippingProviderConfiguration {
  const ld = r.localDelivery;
  return {
    ...(r.shipFromAddress ? { shipFromAddress: r.shipFromAddress } : {}),
    domesticServices: services(r.domesticServices, DOMESTIC_CARRIER_SERVICES, f),
    internationalServices: services(r.internationalServices, INTERNATIONAL_CARRIER_SERVICES, f),
    packageTypes: PACKAGE_TYPES.map(
      (type) => r.packageTypes.find((p) => p.type === type) ?? { type, enabled: false },
    ) as ShippingProviderConfiguration['packageTypes'],
    ...(ld
      ? {
          localDelivery: {
            enabled: ld.enabled,
            title: ld.title,
            ...(ld.estimatedDeliveryTime !== undefined ? { estimatedDeliveryTime: ld.estimatedDeliveryTime } : {}),
            radius: ld.radius,
            price: f.money(ld.priceMinor),
            ...(ld.freeShippingOverMinor !== undefined ? { freeShippingOver: f.money(ld.freeShippingOverMinor) } : {}),
          },
        }
      : {}),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}

/** The wire shape back to an input (money as `{ amount }`), so a field-mask patch can be applied to it. */
function toInput(c: ShippingProviderConfiguration): Input {
  const svc = <S extends { rateTable: Array<{ maxWeight: number; price: { amount: string } }> }>(list: S[]) =>
    list.map((s) => ({ ...s, rateTable: s.rateTable.map((b) => ({ ...b, price: { amount: b.price.amount } })) }));
  const ld = c.localDelivery;
  return {
    ...(c.shipFromAddress ? { shipFromAddress: c.shipFromAddress } : {}),
    domesticServices: svc(c.domesticServices),
    internationalServices: svc(c.internationalServices),
    packageTypes: c.packageTypes,
    ...(ld
      ? {
          localDelivery: {
            ...ld,
            price: { amount: ld.price.amount },
            ...(ld.freeShippingOver ? { freeShippingOver: { amount: ld.freeShippingOver.amount } } : {}),
          },
        }
      : {}),
  };
}

type ServiceInput = {
  service: string;
  enabled: boolean;
  rateTable?: Array<{ maxWeight: number; price: { amount: string } }>;
};

function storedServices(list: ServiceInput[], path: string, f: Fmt): StoredCarrierService[] {
  const seen = new Set<string>();
  return list.map((s, i) => {
    if (seen.has(s.service)) throw invalid(`${FIELD}.${path}[${i}].service`, `${s.service} is listed twice`);
    seen.add(s.service);
    const table = s.rateTable ?? [];
    const j = table.findIndex((b, k) => k > 0 && b.maxWeight <= table[k - 1]!.maxWeight);
    if (j >= 0) throw invalid(`${FIELD}.${path}[${i}].rateTable[${j}].maxWeight`, 'bands go by ascending maxWeight');
    return {
      service: s.service,
      enabled: s.enabled,
      rateTable: table.map((b, k) => ({
        maxWeight: b.maxWeight,
        priceMinor: f.parse(b.price.amount, `${FIELD}.${path}[${i}].rateTable[${k}].price.amount`).toString(),
      })),
    };
  });
}

/** Checks the whole configuration after the patch and converts it to row values. */
function values(next: Input, f: Fmt) {
  const packages = next.packageTypes ?? [];
  const seen = new Set<string>();
  for (const [i, p] of packages.entries()) {
    if (seen.has(p.type)) throw invalid(`${FIELD}.packageTypes[${i}].type`, `${p.type} is listed twice`);
    seen.add(p.type);
    if (p.type === 'CUSTOM' && p.enabled && !p.dimensions)
      throw violation(
        `${FIELD}.packageTypes[${i}].dimensions`,
        'REQUIRED_FIELD',
        'an enabled CUSTOM package needs dimensions',
      );
    if (p.type !== 'CUSTOM' && p.dimensions)
      throw violation(
        `${FIELD}.packageTypes[${i}].dimensions`,
        'FIELD_NOT_ALLOWED',
        'flat-rate packages have fixed sizes',
      );
  }
  const ld = next.localDelivery;
  if (ld?.enabled && !next.shipFromAddress?.geocode)
    throw violation(
      `${FIELD}.shipFromAddress.geocode`,
      'REQUIRED_FIELD',
      'local delivery measures from the ship-from address: give its geocode',
    );
  return {
    shipFromAddress: next.shipFromAddress ?? null,
    domesticServices: storedServices(next.domesticServices ?? [], 'domesticServices', f),
    internationalServices: storedServices(next.internationalServices ?? [], 'internationalServices', f),
    packageTypes: packages,
    localDelivery: ld
      ? {
          enabled: ld.enabled,
          title: ld.title ?? LOCAL_DELIVERY_TITLE,
          ...(ld.estimatedDeliveryTime !== undefined ? { estimatedDeliveryTime: ld.estimatedDeliveryTime } : {}),
          radius: ld.radius,
          priceMinor: f.parse(ld.price.amount, `${FIELD}.localDelivery.price.amount`).toString(),
          ...(ld.freeShippingOver
            ? {
                freeShippingOverMinor: f
                  .parse(ld.freeShippingOver.amount, `${FIELD}.localDelivery.freeShippingOver.amount`)
                  .toString(),
              }
            : {}),
        }
      : null,
  };
}

/** The one configuration row, created on first use (every service off, no ship-from address). */
async function ensureRow(ctx: Ctx, lock: boolean): Promise<ProviderRow> {
  const select = () => {
    const q = ctx.db.select().from(shippingProviderConfiguration).where(eq(shippingProviderConfiguration.id, 1));
    return lock ? q.for('update') : q;
  };
  const [row] = await select();
  if (row) return row;
  const now = ctx.clock();
  await ctx.db
    .insert(shippingProviderConfiguration)
    .values({ id: 1, createdDate: now, updatedDate: now })
    .onConflictDoNothing();
  return (await select())[0]!;
}

export async function getProviderConfiguration(ctx: Ctx): Promise<ShippingProviderConfiguration> {
  return toProvider(await ensureRow(ctx, false), await fmt(ctx));
}

export async function updateProviderConfiguration(
  ctx: Ctx,
  req: UpdateShippingProviderConfigurationRequest,
): Promise<ShippingProviderConfiguration> {
  const paths = req.fieldMask.paths;
  checkFieldMask(paths, SHIPPING_PROVIDER_CONFIGURATION_MASK_PATHS, req.shippingProviderConfiguration, FIELD);
  const f = await fmt(ctx);
  return afterWrite(
    withTx(ctx, async (tx) => {
      const existing = await ensureRow(tx, true);
      const next = applyFieldMask(toInput(toProvider(existing, f)), req.shippingProviderConfiguration, paths);
      const [row] = await tx.db
        .update(shippingProviderConfiguration)
        .set({ ...values(next, f), updatedDate: tx.clock() })
        .where(eq(shippingProviderConfiguration.id, 1))
        .returning();
      const configuration = toProvider(row!, f);
      await emitEvent(tx, {
        type: 'ecom.shipping_provider_configuration.updated',
        entityId: 'shipping-provider-configuration',
        entity: configuration,
        modifiedFields: paths,
      });
      return configuration;
    }),
  );
}
