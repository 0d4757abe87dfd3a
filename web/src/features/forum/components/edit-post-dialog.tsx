import { isBlank, EDIT_POST_BLANK, LIMITS, type Post } from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { ItemDialog } from '../../../ui/item-dialog';
import { Input, Textarea } from '../../../ui/input';
import { useUpdatePostMutation } from '../api';
import { Form } from './post-form.styles';
import { FormButtons } from '../../../ui/form-buttons';
import { useSubmit } from '../../../ui/use-submit';
import { bindValue } from '../../../ui/bind-value';

export interface EditPostDialogProps {
  /** The post being edited; null when closed. */
  post: Post | null;
  onClose: () => void;
}

/** 'Edit Post' (spec sections 2, 5): title and content, both required. */
export function EditPostDialog({ post, onClose }: EditPostDialogProps) {
  return (
    <ItemDialog
      item={post}
      onClose={onClose}
      title="Edit Post"
      description="Fix a typo or add more detail."
      width="lg"
    >
      {(editing) => <EditPostForm post={editing} onClose={onClose} />}
    </ItemDialog>
  );
}

function EditPostForm({ post, onClose }: { post: Post; onClose: () => void }) {
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [updatePost, { isLoading }] = useUpdatePostMutation();
  const { submit, refuse } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBlank(title) || isBlank(content)) {
      refuse('Please fill in all fields', EDIT_POST_BLANK);
      return;
    }
    await submit(() => updatePost({ id: post.id, title: title.trim(), content: content.trim() }).unwrap(), {
      success: { title: 'Post updated successfully' },
      failure: { title: 'Failed to update post', fallback: 'Something went wrong. Please try again.' },
      onSuccess: onClose,
    });
  }

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Edit post">
      <Input label="Title" {...bindValue(title, setTitle)} maxLength={LIMITS.postTitle} data-autofocus />
      <Textarea label="Content" rows={6} {...bindValue(content, setContent)} maxLength={LIMITS.postContent} />
      <FormButtons onCancel={onClose} busy={isLoading} submitLabel="Save Changes" busyLabel="Saving..." />
    </Form>
  );
}
