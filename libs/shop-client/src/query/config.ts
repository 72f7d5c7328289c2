import { useQuery } from '@tanstack/react-query';
import { shopKeys } from './query-keys.js';
import { useShopClient } from './shop-client-provider.js';

/** PayPal's client id, script address and currency; they do not change while the page is open. */
export function usePayPalConfig() {
  const { api } = useShopClient();
  return useQuery({ queryKey: shopKeys.paypalConfig(), queryFn: api.config.paypal, staleTime: Infinity });
}
