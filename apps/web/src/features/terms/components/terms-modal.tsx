import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { acceptTerms, hasAcceptedTerms } from '../terms-acceptance';
import './terms.css';

/** The terms of use on the home tab: shown until accepted, then never again (SPEC 4). */
export function TermsModal() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !hasAcceptedTerms());
  if (!open) return null;
  const accept = () => {
    acceptTerms();
    setOpen(false);
  };
  return (
    // Escape or the backdrop only hides it for now; only Accept stores the acceptance.
    <Dialog
      open
      title={t('terms.title')}
      onClose={() => setOpen(false)}
      footer={
        <button type="button" className="button button--primary" onClick={accept}>
          {t('terms.accept')}
        </button>
      }
    >
      <div className="terms">
        <p>{t('terms.intro')}</p>
        <p>{t('terms.age')}</p>
        <p>{t('terms.content')}</p>
        <p>{t('terms.changes')}</p>
        <Link to={paths.termsOfService.getHref()}>{t('terms.readAll')}</Link>
      </div>
    </Dialog>
  );
}
