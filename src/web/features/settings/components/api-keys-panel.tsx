import { Check, Copy, KeyRound, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { formatDate } from "#core/format";
import {
  API_KEY_SCOPE_TEXTS,
  API_KEY_SCOPES,
  type ApiKeyCreated,
  type ApiKeyScope,
} from "#core/schemas/api-keys";
import { Alert, AlertDescription, AlertTitle, ErrorText } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PageLoading, Spinner } from "../../../components/ui/spinner";
import { ViewerHint } from "../../../components/ui/viewer-hint";
import { useActingWorkspace } from "../../../lib/workspace";
import { useCreateApiKey } from "../api/create-api-key";
import { useApiKeys } from "../api/get-api-keys";
import { useRevokeApiKey } from "../api/revoke-api-key";

export const API_KEYS_TITLE = "API keys";

/**
 * Settings → API keys (issue #23): create a key (name + scopes), see it once with a copy button,
 * list keys (never their secrets) with their last use, revoke. Administrators see every user's keys.
 */
export function ApiKeysPanel({ isAdmin = false }: { isAdmin?: boolean }) {
  const keys = useApiKeys();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const revoke = useRevokeApiKey();
  const { canWrite } = useActingWorkspace();

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="flex items-center gap-2">
            <KeyRound aria-hidden="true" className="size-5" />
            {API_KEYS_TITLE}
          </span>
        </CardTitle>
        <CardDescription>
          Keys let scripts, sheets and the browser extension use the API (
          <a className="underline" href="/api/docs">
            reference
          </a>
          ) as you: calls count against your daily report quota. A key is shown once; store it like a
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {canWrite ? <CreateKeyForm onCreated={setCreated} /> : <ViewerHint />}
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
        <section aria-label={isAdmin ? "Every user's API keys" : "Your API keys"}>
          <h4 className="mb-2 font-medium">{isAdmin ? "Every user's keys" : "Your keys"}</h4>
          {keys.isPending ? <PageLoading /> : null}
          {keys.isError ? <ErrorText>{keys.error.message}</ErrorText> : null}
          {keys.data && keys.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No API keys yet.</p>
          ) : null}
          {keys.data && keys.data.length > 0 ? (
            <ul className="flex flex-col divide-y rounded-md border" data-testid="api-key-list">
              {keys.data.map((key) => (
                <li
                  key={key.id}
                  className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="flex flex-col gap-1">
                    <span className="font-medium">{key.name}</span>
                    <span className="text-sm text-muted-foreground">
                      <code>{key.prefix}…</code> · created {formatDate(key.createdAt)} ·{" "}
                      {key.lastUsedAt ? `last used ${formatDate(key.lastUsedAt)}` : "never used"}
                      {key.owner ? ` · ${key.owner.email}` : ""}
                    </span>
                    <span className="flex flex-wrap gap-1">
                      {key.scopes.map((s) => (
                        <Badge key={s} variant="secondary">
                          {s}
                        </Badge>
                      ))}
                    </span>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending}
                    aria-label={`Revoke ${key.name}`}
                    onClick={() => revoke.mutate({ id: key.id, name: key.name })}
                  >
                    {revoke.isPending && revoke.variables?.id === key.id ? (
                      <Spinner label="Revoking" />
                    ) : (
                      <Trash2 aria-hidden="true" />
                    )}
                    Revoke
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: ApiKeyCreated) => void }) {
  const id = useId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["read"]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateApiKey({
    onCreated: (key) => {
      setName("");
      onCreated(key);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem("Name is required");
    if (scopes.length === 0) return setProblem("Choose at least one scope");
    setProblem(null);
    create.mutate({ name: name.trim(), scopes });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Create an API key" noValidate>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>Key name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          placeholder="e.g. Google Sheets"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={scopes.includes(scope)}
              onChange={(e) =>
                setScopes((list) => (e.target.checked ? [...list, scope] : list.filter((s) => s !== scope)))
              }
            />
            <span>
              <strong>{scope}</strong>: {API_KEY_SCOPE_TEXTS[scope]}
            </span>
          </label>
        ))}
      </fieldset>
      {problem ? <ErrorText>{problem}</ErrorText> : null}
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Spinner label="Creating" /> : <KeyRound aria-hidden="true" />}
          Create key
        </Button>
      </div>
    </form>
  );
}

function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };
  return (
    <Alert data-testid="new-api-key">
      <div className="flex w-full flex-col gap-2">
        <AlertTitle>Your new key "{created.name}"</AlertTitle>
        <AlertDescription>
          Copy it now: it is not shown again. Send it as <code>Authorization: Bearer …</code>.
        </AlertDescription>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input readOnly value={created.key} aria-label="New API key" className="font-mono" />
          <Button type="button" variant="outline" onClick={copy}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? "Copied" : "Copy"}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Done
          </Button>
        </div>
      </div>
    </Alert>
  );
}
