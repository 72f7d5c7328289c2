import { shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** The API's answer to a delete: only a confirmation. */
export interface ProductDeletedDto {
  message: string;
}

/** Deletes a product by id. */
export function deleteProduct(http: ApiClient, productId: string): Promise<ProductDeletedDto> {
  return http.request<ProductDeletedDto>(`/api/products/delete/${encodeURIComponent(productId)}`, { method: 'DELETE' });
}

/** Deletes a product; every product list and detail is read again. */
export function useDeleteProduct() {
  const { http, queryClient } = useShopClient();
  return useShopMutation<ProductDeletedDto, string>({
    mutationFn: (productId) => deleteProduct(http, productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
