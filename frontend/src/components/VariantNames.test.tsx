import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { previewVariantNames, VariantNames } from '@/components/VariantNames';

describe('variant names on product cards', () => {
  it('shows at most 6 names, then +N more', () => {
    render(<VariantNames names={['100 ml', '250 ml', '500 ml', '1 L', '2 L', '5 L', '10 L', '20 L']} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['100 ml', '250 ml', '500 ml', '1 L', '2 L', '5 L', '+2 more']);
  });

  it('shows all of 6 names without a more marker', () => {
    expect(previewVariantNames(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e', 'f'], more: 0 });
  });

  it('shows nothing without names', () => {
    const { container } = render(<VariantNames names={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
