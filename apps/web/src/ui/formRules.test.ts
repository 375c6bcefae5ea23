import { describe, expect, it } from 'vitest';
import { LOCALE_PATTERN, SITE_LIMITS } from '@plaza/contracts/constants';
import { describeError } from './ErrorMessage.js';
import { fieldErrors, friendlyError } from './friendlyError.js';
import {
  labelOfPath,
  lengthOf,
  serverProblems,
  validateField,
  validateForm,
  violationToWords,
  type FieldRule,
} from './formRules.js';

const locale: FieldRule = {
  label: 'Language',
  required: true,
  maxLength: SITE_LIMITS.locale,
  pattern: LOCALE_PATTERN,
  formatHint: 'Enter a language code such as en or en-US.',
};
const name: FieldRule = { label: 'Store name', required: true, maxLength: SITE_LIMITS.name };
const serverError = (fieldViolations: unknown[]) => ({
  status: 400,
  message: 'site.locale must match pattern "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"',
  requestId: 'req-1',
  details: { validationError: { fieldViolations } },
});
// Nothing a person reads may show a regex, a JSON fragment or a dotted field path.
const technical = /[\^$\\{}[\]]|pattern|\w\.\w/;

describe('validateField', () => {
  it('checks required, length and pattern with the server limits, in words', () => {
    expect(validateField(locale, '')).toBe('Language is required.');
    expect(validateField({ ...locale, required: false }, '')).toBeUndefined();
    expect(validateField(locale, 'en-US')).toBeUndefined();
    expect(validateField(locale, 'English')).toBe('Enter a language code such as en or en-US.');
    expect(validateField(name, 'x'.repeat(101))).toBe('Store name can be at most 100 characters (now 101).');
    expect(validateField(name, 'x'.repeat(100))).toBeUndefined();
    expect(validateField({ label: 'Password', minLength: 8 }, 'short')).toBe('Password needs at least 8 characters.');
    expect(validateField({ label: 'Failures', min: 1, max: 100 }, 0)).toBe('Failures must be at least 1.');
    expect(validateField({ label: 'Failures', min: 1, max: 100 }, 101)).toBe('Failures can be at most 100.');
  });

  it('counts characters as the server does: an emoji is one', () => {
    expect(lengthOf('😀😀')).toBe(2);
    expect(validateField({ label: 'Nickname', maxLength: 2 }, '😀😀')).toBeUndefined();
  });

  it('reports every field of a form at once', () => {
    expect(validateForm({ locale, name }, { locale: 'xx_YY', name: '' })).toEqual({
      locale: 'Enter a language code such as en or en-US.',
      name: 'Store name is required.',
    });
  });
});

describe('violationToWords', () => {
  it("uses the form's label and limits, never the server's pattern or path", () => {
    const v = { field: 'site.locale', violatedRule: 'FORMAT', description: 'site.locale must match pattern "^[a-z]"' };
    expect(violationToWords(v, locale)).toBe('Enter a language code such as en or en-US.');
    expect(violationToWords(v, undefined)).toBe('Locale is not in the expected form.');
    const long = {
      field: 'site.name',
      violatedRule: 'MAX_LENGTH',
      description: 'site.name must be at most 100 characters',
    };
    expect(violationToWords(long, name)).toBe('Store name can be at most 100 characters.');
    expect(violationToWords(long, undefined)).toBe('Name can be at most 100 characters.');
    expect(violationToWords({ field: 'site.name', violatedRule: 'REQUIRED_FIELD', description: 'x' }, name)).toBe(
      'Store name is required.',
    );
  });

  it('keeps a server sentence that is already in words, and rewrites one that starts with a path', () => {
    const email = {
      field: 'loginId.email',
      violatedRule: 'FORMAT',
      description: 'loginId.email must be an e-mail address such as name@example.com',
    };
    expect(violationToWords(email, { label: 'E-mail' })).toBe(
      'E-mail must be an e-mail address such as name@example.com.',
    );
    const check = {
      field: 'issuer',
      violatedRule: 'VALIDATION',
      description: 'The provider could not be reached at this address. Check the issuer address.',
    };
    expect(violationToWords(check, { label: 'Issuer' })).toBe(check.description);
    const weird = { field: 'a.b', violatedRule: 'VALIDATION', description: 'a.b must match {"x": 1}' };
    expect(violationToWords(weird, { label: 'Thing' })).toBe('Thing is not valid.');
  });

  it('names fields no form labels from their path', () => {
    expect(labelOfPath('site.timeZone')).toBe('Time zone');
    expect(labelOfPath('profile.emails[0].email')).toBe('Email');
  });
});

describe('server problems of a failed save', () => {
  it('lands each violation once, next to the field it names; the rest in words for under the form', () => {
    const error = serverError([
      { field: 'site.locale', violatedRule: 'FORMAT', description: 'site.locale must match pattern "^x$"' },
      { field: 'site.locale', violatedRule: 'MAX_LENGTH', description: 'site.locale must be at most 35 characters' },
      { field: 'site.currency', violatedRule: 'FORMAT', description: 'site.currency must match pattern "^[A-Z]{3}$"' },
    ]);
    const { byField, other } = serverProblems(error, { locale, name });
    expect(byField).toEqual({ locale: 'Enter a language code such as en or en-US.' });
    expect(other).toEqual(['Currency is not in the expected form.']);
  });

  it('fieldErrors and the error box speak words, not the server message', () => {
    const error = serverError([
      { field: 'site.locale', violatedRule: 'FORMAT', description: 'site.locale must match pattern "^x$"' },
    ]);
    expect(fieldErrors(error, { 'site.locale': 'Language' })).toEqual({
      'site.locale': 'Language is not in the expected form.',
    });
    const described = describeError(error);
    expect(described.message).toBe('Locale is not in the expected form.');
    expect(described.message).not.toMatch(technical);
    expect(described.requestId).toBe('req-1');
    // A screen's own words for a status win over the field problems.
    expect(describeError(friendlyError(error, { 400: 'That language is not supported.' })).message).toBe(
      'That language is not supported.',
    );
  });
});
