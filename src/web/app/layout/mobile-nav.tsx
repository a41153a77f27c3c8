import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "../../components/ui/sheet";
import { cn } from "../../lib/utils";
import { drawerNavItems, useCurrentNavHref } from "./nav-items";

// Issue #37: the workspace switcher below md (the top bar has it from md); its chunk loads with the drawer.
const WorkspaceSwitcher = lazy(async () => ({
  default: (await import("../../features/workspaces/components/workspace-switcher")).WorkspaceSwitcher,
}));

export interface MobileNavProps {
  brandName: string;
  isAuthenticated: boolean;
  reportsRemaining: number | null;
}

/**
 * The side drawer below the `lg` breakpoint (1024 px), where the top bar has no room for its links (Radix
 * Dialog: focus trap, Escape closes, focus returns). It adds Home, About, Privacy and Terms (spec §2).
 */
export function MobileNav({ brandName, isAuthenticated, reportsRemaining }: MobileNavProps) {
  const [open, setOpen] = useState(false);
  const items = drawerNavItems({ isAuthenticated });
  const current = useCurrentNavHref(items);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="shrink-0 lg:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent>
        <SheetTitle className="pr-8 text-lg font-bold">{brandName}</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Menu">
          <ul className="flex flex-col gap-1">
            {items.map((item) => {
              const active = item.href === current;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    onClick={() => setOpen(false)}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "block rounded-md px-3 py-2 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      active && "bg-accent",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {isAuthenticated ? (
          <div>
            <Suspense fallback={null}>
              <WorkspaceSwitcher />
            </Suspense>
          </div>
        ) : null}
        {isAuthenticated && reportsRemaining !== null ? (
          <p className="mt-auto text-sm text-muted-foreground">Reports: {reportsRemaining} left</p>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
