import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';

/** SPEC 9: the QR code is shown at 120 px. */
export const QR_SIZE = 120;

/** The 'Scan QR' card: a code of the package link, for downloading on a phone. */
export function QrCard({ id, url }: { id: string; url: string }) {
  const { t } = useTranslation();
  return (
    <div id={id} className="qr-card" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="qr-card__title">
        {t('download.scanQr')}
      </h3>
      <QrCode value={url} size={QR_SIZE} label={t('download.qrLabel', { url })} />
      <p className="qr-card__hint">{t('download.qrHint')}</p>
    </div>
  );
}
