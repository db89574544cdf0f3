import { describe, expect, it } from 'vitest';
import { popoverPlacement } from '@/components/PackChooser/placement';

const rect = (left: number, top: number, width = 260, height = 44) => DOMRect.fromRect({ x: left, y: top, width, height });
const laptop = { width: 1366, height: 768 };

describe('where the pack-size popover stands', () => {
  it('opens under its button when there is room for the sizes and the Add button', () => {
    expect(popoverPlacement(rect(700, 200), laptop)).toEqual({ '--sheet-left': '700px', '--sheet-top': '252px', '--sheet-max-height': '508px' });
  });

  it('opens above its button low in the window', () => {
    expect(popoverPlacement(rect(700, 400), laptop)).toEqual({ '--sheet-left': '700px', '--sheet-bottom': '376px', '--sheet-max-height': '384px' });
  });

  it('stays inside the window at its edges', () => {
    expect(popoverPlacement(rect(1200, 100), laptop)).toMatchObject({ '--sheet-left': '1038px' });
    expect(popoverPlacement(rect(-20, 100), laptop)).toMatchObject({ '--sheet-left': '8px' });
  });
});
