/*
 * /home's first frame (home.html, scripts/prerender-home.mjs), and a public page's (page-*.html),
 * before any module: which of the prerendered shell shows. The visitor's language (i18n/i18n.ts: the stored choice, else Russian
 * for a ru-* browser, else English), and the terms dialog only where the app opens it (the home
 * tab, for someone who has not accepted them: features/terms/terms-acceptance.ts). A classic
 * script run before the first paint, so neither is ever wrong for a frame.
 */
/* global document, location, requestAnimationFrame */
(function () {
  var html = document.documentElement;
  var stored = null;
  var accepted = false;
  try {
    stored = localStorage.getItem('language');
    accepted = localStorage.getItem('acceptedTerms') === 'true';
  } catch {
    // Storage refused: the app reads nothing either.
  }
  var languages = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  html.lang = stored === 'en' || stored === 'ru' ? stored : String(languages[0]).toLowerCase().indexOf('ru') === 0 ? 'ru' : 'en';
  // A public page's frame (page-*.html: a track, an artist, a release) has neither.
  var tab = new URLSearchParams(location.search).get('tab');
  if (/^\/home\/*$/i.test(location.pathname) && (!tab || tab === 'home')) html.setAttribute('data-home-shell', accepted ? 'title' : 'title terms');

  // The app's modules (named by home.html's <meta name="platter-modules">: the entry, then what it
  // imports) are requested once this frame is on screen (its first-contentful-paint entry), so its
  // first paint shares the network and the main thread with none of them (bench/lighthouse.md). A
  // tab opened in the background paints nothing until shown: it starts at once; a browser without
  // paint entries starts after a frame; and none waits more than FALLBACK_MS.
  var FALLBACK_MS = 1000;
  document.addEventListener('DOMContentLoaded', function () {
    var meta = document.querySelector('meta[name="platter-modules"]');
    if (!meta) return;
    var started = false;
    var observer = null;
    // One element per task: adding a modulepreload costs the page ~1 ms, so fourteen at once
    // would be one long task.
    var append = function (rel, href) {
      setTimeout(function () {
        var element = document.createElement(rel === 'script' ? 'script' : 'link');
        element.crossOrigin = '';
        if (rel === 'script') {
          element.type = 'module';
          element.src = href;
        } else {
          element.rel = rel;
          element.href = href;
        }
        document.head.appendChild(element);
      }, 0);
    };
    var start = function () {
      if (started) return;
      started = true;
      if (observer) observer.disconnect();
      var files = meta.getAttribute('content').split(' ');
      for (var i = 1; i < files.length; i++) append('modulepreload', files[i]);
      append('script', files[0]);
    };
    var paints = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0;
    if (document.hidden) {
      start();
    } else if (paints) {
      observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length > 0) start();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
    setTimeout(start, FALLBACK_MS);
  });
})();
