import { formatDate } from "#core/format";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { useMarkNotificationsRead, useNotifications } from "../api/get-notifications";

/** The user's recent alerts on the Watchlists page (the top bar's bell shows them on wide screens). */
export function NotificationsCard() {
  const query = useNotifications({ enabled: true });
  const markRead = useMarkNotificationsRead();
  const items = query.data?.notifications ?? [];
  const unread = query.data?.unread ?? 0;
  return (
    <Card data-testid="notifications-card">
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>Alerts</CardTitle>
          <CardDescription>{unread > 0 ? `${unread} unread` : "All read"}</CardDescription>
        </div>
        {unread > 0 ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => markRead.mutate(undefined)}
            disabled={markRead.isPending}
          >
            Mark all read
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No alerts yet.</p>
        ) : (
          <ul className="flex max-h-72 flex-col gap-2 overflow-auto">
            {items.slice(0, 20).map((n) => (
              <li key={n.id} className={n.read ? "text-muted-foreground" : "font-medium"}>
                <p className="text-sm">{n.title}</p>
                <p className="text-xs font-normal text-muted-foreground">{formatDate(n.createdAt)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
