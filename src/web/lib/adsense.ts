/**
 * The AdSense script, shared by the ad slot (components/ads) and the ad diagnostics page. It is
 * loaded only when the server has an AdSense client id (ADSENSE_CLIENT_ID → GET /api/config
 * `adsenseClientId`); the CSP opens the ad hosts only then.
 */

export const ADSENSE_SCRIPT_HOST = "pagead2.googlesyndication.com";
export const ADSENSE_SCRIPT_URL = `https://${ADSENSE_SCRIPT_HOST}/pagead/js/adsbygoogle.js`;

/** What the AdSense script leaves on window: the ad queue, marked `loaded` once the script runs. */
export type AdsByGoogle = { push: (ad: object) => unknown; loaded?: boolean };

declare global {
  interface Window {
    adsbygoogle?: AdsByGoogle;
  }
}

function scriptElement(): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>(`script[src^="${ADSENSE_SCRIPT_URL}"]`);
}

/** Adds the AdSense script to the page once (later calls do nothing). */
export function loadAdSenseScript(clientId: string): void {
  if (scriptElement()) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = `${ADSENSE_SCRIPT_URL}?client=${encodeURIComponent(clientId)}`;
  script.crossOrigin = "anonymous";
  script.addEventListener("load", () => {
    script.dataset.loaded = "true";
  });
  document.head.appendChild(script);
}

/** True once the AdSense script has run (its queue says so, or its element has loaded). */
export function adSenseScriptReady(): boolean {
  return window.adsbygoogle?.loaded === true || scriptElement()?.dataset.loaded === "true";
}
