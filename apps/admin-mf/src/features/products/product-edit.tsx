import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import type { ProductDto } from '@shop/contracts';
import { useProduct, useUpdateProduct, useUploadImage } from '@shop/shop-client';
import { Alert, Button, Field, Input, QueryResult, Spinner, TextArea, usePageTitle } from '@shop/ui';
import { BackBar, FormBox, Heading } from '../../shared/layout.js';

/** The upload spinner's line, kept even when idle, so the fields below do not jump when an upload starts. */
const UploadProgress = styled.div`
  min-height: ${({ theme }) => theme.space[4]};
`;

export interface ProductEditProps {
  productId: string;
}

/**
 * 'Edit Product' (spec section 2): every field of the product, the image as a URL or uploaded from a
 * file; 'Update' saves and goes back to the products table.
 */
export function ProductEdit({ productId }: ProductEditProps) {
  usePageTitle('Edit Product');
  const product = useProduct(productId);

  return (
    <>
      <BackBar>
        <Button as={Link} to="/admin/productList" $variant="light">
          Go Back
        </Button>
      </BackBar>
      <FormBox>
        <Heading>Edit Product</Heading>
        <QueryResult query={product}>
          {/* Keyed by product: the fields start from this product's values, once they have arrived. */}
          {(data) => <ProductForm key={data._id} product={data} />}
        </QueryResult>
      </FormBox>
    </>
  );
}

function ProductForm({ product }: { product: ProductDto }) {
  const navigate = useNavigate();
  const updateProduct = useUpdateProduct();
  const uploadImage = useUploadImage();
  const [name, setName] = useState(product.name);
  const [price, setPrice] = useState(String(product.price));
  const [image, setImage] = useState(product.image);
  const [brand, setBrand] = useState(product.brand);
  const [countInStock, setCountInStock] = useState(String(product.countInStock));
  const [category, setCategory] = useState(product.category);
  const [description, setDescription] = useState(product.description);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    uploadImage.mutate(file, {
      onSuccess: (path) => setImage(path),
      // Spec section 8: a failed upload is only logged; the spinner stops and the image field stays as it was.
      onError: (error) => console.error('Image upload failed:', error),
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    updateProduct.mutate(
      {
        id: product._id,
        name,
        price: Number(price),
        image,
        brand,
        category,
        countInStock: Number(countInStock),
        description,
      },
      { onSuccess: () => navigate('/admin/productList') },
    );
  }

  return (
    <form onSubmit={onSubmit}>
      {updateProduct.error && <Alert variant="danger">{updateProduct.error.message}</Alert>}
      <Field label="Name">
        <Input name="name" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field label="Price">
        <Input
          type="number"
          name="price"
          min={0}
          step={0.01}
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      </Field>
      <Field label="Image">
        <Input name="image" autoComplete="off" value={image} onChange={(event) => setImage(event.target.value)} />
      </Field>
      <Field label="Upload image">
        <Input type="file" name="imageFile" accept="image/*" onChange={onFileChosen} />
      </Field>
      <UploadProgress>{uploadImage.isPending && <Spinner size="sm" label="Uploading image..." />}</UploadProgress>
      <Field label="Brand">
        <Input name="brand" autoComplete="off" value={brand} onChange={(event) => setBrand(event.target.value)} />
      </Field>
      <Field label="Count In Stock">
        <Input
          type="number"
          name="countInStock"
          min={0}
          step={1}
          inputMode="numeric"
          value={countInStock}
          onChange={(event) => setCountInStock(event.target.value)}
        />
      </Field>
      <Field label="Category">
        <Input name="category" autoComplete="off" value={category} onChange={(event) => setCategory(event.target.value)} />
      </Field>
      <Field label="Description">
        <TextArea name="description" rows={4} value={description} onChange={(event) => setDescription(event.target.value)} />
      </Field>
      {/* Not while an image is uploading: the upload's path would arrive after the save and be lost. */}
      <Button type="submit" disabled={updateProduct.isPending || uploadImage.isPending}>
        Update
      </Button>
      {updateProduct.isPending && <Spinner size="sm" label="Saving..." />}
    </form>
  );
}
