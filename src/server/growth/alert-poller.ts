import type { AlertService } from "./alert-service";

/** How often new points are checked against alert rules and due deliveries are sent. */
export const ALERT_POLL_MS = 5_000;

export interface AlertPoller {
  /** Starts the timer (onReady); a poll interval of 0 starts none. */
  start(): void;
  /**
   * Stops the timer and the round in progress (onClose): deliveries in flight are cut off and
   * handed back for the next round, so it returns promptly whatever the receivers do; later ticks
   * do nothing.
   */
  stop(): Promise<void>;
  /** One round now: evaluates new points and sends due alerts (tests call it directly). */
  tick(): Promise<void>;
}

/**
 * Runs the alert service's rounds, one at a time in this process (other instances claim other rows):
 * every `pollMs` while started, and whenever `tick()` is called. A round's sending ends within the
 * service's round deadline (alert-service.ts), so a slow receiver cannot hold the next round.
 */
export function createAlertPoller(deps: {
  alerts: Pick<AlertService, "tick">;
  pollMs?: number;
  logger: { warn(obj: object, msg: string): void };
}): AlertPoller {
  const pollMs = deps.pollMs ?? ALERT_POLL_MS;
  let running: Promise<void> | null = null;
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  const stopping = new AbortController();

  const tick = async (): Promise<void> => {
    while (running) await running;
    if (closing) return;
    running = deps.alerts
      .tick({ signal: stopping.signal })
      .then(() => undefined)
      .catch((err: Error) => deps.logger.warn({ err: err.message }, "alert round failed"))
      .finally(() => {
        running = null;
      });
    await running;
  };

  return {
    start() {
      if (pollMs <= 0 || timer) return;
      timer = setInterval(() => {
        if (!running) void tick();
      }, pollMs);
      timer.unref();
    },
    async stop() {
      closing = true;
      if (timer) clearInterval(timer);
      stopping.abort();
      while (running) await running;
    },
    tick,
  };
}
