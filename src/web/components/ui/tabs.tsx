import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useId,
  useMemo,
  useRef,
} from "react";
import { cn } from "../../lib/utils";

/**
 * Tabs as WAI-ARIA's pattern has them: a tab list whose arrow keys (and Home, End) move to a tab and
 * select it, each panel labelled by its tab. Written here instead of Radix Tabs (decision 049): Radix
 * wraps each panel in a Presence, whose ref reads the panel's computed style and updates state while
 * React commits the page, which made the page's first commit run every effect and render again in
 * one long task. These are controlled (`value`, `onValueChange`), which is how the app uses them.
 */

interface TabsContextValue {
  value: string;
  select(value: string): void;
  baseId: string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

function useTabs(part: string): TabsContextValue {
  const context = useContext(TabsContext);
  if (!context) throw new Error(`<${part}> must be inside <Tabs>`);
  return context;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<"div">, "onChange"> & { value: string; onValueChange: (value: string) => void }) {
  const baseId = useId();
  const context = useMemo(() => ({ value, select: onValueChange, baseId }), [value, onValueChange, baseId]);
  return (
    <TabsContext.Provider value={context}>
      <div {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<"div">) {
  const { select } = useTabs("TabsList");
  const list = useRef<HTMLDivElement | null>(null);
  const move = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      onKeyDown?.(event);
      if (event.defaultPrevented || !list.current) return;
      const tabs = [...list.current.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
      const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
      if (at < 0) return;
      const next =
        event.key === "ArrowRight"
          ? (at + 1) % tabs.length
          : event.key === "ArrowLeft"
            ? (at - 1 + tabs.length) % tabs.length
            : event.key === "Home"
              ? 0
              : event.key === "End"
                ? tabs.length - 1
                : -1;
      if (next < 0) return;
      event.preventDefault();
      const tab = tabs[next]!;
      tab.focus();
      const value = tab.dataset.value;
      if (value !== undefined) select(value);
    },
    [onKeyDown, select],
  );
  return (
    <div
      ref={list}
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={move}
      className={cn(
        "inline-flex h-10 items-center justify-center rounded-md bg-muted p-1 text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  onClick,
  ...props
}: Omit<ComponentProps<"button">, "value"> & { value: string }) {
  const context = useTabs("TabsTrigger");
  const selected = context.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(context.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(context.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      data-value={value}
      // Only the selected tab is in the page's Tab order; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) context.select(value);
      }}
      className={cn(
        "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab's panel. It is not itself in the Tab order (Radix's was): the app's panels begin with a form,
 * whose first field Tab reaches next, as WAI-ARIA's pattern advises. With `forceMount` it stays mounted (hidden) while another tab is selected, keeping
 * what was typed in it; without, it is mounted only while its tab is selected.
 */
export function TabsContent({
  className,
  value,
  forceMount,
  hidden,
  children,
  ...props
}: ComponentProps<"div"> & { value: string; forceMount?: boolean }) {
  const context = useTabs("TabsContent");
  const selected = context.value === value;
  if (!selected && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(context.baseId, value)}
      aria-labelledby={tabId(context.baseId, value)}
      data-state={selected ? "active" : "inactive"}
      hidden={hidden ?? !selected}
      className={className}
      {...props}
    >
      {children}
    </div>
  );
}
