import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawnText } from '../../test/pdf-text.js';
import { renderInvoicePdf, type InvoiceDocument } from './pdf.js';

const doc = (lines: number): InvoiceDocument => ({
  number: 'INV-00042',
  issueDate: '2026-11-24T10:00:00.000Z',
  issuedOn: '24 nov. 2026',
  dueOn: '24 déc. 2026',
  orderNumber: '10042',
  seller: { name: 'Plaza Demo Store', lines: ['1 Market St', 'San Francisco, CA 94105', 'United States'] },
  buyer: {
    name: '山田 Taro',
    lines: ['5 Rue de Rivoli', '75001 Paris', 'France'],
    email: 'taro@example.com',
    taxId: 'FR123',
  },
  lines: Array.from({ length: lines }, (_, i) => ({
    description: `Blue mug ${i + 1}`,
    detail: 'Size: M',
    quantity: 2,
    unitPrice: '€12.50',
    total: '€25.00',
  })),
  totals: [
    { label: 'Subtotal', amount: '€25.00' },
    { label: 'Tax', amount: '€5.00' },
    { label: 'Total', amount: '€30.00' },
  ],
  taxBreakdown: [{ name: 'France VAT', rate: '20%', taxable: '€25.00', tax: '€5.00' }],
});

describe('invoice PDF', () => {
  it('is a valid A4 PDF with the seller, buyer, lines, totals and tax breakdown', async () => {
    const bytes = await renderInvoicePdf(doc(1));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe('Invoice INV-00042');
    const [w, h] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
    expect([Math.round(w), Math.round(h)]).toEqual([595, 842]);
    const text = drawnText(bytes);
    for (const s of ['INVOICE', 'Invoice INV-00042', 'Order 10042', 'Plaza Demo Store', 'Blue mug 1', 'Size: M']) {
      expect(text).toContain(s);
    }
    expect(text).toContain('France VAT (20%)');
    expect(text).toContain('Tax ID FR123');
    // Dates as the site writes them, not ISO.
    expect(text).toContain('Issued 24 nov. 2026');
    expect(text).toContain('Due 24 d\xe9c. 2026');
    // The euro sign is in the standard fonts' encoding (0x80 in WinAnsi).
    expect(text).toContain('\x8030.00');
  });

  it('draws what the standard fonts cannot as "?" instead of failing', async () => {
    const text = drawnText(await renderInvoicePdf(doc(1)));
    expect(text).toContain('?? Taro');
  });

  it('continues a long invoice on new pages, repeating the column headings', async () => {
    const bytes = await renderInvoicePdf(doc(80));
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
    const text = drawnText(bytes);
    expect(text).toContain('Blue mug 80');
    expect(text.split('\n').filter((t) => t === 'Unit price').length).toBe(pdf.getPageCount());
  });
});
