/** Stripe's `visa`, `mastercard`, `amex` as a shopper reads them. */
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

export const brandName = (brand: string | null): string =>
  brand ? (BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)) : 'Card';
