export declare const CHAINED_FIELDS: readonly ["occurred_at", "actor_id", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"];

export type ChainedRow = Record<(typeof CHAINED_FIELDS)[number], unknown>;

/** The hash of `row` chained to the row before it (`previousHash`, "" for the first row). */
export declare function auditLink(previousHash: string, row: ChainedRow): string;
