import {
  type ComponentProps,
  cloneElement,
  createContext,
  type FocusEvent,
  isValidElement,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { cn } from "../../lib/utils";

/**
 * A tooltip that opens on hover (after a short delay) and on keyboard focus, and closes on Escape,
 * on leaving, on blur, on a press of its trigger and on scrolling.
 *
 * Written here instead of Radix Tooltip (decision 049): a Radix tooltip records its trigger in state
 * from a ref callback while React commits, and such an update is synchronous. A report carries about
 * twenty of them (its provenance marks), and their updates made the first commit after the page's
 * scripts arrived run the whole tree's effects and a second render in the same task, 200–300 ms of a
 * slow phone's main thread. This one keeps nothing in state until it opens, and mounts its content
 * only while open.
 */

/** How long the pointer may take to move from the trigger onto the content without it closing. */
const LEAVE_GRACE_MS = 100;
/** Space kept between the content and the window's edges. */
const EDGE_PX = 4;

interface TooltipContextValue {
  open: boolean;
  contentId: string;
  triggerRef: RefObject<HTMLElement | null>;
  /** Open after the delay (pointer) or at once (focus). */
  show(after: number): void;
  /** Close after the grace period (pointer leaving) or at once. */
  hide(after: number): void;
  delayDuration: number;
  /** A press on the trigger: no opening on the focus that follows it. */
  pressed: RefObject<boolean>;
}

/** Closes the tooltip open now: one is open at a time, as hovering or focusing another opens it. */
let closeOpenTooltip: (() => void) | undefined;

const TooltipContext = createContext<TooltipContextValue | null>(null);

function useTooltipContext(part: string): TooltipContextValue {
  const context = useContext(TooltipContext);
  if (!context) throw new Error(`<${part}> must be inside <Tooltip>`);
  return context;
}

export function Tooltip({ delayDuration = 150, children }: { delayDuration?: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const triggerRef = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);

  const schedule = useCallback((next: boolean, after: number) => {
    clearTimeout(timer.current);
    if (after <= 0) setOpen(next);
    else timer.current = setTimeout(() => setOpen(next), after);
  }, []);
  const show = useCallback((after: number) => schedule(true, after), [schedule]);
  const hide = useCallback((after: number) => schedule(false, after), [schedule]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!open) return;
    const close = () => hide(0);
    closeOpenTooltip?.();
    closeOpenTooltip = close;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide(0);
    };
    const onScroll = (event: Event) => {
      // Only a scroll that moves the trigger: not one inside the tooltip's own content.
      if (event.target instanceof Node && triggerRef.current && !event.target.contains(triggerRef.current))
        return;
      hide(0);
    };
    const onResize = () => hide(0);
    document.addEventListener("keydown", onKey);
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", onResize);
    return () => {
      if (closeOpenTooltip === close) closeOpenTooltip = undefined;
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", onResize);
    };
  }, [open, hide]);

  const value = useMemo(
    () => ({ open, contentId, triggerRef, show, hide, delayDuration, pressed }),
    [open, contentId, show, hide, delayDuration],
  );
  return <TooltipContext.Provider value={value}>{children}</TooltipContext.Provider>;
}

type TriggerChildProps = {
  ref?: Ref<HTMLElement>;
  "aria-describedby"?: string;
  onPointerMove?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/** Calls the child's own handler first; ours runs unless that one prevented the default. */
function compose<E extends { defaultPrevented: boolean }>(
  own: ((event: E) => void) | undefined,
  ours: (event: E) => void,
): (event: E) => void {
  return (event) => {
    own?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

function setRef<T>(ref: Ref<T> | undefined, value: T): void {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

/** The element the tooltip describes: its one child (a button), given the tooltip's handlers. */
export function TooltipTrigger({
  children,
}: {
  asChild?: boolean;
  children: ReactElement<TriggerChildProps>;
}) {
  const context = useTooltipContext("TooltipTrigger");
  if (!isValidElement(children)) throw new Error("<TooltipTrigger> needs one element as its child");
  const own = children.props;
  const ownRef = own.ref;
  const { triggerRef, show, hide, delayDuration, pressed } = context;
  const ref = useCallback(
    (node: HTMLElement | null) => {
      triggerRef.current = node;
      setRef(ownRef, node);
    },
    [triggerRef, ownRef],
  );
  return cloneElement(children, {
    ref,
    "aria-describedby": context.open ? context.contentId : own["aria-describedby"],
    onPointerMove: compose(own.onPointerMove, (event) => {
      if (event.pointerType === "touch") return;
      // Open after the delay; back on the trigger within the grace period, stay open.
      show(context.open ? 0 : delayDuration);
    }),
    onPointerLeave: compose(own.onPointerLeave, () => hide(context.open ? LEAVE_GRACE_MS : 0)),
    onPointerDown: compose(own.onPointerDown, () => {
      pressed.current = true;
      document.addEventListener(
        "pointerup",
        () => {
          pressed.current = false;
        },
        { once: true },
      );
      hide(0);
    }),
    onFocus: compose(own.onFocus, () => {
      if (!pressed.current) show(0);
    }),
    onBlur: compose(own.onBlur, () => hide(0)),
  });
}

type Side = "top" | "right" | "bottom" | "left";

/** Where the content goes beside the trigger, flipped to the other side when it does not fit. */
function place(
  trigger: DOMRect,
  content: DOMRect,
  side: Side,
  offset: number,
): { left: number; top: number } {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  let left: number;
  let top: number;
  if (side === "top" || side === "bottom") {
    left = trigger.left + trigger.width / 2 - content.width / 2;
    const above = trigger.top - content.height - offset;
    const below = trigger.bottom + offset;
    if (side === "top") top = above >= EDGE_PX || below + content.height > vh - EDGE_PX ? above : below;
    else top = below + content.height <= vh - EDGE_PX || above < EDGE_PX ? below : above;
  } else {
    top = trigger.top + trigger.height / 2 - content.height / 2;
    const before = trigger.left - content.width - offset;
    const after = trigger.right + offset;
    if (side === "left") left = before >= EDGE_PX || after + content.width > vw - EDGE_PX ? before : after;
    else left = after + content.width <= vw - EDGE_PX || before < EDGE_PX ? after : before;
  }
  const clamp = (value: number, size: number, room: number) =>
    Math.max(EDGE_PX, Math.min(value, room - size - EDGE_PX));
  return { left: clamp(left, content.width, vw), top: clamp(top, content.height, vh) };
}

/** The tooltip itself, in a layer above the page while open (role "tooltip", the trigger's description). */
export function TooltipContent({
  className,
  side = "top",
  sideOffset = 6,
  children,
  ...props
}: Omit<ComponentProps<"div">, "role" | "id"> & { side?: Side; sideOffset?: number }) {
  const context = useTooltipContext("TooltipContent");
  const contentRef = useRef<HTMLDivElement | null>(null);
  const { open, triggerRef, hide, show } = context;
  useLayoutEffect(() => {
    const content = contentRef.current;
    const trigger = triggerRef.current;
    if (!open || !content || !trigger) return;
    const { left, top } = place(
      trigger.getBoundingClientRect(),
      content.getBoundingClientRect(),
      side,
      sideOffset,
    );
    content.style.left = `${left}px`;
    content.style.top = `${top}px`;
    content.style.visibility = "visible";
  }, [open, side, sideOffset, triggerRef]);
  if (!open) return null;
  return createPortal(
    <div
      {...props}
      ref={contentRef}
      role="tooltip"
      id={context.contentId}
      data-state="delayed-open"
      data-side={side}
      style={{ position: "fixed", left: 0, top: 0, visibility: "hidden" }}
      onPointerEnter={() => show(0)}
      onPointerLeave={() => hide(LEAVE_GRACE_MS)}
      className={cn(
        "z-50 max-w-xs rounded-md border bg-background px-3 py-2 text-xs leading-relaxed text-foreground shadow-md data-[state=delayed-open]:animate-fade-in",
        className,
      )}
    >
      {children}
    </div>,
    document.body,
  );
}
