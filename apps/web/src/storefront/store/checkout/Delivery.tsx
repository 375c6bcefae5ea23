import type { Checkout } from '@plaza/contracts';
import { inputClass } from '../../../ui/Field.js';
import { useDateFormat } from '../../format.js';
import { FIELD } from './missing.js';
import { Section } from './sections.js';
import { useCheckoutChange } from './useCheckout.js';

const SLOT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};
const SLOT_END: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/**
 * Delivery or pickup for the saved address: each choice (and delivery time) is kept when it is picked. The server
 * picks the cheapest delivery once an address is in, so most shoppers only look.
 */
export function DeliverySection({ checkout }: { checkout: Checkout }) {
  const change = useCheckoutChange(checkout.id);
  const slot = useDateFormat(SLOT);
  const slotEnd = useDateFormat(SLOT_END);
  const options = checkout.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions);
  const selected = checkout.shippingInfo.selectedCarrierServiceOption;
  const pick = (code: string, slot?: { from: string; to: string }) =>
    change.mutate({
      kind: 'update',
      request: {
        checkout: {
          shippingInfo: {
            selectedCarrierServiceOption: { code, ...(slot ? { logistics: { deliveryTimeSlot: slot } } : {}) },
          },
        },
        fieldMask: { paths: ['shippingInfo.selectedCarrierServiceOption'] },
      },
    });
  return (
    <Section title="Delivery" error={change.error}>
      {!checkout.shippingInfo.shippingDestination?.address?.country ? (
        <p className="text-sm text-neutral-600">Enter your address to see how we can get it to you.</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-amber-800">We do not ship to this address yet. Try another address.</p>
      ) : (
        <fieldset className="space-y-2">
          <legend className="sr-only">Shipping or pickup</legend>
          {options.map((o, i) => {
            const active = selected?.code === o.code;
            return (
              <div key={o.code} className={`rounded-md border p-3 ${active ? 'border-accent' : 'border-neutral-300'}`}>
                <label className="flex items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name="shipping-option"
                    // The first option is where "Choose a delivery option" moves focus.
                    id={i === 0 ? FIELD.delivery : undefined}
                    checked={active}
                    onChange={() => pick(o.code)}
                  />
                  <OptionWords option={o} />
                  <span className="tabular-nums">{o.cost.price.formattedAmount}</span>
                </label>
                {active && o.logistics.deliveryTimeSlots && o.logistics.deliveryTimeSlots.length > 0 && (
                  <label className="mt-2 block text-sm">
                    Delivery time
                    <select
                      className={`${inputClass} mt-1`}
                      value={selected?.logistics.deliveryTimeSlot?.from ?? ''}
                      onChange={(e) =>
                        pick(
                          o.code,
                          o.logistics.deliveryTimeSlots!.find((s) => s.from === e.target.value),
                        )
                      }
                    >
                      <option value="">Any time</option>
                      {o.logistics.deliveryTimeSlots.map((s) => (
                        <option key={s.from} value={s.from}>
                          {slot(s.from)} – {slotEnd(s.to)}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </div>
            );
          })}
        </fieldset>
      )}
    </Section>
  );
}

type ShippingOption = Checkout['shippingInfo']['carrierServiceOptions'][number]['shippingOptions'][number];

/** An option's name, how long it takes, and for a pickup where and when to collect. */
function OptionWords({ option }: { option: ShippingOption }) {
  const pickup = option.logistics.pickupDetails;
  return (
    <span className="flex-1">
      <span className="font-medium">{option.title}</span>
      {option.logistics.deliveryTime && <span className="block text-neutral-600">{option.logistics.deliveryTime}</span>}
      {pickup && (
        <span className="block text-neutral-600">
          Pick up at {[pickup.address.addressLine, pickup.address.city].filter(Boolean).join(', ')}
          {pickup.businessHours && ` · ${pickup.businessHours}`}
        </span>
      )}
    </span>
  );
}
