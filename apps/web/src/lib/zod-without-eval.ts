// zod checks whether it may compile its validators with `new Function`. Under the clinic's CSP
// (script-src 'self') that check is itself reported as a violation, though zod catches it: the
// browser's Issues panel and Lighthouse's best practices flag every page that validates. The
// browser validates little, so it runs zod's plain path and skips the check. This module is
// imported first (main.tsx) and sets zod's shared config before zod is evaluated, without
// bringing zod into the first chunk.
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

(globalThis as ZodGlobal).__zod_globalConfig ??= {};
(globalThis as ZodGlobal).__zod_globalConfig!.jitless = true;
