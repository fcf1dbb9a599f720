import type { LayoutProps } from './types.ts';
import { OverviewLayout } from './OverviewLayout.tsx';

/** Chatbot overview: Functional, Load, Monitoring. */
export default function ChatbotOverviewLayout(props: LayoutProps) {
  return <OverviewLayout {...props} label="Choose a chatbot course" />;
}
