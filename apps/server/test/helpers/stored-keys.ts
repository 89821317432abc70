/** What a store holds for one owner (the part of its keys before the slash), sorted. */
import type { Storage } from '../../src/modules/storage/storage';

export async function storedKeysOf(storage: Storage, owner: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list!(owner)) keys.push(key);
  return keys.sort();
}
