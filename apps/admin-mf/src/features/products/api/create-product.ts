import type { ProductDto } from '@shop/contracts';
import { shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** Creates a sample product for the admin to edit (the server fills it in; the body is empty). */
export function createProduct(http: ApiClient): Promise<ProductDto> {
  return http.request<ProductDto>('/api/products', { method: 'POST', body: {} });
}

/** Creates a sample product; the caller opens its edit page. Every product list and detail is read again. */
export function useCreateProduct() {
  const { http, queryClient } = useShopClient();
  return useShopMutation<ProductDto>({
    mutationFn: () => createProduct(http),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
