import type { Redis } from "ioredis";
import type { ScaleLogger } from "./redis";

/**
 * Release notices of Redis locks, fanned out in process: one subscriber connection per instance
 * listens on the locks' channel, and each waiting flight registers for the name it waits on.
 * Notices are a speed-up only — waiters also poll, so a lost message (reconnect) costs one poll.
 */
export interface LockNotices {
  /** Calls `onRelease` whenever the lock `name` is released on any instance. Returns the unsubscribe. */
  subscribe(name: string, onRelease: () => void): () => void;
  close(): Promise<void>;
}

export function createLockNotices(subscriber: Redis, channel: string, logger: ScaleLogger): LockNotices {
  const listeners = new Map<string, Set<() => void>>();
  subscriber.on("message", (ch: string, message: string) => {
    if (ch !== channel) return;
    const name = message.slice(0, message.lastIndexOf("\n"));
    const set = listeners.get(name);
    if (!set) return;
    for (const fn of [...set]) fn();
  });
  // Not awaited: while Redis is away, waiters poll; ioredis subscribes again whenever it reconnects.
  subscriber.subscribe(channel).catch((err: Error) => {
    logger.warn({ err: err.message }, "could not subscribe to lock release notices; polling only");
  });
  return {
    subscribe(name, onRelease) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(onRelease);
      return () => {
        const current = listeners.get(name);
        if (!current) return;
        current.delete(onRelease);
        if (current.size === 0) listeners.delete(name);
      };
    },
    async close() {
      listeners.clear();
      // Only on a live connection: a command queued on a dead one would wait for ever.
      if (subscriber.status === "ready") await subscriber.unsubscribe(channel).catch(() => undefined);
    },
  };
}
