import { BadgeDollarSign, ChartNoAxesCombined, Pause, Play, ScanSearch, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "wouter";
import { INDUSTRIES } from "#core/taxonomy";
import { FeatureCards } from "../components/marketing/feature-cards";
import { Button, buttonVariants } from "../components/ui/button";
import { paths } from "../config/paths";

/** Spec §9: the hero message changes every 8 seconds. */
export const HERO_ROTATE_MS = 8000;

export const HERO_MESSAGES = [
  {
    title: "Find the right creators, fast",
    text: "Filter creators by platform, audience size, industry and market, and see why each one matches.",
  },
  {
    title: "Reports you can check",
    text: "Grade, engagement, posting habits and price per post — each figure says whether it was measured or estimated, and how.",
  },
  {
    title: "Instagram, TikTok and YouTube in one place",
    text: "Compare creators across platforms with engagement benchmarks for accounts of the same size.",
  },
] as const;

const FEATURES = [
  {
    title: "Influencer Discovery",
    description:
      "Search creators by industry, follower range and target market, ranked by an explained match score.",
    icon: ScanSearch,
  },
  {
    title: "Every Number Explained",
    description:
      "Engagement against the benchmark of the account's size tier, with the method behind each figure.",
    icon: ChartNoAxesCombined,
  },
  {
    title: "Marketing Value",
    description:
      "Estimated price per post from published tier rates, reach, CPM and engagement, and an analysis of past sponsored posts.",
    icon: BadgeDollarSign,
  },
] as const;

const PLATFORMS = [
  {
    name: "Instagram",
    text: "Median engagement per follower over the last 30 posts; Reels, photos and carousels.",
  },
  {
    name: "TikTok",
    text: "Engagement per view with likes, comments and shares; posting rhythm and sponsored content.",
  },
  { name: "YouTube", text: "Engagement per view across videos and Shorts; long-form and Shorts mix." },
] as const;

/** Facts about how the product works — not usage figures, which a fresh install does not have. */
const STATS = [
  { value: "3", label: "platforms" },
  { value: String(INDUSTRIES.length), label: "industries in the taxonomy" },
  { value: "30", label: "recent posts read per report" },
  { value: "8", label: "follower tiers per benchmark" },
] as const;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * The rotating hero of spec §2 variant B. Rotation pauses while the pointer or focus is inside, can
 * be paused with a button (WCAG 2.2.2), and does not start for visitors who prefer reduced motion.
 */
export function RotatingHero() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(() => prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    if (paused || hovered) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % HERO_MESSAGES.length), HERO_ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, hovered]);
  const message = HERO_MESSAGES[index]!;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className="flex flex-col items-center gap-6 text-center"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div aria-live={paused ? "polite" : "off"} className="flex min-h-36 flex-col gap-3">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl" data-testid="hero-title">
          {message.title}
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-muted-foreground">{message.text}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href={paths.discovery()} className={buttonVariants({ size: "lg" })}>
          <Sparkles aria-hidden="true" />
          NEW: Discover Influencers
        </Link>
        <Link href={paths.insight()} className={buttonVariants({ size: "lg", variant: "outline" })}>
          Get Analytics Report
        </Link>
      </div>
      <div className="flex items-center gap-2">
        {HERO_MESSAGES.map((m, i) => (
          <button
            key={m.title}
            type="button"
            aria-label={`Show message ${i + 1} of ${HERO_MESSAGES.length}`}
            aria-current={i === index ? "true" : undefined}
            onClick={() => setIndex(i)}
            className={`size-3 rounded-full border border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${i === index ? "bg-primary" : "bg-transparent"}`}
          />
        ))}
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={paused ? "Resume rotating messages" : "Pause rotating messages"}
          onClick={() => setPaused((p) => !p)}
        >
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
        </Button>
      </div>
    </section>
  );
}

/** Home, variant B of spec §2 (HOME_VARIANT=b): rotating hero, features, platforms, a facts band. */
export function HomeVariantB({ adSlot }: { adSlot?: React.ReactNode }) {
  return (
    <div
      className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 py-10 sm:px-6"
      data-testid="home-variant-b"
    >
      <RotatingHero />
      <section aria-labelledby="home-b-features" className="flex flex-col gap-4">
        <h2 id="home-b-features" className="text-2xl font-semibold">
          What you get
        </h2>
        <FeatureCards features={FEATURES} />
      </section>
      <section aria-labelledby="home-b-platforms" className="flex flex-col gap-4">
        <h2 id="home-b-platforms" className="text-2xl font-semibold">
          One method across platforms
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {PLATFORMS.map((p) => (
            <div key={p.name} className="rounded-xl border bg-card p-5">
              <h3 className="font-semibold">{p.name}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{p.text}</p>
            </div>
          ))}
        </div>
      </section>
      <section aria-label="How reports are made" className="rounded-xl bg-secondary px-6 py-8">
        <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="flex flex-col-reverse">
              <dt className="text-sm text-secondary-foreground">{s.label}</dt>
              <dd className="text-3xl font-bold text-secondary-foreground">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {adSlot}
    </div>
  );
}
