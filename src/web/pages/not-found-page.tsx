import { useEffect } from "react";

/** Spec §2: any other path. */
export function NotFoundPage() {
  useEffect(() => {
    document.title = "Page Not Found | Social Media Analytics Platform";
  }, []);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-gray-600 dark:text-gray-300">Did you forget to add the page to the router?</p>
    </main>
  );
}
