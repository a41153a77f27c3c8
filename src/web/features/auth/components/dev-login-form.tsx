import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { useSession } from "./session-provider";

/** Development sign-in by e-mail; only shown when the server runs with DEV_LOGIN=1. */
export function DevLoginForm() {
  const { signInWithDevEmail, signingIn } = useSession();
  const [email, setEmail] = useState("");
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (value) signInWithDevEmail(value);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-lg border border-dashed p-3">
      <Label htmlFor={`${id}-email`}>E-mail (development sign-in)</Label>
      <Input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={signingIn}>
        {signingIn ? "Signing in..." : "Sign in (development)"}
      </Button>
    </form>
  );
}
