import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { authErrorMessage } from '../../../lib/auth-errors';
import {
  useAccountSecurity,
  useAddPasskey,
  useConfirmTotp,
  useDeletePasskey,
  useDisableTotp,
  useEnableTotp,
  useNewBackupCodes,
  usePasskeys,
} from '../api/account-security';
import './account-security.css';

/** A password field with its button: what better-auth asks before changing the second factor. */
function PasswordPrompt({ action, pending, onSubmit, onCancel }: { action: string; pending: boolean; onSubmit: (password: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get('password') ?? ''));
  };
  return (
    <form className="account-security__form account-security__form--inline" onSubmit={submit}>
      <label className="account-security__field">
        <span>{t('accountSecurity.passwordToContinue')}</span>
        <input className="input" name="password" type="password" autoComplete="current-password" required autoFocus />
      </label>
      <button type="submit" className="button button--primary" disabled={pending}>
        {action}
      </button>
      <button type="button" className="button button--link" onClick={onCancel}>
        {t('accountSecurity.cancel')}
      </button>
    </form>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <div className="account-security__codes">
      <h4 className="account-security__subtitle">{t('accountSecurity.backupCodesTitle')}</h4>
      <p className="account-security__hint">{t('accountSecurity.backupCodesIntro')}</p>
      <ul data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

type TotpStep = { kind: 'idle' } | { kind: 'password'; then: 'enable' | 'disable' | 'codes' } | { kind: 'scan'; totpURI: string; backupCodes: string[] } | { kind: 'codes'; backupCodes: string[] };

/** The authenticator app (TOTP): set up with a QR code and a first code, backup codes, turned off. */
function AuthenticatorApp({ enabled, hasPassword }: { enabled: boolean; hasPassword: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [step, setStep] = useState<TotpStep>({ kind: 'idle' });
  const [status, setStatus] = useState('');
  const enable = useEnableTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const newCodes = useNewBackupCodes();
  const secret = useMemo(() => (step.kind === 'scan' ? new URL(step.totpURI).searchParams.get('secret') : null), [step]);
  const error = [enable, confirm, disable, newCodes].find((m) => m.isError)?.error;

  const withPassword = (password: string) => {
    if (step.kind !== 'password') return;
    setStatus('');
    if (step.then === 'enable') enable.mutate(password, { onSuccess: (answer) => setStep({ kind: 'scan', ...answer }) });
    else if (step.then === 'disable')
      disable.mutate(password, {
        onSuccess: () => {
          setStep({ kind: 'idle' });
          setStatus(t('accountSecurity.totpDisabled'));
        },
      });
    else newCodes.mutate(password, { onSuccess: (answer) => setStep({ kind: 'codes', backupCodes: answer.backupCodes }) });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    confirm.mutate(code, {
      onSuccess: () => {
        setStep({ kind: 'idle' });
        setStatus(t('accountSecurity.totpEnabled'));
      },
    });
  };

  const ask = (then: 'enable' | 'disable' | 'codes') => {
    [enable, confirm, disable, newCodes].forEach((m) => m.reset());
    setStatus('');
    setStep({ kind: 'password', then });
  };
  const actionLabel = step.kind === 'password' ? t(step.then === 'enable' ? 'accountSecurity.continue' : step.then === 'disable' ? 'accountSecurity.turnOff' : 'accountSecurity.newBackupCodes') : '';

  return (
    <div className="account-security__block" aria-labelledby={`${id}-title`} role="group" data-testid="authenticator-app">
      <h3 className="account-security__subtitle" id={`${id}-title`}>
        {t('accountSecurity.totpTitle')}
      </h3>
      <p className="account-security__hint" data-testid="totp-state">
        {enabled ? t('accountSecurity.totpOn') : t('accountSecurity.totpOff')}
      </p>
      {step.kind === 'idle' && hasPassword && (
        <div className="account-security__actions">
          {!enabled && (
            <button type="button" className="button button--secondary" onClick={() => ask('enable')}>
              {t('accountSecurity.setUpTotp')}
            </button>
          )}
          {enabled && (
            <>
              <button type="button" className="button button--secondary" onClick={() => ask('codes')}>
                {t('accountSecurity.newBackupCodes')}
              </button>
              <button type="button" className="button button--secondary" onClick={() => ask('disable')}>
                {t('accountSecurity.turnOff')}
              </button>
            </>
          )}
        </div>
      )}
      {step.kind === 'password' && <PasswordPrompt action={actionLabel} pending={enable.isPending || disable.isPending || newCodes.isPending} onSubmit={withPassword} onCancel={() => setStep({ kind: 'idle' })} />}
      {step.kind === 'scan' && (
        <div className="account-security__scan">
          <p>{t('accountSecurity.scan')}</p>
          <QrCode value={step.totpURI} size={184} label={t('accountSecurity.qrLabel')} />
          {secret && (
            <p className="account-security__hint">
              {t('accountSecurity.secretKey')}: <code data-testid="totp-secret">{secret}</code>
            </p>
          )}
          <BackupCodes codes={step.backupCodes} />
          <form className="account-security__form account-security__form--inline" onSubmit={submitCode}>
            <label className="account-security__field">
              <span>{t('accountSecurity.code')}</span>
              <input className="input account-security__code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required autoFocus />
            </label>
            <button type="submit" className="button button--primary" disabled={confirm.isPending}>
              {t('accountSecurity.confirm')}
            </button>
            <button type="button" className="button button--link" onClick={() => setStep({ kind: 'idle' })}>
              {t('accountSecurity.cancel')}
            </button>
          </form>
        </div>
      )}
      {step.kind === 'codes' && (
        <>
          <BackupCodes codes={step.backupCodes} />
          <button type="button" className="button button--secondary account-security__action" onClick={() => setStep({ kind: 'idle' })}>
            {t('accountSecurity.done')}
          </button>
        </>
      )}
      <p role="status">{status}</p>
      {error && (
        <p className="error-text" role="alert">
          {authErrorMessage(error, t)}
        </p>
      )}
    </div>
  );
}

/** Passkeys: sign in with the device's screen lock or a security key, no password. */
function Passkeys() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useDeletePasskey();
  const [status, setStatus] = useState('');
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'medium' }), [i18n.resolvedLanguage, i18n.language]);
  const error = add.error ?? remove.error;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim() || t('accountSecurity.unnamedPasskey');
    setStatus('');
    add.mutate(name, {
      onSuccess: () => {
        setStatus(t('accountSecurity.passkeyAdded'));
        form.reset();
      },
    });
  };

  return (
    <div className="account-security__block" aria-labelledby={`${id}-title`} role="group" data-testid="passkeys">
      <h3 className="account-security__subtitle" id={`${id}-title`}>
        {t('accountSecurity.passkeysTitle')}
      </h3>
      <p className="account-security__hint">{t('accountSecurity.passkeysIntro')}</p>
      {list.data?.length === 0 && <p className="account-security__hint">{t('accountSecurity.noPasskeys')}</p>}
      <ul className="account-security__list">
        {(list.data ?? []).map((passkey) => {
          const name = passkey.name || t('accountSecurity.unnamedPasskey');
          return (
            <li key={passkey.id} className="account-security__item" data-testid="passkey">
              <span>
                <strong>{name}</strong> · {t('accountSecurity.addedOn', { date: date.format(new Date(passkey.createdAt)) })}
              </span>
              <button type="button" className="button button--secondary" disabled={remove.isPending} aria-label={t('accountSecurity.removePasskeyNamed', { name })} onClick={() => remove.mutate(passkey.id)}>
                {t('accountSecurity.removePasskey')}
              </button>
            </li>
          );
        })}
      </ul>
      <form className="account-security__form account-security__form--inline" onSubmit={submit}>
        <label className="account-security__field">
          <span>{t('accountSecurity.passkeyName')}</span>
          <input className="input" name="name" maxLength={60} placeholder={t('accountSecurity.passkeyNamePlaceholder')} />
        </label>
        <button type="submit" className="button button--secondary" disabled={add.isPending}>
          {t('accountSecurity.addPasskey')}
        </button>
      </form>
      <p role="status">{status}</p>
      {error && (
        <p className="error-text" role="alert">
          {authErrorMessage(error, t)}
        </p>
      )}
    </div>
  );
}

/** Two-step sign-in: an authenticator app and passkeys, and REQUIRE_ADMIN_2FA's warning to an admin without either. */
export function SecondFactorSettings() {
  const { t } = useTranslation();
  const id = useId();
  const security = useAccountSecurity();
  return (
    <section className="account-security" aria-labelledby={`${id}-title`} data-testid="second-factor-settings">
      <h2 className="account-security__title" id={`${id}-title`}>
        {t('accountSecurity.twoStepTitle')}
      </h2>
      <p className="account-security__hint">{t('accountSecurity.twoStepIntro')}</p>
      {security.data?.secondFactorRequired && (
        <p className="account-security__warning" role="alert">
          {t('accountSecurity.requiredWarning')}
        </p>
      )}
      {security.data && <AuthenticatorApp enabled={security.data.totpEnabled} hasPassword={security.data.hasPassword} />}
      <Passkeys />
    </section>
  );
}
