import { ChevronDown, ChevronUp, Search } from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { toast } from "sonner";
import { useLocation } from "wouter";
import type { Account } from "#core/schemas/account";
import type { Platform } from "#core/schemas/platform";
import { ErrorText } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PlatformOptions } from "../../../components/ui/platform-options";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { trackInfluencerAnalysis, trackSearch } from "../../../lib/analytics";
import { dispatchAuthError } from "../../../lib/api-client";
import { cn } from "../../../lib/utils";
import { useAnalysis } from "../api/analyze-stream";
import { ANALYSIS_ERROR_TITLE, analysisErrorAction } from "../lib/analysis-error";
import { type InputTools, loadInputTools } from "../lib/load-input-tools";
import { openReportInNewTab } from "../lib/open-report";
import { AnalysisProgress } from "./analysis-progress";
import { InputFeedback } from "./input-feedback";

export type AnalyzerMode = "full" | "compact" | "simple";

type FieldErrors = Partial<Record<"username" | "platform", string>>;

export interface AnalyzerFormProps {
  /** full: titled card; compact: one row with a 'Search' button; simple: input and button only. */
  mode?: AnalyzerMode;
  /** Heading of the full form, e.g. 'Start Your Analysis'. */
  title?: string;
  description?: string;
  defaultPlatform?: Platform;
  defaultUsername?: string;
  /** Adds the 'Hide Search Form' / 'Show Search Form' toggle ('Analyze Another Account' in simple mode). */
  collapsible?: boolean;
  defaultCollapsed?: boolean;
  /** Called with every new report, before it is shown (count it: session.incrementReportCount). */
  onReportGenerated?: (account: Account) => void;
  /** Show the report in this page. Without it the report opens in a new tab (spec §2). */
  onShowReport?: (account: Account) => void;
  className?: string;
}

const SUBMIT_LABEL: Record<AnalyzerMode, string> = {
  full: "Analyze",
  compact: "Search",
  simple: "Analyze",
};

/**
 * The analyser of spec §2: platform and username, the shared input parser as the user types
 * (detected kind and confidence, up to three suggestions when unsure), spec §5 normalisation and
 * limits before submitting, progress from the analysis stream, then the report — in a new tab, or
 * in the page through `onShowReport`.
 */
export function AnalyzerForm({
  mode = "full",
  title,
  description,
  defaultPlatform = "instagram",
  defaultUsername = "",
  collapsible = false,
  defaultCollapsed = false,
  onReportGenerated,
  onShowReport,
  className,
}: AnalyzerFormProps) {
  const id = useId();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(!(collapsible && defaultCollapsed));
  const analysis = useAnalysis();
  const pending = analysis.isPending;
  const [username, setUsername] = useState(defaultUsername);
  const [platform, setPlatform] = useState<Platform>(defaultPlatform);
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputRef = useRef<HTMLInputElement>(null);
  const [tools, setTools] = useState<InputTools | null>(null);
  useEffect(() => {
    let live = true;
    loadInputTools().then(
      (loaded) => live && setTools(loaded),
      // Without the parser there is no live feedback; submitting tries the load again.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const parsed = useMemo(
    () => (tools && username.trim() ? tools.parseProfileInput(username, platform) : null),
    [tools, username, platform],
  );
  const usernameError = errors.username;
  const platformError = errors.platform;

  const showFieldError = (message: string) => {
    setErrors({ username: message });
    inputRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    let loaded: InputTools;
    try {
      loaded = tools ?? (await loadInputTools());
    } catch {
      toast.error(ANALYSIS_ERROR_TITLE, {
        description: "The page could not load everything it needs. Please reload it.",
      });
      return;
    }
    // The same zod schema as the server's (spec §5 messages).
    const checked = loaded.searchFormSchema.safeParse({ platform, username });
    if (!checked.success) {
      const next: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === "username" || field === "platform") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      if (next.username) inputRef.current?.focus();
      return;
    }
    const prepared = loaded.prepareSubmission(checked.data.username, checked.data.platform);
    if (!prepared.ok) {
      if (prepared.tooLong) toast.error(prepared.message);
      else showFieldError(prepared.message);
      return;
    }
    setErrors({});
    const { request } = prepared;
    if (request.platform !== platform) setPlatform(request.platform);
    trackSearch(request);
    analysis.mutate(request, {
      onSuccess: (account) => {
        trackInfluencerAnalysis({
          platform: account.platform,
          username: account.username,
          estimatedEarnings: account.metrics.earnings,
        });
        toast.success("Report Generated", { description: `Analysis complete for @${account.username}` });
        onReportGenerated?.(account);
        setUsername(defaultUsername);
        setPlatform(defaultPlatform);
        if (onShowReport) onShowReport(account);
        else openReportInNewTab(paths.report(account.username, account.platform), account.username);
      },
      onError: (error) => {
        const action = analysisErrorAction(error);
        if (action.kind === "login") dispatchAuthError(action.detail);
        else if (action.kind === "toast") toast.error(ANALYSIS_ERROR_TITLE, { description: action.message });
      },
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter submits only a non-empty username.
    if (event.key === "Enter" && !event.currentTarget.value.trim()) event.preventDefault();
  };

  const onSubmitClick = (event: MouseEvent<HTMLButtonElement>) => {
    // Compact mode: Search with nothing typed goes to the home page.
    if (mode === "compact" && !username.trim()) {
      event.preventDefault();
      navigate(paths.home());
    }
  };

  const pickSuggestion = (suggestion: string) => {
    setUsername(suggestion);
    setErrors({});
    inputRef.current?.focus();
  };

  const feedbackId = `${id}-feedback`;
  const errorId = `${id}-error`;
  const platformErrorId = `${id}-platform-error`;
  const bodyId = `${id}-body`;
  const toggleLabel = open
    ? "Hide Search Form"
    : mode === "simple"
      ? "Analyze Another Account"
      : "Show Search Form";
  const compact = mode === "compact";

  const formBody = (
    <form
      id={bodyId}
      noValidate
      onSubmit={submit}
      aria-label={title ?? "Analyze an account"}
      className="flex flex-col gap-3"
    >
      <div
        className={cn("grid gap-3", compact ? "sm:grid-cols-[10rem_1fr_auto]" : "sm:grid-cols-[11rem_1fr]")}
      >
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-platform`} className={cn(compact && "sr-only")}>
            Platform
          </Label>
          <NativeSelect
            id={`${id}-platform`}
            disabled={pending}
            aria-invalid={platformError ? true : undefined}
            aria-describedby={platformError ? platformErrorId : undefined}
            name="platform"
            value={platform}
            onChange={(event) => {
              setPlatform(event.target.value as Platform);
              setErrors({});
            }}
          >
            <PlatformOptions />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-username`} className={cn(compact && "sr-only")}>
            Username
          </Label>
          <Input
            id={`${id}-username`}
            placeholder="@username, profile link or creator name"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            readOnly={pending}
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={cn(parsed && feedbackId, usernameError && errorId) || undefined}
            onKeyDown={onKeyDown}
            ref={inputRef}
            name="username"
            value={username}
            onChange={(event) => {
              setUsername(event.target.value);
              if (errors.username) setErrors({});
            }}
          />
        </div>
        {compact ? (
          <Button type="submit" disabled={pending} onClick={onSubmitClick} className="self-end">
            {pending ? <Spinner /> : <Search aria-hidden="true" />}
            {pending ? "Processing..." : SUBMIT_LABEL[mode]}
          </Button>
        ) : null}
      </div>
      {platformError ? <ErrorText id={platformErrorId}>{platformError}</ErrorText> : null}
      {usernameError ? <ErrorText id={errorId}>{usernameError}</ErrorText> : null}
      {parsed ? (
        <InputFeedback id={feedbackId} parsed={parsed} platform={platform} onPick={pickSuggestion} />
      ) : null}
      {compact ? null : (
        <div>
          <Button type="submit" disabled={pending} size={mode === "full" ? "lg" : "default"}>
            {pending ? <Spinner /> : <Search aria-hidden="true" />}
            {pending ? "Processing..." : SUBMIT_LABEL[mode]}
          </Button>
        </div>
      )}
      {pending ? <AnalysisProgress stage={analysis.stage} /> : null}
    </form>
  );

  const heading =
    mode === "full" && (title || description) ? (
      <div className="flex flex-col gap-1">
        {title ? <h2 className="text-xl font-semibold">{title}</h2> : null}
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
    ) : null;

  return (
    <section
      className={cn(
        "flex flex-col gap-4",
        mode === "full" && "rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6",
        className,
      )}
      data-print="hide"
      data-mode={mode}
    >
      {heading}
      {collapsible ? (
        <div>
          <Button
            variant={open ? "ghost" : "outline"}
            size="sm"
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
            {toggleLabel}
          </Button>
        </div>
      ) : null}
      {open ? formBody : null}
    </section>
  );
}
