/*
 * The shopper's own header at the first paint (docs/ssr.md, "The shopper's header before the shell"): a
 * server-rendered page is the same for everyone, and the session and cart live in this browser's local
 * storage (spec: keys userInfo and cartItems, as @shop/shop-client's store keeps them). Before the body is
 * parsed this says on <html> who is signed in (data-shop-session: customer or admin), and gives the
 * header the name and the cart count to show (--shop-user-name, --shop-cart-count), which its
 * server-rendered markup shows until the shell takes over. Nothing leaves the browser. Inline in
 * index.html (the gateway allows it by its hash); plain ES5, never throws.
 */
(function () {
  try {
    var root = document.documentElement;
    var read = function (key) {
      try {
        return JSON.parse(window.localStorage.getItem(key) || 'null');
      } catch (error) {
        return null;
      }
    };
    // A CSS string of any text: every character that is not a letter, digit or space written as an escape
    // of its code point (a pair of surrogates as the one character it is).
    var cssString = function (text) {
      return '"' + String(text).replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[^A-Za-z0-9 ]/g, function (character) {
        var code = character.length === 2 ? (character.charCodeAt(0) - 0xd800) * 0x400 + (character.charCodeAt(1) - 0xdc00) + 0x10000 : character.charCodeAt(0);
        return '\\' + code.toString(16) + ' ';
      }) + '"';
    };
    // A sign-in by the plain form (libs/contracts' plain-forms.ts): the gateway sends the browser to a
    // page marked #shop-signed-in (SIGN_IN_HANDOFF_MARK) and hands the session to it in a one-minute
    // cookie. It goes where the spec keeps the session, and the cookie is deleted. Only a marked page reads
    // cookies: document.cookie holds the page until the browser's other processes answer. The mark is
    // taken off the address. On an HTTPS page only the __Host- cookie counts, which no other host can set.
    var here = window.location;
    var marked = here.hash === '#shop-signed-in';
    if (marked) {
      try {
        window.history.replaceState(window.history.state, '', here.pathname + here.search);
      } catch (error) {
        // The mark stays in the address: nothing else depends on it.
      }
    }
    var https = here.protocol === 'https:';
    var handoffName = https ? '__Host-shop_signin' : 'shop_signin';
    var handoff = marked && new RegExp('(?:^|;\\s*)' + handoffName + '=([^;]*)').exec(document.cookie);
    if (handoff) {
      document.cookie = handoffName + '=; Path=/; Max-Age=0; SameSite=Strict' + (https ? '; Secure' : '');
      try {
        var handed = JSON.parse(decodeURIComponent(handoff[1]));
        if (handed && typeof handed.token === 'string' && typeof handed.name === 'string') window.localStorage.setItem('userInfo', JSON.stringify(handed));
      } catch (error) {
        // Not a session: nothing is stored.
      }
    }
    var user = read('userInfo');
    if (user && typeof user.token === 'string' && typeof user.name === 'string') {
      root.setAttribute('data-shop-session', user.isAdmin === true ? 'admin' : 'customer');
      root.style.setProperty('--shop-user-name', cssString(user.name));
    }
    var items = read('cartItems');
    var count = 0;
    if (items && items.length) {
      for (var i = 0; i < items.length; i++) {
        var item = items[i];
        if (item && typeof item.product === 'string' && typeof item.price === 'number' && typeof item.quantity === 'number') count += item.quantity;
      }
    }
    root.style.setProperty('--shop-cart-count', cssString(count));
  } catch (error) {
    // No storage (a privacy mode): the header shows what the server rendered until the shell starts.
  }
})();
