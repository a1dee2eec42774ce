// Starts the app's code on a page the server drew, once that page has been painted: the code only
// takes the page over (hydration), so on a slow connection it must not hold up the first paint.
// A page a visitor reads and uses without its code (data-start="on-use", PAGES_USED_WITHOUT_CODE
// in src/shared/public-pages.ts) starts it at the visitor's first touch, key, wheel or mouse
// movement instead, unless the device keeps a signed-in member's copy (data-signed-in-copy): a
// member's menu needs the code.
// A classic deferred script, so it can read its own data attributes (written by the server,
// src/server/pages/page-document.ts).
(function () {
  var me = document.currentScript;
  var started = false;
  var USE = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'mousemove'];
  function start() {
    if (started) return;
    started = true;
    USE.forEach(function (type) {
      removeEventListener(type, start, true);
    });
    (me.dataset.preload || '').split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = me.dataset.entry;
    document.head.appendChild(script);
  }
  function memberSignedIn() {
    try {
      return Boolean(localStorage.getItem(me.dataset.signedInCopy));
    } catch {
      // Storage refused (private mode): a visitor's device, as far as this page can tell.
      return false;
    }
  }
  if (me.dataset.start === 'on-use' && !memberSignedIn()) {
    USE.forEach(function (type) {
      addEventListener(type, start, { capture: true, passive: true });
    });
    return;
  }
  // requestAnimationFrame runs just before the next paint; the timeout, just after it. A page
  // opened in a background tab paints nothing, hence the second timeout.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
