// Shared vitest settings: tests that touch a database get generous timeouts because argon2
// hashing and PostgreSQL schema creation are real work, not mocks.
export const vitestPreset = {
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
};
