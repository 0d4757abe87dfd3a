import { isBlank, CREATE_POST_BLANK, LIMITS, TOPIC_REQUIRED, type Post, type Topic } from '@quad/contracts';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { ImageIcon, TrashIcon } from '../../../ui/icons';
import { TextFields } from '../../../ui/text-fields';
import { Select } from '../../../ui/select';
import { pickedImage } from '../../../lib/image-file';
import { useToast } from '../../../ui/toast';
import { useCreatePostMutation } from '../api';
import { AnonymousRow, DropIcon, DropText, DropZone, Preview } from './post-form.styles';
import { ActionForm, newItemDialog, type NewItemFormProps } from '../../../ui/form-dialog';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';

export const CREATE_POST_SUCCESS = 'Your post has been created successfully!';
export const CREATE_POST_FAILURE = 'Failed to create post. Please try again.';

interface CreatePostFormProps extends NewItemFormProps<Post> {
  topics: Topic[];
  /** Preselected topic: the one the feed shows. */
  defaultTopicId: number | null;
}

const POST_FIELDS = {
  title: { label: 'Title', placeholder: "What's on your mind?", maxLength: LIMITS.postTitle },
  content: {
    label: 'Content',
    placeholder: 'Share the details, ask a question or start a discussion...',
    rows: 5,
    maxLength: LIMITS.postContent,
  },
};

// Mounted only while the dialog is open, so every opening starts with an empty form.
function CreatePostForm({ topics, defaultTopicId, frame, outcome }: CreatePostFormProps) {
  const { values, bind } = useFields({
    title: '',
    content: '',
    topicId: String(defaultTopicId ?? topics[0]?.id ?? ''),
  });
  const [isAnonymous, setIsAnonymous] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [createPost] = useCreatePostMutation();
  const { toast } = useToast();
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

  function postBody() {
    const body = new FormData();
    body.append('title', values.title.trim());
    body.append('content', values.content.trim());
    body.append('topicId', values.topicId);
    body.append('isAnonymous', isAnonymous ? 'true' : 'false');
    if (image) body.append('image', image);
    return body;
  }

  const form = useSubmitForm({
    check: () =>
      isBlank(values.title) || isBlank(values.content)
        ? ['Required Fields', CREATE_POST_BLANK]
        : !values.topicId && ['Required Fields', TOPIC_REQUIRED],
    call: () => createPost(postBody()).unwrap(),
    ...outcome,
  });

  return (
    <ActionForm {...frame} form={form}>
      <Select
        label="Topic"
        {...bind('topicId')}
        placeholder={topics.length === 0 ? 'No topics available' : undefined}
        options={topics.map((topic) => ({ value: String(topic.id), label: `${topic.icon} ${topic.name}` }))}
      />
      <TextFields fields={POST_FIELDS} bind={bind} />
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
    </ActionForm>
  );
}

/** 'Create New Post' (spec sections 2, 5, 7): title, content, topic, anonymity and an optional image. */
export const CreatePostDialog = newItemDialog(CreatePostForm, {
  title: 'Create New Post',
  description: 'Start a discussion with students at your college.',
  width: 'lg',
  label: 'Create post',
  submitLabel: 'Create Post',
  busyLabel: 'Posting...',
  success: { title: 'Post created', description: CREATE_POST_SUCCESS },
  failure: { title: 'Error', description: CREATE_POST_FAILURE },
});
