/**
 * Purges what would otherwise grow without bound (docs/security.md): expired sessions and quota
 * counts of past days. Runs once when the app is ready and then every `intervalMs`; several
 * instances may run it at once (each statement is an idempotent DELETE).
 */
export interface HousekeepingDeps {
  purgeExpiredSessions: () => Promise<number>;
  purgeOldUsage: () => Promise<number>;
  /** Issue #35: search-found YouTube profiles past YouTube's 30 days (expand-service.ts). */
  purgeStaleSearchRows?: () => Promise<number>;
  /** Issue #37: workspace audit entries older than 365 days. */
  purgeOldAudit?: () => Promise<number>;
  /**
   * Issue #36: similar-creator representations missing or of an older model (after an upgrade, or
   * rows written before their table existed) are rebuilt, so answers do not stay on the slow path
   * until the next seed or import. Cut short by `stop()`.
   */
  rebuildStaleRepresentations?: (signal: AbortSignal) => Promise<number>;
  logger: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  intervalMs?: number;
}

export const HOUSEKEEPING_INTERVAL_MS = 6 * 3600 * 1000;

export function createHousekeeping(deps: HousekeepingDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const stopping = new AbortController();

  async function runOnce(): Promise<{
    sessions: number;
    usageRows: number;
    staleSearchRows: number;
    auditRows: number;
    representations: number;
  }> {
    const sessions = await deps.purgeExpiredSessions();
    const usageRows = await deps.purgeOldUsage();
    const staleSearchRows = (await deps.purgeStaleSearchRows?.()) ?? 0;
    const auditRows = (await deps.purgeOldAudit?.()) ?? 0;
    if (sessions || usageRows || staleSearchRows || auditRows)
      deps.logger.info({ sessions, usageRows, staleSearchRows, auditRows }, "housekeeping purged old rows");
    const representations = (await deps.rebuildStaleRepresentations?.(stopping.signal)) ?? 0;
    if (representations)
      deps.logger.info({ representations }, "housekeeping rebuilt stale similar-creator representations");
    return { sessions, usageRows, staleSearchRows, auditRows, representations };
  }

  const tick = () => {
    if (running) return;
    running = runOnce()
      .then(() => undefined)
      .catch((err: Error) => {
        // Cut short by stop(): nothing failed.
        if (!stopping.signal.aborted)
          deps.logger.warn({ err: err.message }, "housekeeping failed; retried later");
      })
      .finally(() => {
        running = undefined;
      });
  };

  return {
    runOnce,
    start() {
      tick();
      timer = setInterval(tick, deps.intervalMs ?? HOUSEKEEPING_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort(new Error("the server is stopping"));
      await running;
    },
  };
}
