/** The header's quiet button look, shared by the visitor's and the member's sign-in corner. */
export const ghost =
  'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900';
