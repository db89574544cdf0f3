import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from '@/components/Price';

describe('Price', () => {
  it('shows the discount badge and the MRP struck through when the MRP is higher', () => {
    const { container } = render(<Price retail={425} mrp={500} />);
    expect(screen.getByText('₹425.00')).toBeInTheDocument();
    expect(screen.getByText('15% off')).toBeInTheDocument();
    const struck = container.querySelector('s');
    expect(struck).toHaveTextContent('₹500.00');
    expect(struck?.parentElement).toHaveTextContent(/^MRP ₹500\.00$/);
  });

  it('rounds the percent to 2 decimals by the spec formula', () => {
    render(<Price retail={2} mrp={3} />);
    expect(screen.getByText('33.33% off')).toBeInTheDocument();
  });

  it.each([
    ['no MRP', null],
    ['an MRP equal to the price', 425],
    ['an MRP of zero', 0],
    ['an MRP below the price', 400],
  ])('shows the price alone with %s', (_name, mrp) => {
    const { container } = render(<Price retail={425} mrp={mrp} />);
    expect(screen.getByText('₹425.00')).toBeInTheDocument();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
  });
});
