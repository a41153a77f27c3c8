import * as SwitchPrimitive from "@radix-ui/react-switch";
import { Save } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { formatDate } from "#core/format";
import {
  type AutoRefresh,
  CACHE_EXPIRY_DAYS,
  type CacheExpiryDays,
  type ModelRateLimit,
  modelNameSchema,
  type SettingsPatch,
  type SettingsResponse,
} from "#core/schemas/settings";
import { Alert, AlertDescription } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import { useUpdateSettings } from "../api/update-settings";

type Settings = SettingsResponse["settings"];

/** Spec §9 options, as the controls show them. */
export const EXPIRY_LABELS: Record<string, string> = {
  "1": "1 day",
  "3": "3 days",
  "7": "7 days",
  "14": "14 days",
  "30": "30 days",
  never: "Never",
};
export const AUTO_REFRESH_LABELS: Record<AutoRefresh, string> = {
  never: "Never",
  viewing: "When a report is viewed",
  daily: "Daily",
  weekly: "Weekly",
};
export const RATE_LIMIT_LABELS: Record<string, string> = {
  "5": "5 requests per minute",
  "10": "10 requests per minute",
  unlimited: "Unlimited",
};
const OTHER_MODEL = "__other__";

const expiryValue = (days: CacheExpiryDays | null) => (days === null ? "never" : String(days));
const rateValue = (limit: ModelRateLimit | null) => (limit === null ? "unlimited" : String(limit));

/** Only what differs from the stored settings (the server merges a save into what is stored). */
function changes(form: Settings, stored: Settings): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(form) as (keyof Settings)[]) {
    if (form[key] !== stored[key]) patch[key] = form[key];
  }
  return patch as SettingsPatch;
}

function Field({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The settings of spec §2 /settings, saved on the server: cache on/off, cache expiry, auto-refresh,
 * rate limit and model. 'Save settings' sends only what changed.
 */
export function SettingsForm({ data }: { data: SettingsResponse }) {
  const id = useId();
  const stored = data.settings;
  const [form, setForm] = useState<Settings>(stored);
  const known = data.modelOptions.includes(form.model);
  const [otherModel, setOtherModel] = useState(!known);
  const [modelError, setModelError] = useState<string | null>(null);
  const save = useUpdateSettings();
  const patch = changes(form, stored);
  const dirty = Object.keys(patch).length > 0;
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if ("model" in patch) {
      const parsed = modelNameSchema.safeParse(form.model);
      if (!parsed.success) {
        setModelError(parsed.error.issues[0]!.message);
        return;
      }
    }
    setModelError(null);
    save.mutate(patch, {
      onSuccess: (saved) => {
        setForm(saved.settings);
        setOtherModel(!saved.modelOptions.includes(saved.settings.model));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-6" aria-label="Settings">
      <Card>
        <CardHeader>
          <CardTitle>Report cache</CardTitle>
          <CardDescription>
            Whether an analysis reuses a stored report, and for how long, before it fetches the account again.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          <div className="flex items-center justify-between gap-4 sm:col-span-2">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${id}-cache`}>Cache reports</Label>
              <p id={`${id}-cache-hint`} className="text-xs text-muted-foreground">
                Off: every analysis fetches fresh data from the platform.
              </p>
            </div>
            <SwitchPrimitive.Root
              id={`${id}-cache`}
              checked={form.cacheEnabled}
              onCheckedChange={(checked) => set("cacheEnabled", checked)}
              aria-describedby={`${id}-cache-hint`}
              className={cn(
                "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
                "data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
              )}
            >
              <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-background shadow-lg ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
            </SwitchPrimitive.Root>
          </div>
          <Field
            id={`${id}-expiry`}
            label="Cache expiry"
            hint={
              form.cacheEnabled
                ? "How long a stored report is reused."
                : "Turn the cache on to use an expiry."
            }
          >
            <NativeSelect
              id={`${id}-expiry`}
              value={expiryValue(form.cacheExpiryDays)}
              disabled={!form.cacheEnabled}
              aria-describedby={`${id}-expiry-hint`}
              onChange={(e) =>
                set(
                  "cacheExpiryDays",
                  e.target.value === "never" ? null : (Number(e.target.value) as CacheExpiryDays),
                )
              }
            >
              {[...CACHE_EXPIRY_DAYS.map(String), "never"].map((v) => (
                <option key={v} value={v}>
                  {EXPIRY_LABELS[v]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id={`${id}-refresh`}
            label="Auto-refresh"
            hint="When stored reports are analysed again in the background."
          >
            <NativeSelect
              id={`${id}-refresh`}
              value={form.autoRefresh}
              aria-describedby={`${id}-refresh-hint`}
              onChange={(e) => set("autoRefresh", e.target.value as AutoRefresh)}
            >
              {(Object.keys(AUTO_REFRESH_LABELS) as AutoRefresh[]).map((v) => (
                <option key={v} value={v}>
                  {AUTO_REFRESH_LABELS[v]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Language model</CardTitle>
          <CardDescription>
            The model that writes the reports' texts, and how many calls it may get per minute across this
            installation. Beyond the limit a report is still made, with the analysis engine's texts.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 sm:grid-cols-2">
          {data.aiEnabled ? null : (
            <Alert variant="info" className="sm:col-span-2">
              <AlertDescription>
                No language model is configured (LLM_API_KEY is not set), so these two settings change nothing
                until one is.
              </AlertDescription>
            </Alert>
          )}
          <Field id={`${id}-rate`} label="Rate limit">
            <NativeSelect
              id={`${id}-rate`}
              value={rateValue(form.modelRateLimitPerMinute)}
              onChange={(e) =>
                set(
                  "modelRateLimitPerMinute",
                  e.target.value === "unlimited" ? null : (Number(e.target.value) as ModelRateLimit),
                )
              }
            >
              {Object.entries(RATE_LIMIT_LABELS).map(([v, label]) => (
                <option key={v} value={v}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="flex flex-col gap-4">
            <Field id={`${id}-model`} label="Model">
              <NativeSelect
                id={`${id}-model`}
                value={otherModel ? OTHER_MODEL : form.model}
                onChange={(e) => {
                  if (e.target.value === OTHER_MODEL) {
                    setOtherModel(true);
                    return;
                  }
                  setOtherModel(false);
                  setModelError(null);
                  set("model", e.target.value);
                }}
              >
                {data.modelOptions.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
                <option value={OTHER_MODEL}>Other model…</option>
              </NativeSelect>
            </Field>
            {otherModel ? (
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-model-name`}>Model name</Label>
                <Input
                  id={`${id}-model-name`}
                  value={form.model}
                  maxLength={100}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={modelError ? true : undefined}
                  aria-describedby={`${id}-model-name-hint`}
                  onChange={(e) => {
                    setModelError(null);
                    set("model", e.target.value.trim());
                  }}
                />
                <p
                  id={`${id}-model-name-hint`}
                  className={cn("text-xs", modelError ? "text-destructive" : "text-muted-foreground")}
                  role={modelError ? "alert" : undefined}
                >
                  {modelError ?? "As your model server names it, e.g. sonar, gpt-4o-mini or llama3.1:8b."}
                </p>
              </div>
            ) : null}
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending ? <Spinner label="Saving" /> : <Save aria-hidden="true" />}
          {save.isPending ? "Saving..." : "Save settings"}
        </Button>
        <p className="text-sm text-muted-foreground">
          {dirty
            ? "You have unsaved changes."
            : data.updatedAt
              ? `Last saved ${formatDate(data.updatedAt)}.`
              : "Using the defaults."}
        </p>
      </div>
    </form>
  );
}
