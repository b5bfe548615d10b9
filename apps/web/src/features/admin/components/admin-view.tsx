import type { Track } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { AuditSection } from './audit-section';
import { ContactMessagesSection } from './contact-messages-section';
import { FederationBlocksSection } from './federation-blocks-section';
import { ReportsSection } from './reports-section';
import { UsersSection } from './users-section';
import './admin.css';

export interface AdminViewProps {
  /** 'pending' until the session is known; 'denied' for listeners and signed-out visitors. */
  access: 'pending' | 'admin' | 'denied';
  activeTrackId: string | null;
  isPlaying: boolean;
  onPlay: (tracks: readonly Track[], index: number) => void;
}

/**
 * The admin tab of /home: the reports queue, users (role, status, suspension), contact messages,
 * the fediverse servers blocked, and the audit log of every admin action.
 * Hiding it from others is a courtesy; the server refuses them anyway (403).
 */
export function AdminView({ access, ...player }: AdminViewProps) {
  const { t } = useTranslation();
  if (access === 'pending') return <p className="status-text">{t('common.loading')}</p>;
  if (access === 'denied')
    return (
      <div className="admin-denied" role="alert">
        <p className="admin-denied__title">{t('admin.adminsOnly')}</p>
        <p>{t('admin.adminsOnlyLine')}</p>
      </div>
    );
  return (
    <div className="admin">
      <ReportsSection {...player} />
      <UsersSection />
      <ContactMessagesSection />
      <FederationBlocksSection />
      <AuditSection />
    </div>
  );
}
