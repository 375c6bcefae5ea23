// This domain's tables.
export {};
