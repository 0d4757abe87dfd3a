import { CREATE_POST_BLANK, LIMITS, TOPIC_REQUIRED, type Post, type Topic } from '@quad/contracts';
import { useEffect, useId, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Dialog } from '../../../ui/dialog';
import { ImageIcon, TrashIcon } from '../../../ui/icons';
import { Input, Textarea } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { pickedImage } from '../../../lib/image-file';
import { useToast } from '../../../ui/toast';
import { useCreatePostMutation } from '../api';
import { AnonymousRow, DropIcon, DropText, DropZone, Form, Preview } from './post-form.styles';
import { FormButtons } from '../../../ui/form-buttons';
import { useSubmit } from '../../../ui/use-submit';
import { bindValue } from '../../../ui/bind-value';

export const CREATE_POST_SUCCESS = 'Your post has been created successfully!';
export const CREATE_POST_FAILURE = 'Failed to create post. Please try again.';

export interface CreatePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  topics: Topic[];
  /** Preselected topic: the one the feed shows. */
  defaultTopicId: number | null;
  onCreated?: (post: Post) => void;
}

/** 'Create New Post' (spec sections 2, 5, 7): title, content, topic, anonymity and an optional image. */
export function CreatePostDialog({
  open,
  onOpenChange,
  topics,
  defaultTopicId,
  onCreated,
}: CreatePostDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create New Post"
      description="Start a discussion with students at your college."
      width="lg"
    >
      <CreatePostForm
        topics={topics}
        defaultTopicId={defaultTopicId}
        onCancel={() => onOpenChange(false)}
        onCreated={(post) => {
          onOpenChange(false);
          onCreated?.(post);
        }}
      />
    </Dialog>
  );
}

interface CreatePostFormProps {
  topics: Topic[];
  defaultTopicId: number | null;
  onCancel: () => void;
  onCreated: (post: Post) => void;
}

// Mounted only while the dialog is open, so every opening starts with an empty form.
function CreatePostForm({ topics, defaultTopicId, onCancel, onCreated }: CreatePostFormProps) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [topicId, setTopicId] = useState(() => String(defaultTopicId ?? topics[0]?.id ?? ''));
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [createPost, { isLoading }] = useCreatePostMutation();
  const { toast } = useToast();
  const { submit, refuse } = useSubmit();
  const fileInputId = useId();

  const previewUrl = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  function onImageChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = pickedImage(event, toast);
    if (file) setImage(file);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !content.trim()) {
      refuse('Required Fields', CREATE_POST_BLANK);
      return;
    }
    if (!topicId) {
      refuse('Required Fields', TOPIC_REQUIRED);
      return;
    }
    const body = new FormData();
    body.append('title', title.trim());
    body.append('content', content.trim());
    body.append('topicId', topicId);
    body.append('isAnonymous', isAnonymous ? 'true' : 'false');
    if (image) body.append('image', image);
    await submit(() => createPost(body).unwrap(), {
      success: { title: 'Post created', description: CREATE_POST_SUCCESS },
      failure: { title: 'Error', description: CREATE_POST_FAILURE },
      onSuccess: onCreated,
    });
  }

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create post">
      <Select
        label="Topic"
        {...bindValue(topicId, setTopicId)}
        placeholder={topics.length === 0 ? 'No topics available' : undefined}
        options={topics.map((topic) => ({ value: String(topic.id), label: `${topic.icon} ${topic.name}` }))}
      />
      <Input
        label="Title"
        placeholder="What's on your mind?"
        {...bindValue(title, setTitle)}
        maxLength={LIMITS.postTitle}
        data-autofocus
      />
      <Textarea
        label="Content"
        placeholder="Share the details, ask a question or start a discussion..."
        rows={5}
        {...bindValue(content, setContent)}
        maxLength={LIMITS.postContent}
      />
      {image && previewUrl ? (
        <Preview>
          <img src={previewUrl} alt="Preview of the chosen image" />
          <figcaption>
            <span>{image.name}</span>
            <Button variant="ghost" size="sm" onClick={() => setImage(null)}>
              <TrashIcon />
              Remove image
            </Button>
          </figcaption>
        </Preview>
      ) : (
        <DropZone htmlFor={fileInputId}>
          <DropIcon aria-hidden="true">
            <ImageIcon />
          </DropIcon>
          <DropText>
            Add an image (optional)
            <small>PNG, JPG, GIF or WebP, up to 5 MB</small>
          </DropText>
          <input
            id={fileInputId}
            type="file"
            accept="image/*"
            className="visually-hidden"
            onChange={onImageChosen}
          />
        </DropZone>
      )}
      <AnonymousRow>
        <Checkbox
          label="Post anonymously"
          checked={isAnonymous}
          onChange={(event) => setIsAnonymous(event.target.checked)}
        />
        <p>Other students will see 'Anonymous' instead of your name.</p>
      </AnonymousRow>
      <FormButtons onCancel={onCancel} busy={isLoading} submitLabel="Create Post" busyLabel="Posting..." />
    </Form>
  );
}
