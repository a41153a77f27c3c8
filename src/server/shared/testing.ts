import crypto from "node:crypto";
import { Redis } from "ioredis";

/** Tests that need Redis run when REDIS_URL is set (CI) and are skipped, saying so, otherwise. */
export const TEST_REDIS_URL = process.env.REDIS_URL || undefined;
export const NEEDS_REDIS = TEST_REDIS_URL ? "" : " [skipped: set REDIS_URL to run]";

/** A key prefix of its own per test file, so test files running in parallel never share keys. */
export function testRedisPrefix(name: string): string {
  return `test:${name}:${crypto.randomBytes(4).toString("hex")}:`;
}

/** Deletes every key under `prefix` (after a test file). */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    await redis.quit();
  }
}
