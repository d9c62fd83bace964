import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (where package.json and migrations/ are), found from this module's own place
 * upwards: the same whether it runs from its source (lib/platform, under tsx) or from the compiled
 * server (dist/server.mjs, one folder down), where import.meta.dirname names another folder.
 */
function findRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json')) && existsSync(path.join(folder, 'migrations'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No project folder (package.json and migrations/) above ${start}`);
  }
}

let root: string | undefined;
export const projectRoot = (): string => (root ??= findRoot(import.meta.dirname));

/** migrations/: drizzle's SQL files and its journal. */
export const migrationsFolder = () => path.join(projectRoot(), 'migrations');
