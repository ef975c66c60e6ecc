import { describe, expect, it } from 'vitest';
import { chunkCycles } from './chunk-cycles.ts';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('chunkCycles (chunks that import each other)', () => {
  it('finds none in a tree or a shared file many pages import', () => {
    expect(
      chunkCycles(
        graph({
          'index.js': ['router.js', 'shared.js'],
          'menu.js': ['index.js', 'shared.js'],
          'order.js': ['index.js', 'shared.js', 'reservations.js'],
          'router.js': [],
          'shared.js': ['router.js'],
          'reservations.js': ['shared.js'],
        }),
      ),
    ).toEqual([]);
  });

  it('finds two files that import each other (the layout and the reservations groups did)', () => {
    expect(
      chunkCycles(
        graph({
          'order.js': ['reservations.js'],
          'reservations.js': ['layout-shared.js', 'index.js'],
          'layout-shared.js': ['reservations.js', 'index.js'],
          'index.js': [],
        }),
      ),
    ).toEqual([['layout-shared.js', 'reservations.js']]);
  });

  it('finds a longer ring, each ring once, and a file importing itself', () => {
    expect(
      chunkCycles(
        graph({
          'a.js': ['b.js'],
          'b.js': ['c.js'],
          'c.js': ['a.js', 'd.js'],
          'd.js': ['d.js'],
          'e.js': ['f.js'],
          'f.js': ['e.js'],
        }),
      ),
    ).toEqual([['d.js'], ['a.js', 'b.js', 'c.js'], ['e.js', 'f.js']]);
  });

  it('ignores imports of files outside the map (already-built or external)', () => {
    expect(chunkCycles(graph({ 'a.js': ['vendor.js'], 'b.js': ['a.js'] }))).toEqual([]);
  });
});
