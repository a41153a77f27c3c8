import { Toaster as SonnerToaster } from "sonner";
import { useTheme } from "../theme/theme-provider";

/** Spec §9: at most one toast visible, 5 s each. */
export const TOAST_DURATION_MS = 5000;
export const VISIBLE_TOASTS = 1;

export function Toaster() {
  const { resolvedTheme } = useTheme();
  return (
    <SonnerToaster
      theme={resolvedTheme}
      visibleToasts={VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      position="bottom-right"
    />
  );
}
