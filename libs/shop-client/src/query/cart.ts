import { useMutation } from '@tanstack/react-query';
import { MAX_LINE_QUANTITY, type ProductDetailDto } from '@shop/contracts';
import type { CartItem } from '../store/cart.js';
import { shopKeys } from './query-keys.js';
import { useShopClient } from './shop-client-provider.js';

export interface AddToCartInput {
  productId: string;
  quantity: number;
}

/**
 * Adds a product to the cart after fetching it afresh (spec section 4: "cart adds re-fetch the
 * product first"), so the line holds today's name, image, price and stock. The quantity is kept
 * within 1..countInStock (spec section 5) and to the most one order line may hold (MAX_LINE_QUANTITY), since `/cart/{id}?qty=` can ask for any number; a
 * product out of stock is not added, and the error says so.
 */
export function useAddToCart() {
  const { http, store, queryClient } = useShopClient();
  return useMutation({
    mutationFn: async ({ productId, quantity }: AddToCartInput): Promise<CartItem> => {
      const product = await queryClient.fetchQuery({
        queryKey: shopKeys.products.detail(productId),
        queryFn: () => http.request<ProductDetailDto>(`/api/products/${encodeURIComponent(productId)}`),
        staleTime: 0,
      });
      // Nothing to put in the cart: the same words as the order's rejection (docs/orders.md).
      if (product.countInStock < 1) throw new Error(`${product.name} is out of stock`);
      const item: CartItem = {
        product: product._id,
        name: product.name,
        image: product.image,
        price: product.price,
        countInStock: product.countInStock,
        quantity: Math.max(1, Math.min(Math.floor(quantity) || 1, product.countInStock, MAX_LINE_QUANTITY)),
      };
      store.addToCart(item);
      return item;
    },
  });
}
