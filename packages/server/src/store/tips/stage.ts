import type { Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { parseAmount } from '../pricing/index.js';
import { allocate, percentOf, type TipResult, type TotalsInput } from '../totals/index.js';
import { tipConfig } from './service.js';

const refused = (description: string): Violation => ({
  severity: 'ERROR',
  target: { other: { name: 'tip' } },
  description,
});

/**
 * The tip the buyer picked (a preset, a percentage or an amount), checked against the tip settings. A refused tip
 * is not added: the result carries amount 0 and an ERROR violation saying why.
 */
export async function tipStage(ctx: Ctx, input: TotalsInput, base: bigint): Promise<TipResult | undefined> {
  const tip = input.tip;
  if (!tip) return undefined;
  const settings = await tipConfig.get(ctx);
  const none = (why: string): TipResult => ({
    amount: 0n,
    source: tip.source,
    distribution: [],
    violations: [refused(why)],
  });
  if (!settings.enabled) return none('Tips are not accepted');

  let amount: bigint;
  let percentage: number | undefined;
  if (tip.presetId !== undefined) {
    const preset = settings.presets.find((p) => p.id === tip.presetId);
    if (!preset) return none('This tip option is no longer offered');
    if (preset.type === 'PERCENTAGE') percentage = Number(preset.value);
    amount =
      preset.type === 'PERCENTAGE' ? percentOf(base, percentage!) : parseAmount(preset.value, input.currency, 'tip');
  } else {
    if (!settings.allowCustom) return none('Choose one of the offered tips; a custom tip is not accepted');
    if (tip.percentage !== undefined) {
      if (tip.percentage < 0 || tip.percentage > 100) return none('A tip percentage is between 0 and 100');
      percentage = tip.percentage;
      amount = percentOf(base, tip.percentage);
    } else {
      amount = tip.amount ?? 0n;
      if (amount < 0n) return none('A tip cannot be negative');
    }
  }
  // Largest remainder: the staff's parts add up to the tip exactly.
  const weights = settings.staff.map((s) => BigInt(settings.split === 'PROPORTIONAL' ? (s.share ?? 1) : 1));
  const parts = allocate(amount, weights);
  return {
    amount,
    ...(tip.presetId !== undefined ? { presetId: tip.presetId } : {}),
    ...(percentage !== undefined ? { percentage } : {}),
    source: tip.source,
    distribution: settings.staff.map((s, i) => ({ staffId: s.id, name: s.name, amount: parts[i]! })),
    violations: [],
  };
}
