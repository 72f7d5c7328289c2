import { callApi, shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** Deletes a product by id; the answer is only a confirmation (`{ message }`). */
export function deleteProduct(http: ApiClient, productId: string) {
  return callApi(http, 'delete', '/api/products/delete/{id}', { params: { id: productId } });
}

/** Deletes a product; every product list and detail is read again. */
export function useDeleteProduct() {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (productId: string) => deleteProduct(http, productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
