import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  CONTACT_SUBJECT_MAX_LENGTH,
  type ContactMessageInput,
} from '@platter/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useSendContactMessage } from '../api/send-contact-message';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };
const FIELDS: readonly Field[] = ['name', 'email', 'subject', 'message'];

/**
 * The fields a 400 names. The server's validation message lists each problem as
 * `field: reason`, separated by '; ' (e.g. 'email: Enter a valid email address; message: Message is required').
 */
export function invalidFields(message: string): Field[] {
  return FIELDS.filter((field) => new RegExp(`(^|; )${field}: `).test(message));
}

/**
 * Name, email, optional subject and message. The browser checks what it can (required, the
 * email's shape, lengths); the server has the last word, and its message is shown as it is.
 * The fields keep what was typed whatever happens, so a refused message is never lost.
 */
export function ContactForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [values, setValues] = useState<Values>(EMPTY);
  const send = useSendContactMessage();

  const error = send.error;
  // The server's own reason for a refusal (400 validation, 429 too many) is worth showing as it is;
  // a lost connection or a server failure is ours to explain.
  const refusal = error instanceof ApiError && error.status >= 400 && error.status < 500;
  const errorText = error ? (refusal ? error.message : t('contact.failed')) : null;
  const invalid = error instanceof ApiError && error.status === 400 ? invalidFields(error.message) : [];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const input: ContactMessageInput = {
      name: values.name,
      email: values.email.trim(),
      message: values.message,
      ...(values.subject.trim() ? { subject: values.subject } : {}),
    };
    send.mutate(input, {
      onSuccess: () => onSent(input.email),
      // Take the visitor to the first field the server refused.
      onError: (refused) => {
        const first = refused instanceof ApiError && refused.status === 400 ? invalidFields(refused.message)[0] : undefined;
        if (first) document.getElementById(`${id}-${first}`)?.focus();
      },
    });
  };

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    'aria-invalid': invalid.includes(field) || undefined,
    'aria-describedby': invalid.includes(field) ? errorId : undefined,
  });

  return (
    <form className="contact-form" onSubmit={onSubmit} aria-label={t('contact.form')}>
      <p className="contact-form__note">{t('contact.required')}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-name`}>
          {t('contact.name')} <span aria-hidden="true">*</span>
        </label>
        <input {...fieldProps('name')} className="input" autoComplete="name" required maxLength={CONTACT_NAME_MAX_LENGTH} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {t('contact.email')} <span aria-hidden="true">*</span>
        </label>
        <input {...fieldProps('email')} className="input" type="email" autoComplete="email" required maxLength={254} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-subject`}>
          {t('contact.subject')}
        </label>
        <input {...fieldProps('subject')} className="input" maxLength={CONTACT_SUBJECT_MAX_LENGTH} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          {t('contact.message')} <span aria-hidden="true">*</span>
        </label>
        <textarea {...fieldProps('message')} className="input contact-form__message" rows={7} required maxLength={CONTACT_MESSAGE_MAX_LENGTH} />
      </div>
      {errorText && (
        <p id={errorId} className="error-text" role="alert">
          {errorText}
        </p>
      )}
      <button type="submit" className="button button--primary contact-form__send" disabled={send.isPending}>
        {send.isPending ? t('contact.sending') : t('contact.send')}
      </button>
    </form>
  );
}
