/** The value for `key`, made by `make` (and kept) the first time; `undefined` is never kept. */
export declare function remembered<K, V>(cache: Map<K, V>, key: K, limit: number, make: () => V): V;
