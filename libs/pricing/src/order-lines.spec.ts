import { mergeLines } from './order-lines.js';

describe('mergeLines', () => {
  it('keeps one line per product, in the order first listed, adding up repeats', () => {
    expect(
      mergeLines([
        { productId: 'b', quantity: 1 },
        { productId: 'a', quantity: 2 },
        { productId: 'b', quantity: 3 },
      ]),
    ).toEqual([
      { productId: 'b', quantity: 4 },
      { productId: 'a', quantity: 2 },
    ]);
  });

  it('leaves distinct lines as they are', () => {
    const lines = [
      { productId: 'a', quantity: 1 },
      { productId: 'c', quantity: 5 },
    ];
    expect(mergeLines(lines)).toEqual(lines);
  });
});
