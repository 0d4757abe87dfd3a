import type { ChatMessage } from '@quad/contracts';
import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { markConversationOpen } from '../../../lib/chat/chat-socket';
import { formatTimestamp } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { ArrowLeftIcon, XIcon } from '../../../ui/icons';
import { ReportDialog } from '../../../ui/report-dialog';
import { useSubmit } from '../../../ui/use-submit';
import { useReportMessageMutation } from '../groups-api';
import { Bubble, BubbleMeta, BubbleRow, HeaderText, IconButton, MessageList, ReportLink, StatusLine, TypingLine, ViewHeader, ViewRoot } from './conversation-view.styles';
import { MessageComposer, useScrollToNewest } from './message-composer';

export interface ConversationFrameProps {
  /** The region's label ('Conversation with …', 'Group …'). */
  label: string;
  backLabel: string;
  onBack?: () => void;
  onClose?: () => void;
  avatar: ReactNode;
  title: string;
  status: ReactNode;
  statusOnline?: boolean;
  /** Buttons between the title and the close button (a group's Members). */
  actions?: ReactNode;
  children: ReactNode;
  /** The typing line's text, or null when nobody types. */
  typing: string | null;
  /** The composer's props; no composer when left out (a group's members panel). */
  composer?: { placeholder: string; onSend: (content: string) => Promise<boolean>; notifyTyping: (isTyping: boolean) => void };
}

/** A conversation, one-to-one or a group: header (back, avatar, title and status, actions, close), body, typing line, composer. */
export function ConversationFrame({ label, backLabel, onBack, onClose, avatar, title, status, statusOnline, actions, children, typing, composer }: ConversationFrameProps) {
  return (
    <ViewRoot aria-label={label}>
      <ViewHeader>
        {onBack && (
          <IconButton type="button" onClick={onBack} aria-label={backLabel}>
            <ArrowLeftIcon />
          </IconButton>
        )}
        {avatar}
        <HeaderText>
          <h2>{title}</h2>
          <StatusLine $online={statusOnline}>{status}</StatusLine>
        </HeaderText>
        {actions}
        {onClose && (
          <IconButton type="button" onClick={onClose} aria-label="Close conversation">
            <XIcon />
          </IconButton>
        )}
      </ViewHeader>
      {children}
      {typing && <TypingLine aria-live="polite">{typing}</TypingLine>}
      {composer && <MessageComposer {...composer} />}
    </ViewRoot>
  );
}

export interface MessageThreadProps {
  label: string;
  listRef: RefObject<HTMLOListElement | null>;
  messages: ChatMessage[];
  myId: string;
  /** The cursor of the page before the first message; null when everything is loaded. */
  olderCursor: string | null | undefined;
  isLoadingOlder: boolean;
  onLoadOlder: (cursor: string) => void;
  /** What a bubble holds before its time (the text, and in a group the sender's name). */
  content: (message: ChatMessage, own: boolean) => ReactNode;
  /** What follows the time in one's own bubbles (read marks, 'Seen by'). */
  ownStatus: (message: ChatMessage) => ReactNode;
  /** What follows the time in others' bubbles (Report). */
  othersStatus?: (message: ChatMessage) => ReactNode;
}

/** The bubbles of a conversation, oldest first, with 'Load earlier messages' while there are more. */
export function MessageThread({ label, listRef, messages, myId, olderCursor, isLoadingOlder, onLoadOlder, content, ownStatus, othersStatus }: MessageThreadProps) {
  return (
    <MessageList ref={listRef} aria-label={label}>
      {olderCursor && (
        <li style={{ alignSelf: 'center' }}>
          <Button type="button" variant="ghost" size="sm" disabled={isLoadingOlder} onClick={() => onLoadOlder(olderCursor)}>
            {isLoadingOlder ? 'Loading...' : 'Load earlier messages'}
          </Button>
        </li>
      )}
      {messages.map((message) => {
        const own = message.senderId === myId;
        return (
          <BubbleRow key={message.id} $own={own}>
            <Bubble $own={own}>
              {content(message, own)}
              <BubbleMeta $own={own}>
                <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt)}</time>
                {own ? ownStatus(message) : othersStatus?.(message)}
              </BubbleMeta>
            </Bubble>
          </BubbleRow>
        );
      })}
    </MessageList>
  );
}

/**
 * What every open conversation does: marks itself open (its messages raise no 'New message'
 * notice), scrolls to the newest message whenever `scrollKey` changes, and sends through `send`
 * with a toast when it fails. Returns the list's ref and the composer's send function.
 */
export function useOpenConversation(conversationId: string, scrollKey: string, send: (content: string) => Promise<unknown>) {
  const { submit } = useSubmit();
  useEffect(() => markConversationOpen(conversationId), [conversationId]);
  const listRef = useScrollToNewest(scrollKey);
  const sendText = (content: string) => submit(() => send(content), { failure: { title: 'Failed to send message', fallback: 'Please try again.' } });
  return { listRef, sendText };
}

/**
 * Reporting others' messages, the same in both views: `reportLink` follows the time in their
 * bubbles and opens `dialog` ('Report Message'), which sends POST /api/messages/:id/report.
 */
export function useMessageReport() {
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [reportMessage] = useReportMessageMutation();
  const reportLink = (message: ChatMessage, senderFirstName: string) => (
    <>
      <span aria-hidden="true">·</span>
      <ReportLink type="button" onClick={() => setReporting(message)} aria-label={`Report message from ${senderFirstName}`}>
        Report
      </ReportLink>
    </>
  );
  const dialog = (
    <ReportDialog
      kind={reporting ? 'message' : null}
      itemKey={reporting?.id}
      onClose={() => setReporting(null)}
      submit={(choice) => reportMessage({ messageId: reporting!.id, ...choice }).unwrap()}
    />
  );
  return { reportLink, dialog };
}
