/** How many patients a group holds (a couple is two). Browser-safe. */
export const GROUP_CAPACITY = { min: 2, max: 12 } as const;
