import type { ReactNode } from "react";
import { cn } from "../../lib/utils";

/** The heading block at the top of a page. */
export function PageHeader({
  title,
  description,
  className,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-3", className)}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {description ? <p className="max-w-3xl text-lg text-muted-foreground">{description}</p> : null}
      {children}
    </div>
  );
}

/** Standard page width and padding. */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 py-10 sm:px-6", className)}>{children}</div>;
}
