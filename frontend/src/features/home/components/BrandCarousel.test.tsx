import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BrandCarousel, brandsWithImages } from '@/features/home/components/BrandCarousel';
import { mockApi } from '@/testing/api-mock';
import { brands } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

const all = [...brands.wellRootBrands, ...brands.brands];

describe('BrandCarousel', () => {
  it('shows only brands with an image, each leading to its dealer page with its name under the image', () => {
    mockApi({});
    renderWithApp(<BrandCarousel brands={all} />);
    const carousel = screen.getByRole('region', { name: 'Brands we deal in' });
    const links = within(carousel).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/dealer/house-organics', '/dealer/malabar-agrochem']);
    expect(within(carousel).queryByText('No Logo Tools')).not.toBeInTheDocument();
    const [first] = links;
    expect(first?.querySelector('img')).toHaveAttribute('src', '/media/brands/house.svg');
    expect(first?.lastElementChild).toHaveTextContent('House Organics');
  });

  it('sizes slides for 1.5, 4.4 and 6 per view', () => {
    mockApi({});
    renderWithApp(<BrandCarousel brands={all} />);
    const slide = screen.getAllByRole('group')[0];
    expect(slide).toHaveClass('basis-2/3', 'md:basis-[22.7273%]', 'lg:basis-1/6');
  });

  it('says there are no brand images when none has one', () => {
    mockApi({});
    renderWithApp(<BrandCarousel brands={brands.brands.slice(1)} />);
    expect(screen.getByText('No brand images to display')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('filters on image_src', () => {
    expect(brandsWithImages(all).map((brand) => brand.slug)).toEqual(['house-organics', 'malabar-agrochem']);
  });
});
