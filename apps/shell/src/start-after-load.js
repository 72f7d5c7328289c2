/*
 * Starts the shell on a server-rendered page once the page has loaded (docs/ssr.md, "Starting after
 * load"). The page is whole without a script: its scripts are fetched after its images instead of
 * beside them, so on a slow connection the largest image paints first, and the browser then attaches
 * to the page. The server lists the scripts (and the page's remote files to preload) in the element
 * #shop-scripts; they run in order, as `defer` scripts would. A page whose content the browser renders
 * (the cart: `"after": "paint"` in the list) does not wait for `load`: its scripts start once its
 * first paint (the frame and the page's heading) is on the screen ("Pages the server cannot fill").
 *
 * A shopper who acts first is not ignored: a press or a key starts the shell at once, and a click on
 * something only the shell can answer (a button, not a link: links work as they are) or a form's submit
 * is held and done again once the shell is ready (it says so with the `shop:ready` event). If a script of
 * the shell cannot be fetched, what was held is done by the browser itself: a form goes to the server as
 * a plain form (docs/ssr.md, "Forms before and without the shell"). Back or Forward to another of this
 * document's addresses before the shell is ready loads that address's page from the server.
 * Plain ES5, no build step: it must run before anything else is there.
 */
(function () {
  var list = document.getElementById('shop-scripts');
  // Once per page, whatever happens to the markup.
  if (!list || window.__shopStarting) return;
  window.__shopStarting = true;
  var scripts = JSON.parse(list.textContent || '{}');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (scripts.preload || []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      document.head.appendChild(link);
    });
    (scripts.run || []).forEach(function (src) {
      var script = document.createElement('script');
      script.src = src;
      script.async = false;
      script.onerror = giveUp;
      document.head.appendChild(script);
    });
  }

  // What the shopper did before the shell was ready, done again once it is (the last of each kind).
  var ready = false;
  var heldClick = null;
  var heldSubmit = null;
  function hold(event) {
    if (ready) return;
    start();
    if (event.type === 'submit') {
      heldSubmit = event.target;
    } else {
      var target = event.target && event.target.closest ? event.target.closest('button, [role="button"], input[type="submit"], input[type="button"]') : null;
      // A link, a field, plain text: the browser's own behaviour is right.
      if (!target) return;
      heldClick = target;
    }
    event.preventDefault();
    event.stopPropagation();
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  ['pointerdown', 'keydown', 'touchstart'].forEach(function (type) {
    document.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  // The page's form that sends where `gone` sent, the same way (null if none).
  function sameForm(gone) {
    for (var i = 0; i < document.forms.length; i++) {
      var form = document.forms[i];
      if (form.getAttribute('action') === gone.getAttribute('action') && form.method === gone.method) return form;
    }
    return null;
  }
  // Done once, by the shell or by the browser.
  function release() {
    ready = true;
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    // A form the shell replaced as it started (the header's box swapped for catalog's) is found again by
    // where it sends: the submit still happens, once.
    if (heldSubmit && !heldSubmit.isConnected) heldSubmit = sameForm(heldSubmit);
    if (heldSubmit && heldSubmit.isConnected && heldSubmit.requestSubmit) heldSubmit.requestSubmit();
    if (heldClick && heldClick.isConnected) heldClick.click();
    heldSubmit = heldClick = null;
  }
  window.addEventListener('shop:ready', function () {
    if (ready) return;
    // On a turn of its own, outside the shell's commit that announced it: React then hydrates the part
    // that was clicked at once, and handles the click as the shopper's.
    setTimeout(release, 0);
  }, { once: true });
  // Back or Forward before the shell is ready, to an entry the shell made with pushState: after a reload
  // the browser keeps those entries on this document, so the address changes and the page does not (no
  // script is listening yet), and the shell would then start on another address's page. The server
  // renders the address now shown. This script is async: the shopper may have pressed Back before it ran,
  // so it also compares the address with the one the document was loaded for (Navigation Timing's entry).
  function withoutHash(href) {
    var at = href.indexOf('#');
    return at === -1 ? href : href.slice(0, at);
  }
  function movedAway() {
    var entry = window.performance && performance.getEntriesByType ? performance.getEntriesByType('navigation')[0] : null;
    return !!entry && withoutHash(entry.name) !== withoutHash(location.href);
  }
  if (movedAway()) {
    location.reload();
    return;
  }
  window.addEventListener('popstate', function () {
    if (!ready && movedAway()) location.reload();
  });
  // A script of the shell that cannot be fetched: the shell will not start, and what the shopper did is
  // done by the browser itself. A form then goes to the server as a plain form (the search box and the
  // sign-in form have an address the gateway answers: docs/ssr.md).
  function giveUp() {
    if (!ready) release();
  }

  // After the load event, the decoding of the page's first images (those it asked for first) and the
  // paint that shows them: the largest one is then on the screen before any script is fetched.
  function afterPaint() {
    var first = Array.prototype.filter.call(document.images, function (image) {
      return image.getAttribute('fetchpriority') === 'high' && typeof image.decode === 'function';
    });
    var decoded = first.map(function (image) {
      return image.decode().catch(function () {});
    });
    Promise.all(decoded).then(function () {
      requestAnimationFrame(function () {
        requestAnimationFrame(function () {
          setTimeout(start, 0);
        });
      });
    });
  }
  // Once the parsed page has painted: a frame's callbacks run before its paint, so the next frame's run after it.
  function afterFirstPaint() {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
  }
  if (scripts.after === 'paint') {
    if (document.readyState !== 'loading') afterFirstPaint();
    else document.addEventListener('DOMContentLoaded', afterFirstPaint, { once: true });
  } else if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
