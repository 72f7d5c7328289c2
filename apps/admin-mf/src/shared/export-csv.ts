import { useShopClient, useShopMutation } from '@shop/shop-client';

/**
 * Downloads a CSV export (GET /api/users/export, GET /api/orders/export) through the page's API client,
 * so it carries the admin's token and a 401 ends the session as any call does; the file is saved under
 * the name the answer gives it.
 */
export function useCsvExport(path: '/api/users/export' | '/api/orders/export') {
  const { http } = useShopClient();
  return useShopMutation<void, Record<string, string | undefined>>({
    mutationFn: async (query) => {
      const { blob, fileName } = await http.requestFile(path, { query });
      const url = URL.createObjectURL(blob);
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // After the click has handed the file to the browser's download.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
    },
  });
}
