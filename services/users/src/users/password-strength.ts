import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The fewest guesses zxcvbn must estimate for a new password: 10^8, the bottom of its score 3,
 * "safely unguessable" (at argon2id's cost that is weeks of CPU per account offline, and a lifetime
 * through sign-in's limits). zxcvbn's own score 3 starts 5 guesses higher, which no 8-character
 * password reaches (8 characters of no pattern estimate at 10^8 + 1): 8 random characters pass,
 * as the 8-character minimum promises, while any pattern (repeats, sequences, keyboard walks, words,
 * dates) at that length falls far below. 10^6 (score 2) would let `jane-doe` and `race-secret`
 * through; 10^10 (score 4) refuses many passphrases people remember.
 */
export const MIN_PASSWORD_GUESSES = 1e8;

/**
 * How much of a password is estimated. zxcvbn's matching grows much faster than the length (a
 * 128-character string of l33t characters took over a second here), and the estimate runs on the
 * event loop, in the request's validation, before any limit has seen the request. 32 characters
 * took at most about 10 ms at the 99th percentile over thousands of hostile strings on this
 * machine. A password whose first 32 characters are strong is strong; one that is weak there
 * (32 repeated characters, then something else) is refused with advice, which is right for it.
 */
export const ESTIMATED_PREFIX_LENGTH = 32;

/**
 * zxcvbn with the common dictionaries (passwords, names, Wikipedia words) and keyboard layouts.
 * No Levenshtein matching: it compares the password with every dictionary word and was the
 * slowest matcher by far (hundreds of ms); exact common passwords are refused before this anyway.
 * l33t substitutions are tried up to 10 at a time (the library's 100 cost up to a second).
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary,
  graphs: adjacencyGraphs,
  maxLength: ESTIMATED_PREFIX_LENGTH,
  l33tMaxSubstitutions: 10,
  useLevenshteinDistance: false,
});

/** Whether zxcvbn estimates fewer than MIN_PASSWORD_GUESSES guesses for the password (its first ESTIMATED_PREFIX_LENGTH characters). */
export const isEasyToGuess = (password: string): boolean => zxcvbn.check(password).guesses < MIN_PASSWORD_GUESSES;

/** The 400 message for a new password that is easy to guess (named `property` in it), or undefined. */
export function passwordStrengthProblem(password: string, property = 'password'): string | undefined {
  if (!isEasyToGuess(password)) return undefined;
  return `${property} is too easy to guess: avoid repeated or sequential characters and common words, or make it longer; a few unrelated words make a strong password`;
}
