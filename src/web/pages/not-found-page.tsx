import { Link } from "wouter";
import { Seo } from "../components/seo/seo";
import { buttonVariants } from "../components/ui/button";
import { paths } from "../config/paths";

/** Spec §2: any other path. */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-3 p-6 text-center">
      <Seo
        title="Page Not Found"
        description="The page you were looking for does not exist."
        canonical={paths.notFound()}
      />
      <h1 className="text-3xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link href={paths.home()} className={buttonVariants({ variant: "outline", className: "mt-4" })}>
        Back to the home page
      </Link>
    </div>
  );
}
