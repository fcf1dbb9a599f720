// The small LRU cache the search engine keeps its recent query words' scores and suggestions in.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Lru } from '../../../src/search/lru.ts';

describe('Lru', () => {
  it('drops the least recently used entry when full, a read counting as a use', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1).set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.has('a'), lru.has('b'), lru.has('c')]).toEqual([true, false, true]);
    expect(lru.size).toBe(2);
  });

  it('renews an entry written again, and keeps a stored undefined apart from a missing key', () => {
    const lru = new Lru<string, number | undefined>(2);
    lru.set('a', undefined).set('b', 2).set('a', 1).set('c', 3);
    expect(lru.get('a')).toBe(1);
    expect(lru.has('b')).toBe(false);
    lru.set('d', undefined);
    expect(lru.has('d')).toBe(true);
    expect(lru.get('d')).toBeUndefined();
    lru.clear();
    expect(lru.size).toBe(0);
  });

  it('refuses a capacity that could keep nothing', () => {
    expect(() => new Lru(0)).toThrow(RangeError);
    expect(() => new Lru(Number.NaN)).toThrow(RangeError);
  });

  it('holds what a model that orders every use holds, whatever the sequence of reads and writes', () => {
    const op = fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 6 }), fc.integer());
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(op, { maxLength: 60 }), (capacity, ops) => {
        const lru = new Lru<number, number>(capacity);
        // The model: keys from least to most recently used, and their values.
        let order: number[] = [];
        const values = new Map<number, number>();
        for (const [write, key, value] of ops) {
          if (write) {
            lru.set(key, value);
            order = [...order.filter((k) => k !== key), key];
            values.set(key, value);
            if (order.length > capacity) values.delete(order.shift()!);
          } else {
            expect(lru.get(key)).toBe(values.get(key));
            if (values.has(key)) order = [...order.filter((k) => k !== key), key];
          }
        }
        expect(lru.size).toBe(order.length);
        for (const k of order) expect(lru.get(k)).toBe(values.get(k));
      }),
    );
  });
});
