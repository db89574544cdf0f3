import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Carousel } from '@/components/Carousel';
import { activateLocale } from '@/lib/i18n';

function stubReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

const slides = ['One', 'Two', 'Three'].map((name) => <p key={name}>{name}</p>);

describe('Carousel', () => {
  it('is a labelled carousel of labelled slides', () => {
    stubReducedMotion(false);
    render(<Carousel label="Brands" header={<h2>Brands</h2>} slideClassName="basis-1/2">{slides}</Carousel>);
    expect(screen.getByRole('region', { name: 'Brands' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByRole('group').map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(screen.getAllByRole('group')[0]).toHaveAttribute('aria-roledescription', 'slide');
  });

  it('names itself and its slides to a screen reader in the page language', async () => {
    stubReducedMotion(false);
    await act(() => activateLocale('ta'));
    try {
      render(<Carousel label="பிராண்டுகள்" header={<h2>பிராண்டுகள்</h2>} slideClassName="basis-1/2">{slides}</Carousel>);
      expect(screen.getByRole('region', { name: 'பிராண்டுகள்' })).toHaveAttribute('aria-roledescription', 'நகரும் வரிசை');
      expect(screen.getAllByRole('group')[1]).toHaveAttribute('aria-roledescription', 'உருப்படி');
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('moves by itself, with a button to pause it', async () => {
    stubReducedMotion(false);
    render(<Carousel label="Brands" header={<h2>Brands</h2>} slideClassName="basis-1/2">{slides}</Carousel>);
    await userEvent.click(screen.getByRole('button', { name: 'Pause Brands' }));
    expect(screen.getByRole('button', { name: 'Play Brands' })).toBeInTheDocument();
  });

  it('stays still for shoppers who prefer reduced motion', () => {
    stubReducedMotion(true);
    render(<Carousel label="Brands" header={<h2>Brands</h2>} slideClassName="basis-1/2">{slides}</Carousel>);
    expect(screen.getByRole('button', { name: 'Play Brands' })).toBeInTheDocument();
  });
});
