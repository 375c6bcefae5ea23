// The look every text field, select and textarea shares; its own module so that a page with one plain input (a
// review filter, a quantity) does not load the whole Field kit. No outline utilities: the base :focus-visible ring in
// styles.css draws focus (Tailwind v4's outline-none would also cancel that ring).
export const inputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-400 focus:border-accent disabled:cursor-not-allowed disabled:bg-neutral-50 aria-[invalid=true]:border-red-500';
