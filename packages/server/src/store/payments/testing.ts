import type { TestServer } from '../../test/harness.js';
import { createProduct } from '../catalog/testing.js';

/** What the payment tests buy: a 20.00 mug with plenty in stock. */
export const stockedMug = (srv: TestServer, owner: string) =>
  createProduct(srv, owner, {
    name: 'Mug',
    price: { amount: '20.00' },
    inventory: { trackQuantity: true, quantity: 1000 },
  });
