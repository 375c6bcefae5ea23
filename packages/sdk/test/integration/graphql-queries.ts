/** The queries docs/graphql.md shows, with their result types; graphql.test.ts runs each against the real server. */

export const PRODUCT_PAGE = `query ProductPage($slug: String!) {
  catalogProductsSlugBySlug(slug: $slug) {
    product { id name description price { amount formattedAmount } media { url altText }
      variants { id choices price { formattedAmount } inventory { inStock } } }
  }
}`;
export interface ProductPage {
  catalogProductsSlugBySlug: {
    product: {
      id: string;
      name: string;
      price: { amount: string; formattedAmount: string };
      variants: { id: string; choices: Record<string, string>; price: { formattedAmount: string } }[];
    };
  };
}

export const ADD_TO_CART = `mutation AddToCart($input: AddToCartRequestInput!) {
  ecomCartsCurrentAddToCart(input: $input) {
    cart { id subtotal { amount formattedAmount } lineItems { id quantity product { name slug } } }
  }
}`;
export interface AddToCart {
  ecomCartsCurrentAddToCart: {
    cart: {
      id: string;
      subtotal: { amount: string; formattedAmount: string };
      lineItems: { id: string; quantity: number; product: { name: string; slug: string } | null }[];
    };
  };
}

export const ORDER_SEARCH = `query OrderSearch($text: String) {
  ecomOrdersSearch(input: { search: { filter: { text: $text }, cursorPaging: { limit: 20 } } }) {
    orders { number status paymentStatus buyerInfo { email } lineItems { quantity product { name } }
      transactions { payments { amount { formattedAmount } } } }
  }
}`;
export interface OrderSearch {
  ecomOrdersSearch: {
    orders: {
      number: string;
      status: string;
      lineItems: { quantity: number; product: { name: string } | null }[];
      transactions: { payments: { amount: { formattedAmount: string } }[] } | null;
    }[];
  };
}
