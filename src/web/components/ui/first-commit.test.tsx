// @vitest-environment jsdom
import "../../testing/dom";
import { render } from "@testing-library/react";
import { Profiler } from "react";
import { describe, expect, it } from "vitest";
import { Dialog, DialogContent, DialogTitle } from "./dialog";
import { Sheet, SheetContent, SheetTitle } from "./sheet";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip";

// Decision 049: mounting a page must not schedule a synchronous render of its own while React commits
// it. Radix's tooltip (its trigger kept in state from a ref), a closed Radix dialog and Radix's tab
// panels (Presence) each did, which ran the page's effects and a second render in the same long task.
describe("the parts of a page's first render", () => {
  it("twenty tooltips, a closed dialog and sheet, and tabs with kept panels commit once", () => {
    const commits: string[] = [];
    render(
      <Profiler id="page" onRender={(_id, phase) => commits.push(phase)}>
        {Array.from({ length: 20 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
          <Tooltip key={i}>
            <TooltipTrigger asChild>
              <button type="button">Mark {i}</button>
            </TooltipTrigger>
            <TooltipContent>Tip {i}</TooltipContent>
          </Tooltip>
        ))}
        <Dialog open={false}>
          <DialogContent>
            <DialogTitle>Sign in</DialogTitle>
          </DialogContent>
        </Dialog>
        <Sheet>
          <SheetContent>
            <SheetTitle>Menu</SheetTitle>
          </SheetContent>
        </Sheet>
        <Tabs value="a" onValueChange={() => {}}>
          <TabsList>
            <TabsTrigger value="a">A</TabsTrigger>
            <TabsTrigger value="b">B</TabsTrigger>
          </TabsList>
          <TabsContent value="a" forceMount>
            Panel A
          </TabsContent>
          <TabsContent value="b" forceMount hidden>
            Panel B
          </TabsContent>
        </Tabs>
      </Profiler>,
    );
    expect(commits).toEqual(["mount"]);
  });
});
