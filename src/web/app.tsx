import type { QueryClient } from "@tanstack/react-query";
import { AppShell } from "./app/layout/app-shell";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";

/** `queryClient`: main.tsx's, seeded with the data the server rendered the page with (if any). */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppShell>
        <AppRouter />
      </AppShell>
    </AppProvider>
  );
}
