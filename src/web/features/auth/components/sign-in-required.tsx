import { LogIn } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { showLoginPrompt } from "../lib/sign-in-prompt";

/**
 * What a page that needs an account shows a signed-out visitor: its title, why it needs the
 * account, and a button that opens the sign-in dialog (history, lists, watchlists, settings).
 */
export function SignInRequired({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
      <Button onClick={() => showLoginPrompt("required")}>
        <LogIn aria-hidden="true" />
        Sign in
      </Button>
    </div>
  );
}
