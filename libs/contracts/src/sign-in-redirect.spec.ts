import { signedInTarget } from './plain-forms.js';
import { redirectTarget, withRedirect } from './sign-in-redirect.js';

describe('the sign-in redirect', () => {
  it.each([
    ['shipping', '/shipping'],
    ['order/o1', '/order/o1'],
    ['/profile', '/profile'],
    ['my_page-2', '/my_page-2'],
  ])('goes to /%s after sign-in', (redirect, target) => {
    expect(redirectTarget(redirect)).toBe(target);
  });

  it.each([null, '', '//evil.example', 'https://evil.example', 'a//b', 'shipping?x=1', '../admin', '/'])(
    'goes to / for %p',
    (redirect) => {
      expect(redirectTarget(redirect)).toBe('/');
    },
  );

  it('keeps a safe redirect on the link to the other account page', () => {
    expect(withRedirect('/register', 'shipping')).toBe('/register?redirect=shipping');
    expect(withRedirect('/login', null)).toBe('/login');
    expect(withRedirect('/login', 'https://evil.example')).toBe('/login');
  });

  it('marks the page a form sign-in lands on for its first-paint script, off-site redirects going home', () => {
    expect(signedInTarget('shipping')).toBe('/shipping#shop-signed-in');
    expect(signedInTarget(null)).toBe('/#shop-signed-in');
    expect(signedInTarget('//evil.example')).toBe('/#shop-signed-in');
  });
});
