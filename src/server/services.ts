import { createGoogleVerifier, type GoogleVerifier } from "./auth/google-verifier";
import { createSessionService, type SessionService } from "./auth/session-service";
import type { AppConfig } from "./config";
import type { Database } from "./db/database";
import { createQuotaService, type QuotaService } from "./quota/quota-service";

/** Every service, wired in one short place (conventions §4). */
export interface Services {
  sessions: SessionService;
  google: GoogleVerifier;
  quota: QuotaService;
}

export function createServices(config: AppConfig, database: Database, now: () => Date): Services {
  const { db } = database;
  return {
    sessions: createSessionService({
      db,
      adminEmails: config.adminEmails,
      ttlMs: config.sessionTtlDays * 86_400_000,
      now,
    }),
    google: createGoogleVerifier({ clientId: config.googleClientId, certsFile: config.googleCertsFile }),
    quota: createQuotaService({
      db,
      now,
      limits: {
        anonymous: config.anonReportLimit,
        anonymousPerIp: config.anonIpDailyLimit,
        user: config.userDailyReportLimit,
      },
    }),
  };
}
