/** The text of the stand-in SDK script, with its configuration written in. */
import { type SdkConfig, installPayPalStandInSdk } from './paypal-sdk.js';

/** The version the stand-in's `paypal.version` reports. */
export const SDK_VERSION = '5.0.0-stand-in';

/**
 * A JavaScript literal of `value`, safe anywhere in a script: `<` and the
 * line separators that JSON allows but older JavaScript does not are escaped.
 */
export function jsLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The SDK script: the installer's own source, called with the configuration. */
export function sdkScript(config: SdkConfig): string {
  return `/* PayPal JS SDK stand-in: for development and tests only, no money moves. */
(${installPayPalStandInSdk.toString()})(${jsLiteral(config)});
`;
}

/** What PayPal's SDK URL answers to a bad query: a script that fails with the reason. */
export function sdkValidationError(reason: string): string {
  return `throw new Error(${jsLiteral(`SDK Validation error: '${reason}'`)});\n`;
}
