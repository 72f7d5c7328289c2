import { apiGet, useShopQuery } from '@shop/shop-client';

/** Only the order page asks for it, so its key is the checkout's own. */
const paypalConfigKey = ['config', 'paypal'] as const;

/** PayPal's client id, script address and currency (GET /api/config/paypal); they do not change while the page is open. */
export function usePayPalConfig() {
  return useShopQuery({
    queryKey: paypalConfigKey,
    get: apiGet('/api/config/paypal'),
    staleTime: Infinity,
  });
}
