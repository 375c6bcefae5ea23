/** One choice of a {@link ChoiceCards} group: its value, its words and a line on what it means. */
export interface ChoiceCard<T extends string> {
  value: T;
  label: string;
  hint: string;
}

/**
 * A radio group drawn as cards side by side (stacked on phones), each with its words and a line on what it means:
 * for a setting with a few choices the owner should read before picking (review moderation, card capture).
 */
export function ChoiceCards<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  choices: Array<ChoiceCard<T>>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-neutral-800">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-neutral-200 p-3 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
          >
            <input
              type="radio"
              name={name}
              className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
              checked={value === c.value}
              onChange={() => onChange(c.value)}
            />
            <span>
              <span className="font-medium">{c.label}</span>
              <span className="block text-xs text-neutral-600">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
