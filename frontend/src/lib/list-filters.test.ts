import { describe, expect, it } from 'vitest';
import { choiceParams, choiceQuery, listKey, readChoice, searchWith, toggled } from '@/lib/list-filters';

const read = (query: string, crops = true) => readChoice(new URLSearchParams(query), { crops });

describe('a list choice in the address', () => {
  it('is spelled one way, as the server spells it (crates/catalog/src/list_filter.rs)', () => {
    const choice = read('stock=in&price=over-1000,under-200&brand=b-two,a-one&brand=b-two&crop=pepper,cardamom&sort=price-asc&utm_source=x');
    expect(choiceQuery(choice)).toBe('brand=a-one,b-two&crop=cardamom,pepper&price=under-200,over-1000&sort=price-asc&stock=in');
    expect(listKey(['categories', 'fungicides', 'products'], choice)).toEqual(['categories', 'fungicides', 'products', choiceQuery(choice)]);
    // The list as it comes keeps its plain key, which the drawn page seeds.
    expect(listKey(['categories', 'fungicides', 'products'], read(''))).toEqual(['categories', 'fungicides', 'products']);
  });

  it('drops what no shop could have, and a crop on a crop page', () => {
    const choice = read('brand=Neem%20Oil,ok&price=cheap&stock=out&sort=cheapest&crop=pepper', false);
    expect(choice).toEqual({ brands: ['ok'], crops: [], prices: [], inStock: false, sort: 'relevance' });
    expect(choiceParams(choice)).toEqual({ brand: 'ok', crop: undefined, price: undefined, stock: undefined, sort: undefined });
  });

  it('ticks and unticks an option, keeping the rest of the address', () => {
    const choice = read('brand=a&sort=newest');
    const more = toggled(choice, 'brands', 'c');
    expect(more.brands).toEqual(['a', 'c']);
    expect(toggled(more, 'brands', 'a').brands).toEqual(['c']);
    expect(toggled(choice, 'prices', '200-500').prices).toEqual(['200-500']);
    expect(searchWith(new URLSearchParams('search=neem&brand=a&page=2'), more)).toBe('?search=neem&page=2&brand=a,c&sort=newest');
    expect(searchWith(new URLSearchParams('brand=a'), read(''))).toBe('');
  });
});
