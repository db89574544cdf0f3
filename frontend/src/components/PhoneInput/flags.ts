// Country flags as pictures (SVG from country-flag-icons, 3:2), never emoji: some phones draw flag
// emoji as two letters or an empty box. Each flag is its own small file, fetched when it comes
// into view; only the map of their addresses travels with the phone input's chunk.
import flags from 'virtual:country-flags';

/** The address of the flag picture of a two-letter region code, if there is one. */
export const flagUrl = (code: string): string | undefined => flags[code.toUpperCase()];
