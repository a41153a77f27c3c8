import { RotateCcw, Save } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { PRICE_TIERS, type PricingAssumptions } from "#core/engine/pricing";
import { PLATFORMS, type Platform } from "#core/schemas/platform";
import { type PricingResponse, pricingAssumptionsSchema } from "#core/schemas/pricing";
import { POST_TYPES } from "#core/schemas/snapshot";
import { INDUSTRIES } from "#core/taxonomy";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { usePricing, useSavePricing } from "../api/pricing";

const PLATFORM_NAMES = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube" } as const;

/** Every editable figure as the text in its box, keyed by its field path ("cpm.youtube.short"). */
type Draft = Record<string, string>;

function toDraft(a: PricingAssumptions): Draft {
  const d: Draft = { currency: a.currency, usdRate: String(a.usdRate) };
  for (const p of PLATFORMS) {
    for (const t of PRICE_TIERS) d[`per1kFollowers.${p}.${t}`] = String(a.per1kFollowers[p][t]);
    for (const t of POST_TYPES) d[`cpm.${p}.${t}`] = String(a.cpm[p][t]);
  }
  for (const i of INDUSTRIES) d[`niche.${i}`] = a.niche[i] === undefined ? "" : String(a.niche[i]);
  return d;
}

/** The draft as the API's body; a box that is not a number stays a string so the check names it. */
function fromDraft(d: Draft): unknown {
  const num = (s: string | undefined) => {
    const t = (s ?? "").trim();
    return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
  };
  const out = {
    per1kFollowers: {} as Record<string, Record<string, unknown>>,
    cpm: {} as Record<string, Record<string, unknown>>,
    niche: {} as Record<string, unknown>,
    currency: (d.currency ?? "").trim().toUpperCase(),
    usdRate: num(d.usdRate),
  };
  for (const p of PLATFORMS) {
    out.per1kFollowers[p] = {};
    out.cpm[p] = {};
    for (const t of PRICE_TIERS) out.per1kFollowers[p]![t] = num(d[`per1kFollowers.${p}.${t}`]);
    for (const t of POST_TYPES) out.cpm[p]![t] = num(d[`cpm.${p}.${t}`]);
  }
  for (const i of INDUSTRIES) {
    const v = (d[`niche.${i}`] ?? "").trim();
    if (v !== "") out.niche[i] = num(v);
  }
  return out;
}

function NumberBox({
  id,
  label,
  value,
  placeholder,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  onChange: (v: string) => void;
}) {
  return (
    <Input
      id={id}
      aria-label={label}
      inputMode="decimal"
      className="h-8 w-24 tabular-nums"
      value={value}
      placeholder={placeholder}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * Pricing assumptions (issue #24): per-1K-follower rates per platform and tier, CPMs per format,
 * niche factors, the currency and its rate — with the published defaults and their sources beside
 * them, and a reset to those defaults. Reports made after a save use them and say so.
 */
interface RateCell {
  /** The draft field ("cpm.youtube.short"). */
  key: string;
  /** The box's accessible name. */
  label: string;
  /** Beneath the box: the default (and the published band). */
  hint: string;
}

/** Rows (tiers, formats) × platforms of number boxes, each with its default beneath it. */
function PlatformRateTable({
  rowHeader,
  rows,
  cell,
  box,
}: {
  rowHeader: string;
  rows: readonly { id: string; label: ReactNode }[];
  cell: (row: string, platform: Platform) => RateCell;
  box: (key: string, label: string) => ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="text-sm">
        <thead>
          <tr>
            <th className="pr-3 text-left font-normal text-muted-foreground">{rowHeader}</th>
            {PLATFORMS.map((p) => (
              <th key={p} className="pr-3 text-left font-normal text-muted-foreground">
                {PLATFORM_NAMES[p]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="pr-3 py-1">{row.label}</td>
              {PLATFORMS.map((p) => {
                const c = cell(row.id, p);
                return (
                  <td key={p} className="pr-3 py-1 align-top">
                    {box(c.key, c.label)}
                    <span className="block text-xs text-muted-foreground">{c.hint}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PricingEditor({ data }: { data: PricingResponse }) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(data.assumptions));
  const [error, setError] = useState<string | null>(null);
  const save = useSavePricing();
  const set = (key: string) => (v: string) => setDraft((d) => ({ ...d, [key]: v }));
  const def = data.defaults;
  const box = (key: string, label: string) => (
    <NumberBox id={`${id}-${key}`} label={label} value={draft[key] ?? ""} onChange={set(key)} />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pricingAssumptionsSchema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    save.mutate(parsed.data, { onSuccess: (saved) => setDraft(toDraft(saved.assumptions)) });
  };
  const reset = () => {
    setError(null);
    save.mutate(null, { onSuccess: (saved) => setDraft(toDraft(saved.assumptions)) });
  };

  return (
    <form onSubmit={onSubmit} aria-label="Pricing assumptions">
      <Card>
        <CardHeader>
          <CardTitle>Pricing assumptions</CardTitle>
          <CardDescription>
            What the estimated price per post is made from: a follower rate per platform and tier, blended
            with reach × CPM, × a niche factor. Reports made after a save use these and say whose they are.{" "}
            <span data-testid="pricing-source">
              {data.source === "default"
                ? "In use: the published defaults."
                : `In use: this installation's, saved ${data.updatedAt?.slice(0, 10) ?? ""}.`}
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <section className="flex flex-col gap-2" aria-labelledby={`${id}-rates`}>
            <h3 id={`${id}-rates`} className="font-medium">
              US dollars per 1,000 followers
            </h3>
            <p className="text-xs text-muted-foreground">{data.sources.per1kFollowers}</p>
            <PlatformRateTable
              rowHeader="Tier"
              rows={data.tiers.map((t) => ({
                id: t.tier,
                label: (
                  <>
                    {t.tier} <span className="text-muted-foreground">({t.label})</span>
                  </>
                ),
              }))}
              cell={(tier, p) => {
                const band = data.bands[p]?.[tier];
                return {
                  key: `per1kFollowers.${p}.${tier}`,
                  label: `${PLATFORM_NAMES[p]} ${tier} rate per 1,000 followers`,
                  hint: `default $${def.per1kFollowers[p][tier as (typeof PRICE_TIERS)[number]]}${
                    band
                      ? ` · IMH $${band.low.toLocaleString("en-US")}${band.high === null ? "+" : `–$${band.high.toLocaleString("en-US")}`}`
                      : ""
                  }`,
                };
              }}
              box={box}
            />
            <p className="text-xs text-muted-foreground">Published bands: {data.sources.bands}.</p>
          </section>

          <section className="flex flex-col gap-2" aria-labelledby={`${id}-cpm`}>
            <h3 id={`${id}-cpm`} className="font-medium">
              CPM (US dollars per 1,000 views) by format
            </h3>
            <p className="text-xs text-muted-foreground">{data.sources.cpm}</p>
            <PlatformRateTable
              rowHeader="Format"
              rows={POST_TYPES.map((t) => ({ id: t, label: t }))}
              cell={(type, p) => ({
                key: `cpm.${p}.${type}`,
                label: `${PLATFORM_NAMES[p]} ${type} CPM`,
                hint: `default $${def.cpm[p][type as (typeof POST_TYPES)[number]]}`,
              })}
              box={box}
            />
          </section>

          <section className="flex flex-col gap-2" aria-labelledby={`${id}-niche`}>
            <h3 id={`${id}-niche`} className="font-medium">
              Niche factors
            </h3>
            <p className="text-xs text-muted-foreground">{data.sources.niche}. Empty = ×1.</p>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {INDUSTRIES.map((i) => {
                const key = `niche.${i}`;
                return (
                  <div key={i} className="flex items-center justify-between gap-2">
                    <Label htmlFor={`${id}-${key}`} className="font-normal">
                      {i}
                      <span className="ml-1 text-xs text-muted-foreground">
                        (default ×{def.niche[i] ?? 1})
                      </span>
                    </Label>
                    <NumberBox
                      id={`${id}-${key}`}
                      label={`${i} niche factor`}
                      value={draft[key] ?? ""}
                      placeholder="1"
                      onChange={set(key)}
                    />
                  </div>
                );
              })}
            </div>
          </section>

          <section className="grid gap-4 sm:grid-cols-2" aria-label="Currency">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-currency`}>Currency (ISO 4217 code)</Label>
              <Input
                id={`${id}-currency`}
                className="w-32"
                maxLength={3}
                value={draft.currency ?? ""}
                onChange={(e) => set("currency")(e.target.value)}
              />
              <p className="text-xs text-muted-foreground">{data.sources.currency}. Default USD.</p>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-rate`}>Units of it per US dollar</Label>
              <NumberBox
                id={`${id}-rate`}
                label="Units of the currency per US dollar"
                value={draft.usdRate ?? ""}
                onChange={set("usdRate")}
              />
              <p className="text-xs text-muted-foreground">Default 1 (USD).</p>
            </div>
          </section>

          {error ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              Save pricing
            </Button>
            <Button type="button" variant="outline" onClick={reset} disabled={save.isPending}>
              <RotateCcw aria-hidden="true" />
              Reset to published defaults
            </Button>
          </div>
        </CardContent>
      </Card>
    </form>
  );
}

export function PricingSettings() {
  const pricing = usePricing();
  if (pricing.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner />
        Loading pricing assumptions...
      </p>
    );
  if (pricing.isError)
    return (
      <Alert variant="destructive" role="alert">
        <AlertDescription>
          <AlertTitle>Pricing assumptions could not be loaded</AlertTitle>
          <p>{pricing.error.message}</p>
        </AlertDescription>
      </Alert>
    );
  return <PricingEditor key={pricing.data.updatedAt ?? "defaults"} data={pricing.data} />;
}
