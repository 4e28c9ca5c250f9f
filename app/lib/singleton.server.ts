/**
 * One instance per process, even when a module is loaded twice (the Hono entry runs from source while
 * React Router's server build bundles its own copy of the same modules).
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const key = Symbol.for(`app.singleton.${name}`);
  store[key] ??= create();
  return store[key] as T;
}

/** Sets or clears a process-wide instance. */
export function setSingleton<T>(name: string, value: T | undefined): void {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  store[Symbol.for(`app.singleton.${name}`)] = value;
}

/** Reads a process-wide instance without creating it. */
export function peekSingleton<T>(name: string): T | undefined {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  return store[Symbol.for(`app.singleton.${name}`)];
}
