import {
  IDEA_CREATE_FAILED,
  IDEA_LIMITS,
  IDEA_REQUIRED,
  IDEA_SKILLS,
  type Idea,
  type IdeaCategory,
  type IdeaSkill,
  type IdeaStage,
} from '@quad/contracts';
import { useState, type FormEvent } from 'react';
import { Checkbox } from '../../../ui/checkbox';
import { Dialog } from '../../../ui/dialog';
import { Input, Textarea } from '../../../ui/input';
import { DialogForm as Form } from '../../../ui/dialog-form';
import { FormButtons } from '../../../ui/form-buttons';
import { useCreateIdeaMutation } from '../api';
import { FormRow, SkillsFieldset, SkillsGrid } from './ideas.styles';
import { useSubmit } from '../../../ui/use-submit';
import { bindValue } from '../../../ui/bind-value';
import { IdeaSelect } from './idea-select';

export const IDEA_SHARED = 'Your idea has been shared with students across colleges.';

export interface ShareIdeaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onShared?: (idea: Idea) => void;
}

/** 'Share Idea' (spec sections 2, 5, 7): title, description, category and stage required; skills optional. */
export function ShareIdeaDialog({ open, onOpenChange, onShared }: ShareIdeaDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Your Idea"
      description="Describe your startup idea and the skills you are looking for."
      width="40rem"
    >
      <ShareIdeaForm
        onCancel={() => onOpenChange(false)}
        onShared={(idea) => {
          onOpenChange(false);
          onShared?.(idea);
        }}
      />
    </Dialog>
  );
}

// Mounted only while the dialog is open, so every opening starts with an empty form.
function ShareIdeaForm({ onCancel, onShared }: { onCancel: () => void; onShared: (idea: Idea) => void }) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState<IdeaCategory | ''>('');
  const [stage, setStage] = useState<IdeaStage | ''>('');
  const [skills, setSkills] = useState<IdeaSkill[]>([]);
  const [createIdea, { isLoading }] = useCreateIdeaMutation();
  const { submit, refuse } = useSubmit();

  function toggleSkill(skill: IdeaSkill, checked: boolean) {
    setSkills((current) =>
      checked ? [...current, skill] : current.filter((candidate) => candidate !== skill),
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim() || !description.trim() || !category || !stage) {
      refuse('Required Fields', IDEA_REQUIRED);
      return;
    }
    const body = {
      title: title.trim(),
      description: description.trim(),
      category,
      stage,
      // In the list's order, whatever order they were ticked in.
      skillsNeeded: IDEA_SKILLS.filter((skill) => skills.includes(skill)),
    };
    await submit(() => createIdea(body).unwrap(), {
      success: { title: 'Idea shared', description: IDEA_SHARED },
      failure: IDEA_CREATE_FAILED,
      onSuccess: onShared,
    });
  }

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Share idea">
      <Input
        label="Title"
        placeholder="Give your idea a name"
        {...bindValue(title, setTitle)}
        maxLength={IDEA_LIMITS.title}
        data-autofocus
      />
      <Textarea
        label="Description"
        placeholder="What problem does it solve, and for whom?"
        rows={5}
        {...bindValue(description, setDescription)}
        maxLength={IDEA_LIMITS.description}
      />
      <FormRow>
        <IdeaSelect choice="category" placeholder="Select a category" {...bindValue(category, setCategory)} />
        <IdeaSelect choice="stage" placeholder="Select a stage" {...bindValue(stage, setStage)} />
      </FormRow>
      <SkillsFieldset>
        <legend>Skills needed (optional)</legend>
        <SkillsGrid>
          {IDEA_SKILLS.map((skill) => (
            <Checkbox
              key={skill}
              label={skill}
              checked={skills.includes(skill)}
              onChange={(event) => toggleSkill(skill, event.target.checked)}
            />
          ))}
        </SkillsGrid>
      </SkillsFieldset>
      <FormButtons onCancel={onCancel} busy={isLoading} submitLabel="Share Idea" busyLabel="Sharing..." />
    </Form>
  );
}
