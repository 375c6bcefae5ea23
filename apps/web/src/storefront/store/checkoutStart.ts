import { call, usePlaza } from '@plaza/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { createCheckoutFromCurrentCart } from '@plaza/sdk/ecom';

/**
 * "Check out": the server freezes the cart into a checkout, then the hosted checkout page opens. The cart's estimate
 * (its address in the cart info) goes along; the cart page adds the delivery option the shopper picked there.
 */
export function useStartCheckout() {
  const plaza = usePlaza();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (chosen?: { shippingOption?: string | undefined }) =>
      call(plaza, createCheckoutFromCurrentCart, {
        channelType: 'WEB',
        ...(chosen?.shippingOption ? { selectedShippingOption: { code: chosen.shippingOption } } : {}),
      }).then((r) => r.checkout.id),
    onSuccess: (id) => void navigate(`/checkout/${id}`),
  });
}
