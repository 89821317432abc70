import { describe, expect, it } from 'vitest';
import { Memo } from './memo';

describe('Memo', () => {
  it('makes a value once per key and hands back the same one after', () => {
    const memo = new Memo<number[]>(2);
    let made = 0;
    const first = memo.get('a', () => [++made]);
    expect(memo.get('a', () => [++made])).toBe(first);
    expect(made).toBe(1);
  });

  it('lets the least recently used value go beyond its limit', () => {
    const memo = new Memo<string>(2);
    const makes: string[] = [];
    const get = (key: string) => memo.get(key, () => (makes.push(key), key));
    get('a');
    get('b');
    get('a'); // a is now the most recent
    get('c'); // b goes
    get('a');
    get('b');
    expect(makes).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a deleted key', () => {
    const memo = new Memo<number>(4);
    memo.get('a', () => 1);
    memo.delete('a');
    expect(memo.get('a', () => 2)).toBe(2);
  });
});
