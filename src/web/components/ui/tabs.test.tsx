// @vitest-environment jsdom
import "../../testing/dom";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

function Example() {
  const [tab, setTab] = useState("one");
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList aria-label="Views">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one" forceMount hidden={tab !== "one"}>
        <input aria-label="Kept" />
      </TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="three">Third panel</TabsContent>
    </Tabs>
  );
}

describe("Tabs", () => {
  it("selects by click and by the arrow keys, Home and End, with one tab in the Tab order", () => {
    render(<Example />);
    const [one, two, three] = screen.getAllByRole("tab");
    expect(one).toHaveAttribute("aria-selected", "true");
    expect(one).toHaveAttribute("tabindex", "0");
    expect(two).toHaveAttribute("tabindex", "-1");
    expect(screen.getByRole("tabpanel", { name: "One" })).toBeVisible();
    fireEvent.click(two!);
    expect(two).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Two" })).toHaveTextContent("Second panel");
    act(() => two!.focus());
    fireEvent.keyDown(two!, { key: "ArrowRight" });
    expect(three).toHaveFocus();
    expect(three).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(three!, { key: "ArrowRight" });
    expect(one).toHaveFocus();
    fireEvent.keyDown(one!, { key: "ArrowLeft" });
    expect(three).toHaveFocus();
    fireEvent.keyDown(three!, { key: "Home" });
    expect(one).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(one!, { key: "End" });
    expect(three).toHaveAttribute("aria-selected", "true");
  });

  it("keeps a forced panel mounted and hidden, and mounts the others only while selected", () => {
    render(<Example />);
    fireEvent.change(screen.getByRole("textbox", { name: "Kept" }), { target: { value: "typed" } });
    fireEvent.click(screen.getByRole("tab", { name: "Two" }));
    expect(screen.queryByText("Third panel")).not.toBeInTheDocument();
    expect(screen.queryByRole("tabpanel", { name: "One" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("tab", { name: "One" }));
    expect(screen.getByRole("textbox", { name: "Kept" })).toHaveValue("typed");
    expect(screen.queryByText("Second panel")).not.toBeInTheDocument();
    const panel = screen.getByRole("tabpanel", { name: "One" });
    expect(panel).toHaveAttribute("aria-labelledby", screen.getByRole("tab", { name: "One" }).id);
  });
});
