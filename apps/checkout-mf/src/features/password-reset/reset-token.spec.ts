import { resetTokenOf } from './reset-token.js';

describe('resetTokenOf', () => {
  it('reads the token of the fragment', () => {
    expect(resetTokenOf('#token=abcDEF0123456789_-abcdefghijklmnopqrstuvw')).toBe('abcDEF0123456789_-abcdefghijklmnopqrstuvw');
  });

  it('answers null for a fragment without a token, or with something else than one', () => {
    expect(resetTokenOf('')).toBeNull();
    expect(resetTokenOf('#other=1')).toBeNull();
    expect(resetTokenOf('#token=short')).toBeNull();
    expect(resetTokenOf('#token=<script>alert(1)</script>aaaaaaaaaaaa')).toBeNull();
  });
});
