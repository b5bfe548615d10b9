import type { AdminUser } from '@platter/shared';
import { STATUSES, type Status } from '@platter/shared/constants';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsers } from '../api/get-users';
import { useSetUserStatus } from '../api/set-user-status';

/** Waits this long after the last keystroke before searching, so typing a name is one request. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Users found by email or name, each with its status (creator, artist, premium, user). */
export function UsersSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const searchId = useId();
  const [q, setQ] = useState('');
  const users = useAdminUsers(useDebounced(q.trim(), SEARCH_DELAY_MS));
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <div className="admin-section__header">
        <h2 id={headingId} className="admin-section__title">
          {t('admin.users.title')}
        </h2>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={searchId}>
          {t('admin.users.search')}
        </label>
        <input id={searchId} className="input" type="search" value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      {users.isPending ? (
        <p className="status-text">{t('common.loading')}</p>
      ) : users.isError ? (
        <p className="error-text" role="alert">
          {t('admin.loadError')}
        </p>
      ) : users.data.items.length === 0 ? (
        <p className="status-text">{t('admin.users.empty')}</p>
      ) : (
        // A long list scrolls in its own box, so the contact messages stay within reach; the box
        // takes the focus so keyboard users can scroll it too.
        <div className="admin-scroll" role="region" aria-label={t('admin.users.list')} tabIndex={0}>
          <ul className="admin-list" aria-label={t('admin.users.list')} aria-busy={users.isPlaceholderData}>
            {users.data.items.map((user) => (
              <UserItem key={user.id} user={user} />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function UserItem({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const selectId = useId();
  const setStatus = useSetUserStatus();
  // Shows the choice at once; the list refetches with the stored status afterwards.
  const shown = setStatus.isPending ? setStatus.variables.status : user.status;
  return (
    <li className="admin-item admin-user" data-testid="admin-user">
      <div className="admin-user__who">
        <span className="admin-user__name">
          {user.displayName}
          {user.isAdmin && <span className="admin-tag">{t('admin.users.admin')}</span>}
        </span>
        <span className="admin-muted">{user.email}</span>
        <span className="admin-muted">{t('admin.users.tracks', { count: user.tracks })}</span>
      </div>
      <label className="visually-hidden" htmlFor={selectId}>
        {t('admin.users.status', { name: user.displayName })}
      </label>
      <select
        id={selectId}
        className="input admin-user__status"
        value={shown}
        disabled={setStatus.isPending}
        onChange={(event) => setStatus.mutate({ userId: user.id, status: event.target.value as Status })}
      >
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`admin.users.statuses.${status}`)}
          </option>
        ))}
      </select>
      {setStatus.isSuccess && (
        <p className="admin-user__saved" role="status">
          {t('admin.users.saved', { name: user.displayName, status: t(`admin.users.statuses.${setStatus.data.status}`) })}
        </p>
      )}
      {setStatus.isError && (
        <p className="error-text" role="alert">
          {t('admin.failed', { message: setStatus.error.message })}
        </p>
      )}
    </li>
  );
}
