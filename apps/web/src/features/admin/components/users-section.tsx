import { type AdminUser, USER_ROLES, type UserRole } from '@platter/shared';
import { STATUSES, type Status } from '@platter/shared/constants';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUsers } from '../api/get-users';
import { useSetUserRole } from '../api/set-user-role';
import { useSetUserStatus } from '../api/set-user-status';
import { useSetSuspended } from '../api/suspend-user';
import { formatMoment } from '../format';

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

/** Users found by email or name, a page at a time: their role, status, and suspension. */
export function UsersSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const searchId = useId();
  const [q, setQ] = useState('');
  const search = useDebounced(q.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was turned in: a new search starts at its first page.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const users = useAdminUsers(search, page);
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
        <>
          {/* A long list scrolls in its own box, so the sections below stay within reach; the box
              takes the focus so keyboard users can scroll it too. */}
          <div className="admin-scroll" role="region" aria-label={t('admin.users.list')} tabIndex={0}>
            <ul className="admin-list" aria-label={t('admin.users.list')} aria-busy={users.isPlaceholderData}>
              {users.data.items.map((user) => (
                <UserItem key={user.id} user={user} />
              ))}
            </ul>
          </div>
          <Pager page={page} hasMore={users.data.hasMore} onPage={setPage} label={t('admin.users.pages')} />
        </>
      )}
    </section>
  );
}

/** Previous and next page buttons, with the page number between. */
export function Pager({ page, hasMore, onPage, label }: { page: number; hasMore: boolean; onPage: (page: number) => void; label: string }) {
  const { t } = useTranslation();
  if (page === 1 && !hasMore) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="button button--secondary" disabled={page === 1} onClick={() => onPage(page - 1)}>
        {t('admin.previousPage')}
      </button>
      <span className="admin-muted">{t('admin.page', { page })}</span>
      <button type="button" className="button button--secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('admin.nextPage')}
      </button>
    </nav>
  );
}

function UserItem({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  const roleId = useId();
  const setStatus = useSetUserStatus();
  const setRole = useSetUserRole();
  const setSuspended = useSetSuspended();
  // Shows the choice at once; the list refetches with the stored value afterwards.
  const shown = setStatus.isPending ? setStatus.variables.status : user.status;
  const shownRole = setRole.isPending ? setRole.variables.role : user.role;
  const failure = [setStatus, setRole, setSuspended].find((m) => m.isError)?.error;
  return (
    <li className="admin-item admin-user" data-testid="admin-user">
      <div className="admin-user__who">
        <span className="admin-user__name">
          {user.displayName}
          {user.isAdmin && <span className="admin-tag">{t('admin.users.admin')}</span>}
          {user.suspendedAt && <span className="admin-tag admin-tag--danger">{t('admin.users.suspended')}</span>}
        </span>
        <span className="admin-muted">{user.email}</span>
        <span className="admin-muted">{t('admin.users.tracks', { count: user.tracks })}</span>
        {user.suspendedAt && (
          <span className="admin-muted">
            {t('admin.users.suspendedSince')} <time dateTime={user.suspendedAt}>{formatMoment(user.suspendedAt, i18n.language)}</time>
          </span>
        )}
      </div>
      <div className="admin-user__controls">
        <label className="visually-hidden" htmlFor={roleId}>
          {t('admin.users.role', { name: user.displayName })}
        </label>
        <select
          id={roleId}
          className="input admin-user__status"
          value={shownRole}
          // An admin named in ADMIN_EMAILS is one whatever is chosen here: the server says so too.
          disabled={setRole.isPending || user.adminByConfig}
          title={user.adminByConfig ? t('admin.users.adminByConfig') : undefined}
          onChange={(event) => setRole.mutate({ userId: user.id, role: event.target.value as UserRole })}
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin.users.roles.${role}`)}
            </option>
          ))}
        </select>
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
        {user.suspendedAt ? (
          <button type="button" className="button button--secondary" disabled={setSuspended.isPending} onClick={() => setSuspended.mutate({ userId: user.id, suspended: false })}>
            {t('admin.users.lift', { name: user.displayName })}
          </button>
        ) : (
          !user.isAdmin && (
            <button
              type="button"
              className="button button--secondary admin-user__suspend"
              disabled={setSuspended.isPending}
              onClick={() => {
                if (window.confirm(t('admin.users.confirmSuspend', { name: user.displayName }))) setSuspended.mutate({ userId: user.id, suspended: true });
              }}
            >
              {t('admin.users.suspend', { name: user.displayName })}
            </button>
          )
        )}
      </div>
      {setStatus.isSuccess && (
        <p className="admin-user__saved" role="status">
          {t('admin.users.saved', { name: user.displayName, status: t(`admin.users.statuses.${setStatus.data.status}`) })}
        </p>
      )}
      {setRole.isSuccess && (
        <p className="admin-user__saved" role="status">
          {t('admin.users.roleSaved', { name: user.displayName, role: t(`admin.users.roles.${setRole.data.role}`) })}
        </p>
      )}
      {setSuspended.isSuccess && (
        <p className="admin-user__saved" role="status">
          {t(setSuspended.data.suspendedAt ? 'admin.users.suspendedDone' : 'admin.users.liftedDone', { name: user.displayName })}
        </p>
      )}
      {failure && (
        <p className="error-text" role="alert">
          {t('admin.failed', { message: failure.message })}
        </p>
      )}
    </li>
  );
}
