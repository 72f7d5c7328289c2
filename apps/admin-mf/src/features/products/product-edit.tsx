import { type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { ProductDto } from '@shop/contracts';
import { styled } from 'styled-components';
import { Alert, Button, Field, Input, Spinner, TextArea, theme } from '@shop/ui';
import { useProduct } from './api/get-product.js';
import { useUpdateProduct } from './api/update-product.js';
import { useUploadImage } from './api/upload-image.js';
import { EditScreen } from '../../shared/edit-screen.js';

/** The upload spinner's line, kept even when idle, so the fields below do not jump when an upload starts. */
const UploadProgress = styled.div`
  min-height: ${theme.space[4]};
`;

export interface ProductEditProps {
  productId: string;
}

/**
 * 'Edit Product' (spec section 2): every field of the product, the image as a URL or uploaded from a
 * file; 'Update' saves and goes back to the products table.
 */
export function ProductEdit({ productId }: ProductEditProps) {
  return (
    <EditScreen title="Edit Product" backTo="/admin/productList" query={useProduct(productId)}>
      {(product) => <ProductForm product={product} />}
    </EditScreen>
  );
}

/** The form's fields as typed (numbers as the text in their inputs, read when saved). */
type ProductFields = Record<'name' | 'price' | 'image' | 'brand' | 'countInStock' | 'category' | 'description', string>;

const fieldsOf = (product: ProductDto): ProductFields => ({
  name: product.name,
  price: String(product.price),
  image: product.image,
  brand: product.brand,
  countInStock: String(product.countInStock),
  category: product.category,
  description: product.description,
});

function ProductForm({ product }: { product: ProductDto }) {
  const navigate = useNavigate();
  const updateProduct = useUpdateProduct();
  const uploadImage = useUploadImage();
  const { register, handleSubmit, setValue } = useForm<ProductFields>({ defaultValues: fieldsOf(product) });

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    uploadImage.mutate(file, {
      onSuccess: (path) => setValue('image', path),
      // Spec section 8: a failed upload is only logged; the spinner stops and the image field stays as it was.
      onError: (error) => console.error('Image upload failed:', error),
    });
  }

  // handleSubmit's promise ends when the fields are checked and the callback has run; mutate reports a
  // failure in updateProduct.error, never by rejecting, so the submit does not wait for it (`void`).
  const onSubmit = handleSubmit((fields) =>
    updateProduct.mutate(
      { id: product._id, ...fields, price: Number(fields.price), countInStock: Number(fields.countInStock) },
      { onSuccess: () => navigate('/admin/productList') },
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)}>
      {updateProduct.error && <Alert variant="danger">{updateProduct.error.message}</Alert>}
      <Field label="Name">
        <Input autoComplete="off" {...register('name')} />
      </Field>
      <Field label="Price">
        <Input type="number" min={0} step={0.01} inputMode="decimal" {...register('price')} />
      </Field>
      <Field label="Image">
        <Input autoComplete="off" {...register('image')} />
      </Field>
      <Field label="Upload image">
        <Input type="file" name="imageFile" accept="image/*" onChange={onFileChosen} />
      </Field>
      <UploadProgress>{uploadImage.isPending && <Spinner size="sm" label="Uploading image..." />}</UploadProgress>
      <Field label="Brand">
        <Input autoComplete="off" {...register('brand')} />
      </Field>
      <Field label="Count In Stock">
        <Input type="number" min={0} step={1} inputMode="numeric" {...register('countInStock')} />
      </Field>
      <Field label="Category">
        <Input autoComplete="off" {...register('category')} />
      </Field>
      <Field label="Description">
        <TextArea rows={4} {...register('description')} />
      </Field>
      {/* Not while an image is uploading: the upload's path would arrive after the save and be lost. */}
      <Button type="submit" disabled={updateProduct.isPending || uploadImage.isPending}>
        Update
      </Button>
      {updateProduct.isPending && <Spinner size="sm" label="Saving..." />}
    </form>
  );
}
