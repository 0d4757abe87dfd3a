import {
  hasRepeatedOption,
  isBlank,
  POLL_CREATE_FAILED,
  POLL_LIMITS,
  POLL_OPTIONS,
  POLL_OPTIONS_REPEATED,
  POLL_OPTIONS_REQUIRED,
  POLL_QUESTION_REQUIRED,
  POLL_TOPIC_ID,
  type Poll,
} from '@quad/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { PlusIcon, XIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import { TextFields } from '../../../ui/text-fields';
import { ActionForm, newItemDialog, type NewItemFormProps } from '../../../ui/form-dialog';
import { useCreatePollMutation } from '../api';
import { OptionField } from './polls.styles';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';

export const POLL_CREATED = 'Your poll is live for your college.';

const POLL_FIELDS = {
  question: { label: 'Question', placeholder: 'What do you want to ask?', maxLength: POLL_LIMITS.question },
  description: { label: 'Description (optional)', rows: 2, maxLength: POLL_LIMITS.description },
};

// Mounted only while the dialog is open, so every opening starts with an empty form.
function CreatePollForm({ frame, outcome }: NewItemFormProps<Poll>) {
  const { values, bind } = useFields({ question: '', description: '' });
  const [options, setOptions] = useState<string[]>(() => Array.from({ length: POLL_OPTIONS.min }, () => ''));
  const [createPoll] = useCreatePollMutation();
  const question = values.question.trim();
  const filled = options.map((option) => option.trim()).filter((option) => !isBlank(option));

  const form = useSubmitForm({
    check: () =>
      isBlank(question)
        ? ['Required Fields', POLL_QUESTION_REQUIRED]
        : filled.length < POLL_OPTIONS.min
          ? ['Required Fields', POLL_OPTIONS_REQUIRED]
          : hasRepeatedOption(filled) && ['Repeated Options', POLL_OPTIONS_REPEATED],
    call: () =>
      createPoll({
        question,
        description: values.description.trim() || undefined,
        options: filled,
        topicId: POLL_TOPIC_ID,
      }).unwrap(),
    ...outcome,
  });

  return (
    <ActionForm {...frame} form={form}>
      <TextFields fields={POLL_FIELDS} bind={bind} />
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
    </ActionForm>
  );
}

/** 'Create Poll' (spec sections 2, 5, 9): a question, an optional description and 2 to 5 options. */
export const CreatePollDialog = newItemDialog(CreatePollForm, {
  title: 'Create Poll',
  description: 'Ask students at your college a question.',
  width: '34rem',
  label: 'Create poll',
  submitLabel: 'Create Poll',
  busyLabel: 'Creating...',
  success: { title: 'Poll created', description: POLL_CREATED },
  failure: POLL_CREATE_FAILED,
});
