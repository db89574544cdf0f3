import { describe, expect, it } from 'vitest';
import { changedFields } from '@/features/admin-audit/changes';

describe('an audit line’s changes', () => {
  it('keeps only the fields that differ, nested ones by their path', () => {
    const before = { name: 'Neem Cake', price: 100, tags: ['a'], declarations: { organic: false, hazardous: false }, note: null };
    const after = { name: 'Neem Cake', price: 120, tags: ['a', 'b'], declarations: { organic: true, hazardous: false }, note: null, hsn: '3101' };
    expect(changedFields(before, after)).toEqual([
      { field: 'price', before: 100, after: 120 },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
      { field: 'declarations.organic', before: false, after: true },
      { field: 'hsn', before: undefined, after: '3101' },
    ]);
  });

  it('shows every field of a creation as new and of a removal as gone', () => {
    expect(changedFields(null, { stock: 4 })).toEqual([{ field: 'stock', before: undefined, after: 4 }]);
    expect(changedFields({ stock: 4 }, null)).toEqual([{ field: 'stock', before: 4, after: undefined }]);
  });
});
