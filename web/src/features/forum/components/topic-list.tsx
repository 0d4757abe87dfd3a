import type { Topic } from '@quad/contracts';
import { Button } from '../../../ui/button';
import { RefreshIcon } from '../../../ui/icons';
import { Select } from '../../../ui/select';
import type { TopicSelection } from '../hooks/use-topic-selection';
import { Count, Hint, List, PickerBar, Skeleton, TopicButton, TopicIcon, TopicName } from './topic-list.styles';

export interface TopicListProps {
  topics: Topic[];
  selection: TopicSelection | null;
  onSelect: (selection: TopicSelection) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** Sidebar topic boards: icon, name and post count; the selected one highlighted (spec section 2). */
export function TopicList({ topics, selection, onSelect, isLoading, isError, onRetry }: TopicListProps) {
  if (isLoading) {
    return (
      <List aria-busy="true" aria-label="Loading topics">
        {[0, 1, 2, 3].map((index) => (
          <li key={index}>
            <Skeleton />
          </li>
        ))}
      </List>
    );
  }
  if (isError) {
    return (
      <Hint role="alert">
        Couldn't load topics.
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RefreshIcon />
          Retry
        </Button>
      </Hint>
    );
  }
  if (topics.length === 0) return <Hint>No topics yet.</Hint>;
  return (
    <List>
      {topics.map((topic) => (
        <li key={topic.id}>
          <TopicButton
            type="button"
            aria-pressed={selection === topic.id}
            onClick={() => onSelect(topic.id)}
          >
            <TopicIcon $color={topic.color} aria-hidden="true">
              {topic.icon}
            </TopicIcon>
            <TopicName>{topic.name}</TopicName>
            <Count>
              {topic.postCount}
              <span className="visually-hidden">{topic.postCount === 1 ? ' post' : ' posts'}</span>
            </Count>
          </TopicButton>
        </li>
      ))}
    </List>
  );
}

export const ALL_TOPICS_LABEL = 'All Topics';

/** Small screens: the topic list becomes a dropdown with an 'All Topics' choice (spec section 2). */
export function TopicPicker({ topics, selection, onSelect }: Pick<TopicListProps, 'topics' | 'selection' | 'onSelect'>) {
  return (
    <PickerBar data-walkthrough="topics">
      <Select
        label="Topic"
        value={selection === null ? '' : String(selection)}
        onChange={(event) => onSelect(event.target.value === 'all' ? 'all' : Number(event.target.value))}
        disabled={selection === null}
        options={[
          { value: 'all', label: ALL_TOPICS_LABEL },
          ...topics.map((topic) => ({ value: String(topic.id), label: `${topic.icon} ${topic.name} (${topic.postCount})` })),
        ]}
      />
    </PickerBar>
  );
}
