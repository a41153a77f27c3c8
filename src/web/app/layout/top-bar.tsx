import { Link, useLocation } from "wouter";
import { ThemeToggle } from "../../components/theme/theme-toggle";
import { SignInControl, useSession } from "../../features/auth";
import { cn } from "../../lib/utils";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { isActivePath, topNavItems } from "./nav-items";

export interface TopBarProps {
  brandName: string;
  googleClientId: string | null;
}

export function TopBar({ brandName, googleClientId }: TopBarProps) {
  const { isAuthenticated, reportsRemaining } = useSession();
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
        <MobileNav
          brandName={brandName}
          isAuthenticated={isAuthenticated}
          reportsRemaining={reportsRemaining}
        />
        <Logo brandName={brandName} className="min-w-0 text-base sm:text-lg" />
        <nav aria-label="Main" className="ml-6 hidden md:block">
          <ul className="flex items-center gap-1">
            {topNavItems({ isAuthenticated }).map((item) => {
              const active = isActivePath(item.href, location);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
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
        <div className="ml-auto flex items-center gap-2">
          {isAuthenticated && reportsRemaining !== null ? (
            <span
              className="hidden rounded-full bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground sm:inline"
              data-testid="reports-left"
            >
              Reports: {reportsRemaining} left
            </span>
          ) : null}
          <ThemeToggle />
          <SignInControl googleClientId={googleClientId} />
        </div>
      </div>
    </header>
  );
}
