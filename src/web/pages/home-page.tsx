import { useEffect } from "react";

export function HomePage() {
  useEffect(() => {
    document.title = "Social Media Analytics Made Simple | Social Media Analytics Platform";
  }, []);
  return (
    <main className="mx-auto max-w-4xl p-6">
      <h1 className="text-4xl font-bold tracking-tight">Social Media Analytics Made Simple</h1>
      <p className="mt-3 text-lg text-gray-600 dark:text-gray-300">
        Influencer reports for Instagram, TikTok and YouTube: grade, engagement, audience, posting habits and
        estimated price per post — every number computed from public data with a method you can see.
      </p>
    </main>
  );
}
