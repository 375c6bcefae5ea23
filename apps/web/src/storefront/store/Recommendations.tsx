import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { recommendationQueries, usePlaza } from '@plaza/react';
import { Price, ProductImage } from './ProductCard.js';

/** "You may also like": bought or carted together, else the same collection, filled up with best sellers. */
export function Recommendations({ productId }: { productId: string }) {
  const { data } = useQuery(recommendationQueries.related(usePlaza(), productId));
  // Nothing to suggest, or suggestions failed: the section is simply absent (it is a bonus, not the page).
  if (!data?.length) return null;
  return (
    <section aria-labelledby="recs-title" className="mt-14">
      <h2 id="recs-title" className="text-xl font-semibold">
        You may also like
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {data.map(({ product }) => (
          <li key={product.id}>
            <Link to={`/products/${product.slug}`} className="group block">
              <ProductImage media={product.media} size={240} />
              <h3 className="mt-2 text-sm font-medium group-hover:underline">{product.name}</h3>
              <Price product={product} className="text-sm" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
