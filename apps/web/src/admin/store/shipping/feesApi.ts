import { useQuery } from '@tanstack/react-query';
import {
  createAdditionalFee,
  deleteAdditionalFee,
  listAdditionalFees,
  updateAdditionalFee,
  type AdditionalFeeSettingInput,
} from '@plaza/sdk/ecom';
import { callMethod, storeKeys, usePlazaClient, useStoreChange } from '../api.js';

const feesKey = () => [...storeKeys.all(), 'fees'] as const;

export function useAdditionalFees() {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: feesKey(),
    queryFn: () => callMethod(plaza, listAdditionalFees).then((r) => r.additionalFees),
  });
}

export const useSaveFee = () =>
  useStoreChange(
    feesKey(),
    (
      plaza,
      v: { id: null; fee: AdditionalFeeSettingInput } | { id: string; fee: Partial<AdditionalFeeSettingInput> },
    ) =>
      v.id === null
        ? callMethod(plaza, createAdditionalFee, v.fee)
        : callMethod(plaza, updateAdditionalFee, v.id, v.fee, Object.keys(v.fee)),
  );

export const useDeleteFee = () =>
  useStoreChange(feesKey(), (plaza, id: string) => callMethod(plaza, deleteAdditionalFee, id));
