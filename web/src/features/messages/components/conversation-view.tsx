import type { ChatMessage } from '@quad/contracts';
import { useEffect, type ReactNode } from 'react';
import { Avatar } from '../../../ui/avatar';
import { CheckIcon } from '../../../ui/icons';
import {
  useGetMessagesQuery,
  useLoadOlderMessagesMutation,
  useMarkReadMutation,
  useSendMessageMutation,
} from '../api';
import { useTyping } from '../hooks/use-typing';
import type { ConversationEntry } from '../hooks/use-conversations';
import { presenceText } from '../presence-text';
import {
  ConversationFrame,
  MessageThread,
  useMessageReport,
  useOpenConversation,
} from './conversation-frame';
import { Hint } from './conversation-view.styles';

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
  const report = useMessageReport();
  const name = `${partner.firstName} ${partner.lastName}`.trim();
  const last = messages.at(-1);
  const unread = messages.filter((message) => message.senderId === partner.id && !message.isRead);

  // Down to the newest message whenever one arrives (or the typing line shows).
  const { listRef, sendText } = useOpenConversation(
    partner.id,
    `${last?.id ?? ''}|${partnerTyping}`,
    (content) => send({ receiverId: partner.id, content }).unwrap(),
  );

  // Open and showing their messages: they are read (again for each new one).
  const newestUnreadId = unread.at(-1)?.id ?? null;
  const hasUnreadCount = entry.unreadCount > 0;
  useEffect(() => {
    if (newestUnreadId || hasUnreadCount) void markRead(partner.id);
  }, [newestUnreadId, hasUnreadCount, partner.id, markRead]);

  let body: ReactNode;
  if (isLoading) body = <Hint>Loading messages...</Hint>;
  else if (messages.length === 0) body = <Hint>No messages yet. Say hello!</Hint>;
  else {
    body = (
      <MessageThread
        label={`Messages with ${name}`}
        listRef={listRef}
        messages={messages}
        myId={myId}
        olderCursor={data?.olderCursor}
        isLoadingOlder={isLoadingOlder}
        onLoadOlder={(cursor) => void loadOlder({ userId: partner.id, cursor })}
        content={(message) => message.content}
        ownStatus={(message) => <ReadMark message={message} />}
        othersStatus={(message) => report.reportLink(message, partner.firstName)}
      />
    );
  }

  return (
    <ConversationFrame
      label={`Conversation with ${name}`}
      backLabel="Back to conversations"
      onBack={onBack}
      onClose={onClose}
      avatar={<Avatar person={partner} size={36} online={!partner.deleted && entry.presence?.isOnline} />}
      title={name}
      status={partner.deleted ? 'Account deleted' : presenceText(entry.presence)}
      statusOnline={!partner.deleted && entry.presence?.isOnline}
      typing={partnerTyping ? `${partner.firstName} is typing...` : null}
      // Nobody writes to a deleted account (the server refuses too); its history stays readable.
      composer={
        partner.deleted ? undefined : { placeholder: 'Type a message...', onSend: sendText, notifyTyping }
      }
    >
      {body}
      {partner.deleted && (
        <Hint role="status">This account was deleted. You can read your messages, but not reply.</Hint>
      )}
      {report.dialog}
    </ConversationFrame>
  );
}
