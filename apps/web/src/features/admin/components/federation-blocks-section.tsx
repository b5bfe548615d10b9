import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { hostOf, useFederationBlocks, useSetFederationBlock } from '../api/federation-blocks';
import { formatMoment } from '../format';

/** Servers of the fediverse whose deliveries this one refuses: the list, block one by its host, lift a block. */
export function FederationBlocksSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const inputId = useId();
  const [host, setHost] = useState('');
  const blocks = useFederationBlocks();
  const change = useSetFederationBlock();
  const off = blocks.error instanceof ApiError && blocks.error.code === 'federation_off';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = hostOf(host);
    if (!value) return;
    change.mutate({ host: value, blocked: true }, { onSuccess: () => setHost('') });
  };

  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__header">
        <h2 id={headingId} className="admin-section__title">
          {t('admin.blocks.title')}
        </h2>
      </div>
      {off ? (
        <p className="status-text">{t('admin.blocks.off')}</p>
      ) : (
        <>
          <p className="admin-muted">{t('admin.blocks.intro')}</p>
          <form className="admin-blocks__form" onSubmit={submit}>
            <div className="field">
              <label className="field__label" htmlFor={inputId}>
                {t('admin.blocks.host')}
              </label>
              <input
                id={inputId}
                className="input"
                value={host}
                placeholder="mastodon.example"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                onChange={(event) => setHost(event.target.value)}
              />
            </div>
            <button type="submit" className="button" disabled={!host.trim() || change.isPending}>
              {t('admin.blocks.block')}
            </button>
          </form>
          {change.isError && (
            <p className="error-text" role="alert">
              {t('admin.failed', { message: change.error.message })}
            </p>
          )}
          {change.isSuccess && (
            <p className="admin-user__saved" role="status">
              {t(change.variables.blocked ? 'admin.blocks.blocked' : 'admin.blocks.unblocked', { host: change.variables.host })}
            </p>
          )}
          {blocks.isPending ? (
            <p className="status-text">{t('common.loading')}</p>
          ) : blocks.isError ? (
            <p className="error-text" role="alert">
              {t('admin.loadError')}
            </p>
          ) : blocks.data.blocks.length === 0 ? (
            <p className="status-text">{t('admin.blocks.empty')}</p>
          ) : (
            <ul className="admin-list" aria-label={t('admin.blocks.list')}>
              {blocks.data.blocks.map((block) => (
                <li key={block.host} className="admin-item admin-block" data-testid="admin-block">
                  <div className="admin-block__who">
                    <span className="admin-block__host">{block.host}</span>
                    <span className="admin-muted">
                      {t('admin.blocks.since')} <time dateTime={block.createdAt}>{formatMoment(block.createdAt, i18n.language)}</time>
                    </span>
                  </div>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ host: block.host, blocked: false })}
                  >
                    {t('admin.blocks.unblock', { host: block.host })}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
