import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/dialog';
import { acceptCopyright, hasAcceptedCopyright } from '../copyright-acceptance';

/** The studio's copyright notice: shown until accepted, then never again (SPEC 4). */
export function CopyrightModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !hasAcceptedCopyright());
  if (!open) return null;
  const accept = () => {
    acceptCopyright();
    setOpen(false);
  };
  return (
    // Escape or the backdrop only hides it for this visit; only Accept stores the acceptance.
    <Dialog
      open
      title={t('studio.copyright.title')}
      onClose={() => setOpen(false)}
      footer={
        <button type="button" className="button button--primary" onClick={accept}>
          {t('studio.copyright.accept')}
        </button>
      }
    >
      <div className="studio-notice">
        <p>{t('studio.copyright.rights')}</p>
        <p>{t('studio.copyright.removal')}</p>
      </div>
    </Dialog>
  );
}
