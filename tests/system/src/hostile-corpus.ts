/**
 * Hostile values for every field of every route (issue 9, item 5). `refused`
 * values are wrong for any field of the shop (wrong types, broken text, absurd
 * sizes, prototype tricks): each must answer a 4xx with a message and change
 * nothing. `odd` values are strange but may be valid for some field (a name in
 * another script, -0 as a price): they must never answer a 5xx.
 */

/** JSON text put into a body as it is (a value too deep for JSON.stringify to build). */
export class RawJson {
  constructor(readonly text: string) {}
}

const deep = (depth: number) => new RawJson(`${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`);

/** A body as JSON text, RawJson values spliced in as they are. */
export function bodyText(body: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => (value instanceof RawJson ? `__raw_json_${raws.push(value.text) - 1}__` : value));
  return text.replace(/"__raw_json_(\d+)__"/g, (_all, index: string) => raws[Number(index)]);
}

/** Text no field takes: control characters, broken unicode, sizes beyond every limit. */
const brokenText: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['NUL at the end', 'admin@example.com\u0000'],
  ['bell', '\u0007'],
  ['backspace', 'pass\bword'],
  ['escape sequence', '\u001b[31mred\u001b[0m'],
  ['vertical tab', 'a\u000bb'],
  ['form feed', 'a\u000cb'],
  ['DEL', 'a\u007fb'],
  ['C1 control', 'a\u0085b'],
  ['C1 CSI', '\u009b31m'],
  ['lone high surrogate', 'a\ud800'],
  ['lone low surrogate', '\udc00a'],
  ['reversed surrogate pair', '\udc00\ud800'],
  ['many lone surrogates', '\ud83d'.repeat(1000)],
  ['unit separator', 'a\u001fb'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['100,000 characters', 'y'.repeat(100_000)],
  ['900,000 characters', 'z'.repeat(900_000)],
  ['40,000-character URL without a space till the end', `http://${'a'.repeat(40_000)} `],
  ['100,000 emoji', '😀'.repeat(100_000)],
];

/** Values of the wrong type for any scalar field (every field of the shop is a scalar, a list or an object of scalars). */
const wrongTypes: [string, unknown][] = [
  ['array of strings', ['a', 'b']],
  ['array of one string', ['a']],
  ['empty array', []],
  ['array of arrays', [[1], [2]]],
  ['array of 10,000 numbers', Array.from({ length: 10_000 }, (_, n) => n)],
  ['object', { a: 1 }],
  ['empty object', {}],
  ['object with __proto__', JSON.parse('{"__proto__":{"isAdmin":true}}')],
  ['object with constructor.prototype', { constructor: { prototype: { isAdmin: true } } }],
  ['toString override', { toString: 'x', valueOf: 1 }],
  ['nested 32 levels', deep(30)],
  ['nested 40 levels', deep(40)],
  ['nested 6,000 levels', deep(6_000)],
  ['object of 5,000 keys', Object.fromEntries(Array.from({ length: 5_000 }, (_, n) => [`k${n}`, n]))],
];

/** Numbers no field takes (a text field takes no number, a number field none of these). */
const badNumbers: [string, unknown][] = [
  ['1e309 (Infinity once parsed)', new RawJson('1e309')],
  ['-1e309 (-Infinity once parsed)', new RawJson('-1e309')],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['2^53 + 2', 2 ** 53 + 2],
  ['-2^63', -(2 ** 63)],
  ['-1', -1],
  ['-1000', -1000],
  ['1.5e-324', 5e-324],
  ['1.001', 1.001],
];

/** Number-like strings: wrong for number fields, fine as text. */
const numberStrings: [string, unknown][] = [
  ['NaN string', 'NaN'],
  ['Infinity string', 'Infinity'],
  ['hex string', '0x10'],
  ['number string with spaces', ' 1 '],
  ['exponent string', '1e3'],
];

/** Strings shaped like attacks on some layer (SQL, paths, templates, URLs): harmless text for a text field. */
const attackStrings: [string, unknown][] = [
  ['SQL quote', "' OR '1'='1"],
  ['SQL comment', "admin'--"],
  ['SQL stacked', '1; DROP TABLE product; --'],
  ['path traversal', '../../../../etc/passwd'],
  ['encoded traversal', '..%2f..%2fetc%2fpasswd'],
  ['template', '${7*7}{{7*7}}'],
  ['javascript URL', 'javascript:alert(1)'],
  ['data URL', 'data:text/html,<script>alert(1)</script>'],
  ['protocol-relative URL', '//evil.example.com/x.png'],
  ['file URL', 'file:///etc/passwd'],
  ['script tag', '<script>alert(1)</script>'],
  ['prototype key as text', '__proto__'],
  ['constructor as text', 'constructor'],
  ['JSON in a string', '{"$gt":""}'],
  ['mongo operator object', { $gt: '' }],
];

/** Strange but possibly valid: each must answer anything but a 5xx. */
export const ODD_VALUES: [string, unknown][] = [
  ['empty string', ''],
  ['spaces only', '   '],
  ['tab and newline', '\t\n'],
  ['-0', new RawJson('-0')],
  ['0', 0],
  ['true', true],
  ['false', false],
  ['fullwidth letters', 'ａｄｍｉｎ@example.com'],
  ['zero-width space', 'admin\u200b@example.com'],
  ['right-to-left override', '\u202egnp.exe'],
  ['combining marks', 'Z̧̨̤̥̦̩̪̫̬̭̮̯̰̱̲̳'],
  ['emoji with modifiers', '👩🏽‍💻'],
  ['Arabic', 'مرحبا'],
  ['CJK', '日本語のテキスト'],
  ['BOM', '\ufeffname'],
  ['non-character', '\uffff'],
  ['max integer', Number.MAX_SAFE_INTEGER],
  ['1', 1],
  ['uuid', '00000000-0000-4000-8000-000000000000'],
  ['null', null],
  ['0.1 + 0.2', 0.1 + 0.2],
  ['header injection', 'a\r\nSet-Cookie: x=1'],
  ...numberStrings,
  ...attackStrings,
];

export const REFUSED_VALUES: [string, unknown][] = [...brokenText, ...wrongTypes, ...badNumbers];

/** Whole bodies of the wrong shape, sent as raw JSON text. */
export const HOSTILE_BODIES: [string, string][] = [
  ['array body', '[1,2,3]'],
  ['string body', '"hello"'],
  ['number body', '42'],
  ['null body', 'null'],
  ['6,000-level body', `{"unknown":${'['.repeat(6_000)}${']'.repeat(6_000)}}`],
  ['truncated JSON', '{"name":"Ann"'],
  ['prototype body', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}'],
  ['duplicate keys', '{"isAdmin":false,"isAdmin":true}'],
  ['NUL in a key', '{"na\\u0000me":"x"}'],
  ['lone surrogate escape', '{"name":"\\ud800"}'],
];
