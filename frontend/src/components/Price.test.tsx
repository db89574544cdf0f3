import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Price } from '@/components/Price';

describe('Price', () => {
  it('shows the discount badge and the MRP struck through when the MRP is higher', () => {
    const { container } = render(<Price retail={425} mrp={500} />);
    expect(screen.getByText('₹425.00')).toBeInTheDocument();
    expect(screen.getByText('15.00% off')).toBeInTheDocument();
    const struck = container.querySelector('s');
    expect(struck).toHaveTextContent('₹500.00');
    expect(struck?.parentElement).toHaveTextContent(/^MRP ₹500\.00$/);
  });

  it('rounds the percent to 2 decimals by the spec formula', () => {
    render(<Price retail={2} mrp={3} />);
    expect(screen.getByText('33.33% off')).toBeInTheDocument();
  });

  it.each([
    [350, 400, '12.50% off'],
    [90, 100, '10.00% off'],
    [99.99, 100, '0.01% off'],
    [1, 3, '66.67% off'],
  ])('always writes 2 decimals: %s against an MRP of %s is %s', (retail, mrp, badge) => {
    render(<Price retail={retail} mrp={mrp} />);
    expect(screen.getByText(badge)).toBeInTheDocument();
  });

  it('rounds the badge to a whole percent on a card, and drops one that rounds to nothing', () => {
    const { container, rerender } = render(<Price retail={475} mrp={500} badge="whole" />);
    expect(screen.getByText('5% off')).toBeInTheDocument();
    rerender(<Price retail={2} mrp={3} badge="whole" />);
    expect(screen.getByText('33% off')).toBeInTheDocument();
    rerender(<Price retail={350} mrp={400} badge="whole" />);
    expect(screen.getByText('13% off')).toBeInTheDocument();
    rerender(<Price retail={99.99} mrp={100} badge="whole" />);
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
  });

  it('never wraps an amount inside its digits', () => {
    const { container } = render(<Price retail={123456.5} mrp={150000} />);
    expect(screen.getByText('₹1,23,456.50')).toHaveClass('whitespace-nowrap');
    expect(container.querySelector('s')).toHaveClass('whitespace-nowrap');
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
