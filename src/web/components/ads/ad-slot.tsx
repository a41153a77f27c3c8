import { useEffect, useRef, useState } from "react";
import { type AdsByGoogle, adSenseScriptReady, loadAdSenseScript } from "../../lib/adsense";
import { cn } from "../../lib/utils";

/** Spec §4/§9: wait 200 ms, poll every 100 ms for the ad script up to 15 s, check the ad 5 s after asking. */
export const AD_START_DELAY_MS = 200;
export const AD_POLL_INTERVAL_MS = 100;
export const AD_SCRIPT_TIMEOUT_MS = 15_000;
export const AD_CHECK_DELAY_MS = 5_000;
/** Spec §2/§9: the slot is at least 250 px high. */
export const AD_MIN_HEIGHT_PX = 250;

export type AdSlotState =
  | "waiting" // the 200 ms before looking for the script
  | "polling" // looking for the script every 100 ms
  | "requested" // one ad asked for
  | "filled" // the network put an ad in the slot
  | "unfilled" // the network had no ad for it
  | "no-response" // 5 s after asking, the network had not marked the slot
  | "timeout" // no script after 15 s (blocked or offline)
  | "error"; // asking for the ad failed

export interface AdSlotStatus {
  state: AdSlotState;
  /** Internal diagnostic text (never shown on the page). */
  message: string;
}

const MESSAGES: Record<Exclude<AdSlotState, "error">, string> = {
  waiting: "Waiting before looking for the ad script",
  polling: "Waiting for the ad script to load",
  requested: "Ad requested",
  filled: "Ad loaded",
  unfilled: "The ad network had no ad for this slot",
  "no-response": "The ad network has not filled the slot yet",
  timeout: `The ad script did not load within ${AD_SCRIPT_TIMEOUT_MS / 1000} s (blocked or offline)`,
};

export interface AdSlotProps {
  /** config.adsenseClientId: without one nothing renders and nothing loads. */
  clientId: string | null | undefined;
  className?: string;
  /** Debug hook: every status change of the slot (also on the element as data-ad-state / data-ad-message). */
  onStatus?: (status: AdSlotStatus) => void;
}

/** The advertisement slot of spec §2 ('Advertisement', at least 250 px high), only when ads are configured. */
export function AdSlot({ clientId, ...rest }: AdSlotProps) {
  if (!clientId) return null;
  return <AdUnit clientId={clientId} {...rest} />;
}

function AdUnit({ clientId, className, onStatus }: AdSlotProps & { clientId: string }) {
  const slot = useRef<HTMLModElement>(null);
  const [status, setStatus] = useState<AdSlotStatus>({ state: "waiting", message: MESSAGES.waiting });
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;

  useEffect(() => {
    loadAdSenseScript(clientId);
    let live = true;
    let timer: number | undefined;
    const report = (state: AdSlotState, message = MESSAGES[state as Exclude<AdSlotState, "error">]) => {
      if (!live) return;
      const next = { state, message };
      setStatus(next);
      onStatusRef.current?.(next);
    };
    const checkAd = () => {
      const adStatus = slot.current?.getAttribute("data-ad-status");
      report(adStatus === "filled" ? "filled" : adStatus === "unfilled" ? "unfilled" : "no-response");
    };
    const requestAd = () => {
      try {
        // The standard embed: the script reads the queue, or has replaced it with its own.
        const ads: AdsByGoogle = window.adsbygoogle ?? ([] as object[]);
        window.adsbygoogle = ads;
        ads.push({});
      } catch (error) {
        report(
          "error",
          `The ad could not be requested: ${error instanceof Error ? error.message : String(error)}`,
        );
        return;
      }
      report("requested");
      timer = window.setTimeout(checkAd, AD_CHECK_DELAY_MS);
    };
    // Polls at 200 ms, then every 100 ms; the last look is 15 s after the first.
    const maxPolls = AD_SCRIPT_TIMEOUT_MS / AD_POLL_INTERVAL_MS;
    let polls = 0;
    const poll = () => {
      if (adSenseScriptReady()) return requestAd();
      if (polls >= maxPolls) return report("timeout");
      polls += 1;
      timer = window.setTimeout(poll, AD_POLL_INTERVAL_MS);
    };
    report("waiting");
    timer = window.setTimeout(() => {
      report("polling");
      poll();
    }, AD_START_DELAY_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [clientId]);

  return (
    <section
      aria-label="Advertisement"
      className={cn("flex flex-col gap-1", className)}
      data-print="hide"
      data-testid="ad-slot"
      data-ad-state={status.state}
      data-ad-message={status.message}
    >
      <p className="text-xs uppercase tracking-wide text-muted-foreground">Advertisement</p>
      <ins
        ref={slot}
        className="adsbygoogle block w-full rounded-md bg-muted/40"
        style={{ display: "block", minHeight: AD_MIN_HEIGHT_PX }}
        data-ad-client={clientId}
        data-ad-format="auto"
        data-full-width-responsive="true"
      />
    </section>
  );
}
