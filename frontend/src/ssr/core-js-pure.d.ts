// core-js-pure ships no types; these two modules are the WHATWG classes the browser has.
declare module 'core-js-pure/web/url' {
  const URLClass: typeof URL;
  export default URLClass;
}
declare module 'core-js-pure/web/url-search-params' {
  const URLSearchParamsClass: typeof URLSearchParams;
  export default URLSearchParamsClass;
}
