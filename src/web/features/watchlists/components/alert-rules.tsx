import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { ALERT_KINDS, type AlertKind, THRESHOLD_KINDS, type WatchlistDetail } from "#core/schemas/growth";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { ViewerHint } from "../../../components/ui/viewer-hint";
import { createAlertRule, deleteAlertRule, useWatchlistMutation } from "../api/mutations";

const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  followers_change: "Followers change (%)",
  engagement_change: "Engagement rate change (%)",
  grade_change: "Grade change",
  sponsored_post: "New sponsored post",
  anomaly: "Growth anomaly",
};

/** A watchlist's alert rules: editors add and delete them, a viewer only reads them (issue #37). */
export function AlertRules({ list, canWrite }: { list: WatchlistDetail; canWrite: boolean }) {
  const [kind, setKind] = useState<AlertKind>("followers_change");
  const [threshold, setThreshold] = useState("10");
  const [channel, setChannel] = useState<"webhook" | "email">("webhook");
  const [target, setTarget] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const add = useWatchlistMutation(createAlertRule, "Could not add the alert rule");
  const remove = useWatchlistMutation(deleteAlertRule, "Could not delete the alert rule");
  const needsThreshold = THRESHOLD_KINDS.includes(kind);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      {
        id: list.id,
        kind,
        ...(needsThreshold ? { threshold: Number(threshold) } : {}),
        channel:
          channel === "webhook"
            ? { type: "webhook", url: target.trim() }
            : { type: "email", to: target.trim() },
      },
      {
        onSuccess: (rule) => {
          setTarget("");
          setSecret(rule.secret ?? null);
          toast.success("Alert rule added");
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Alert rules</CardTitle>
        <CardDescription>
          Webhooks are JSON POSTs signed with X-Signature-256 (HMAC-SHA256 of the body with the rule's
          secret).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {secret ? (
          <div role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
            Webhook secret (shown once, keep it now): <code className="break-all">{secret}</code>
          </div>
        ) : null}
        {list.rules.length > 0 ? (
          <ul className="flex flex-col gap-2">
            {list.rules.map((r) => (
              <li
                key={r.id}
                className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm"
              >
                <span>
                  {ALERT_KIND_LABELS[r.kind]}
                  {r.threshold !== null ? ` ≥ ${r.threshold}%` : ""} →{" "}
                  {r.channel.type === "webhook" ? r.channel.url : r.channel.to}
                </span>
                {canWrite ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete rule ${ALERT_KIND_LABELS[r.kind]}`}
                    onClick={() => remove.mutate({ id: list.id, ruleId: r.id })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No alert rules yet.</p>
        )}
        {canWrite ? (
          <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="New alert rule">
            <div className="flex flex-col gap-1">
              <Label htmlFor="rule-kind">When</Label>
              <NativeSelect
                id="rule-kind"
                value={kind}
                onChange={(e) => setKind(e.target.value as AlertKind)}
              >
                {ALERT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {ALERT_KIND_LABELS[k]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {needsThreshold ? (
              <div className="flex flex-col gap-1">
                <Label htmlFor="rule-threshold">Threshold (%)</Label>
                <Input
                  id="rule-threshold"
                  type="number"
                  min="0.1"
                  step="0.1"
                  required
                  value={threshold}
                  onChange={(e) => setThreshold(e.target.value)}
                />
              </div>
            ) : null}
            <div className="flex flex-col gap-1">
              <Label htmlFor="rule-channel">Send to</Label>
              <NativeSelect
                id="rule-channel"
                value={channel}
                onChange={(e) => setChannel(e.target.value as "webhook" | "email")}
              >
                <option value="webhook">Webhook</option>
                <option value="email">E-mail</option>
              </NativeSelect>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="rule-target">{channel === "webhook" ? "Webhook URL" : "E-mail address"}</Label>
              <Input
                id="rule-target"
                type={channel === "webhook" ? "url" : "email"}
                required
                maxLength={channel === "webhook" ? 2000 : 254}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" size="sm" disabled={add.isPending}>
                Add rule
              </Button>
            </div>
          </form>
        ) : (
          <ViewerHint />
        )}
      </CardContent>
    </Card>
  );
}
