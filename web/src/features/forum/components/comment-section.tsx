import { isBlank, LIMITS, type Comment, type User } from '@quad/contracts';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { theme } from '../../../app/theme';
import { formatFullDateTime, formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { RefreshIcon, SendIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import {
  useCreateCommentMutation,
  useDeleteCommentMutation,
  useGetCommentsQuery,
  useUpdateCommentMutation,
} from '../api';
import { authorDisplay } from '../authorship';
import { BlockedNotice } from './blocked-notice';
import type { ReportTarget } from '../report-reasons';
import {
  Bubble,
  BubbleBody,
  CommentActions,
  CommentAuthor,
  CommentHead,
  CommentText,
  CommentTime,
  Composer,
  ComposerMain,
  ComposerRow,
  EditArea,
  EditButtons,
  Item,
  List,
  Note,
  Section,
  TextAction,
  TextBox,
} from './comment-section.styles';
import { useSubmit } from '../../../ui/use-submit';
import { useConfirmation } from '../../../ui/use-confirmation';

export const DELETE_COMMENT_CONFIRMATION = 'Are you sure you want to delete this comment?';

export interface CommentSectionProps {
  postId: string;
  viewer: User;
  onReport: (target: ReportTarget) => void;
}

/** Comments under a post: the list, inline editing of one's own, and a composer (spec sections 2, 4, 5). */
export function CommentSection({ postId, viewer, onReport }: CommentSectionProps) {
  const { data: comments, isLoading, isError, refetch } = useGetCommentsQuery(postId);
  const [deleteComment, { isLoading: isDeleting }] = useDeleteCommentMutation();
  const { submit } = useSubmit();
  const deletion = useConfirmation<Comment>({
    title: 'Delete comment',
    message: DELETE_COMMENT_CONFIRMATION,
    busy: isDeleting,
    onConfirm: (comment) =>
      submit(() => deleteComment({ id: comment.id, postId }).unwrap(), {
        failure: { title: 'Failed to delete comment', fallback: 'Something went wrong. Please try again.' },
      }),
  });

  return (
    <Section aria-label="Comments">
      {isLoading ? (
        <Note>
          <Spinner size={18} label="Loading comments" />
          Loading comments...
        </Note>
      ) : isError ? (
        <Note role="alert">
          Couldn't load comments.
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            <RefreshIcon />
            Retry
          </Button>
        </Note>
      ) : comments && comments.length > 0 ? (
        <List>
          {comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              viewer={viewer}
              onDelete={() => deletion.ask(comment)}
              onReport={() =>
                onReport({ type: 'comment', contentId: comment.id, authorId: comment.authorId })
              }
            />
          ))}
        </List>
      ) : (
        <Note>No comments yet. Start the conversation!</Note>
      )}
      <CommentComposer postId={postId} viewer={viewer} />
      {deletion.dialog}
    </Section>
  );
}

interface CommentItemProps {
  comment: Comment;
  viewer: User;
  onDelete: () => void;
  onReport: () => void;
}

function CommentItem({ comment, viewer, onDelete, onReport }: CommentItemProps) {
  const author = authorDisplay(comment, viewer.id);
  const [draft, setDraft] = useState<string | null>(null);
  const [shown, setShown] = useState(false);
  const [updateComment, { isLoading: isSaving }] = useUpdateCommentMutation();
  const { submit } = useSubmit();
  const editing = draft !== null;

  async function save() {
    const content = draft?.trim() ?? '';
    if (isBlank(content)) return;
    await submit(() => updateComment({ id: comment.id, postId: comment.postId, content }).unwrap(), {
      failure: { title: 'Failed to update comment', fallback: 'Something went wrong. Please try again.' },
      onSuccess: () => setDraft(null),
    });
  }

  function onEditKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setDraft(null);
    } else if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void save();
    }
  }

  return (
    <Item>
      <Avatar {...author.avatar} size={32} />
      <Bubble>
        <BubbleBody>
          <CommentHead>
            <CommentAuthor>{author.name}</CommentAuthor>
            {author.anonymous && author.isOwn && (
              <Badge title="Only you and admins can see that you wrote this">You</Badge>
            )}
            {author.anonymous && !author.isOwn && author.revealedName && (
              <Badge $variant="outline" title="Visible to admins only">
                {author.revealedName}
              </Badge>
            )}
            <CommentTime dateTime={comment.createdAt} title={formatFullDateTime(comment.createdAt)}>
              {formatTimestamp(comment.createdAt)}
            </CommentTime>
          </CommentHead>
          {editing ? (
            <EditArea>
              <TextBox
                aria-label="Comment text"
                value={draft}
                maxLength={LIMITS.comment}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onEditKeyDown}
                autoFocus
              />
              <EditButtons>
                <Button size="sm" variant="outline" onClick={() => setDraft(null)} disabled={isSaving}>
                  Cancel
                </Button>
                <Button
                  size="sm"
                  onClick={() => void save()}
                  disabled={isBlank(draft) || isSaving}
                  loading={isSaving}
                >
                  Save
                </Button>
              </EditButtons>
            </EditArea>
          ) : comment.authorBlocked && !shown ? (
            <BlockedNotice onShow={() => setShown(true)} />
          ) : (
            <CommentText>{comment.content}</CommentText>
          )}
        </BubbleBody>
        {!editing && (
          <CommentActions>
            {comment.canEdit && (
              <>
                <TextAction type="button" onClick={() => setDraft(comment.content)} aria-label="Edit comment">
                  Edit
                </TextAction>
                <TextAction type="button" $danger onClick={onDelete} aria-label="Delete comment">
                  Delete
                </TextAction>
              </>
            )}
            <TextAction type="button" $danger onClick={onReport} aria-label="Report comment">
              Report
            </TextAction>
          </CommentActions>
        )}
      </Bubble>
    </Item>
  );
}

function CommentComposer({ postId, viewer }: { postId: string; viewer: User }) {
  const [content, setContent] = useState('');
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [createComment, { isLoading }] = useCreateCommentMutation();
  const { submit } = useSubmit();
  const blank = isBlank(content);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    if (blank || isLoading) return;
    await submit(() => createComment({ postId, content: content.trim(), isAnonymous }).unwrap(), {
      failure: { title: 'Failed to post comment', fallback: 'Something went wrong. Please try again.' },
      onSuccess: () => {
        setContent('');
        setIsAnonymous(false);
      },
    });
  }

  return (
    <Composer onSubmit={(event) => void send(event)}>
      {isAnonymous ? (
        <Avatar fallbackText="?" color={theme.colors.anonymous} size={32} />
      ) : (
        <Avatar person={viewer} size={32} />
      )}
      <ComposerMain>
        <TextBox
          aria-label="Write a comment"
          placeholder="Write a comment..."
          rows={2}
          value={content}
          maxLength={LIMITS.comment}
          onChange={(event) => setContent(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              void send();
            }
          }}
        />
        <ComposerRow>
          <Checkbox
            label="Post anonymously"
            checked={isAnonymous}
            onChange={(event) => setIsAnonymous(event.target.checked)}
          />
          <Button type="submit" size="sm" disabled={blank || isLoading} loading={isLoading}>
            {!isLoading && <SendIcon />}
            Post
          </Button>
        </ComposerRow>
      </ComposerMain>
    </Composer>
  );
}
