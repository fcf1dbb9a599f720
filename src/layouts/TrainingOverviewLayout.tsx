import type { LayoutProps } from './types.ts';
import { OverviewLayout } from './OverviewLayout.tsx';

/** Training overview: choose IVR or Chatbot. */
export default function TrainingOverviewLayout(props: LayoutProps) {
  return <OverviewLayout {...props} label="Choose a training" />;
}
