import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductUpdateInput, ReviewInput } from '@shop/contracts';
import type { ProductListQuery } from '../api/endpoints.js';
import { shopKeys } from './query-keys.js';
import { useShopClient } from './shop-client-provider.js';

/**
 * One page of the home list. Each keyword and page is its own query, so a new search starts
 * from an empty list (spec section 4) rather than showing the previous results.
 */
export function useProducts(query: ProductListQuery = {}) {
  const { api } = useShopClient();
  return useQuery({ queryKey: shopKeys.products.list(query), queryFn: () => api.products.list(query) });
}

/** The top-rated products of the carousel. */
export function useTopProducts() {
  const { api } = useShopClient();
  return useQuery({ queryKey: shopKeys.products.top(), queryFn: api.products.top });
}

/** A product with its reviews. */
export function useProduct(id: string | undefined) {
  const { api } = useShopClient();
  return useQuery({
    queryKey: shopKeys.products.detail(id ?? ''),
    queryFn: () => api.products.detail(id as string),
    enabled: Boolean(id),
  });
}

/** Writes a review; the product's reviews and ratings (in every list too) change with it. */
export function useCreateReview(productId: string) {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: ReviewInput) => api.products.createReview(productId, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}

/** Creates a sample product (admin); the caller opens its edit page. */
export function useCreateProduct() {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.products.create(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}

/** Saves a product's fields (admin). */
export function useUpdateProduct() {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...product }: ProductUpdateInput & { id: string }) => api.products.update(id, product),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}

/** Deletes a product (admin). */
export function useDeleteProduct() {
  const { api } = useShopClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.products.delete(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.products.all }),
  });
}

/** Uploads a product image (admin); answers the stored image's path for the image field. */
export function useUploadImage() {
  const { api } = useShopClient();
  return useMutation({ mutationFn: (file: Blob) => api.products.uploadImage(file) });
}
