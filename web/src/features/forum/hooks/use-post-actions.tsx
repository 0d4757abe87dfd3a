import type { Post } from '@quad/contracts';
import { useState, type ReactNode } from 'react';
import { useConfirmation } from '../../../ui/use-confirmation';
import { useBlockAuthorMutation, useDeletePostMutation } from '../api';
import { EditPostDialog } from '../components/edit-post-dialog';
import { ReportDialog } from '../components/report-dialog';
import type { ReportTarget } from '../report-reasons';
import { useSubmit } from '../../../ui/use-submit';

export const DELETE_POST_CONFIRMATION =
  'Are you sure you want to delete this post? This action cannot be undone.';

export interface PostActions {
  onEdit: (post: Post) => void;
  onDelete: (post: Post) => void;
  onReport: (target: ReportTarget) => void;
  onBlock: (authorId: string) => void;
  /** The dialogs the actions open: render once beside the posts. */
  dialogs: ReactNode;
}

/**
 * What a post card's menu does (edit, delete with confirmation, report, block the author), for
 * every screen that shows posts: the feed and a post opened on its own. `onDeleted` runs after a
 * successful delete (a post's own page leaves).
 */
export function usePostActions(options: { onDeleted?: () => void } = {}): PostActions {
  const [editing, setEditing] = useState<Post | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [deletePost, { isLoading: isDeleting }] = useDeletePostMutation();
  const [blockAuthor] = useBlockAuthorMutation();
  const { submit } = useSubmit();

  async function block(authorId: string) {
    await submit(() => blockAuthor(authorId).unwrap(), {
      success: { title: 'User blocked', description: 'Their posts and comments are hidden for you.' },
      failure: { title: 'Failed to block user', fallback: 'Something went wrong. Please try again.' },
    });
  }

  const deletion = useConfirmation<Post>({
    title: 'Delete post',
    message: DELETE_POST_CONFIRMATION,
    busy: isDeleting,
    onConfirm: (post) =>
      submit(() => deletePost(post.id).unwrap(), {
        success: { title: 'Post deleted successfully' },
        failure: { title: 'Failed to delete post', fallback: 'Something went wrong. Please try again.' },
        onSuccess: () => options.onDeleted?.(),
      }),
  });

  return {
    onEdit: setEditing,
    onDelete: deletion.ask,
    onReport: setReporting,
    onBlock: (authorId) => void block(authorId),
    dialogs: (
      <>
        <EditPostDialog post={editing} onClose={() => setEditing(null)} />
        {deletion.dialog}
        <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      </>
    ),
  };
}
