import { describe, expect, it } from 'vitest';
import { categoryHref, paths, routeUnder, withQuery } from '@/lib/paths';
import { adminPaths } from '@/lib/admin-paths';
import { pathIn } from '@/lib/locales';

describe('links to the shop', () => {
  it('builds each page from its parameters', () => {
    expect(paths.home.getHref()).toBe('/');
    expect(paths.terms.getHref()).toBe('/terms-and-conditions');
    expect(paths.brand.getHref('wellroot')).toBe('/dealer/wellroot');
    expect(paths.product.getHref('wellroot', 'neem-oil')).toBe('/dealer/wellroot/neem-oil');
    expect(paths.category.getHref('fertilisers')).toBe('/category/fertilisers');
    expect(paths.subCategory.getHref('fertilisers', 'micronutrients')).toBe('/category/fertilisers/micronutrients');
    expect(paths.viewOrder.getHref('0b5e-11')).toBe('/view-order/0b5e-11');
    expect(paths.orderConfirmation.getHref('0b5e-11')).toBe('/order-confirmation/0b5e-11');
    expect(paths.account.getHref()).toBe('/user');
  });

  it('puts a category under its parent only when it has one', () => {
    expect(categoryHref('tools')).toBe('/category/tools');
    expect(categoryHref('fungicides', 'crop-protection')).toBe('/category/crop-protection/fungicides');
    expect(paths.categoryProduct.getHref({ parent: 'crop-protection', category: 'fungicides', product: 'copper' })).toBe(
      '/category/crop-protection/fungicides/copper',
    );
    expect(paths.categoryProduct.getHref({ category: 'tools', product: 'banana-knife' })).toBe('/category/tools/banana-knife');
  });

  it('encodes what it is given, so a slug or number cannot break out of its segment', () => {
    expect(paths.brand.getHref('a/b?c#d')).toBe('/dealer/a%2Fb%3Fc%23d');
    expect(paths.product.getHref('ഏലം', 'x y')).toBe('/dealer/%E0%B4%8F%E0%B4%B2%E0%B4%82/x%20y');
    expect(adminPaths.order.getHref('ORD/2026 #1')).toBe('/admin/orders/ORD%2F2026%20%231');
    expect(adminPaths.invoice.getHref('WR/26-27/1')).toBe('/admin/orders/WR%2F26-27%2F1/invoice');
    expect(adminPaths.packingSlip.getHref('A&B')).toBe('/admin/orders/A%26B/packing-slip');
    expect(adminPaths.creditNote.getHref('ORD-1')).toBe('/admin/orders/ORD-1/credit-note');
  });

  it('writes the search term into the query, encoded, and no query without one', () => {
    expect(paths.search.getHref('neem oil & cake')).toBe('/search?search=neem%20oil%20%26%20cake');
    expect(paths.search.getHref('')).toBe('/search');
    expect(paths.search.getHref()).toBe('/search');
  });

  it('carries where to go after signing in, and the address to fill in', () => {
    expect(paths.signIn.getHref()).toBe('/sign-in');
    expect(paths.signIn.getHref({ next: '/checkout' })).toBe('/sign-in?next=%2Fcheckout');
    expect(paths.signIn.getHref({ next: '/admin/audit?entity=product&page=2' })).toBe('/sign-in?next=%2Fadmin%2Faudit%3Fentity%3Dproduct%26page%3D2');
    expect(paths.signIn.getHref({ email: 'a+b@x.in' })).toBe('/sign-in?email=a%2Bb%40x.in');
  });

  it('goes through the language prefix like any path', () => {
    expect(pathIn('ta', paths.product.getHref('wellroot', 'neem-oil'))).toBe('/ta/dealer/wellroot/neem-oil');
    expect(pathIn('ml', paths.search.getHref('ഏലം'))).toBe('/ml/search?search=%E0%B4%8F%E0%B4%B2%E0%B4%82');
  });
});

describe('links to the back office', () => {
  it('filters the orders list by what it is given, blanks left out', () => {
    expect(adminPaths.orders.getHref()).toBe('/admin/orders');
    expect(adminPaths.orders.getHref({ status: 'placed' })).toBe('/admin/orders?status=placed');
    expect(adminPaths.orders.getHref({ status: 'shipped', payment_method: 'cod', from: '2026-11-01', q: 'anitha k', page: 2 })).toBe(
      '/admin/orders?status=shipped&payment_method=cod&from=2026-11-01&q=anitha%20k&page=2',
    );
    expect(adminPaths.orders.getHref({ q: '', status: undefined })).toBe('/admin/orders');
  });

  it('opens the inbox on waiting messages unless told otherwise', () => {
    expect(adminPaths.messages.getHref()).toBe('/admin/messages');
    expect(adminPaths.messages.getHref('open')).toBe('/admin/messages');
    expect(adminPaths.messages.getHref('all')).toBe('/admin/messages?status=all');
    expect(adminPaths.message.getHref(12)).toBe('/admin/messages/12');
  });

  it('names products, customers and the new product’s form', () => {
    expect(adminPaths.product.getHref(7)).toBe('/admin/products/7');
    expect(adminPaths.newProduct.getHref()).toBe('/admin/products/new');
    expect(adminPaths.customer.getHref(3)).toBe('/admin/customers/3');
  });

  it('writes a back-office pattern as the routes under /admin write it', () => {
    expect(routeUnder('/admin', adminPaths.invoice.path)).toBe('orders/:number/invoice');
    expect(routeUnder('/admin', adminPaths.dashboard.path)).toBe('');
    expect(() => routeUnder('/admin', paths.brand.path)).toThrow('/dealer/:brandSlug is not under /admin');
  });
});

describe('withQuery', () => {
  it('encodes keys and values and keeps their order', () => {
    expect(withQuery('/x', { 'a b': 'c=d', n: 0, skip: null })).toBe('/x?a%20b=c%3Dd&n=0');
  });
});
