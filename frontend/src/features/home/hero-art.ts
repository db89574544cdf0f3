/** The hero picture of the home page, served with the shop's media. */
export const HERO_ART = '/media/site/hero.svg';
