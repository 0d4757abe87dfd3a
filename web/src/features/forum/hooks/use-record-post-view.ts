import { useEffect, useRef, useState, type RefObject } from 'react';
import { useRecordPostViewMutation } from '../api';

/**
 * Records one view of a post per viewing session of its card (spec section 4): the first time
 * at least half of the card is on screen, never for the post's author. Failures are ignored.
 * Returns the server's count after the view, when it answered.
 *
 * Where IntersectionObserver is missing (old browsers, jsdom) the card counts as seen on mount.
 */
export function useRecordPostView(cardRef: RefObject<HTMLElement | null>, postId: string, isAuthor: boolean): number | null {
  const [recordView] = useRecordPostViewMutation();
  const recorded = useRef(false);
  const [viewCount, setViewCount] = useState<number | null>(null);

  useEffect(() => {
    if (isAuthor || recorded.current) return;
    const element = cardRef.current;
    if (!element) return;
    const record = () => {
      if (recorded.current) return;
      recorded.current = true;
      recordView(postId)
        .unwrap()
        .then((result) => {
          // Setting state after unmount is a no-op, so no cancellation is needed here.
          if (typeof result?.viewCount === 'number') setViewCount(result.viewCount);
        })
        .catch(() => {
          /* spec section 8: view-count failures are ignored */
        });
    };
    if (typeof IntersectionObserver === 'undefined') {
      record();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          record();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [cardRef, postId, isAuthor, recordView]);

  return viewCount;
}
