import { callApi, shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** Creates a sample product for the admin to edit (the server fills it in; the body is empty). */
export function createProduct(http: ApiClient) {
  return callApi(http, 'post', '/api/products', { body: {} });
}

/** Creates a sample product; the caller opens its edit page. Every product list and detail is read again. */
export function useCreateProduct() {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: () => createProduct(http),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
