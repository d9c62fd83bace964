import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * Hono's TrieRouter, with the answer for each registered static path (no `:param`, no `*`) kept
 * once found. Hono's faster RegExpRouter refuses this API: it cannot hold a static segment and a
 * parameter at the same place (`/expected-payments/summary` beside `/expected-payments/:id`, and
 * the same under payments and users), in either order of registration, and the paths are the
 * spec's. So SmartRouter fell back to the trie, whose walk of ~270 routes cost each request a few
 * µs (issue 24). RegExpRouter itself answers static paths from a map; this does the same. Only paths
 * registered as static are kept, so the memory is bounded by the routes, whatever callers send.
 */
export class StaticPathsKeptRouter<T> implements Router<T> {
  readonly name = 'StaticPathsKeptRouter';
  readonly #trie = new TrieRouter<T>();
  readonly #staticPaths = new Set<string>();
  readonly #kept = new Map<string, Result<T>>();
  /** Node's parser takes only the methods it knows, but a ceiling costs nothing. */
  static readonly KEPT_LIMIT = 10_000;

  add(method: string, path: string, handler: T): void {
    this.#trie.add(method, path, handler);
    if (!/[:*]/.test(path)) this.#staticPaths.add(path);
    this.#kept.clear(); // a route added later may match a path already kept
  }

  match(method: string, path: string): Result<T> {
    if (!this.#staticPaths.has(path)) return this.#trie.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#kept.get(key);
    if (!result) {
      result = this.#trie.match(method, path);
      if (this.#kept.size < StaticPathsKeptRouter.KEPT_LIMIT) this.#kept.set(key, result);
    }
    return result;
  }
}
