/** Layout registry (§2): layout name -> component. An unknown name falls back to the 404 layout. */
import type { ComponentType } from 'react';
import type { LayoutName } from '../shared/schemas/front-matter.ts';
import type { LayoutProps } from './types.ts';
import DefaultLayout from './DefaultLayout.tsx';
import HomeLayout from './HomeLayout.tsx';
import TrainingOverviewLayout from './TrainingOverviewLayout.tsx';
import IvrOverviewLayout from './IvrOverviewLayout.tsx';
import ChatbotOverviewLayout from './ChatbotOverviewLayout.tsx';
import NotFoundLayout from './NotFoundLayout.tsx';

export const layouts: Record<LayoutName, ComponentType<LayoutProps>> = {
  default: DefaultLayout,
  home: HomeLayout,
  'training-overview': TrainingOverviewLayout,
  'ivr-overview': IvrOverviewLayout,
  'chatbot-overview': ChatbotOverviewLayout,
  'not-found': NotFoundLayout,
};

/** The component for a layout name. */
export function layoutFor(name: string): ComponentType<LayoutProps> {
  return (layouts as Record<string, ComponentType<LayoutProps>>)[name] ?? NotFoundLayout;
}
