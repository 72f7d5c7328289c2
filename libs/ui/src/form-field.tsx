import { createContext, useContext, useId, type ComponentProps, type ReactNode } from 'react';
import { CheckRow, ErrorText, Group, InputControl, Label, SelectControl, TextAreaControl } from './form-field.styles.js';
import { useTypedBeforeHydration } from './typed-before-hydration.js';
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
  /** For a styled wrapper: lands on the field's box (label, control and error). */
  className?: string;
}

/**
 * A labelled form field: `<Field label="Email Address" error={...}><Input type="email" /></Field>`.
 * The control inside gets the label's id, and the error (when there is one) as its description.
 */
export function Field({ label, error, id, hideLabel = false, children, className }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  return (
    <FieldContext.Provider value={{ id: controlId, describedBy: hasError ? errorId : undefined, invalid: hasError }}>
      <Group className={className}>
        {hideLabel ? (
          <VisuallyHidden as="label" htmlFor={controlId}>
            {label}
          </VisuallyHidden>
        ) : (
          <Label htmlFor={controlId}>{label}</Label>
        )}
        {children}
        {hasError && (
          <ErrorText id={errorId}>{error}</ErrorText>
        )}
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

/**
 * A text-like input; inside a Field it is labelled and described automatically. Server-rendered, it keeps
 * what was typed into it before hydration (typed-before-hydration.ts); Select and TextArea too.
 */
export function Input({ ref, ...props }: ComponentProps<'input'>) {
  const kept = useTypedBeforeHydration(props.value, props.onChange, ref);
  return <InputControl {...useFieldProps(props)} ref={kept} />;
}

/** A select; inside a Field it is labelled and described automatically. */
export function Select({ ref, ...props }: ComponentProps<'select'>) {
  const kept = useTypedBeforeHydration(props.value, props.onChange, ref);
  return <SelectControl {...useFieldProps(props)} ref={kept} />;
}

/** A multi-line text box; inside a Field it is labelled and described automatically. */
export function TextArea({ ref, ...props }: ComponentProps<'textarea'>) {
  const kept = useTypedBeforeHydration(props.value, props.onChange, ref);
  return <TextAreaControl {...useFieldProps(props)} ref={kept} />;
}

export interface CheckProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** checkbox by default; radio for a choice such as 'PayPal or Credit Card'. */
  type?: 'checkbox' | 'radio';
  label: ReactNode;
}

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
