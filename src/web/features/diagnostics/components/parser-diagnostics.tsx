import { useId, useMemo, useState } from "react";
import { parseProfileInput } from "#core/parser/index";
import type { Platform } from "#core/schemas/platform";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input, NativeSelect } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PlatformOptions } from "../../../components/ui/platform-options";

export interface ParserCase {
  label: string;
  input: string;
  platform: Platform;
}

/** The six predefined cases of spec §2. */
export const PARSER_CASES: readonly ParserCase[] = [
  { label: "At-mention", input: "@cristiano", platform: "instagram" },
  { label: "Profile URL", input: "https://www.instagram.com/natgeo/", platform: "instagram" },
  { label: "Display name", input: "Jane Doe Travels", platform: "instagram" },
  { label: "Simple username", input: "mkbhd", platform: "youtube" },
  { label: "Dotted username", input: "khaby.lame", platform: "tiktok" },
  { label: "Celebrity name", input: "Cristiano Ronaldo", platform: "instagram" },
];

const CONFIDENCE_VARIANT = { high: "success", medium: "warning", low: "destructive" } as const;

/** /test-parser: shows what the shared input parser makes of any text. */
export function ParserDiagnostics() {
  const id = useId();
  const [input, setInput] = useState(PARSER_CASES[0]!.input);
  const [platform, setPlatform] = useState<Platform>(PARSER_CASES[0]!.platform);
  const result = useMemo(() => parseProfileInput(input, platform), [input, platform]);
  const showSuggestions = (result.confidence === "low" || !result.isValid) && result.suggestions.length > 0;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-cases`} className="flex flex-col gap-3">
        <h2 id={`${id}-cases`} className="text-lg font-semibold">
          Predefined cases
        </h2>
        <ul className="flex flex-wrap gap-2">
          {PARSER_CASES.map((c) => (
            <li key={c.label}>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setInput(c.input);
                  setPlatform(c.platform);
                }}
                aria-pressed={input === c.input && platform === c.platform}
              >
                {c.label}
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-input`}>Input</Label>
          <Input
            id={`${id}-input`}
            value={input}
            maxLength={500}
            onChange={(event) => setInput(event.target.value)}
            placeholder="@username, profile URL or name"
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-platform`}>Platform</Label>
          <NativeSelect
            id={`${id}-platform`}
            value={platform}
            onChange={(event) => setPlatform(event.target.value as Platform)}
          >
            <PlatformOptions />
          </NativeSelect>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Result</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm" aria-live="polite">
            <dt className="text-muted-foreground">Parsed username</dt>
            <dd data-testid="parsed-username" className="font-mono">
              {result.username || "—"}
            </dd>
            <dt className="text-muted-foreground">Input type</dt>
            <dd data-testid="input-type">{result.inputType}</dd>
            <dt className="text-muted-foreground">Confidence</dt>
            <dd>
              <Badge data-testid="confidence" variant={CONFIDENCE_VARIANT[result.confidence]}>
                {result.confidence}
              </Badge>
            </dd>
            <dt className="text-muted-foreground">Valid</dt>
            <dd data-testid="validity">{result.isValid ? "Valid" : "Invalid"}</dd>
            {result.reason ? (
              <>
                <dt className="text-muted-foreground">Reason</dt>
                <dd>{result.reason}</dd>
              </>
            ) : null}
          </dl>
          {showSuggestions ? (
            <div className="mt-4 flex flex-col gap-2">
              <p className="text-sm font-medium">Did you mean:</p>
              <ul className="flex flex-wrap gap-2">
                {result.suggestions.map((s) => (
                  <li key={s}>
                    <Button variant="secondary" size="sm" onClick={() => setInput(s)}>
                      @{s}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
