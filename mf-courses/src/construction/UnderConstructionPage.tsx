import { NotFoundPage as SharedNotFoundPage, UnderConstructionPage as SharedUnderConstructionPage } from '@qianyan/shared';
import '../common/common.css';

/** This app's page frame around the shared section panel. */
const FRAME = { page: 'qy-cr-page', card: 'qy-cr-card' };

export const UnderConstructionPage = ({ name }: { name: string }) => <SharedUnderConstructionPage name={name} frame={FRAME} />;
export const NotFoundPage = () => <SharedNotFoundPage frame={FRAME} />;
