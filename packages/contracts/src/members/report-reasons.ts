// Plain values (no schemas): the web app imports them without pulling TypeBox into its bundle.

export const REPORT_REASONS = ['SPAM', 'IMPERSONATION', 'HARASSMENT', 'OTHER'] as const;
