import { toast } from "sonner";

/** Spec §9: the popup-blocked toast comes 500 ms later. */
export const POPUP_FALLBACK_DELAY_MS = 500;

/**
 * Opens a report in a new tab (spec §2). A blocked popup is logged, and 500 ms later a
 * 'Report Ready' toast offers an 'Open Report' button (a click, so the browser allows it).
 * Returns whether the tab opened.
 */
export function openReportInNewTab(url: string, username: string): boolean {
  const opened = window.open(url, "_blank");
  if (opened) {
    // The report does not need to reach back into this page.
    try {
      opened.opener = null;
    } catch {
      // Some browsers refuse the assignment; the tab is open all the same.
    }
    return true;
  }
  console.info(`The browser blocked the new tab for @${username}; offering a button instead.`);
  window.setTimeout(() => {
    toast("Report Ready", {
      description: `Click to view @${username} report`,
      action: {
        label: "Open Report",
        onClick: () => {
          if (!window.open(url, "_blank")) window.location.assign(url);
        },
      },
    });
  }, POPUP_FALLBACK_DELAY_MS);
  return false;
}
