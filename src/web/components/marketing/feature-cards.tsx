import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

/** The three-up grid of feature cards on the home, insight and platform pages. */
export function FeatureCards({ features }: { features: readonly Feature[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      {features.map(({ title, description, icon: Icon }) => (
        <Card key={title}>
          <CardHeader>
            <Icon className="size-6 text-primary" aria-hidden="true" />
            <CardTitle>{title}</CardTitle>
          </CardHeader>
          <CardContent>
            <CardDescription>{description}</CardDescription>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
