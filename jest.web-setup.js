/** Set-up of every browser-code test (jsdom): jest-dom's matchers, and what jsdom lacks that react-router needs. */
import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
