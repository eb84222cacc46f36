import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { createContext, useContext } from 'react';
import { cn } from '../lib/cn.ts';

/** Tells a Tooltip that an app-wide TooltipProvider exists, so it does not add its own. */
const ProviderPresent = createContext(false);

export interface TooltipProviderProps extends React.ComponentProps<
  typeof TooltipPrimitive.Provider
> {
  /** Milliseconds a pointer rests on a trigger before the tooltip opens. Focus opens it at once. */
  delayDuration?: number;
}

/**
 * Shares open delays between all tooltips below it (moving from one trigger to the next opens
 * the next one without waiting). Put one near the root of the app.
 */
export function TooltipProvider({ delayDuration = 300, ...props }: TooltipProviderProps) {
  return (
    <ProviderPresent value={true}>
      <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />
    </ProviderPresent>
  );
}

export type TooltipProps = React.ComponentProps<typeof TooltipPrimitive.Root>;

/**
 * A short hint for a control, shown on hover and keyboard focus. Never put essential
 * information or interactive content in it. Works without a TooltipProvider above it.
 */
export function Tooltip(props: TooltipProps) {
  const hasProvider = useContext(ProviderPresent);
  const root = <TooltipPrimitive.Root {...props} />;
  return hasProvider ? root : <TooltipProvider>{root}</TooltipProvider>;
}

export type TooltipTriggerProps = React.ComponentProps<typeof TooltipPrimitive.Trigger>;

/** The described control; pass `asChild` to use your own button. */
export function TooltipTrigger(props: TooltipTriggerProps) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

export type TooltipContentProps = React.ComponentProps<typeof TooltipPrimitive.Content>;

/** The bubble, rendered in a portal with an arrow, inverted colours for contrast in both themes. */
export function TooltipContent({
  className,
  sideOffset = 4,
  collisionPadding = 8,
  children,
  ...props
}: TooltipContentProps) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background',
          'origin-(--radix-tooltip-content-transform-origin) text-balance',
          className,
        )}
        {...props}
      >
        {children}
        <TooltipPrimitive.Arrow className="fill-foreground" width={10} height={5} />
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}
