import { PRODUCT_NAME } from '@quad/contracts';
import { PlusIcon, SparklesIcon } from '../../../ui/icons';
import { useGetUserStatsQuery } from '../api';
import { Banner, BannerButton, BannerIcon, BannerText } from './post-feed.styles';

/** Shown while the user has never posted (GET /api/user/stats totalPosts 0; spec section 2). */
export function FirstPostBanner({ onCreatePost }: { onCreatePost: () => void }) {
  const { data } = useGetUserStatsQuery();
  if (data?.totalPosts !== 0) return null;
  return (
    <Banner aria-labelledby="first-post-banner-title">
      <BannerIcon aria-hidden="true">
        <SparklesIcon />
      </BannerIcon>
      <BannerText>
        <h2 id="first-post-banner-title">Say hello to your campus</h2>
        <p>You haven't posted on {PRODUCT_NAME} yet. Ask a question, share a tip or introduce yourself.</p>
        <BannerButton type="button" onClick={onCreatePost}>
          <PlusIcon />
          Create Your First Post
        </BannerButton>
      </BannerText>
    </Banner>
  );
}
