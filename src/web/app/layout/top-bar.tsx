import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { ThemeToggle } from "../../components/theme/theme-toggle";
import { paths } from "../../config/paths";
import { SignInControl, useSession } from "../../features/auth";
import { cn } from "../../lib/utils";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { topNavItems, useCurrentNavHref } from "./nav-items";

// Only signed-in users see the bell, and its popover (floating-ui) is not needed for the first paint:
// it loads in its own chunk (initial JS budget, issue #25).
const NotificationBell = lazy(async () => ({
  default: (await import("../../features/watchlists/components/notification-bell")).NotificationBell,
}));

// The workspace switcher (issue #37) is for signed-in users only, and so is its chunk.
const WorkspaceSwitcher = lazy(async () => ({
  default: (await import("../../features/workspaces/components/workspace-switcher")).WorkspaceSwitcher,
}));

export interface TopBarProps {
  brandName: string;
  googleClientId: string | null;
}

/**
 * Spec §2 top bar, one row at every width: the links in a row from the `lg` breakpoint (1024 px),
 * where they fit beside the controls even for a signed-in admin (tighter link padding below `xl`);
 * below it they are in the drawer (menu button). Nothing in the bar wraps: the brand name gives way
 * first (decision 011).
 */
export function TopBar({ brandName, googleClientId }: TopBarProps) {
  const { isAuthenticated, reportsRemaining, signingOut } = useSession();
  const items = topNavItems({ isAuthenticated });
  const current = useCurrentNavHref(items);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-4 xl:px-6">
        <MobileNav
          brandName={brandName}
          isAuthenticated={isAuthenticated}
          reportsRemaining={reportsRemaining}
        />
        <Logo brandName={brandName} className="min-w-0 text-base sm:text-lg" />
        <nav aria-label="Main" className="ml-1 hidden shrink-0 lg:block xl:ml-4">
          <ul className="flex items-center gap-0.5">
            {items.map((item) => {
              const active = item.href === current;
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "block whitespace-nowrap rounded-md px-1 py-2 text-sm xl:px-2.5 font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      active && "bg-accent text-foreground",
                    )}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 xl:gap-2">
          {isAuthenticated ? (
            // One icon from xl (the bar has no room for the whole switcher: the e2e screens-fit test);
            // below lg the drawer holds the whole switcher, and the workspace page always does.
            <div className="hidden xl:block">
              <Suspense fallback={null}>
                <WorkspaceSwitcher compact />
              </Suspense>
            </div>
          ) : null}
          {isAuthenticated && reportsRemaining !== null ? (
            <span
              className="hidden whitespace-nowrap rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground sm:inline"
              data-testid="reports-left"
            >
              Reports: {reportsRemaining} left
            </span>
          ) : null}
          {/* From xl, where the links sit in the bar too; below it the Watchlists page lists the alerts
              (the brand name keeps its room beside the drawer button, decision 011). */}
          {isAuthenticated ? (
            <div className="hidden xl:block">
              <Suspense fallback={null}>
                <NotificationBell watchlistsHref={paths.watchlists()} polling={!signingOut} />
              </Suspense>
            </div>
          ) : null}
          <ThemeToggle />
          <SignInControl googleClientId={googleClientId} />
        </div>
      </div>
    </header>
  );
}
