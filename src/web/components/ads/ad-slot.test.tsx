// @vitest-environment jsdom
import "../../testing/dom";
import { act, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ADSENSE_SCRIPT_URL } from "../../lib/adsense";
import {
  AD_CHECK_DELAY_MS,
  AD_POLL_INTERVAL_MS,
  AD_SCRIPT_TIMEOUT_MS,
  AD_START_DELAY_MS,
  AdSlot,
  type AdSlotStatus,
} from "./ad-slot";

const CLIENT = "ca-pub-1234567890";

/** What the AdSense script leaves behind once it has run: a queue marked loaded. */
function scriptArrives() {
  const push = vi.fn();
  window.adsbygoogle = { push, loaded: true };
  return push;
}

function renderSlot() {
  const statuses: AdSlotStatus[] = [];
  const view = render(<AdSlot clientId={CLIENT} onStatus={(s) => statuses.push(s)} />);
  const slot = () => within(view.container).getByRole("region", { name: "Advertisement" });
  const state = () => slot().getAttribute("data-ad-state");
  return { ...view, statuses, slot, state };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  delete window.adsbygoogle;
  for (const script of document.querySelectorAll("script")) script.remove();
});

describe("AdSlot", () => {
  it("renders nothing and loads nothing without an AdSense client id", () => {
    const { container } = render(<AdSlot clientId={null} />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector("script")).toBeNull();
    vi.advanceTimersByTime(AD_SCRIPT_TIMEOUT_MS * 2);
    expect(window.adsbygoogle).toBeUndefined();
  });

  it("is labelled 'Advertisement', at least 250 px high, and loads the ad script once", () => {
    const { slot } = renderSlot();
    render(<AdSlot clientId={CLIENT} />);
    expect(screen.getAllByText("Advertisement")).toHaveLength(2);
    const ins = slot().querySelector("ins.adsbygoogle") as HTMLElement;
    expect(ins).toHaveAttribute("data-ad-client", CLIENT);
    expect(ins.style.minHeight).toBe("250px");
    const scripts = document.querySelectorAll(`script[src^="${ADSENSE_SCRIPT_URL}"]`);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute("src", `${ADSENSE_SCRIPT_URL}?client=${CLIENT}`);
    // The diagnostic status is data, not text a visitor reads.
    expect(slot()).toHaveTextContent(/^Advertisement$/);
  });

  it("waits 200 ms before looking for the script, even when it is already there", () => {
    const push = scriptArrives();
    const { state } = renderSlot();
    expect(state()).toBe("waiting");
    advance(AD_START_DELAY_MS - 1);
    expect(push).not.toHaveBeenCalled();
    expect(state()).toBe("waiting");
    advance(1);
    expect(push).toHaveBeenCalledTimes(1);
    expect(push).toHaveBeenCalledWith({});
    expect(state()).toBe("requested");
  });

  it("polls every 100 ms: a script that arrives at 250 ms is seen at 300 ms", () => {
    const { state, statuses } = renderSlot();
    advance(AD_START_DELAY_MS);
    expect(state()).toBe("polling");
    advance(50);
    const push = scriptArrives();
    advance(AD_POLL_INTERVAL_MS - 51);
    expect(push).not.toHaveBeenCalled();
    advance(1);
    expect(push).toHaveBeenCalledTimes(1);
    expect(state()).toBe("requested");
    expect(statuses.map((s) => s.state)).toEqual(["waiting", "polling", "requested"]);
  });

  it("also accepts a script element that has loaded, creating the ad queue itself", () => {
    const { state } = renderSlot();
    const script = document.querySelector<HTMLScriptElement>(`script[src^="${ADSENSE_SCRIPT_URL}"]`)!;
    script.dispatchEvent(new Event("load"));
    advance(AD_START_DELAY_MS);
    expect(state()).toBe("requested");
    expect(Array.from(window.adsbygoogle as unknown as object[])).toEqual([{}]);
  });

  it("checks the slot 5 s after asking: filled", () => {
    const push = scriptArrives();
    const { state, slot } = renderSlot();
    advance(AD_START_DELAY_MS);
    expect(push).toHaveBeenCalledTimes(1);
    slot().querySelector("ins")!.setAttribute("data-ad-status", "filled");
    advance(AD_CHECK_DELAY_MS - 1);
    expect(state()).toBe("requested");
    advance(1);
    expect(state()).toBe("filled");
    expect(slot()).toHaveAttribute("data-ad-message", "Ad loaded");
    // One ad per slot: nothing more is asked for.
    advance(AD_SCRIPT_TIMEOUT_MS);
    expect(push).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("checks the slot 5 s after asking: unfilled, or no answer at all", () => {
    scriptArrives();
    const first = renderSlot();
    advance(AD_START_DELAY_MS);
    first.slot().querySelector("ins")!.setAttribute("data-ad-status", "unfilled");
    advance(AD_CHECK_DELAY_MS);
    expect(first.state()).toBe("unfilled");
    first.unmount();

    const second = renderSlot();
    advance(AD_START_DELAY_MS + AD_CHECK_DELAY_MS);
    expect(second.state()).toBe("no-response");
  });

  it("gives up 15 s after it starts looking, and asks for nothing", () => {
    const { state, slot } = renderSlot();
    advance(AD_START_DELAY_MS + AD_SCRIPT_TIMEOUT_MS - 1);
    expect(state()).toBe("polling");
    advance(1);
    expect(state()).toBe("timeout");
    expect(slot().getAttribute("data-ad-message")).toMatch(/did not load within 15 s/);
    expect(vi.getTimerCount()).toBe(0);
    const push = scriptArrives();
    advance(AD_SCRIPT_TIMEOUT_MS);
    expect(push).not.toHaveBeenCalled();
  });

  it("a script that arrives at the very last look (15 s) is still used", () => {
    const { state } = renderSlot();
    advance(AD_START_DELAY_MS + AD_SCRIPT_TIMEOUT_MS - AD_POLL_INTERVAL_MS);
    const push = scriptArrives();
    advance(AD_POLL_INTERVAL_MS);
    expect(push).toHaveBeenCalledTimes(1);
    expect(state()).toBe("requested");
  });

  it("a failing ad request is reported as a status, never thrown", () => {
    window.adsbygoogle = {
      loaded: true,
      push: () => {
        throw new Error("All ins elements already have ads");
      },
    };
    const { state, slot } = renderSlot();
    advance(AD_START_DELAY_MS);
    expect(state()).toBe("error");
    expect(slot()).toHaveAttribute(
      "data-ad-message",
      "The ad could not be requested: All ins elements already have ads",
    );
  });

  it("stops its timers when it leaves the page", () => {
    const { unmount } = renderSlot();
    advance(AD_START_DELAY_MS + 3 * AD_POLL_INTERVAL_MS);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
