import {
  POLL_CREATE_FAILED,
  POLL_LIMITS,
  POLL_OPTIONS,
  POLL_OPTIONS_REQUIRED,
  POLL_QUESTION_REQUIRED,
  POLL_TOPIC_ID,
} from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { PlusIcon, XIcon } from '../../../ui/icons';
import { Input, Textarea } from '../../../ui/input';
import { DialogForm as Form } from '../../../ui/dialog-form';
import { FormButtons } from '../../../ui/form-buttons';
import { useCreatePollMutation } from '../api';
import { OptionField } from './polls.styles';
import { useSubmit } from '../../../ui/use-submit';
import { bindValue } from '../../../ui/bind-value';

export const POLL_CREATED = 'Your poll is live for your college.';

/** 'Create Poll' (spec sections 2, 5, 9): a question, an optional description and 2 to 5 options. */
export function CreatePollDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Poll"
      description="Ask students at your college a question."
      width="34rem"
    >
      <CreatePollForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

// Mounted only while the dialog is open, so every opening starts with an empty form.
function CreatePollForm({ onDone }: { onDone: () => void }) {
  const [question, setQuestion] = useState('');
  const [description, setDescription] = useState('');
  const [options, setOptions] = useState<string[]>(() => Array.from({ length: POLL_OPTIONS.min }, () => ''));
  const [createPoll, { isLoading }] = useCreatePollMutation();
  const { submit, refuse } = useSubmit();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!question.trim()) {
      refuse('Required Fields', POLL_QUESTION_REQUIRED);
      return;
    }
    const filled = options.map((option) => option.trim()).filter(Boolean);
    if (filled.length < POLL_OPTIONS.min) {
      refuse('Required Fields', POLL_OPTIONS_REQUIRED);
      return;
    }
    await submit(
      () =>
        createPoll({
          question: question.trim(),
          description: description.trim() || undefined,
          options: filled,
          topicId: POLL_TOPIC_ID,
        }).unwrap(),
      {
        success: { title: 'Poll created', description: POLL_CREATED },
        failure: POLL_CREATE_FAILED,
        onSuccess: onDone,
      },
    );
  }

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create poll">
      <Input
        label="Question"
        placeholder="What do you want to ask?"
        {...bindValue(question, setQuestion)}
        maxLength={POLL_LIMITS.question}
        data-autofocus
      />
      <Textarea
        label="Description (optional)"
        rows={2}
        {...bindValue(description, setDescription)}
        maxLength={POLL_LIMITS.description}
      />
      {options.map((option, index) => (
        <OptionField key={index}>
          <Input
            label={`Option ${index + 1}`}
            value={option}
            maxLength={POLL_LIMITS.option}
            onChange={(event) =>
              setOptions((current) => current.map((value, i) => (i === index ? event.target.value : value)))
            }
          />
          {options.length > POLL_OPTIONS.min && (
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove option ${index + 1}`}
              onClick={() => setOptions((current) => current.filter((_value, i) => i !== index))}
            >
              <XIcon />
            </Button>
          )}
        </OptionField>
      ))}
      {options.length < POLL_OPTIONS.max && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => setOptions((current) => [...current, ''])}
          style={{ alignSelf: 'flex-start' }}
        >
          <PlusIcon />
          Add Option
        </Button>
      )}
      <FormButtons onCancel={onDone} busy={isLoading} submitLabel="Create Poll" busyLabel="Creating..." />
    </Form>
  );
}
