import { AppShell } from "./app/layout/app-shell";
import { AppProvider } from "./app/provider";
import { AppRouter } from "./app/router";

export function App() {
  return (
    <AppProvider>
      <AppShell>
        <AppRouter />
      </AppShell>
    </AppProvider>
  );
}
