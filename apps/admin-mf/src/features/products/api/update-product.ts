import { callApi, shopKeys, useShopClient, useShopMutation, type ApiCallOptions, type ApiClient } from '@shop/shop-client';

/** What the edit form saves: the product's id and its fields (PUT /api/products/{id}'s body, less `_id`). */
export type ProductUpdate = Omit<ApiCallOptions<'/api/products/{id}', 'put'>['body'], '_id'> & { id: string };

/** Saves a product's fields; the body repeats the path's id as `_id`, as the API asks. */
export function updateProduct(http: ApiClient, { id, ...product }: ProductUpdate) {
  return callApi(http, 'put', '/api/products/{id}', { params: { id }, body: { ...product, _id: id } });
}

/** Saves a product; every product list and detail (the catalog's too) is read again. */
export function useUpdateProduct() {
  const { http, queryClient } = useShopClient();
  return useShopMutation({
    mutationFn: (product: ProductUpdate) => updateProduct(http, product),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}
