/**
 * Just enough of a browser to run the stand-in SDK in node:vm (jsdom is not
 * installed): elements with attributes, styles, children and click
 * listeners, a document that finds elements by `#id`, and the loading of a
 * script the way a <script src> tag runs it, with `document.currentScript`.
 */
import vm from 'node:vm';
import type { PayPalNamespace } from '../../src/sdk/paypal-sdk.js';

export class FakeElement {
  readonly children: FakeElement[] = [];
  readonly style: Record<string, string> = {};
  parent: FakeElement | undefined;
  textContent: string | null = null;
  disabled = false;
  src?: string;
  private readonly attributes = new Map<string, string>();
  private readonly clickListeners: (() => void)[] = [];

  constructor(readonly tagName: string) {}

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  appendChild(child: FakeElement): FakeElement {
    child.parent = this;
    this.children.push(child);
    return child;
  }

  addEventListener(type: string, listener: () => void): void {
    if (type === 'click') this.clickListeners.push(listener);
  }

  remove(): void {
    this.parent?.children.splice(this.parent.children.indexOf(this), 1);
    this.parent = undefined;
  }

  /** A user's click: a disabled button ignores it, as browsers do. */
  click(): void {
    if (this.disabled) return;
    for (const listener of this.clickListeners) listener();
  }

  /** This element and every element inside it. */
  *all(): Generator<FakeElement> {
    yield this;
    for (const child of this.children) yield* child.all();
  }
}

export class FakeDocument {
  readonly body = new FakeElement('BODY');
  currentScript: FakeElement | null = null;

  createElement(tag: string): FakeElement {
    return new FakeElement(tag.toUpperCase());
  }

  querySelector(selector: string): FakeElement | null {
    if (!selector.startsWith('#')) throw new Error(`the fake DOM finds elements by #id only, not ${selector}`);
    for (const element of this.body.all()) if (element.getAttribute('id') === selector.slice(1)) return element;
    return null;
  }

  /** A <div id="…"> in the body, to render buttons into. */
  container(id: string): FakeElement {
    const div = this.createElement('div');
    div.setAttribute('id', id);
    return this.body.appendChild(div);
  }

  /** The buttons inside an element. */
  buttonsIn(element: FakeElement): FakeElement[] {
    return [...element.all()].filter((e) => e.tagName === 'BUTTON');
  }
}

/** A page in which a script was loaded: its global object, document and the PayPal namespace the script set. */
export interface LoadedPage {
  window: Record<string, unknown>;
  document: FakeDocument;
  paypal: PayPalNamespace;
}

/**
 * Fetches the script at `src` and runs it in a fresh page, as a
 * `<script src=… {attributes}>` tag would; the page's `fetch` is Node's.
 */
export async function loadScript(src: string, attributes: Record<string, string> = {}): Promise<LoadedPage> {
  const res = await fetch(src);
  if (!res.ok) throw new Error(`${src} answered ${res.status}: ${await res.text()}`);
  const code = await res.text();
  const document = new FakeDocument();
  const script = document.createElement('script');
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  const window = vm.createContext({ document, fetch }) as Record<string, unknown>;
  window.window = window;
  document.currentScript = script;
  try {
    vm.runInContext(code, window, { filename: src });
  } finally {
    document.currentScript = null;
  }
  const namespace = attributes['data-namespace'] ?? 'paypal';
  return { window, document, paypal: window[namespace] as PayPalNamespace };
}
