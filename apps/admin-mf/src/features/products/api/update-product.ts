import type { ProductDto, ProductUpdateInput } from '@shop/contracts';
import { shopKeys, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** What the edit form saves: the product's id and its fields. */
export type ProductUpdate = ProductUpdateInput & { id: string };

/** Saves a product's fields; the body repeats the path's id as `_id`, as the API asks. */
export function updateProduct(http: ApiClient, { id, ...product }: ProductUpdate): Promise<ProductDto> {
  return http.request<ProductDto>(`/api/products/${encodeURIComponent(id)}`, { method: 'PUT', body: { ...product, _id: id } });
}

/** Saves a product; every product list and detail (the catalog's too) is read again. */
export function useUpdateProduct() {
  const { http, queryClient } = useShopClient();
  return useShopMutation<ProductDto, ProductUpdate>({
    mutationFn: (product) => updateProduct(http, product),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
