// Test support for component tests (never imported by the app): reading rendered HTML.

/** Rendered HTML as loose text: tags become spaces, apostrophes are decoded, spaces collapse (not trimmed). */
export const spacedText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
/** How many times `needle` stands in `haystack`. */
export const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
export const noop = () => undefined;

/** One field's problem in a server's 400 answer. */
export interface FieldViolation {
  field: string;
  violatedRule: string;
  description: string;
}

/** A save the server refused (400) for these field problems, as the SDK throws it; its message is the first's. */
export const refusedFor = (fieldViolations: FieldViolation[], message = fieldViolations[0]?.description ?? '') => ({
  status: 400,
  message,
  details: { validationError: { fieldViolations } },
});
