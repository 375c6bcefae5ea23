import { Type } from 'typebox';
import { COUNTRY_PATTERN } from '../identity/limits.js';

/** Place codes of addresses, shipping destinations and tax regions. Not exported from the package root. */

/** ISO 3166-1 alpha-2 country code ("US"). */
export const CountryCode = Type.String({ pattern: COUNTRY_PATTERN });
/** ISO 3166-2 subdivision code ("US-CA"). */
export const SubdivisionCode = Type.String({ pattern: '^[A-Z]{2}-[A-Z0-9]{1,3}$' });
