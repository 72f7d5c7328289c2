import { act, createRef, useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Field, Input, Select, TextArea } from './form-field.js';
import { renderWithTheme } from './testing/render.js';

// React's server renderer (its browser build, as jest's jsdom resolves it) schedules its work through a
// MessageChannel, which jsdom lacks: one that runs the port's handler on a timer does the same.
class TimerChannel {
  readonly port1: { onmessage: ((event: unknown) => void) | null } = { onmessage: null };
  readonly port2 = { postMessage: (data: unknown) => void setTimeout(() => this.port1.onmessage?.({ data }), 0) };
}
globalThis.MessageChannel ??= TimerChannel as unknown as typeof globalThis.MessageChannel;
const { renderToString } = await import('react-dom/server');

/** A sign-in-like form whose submit reports the state it would send. */
function Form({ onSubmit }: { onSubmit: (values: { email: string; comment: string; sort: string }) => void }) {
  const [email, setEmail] = useState('');
  const [comment, setComment] = useState('');
  const [sort, setSort] = useState('relevance');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ email, comment, sort });
  };
  return (
    <form onSubmit={submit}>
      <Field label="Email Address">
        <Input type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      </Field>
      <Field label="Comment">
        <TextArea value={comment} onChange={(event) => setComment(event.target.value)} />
      </Field>
      <Field label="Sort by">
        <Select value={sort} onChange={(event) => setSort(event.target.value)}>
          <option value="relevance">Relevance</option>
          <option value="rating">Customer Rating</option>
        </Select>
      </Field>
      <button type="submit">Send</button>
    </form>
  );
}

/** Renders the form on the "server", lets `typeBefore` act on its markup, then hydrates it; answers what a submit sends. */
async function hydratedAfter(typeBefore: (container: HTMLElement) => void) {
  const sent: { email: string; comment: string; sort: string }[] = [];
  const onSubmit = (values: (typeof sent)[number]) => sent.push(values);
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form onSubmit={onSubmit} />);
  document.body.append(container);
  typeBefore(container);
  const errors: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, <Form onSubmit={onSubmit} />, { onRecoverableError: (error) => errors.push(error) }));
  await act(async () => container.querySelector('button')!.click());
  const shown = {
    email: container.querySelector('input')!.value,
    comment: container.querySelector('textarea')!.value,
    sort: container.querySelector('select')!.value,
  };
  act(() => root.unmount());
  container.remove();
  return { sent: sent[0], shown, errors };
}

describe('a server-rendered field hydrated after the shopper typed into it', () => {
  it('keeps the typed text, and the form sends it', async () => {
    const { sent, shown, errors } = await hydratedAfter((container) => {
      container.querySelector('input')!.value = 'jane@example.com';
      container.querySelector('textarea')!.value = 'Great sound';
      container.querySelector('select')!.value = 'rating';
    });
    expect(shown).toEqual({ email: 'jane@example.com', comment: 'Great sound', sort: 'rating' });
    expect(sent).toEqual({ email: 'jane@example.com', comment: 'Great sound', sort: 'rating' });
    expect(errors).toEqual([]);
  });

  it('changes nothing when nothing was typed', async () => {
    const { sent, shown } = await hydratedAfter(() => undefined);
    expect(shown).toEqual({ email: '', comment: '', sort: 'relevance' });
    expect(sent).toEqual({ email: '', comment: '', sort: 'relevance' });
  });

  it('passes the caller’s own ref on', () => {
    const ref = createRef<HTMLInputElement>();
    renderWithTheme(<Input ref={ref} defaultValue="kept" />);
    expect(ref.current?.value).toBe('kept');
  });
});
