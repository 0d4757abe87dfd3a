/**
 * Every pinned version of the local infrastructure, in one place.
 *
 * Changing a version here changes the cache folder name (`~/.cache/quad/<name>-<version>/`), so the
 * next `ensureBinaries()` builds the new version and relinks `<repo>/.infra/bin/<name>`; the old
 * build stays in the cache, which makes switching back instant.
 */

/** How a Go-built binary is produced. */
export type GoBuildRecipe =
  /** `GOBIN=<dir> go install <module><subpath>@<version>` — works for modules whose build needs nothing generated. */
  | { kind: 'go-install'; packagePath: string }
  /**
   * Build from the downloaded module source after writing `build/version/version.txt`. FerretDB needs
   * this: the file is generated in their repository and is not part of the published module, so a
   * plain `go install` builds a binary that panics at start (FerretDB issues #2982, #4889).
   */
  | { kind: 'ferretdb-source'; mainPackage: string; patches: readonly SourcePatch[] };

/** One exact text replacement in a module's source before it is built. */
export interface SourcePatch {
  /** Also names the build in the cache folder, so a machine with an unpatched build rebuilds it. */
  id: string;
  file: string;
  from: string;
  to: string;
}

export interface GoBinary {
  /** File name of the binary and the cache folder prefix. */
  name: string;
  /** Human name for progress messages. */
  label: string;
  module: string;
  version: string;
  recipe: GoBuildRecipe;
  /**
   * A heavy build (MinIO: thousands of packages, a multi-GB link) is run alone on small machines so
   * parallel builds don't push the box into swap / the OOM killer.
   */
  heavy: boolean;
}

export const FERRETDB: GoBinary = {
  name: 'ferretdb',
  label: 'FerretDB',
  module: 'github.com/FerretDB/FerretDB',
  version: 'v1.24.2',
  recipe: {
    kind: 'ferretdb-source',
    mainPackage: './cmd/ferretdb',
    patches: [
      {
        // The SQLite backend finds a document by `_id` (find, update, delete) with the expression
        // `_ferretdb_sjson->'$._id'`, but creates the collection's unique `_id_` index on
        // `_ferretdb_sjson->"_id"`. SQLite matches index expressions by their text, so it never
        // used the index: every lookup, update and delete by `_id` scanned the whole table (5.3 s
        // for one message among 1,000,000). `->'_id'` reads the same value and matches the index.
        id: 'sqlite-id-index',
        file: 'internal/backends/sqlite/metadata/metadata.go',
        from: `IDColumn = DefaultColumn + "->'$._id'"`,
        to: `IDColumn = DefaultColumn + "->'_id'"`,
      },
    ],
  },
  heavy: false,
};

/**
 * The `--sqlite-url` FerretDB runs with locally (dev and tests), for a data directory. Each database
 * is a SQLite file in WAL mode (FerretDB's default); `synchronous(normal)` leaves out the fsync of
 * every commit (the WAL is synced at its checkpoints), as MongoDB's default write concern does not
 * wait for its journal either: a commit survives the process being killed, and only an operating
 * system crash can lose the last ones. Measured with two writers: FerretDB's CPU per insert 0.92 -
 * 1.01 ms with the default FULL, 0.60 - 0.71 ms with NORMAL (bench/README.md, chat).
 */
export function ferretDbSqliteUrl(dataDir: string): string {
  // FerretDB wants a file: URI naming an existing directory, with the trailing slash.
  return `file:${dataDir}/?_pragma=synchronous(normal)`;
}

/** Debian ships nats-server 2.9, older than what the `nats` client library expects; build 2.12. */
export const NATS_SERVER: GoBinary = {
  name: 'nats-server',
  label: 'NATS server',
  module: 'github.com/nats-io/nats-server/v2',
  version: 'v2.12.15',
  recipe: { kind: 'go-install', packagePath: 'github.com/nats-io/nats-server/v2' },
  heavy: false,
};

/** MinIO publishes no semver tags on the module proxy, hence the pseudo-version. */
export const MINIO: GoBinary = {
  name: 'minio',
  label: 'MinIO',
  module: 'github.com/minio/minio',
  version: 'v0.0.0-20260212201848-7aac2a2c5b7c',
  recipe: { kind: 'go-install', packagePath: 'github.com/minio/minio' },
  heavy: true,
};

export const GO_BINARIES: readonly GoBinary[] = [FERRETDB, NATS_SERVER, MINIO];

/** Redis comes from the OS package manager (Debian `redis-server`, 7.x); only its name is pinned. */
export const REDIS_SERVER_COMMAND = 'redis-server';
