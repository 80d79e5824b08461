/**
 * A Map that keeps at most `capacity` entries: adding a new key to a full map forgets the oldest one
 * (first in, first out). For caches whose keys come from requests or pages, so their memory stays bounded.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.capacity && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
