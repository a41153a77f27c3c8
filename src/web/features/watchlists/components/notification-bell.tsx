import * as Popover from "@radix-ui/react-popover";
import { Bell } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { formatDate } from "#core/format";
import { Button } from "../../../components/ui/button";
import { useMarkNotificationsRead, useNotifications } from "../api/get-notifications";

export interface NotificationBellProps {
  watchlistsHref: string;
  /** False while the session is ending: the alerts are not fetched again (they would earn a 401). */
  polling: boolean;
}

/** The bell in the top bar: unread alerts with a count; opening it lists them and marks them read. */
export function NotificationBell({ watchlistsHref, polling }: NotificationBellProps) {
  const query = useNotifications({ enabled: polling });
  const markRead = useMarkNotificationsRead();
  const unread = query.data?.unread ?? 0;
  const items = query.data?.notifications ?? [];
  // The list is mounted only while open: a closed Radix popover's Presence updates state while React
  // commits the top bar (decision 049).
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && unread > 0) markRead.mutate(undefined);
      }}
    >
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        >
          <Bell aria-hidden="true" />
          {unread > 0 ? (
            <span
              className="absolute right-1 top-1 min-w-4 rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-white"
              data-testid="unread-count"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </Popover.Trigger>
      {open ? (
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            className="z-50 w-80 rounded-lg border bg-background p-3 shadow-lg"
            aria-label="Notifications"
          >
            <div className="mb-2 flex items-center justify-between">
              <p className="text-sm font-semibold">Alerts</p>
              <Popover.Close asChild>
                <Link
                  href={watchlistsHref}
                  className="text-xs text-primary underline-offset-2 hover:underline"
                >
                  Watchlists
                </Link>
              </Popover.Close>
            </div>
            {items.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No alerts yet. Watch accounts and add alert rules on your watchlists.
              </p>
            ) : (
              <ul className="flex max-h-96 flex-col gap-2 overflow-auto">
                {items.map((n) => (
                  <li key={n.id} className={n.read ? "text-muted-foreground" : ""}>
                    <p className="text-sm">{n.title}</p>
                    <p className="text-xs text-muted-foreground">{formatDate(n.createdAt)}</p>
                  </li>
                ))}
              </ul>
            )}
          </Popover.Content>
        </Popover.Portal>
      ) : null}
    </Popover.Root>
  );
}
