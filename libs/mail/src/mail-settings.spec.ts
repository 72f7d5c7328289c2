import { loadConfig } from '@shop/service-kit';
import { addressOfFrom, mailSettings } from './mail-settings.js';

describe('mail settings', () => {
  it('has defaults that send nothing: no SMTP server, a sender of localhost, the local shop', () => {
    expect(loadConfig(mailSettings, {})).toEqual({ SMTP_URL: undefined, MAIL_FROM: 'Shop <no-reply@shop.localhost>', PUBLIC_URL: 'http://localhost:3000' });
  });

  it('takes smtp:// and smtps:// URLs, a sender with or without a name, and a public address without its last slash', () => {
    expect(loadConfig(mailSettings, { SMTP_URL: 'smtps://user:secret@smtp.example:465', MAIL_FROM: 'no-reply@shop.example', PUBLIC_URL: 'https://shop.example/' })).toEqual({
      SMTP_URL: 'smtps://user:secret@smtp.example:465',
      MAIL_FROM: 'no-reply@shop.example',
      PUBLIC_URL: 'https://shop.example',
    });
    expect(loadConfig(mailSettings, { SMTP_URL: '' }).SMTP_URL).toBeUndefined();
  });

  it('lists every bad one', () => {
    expect(() => loadConfig(mailSettings, { SMTP_URL: 'http://smtp.example', MAIL_FROM: 'Shop', PUBLIC_URL: 'ftp://x' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL[\s\S]*MAIL_FROM: must be an address[\s\S]*PUBLIC_URL: must be an http\(s\) URL/,
    );
  });

  it('finds the address of a sender', () => {
    expect(addressOfFrom('Shop <no-reply@shop.example>')).toBe('no-reply@shop.example');
    expect(addressOfFrom('no-reply@shop.example')).toBe('no-reply@shop.example');
    expect(addressOfFrom('Shop')).toBeUndefined();
  });
});
