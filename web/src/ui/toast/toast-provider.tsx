import { createContext, useCallback, useEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { AlertTriangleIcon, InfoIcon, XIcon } from '../icons';
import { Body, Close, Description, List, ToastRoot, Title, ToastIcon, Viewport } from './toast.styles';

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_HOTKEY = 'F8';

export interface ToastOptions {
  title: ReactNode;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** Milliseconds before it hides itself; default 5000. */
  duration?: number;
}

interface ActiveToast extends ToastOptions {
  id: number;
}

export interface ToastApi {
  toast: (options: ToastOptions) => void;
  dismiss: () => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/**
 * Toasts, one at a time (spec section 9): a new toast replaces the current one. Each hides
 * after its duration (paused while hovered or focused), can be dismissed, swiped away, and
 * F8 moves focus to the notification region.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ActiveToast | null>(null);
  const [paused, setPaused] = useState(false);
  const [swipeOffset, setSwipeOffset] = useState(0);
  const nextId = useRef(1);
  const viewportRef = useRef<HTMLElement>(null);
  const swipeStart = useRef<number | null>(null);

  const dismiss = useCallback(() => setCurrent(null), []);
  const toast = useCallback((options: ToastOptions) => {
    setSwipeOffset(0);
    setPaused(false);
    setCurrent({ ...options, id: nextId.current++ });
  }, []);

  useEffect(() => {
    if (!current || paused) return;
    const timer = window.setTimeout(() => setCurrent((shown) => (shown?.id === current.id ? null : shown)), current.duration ?? TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current, paused]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === TOAST_HOTKEY) viewportRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    if ((event.target as HTMLElement).closest('button')) return;
    swipeStart.current = event.clientX;
    setPaused(true);
  }
  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    if (swipeStart.current !== null) setSwipeOffset(event.clientX - swipeStart.current);
  }
  function onPointerUp() {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    setPaused(false);
    if (Math.abs(swipeOffset) > TOAST_SWIPE_THRESHOLD_PX) dismiss();
    else setSwipeOffset(0);
  }

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const destructive = current?.variant === 'destructive';
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Viewport ref={viewportRef} tabIndex={-1} aria-label={`Notifications (${TOAST_HOTKEY})`}>
        <List>
          {current && (
            <ToastRoot
              key={current.id}
              role={destructive ? 'alert' : 'status'}
              aria-live={destructive ? 'assertive' : 'polite'}
              aria-atomic="true"
              data-variant={current.variant ?? 'default'}
              $destructive={destructive}
              $offset={swipeOffset}
              onMouseEnter={() => setPaused(true)}
              onMouseLeave={() => setPaused(false)}
              onFocus={() => setPaused(true)}
              onBlur={() => setPaused(false)}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            >
              <ToastIcon $destructive={destructive} aria-hidden="true">
                {destructive ? <AlertTriangleIcon /> : <InfoIcon />}
              </ToastIcon>
              <Body>
                <Title>{current.title}</Title>
                {current.description && <Description $destructive={destructive}>{current.description}</Description>}
              </Body>
              <Close type="button" aria-label="Dismiss notification" $destructive={destructive} onClick={dismiss}>
                <XIcon />
              </Close>
            </ToastRoot>
          )}
        </List>
      </Viewport>
    </ToastContext.Provider>
  );
}
