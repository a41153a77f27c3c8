import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { formatDate, formatFollowers } from "#core/format";
import type { Cadence, WatchlistDetail } from "#core/schemas/growth";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import { ModelFiguresMarker } from "../../../components/results/model-figures-marker";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { ViewerHint } from "../../../components/ui/viewer-hint";
import { useActingWorkspace } from "../../../lib/workspace";
import { useWatchlist } from "../api/get-watchlist";
import { useWatchlists } from "../api/get-watchlists";
import {
  createWatchlist,
  deleteWatchlist,
  removeWatchedAccount,
  useWatchlistMutation,
} from "../api/mutations";
import { AlertRules } from "./alert-rules";
import { ImportHistoryButton } from "./import-history-button";
import { Sparkline } from "./sparkline";

const pct = (v: number | undefined | null) =>
  v === undefined || v === null ? "—" : `${v > 0 ? "+" : v < 0 ? "−" : "±"}${Math.abs(v).toFixed(1)}%`;

export interface WatchlistsViewProps {
  /** The list shown (from the address), or null for the first. */
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  reportHref: (username: string, platform: Platform) => string;
}

/** The Watchlists page: lists, their accounts with sparkline and changes, alert rules and the delivery log. */
export function WatchlistsView({ selectedId, onSelect, reportHref }: WatchlistsViewProps) {
  const lists = useWatchlists();
  const [name, setName] = useState("");
  const { canWrite } = useActingWorkspace();
  const [cadence, setCadence] = useState<Cadence>("weekly");
  const create = useWatchlistMutation(createWatchlist, "Could not create the watchlist");
  const current = selectedId ?? lists.data?.[0]?.id ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), cadence },
      {
        onSuccess: (list) => {
          setName("");
          onSelect(list.id);
        },
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
      <aside className="flex flex-col gap-4">
        {lists.isPending ? <Spinner label="Loading watchlists" /> : null}
        {lists.data && lists.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No watchlists yet. Create one here, or press "Watch" on any report.
          </p>
        ) : null}
        <nav aria-label="Watchlists">
          <ul className="flex flex-col gap-1">
            {lists.data?.map((l) => (
              <li key={l.id}>
                <button
                  type="button"
                  onClick={() => onSelect(l.id)}
                  aria-current={l.id === current ? "page" : undefined}
                  className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-accent aria-[current=page]:bg-accent aria-[current=page]:font-semibold"
                >
                  {l.name}
                  <span className="block text-xs text-muted-foreground">
                    {l.accounts} accounts · {l.cadence} · {l.rules} alert rules
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        {canWrite ? (
          <form
            onSubmit={submit}
            className="flex flex-col gap-2 rounded-md border p-3"
            aria-label="New watchlist"
          >
            <Label htmlFor="new-list-name">New watchlist</Label>
            <Input
              id="new-list-name"
              placeholder="Name"
              value={name}
              maxLength={100}
              required
              onChange={(e) => setName(e.target.value)}
            />
            <NativeSelect
              aria-label="Refresh cadence"
              value={cadence}
              onChange={(e) => setCadence(e.target.value as Cadence)}
            >
              <option value="daily">Refresh daily</option>
              <option value="weekly">Refresh weekly</option>
            </NativeSelect>
            <Button type="submit" size="sm" disabled={create.isPending}>
              Create
            </Button>
          </form>
        ) : (
          <ViewerHint />
        )}
      </aside>
      {current ? (
        <WatchlistPanel
          id={current}
          reportHref={reportHref}
          onDeleted={() => onSelect(null)}
          canWrite={canWrite}
        />
      ) : null}
    </div>
  );
}

function WatchlistPanel({
  id,
  reportHref,
  onDeleted,
  canWrite,
}: {
  id: string;
  reportHref: WatchlistsViewProps["reportHref"];
  onDeleted: () => void;
  /** False for a viewer: no delete, unwatch, history import or rule controls (issue #37). */
  canWrite: boolean;
}) {
  const query = useWatchlist(id);
  const remove = useWatchlistMutation(deleteWatchlist, "Could not delete the watchlist");
  const unwatch = useWatchlistMutation(removeWatchedAccount, "Could not remove the account");
  if (query.isPending) return <Spinner label="Loading watchlist" />;
  if (query.isError) return <p role="alert">{query.error.message}</p>;
  const list = query.data;
  return (
    <div className="flex flex-col gap-6" data-testid="watchlist-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold">{list.name}</h2>
          <p className="text-sm text-muted-foreground">
            Refreshed {list.cadence} in the background, within each platform's pace.
          </p>
        </div>
        {canWrite ? (
          <Button
            variant="outline"
            size="sm"
            onClick={() => remove.mutate(id, { onSuccess: onDeleted })}
            disabled={remove.isPending}
          >
            <Trash2 aria-hidden="true" />
            Delete list
          </Button>
        ) : null}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Accounts</CardTitle>
        </CardHeader>
        <CardContent>
          {list.accounts.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Open a report and press "Watch" to add an account.
            </p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Account</TableHead>
                  <TableHead>Followers</TableHead>
                  <TableHead>Trend</TableHead>
                  <TableHead>7 days</TableHead>
                  <TableHead>30 days</TableHead>
                  <TableHead>Engagement</TableHead>
                  <TableHead>Grade</TableHead>
                  <TableHead>Updated</TableHead>
                  {canWrite ? (
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  ) : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.accounts.map((a) => (
                  <TableRow key={`${a.platform}:${a.username}`}>
                    <TableCell>
                      <a className="font-medium hover:underline" href={reportHref(a.username, a.platform)}>
                        @{a.username}
                      </a>
                      <span className="block text-xs text-muted-foreground">
                        {PLATFORM_LABELS[a.platform]}
                      </span>
                      <ModelFiguresMarker show={a.modelFigures} />
                    </TableCell>
                    <TableCell>{formatFollowers(a.followers)}</TableCell>
                    <TableCell>
                      <Sparkline
                        values={a.sparkline}
                        label={`Followers of @${a.username}, last ${a.sparkline.length} points`}
                      />
                    </TableCell>
                    <TableCell>{pct(a.change.days7?.followersPct)}</TableCell>
                    <TableCell>{pct(a.change.days30?.followersPct)}</TableCell>
                    <TableCell>
                      {a.engagementRate === null ? "—" : `${a.engagementRate.toFixed(2)}%`}
                    </TableCell>
                    <TableCell>{a.grade ?? "—"}</TableCell>
                    <TableCell>{formatDate(a.lastUpdated)}</TableCell>
                    {canWrite ? (
                      <TableCell className="flex items-center gap-1">
                        <ImportHistoryButton platform={a.platform} username={a.username} />
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Stop watching @${a.username}`}
                          onClick={() => unwatch.mutate({ id, platform: a.platform, username: a.username })}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <AlertRules list={list} canWrite={canWrite} />
      <DeliveryLog list={list} />
    </div>
  );
}

function DeliveryLog({ list }: { list: WatchlistDetail }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Delivery log</CardTitle>
      </CardHeader>
      <CardContent>
        {list.deliveries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No alerts sent yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Alert</TableHead>
                <TableHead>Channel</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.deliveries.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{formatDate(d.createdAt)}</TableCell>
                  <TableCell>{d.message}</TableCell>
                  <TableCell>{d.channel}</TableCell>
                  <TableCell>
                    {d.status}
                    {d.attempts > 1 ? ` after ${d.attempts} attempts` : ""}
                    {d.lastError && d.status !== "delivered" ? (
                      <span className="block text-xs text-muted-foreground">{d.lastError}</span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
