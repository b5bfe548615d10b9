import { InfoPage, type InfoPageId } from '../../features/pages/components/info-page';

export function InfoRoute({ page }: { page: InfoPageId }) {
  return <InfoPage page={page} />;
}
