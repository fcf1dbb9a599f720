import type { PageData } from '../data/page-data.ts';

/** Props every layout receives. */
export interface LayoutProps {
  data: PageData;
}
