import { TextField } from '../../../ui/Field.js';
import { textBinder } from '../../ui/textBinder.js';

interface Street {
  addressLine: string;
  postalCode: string;
  city: string;
}

/** The street, postal code and city of an address (the ship-from address, a pickup place), as typed. */
export function StreetFields({ value, onChange }: { value: Street; onChange: (next: Partial<Street>) => void }) {
  const text = textBinder(value, onChange);
  return (
    <>
      <TextField label="Street and number" {...text('addressLine')} />
      <div className="grid grid-cols-[8rem_1fr] gap-3">
        <TextField label="Postal code" {...text('postalCode')} />
        <TextField label="City" {...text('city')} />
      </div>
    </>
  );
}
