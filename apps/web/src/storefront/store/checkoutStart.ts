import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { createCheckoutFromCurrentCart } from '@plaza/sdk/ecom';
import { call, usePlazaClient } from './api.js';

/** "Check out": the server freezes the cart into a checkout, then the hosted checkout page opens. */
export function useStartCheckout() {
  const plaza = usePlazaClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => call(plaza, createCheckoutFromCurrentCart, { channelType: 'WEB' }).then((r) => r.checkout.id),
    onSuccess: (id) => void navigate(`/checkout/${id}`),
  });
}
