import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * What the document is: an issued invoice (numbered), or, before the owner issues one, the order's receipt (paid) or
 * pro forma invoice (not paid yet), which carry no invoice number (docs/decisions.md).
 */
export type DocumentKind = 'INVOICE' | 'RECEIPT' | 'PRO_FORMA';
const TITLES: Record<DocumentKind, string> = { INVOICE: 'Invoice', RECEIPT: 'Receipt', PRO_FORMA: 'Pro forma invoice' };

/** Everything printed on an invoice, already formatted in the site's locale (amounts as the wire shows them). */
export interface InvoiceDocument {
  /** INVOICE when absent. */
  kind?: DocumentKind;
  /** Sequential, such as `INV-00042`; printed on an INVOICE only. */
  number: string;
  /** ISO; the PDF's creation date. */
  issueDate: string;
  /** The issue and due days as the site writes dates ("Nov 27, 2026"). */
  issuedOn: string;
  dueOn?: string;
  orderNumber: string;
  seller: Party;
  buyer: Party;
  /** How the order travels: the method's name, then the delivery window, the pickup place or the ship-to lines. */
  delivery?: Party;
  lines: Array<{ description: string; detail?: string; quantity: number; unitPrice: string; total: string }>;
  /** Subtotal, discount, shipping, fees, tax, total… in the order they are printed; the last one is bold. */
  totals: Array<{ label: string; amount: string }>;
  /** One row per tax jurisdiction or rate. */
  taxBreakdown: Array<{ name: string; rate: string; taxable: string; tax: string }>;
  status?: string;
  note?: string;
}

export interface Party {
  name: string;
  lines: string[];
  email?: string;
  taxId?: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.42, 0.42, 0.42);

/**
 * Characters the PDF standard fonts (WinAnsi) cannot draw become "?": names in other scripts must not make an invoice
 * fail. Embedding a Unicode font would cost a megabyte per file; see docs/decisions.md.
 */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

/** Shortens `text` with an ellipsis so it fits `width` points. */
function fit(font: PDFFont, size: number, text: string, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let t = text;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, size) > width) t = t.slice(0, -1);
  return `${t}…`;
}

class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  /** Starts a new page when fewer than `needed` points are left. */
  room(needed: number): void {
    if (this.y - needed >= MARGIN) return;
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  text(
    x: number,
    text: string,
    o: { size?: number; bold?: boolean; color?: typeof INK; right?: number; width?: number } = {},
  ) {
    const font = o.bold ? this.bold : this.regular;
    const size = o.size ?? 10;
    let t = printable(font, text);
    if (o.width) t = fit(font, size, t, o.width);
    const at = o.right !== undefined ? o.right - font.widthOfTextAtSize(t, size) : x;
    this.page.drawText(t, { x: at, y: this.y, size, font, color: o.color ?? INK });
  }
  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: MUTED,
    });
  }
}

/** Renders an invoice as an A4 PDF (pdf-lib, standard fonts, no files needed); long invoices continue on new pages. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const kind = doc.kind ?? 'INVOICE';
  const invoice = kind === 'INVOICE';
  const pdf = await PDFDocument.create();
  pdf.setTitle(invoice ? `Invoice ${doc.number}` : `${TITLES[kind]} for order ${doc.orderNumber}`);
  pdf.setAuthor(doc.seller.name);
  pdf.setCreationDate(new Date(doc.issueDate));
  const w = new Writer(
    pdf,
    await pdf.embedFont(StandardFonts.Helvetica),
    await pdf.embedFont(StandardFonts.HelveticaBold),
  );
  const right = A4[0] - MARGIN;
  drawHeading(w, doc, right);
  const cols = { qty: right - 190, unit: right - 80, total: right };
  drawLines(w, doc, cols);
  drawTotals(w, doc, cols, right);
  return pdf.save();
}

type Columns = { qty: number; unit: number; total: number };

/** The title, the document's numbers and dates, and who sells, buys and receives. */
function drawHeading(w: Writer, doc: InvoiceDocument, right: number): void {
  const kind = doc.kind ?? 'INVOICE';
  const invoice = kind === 'INVOICE';
  w.text(MARGIN, doc.seller.name, { size: 16, bold: true });
  w.text(0, TITLES[kind].toUpperCase(), { size: 16, bold: true, right });
  w.y -= 18;
  const meta = [
    ...(invoice ? [`Invoice ${doc.number}`] : []),
    `Order ${doc.orderNumber}`,
    invoice ? `Issued ${doc.issuedOn}` : `Ordered ${doc.issuedOn}`,
    ...(doc.dueOn ? [`Due ${doc.dueOn}`] : []),
    ...(doc.status ? [doc.status] : []),
  ];
  for (const m of meta) {
    w.text(0, m, { color: MUTED, right });
    w.y -= 13;
  }

  w.y -= 10;
  const top = w.y;
  party(w, MARGIN, 'From', doc.seller);
  const fromBottom = w.y;
  w.y = top;
  party(w, A4[0] / 2, 'Bill to', doc.buyer);
  w.y = Math.min(w.y, fromBottom) - 16;
  if (doc.delivery) {
    party(w, MARGIN, 'Delivery', doc.delivery);
    w.y -= 16;
  }
}

/** The lines' table; its header again on every new page. */
function drawLines(w: Writer, doc: InvoiceDocument, cols: Columns): void {
  const header = () => {
    w.text(MARGIN, 'Item', { bold: true });
    w.text(0, 'Qty', { bold: true, right: cols.qty });
    w.text(0, 'Unit price', { bold: true, right: cols.unit });
    w.text(0, 'Amount', { bold: true, right: cols.total });
    w.y -= 6;
    w.rule();
    w.y -= 14;
  };
  header();
  for (const line of doc.lines) {
    const before = w.page;
    w.room(line.detail ? 30 : 18);
    if (w.page !== before) header();
    w.text(MARGIN, line.description, { width: cols.qty - MARGIN - 50 });
    w.text(0, String(line.quantity), { right: cols.qty });
    w.text(0, line.unitPrice, { right: cols.unit });
    w.text(0, line.total, { right: cols.total });
    if (line.detail) {
      w.y -= 12;
      w.text(MARGIN, line.detail, { size: 8, color: MUTED, width: cols.qty - MARGIN - 50 });
    }
    w.y -= 16;
  }
  w.rule();
  w.y -= 16;
}

/** The totals, the tax per jurisdiction and the note. */
function drawTotals(w: Writer, doc: InvoiceDocument, cols: Columns, right: number): void {
  for (const [i, t] of doc.totals.entries()) {
    w.room(16);
    const last = i === doc.totals.length - 1;
    w.text(0, t.label, { bold: last, right: cols.unit });
    w.text(0, t.amount, { bold: last, right: cols.total });
    w.y -= 15;
  }

  if (doc.taxBreakdown.length) {
    w.y -= 12;
    w.room(30 + doc.taxBreakdown.length * 14);
    w.text(MARGIN, 'Tax breakdown', { bold: true });
    w.y -= 14;
    for (const t of doc.taxBreakdown) {
      w.text(MARGIN, `${t.name} (${t.rate})`, { size: 9, width: cols.qty - MARGIN });
      w.text(0, `on ${t.taxable}`, { size: 9, color: MUTED, right: cols.unit });
      w.text(0, t.tax, { size: 9, right: cols.total });
      w.y -= 13;
    }
  }
  if (doc.note) {
    w.y -= 14;
    w.room(20);
    w.text(MARGIN, doc.note, { size: 9, color: MUTED, width: right - MARGIN });
  }
}

function party(w: Writer, x: number, title: string, p: Party): void {
  w.text(x, title, { size: 8, color: MUTED });
  w.y -= 13;
  w.text(x, p.name, { bold: true, width: 230 });
  w.y -= 13;
  for (const l of [...p.lines, ...(p.email ? [p.email] : []), ...(p.taxId ? [`Tax ID ${p.taxId}`] : [])]) {
    w.text(x, l, { width: 230 });
    w.y -= 13;
  }
}
