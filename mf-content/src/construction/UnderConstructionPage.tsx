import { NotFoundPage as SharedNotFoundPage, SectionPanel, UnderConstructionPage as SharedUnderConstructionPage } from '@qianyan/shared';
import type { ComponentProps } from 'react';
import '../common/common.css';

/** This app's page frame around the shared section panel. */
const FRAME = { page: 'qy-page', card: 'qy-card' };

export const Panel = (props: Omit<ComponentProps<typeof SectionPanel>, 'frame'>) => <SectionPanel {...props} frame={FRAME} />;
export const UnderConstructionPage = ({ name }: { name: string }) => <SharedUnderConstructionPage name={name} frame={FRAME} />;
export const NotFoundPage = () => <SharedNotFoundPage frame={FRAME} />;
