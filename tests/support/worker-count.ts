import os from 'node:os';
import type { TestProject } from 'vitest/node';

/** How many workers vitest runs files in (VITEST_POOL_ID goes from 1 to this), as vitest resolves it. */
export function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers || project.globalConfig.maxWorkers;
  if (typeof configured === 'number' && configured >= 1) return Math.floor(configured);
  return Math.max((os.availableParallelism?.() ?? os.cpus().length) - 1, 1);
}
