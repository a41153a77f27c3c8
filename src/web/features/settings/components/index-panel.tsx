import { type FormEvent, useId, useState } from "react";
import { ORIGIN_LABELS } from "#core/schemas/account-origin";
import {
  CRAWL_DEPTH_MAX,
  type CrawlJob,
  type IndexPanel as IndexPanelData,
} from "#core/schemas/index-growth";
import { PLATFORM_LABELS, type Platform, platformSchema } from "#core/schemas/platform";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PlatformOptions } from "../../../components/ui/platform-options";
import { Spinner } from "../../../components/ui/spinner";
import { Table, TableBody, TableCell, TableColumnsHeader } from "../../../components/ui/table";
import { useCrawl, useIndexPanel, useStartCrawl } from "../api/index-panel";

const DEPTHS = Array.from({ length: CRAWL_DEPTH_MAX }, (_, i) => String(i + 1));

const n = (v: number) => v.toLocaleString("en-US");

function crawlLine(job: CrawlJob): string {
  return `${PLATFORM_LABELS[job.platform]} from ${job.seeds.map((s) => `@${s}`).join(", ")} (depth ${job.depth}): ${job.state} — level ${job.depthReached}, ${n(job.found)} found, ${n(job.added)} added, ${n(job.alreadyKnown)} already known. ${job.message}`;
}

function Figures({ data }: { data: IndexPanelData }) {
  const total = data.growthPerDay.reduce((sum, d) => sum + d.added, 0);
  const max = Math.max(1, ...data.growthPerDay.map((d) => d.added));
  return (
    <div className="flex flex-col gap-5">
      <section aria-label="Accounts by platform and origin">
        <h3 className="mb-2 font-medium">Accounts</h3>
        <Table>
          <TableColumnsHeader columns={["Platform", "Origin", "Accounts", "Full reports"]} />
          <TableBody>
            {data.accounts.map((r) => (
              <tr key={`${r.platform}:${r.origin}`} data-testid="index-origin-row">
                <TableCell>{PLATFORM_LABELS[r.platform]}</TableCell>
                <TableCell>{ORIGIN_LABELS[r.origin]}</TableCell>
                <TableCell className="tabular-nums">{n(r.count)}</TableCell>
                <TableCell className="tabular-nums">{n(r.fullReports)}</TableCell>
              </tr>
            ))}
          </TableBody>
        </Table>
      </section>
      <section aria-label="Growth per day">
        <h3 className="mb-2 font-medium">Growth, last 30 days: {n(total)} new accounts</h3>
        <ol className="flex h-16 items-end gap-0.5" aria-label="New accounts per day">
          {data.growthPerDay.map((d) => (
            <li
              key={d.day}
              title={`${d.day}: ${n(d.added)}`}
              aria-label={`${d.day}: ${n(d.added)} new`}
              className="flex-1 rounded-sm bg-primary/70"
              style={{ height: `${Math.max(2, (d.added / max) * 100)}%` }}
            />
          ))}
        </ol>
      </section>
      <section aria-label="Budgets today">
        <h3 className="mb-2 font-medium">Budgets today</h3>
        <ul className="flex flex-col gap-1 text-sm">
          {data.budgets.map((b) => (
            <li key={b.name} data-testid={`budget-${b.name}`}>
              {b.label}: {b.limit === 0 ? "off" : `${n(b.used)} of ${n(b.limit)} used`}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Growth queue">
        <h3 className="mb-2 font-medium">Growth queue</h3>
        <p className="text-sm" data-testid="growth-queue">
          {n(data.queue.waiting)} waiting · {n(data.queue.read)} read · {n(data.queue.known)} already known ·{" "}
          {n(data.queue.failed)} could not be read
        </p>
      </section>
      <section aria-label="Last crawls">
        <h3 className="mb-2 font-medium">Last crawls</h3>
        {data.crawls.length === 0 ? (
          <p className="text-sm text-muted-foreground">No crawls yet.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {data.crawls.map((c) => (
              <li key={c.jobId}>{crawlLine(c)}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CrawlForm() {
  const id = useId();
  const [platform, setPlatform] = useState<Platform>("youtube");
  const [seeds, setSeeds] = useState("");
  const [depth, setDepth] = useState("2");
  const [maxAccounts, setMaxAccounts] = useState("100");
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartCrawl();
  const crawl = useCrawl(jobId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate(
      {
        platform,
        seeds: seeds
          .split(/[\s,]+/)
          .map((s) => s.trim())
          .filter(Boolean),
        depth: Number(depth),
        maxAccounts: Number(maxAccounts),
      },
      { onSuccess: (r) => setJobId(r.jobId) },
    );
  };
  return (
    <form aria-label="Crawl from seeds" onSubmit={submit} className="flex flex-col gap-3">
      <h3 className="font-medium">Crawl outward from seed accounts</h3>
      <div className="grid gap-3 sm:grid-cols-4">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-platform`}>Platform</Label>
          <NativeSelect
            id={`${id}-platform`}
            value={platform}
            onChange={(e) => setPlatform(platformSchema.parse(e.target.value))}
          >
            <PlatformOptions />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1 sm:col-span-3">
          <Label htmlFor={`${id}-seeds`}>Seed usernames</Label>
          <Input
            id={`${id}-seeds`}
            value={seeds}
            placeholder="@creator1, @creator2"
            onChange={(e) => setSeeds(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-depth`}>Depth</Label>
          <NativeSelect id={`${id}-depth`} value={depth} onChange={(e) => setDepth(e.target.value)}>
            {DEPTHS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-max`}>Max accounts</Label>
          <Input
            id={`${id}-max`}
            type="number"
            min={1}
            max={1000}
            value={maxAccounts}
            onChange={(e) => setMaxAccounts(e.target.value)}
          />
        </div>
      </div>
      <div>
        <Button type="submit" disabled={start.isPending || seeds.trim() === ""}>
          {start.isPending ? <Spinner /> : null}
          Start crawl
        </Button>
      </div>
      {crawl.data ? (
        <p role="status" className="text-sm" data-testid="crawl-progress">
          {crawlLine(crawl.data)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Settings → Index (issue #35, admins): accounts by platform and origin, how many have full reports,
 * new accounts per day over 30 days, each budget's use today, the growth queue and the last crawls,
 * and a crawl outward from seed accounts.
 */
export function IndexPanel() {
  const panel = useIndexPanel();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Index</CardTitle>
        <CardDescription>
          The creators this server holds and where they came from. The index grows around the reports people
          make (INDEX_GROWTH_PER_DAY profiles a day) and from crawls you start here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {panel.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Spinner />
            Loading the index...
          </p>
        ) : panel.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>The index figures could not be loaded: {panel.error.message}</AlertDescription>
          </Alert>
        ) : (
          <Figures data={panel.data} />
        )}
        <CrawlForm />
      </CardContent>
    </Card>
  );
}
