import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  ANY_INDUSTRY,
  FOLLOWER_RANGE_LABELS,
  FOLLOWER_RANGES,
  type FollowerRange,
} from "#core/discovery/options";
import type { DiscoverySearchRequest } from "#core/schemas/discovery";
import type { Platform } from "#core/schemas/platform";
import { INDUSTRIES, MARKET_LABELS, TARGET_MARKETS, type TargetMarket } from "#core/taxonomy";
import { ErrorText } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PlatformOptions } from "../../../components/ui/platform-options";
import { Spinner } from "../../../components/ui/spinner";
import { discoverySchemas } from "../../../lib/parse-when-loaded";

/** What the form holds (the request before the schema fills in defaults). */
export interface DiscoveryDraft {
  platform: Platform;
  followerRange: FollowerRange;
  industry: string;
  targetMarkets: TargetMarket[];
  /** Also ask the AI web search for accounts outside the index (sent only where it is offered). */
  includeWebCandidates: boolean;
}

export const DEFAULT_DRAFT: DiscoveryDraft = {
  platform: "instagram",
  followerRange: "10k_to_100k",
  industry: ANY_INDUSTRY,
  targetMarkets: [],
  includeWebCandidates: false,
};

/** When the search's rules could not be loaded (the network dropped between the page and its first search). */
export const SCHEMA_UNAVAILABLE =
  "The search could not start: part of the page did not load. Reload the page and try again.";

export const WEB_CANDIDATES_LABEL = "Also look for accounts outside our index";
export const WEB_CANDIDATES_HINT =
  "Uses AI web search. Each account it proposes is fetched and verified before it is shown, so the search takes longer.";

export function industryLabel(industry: string): string {
  return industry === ANY_INDUSTRY ? "Any industry" : industry;
}

export interface DiscoveryFormProps {
  value: DiscoveryDraft;
  onChange: (value: DiscoveryDraft) => void;
  onSubmit: (criteria: DiscoverySearchRequest) => void;
  pending: boolean;
  id?: string;
  /**
   * Offer the web-candidates option: the installation has a language model and the user is signed
   * in (docs/decisions/009-discovery-web-candidates.md). Without it the option is neither shown nor sent.
   */
  offerWebCandidates?: boolean;
}

/**
 * Spec §2 discovery form: platform, follower range, industry and target markets; for signed-in users
 * of an installation with a language model, also the option to add accounts found on the web.
 */
export function DiscoveryForm({
  value,
  onChange,
  onSubmit,
  pending,
  id,
  offerWebCandidates = false,
}: DiscoveryFormProps) {
  const uid = useId();
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof DiscoveryDraft>(key: K, next: DiscoveryDraft[K]) => {
    setError(null);
    onChange({ ...value, [key]: next });
  };
  const toggleMarket = (market: TargetMarket, checked: boolean) => {
    const markets = checked
      ? TARGET_MARKETS.filter((m) => m === market || value.targetMarkets.includes(m))
      : value.targetMarkets.filter((m) => m !== market);
    set("targetMarkets", markets);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    // The server's own schema: the same rules and messages on both sides. It loads with the first
    // search, not with the page (parse-when-loaded.ts).
    discoverySchemas().then(
      ({ discoverySearchRequestSchema }) => {
        const checked = discoverySearchRequestSchema.safeParse({
          ...value,
          includeWebCandidates: offerWebCandidates && value.includeWebCandidates,
        });
        if (!checked.success) {
          setError(checked.error.issues[0]?.message ?? "Please check the search criteria.");
          return;
        }
        onSubmit(checked.data);
      },
      () => setError(SCHEMA_UNAVAILABLE),
    );
  };

  return (
    <form
      id={id}
      noValidate
      onSubmit={submit}
      aria-label="Discovery search"
      className="flex flex-col gap-5 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-platform`}>Platform</Label>
          <NativeSelect
            id={`${uid}-platform`}
            name="platform"
            value={value.platform}
            disabled={pending}
            onChange={(event) => set("platform", event.target.value as Platform)}
          >
            <PlatformOptions />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-range`}>Follower range</Label>
          <NativeSelect
            id={`${uid}-range`}
            name="followerRange"
            value={value.followerRange}
            disabled={pending}
            onChange={(event) => set("followerRange", event.target.value as FollowerRange)}
          >
            {FOLLOWER_RANGES.map((range) => (
              <option key={range} value={range}>
                {FOLLOWER_RANGE_LABELS[range]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${uid}-industry`}>Industry</Label>
          <NativeSelect
            id={`${uid}-industry`}
            name="industry"
            value={value.industry}
            disabled={pending}
            onChange={(event) => set("industry", event.target.value)}
          >
            <option value={ANY_INDUSTRY}>Any industry</option>
            {INDUSTRIES.map((industry) => (
              <option key={industry} value={industry}>
                {industry}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={`${uid}-markets-hint`}>
        <legend className="mb-1 text-sm font-medium">Target markets</legend>
        <p id={`${uid}-markets-hint`} className="text-xs text-muted-foreground">
          Choose any number; leave all unticked for any market.
        </p>
        <div className="flex flex-wrap gap-2">
          {TARGET_MARKETS.map((market) => {
            const checked = value.targetMarkets.includes(market);
            return (
              <label
                key={market}
                className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  type="checkbox"
                  name="targetMarkets"
                  value={market}
                  checked={checked}
                  disabled={pending}
                  onChange={(event) => toggleMarket(market, event.target.checked)}
                  className="size-4 accent-primary"
                />
                {MARKET_LABELS[market]}
              </label>
            );
          })}
        </div>
      </fieldset>
      {offerWebCandidates ? (
        <div className="flex items-start gap-3 rounded-md border p-3 has-[:checked]:border-primary has-[:checked]:bg-secondary">
          <input
            id={`${uid}-web`}
            type="checkbox"
            name="includeWebCandidates"
            checked={value.includeWebCandidates}
            disabled={pending}
            aria-describedby={`${uid}-web-hint`}
            onChange={(event) => set("includeWebCandidates", event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <div className="flex flex-col gap-0.5">
            <Label htmlFor={`${uid}-web`} className="cursor-pointer">
              {WEB_CANDIDATES_LABEL}
            </Label>
            <p id={`${uid}-web-hint`} className="text-xs text-muted-foreground">
              {WEB_CANDIDATES_HINT}
            </p>
          </div>
        </div>
      ) : null}
      {error ? <ErrorText>{error}</ErrorText> : null}
      <div>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? <Spinner /> : <Search aria-hidden="true" />}
          {pending ? "Searching..." : "Find Influencers"}
        </Button>
      </div>
    </form>
  );
}
