import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** What a first visit to a page downloads in JavaScript: every `<script src>` of its HTML, gzipped. */
export interface FirstLoadJs {
  scripts: number;
  gzipBytes: number;
}

/** A script tag's src, unless it is `noModule`: Next's legacy polyfills, which no current browser downloads. */
const SCRIPT_TAG = /<script\b[^>]*>/g;
const srcOf = (tag: string) => (/\bnomodule\b/i.test(tag) ? undefined : /\bsrc="([^"]+)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&'));

/**
 * Next 16 with Turbopack no longer prints per-route sizes after `next build`; the HTML a route
 * serves names exactly the chunks a browser fetches before the page is interactive (shared and
 * route-specific alike), so their sum is the route's first-load JavaScript. Gzip at the default
 * level, as a proxy or CDN would serve them; each chunk is fetched once and remembered.
 */
export function firstLoadJs(origin: string, cookie: string) {
  const sizes = new Map<string, Promise<number>>();
  const gzipSize = (src: string) => {
    let size = sizes.get(src);
    if (!size) {
      size = fetch(new URL(src, origin)).then(async (response) => {
        if (!response.ok) throw new Error(`${src}: ${response.status}`);
        return gzipSync(Buffer.from(await response.arrayBuffer())).length;
      });
      sizes.set(src, size);
    }
    return size;
  };
  return async (page: string): Promise<FirstLoadJs> => {
    const response = await fetch(`${origin}${page}`, { headers: { cookie }, redirect: 'manual' });
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
    const tags = (await response.text()).match(SCRIPT_TAG) ?? [];
    const sources = [...new Set(tags.map(srcOf).filter((src) => src !== undefined))];
    const bytes = await Promise.all(sources.map(gzipSize));
    return { scripts: sources.length, gzipBytes: bytes.reduce((sum, size) => sum + size, 0) };
  };
}

/**
 * The part every route shares before any code of ours: the build manifest's `rootMainFiles`
 * (React, React DOM, Next's client router and Turbopack's runtime), gzipped from the build.
 */
export function frameworkJs(appDir: string): FirstLoadJs {
  const manifest = JSON.parse(readFileSync(path.join(appDir, '.next', 'build-manifest.json'), 'utf8')) as { rootMainFiles: string[] };
  const gzipBytes = manifest.rootMainFiles.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(appDir, '.next', file))).length, 0);
  return { scripts: manifest.rootMainFiles.length, gzipBytes };
}
