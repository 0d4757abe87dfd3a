import { IDEA_CATEGORIES, IDEA_SKILLS, IDEA_STAGES } from '@quad/contracts';
import { optionsOf } from '../../../ui/bind-value';
import { Select, type SelectProps } from '../../../ui/select';

/** An idea's lists a student picks from: the hub filters by them, Share Idea asks for the first two. */
const IDEA_CHOICES = {
  category: { label: 'Category', options: optionsOf(IDEA_CATEGORIES) },
  stage: { label: 'Stage', options: optionsOf(IDEA_STAGES) },
  skill: { label: 'Skill', options: optionsOf(IDEA_SKILLS) },
};

/** A Select of one of an idea's lists: `<IdeaSelect choice="stage" placeholder="All Stages" {...bindValue(stage, setStage)} />`. */
export function IdeaSelect({
  choice,
  ...select
}: { choice: keyof typeof IDEA_CHOICES } & Pick<SelectProps, 'value' | 'onChange' | 'placeholder'>) {
  return <Select {...IDEA_CHOICES[choice]} {...select} />;
}
