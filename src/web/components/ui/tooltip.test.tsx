// @vitest-environment jsdom
import "../../testing/dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

function Mark({ name, tip }: { name: string; tip: string }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button type="button">{name}</button>
      </TooltipTrigger>
      <TooltipContent>{tip}</TooltipContent>
    </Tooltip>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("Tooltip", () => {
  it("opens on focus at once, describes its trigger, and closes on blur and on Escape", () => {
    render(<Mark name="Followers" tip="Counted from the profile" />);
    const button = screen.getByRole("button", { name: "Followers" });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    act(() => button.focus());
    expect(screen.getByRole("tooltip")).toHaveTextContent("Counted from the profile");
    expect(button).toHaveAccessibleDescription("Counted from the profile");
    act(() => button.blur());
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    expect(button).not.toHaveAttribute("aria-describedby");
    act(() => button.focus());
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("opens on hover after its delay, not on a touch, and closes when the pointer leaves", () => {
    vi.useFakeTimers();
    render(<Mark name="Grade" tip="From five sub-scores" />);
    const button = screen.getByRole("button", { name: "Grade" });
    fireEvent.pointerMove(button, { pointerType: "touch" });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    fireEvent.pointerMove(button, { pointerType: "mouse" });
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.getByRole("tooltip")).toHaveTextContent("From five sub-scores");
    // Moving onto the tooltip itself keeps it open; leaving that closes it.
    fireEvent.pointerLeave(button, { pointerType: "mouse" });
    fireEvent.pointerEnter(screen.getByRole("tooltip"));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByRole("tooltip")).toBeInTheDocument();
    fireEvent.pointerLeave(screen.getByRole("tooltip"));
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("shows one tooltip at a time, and a press on the trigger closes it without the focus reopening it", () => {
    render(
      <>
        <Mark name="First" tip="one" />
        <Mark name="Second" tip="two" />
      </>,
    );
    act(() => screen.getByRole("button", { name: "First" }).focus());
    expect(screen.getByRole("tooltip")).toHaveTextContent("one");
    act(() => screen.getByRole("button", { name: "Second" }).focus());
    expect(screen.getAllByRole("tooltip")).toHaveLength(1);
    expect(screen.getByRole("tooltip")).toHaveTextContent("two");
    const first = screen.getByRole("button", { name: "First" });
    fireEvent.pointerDown(first);
    act(() => first.focus());
    expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
  });

  it("keeps the trigger's own handlers and ref", () => {
    const clicked = vi.fn();
    let node: HTMLButtonElement | null = null;
    render(
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            onClick={clicked}
            ref={(el) => {
              node = el;
            }}
          >
            Why
          </button>
        </TooltipTrigger>
        <TooltipContent>Because</TooltipContent>
      </Tooltip>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Why" }));
    expect(clicked).toHaveBeenCalledOnce();
    expect(node).toBe(screen.getByRole("button", { name: "Why" }));
  });
  it("closes when the page scrolls, and sits beside its trigger, flipped when its side has no room", () => {
    // jsdom has no layout: a trigger 20 px high near the window's top-left corner, a 120 × 40 tooltip.
    const rect = (left: number, top: number, width: number, height: number) =>
      ({ left, top, width, height, right: left + width, bottom: top + height, x: left, y: top }) as DOMRect;
    const spy = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute("role") === "tooltip" ? rect(0, 0, 120, 40) : rect(10, 2, 60, 20);
    });
    try {
      render(
        <Tooltip>
          <TooltipTrigger asChild>
            <button type="button">Above</button>
          </TooltipTrigger>
          <TooltipContent>No room above</TooltipContent>
        </Tooltip>,
      );
      const button = screen.getByRole("button", { name: "Above" });
      act(() => button.focus());
      // "top" has no room above a trigger 2 px from the top: below it, 6 px away, kept 4 px from the left edge.
      const tip = screen.getByRole("tooltip");
      expect(tip.style.top).toBe("28px");
      expect(tip.style.left).toBe("4px");
      expect(tip.style.visibility).toBe("visible");
      fireEvent.scroll(window);
      expect(screen.queryByRole("tooltip")).not.toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });
});
