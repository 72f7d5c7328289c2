/*
 * Starts the shell on a server-rendered page once the page has loaded (docs/ssr.md, "Starting after
 * load"). The page is whole without a script: its scripts are fetched after its images instead of
 * beside them, so on a slow connection the largest image paints first, and the browser then attaches
 * to the page. The server lists the scripts (and the page's remote files to preload) in the element
 * #shop-scripts; they run in order, as `defer` scripts would. Plain ES5, no build step: it must run
 * before anything else is there.
 */
(function () {
  var list = document.getElementById('shop-scripts');
  // Once per page, whatever happens to the markup.
  if (!list || window.__shopStarting) return;
  window.__shopStarting = true;
  var scripts = JSON.parse(list.textContent || '{}');
  function start() {
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
      document.head.appendChild(script);
    });
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
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint, { once: true });
})();
