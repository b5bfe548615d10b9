/*
 * /home's first frame (home.html, scripts/prerender-home.mjs) before any module: which of the
 * prerendered shell shows. The visitor's language (i18n/i18n.ts: the stored choice, else Russian
 * for a ru-* browser, else English), and the terms dialog only where the app opens it (the home
 * tab, for someone who has not accepted them: features/terms/terms-acceptance.ts). A classic
 * script run before the first paint, so neither is ever wrong for a frame.
 */
/* global document, location */
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
  var tab = new URLSearchParams(location.search).get('tab');
  if (!tab || tab === 'home') html.setAttribute('data-home-shell', accepted ? 'title' : 'title terms');
})();
