import type { CSSProperties } from 'react';

/** The popover's width on wider screens (20rem), and its margin from the window's edges. */
const WIDTH = 320;
const MARGIN = 8;
/** What three pack sizes and the Add button need: below that much room under its button, the
 * popover opens above it when there is more room there. */
const ROOM_NEEDED = 440;

/**
 * Where the pack-size popover stands next to the button that opened it (`.dialog-sheet` reads
 * these variables from 640 px up; a phone shows a bottom sheet instead): under the button, or above
 * it when the window has too little room below, and never past the window's edges.
 */
export function popoverPlacement(button: DOMRect, viewport: { width: number; height: number }): CSSProperties {
  const left = Math.round(Math.min(Math.max(MARGIN, button.left), viewport.width - WIDTH - MARGIN));
  const below = viewport.height - button.bottom;
  const vars: Record<string, string> =
    below >= ROOM_NEEDED || below >= button.top
      ? { '--sheet-top': `${Math.round(button.bottom + MARGIN)}px`, '--sheet-max-height': `${Math.round(below - 2 * MARGIN)}px` }
      : { '--sheet-bottom': `${Math.round(viewport.height - button.top + MARGIN)}px`, '--sheet-max-height': `${Math.round(button.top - 2 * MARGIN)}px` };
  const place: Record<string, string> = { '--sheet-left': `${Math.max(MARGIN, left)}px`, ...vars };
  return place as CSSProperties;
}
