/**
 * PostgreSQL settings of the embedded database (PGlite), passed as its start parameters.
 *
 * PGlite's own defaults (kept first, as PGlite 0.5 sets them) plus a smaller buffer pool: PGlite
 * starts PostgreSQL with shared_buffers = 160 MB, and the engine writes the whole pool into its
 * WebAssembly memory while it starts, so every process with the database open held ~130 MB more
 * than with 32 MB, and took ~0.3 s longer to open it (issue #38, docs/performance.md). The data
 * files are ordinary files read through the operating system, whose page cache still keeps the
 * hot ones in memory; the pool only saves copying a page out of it.
 */
export const PGLITE_SHARED_BUFFERS = "32MB";

export const PGLITE_START_PARAMS: readonly string[] = [
  "--single",
  "-F",
  "-O",
  "-j",
  "-c",
  "search_path=public",
  "-c",
  "exit_on_error=false",
  "-c",
  "log_checkpoints=false",
  "-c",
  "max_worker_processes=0",
  "-c",
  "max_parallel_workers=0",
  "-c",
  "max_parallel_workers_per_gather=0",
  "-c",
  "io_method=sync",
  "-c",
  "max_parallel_maintenance_workers=0",
  "-c",
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];
