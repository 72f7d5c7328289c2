import { callApi, useShopClient, useShopMutation, type ApiClient } from '@shop/shop-client';

/** Sends the file as the multipart field 'image'; the server answers the stored image's path as plain text. */
export function uploadImage(http: ApiClient, file: Blob) {
  const form = new FormData();
  form.append('image', file);
  return callApi(http, 'post', '/api/upload', { body: form });
}

/** Uploads a product image; answers its path for the image field. Nothing cached changes until the product is saved. */
export function useUploadImage() {
  const { http } = useShopClient();
  return useShopMutation({ mutationFn: (file: Blob) => uploadImage(http, file) });
}
