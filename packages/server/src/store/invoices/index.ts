// Invoices: issuing an order's invoice and its PDF (the invoice's status is derived by orders/invoice-status.ts).
export { orderInvoicePdf } from './order-invoice.js';
export { invoiceRoutes } from './routes.js';
