import type { Topic } from '@quad/contracts';
import { useState } from 'react';
import { useGetTopicsQuery } from '../api';

/** A topic id, or every topic at once (the mobile dropdown's 'All Topics'). */
export type TopicSelection = number | 'all';

export interface TopicSelectionState {
  topics: Topic[];
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  /** null until the topics have loaded (nothing to show yet). */
  selection: TopicSelection | null;
  selectedTopic: Topic | null;
  select: (selection: TopicSelection) => void;
}

/** The board home opens on once the topics are known: the first topic, or every post when there are none. */
export function firstBoard(topics: Topic[]): TopicSelection {
  return topics[0]?.id ?? 'all';
}

/**
 * The board the home feed shows. Until the user picks one, it is the first topic once the
 * topics have loaded (spec section 2); with no topics at all, every post.
 */
export function useTopicSelection(): TopicSelectionState {
  const { data, isLoading, isError, refetch } = useGetTopicsQuery();
  const [chosen, setChosen] = useState<TopicSelection | null>(null);
  const topics = data ?? [];
  const stillExists = chosen === 'all' || topics.some((topic) => topic.id === chosen);
  // Without a topic list (none yet, or it failed to load) the feed still shows every post.
  const selection: TopicSelection | null =
    chosen !== null && stillExists ? chosen : data ? firstBoard(topics) : isError ? 'all' : null;
  const selectedTopic = typeof selection === 'number' ? (topics.find((topic) => topic.id === selection) ?? null) : null;
  return { topics, isLoading, isError, refetch: () => void refetch(), selection, selectedTopic, select: setChosen };
}
