import {
  IDEA_SORTS,
  type IdeaCategory,
  type IdeaSkill,
  type IdeaSort,
  type IdeaStage,
} from '@quad/contracts';
import { useState } from 'react';
import { paths } from '../../../app/paths';
import { Button, ButtonLink } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { LightbulbIcon, PlusIcon, SparklesIcon, UsersIcon } from '../../../ui/icons';
import { Input } from '../../../ui/input';
import { EmptyState, PageContainer, PageHeader } from '../../../ui/page';
import { Select } from '../../../ui/select';
import { Spinner } from '../../../ui/spinner';
import { useGetIdeasInfiniteQuery, useGetIdeaStatsQuery, type IdeasQueryArg } from '../api';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteIdea } from '../hooks/use-delete-idea';
import { IdeaCard } from './idea-card';
import {
  Filters,
  IdeaGrid,
  LoadMore,
  StatCard,
  StatIcon,
  StatLabel,
  StatValue,
  StatsGrid,
} from './ideas.styles';
import { ShareIdeaDialog } from './share-idea-dialog';
import { space } from '../../../app/theme';
import { bindValue, optionsOf } from '../../../ui/bind-value';
import { LoadFailed } from '../../../ui/load-failed';
import { IdeaSelect } from './idea-select';

/** The hub's search queries once typing pauses this long. */
const IDEAS_SEARCH_DEBOUNCE_MS = 300;

export const SORT_LABELS: Record<IdeaSort, string> = {
  recent: 'Most Recent',
  popular: 'Most Popular',
  discussed: 'Most Discussed',
};

/** /ideas: the hub for students (spec section 2); visitors see the 'Share Your Ideas' prompt. */
export function IdeasPage({ isVisitor = false }: { isVisitor?: boolean }) {
  return isVisitor ? <VisitorPrompt /> : <IdeasHub />;
}

function VisitorPrompt() {
  return (
    <PageContainer>
      <PageHeader
        title="Ideas Hub"
        icon={<LightbulbIcon />}
        description="Startup ideas from students across colleges."
      />
      <Card>
        <EmptyState
          icon={<LightbulbIcon />}
          title="Share Your Ideas"
          description="Join Quad to share startup ideas, find collaborators and see what other students are building."
          action={
            <ButtonLink to={paths.auth} style={{ marginTop: space(2) }}>
              Get Started
            </ButtonLink>
          }
        />
      </Card>
    </PageContainer>
  );
}

function IdeasHub() {
  const [shareOpen, setShareOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<IdeaCategory | ''>('');
  const [stage, setStage] = useState<IdeaStage | ''>('');
  const [skill, setSkill] = useState<IdeaSkill | ''>('');
  const [sort, setSort] = useState<IdeaSort>('recent');
  const debouncedSearch = useDebouncedValue(search.trim(), IDEAS_SEARCH_DEBOUNCE_MS);
  const query: IdeasQueryArg = { search: debouncedSearch, category, stage, skill, sort };
  const filtered = Boolean(debouncedSearch || category || stage || skill);
  const { requestDelete, confirmDialog } = useDeleteIdea();

  return (
    <PageContainer>
      <PageHeader
        title="Ideas Hub"
        icon={<LightbulbIcon />}
        description="Share startup ideas and find co-founders at any college."
        actions={
          <Button onClick={() => setShareOpen(true)}>
            <PlusIcon />
            Share Idea
          </Button>
        }
      />
      <IdeaStatsRow />
      <Filters aria-label="Find ideas">
        <Input label="Search" type="search" placeholder="Search ideas..." {...bindValue(search, setSearch)} />
        <IdeaSelect choice="category" placeholder="All Categories" {...bindValue(category, setCategory)} />
        <IdeaSelect choice="stage" placeholder="All Stages" {...bindValue(stage, setStage)} />
        <IdeaSelect choice="skill" placeholder="All Skills" {...bindValue(skill, setSkill)} />
        <Select label="Sort by" {...bindValue(sort, setSort)} options={optionsOf(IDEA_SORTS, SORT_LABELS)} />
      </Filters>
      <IdeaList
        query={query}
        filtered={filtered}
        onShare={() => setShareOpen(true)}
        onDelete={requestDelete}
      />
      <ShareIdeaDialog open={shareOpen} onOpenChange={setShareOpen} />
      {confirmDialog}
    </PageContainer>
  );
}

function IdeaStatsRow() {
  const { data } = useGetIdeaStatsQuery();
  const stats = [
    { label: 'Total Ideas', value: data?.totalIdeas, icon: <LightbulbIcon />, tone: 'primary' as const },
    { label: 'Launch Ready', value: data?.launchReady, icon: <SparklesIcon />, tone: 'success' as const },
    {
      label: 'Seeking Collaborators',
      value: data?.seekingCollaborators,
      icon: <UsersIcon />,
      tone: 'warning' as const,
    },
  ];
  return (
    <StatsGrid aria-label="Idea stats">
      {stats.map((stat) => (
        <StatCard key={stat.label} role="group" aria-label={stat.label}>
          <StatIcon $tone={stat.tone} aria-hidden="true">
            {stat.icon}
          </StatIcon>
          <div>
            <StatValue>{stat.value ?? '–'}</StatValue>
            <StatLabel>{stat.label}</StatLabel>
          </div>
        </StatCard>
      ))}
    </StatsGrid>
  );
}

interface IdeaListProps {
  query: IdeasQueryArg;
  filtered: boolean;
  onShare: () => void;
  onDelete: Parameters<typeof IdeaCard>[0]['onDelete'];
}

function IdeaList({ query, filtered, onShare, onDelete }: IdeaListProps) {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useGetIdeasInfiniteQuery(query);
  const ideas = data?.pages.flatMap((page) => page.ideas) ?? [];

  if (isLoading) return <Spinner label="Loading ideas..." />;
  if (isError) {
    return <LoadFailed title="Could not load ideas" onRetry={refetch} />;
  }
  if (ideas.length === 0) {
    return (
      <Card>
        {filtered ? (
          <EmptyState
            icon={<LightbulbIcon />}
            title="No ideas found"
            description="Try another search or fewer filters."
          />
        ) : (
          <EmptyState
            icon={<LightbulbIcon />}
            title="No ideas yet"
            description="Be the first to share a startup idea!"
            action={<Button onClick={onShare}>Share Idea</Button>}
          />
        )}
      </Card>
    );
  }
  return (
    <>
      <IdeaGrid aria-label="Ideas" role="list">
        {ideas.map((idea) => (
          <div role="listitem" key={idea.id}>
            <IdeaCard idea={idea} onDelete={onDelete} />
          </div>
        ))}
      </IdeaGrid>
      {hasNextPage && (
        <LoadMore>
          <Button
            variant="outline"
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            loading={isFetchingNextPage}
          >
            Load more ideas
          </Button>
        </LoadMore>
      )}
    </>
  );
}
