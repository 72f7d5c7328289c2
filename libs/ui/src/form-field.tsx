import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { css, styled } from 'styled-components';
import { VisuallyHidden } from './visually-hidden.js';

/** What a Field tells the control inside it: its id, and the error text that describes it. */
interface FieldControl {
  id: string;
  describedBy?: string;
  invalid: boolean;
}

const FieldContext = createContext<FieldControl | null>(null);

export interface FieldProps {
  /** The visible label; clicking it focuses the control. */
  label: ReactNode;
  /** An error message shown under the control and linked to it by aria-describedby. */
  error?: ReactNode;
  /** Use a given id for the control instead of a generated one. */
  id?: string;
  /** Keeps the label for screen readers only, where the layout already says what the control is (a table column). */
  hideLabel?: boolean;
  /** One of Input, Select or TextArea. */
  children: ReactNode;
}

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Label = styled.label`
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const ErrorText = styled.div`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * A labelled form field: `<Field label="Email Address" error={...}><Input type="email" /></Field>`.
 * The control inside gets the label's id, and the error (when there is one) as its description.
 */
export function Field({ label, error, id, hideLabel = false, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy: hasError ? errorId : undefined, invalid: hasError }}>
      <Group>
        {hideLabel ? (
          <VisuallyHidden as="label" htmlFor={controlId}>
            {label}
          </VisuallyHidden>
        ) : (
          <Label htmlFor={controlId}>{label}</Label>
        )}
        {children}
        {hasError && <ErrorText id={errorId}>{error}</ErrorText>}
      </Group>
    </FieldContext.Provider>
  );
}

/** The id, aria-describedby and aria-invalid a control inside a Field should carry; its own props win. */
function useFieldProps<P extends { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: ComponentProps<'input'>['aria-invalid'] }>(
  props: P,
): P {
  const field = useContext(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
  };
}

const controlStyles = css`
  width: 100%;
  min-height: 2.5rem;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background-color: ${({ theme }) => theme.colors.background};

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }

  &:disabled {
    background-color: ${({ theme }) => theme.colors.surface};
  }
`;

const StyledInput = styled.input`
  ${controlStyles}
`;

const StyledSelect = styled.select`
  ${controlStyles}
`;

const StyledTextArea = styled.textarea`
  ${controlStyles}
  min-height: 6rem;
  resize: vertical;
`;

/** A text-like input; inside a Field it is labelled and described automatically. */
export function Input(props: ComponentProps<'input'>) {
  return <StyledInput {...useFieldProps(props)} />;
}

/** A select; inside a Field it is labelled and described automatically. */
export function Select(props: ComponentProps<'select'>) {
  return <StyledSelect {...useFieldProps(props)} />;
}

/** A multi-line text box; inside a Field it is labelled and described automatically. */
export function TextArea(props: ComponentProps<'textarea'>) {
  return <StyledTextArea {...useFieldProps(props)} />;
}

export interface CheckProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** checkbox by default; radio for a choice such as 'PayPal or Credit Card'. */
  type?: 'checkbox' | 'radio';
  label: ReactNode;
}

const CheckRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-bottom: ${({ theme }) => theme.space[3]};

  input {
    width: 1.125rem;
    height: 1.125rem;
    margin: 0;
  }
`;

/** A checkbox or radio with its label after it, e.g. 'Is Admin?'. */
export function Check({ type = 'checkbox', label, id, ...props }: CheckProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <CheckRow>
      <input type={type} id={controlId} {...props} />
      <label htmlFor={controlId}>{label}</label>
    </CheckRow>
  );
}
