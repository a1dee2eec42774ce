import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { PageHead } from '../../shared/rendered-page';
import { talentProfileQuery } from '../features/talent/api/get-talent-profile';
import { categoryLabel } from '../features/talent/components/talent-labels';
import { siteQuery } from '../lib/site';

const DEFAULT_NAME = 'Home of Movies, Modelling & Music';
const DESCRIPTION = "The home of movies, modelling & music: membership, services and talent for Nigeria's entertainment industry.";
/** Link previews (WhatsApp, Facebook) cut descriptions at about this length. */
const DESCRIPTION_LENGTH = 200;

/** The title, description and preview image of a page the server drew, from the data it was drawn with. */
export function pageHead(pathname: string, client: QueryClient): PageHead {
  const company = client.getQueryData(siteQuery.queryKey)?.companyName ?? DEFAULT_NAME;
  const id = matchPath('/talent/:id', pathname)?.params.id;
  const profile = id ? client.getQueryData(talentProfileQuery(id).queryKey) : undefined;
  if (!profile) return { title: company, description: DESCRIPTION, type: 'website' };
  return {
    title: `${profile.stageName} · ${company}`,
    description: clip(profile.bio?.trim() || `${categoryLabel(profile.category)} in the ${company} talent directory.`),
    image: profile.photos[0]?.url,
    type: 'profile',
  };
}

function clip(text: string): string {
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}
