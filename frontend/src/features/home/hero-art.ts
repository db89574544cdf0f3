/**
 * The hero picture of the home page, served with the shop's media: from the page's own host, as
 * the API's relative image URLs are (and as the server preloads it), even when the API has a host
 * of its own.
 */
export const HERO_ART = '/media/site/hero.svg';
