import { Seo } from "../components/seo/seo";

export function HomePage() {
  return (
    <div className="mx-auto max-w-4xl p-6">
      <Seo
        title="Social Media Analytics Made Simple"
        description="Influencer reports for Instagram, TikTok and YouTube: grade, engagement, audience, posting habits and estimated price per post, computed from public data."
        canonical="/"
        keywords={["influencer analytics", "instagram analytics", "tiktok analytics", "youtube analytics"]}
      />
      <h1 className="text-4xl font-bold tracking-tight">Social Media Analytics Made Simple</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Influencer reports for Instagram, TikTok and YouTube: grade, engagement, audience, posting habits and
        estimated price per post — every number computed from public data with a method you can see.
      </p>
    </div>
  );
}
