import { ESTIMATED_PREFIX_LENGTH, isEasyToGuess, passwordStrengthProblem } from './password-strength.js';

describe('password strength', () => {
  it.each(['aaaaaaaa', 'abcdefgh', '12345678', 'qwertyui', 'abcd1234', 'zaq12wsx', 'password2024', 'jane-doe', 'race-secret'])('finds %s easy to guess', (password) => {
    expect(isEasyToGuess(password)).toBe(true);
  });

  it.each(['pink anvil sorrow', 'casey-secret-1', 'Tr0ub4dor&3x', 'k3#m9!pq'])('finds %s hard enough', (password) => {
    expect(isEasyToGuess(password)).toBe(false);
  });

  it('says what to do', () => {
    expect(passwordStrengthProblem('aaaaaaaa', 'password')).toBe(
      'password is too easy to guess: avoid repeated or sequential characters and common words, or make it longer; a few unrelated words make a strong password',
    );
    expect(passwordStrengthProblem('pink anvil sorrow')).toBeUndefined();
  });

  it(`judges the first ${ESTIMATED_PREFIX_LENGTH} characters, so that a hostile 128-character password takes milliseconds, not seconds`, () => {
    const hostile = ['4@8({[<3691!|70$5+%2'.repeat(7).slice(0, 128), '19901231'.repeat(16), '1990-12-31'.repeat(13).slice(0, 128), 'p4$$w0rd'.repeat(16), '8'.repeat(128)];
    isEasyToGuess('warm up');
    for (const password of hostile) {
      const started = performance.now();
      isEasyToGuess(password);
      // Unbounded, the first of these took 1.5 s here; bounded, about 10 ms (the margin is for a busy machine).
      expect(performance.now() - started).toBeLessThan(250);
    }
    expect(isEasyToGuess('a'.repeat(ESTIMATED_PREFIX_LENGTH) + 'x7#kQ!vB2@pL9$')).toBe(true);
  });
});
