import { type ReactNode, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

/** How far ahead of the viewport a deferred part starts to render, so it is usually ready when seen. */
const AHEAD = "300px 0px";

/**
 * Renders `children` only once their place comes within reach of the viewport (issue #25: the report's
 * charts pull in recharts — ~100 KB gzipped to download, parse and draw — which on a phone sit below the
 * fold; building them with the first render was most of the page's blocking time). Until then
 * `placeholder` holds the place; give it the children's height so nothing shifts when they arrive.
 * Printing ('Download PDF') renders everything first. Without IntersectionObserver (old browsers,
 * jsdom) the children render at once.
 */
export function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    if (shown) return;
    const el = ref.current;
    if (!el) return;
    const show = () => setShown(true);
    // The print snapshot is taken right after 'beforeprint': render synchronously.
    const showNow = () => flushSync(show);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) show();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(el);
    window.addEventListener("beforeprint", showNow);
    return () => {
      observer.disconnect();
      window.removeEventListener("beforeprint", showNow);
    };
  }, [shown]);
  if (shown) return <>{children}</>;
  return (
    <div ref={ref} data-testid="deferred">
      {placeholder}
    </div>
  );
}
