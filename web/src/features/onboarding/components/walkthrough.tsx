import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../ui/icons';
import { useFocusTrap } from '../../../ui/use-focus-trap';
import { WALKTHROUGH_STEPS, type WalkthroughPosition, type WalkthroughStep } from '../walkthrough-steps';
import { Blocker, Card, CardContent, CardFooter, CardHead, CardText, CardTitle, CloseButton, Dots, Spotlight, StepDot } from './walkthrough.styles';

export interface WalkthroughProps {
  open: boolean;
  /** Closed without finishing (the X or Escape). */
  onClose: () => void;
  /** Finish on the last step. */
  onFinish: () => void;
  steps?: readonly WalkthroughStep[];
}

/**
 * The guided walkthrough (spec section 2): for each step it highlights the target element with a
 * spotlight, places a card beside it, and offers Back, Next and Finish with a 'Step n of 6' badge.
 */
export function Walkthrough({ open, onClose, onFinish, steps = WALKTHROUGH_STEPS }: WalkthroughProps) {
  if (!open || steps.length === 0) return null;
  return <WalkthroughTour onClose={onClose} onFinish={onFinish} steps={steps} />;
}

interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

interface Layout {
  rect: Rect | null;
  viewport: Size;
  cardHeight: number;
}

const SPOTLIGHT_PADDING = 8;
const CARD_GAP = 16;
const VIEWPORT_MARGIN = 12;
const CARD_WIDTH = 352;
const PHONE_MAX_WIDTH = 640;

/** The first element matching the selector that is actually laid out (a hidden sidebar does not count). */
export function findWalkthroughTarget(selector: string): HTMLElement | null {
  const candidates = Array.from(document.querySelectorAll<HTMLElement>(selector));
  return (
    candidates.find((element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    }) ?? null
  );
}

function measureLayout(selector: string, card: HTMLElement | null): Layout {
  const target = findWalkthroughTarget(selector);
  const box = target?.getBoundingClientRect();
  return {
    rect: box
      ? {
          top: box.top - SPOTLIGHT_PADDING,
          left: box.left - SPOTLIGHT_PADDING,
          width: box.width + SPOTLIGHT_PADDING * 2,
          height: box.height + SPOTLIGHT_PADDING * 2,
        }
      : null,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    cardHeight: card?.offsetHeight || 200,
  };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function WalkthroughTour({ onClose, onFinish, steps }: Required<Pick<WalkthroughProps, 'onClose' | 'onFinish' | 'steps'>>) {
  const [index, setIndex] = useState(0);
  // Where the target and the card are, read from the DOM in animation frames (null before the first).
  const [layout, setLayout] = useState<Layout | null>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const step = steps[index]!;
  const last = index === steps.length - 1;
  useFocusTrap(cardRef, true, onClose);

  // Bring each step's target into view, then follow it (and the card's size) while the page
  // scrolls or resizes. The DOM is read in animation frames, after layout has settled.
  useLayoutEffect(() => {
    findWalkthroughTarget(step.target)?.scrollIntoView?.({
      block: 'nearest',
      inline: 'nearest',
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setLayout(measureLayout(step.target, cardRef.current)));
    };
    schedule();
    window.addEventListener('scroll', schedule, true);
    window.addEventListener('resize', schedule);
    // The card's height changes with its text and width; placement depends on it.
    const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    if (cardRef.current) resizeObserver?.observe(cardRef.current);
    return () => {
      cancelAnimationFrame(frame);
      resizeObserver?.disconnect();
      window.removeEventListener('scroll', schedule, true);
      window.removeEventListener('resize', schedule);
    };
  }, [step.target]);

  // Back disables itself on the first step; keep keyboard focus on the card's main button then.
  useEffect(() => {
    if (index === 0 && document.activeElement instanceof HTMLButtonElement && document.activeElement.disabled) primaryRef.current?.focus();
  }, [index]);

  const rect = layout?.rect ?? null;
  const placement = layout
    ? placeCard(rect, step.position, { width: CARD_WIDTH, height: layout.cardHeight }, layout.viewport)
    : placeCard(null, 'center', { width: CARD_WIDTH, height: 200 }, { width: window.innerWidth, height: window.innerHeight });

  return createPortal(
    <>
      <Blocker $dim={rect === null} aria-hidden="true" />
      {rect && <Spotlight $pulse={step.animation === 'pulse'} style={rect} aria-hidden="true" data-testid="walkthrough-spotlight" />}
      <Card
        ref={cardRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
        style={{ ...placement, opacity: layout ? 1 : 0 }}
        data-step={step.id}
      >
        <CardContent key={step.id} $animation={step.animation}>
          <CardHead>
            <Badge $variant="primary">
              Step {index + 1} of {steps.length}
            </Badge>
            <CloseButton placement="inline" label="Close tour" onClick={onClose} />
          </CardHead>
          <CardTitle id={titleId}>{step.title}</CardTitle>
          <CardText id={textId}>{step.description}</CardText>
        </CardContent>
        <CardFooter>
          <Dots aria-hidden="true">
            {steps.map((item, dotIndex) => (
              <StepDot key={item.id} $active={dotIndex === index} $done={dotIndex < index} />
            ))}
          </Dots>
          <Button variant="outline" size="sm" onClick={() => setIndex((current) => current - 1)} disabled={index === 0}>
            <ChevronLeftIcon />
            Back
          </Button>
          {/* One button whose label changes, so keyboard focus stays on it from Next to Finish. */}
          <Button ref={primaryRef} size="sm" onClick={last ? onFinish : () => setIndex((current) => current + 1)} data-autofocus>
            {last ? 'Finish' : 'Next'}
            {!last && <ChevronRightIcon />}
          </Button>
        </CardFooter>
        <span className="visually-hidden" aria-live="polite">
          Step {index + 1} of {steps.length}: {step.title}
        </span>
      </Card>
    </>,
    document.body,
  );
}

interface Size {
  width: number;
  height: number;
}

const OPPOSITE: Record<WalkthroughPosition, WalkthroughPosition> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left', center: 'center' };

/**
 * Where the card goes: on the step's preferred side of the target, else the opposite side, else
 * any side with room; centred when there is no target. Phones get a full-width card above or below.
 */
export function placeCard(target: Rect | null, position: WalkthroughPosition, card: Size, viewport: Size): { top: number; left: number; width: number } {
  const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));
  const width = Math.min(card.width, viewport.width - VIEWPORT_MARGIN * 2);
  const centred = {
    top: clamp((viewport.height - card.height) / 2, VIEWPORT_MARGIN, viewport.height - card.height - VIEWPORT_MARGIN),
    left: (viewport.width - width) / 2,
    width,
  };
  if (!target || position === 'center') return centred;

  const maxTop = viewport.height - card.height - VIEWPORT_MARGIN;
  const maxLeft = viewport.width - width - VIEWPORT_MARGIN;
  const below = target.top + target.height + CARD_GAP;
  const above = target.top - CARD_GAP - card.height;

  if (viewport.width < PHONE_MAX_WIDTH) {
    const left = VIEWPORT_MARGIN;
    const fullWidth = viewport.width - VIEWPORT_MARGIN * 2;
    if (below <= maxTop) return { top: below, left, width: fullWidth };
    if (above >= VIEWPORT_MARGIN) return { top: above, left, width: fullWidth };
    // The target fills the screen: dock the card to whichever edge leaves more of it visible.
    const targetCentre = target.top + target.height / 2;
    return { top: targetCentre > viewport.height / 2 ? VIEWPORT_MARGIN : maxTop, left, width: fullWidth };
  }

  const centreX = clamp(target.left + target.width / 2 - width / 2, VIEWPORT_MARGIN, maxLeft);
  const centreY = clamp(target.top + target.height / 2 - card.height / 2, VIEWPORT_MARGIN, maxTop);
  const candidates: Record<Exclude<WalkthroughPosition, 'center'>, { top: number; left: number; fits: boolean }> = {
    bottom: { top: below, left: centreX, fits: below <= maxTop },
    top: { top: above, left: centreX, fits: above >= VIEWPORT_MARGIN },
    right: { top: centreY, left: target.left + target.width + CARD_GAP, fits: target.left + target.width + CARD_GAP <= maxLeft },
    left: { top: centreY, left: target.left - CARD_GAP - width, fits: target.left - CARD_GAP - width >= VIEWPORT_MARGIN },
  };
  const order = [position, OPPOSITE[position], 'bottom', 'top', 'right', 'left'] as const;
  for (const side of order) {
    if (side === 'center') continue;
    const candidate = candidates[side];
    if (candidate.fits) return { top: candidate.top, left: candidate.left, width };
  }
  return centred;
}
