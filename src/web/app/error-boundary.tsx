import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "../components/ui/button";
import { resetFailedPages } from "./lazy-page";

export const ERROR_BOUNDARY_TITLE = "Something went wrong loading this page";

export interface AppErrorBoundaryProps {
  children: ReactNode;
  /** When it changes (the location), a shown error is cleared: another page gets its chance. */
  resetKey?: unknown;
  /** Reloads the whole page; tests pass their own. */
  reloadPage?: () => void;
}

interface State {
  error: Error | null;
}

/**
 * The web app's top-level error boundary (issue #25): a page that throws while rendering, or whose
 * lazily loaded chunk fails to arrive, shows this message with a Retry (which loads the page's chunk
 * again and renders it anew) instead of blanking the whole screen. The top bar and footer stay.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("A page failed to render", error, info.componentStack);
  }

  override componentDidUpdate(prev: AppErrorBoundaryProps): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.retry();
  }

  retry = (): void => {
    resetFailedPages();
    this.setState({ error: null });
  };

  reload = (): void => {
    (this.props.reloadPage ?? (() => window.location.reload()))();
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="mx-auto flex min-h-[40vh] max-w-xl flex-col items-center justify-center gap-3 p-6 text-center"
      >
        <h1 className="text-2xl font-bold">{ERROR_BOUNDARY_TITLE}</h1>
        <p className="text-muted-foreground">
          A part of the app could not be loaded or shown. Check your connection and try again.
        </p>
        <div className="mt-2 flex gap-2">
          <Button onClick={this.retry}>Retry</Button>
          <Button variant="outline" onClick={this.reload}>
            Reload the page
          </Button>
        </div>
      </div>
    );
  }
}
