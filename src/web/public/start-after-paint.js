// Starts the app's code on a page the server drew, once that page has been painted: the code only
// takes the page over (hydration), so on a slow connection it must not hold up the first paint.
// A classic deferred script, so it can read its own data-entry and data-preload attributes
// (written by the server, src/server/pages/page-document.ts).
(function () {
  var me = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
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
  // requestAnimationFrame runs just before the next paint; the timeout, just after it. A page
  // opened in a background tab paints nothing, hence the second timeout.
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
