import type { ChatMessage } from '@quad/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { serverMessage } from '../../../api/api-error';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { ArrowLeftIcon, CheckIcon, XIcon } from '../../../ui/icons';
import { ReportDialog } from '../../../ui/report-dialog';
import { useToast } from '../../../ui/toast';
import { markConversationOpen } from '../../../lib/chat/chat-socket';
import { useGetMessagesQuery, useLoadOlderMessagesMutation, useMarkReadMutation, useSendMessageMutation } from '../api';
import { useReportMessageMutation } from '../groups-api';
import { useTyping } from '../hooks/use-chat-socket';
import type { ConversationEntry } from '../hooks/use-conversations';
import { presenceText } from '../presence-text';
import {
  Bubble,
  BubbleMeta,
  BubbleRow,
  HeaderText,
  Hint,
  IconButton,
  MessageList,
  ReportLink,
  StatusLine,
  TypingLine,
  ViewHeader,
  ViewRoot,
} from './conversation-view.styles';
import { MessageComposer, useScrollToNewest } from './message-composer';

export interface ConversationViewProps {
  myId: string;
  entry: ConversationEntry;
  /** The panel's back and close buttons; the Messages screen has neither. */
  onBack?: () => void;
  onClose?: () => void;
}

function ReadMark({ message }: { message: ChatMessage }) {
  // One check: sent; two: read by the receiver.
  return message.isRead ? (
    <span aria-label="Read" title="Read" style={{ display: 'inline-flex' }}>
      <CheckIcon width={12} height={12} aria-hidden="true" />
      <CheckIcon width={12} height={12} aria-hidden="true" style={{ marginLeft: -7 }} />
    </span>
  ) : (
    <span aria-label="Sent" title="Sent" style={{ display: 'inline-flex' }}>
      <CheckIcon width={12} height={12} aria-hidden="true" />
    </span>
  );
}

/** One conversation: header, bubbles (own on the right, with read marks), typing, and the composer. */
export function ConversationView({ myId, entry, onBack, onClose }: ConversationViewProps) {
  const partner = entry.person;
  const { data, isLoading } = useGetMessagesQuery(partner.id);
  const messages = data?.messages ?? [];
  const [loadOlder, { isLoading: isLoadingOlder }] = useLoadOlderMessagesMutation();
  const [send] = useSendMessageMutation();
  const [markRead] = useMarkReadMutation();
  const { partnerTyping, notifyTyping } = useTyping(partner.id);
  const { toast } = useToast();
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  const [reportMessage] = useReportMessageMutation();
  const name = `${partner.firstName} ${partner.lastName}`.trim();
  const last = messages.at(-1);
  const unread = messages.filter((message) => message.senderId === partner.id && !message.isRead);

  // On screen: messages from this partner raise no 'New message' notice.
  useEffect(() => markConversationOpen(partner.id), [partner.id]);

  // Down to the newest message whenever one arrives (or the typing line shows).
  const listRef = useScrollToNewest(`${last?.id ?? ''}|${partnerTyping}`);

  // Open and showing their messages: they are read (again for each new one).
  const newestUnreadId = unread.at(-1)?.id ?? null;
  const hasUnreadCount = entry.unreadCount > 0;
  useEffect(() => {
    if (newestUnreadId || hasUnreadCount) void markRead(partner.id);
  }, [newestUnreadId, hasUnreadCount, partner.id, markRead]);

  async function sendText(content: string): Promise<boolean> {
    const result = await send({ receiverId: partner.id, content });
    if (!('error' in result)) return true;
    toast({ title: 'Failed to send message', description: serverMessage(result.error) ?? 'Please try again.', variant: 'destructive' });
    return false;
  }

  let body: ReactNode;
  if (isLoading) body = <Hint>Loading messages...</Hint>;
  else if (messages.length === 0) body = <Hint>No messages yet. Say hello!</Hint>;
  else {
    body = (
      <MessageList ref={listRef} aria-label={`Messages with ${name}`}>
        {data?.olderCursor && (
          <li style={{ alignSelf: 'center' }}>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={isLoadingOlder}
              onClick={() => void loadOlder({ userId: partner.id, cursor: data.olderCursor! })}
            >
              {isLoadingOlder ? 'Loading...' : 'Load earlier messages'}
            </Button>
          </li>
        )}
        {messages.map((message) => {
          const own = message.senderId === myId;
          return (
            <BubbleRow key={message.id} $own={own}>
              <Bubble $own={own}>
                {message.content}
                <BubbleMeta $own={own}>
                  <time dateTime={message.createdAt}>{formatTimestamp(message.createdAt)}</time>
                  {own && <ReadMark message={message} />}
                  {!own && (
                    <>
                      <span aria-hidden="true">·</span>
                      <ReportLink type="button" onClick={() => setReporting(message)} aria-label={`Report message from ${partner.firstName}`}>
                        Report
                      </ReportLink>
                    </>
                  )}
                </BubbleMeta>
              </Bubble>
            </BubbleRow>
          );
        })}
      </MessageList>
    );
  }

  return (
    <ViewRoot aria-label={`Conversation with ${name}`}>
      <ViewHeader>
        {onBack && (
          <IconButton type="button" onClick={onBack} aria-label="Back to conversations">
            <ArrowLeftIcon />
          </IconButton>
        )}
        <Avatar
          firstName={partner.firstName}
          lastName={partner.lastName}
          imageUrl={partner.profileImageUrl}
          color={partner.profileColor}
          size={36}
          online={!partner.deleted && entry.presence?.isOnline}
        />
        <HeaderText>
          <h2>{name}</h2>
          <StatusLine $online={!partner.deleted && entry.presence?.isOnline}>
            {partner.deleted ? 'Account deleted' : presenceText(entry.presence)}
          </StatusLine>
        </HeaderText>
        {onClose && (
          <IconButton type="button" onClick={onClose} aria-label="Close conversation">
            <XIcon />
          </IconButton>
        )}
      </ViewHeader>
      {body}
      {partnerTyping && <TypingLine aria-live="polite">{partner.firstName} is typing...</TypingLine>}
      {partner.deleted ? (
        <Hint role="status">This account was deleted. You can read your messages, but not reply.</Hint>
      ) : (
        <MessageComposer placeholder="Type a message..." onSend={sendText} notifyTyping={notifyTyping} />
      )}
      <ReportDialog
        kind={reporting ? 'message' : null}
        itemKey={reporting?.id}
        onClose={() => setReporting(null)}
        submit={(choice) => reportMessage({ messageId: reporting!.id, ...choice }).unwrap()}
      />
    </ViewRoot>
  );
}
