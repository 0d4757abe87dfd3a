import { conversationPath, isBlank, IDEA_LIMITS, type Idea } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorStatus } from '../../../api/api-error';
import { paths } from '../../../app/paths';
import { useSession } from '../../../lib/auth/use-session';
import { formatTimestamp } from '../../../lib/time';
import { Avatar } from '../../../ui/avatar';
import { Button, ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { useConfirmation } from '../../../ui/use-confirmation';
import {
  ArrowLeftIcon,
  CheckIcon,
  LightbulbIcon,
  MessageIcon,
  TrashIcon,
  UserPlusIcon,
} from '../../../ui/icons';
import { Textarea } from '../../../ui/input';
import { EmptyState, PageContainer } from '../../../ui/page';
import { Spinner } from '../../../ui/spinner';
import {
  useCreateIdeaCommentMutation,
  useDeleteIdeaCommentMutation,
  useGetIdeaCommentsQuery,
  useGetIdeaQuery,
  useGetInterestedStudentsQuery,
  useSetIdeaInterestMutation,
} from '../api';
import { useDeleteIdea } from '../hooks/use-delete-idea';
import { IdeaByline, IdeaChips, splitName } from './idea-card';
import {
  CardFooter,
  CommentText,
  Composer,
  Counts,
  Description,
  DetailLayout,
  IdeaTitle,
  Muted,
  PersonList,
  PersonRow,
  Section,
  SectionTitle,
} from './ideas.styles';
import { useSubmit } from '../../../ui/use-submit';
import { space, theme } from '../../../app/theme';
import { bindValue } from '../../../ui/bind-value';

/** /ideas/:id: the whole idea, its comments, and interest (the author sees who is interested). */
export function IdeaDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: idea, isLoading, error } = useGetIdeaQuery(id, { skip: !id });
  const { requestDelete, confirmDialog } = useDeleteIdea(() => navigate(paths.ideas));

  const back = (
    <ButtonLink to={paths.ideas} variant="ghost" size="sm" style={{ marginBottom: space(4) }}>
      <ArrowLeftIcon />
      Back to Ideas
    </ButtonLink>
  );
  if (isLoading) {
    return (
      <PageContainer>
        {back}
        <Spinner label="Loading idea..." />
      </PageContainer>
    );
  }
  if (!idea) {
    return (
      <PageContainer>
        {back}
        <Card>
          <EmptyState
            icon={<LightbulbIcon />}
            title={errorStatus(error) === 404 ? 'Idea not found' : 'Could not load this idea'}
            description={
              errorStatus(error) === 404
                ? 'It may have been deleted by its author.'
                : 'Something went wrong. Please try again.'
            }
          />
        </Card>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      {back}
      <DetailLayout>
        <div>
          <Section aria-labelledby="idea-title">
            <IdeaChips idea={idea} />
            <IdeaTitle id="idea-title" as="h1" style={{ fontSize: theme.fontSizes['2xl'] }}>
              {idea.title}
            </IdeaTitle>
            <IdeaByline idea={idea} />
            <Description>{idea.description}</Description>
            <CardFooter>
              <Counts>
                <span>{idea.commentsCount === 1 ? '1 comment' : `${idea.commentsCount} comments`}</span>
                <span>{idea.interestedCount} interested</span>
              </Counts>
              {idea.canDelete && (
                <Button variant="destructive" size="sm" onClick={() => requestDelete(idea)}>
                  <TrashIcon />
                  Delete
                </Button>
              )}
            </CardFooter>
          </Section>
          <IdeaComments idea={idea} />
        </div>
        <InterestPanel idea={idea} />
      </DetailLayout>
      {confirmDialog}
    </PageContainer>
  );
}

function InterestPanel({ idea }: { idea: Idea }) {
  const { user } = useSession();
  const isAuthor = user?.id === idea.authorId;
  const [setInterest, { isLoading }] = useSetIdeaInterestMutation();
  const { submit } = useSubmit();

  async function toggle() {
    await submit(() => setInterest({ ideaId: idea.id, interested: !idea.isInterested }).unwrap(), {
      success: idea.isInterested
        ? undefined
        : { title: 'Interest sent', description: `${idea.authorName} can now see that you are interested.` },
      failure: { title: 'Error', fallback: 'Something went wrong. Please try again.' },
    });
  }

  return (
    <Section aria-label="Interest">
      <SectionTitle>Interested students</SectionTitle>
      {isAuthor || user?.isAdmin ? (
        <InterestedList ideaId={idea.id} />
      ) : (
        <Muted>
          {idea.interestedCount === 1
            ? '1 student is interested.'
            : `${idea.interestedCount} students are interested.`}
        </Muted>
      )}
      {!isAuthor && (
        <Button
          variant={idea.isInterested ? 'secondary' : 'primary'}
          onClick={() => void toggle()}
          disabled={isLoading}
          loading={isLoading}
          aria-pressed={idea.isInterested}
        >
          {idea.isInterested ? <CheckIcon /> : <UserPlusIcon />}
          {idea.isInterested ? 'Interested' : "I'm interested"}
        </Button>
      )}
    </Section>
  );
}

function InterestedList({ ideaId }: { ideaId: string }) {
  const { data: students, isLoading } = useGetInterestedStudentsQuery(ideaId);
  if (isLoading) return <Spinner size={24} label="Loading interested students..." />;
  if (!students || students.length === 0) return <Muted>No one has said they are interested yet.</Muted>;
  return (
    <PersonList aria-label="Interested students">
      {students.map((student) => (
        <PersonRow key={student.userId}>
          <Avatar
            firstName={student.firstName}
            lastName={student.lastName}
            color={student.profileColor}
            size={36}
          />
          <div>
            <strong>
              {student.firstName} {student.lastName}
            </strong>
            <Muted>{student.college ?? 'Student'}</Muted>
          </div>
          <ButtonLink
            to={conversationPath({ userId: student.userId })}
            variant="outline"
            size="sm"
            aria-label={`Message ${student.firstName} ${student.lastName}`}
          >
            <MessageIcon />
            Message
          </ButtonLink>
        </PersonRow>
      ))}
    </PersonList>
  );
}

function IdeaComments({ idea }: { idea: Idea }) {
  const { data: comments, isLoading } = useGetIdeaCommentsQuery(idea.id);
  const [content, setContent] = useState('');
  const [createComment, { isLoading: isSending }] = useCreateIdeaCommentMutation();
  const [deleteComment, { isLoading: isDeleting }] = useDeleteIdeaCommentMutation();
  const { submit } = useSubmit();
  const deletion = useConfirmation<string>({
    title: 'Delete comment',
    message: 'Are you sure you want to delete this comment?',
    busy: isDeleting,
    onConfirm: (commentId) =>
      submit(() => deleteComment({ ideaId: idea.id, commentId }).unwrap(), {
        failure: { title: 'Error', fallback: 'Something went wrong. Please try again.' },
      }),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBlank(content)) return;
    await submit(() => createComment({ ideaId: idea.id, content: content.trim() }).unwrap(), {
      failure: { title: 'Error', fallback: 'Something went wrong. Please try again.' },
      onSuccess: () => setContent(''),
    });
  }

  return (
    <Section aria-label="Comments">
      <SectionTitle>Comments ({idea.commentsCount})</SectionTitle>
      {isLoading ? (
        <Spinner size={24} label="Loading comments..." />
      ) : !comments || comments.length === 0 ? (
        <Muted>No comments yet. Start the conversation!</Muted>
      ) : (
        <PersonList>
          {comments.map((comment) => {
            const [firstName, lastName] = splitName(comment.authorName);
            return (
              <PersonRow key={comment.id}>
                <Avatar
                  firstName={firstName}
                  lastName={lastName}
                  color={comment.authorProfileColor}
                  size={32}
                />
                <div>
                  <Muted>
                    <strong>{comment.authorName}</strong>
                    {comment.authorCollege ? ` · ${comment.authorCollege}` : ''} ·{' '}
                    {formatTimestamp(comment.createdAt)}
                  </Muted>
                  <CommentText>{comment.content}</CommentText>
                </div>
                {comment.canDelete && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label="Delete comment"
                    onClick={() => deletion.ask(comment.id)}
                  >
                    <TrashIcon />
                  </Button>
                )}
              </PersonRow>
            );
          })}
        </PersonList>
      )}
      <Composer onSubmit={(event) => void onSubmit(event)} aria-label="Add a comment">
        <Textarea
          label="Write a comment"
          rows={3}
          {...bindValue(content, setContent)}
          maxLength={IDEA_LIMITS.comment}
        />
        <Button type="submit" size="sm" disabled={isBlank(content) || isSending} loading={isSending}>
          Post
        </Button>
      </Composer>
      {deletion.dialog}
    </Section>
  );
}
