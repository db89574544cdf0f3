import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Awards, balancedColumns } from '@/features/home/components/Awards';
import { awards } from '@/testing/fixtures';

describe('Awards', () => {
  it('is headed Awards & Certifications and shows the awards, staggered by 100 ms', () => {
    render(<Awards awards={awards} isError={false} onRetry={() => undefined} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Awards & Certifications' })).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Best Retailer 2019', 'Safe Spray Centre 2023', 'Water-Wise Partner 2022']);
    expect(cards.map((card) => card.style.getPropertyValue('--award-delay'))).toEqual(['0ms', '100ms', '200ms']);
    expect(cards[0]).toHaveClass('award-card');
  });

  it('lays the cards out in balanced rows: no half-empty last row', () => {
    // [count, columns with at most 3 a row, columns with at most 4 a row]
    for (const [count, three, four] of [
      [1, 1, 1],
      [2, 2, 2],
      [3, 3, 3],
      [4, 2, 4],
      [5, 3, 3],
      [6, 3, 3],
      [7, 3, 4],
      [8, 3, 4],
      [9, 3, 3],
      [12, 3, 4],
    ]) {
      expect([balancedColumns(count!, 3), balancedColumns(count!, 4)], `${count} awards`).toEqual([three, four]);
    }
    const six = Array.from({ length: 6 }, (_, i) => ({ ...awards[0]!, id: i + 1, title: `Award ${i + 1}` }));
    render(<Awards awards={six} isError={false} onRetry={() => undefined} />);
    const list = screen.getByRole('list');
    expect(list.style.getPropertyValue('--award-cols-sm')).toBe('3');
    expect(list.style.getPropertyValue('--award-cols-lg')).toBe('3');
  });

  it('shows an error box with the spec text and a retry', async () => {
    const onRetry = vi.fn();
    render(<Awards awards={undefined} isError onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load awards. Please try again later.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has an empty state', () => {
    render(<Awards awards={[]} isError={false} onRetry={() => undefined} />);
    expect(screen.getByText('No Awards Yet')).toBeInTheDocument();
    expect(screen.getByText('Awards and certifications will appear here once available.')).toBeInTheDocument();
  });

  it('holds its space while loading', () => {
    render(<Awards awards={undefined} isError={false} onRetry={() => undefined} />);
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
