import type { ComponentType } from "react";

/** A route's `lazy`: the page `name` of a module fetched on the route's first visit. Written once, as every route's loader is part of the first load. */
export function lazyPage<Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await load())[name] as ComponentType });
}
