export declare const CHAINED_FIELDS: readonly ["occurred_at", "actor_id", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"];

export type ChainedRow = Record<(typeof CHAINED_FIELDS)[number], unknown>;

/** A stored row's columns: the chained fields, then prev_hash and hash. */
export declare const STORED_COLUMNS: readonly [...typeof CHAINED_FIELDS, "prev_hash", "hash"];

/** The values of `rows` as stored, row after row in STORED_COLUMNS order, each linked to the one before it. */
export declare function chainedValues(previousHash: string, rows: ChainedRow[]): unknown[];

/** `values` (as chainedValues gives them) split for INSERTs taking `counts` rows each, in order. */
export declare function valuesByInsert(values: unknown[], counts: number[]): unknown[][];

/** The hash of `row` chained to the row before it (`previousHash`, "" for the first row). */
export declare function auditLink(previousHash: string, row: ChainedRow): string;
