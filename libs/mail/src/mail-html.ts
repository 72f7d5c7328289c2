const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put in HTML, as element content or as a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

/** A piece of HTML already safe to insert (made by `html`, or `trustedHtml` for fixed markup). */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

/** Fixed markup of the code itself, never text from a person. */
export const trustedHtml = (markup: string): SafeHtml => new SafeHtml(markup);

type HtmlValue = string | number | SafeHtml | readonly SafeHtml[] | null | undefined;

/**
 * A template of HTML whose every interpolated value is escaped, except pieces made by `html` itself
 * (so templates nest): `html\`<p>Hello ${name}</p>\`` cannot be turned into markup by a name.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, n) => {
    out += pieceOf(value) + strings[n + 1];
  });
  return new SafeHtml(out);
}

function pieceOf(value: HtmlValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((piece: SafeHtml) => piece.value).join('');
  return escapeHtml(String(value));
}
