import {
  isBlank,
  IDEA_CREATE_FAILED,
  IDEA_LIMITS,
  IDEA_REQUIRED,
  IDEA_SKILLS,
  type Idea,
  type IdeaCategory,
  type IdeaSkill,
  type IdeaStage,
} from '@quad/contracts';
import { useState } from 'react';
import { Checkbox } from '../../../ui/checkbox';
import { TextFields } from '../../../ui/text-fields';
import { ActionForm, newItemDialog, type NewItemFormProps } from '../../../ui/form-dialog';
import { useCreateIdeaMutation } from '../api';
import { FormRow, SkillsFieldset, SkillsGrid } from './ideas.styles';
import { useFields } from '../../../ui/use-fields';
import { useSubmitForm } from '../../../ui/use-submit';
import { IdeaSelect } from './idea-select';

export const IDEA_SHARED = 'Your idea has been shared with students across colleges.';

const IDEA_FIELDS = {
  title: { label: 'Title', placeholder: 'Give your idea a name', maxLength: IDEA_LIMITS.title },
  description: {
    label: 'Description',
    placeholder: 'What problem does it solve, and for whom?',
    rows: 5,
    maxLength: IDEA_LIMITS.description,
  },
};

// Mounted only while the dialog is open, so every opening starts with an empty form.
function ShareIdeaForm({ frame, outcome }: NewItemFormProps<Idea>) {
  const { values, bind } = useFields<{
    title: string;
    description: string;
    category: IdeaCategory | '';
    stage: IdeaStage | '';
  }>({ title: '', description: '', category: '', stage: '' });
  const [skills, setSkills] = useState<IdeaSkill[]>([]);
  const [createIdea] = useCreateIdeaMutation();
  const { title, description, category, stage } = values;

  function toggleSkill(skill: IdeaSkill, checked: boolean) {
    setSkills((current) =>
      checked ? [...current, skill] : current.filter((candidate) => candidate !== skill),
    );
  }

  const form = useSubmitForm({
    check: () =>
      (isBlank(title) || isBlank(description) || !category || !stage) && ['Required Fields', IDEA_REQUIRED],
    call: () =>
      createIdea({
        title: title.trim(),
        description: description.trim(),
        category: category as IdeaCategory,
        stage: stage as IdeaStage,
        // In the list's order, whatever order they were ticked in.
        skillsNeeded: IDEA_SKILLS.filter((skill) => skills.includes(skill)),
      }).unwrap(),
    ...outcome,
  });

  return (
    <ActionForm {...frame} form={form}>
      <TextFields fields={IDEA_FIELDS} bind={bind} />
      <FormRow>
        <IdeaSelect choice="category" placeholder="Select a category" {...bind('category')} />
        <IdeaSelect choice="stage" placeholder="Select a stage" {...bind('stage')} />
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
    </ActionForm>
  );
}

/** 'Share Idea' (spec sections 2, 5, 7): title, description, category and stage required; skills optional. */
export const ShareIdeaDialog = newItemDialog(ShareIdeaForm, {
  title: 'Share Your Idea',
  description: 'Describe your startup idea and the skills you are looking for.',
  width: '40rem',
  label: 'Share idea',
  submitLabel: 'Share Idea',
  busyLabel: 'Sharing...',
  success: { title: 'Idea shared', description: IDEA_SHARED },
  failure: IDEA_CREATE_FAILED,
});
