import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ShippingAddressDto } from '@shop/contracts';
import { useCart, useShopActions } from '@shop/shop-client';
import { Button, Field, Input } from '@shop/ui';

const FIELDS: { name: keyof ShippingAddressDto; label: string; autoComplete: string }[] = [
  { name: 'address', label: 'Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

type Errors = Partial<Record<keyof ShippingAddressDto, string>>;

/**
 * The shipping address, all four fields required (spec section 5): the browser's `required`, and a
 * check that the trimmed value is not empty (spaces alone pass `required`). 'Continue' keeps the address
 * in the shared store and goes to /payment.
 */
export function ShippingForm() {
  const { saveShippingAddress } = useShopActions();
  const { shippingAddress } = useCart();
  const navigate = useNavigate();
  const [values, setValues] = useState<ShippingAddressDto>(
    shippingAddress ?? { address: '', city: '', postalCode: '', country: '' },
  );
  const [errors, setErrors] = useState<Errors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    for (const field of FIELDS) {
      if (!values[field.name].trim()) found[field.name] = `Please fill in ${field.label}.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saveShippingAddress({
      address: values.address.trim(),
      city: values.city.trim(),
      postalCode: values.postalCode.trim(),
      country: values.country.trim(),
    });
    navigate('/payment');
  }

  return (
    <form onSubmit={onSubmit}>
      {FIELDS.map((field) => (
        <Field key={field.name} label={field.label} error={errors[field.name]}>
          <Input
            required
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
          />
        </Field>
      ))}
      <Button type="submit">Continue</Button>
    </form>
  );
}
