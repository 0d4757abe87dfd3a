import { LIMITS, isBlank } from '@quad/contracts';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../ui/button';
import { Composer } from './conversation-view.styles';

export interface MessageComposerProps {
  placeholder: string;
  /** Sends the trimmed text; true when it went (the box is cleared), false to keep it for another try. */
  onSend: (content: string) => Promise<boolean>;
  /** Tells the other side I am typing (or stopped). */
  notifyTyping: (isTyping: boolean) => void;
}

/** The text box and Send button of a conversation: Enter sends; blank text (or only invisible characters), or a send still running, is ignored (spec section 5). */
export function MessageComposer({ placeholder, onSend, notifyTyping }: MessageComposerProps) {
  const [draft, setDraft] = useState('');
  const [isSending, setSending] = useState(false);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = draft.trim();
    if (isBlank(content) || isSending) return;
    notifyTyping(false);
    setSending(true);
    const sent = await onSend(content).finally(() => setSending(false));
    if (sent) setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  }

  return (
    <Composer onSubmit={submit}>
      <input
        aria-label="Type a message"
        placeholder={placeholder}
        value={draft}
        maxLength={LIMITS.message}
        onChange={(event) => {
          setDraft(event.target.value);
          notifyTyping(!isBlank(event.target.value));
        }}
        onKeyDown={onKeyDown}
        onBlur={() => notifyTyping(false)}
      />
      <Button type="submit" disabled={isSending || isBlank(draft)} aria-label="Send message">
        Send
      </Button>
    </Composer>
  );
}

/** A message list that scrolls down to the newest message whenever `key` changes (a new message, a typing line). */
export function useScrollToNewest(key: string) {
  const listRef = useRef<HTMLOListElement>(null);
  const scrolledFor = useRef('');
  useEffect(() => {
    const list = listRef.current;
    if (!list || scrolledFor.current === key) return;
    scrolledFor.current = key;
    list.scrollTop = list.scrollHeight;
  }, [key]);
  return listRef;
}
