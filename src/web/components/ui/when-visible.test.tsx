// @vitest-environment jsdom
import "../../testing/dom";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WhenVisible } from "./when-visible";

/**
 * jsdom has no layout, so no IntersectionObserver: a stand-in records what is observed and lets the
 * test say when it comes into view, as the browser would on scrolling.
 */
class FakeObserver {
  static all: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const view = () =>
  render(
    <WhenVisible placeholder={<div data-testid="placeholder" style={{ height: 240 }} />}>
      <p>The chart</p>
    </WhenVisible>,
  );

describe("WhenVisible", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.all = [];
  });

  it("holds the place until it comes within reach of the viewport, then renders its children", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    view();
    expect(screen.getByTestId("placeholder")).toBeInTheDocument();
    expect(screen.queryByText("The chart")).not.toBeInTheDocument();
    const [observer] = FakeObserver.all;
    expect(observer!.observed).toEqual([screen.getByTestId("deferred")]);
    expect(observer!.options?.rootMargin).toMatch(/^\d+px/);
    act(() => observer!.enter(false));
    expect(screen.queryByText("The chart")).not.toBeInTheDocument();
    act(() => observer!.enter(true));
    expect(screen.getByText("The chart")).toBeInTheDocument();
    expect(screen.queryByTestId("placeholder")).not.toBeInTheDocument();
    expect(observer!.disconnected).toBe(true);
  });

  it("renders everything before printing (Download PDF), in view or not", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    view();
    expect(screen.queryByText("The chart")).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    expect(screen.getByText("The chart")).toBeInTheDocument();
  });

  it("renders at once where IntersectionObserver does not exist", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    view();
    expect(screen.getByText("The chart")).toBeInTheDocument();
    expect(screen.queryByTestId("placeholder")).not.toBeInTheDocument();
  });
});
