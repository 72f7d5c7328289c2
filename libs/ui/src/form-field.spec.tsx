import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { renderWithTheme } from './testing/render.js';
import { Check, Field, Input, Select, TextArea } from './form-field.js';

describe('Field', () => {
  it('labels its input, so clicking the label focuses it', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <Field label="Email Address">
        <Input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText('Email Address');
    expect(input).toHaveAttribute('type', 'email');
    await user.click(screen.getByText('Email Address'));
    expect(input).toHaveFocus();
  });

  it('can keep its label for screen readers only', () => {
    renderWithTheme(
      <Field label="Quantity of Phone" hideLabel>
        <Select>
          <option>1</option>
        </Select>
      </Field>,
    );
    expect(screen.getByLabelText('Quantity of Phone')).toHaveRole('combobox');
    expect(screen.getByText('Quantity of Phone')).toHaveStyle({ position: 'absolute', width: '1px', height: '1px' });
  });

  it('links the error text to the control as its description and marks it invalid', () => {
    renderWithTheme(
      <Field label="Confirm Password" error="Password do not match">
        <Input type="password" />
      </Field>,
    );
    const input = screen.getByLabelText('Confirm Password');
    expect(input).toHaveAccessibleDescription('Password do not match');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('has no description and is not invalid without an error', () => {
    renderWithTheme(
      <Field label="Name">
        <Input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('labels a select and a text area too', () => {
    renderWithTheme(
      <>
        <Field label="Rating">
          <Select defaultValue="">
            <option value="">Select...</option>
            <option value="1">1 - Poor</option>
          </Select>
        </Field>
        <Field label="Comment" id="comment">
          <TextArea />
        </Field>
      </>,
    );
    expect(screen.getByRole('combobox', { name: 'Rating' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveAttribute('id', 'comment');
  });
});

describe('Check', () => {
  it('is a labelled checkbox by default', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Check label="Is Admin?" />);
    const box = screen.getByRole('checkbox', { name: 'Is Admin?' });
    await user.click(screen.getByText('Is Admin?'));
    expect(box).toBeChecked();
  });

  it('can be a radio', () => {
    renderWithTheme(<Check type="radio" name="paymentGateway" value="PayPal" label="PayPal or Credit Card" defaultChecked />);
    expect(screen.getByRole('radio', { name: 'PayPal or Credit Card' })).toBeChecked();
  });
});
