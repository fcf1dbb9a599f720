import type { LayoutProps } from './types.ts';
import { OverviewLayout } from './OverviewLayout.tsx';

/** IVR overview: Accuracy, Functional, Load, Monitoring. */
export default function IvrOverviewLayout(props: LayoutProps) {
  return <OverviewLayout {...props} label="Choose an IVR course" />;
}
