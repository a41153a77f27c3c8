import type { Platform } from "./platforms";

/**
 * Issue 22: up to four creators side by side. Apart from the compare schemas (schemas/compare.ts), so
 * that a page which only offers "Compare" (the report page's toggle and tray) does not build them.
 */
export const COMPARE_MAX = 4;

export interface CompareTarget {
  platform: Platform;
  username: string;
}
