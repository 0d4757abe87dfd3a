/** What the home screen composes from the forum feature. */
export { CreatePostDialog } from './components/create-post-dialog';
export { FirstPostBanner } from './components/first-post-banner';
export { PostFeed } from './components/post-feed';
export { ALL_TOPICS_LABEL, TopicList, TopicPicker } from './components/topic-list';
export { useTopicSelection, type TopicSelection } from './hooks/use-topic-selection';
export { PostPage } from './components/post-page';
export { useGetTopicsQuery } from './api';
