// A cache that forgets everything once it holds `limit` entries: for things derived from a
// statement's text (prepared statements, row builders), which a running server asks for from a
// small, fixed set, so clearing is rare and cheaper than tracking use. Plain JavaScript: the
// SQLite worker thread (sqlite-worker.mjs) uses it too.

/** The value for `key`, made by `make` (and kept) the first time; `undefined` is never kept. */
export function remembered(cache, key, limit, make) {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    if (cache.size >= limit) cache.clear();
    cache.set(key, value);
  }
  return value;
}
