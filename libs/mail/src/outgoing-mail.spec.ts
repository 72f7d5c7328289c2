import { singleLine } from './outgoing-mail.js';

describe('singleLine', () => {
  it('turns line breaks and control characters into spaces, so no text can start a header of its own', () => {
    expect(singleLine('Your order\r\nBcc: victim@example.com\n\tX-Injected: yes\u2028end')).toBe('Your order Bcc: victim@example.com X-Injected: yes end');
  });

  it('trims, and cuts a long line with an ellipsis', () => {
    expect(singleLine('  hello  ')).toBe('hello');
    expect(singleLine('x'.repeat(300))).toHaveLength(200);
    expect(singleLine('x'.repeat(300)).endsWith('…')).toBe(true);
  });
});
